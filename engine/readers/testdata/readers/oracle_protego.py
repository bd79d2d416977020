"""Runs the real Protego (Debian's python3-protego) for reader_libs_diff_test.go.

Runs under Debian's /usr/bin/python3, which has the package. Reads a JSON
batch on stdin, [{"body": base64, "tests": [[agent, url], ...]}], and
writes [[state, 0], ...] per file, state "allow", "block" or "fail". The
body is decoded as Scrapy's ProtegoRobotParser decodes a fetched file
(scrapy/robotstxt.py, decode_robotstxt: UTF-8, bad bytes dropped), then
Protego.parse(body).can_fetch(url, agent). "fail" is an exception: from
parse (the whole file) or from can_fetch (one URL).
"""
import base64
import json
import sys

import protego


def main():
    out = []
    for f in json.load(sys.stdin):
        answers = []
        try:
            rp = protego.Protego.parse(base64.b64decode(f["body"]).decode("utf-8", errors="ignore"))
        except ValueError:
            rp = None
        for agent, url in f["tests"]:
            if rp is None:
                answers.append(["fail", 0])
                continue
            try:
                allowed = rp.can_fetch(url, agent)
            except ValueError:
                answers.append(["fail", 0])
                continue
            answers.append(["allow" if allowed else "block", 0])
        out.append(answers)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    sys.stderr.write("python %s, protego from %s\n" % (sys.version.split()[0], protego.__file__))
    main()
