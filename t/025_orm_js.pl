# The JavaScript ORMs: clients/js/test_idtypes_orm.js runs Drizzle (with the column
# types of clients/js/idtypes_drizzle.js), Knex, Sequelize and TypeORM against a
# server, each of its "ok - ..." / "not ok - ..." lines becoming an
# assertion here; then the JavaScript examples of doc/orm.md.
#
# The packages are those of clients/js/orm/package-lock.json, installed with "npm ci"
# into this test's own directory, with Debian's node and npm, which
# tools/common.sh installs for PostgreSQL 17 only (the version of the matrix
# on Debian 13), so that the ORM tests run once per CI run.  Against another
# version the test is skipped and says so (IDTYPES_ORM=yes runs it on any
# version); without node or npm, or when npm cannot install the locked
# packages (no registry), it is skipped and says why.
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

my $node = PostgreSQL::Test::Cluster->new('orm_js');
my $major = $node->pg_version->major;
plan skip_all => "the ORM tests run against PostgreSQL 17 (Debian 13 packages node and npm for them), "
  . "not $major; IDTYPES_ORM=yes runs them here"
  unless $major == 17 || ($ENV{IDTYPES_ORM} // '') eq 'yes';

# the locked packages, in this test's directory
my $modules = npm_packages(name => 'npm_orm', from => "$jsdir/orm", npm => ['--fetch-retries=1'],
	show => [qw(drizzle-orm drizzle-kit knex sequelize typeorm pg)]);

start_preloaded($node);
# the companion beside it, for doc/orm.md's example on the companion
# (installed with idtypes by tools/common.sh's build_install)
$node->safe_psql('postgres', 'CREATE SCHEMA idtypes_sql; CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql');

my $workdir = "$PostgreSQL::Test::Utils::tmp_check/orm_workdir";
mkdir $workdir;
client_checks(
	label => 'JavaScript ORMs',
	cmd => [ 'node', "$jsdir/test_idtypes_orm.js" ],
	env => { NODE_PATH => $modules, client_env($node), ORM_WORKDIR => $workdir });

# the examples of doc/orm.md, with the adapters next to them
my $exdir = "$PostgreSQL::Test::Utils::tmp_check/orm_examples";
mkdir $exdir;
copy("$jsdir/$_", "$exdir/$_") or die "copy $_: $!" for qw(idtypes_pg.js idtypes_drizzle.js);
for my $orm (qw(drizzle knex sequelize typeorm drizzle-companion))
{
	run_doc_examples(
		node => $node,
		label => $orm,
		doc => 'doc/orm.md',
		lang => 'js',
		variant => $orm,
		dir => $exdir,
		ext => 'js',
		cmd => ['node'],
		env => { NODE_PATH => $modules });
}

$node->stop;
done_testing();
