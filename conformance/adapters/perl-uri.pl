#!/usr/bin/env perl
# Conformance adapter for Perl's URI module (docs/conformance.md). URI->new
# never rejects a string (it escapes what it cannot keep), so every
# reference is reported valid. Parse mode: URI->new and its accessors;
# resolve mode: URI->new_abs(ref, base); normalize mode: canonical.
use strict;
use warnings;
use URI;
use JSON::PP;

my $mode = $ENV{RFC2396_CONFORMANCE_MODE} // "parse";
exit 3 unless $mode =~ /^(parse|resolve|normalize)$/;
binmode STDIN;
binmode STDOUT;
$| = 0;
my $json = JSON::PP->new->canonical->ascii;
while (my $line = <STDIN>) {
    chomp $line;
    my $a;
    if ($mode eq "parse") {
        my $u = URI->new($line);
        my $auth = $u->can("authority") ? $u->authority : undef;
        $a = {
            valid     => JSON::PP::true,
            scheme    => $u->scheme,
            authority => $auth,
            userinfo  => $u->can("userinfo") ? $u->userinfo : undef,
            host      => (defined $auth && $u->can("host")) ? $u->host : undef,
            port      => (defined $auth && $u->can("_port")) ? $u->_port : undef,
            path      => $u->can("path") ? $u->path : $u->opaque,
            query     => $u->can("query") ? $u->query : undef,
            fragment  => $u->fragment,
        };
    } elsif ($mode eq "resolve") {
        my ($base, $ref) = split /\t/, $line, 2;
        $a = { result => URI->new_abs($ref // "", $base)->as_string };
    } else {
        $a = { result => URI->new($line)->canonical->as_string };
    }
    print $json->encode($a), "\n";
}
