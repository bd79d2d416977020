"""Probes CPython's str.lower() for reader_case_test.go.

Writes, as JSON, what the python reader's lower-casing must reproduce
(Objects/unicodeobject.c: lower_ucs4, handle_capital_sigma):
  "version": sys.version and unicodedata.unidata_version;
  "lower": {code point: [code points]} for every character that str.lower()
      changes;
  "ignorable": ranges of the Case_Ignorable characters, and "cased": ranges
      of the characters that are Cased and not Case_Ignorable, both read
      from where U+03A3 becomes a final sigma: "A\u03a3" + c ends a word
      when c is case-ignorable or not cased, "A" + c + "\u03a3" when c is
      case-ignorable or cased. (A character that is both only ever counts
      as case-ignorable there.)
Surrogates are left out: the readers only see decoded UTF-8.
"""
import json
import sys
import unicodedata

SIGMA, FINAL = "\u03a3", "\u03c2"


def ranges(xs):
    out = []
    for x in xs:
        if out and out[-1][1] == x - 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return out


def main():
    lower, ignorable, cased = {}, [], []
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF:
            continue
        ch = chr(c)
        low = ch.lower()
        if low != ch:
            lower[c] = [ord(x) for x in low]
        after = ("A" + SIGMA + ch).lower()[1] == FINAL
        before = ("A" + ch + SIGMA).lower()[-1] == FINAL
        if after and before:
            ignorable.append(c)
        elif before:
            cased.append(c)
    json.dump({
        "version": "CPython %s, Unicode %s" % (sys.version.split()[0], unicodedata.unidata_version),
        "lower": lower,
        "ignorable": ranges(ignorable),
        "cased": ranges(cased),
    }, sys.stdout)


if __name__ == "__main__":
    main()
