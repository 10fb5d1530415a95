# A real JavaScript client: js/test_idtypes_pg.js runs against a server with
# node-postgres and the adapters of js/idtypes_pg.js, and each of its
# "ok - ..." / "not ok - ..." lines becomes an assertion here.
#
# node and npm are the machine's (Node.js ships npm; Debian's separate npm
# package is not needed); the packages are those of js/package-lock.json,
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
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $jsdir = getcwd() . '/js';

my ($out, $err) = ('', '');
for my $tool (qw(node npm))
{
	plan skip_all => "$tool is not installed"
	  unless eval { IPC::Run::run([ $tool, '--version' ], '>', \$out, '2>', \$err) };
}
chomp(my $node_version = `node --version`);

# the locked packages, in this test's directory
my $npmdir = "$PostgreSQL::Test::Utils::tmp_check/npm_pg";
mkdir $npmdir;
copy("$jsdir/$_", "$npmdir/$_") or die "copy $_: $!" for qw(package.json package-lock.json);
($out, $err) = ('', '');
my $installed = IPC::Run::run(
	[ 'npm', 'ci', '--no-audit', '--no-fund', '--ignore-scripts' ],
	'>', \$out, '2>', \$err,
	init => sub { chdir $npmdir or die "chdir $npmdir: $!" });
plan skip_all => "npm ci could not install the locked packages: " . (split /\n/, $err)[-1]
  unless $installed;
note("node $node_version; " . join(', ',
	map { my $v = `node -p "require('$npmdir/node_modules/$_/package.json').version"`; chomp $v; "$_ $v" }
	  qw(pg ulid uuid)));

my $node = PostgreSQL::Test::Cluster->new('node_pg');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$node->start;

client_checks(
	label => 'node-postgres',
	cmd => [ 'node', "$jsdir/test_idtypes_pg.js" ],
	env => {
		NODE_PATH => "$npmdir/node_modules",
		PGHOST => $node->host,
		PGPORT => $node->port,
		PGDATABASE => 'postgres',
		PGUSER => scalar getpwuid($>),
	});

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
	env => { NODE_PATH => "$npmdir/node_modules" });

$node->stop;
done_testing();
