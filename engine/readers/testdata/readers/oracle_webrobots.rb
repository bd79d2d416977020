# Runs the real webrobots (Debian's ruby-webrobots) for
# reader_libs_diff_test.go: reads a JSON batch on stdin,
# [{"body": base64, "tests": [[agent, url], ...]}, ...], and writes
# [[state, 0], ...] per file, state "allow", "block" or "fail" (allowed?
# raises). Each test is WebRobots.new(agent, http_get: ->(uri) { body })
# .allowed?(url): the body as Net::HTTP returns it, binary, whatever the
# robots.txt URL webrobots asks for.
require 'json'
require 'base64'
require 'webrobots'

out = []
JSON.parse($stdin.read).each do |file|
  body = Base64.decode64(file['body']).force_encoding(Encoding::ASCII_8BIT)
  # One WebRobots per agent, as a crawler keeps one: it caches the parsed
  # file by site, and every site gets the same body, so this answers as a
  # new WebRobots per test would (a file that raises is read again).
  by_agent = {}
  answers = file['tests'].map do |agent, url|
    robots = (by_agent[agent] ||= WebRobots.new(agent, http_get: ->(_uri) { body.dup }, crawl_delay: :ignore))
    begin
      [robots.allowed?(url) ? 'allow' : 'block', 0]
    rescue StandardError
      ['fail', 0]
    end
  end
  out << answers
end
$stdout.write(JSON.generate(out))
$stdout.write("\n")
