# A real asyncpg client: clients/python/test_idtypes_asyncpg.py runs against a server
# with asyncpg and the codecs of clients/python/idtypes_asyncpg.py (binary, then
# text), and each of its "ok - ..." / "not ok - ..." lines becomes an
# assertion here.  The client is Debian's python3 with python3-asyncpg
# (IDTYPES_PYTHON, set by tools/common.sh); without asyncpg the test is
# skipped and says why.
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
plan skip_all => "asyncpg is not installed for $python (Debian: python3-asyncpg)"
  unless eval {
	IPC::Run::run([ $python, '-c', 'import asyncpg; print(asyncpg.__version__)' ],
		'>', \$out, '2>', \$err);
  };
chomp $out;
note("asyncpg $out");

my $node = start_preloaded(PostgreSQL::Test::Cluster->new('asyncpg'));

client_checks(
	label => 'asyncpg',
	cmd => [ $python, "$pydir/test_idtypes_asyncpg.py", $node->host, $node->port, scalar getpwuid($>) ],
	env => { PYTHONPATH => $pydir, PYTHONDONTWRITEBYTECODE => 1 });

# the examples of doc/clients.md
run_doc_examples(
	node => $node,
	label => 'asyncpg',
	lang => 'python',
	variant => 'asyncpg',
	dir => $PostgreSQL::Test::Utils::tmp_check,
	ext => 'py',
	cmd => [$python],
	env => { PYTHONPATH => $pydir, PYTHONDONTWRITEBYTECODE => 1 });

$node->stop;
done_testing();
