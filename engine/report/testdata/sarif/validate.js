// Validates the SARIF logs named on the command line against the SARIF
// 2.1.0 JSON schema (final release, 2.1.0-rtm.5) with ajv, a JSON schema
// validator; prints each error and exits 1 when any log is invalid.
"use strict";
const fs = require("fs");
const Ajv = require("ajv");
const schema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");

const ajv = new Ajv({ allErrors: true, schemaId: "auto" });
ajv.addMetaSchema(require("ajv/lib/refs/json-schema-draft-04.json"));
const validate = ajv.compile(schema);
let failed = false;
for (const file of process.argv.slice(2)) {
  if (!validate(JSON.parse(fs.readFileSync(file, "utf8")))) {
    failed = true;
    for (const e of validate.errors) console.log(`${file}: ${e.dataPath} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
process.exit(failed ? 1 : 0);
