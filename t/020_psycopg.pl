# A real client: python/test_idtypes_psycopg.py runs against a server with
# psycopg 3 and the adapters of python/idtypes_psycopg.py, and each of its
# "ok - ..." / "not ok - ..." lines becomes an assertion here.
#
# The client is Debian's python3 with python3-psycopg, which tools/common.sh
# installs; IDTYPES_PYTHON (set by tools/test.sh) names that interpreter.  Run
# from tools/test.sh, a missing psycopg is a failure, unless the release has
# no python3-psycopg (Debian 11), which tools/common.sh then names in
# IDTYPES_UNAVAILABLE; run by hand without it, the test is skipped.
use strict;
use warnings;
use Cwd qw(getcwd);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $python = $ENV{IDTYPES_PYTHON} // 'python3';
my $pydir = getcwd() . '/python';

my ($out, $err) = ('', '');
my $have_psycopg =
  eval { IPC::Run::run([ $python, '-c', 'import psycopg' ], '>', \$out, '2>', \$err) };
if (!$have_psycopg && (" " . ($ENV{IDTYPES_UNAVAILABLE} // "") . " ") =~ / python3-psycopg /)
{
	plan skip_all => "psycopg 3 is not packaged for this Debian release (no python3-psycopg)";
}
if (!$have_psycopg && !defined $ENV{IDTYPES_PYTHON})
{
	plan skip_all => "psycopg 3 is not installed for $python";
}
ok($have_psycopg, "psycopg 3 is installed for $python") or diag($err);

my $node = PostgreSQL::Test::Cluster->new('psycopg');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$node->start;

my $connstr = $node->connstr('postgres');
($out, $err) = ('', '');
my $ran = IPC::Run::run(
	[ $python, "$pydir/test_idtypes_psycopg.py", $connstr ],
	'>', \$out, '2>', \$err,
	init => sub { $ENV{PYTHONPATH} = $pydir; $ENV{PYTHONDONTWRITEBYTECODE} = 1 });

my ($checks, $counted) = (0, undef);
for my $line (split /\n/, $out)
{
	if ($line =~ /^ok - (.*)$/)
	{
		pass("client: $1");
		$checks++;
	}
	elsif ($line =~ /^not ok - (.*)$/)
	{
		fail("client: $1");
		$checks++;
	}
	elsif ($line =~ /^ran (\d+) checks$/)
	{
		$counted = $1;
	}
	else
	{
		diag("client: $line");
	}
}
diag("client stderr: $err") if $err ne '';
ok($ran, 'the client exits with status 0');
# the client counts the checks it made and prints the count at its end: a
# client cut short (a crash shows as a failed check of its own) prints none
cmp_ok($checks, '>', 0, 'the client made checks');
is($counted, $checks, "the client ran to its end, and each of its $checks checks is counted here");

$node->stop;
done_testing();
