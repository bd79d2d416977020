"""Runs the real urllib.robotparser for reader_diff_test.go.

Reads a JSON batch on stdin, [{"body": base64, "tests": [[agent, url], ...]}],
and writes [[state, 0], ...] per file, state "allow", "block" or "fail".
The body goes through what RobotFileParser.read() does with a fetched
file: decode("utf-8") (strict), splitlines(), parse(). "fail" is an
exception: UnicodeDecodeError or ValueError from parse() (the whole file),
or ValueError from can_fetch (one URL).
"""
import base64
import json
import sys
import urllib.robotparser


def main():
    out = []
    for f in json.load(sys.stdin):
        answers = []
        rp = urllib.robotparser.RobotFileParser()
        try:
            rp.parse(base64.b64decode(f["body"]).decode("utf-8").splitlines())
            ok = True
        except (UnicodeDecodeError, ValueError):
            ok = False
        for agent, url in f["tests"]:
            if not ok:
                answers.append(["fail", 0])
                continue
            try:
                allowed = rp.can_fetch(agent, url)
            except ValueError:
                answers.append(["fail", 0])
                continue
            answers.append(["allow" if allowed else "block", 0])
        out.append(answers)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    sys.stderr.write("python %s\n" % sys.version.split()[0])
    main()
