# Runs the real WWW::RobotRules (Debian's libwww-robotrules-perl) for
# reader_libs_diff_test.go: reads a JSON batch on stdin,
# [{"body": base64, "tests": [[agent, url], ...]}, ...], and writes
# [[state, 0], ...] per file, state "allow", "block" or "fail" (a die).
# Each test follows LWP::RobotUA's order: WWW::RobotRules->new(agent);
# allowed(url); when that says the rules are stale (-1), parse() with the
# robots.txt URL RobotUA makes (the URL with path "robots.txt" and no
# query) and the body as octets, then allowed(url) again. The agent and
# URL are passed as UTF-8 octets.
use strict;
use warnings;
no warnings 'utf8';
use JSON::PP;
use MIME::Base64;
use URI;
use WWW::RobotRules;

# JSON::PP, the JSON of Perl's core, reads a string a character at a
# time: decoding the corpus batch, bodies and all, took it 9 s (0.3 s with
# the bodies out). Base64 holds no quote or backslash, and inside a JSON
# string every quote is escaped, so the pattern below meets only the
# "body" keys: it takes each body out as it is and leaves the key holding
# the body's index.
local $/;
my $input = <STDIN>;
my @bodies;
$input =~ s/"body":"([A-Za-z0-9+\/=]*)"/push @bodies, $1; "\"body\":$#bodies"/ge;
my $batch = JSON::PP->new->utf8->decode($input);
my @out;
for my $file (@$batch) {
    my $body = decode_base64($bodies[$file->{body}]);
    my @answers;
    my %parsed;
    for my $t (@{$file->{tests}}) {
        my ($agent, $url) = @$t;
        utf8::encode($agent);
        utf8::encode($url);
        my $state = eval {
            local $SIG{__WARN__} = sub {};
            my $rules = WWW::RobotRules->new($agent);
            my $allowed = $rules->allowed($url);
            if ($allowed < 0) {
                my $robots = URI->new($url)->clone;
                $robots->path("robots.txt");
                $robots->query(undef);
                # The rules parsed from this robots.txt URL for this agent
                # are kept, as RobotUA keeps them; a parse depends on
                # nothing else.
                my $key = "$agent\0$robots";
                unless ($parsed{$key}) {
                    $rules->parse($robots, $body);
                    $parsed{$key} = $rules;
                }
                $allowed = $parsed{$key}->allowed($url);
            }
            $allowed ? "allow" : "block";
        };
        push @answers, [defined $state ? $state : "fail", 0];
    }
    push @out, \@answers;
}
print JSON::PP->new->encode(\@out), "\n";
