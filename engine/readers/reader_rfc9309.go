package readers

// The rfc9309 reader: RFC 9309, the Robots Exclusion Protocol
// (https://www.rfc-editor.org/rfc/rfc9309), read strictly: what its ABNF
// (§2.2) does not produce is a line a crawler ignores, and only the three
// rule keys it defines are read.
//
//   - Lines end at CR, LF or CRLF; '#' starts a comment; only space and tab
//     are whitespace (§2.2, EOL, WS, comment). A byte-order mark is not in
//     the grammar, so it spoils the first line.
//   - "user-agent", "allow" and "disallow" are the only keys, matched
//     case-insensitively as ABNF strings are (RFC 5234 §2.3); the colon is
//     required; no misspelling is accepted.
//   - A user-agent value is a product token of letters, '-' and '_', or
//     "*" (§2.2.1, product-token); anything else ("Googlebot/2.1") is not a
//     user-agent line. A crawler finds its group by comparing its product
//     token case-insensitively; all groups naming it are combined; failing
//     that the "*" groups apply; failing that no rule applies (§2.2.1).
//   - A rule's path must start with "/" (§2.2.2, path-pattern); an empty
//     rule matches nothing; rules before the first user-agent line belong
//     to no group and are ignored (§2.2, group).
//   - Before matching, non-ASCII characters are percent-encoded as UTF-8
//     and percent-encoded unreserved characters are decoded (§2.2.2, and
//     RFC 3986 §2.3 and §6.2.2.1 for the hex case); '*' is any run and '$'
//     ends the pattern (§2.2.3).
//   - The match with the most octets wins; on an equal match the Allow
//     (§2.2.2, "SHOULD"). /robots.txt is always allowed (§2.2.2).
var rfc9309Rules = &docRules{id: "rfc9309", name: "RFC 9309", decodeUnreserved: true, robotsTxtAllowed: true}
