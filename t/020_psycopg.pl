# A real client: clients/python/test_idtypes_psycopg.py runs against a server with
# psycopg 3 and the adapters of clients/python/idtypes_psycopg.py, and each of its
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
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $python = $ENV{IDTYPES_PYTHON} // 'python3';
my $pydir = getcwd() . '/clients/python';

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

my $node = start_preloaded(PostgreSQL::Test::Cluster->new('psycopg'));

client_checks(
	label => 'client',
	cmd => [ $python, "$pydir/test_idtypes_psycopg.py", $node->connstr('postgres') ],
	env => { PYTHONPATH => $pydir, PYTHONDONTWRITEBYTECODE => 1 });

# the examples of doc/clients.md
run_doc_examples(
	node => $node,
	label => 'psycopg',
	lang => 'python',
	variant => 'psycopg',
	dir => $PostgreSQL::Test::Utils::tmp_check,
	ext => 'py',
	cmd => [$python],
	env => { PYTHONPATH => $pydir, PYTHONDONTWRITEBYTECODE => 1 });

$node->stop;
done_testing();
