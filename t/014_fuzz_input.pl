# Every input path of the types fuzzed inside a server (t/fuzz_input.py):
# for each type of the extension's own (IdtypesTest's byte_schemes, from
# src/scheme.h), 100000 text inputs (half in a
# UTF8 database, half in a SQL_ASCII one, where any byte but NUL is text),
# 50000 binary ones through the receive function and 10000 through the cast
# from bytea; 20000 each for uuid464_decode() and tid62_split().  Every
# accepted input decodes as the reference decoders do (or, for a type
# without one, as its own output says), every rejected one
# fails with 22P02 or 22P03 and the message that names the input, and the
# server never crashes.
#
# IDTYPES_FUZZ_COUNT sets the number of text inputs per type (a longer run),
# IDTYPES_FUZZ_SEED the seed (the default is fixed, so that a failure can be
# reproduced).
use strict;
use warnings;
use FindBin;
use IPC::Run;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# the system's Python 3 with psycopg (Debian package python3-psycopg)
my ($python) = grep { system($_, '-c', 'import psycopg') == 0 }
  grep { -x $_ } ('/usr/bin/python3', '/usr/local/bin/python3');
plan skip_all => 'python3 with psycopg is not installed' unless $python;

my $count = $ENV{IDTYPES_FUZZ_COUNT} // 100000;
my $seed = $ENV{IDTYPES_FUZZ_SEED} // 20260722;

my $node = PostgreSQL::Test::Cluster->new('fuzz_input');
$node->init;
# the rejected inputs are not logged (LOG ranks above ERROR here), a
# crashed process would be
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nlog_min_messages = log\nlog_statement = none");
$node->start;
$node->safe_psql('postgres', q{
	CREATE DATABASE fuzz_utf8 ENCODING 'UTF8' TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C';
	CREATE DATABASE fuzz_ascii ENCODING 'SQL_ASCII' TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C';
});
$node->safe_psql($_, 'CREATE EXTENSION idtypes') for ('fuzz_utf8', 'fuzz_ascii');

my ($stdout, $stderr);
my $ok = IPC::Run::run(
	[
		$python, "$FindBin::RealBin/fuzz_input.py",
		'--utf8', $node->connstr('fuzz_utf8'),
		'--ascii', $node->connstr('fuzz_ascii'),
		'--count', $count, '--seed', $seed,
		map { ('--type', "$_->{type}:$_->{bytes}") } byte_schemes()
	],
	'>', \$stdout, '2>', \$stderr);
note($stdout);
is($stderr, '', 'the fuzzer ran without a problem of its own');
ok($ok, 'the fuzzer found no failure') or diag($stdout);
like($stdout, qr/^0 failures$/m, 'zero failures');

my %min = (
	'text input' => $count, 'binary receive' => $count / 2, 'cast from bytea' => $count / 10);
foreach my $type (map { $_->{type} } byte_schemes())
{
	foreach my $path (sort keys %min)
	{
		my ($n, $valid, $rejected) = $stdout =~ /^$type $path(?: \([^)]*\))?: (\d+) inputs, (\d+) valid, (\d+) rejected$/m;
		ok(defined $n && $n >= $min{$path} && $valid > $n / 10 && $rejected > $n / 10,
			"$type, $path: " . ($n // 0) . ' inputs, both valid and invalid ones');
	}
}
foreach my $fn ('uuid464', 'a prefixed tid62')
{
	my ($n) = $stdout =~ /^$fn text input: (\d+) inputs/m;
	cmp_ok($n // 0, '>=', $count / 5, "$fn: " . ($n // 0) . ' inputs');
}

# the server is alive and never restarted
is($node->safe_psql('postgres', 'SELECT 1'), '1', 'the server is up');
ok(!$node->log_contains('terminated by signal|was terminated|server process .* exited'),
	'no server process crashed');
$node->stop;

done_testing();
