package readers

// The yandex reader: Yandex's published robots.txt rules, in Yandex
// Webmaster's help (https://yandex.com/support/webmaster/robot-workings/,
// the pages named below). Yandex publishes no parser; where its pages are
// silent, RFC 9309 applies (the rfc9309 reader).
//
//   - Group choice (robot-workings/user-agent): a group naming the robot
//     itself (YandexBot) is used alone; failing that, groups naming
//     "Yandex" (case does not matter), which every Yandex robot reads;
//     failing that "*"; with none of them the robot may fetch everything.
//   - Rules (robot-workings/allow-disallow, "Combining directives"): the
//     Allow and Disallow rules of the group are sorted by prefix length,
//     shortest first, and the last one that matches wins, so the longest
//     match decides whatever the order in the file; when an Allow and a
//     Disallow of the same length both match, the Allow wins.
//   - "Allow and Disallow directives without parameters": an empty
//     Disallow is read as "Allow: /"; an empty Allow is ignored.
//   - "Using the special characters * and $" (robot-workings/allow-disallow):
//     '*' is any run of characters, '$' ends a pattern, and a pattern is a
//     prefix otherwise.
//   - Clean-param (robot-workings/clean-param) tells Yandex which query
//     parameters do not change a page; it blocks nothing, and only Yandex
//     reads it: the portability findings show it.
var yandexRules = &docRules{id: "yandex", name: "Yandex", yandex: true, decodeUnreserved: true, robotsTxtAllowed: true}
