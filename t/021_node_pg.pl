# A real JavaScript client: clients/js/test_idtypes_pg.js runs against a server with
# node-postgres and the adapters of clients/js/idtypes_pg.js, and each of its
# "ok - ..." / "not ok - ..." lines becomes an assertion here.
#
# node and npm are the machine's (Node.js ships npm; Debian's separate npm
# package is not needed); the packages are those of clients/js/package-lock.json,
# installed with "npm ci" into this test's own directory, never globally.
# Without node or npm, or when npm cannot install the locked packages (no
# registry), the test is skipped and says why.
use strict;
use warnings;
use Cwd qw(getcwd);
use File::Copy qw(copy);
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $jsdir = getcwd() . '/clients/js';

# the locked packages, in this test's directory
my $modules = npm_packages(name => 'npm_pg', from => $jsdir, show => [qw(pg ulid uuid)]);

my $node = start_preloaded(PostgreSQL::Test::Cluster->new('node_pg'));

client_checks(
	label => 'node-postgres',
	cmd => [ 'node', "$jsdir/test_idtypes_pg.js" ],
	env => { NODE_PATH => $modules, client_env($node) });

# the examples of doc/clients.md, with the adapter next to them
my $exdir = "$PostgreSQL::Test::Utils::tmp_check/node_examples";
mkdir $exdir;
copy("$jsdir/idtypes_pg.js", "$exdir/idtypes_pg.js") or die "copy: $!";
run_doc_examples(
	node => $node,
	label => 'node-postgres',
	lang => 'js',
	dir => $exdir,
	ext => 'js',
	cmd => ['node'],
	env => { NODE_PATH => $modules });

$node->stop;
done_testing();
