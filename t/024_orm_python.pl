# The Python ORMs: clients/python/test_idtypes_sqlalchemy.py (SQLAlchemy 2.0 and
# Alembic, with the column types of clients/python/idtypes_sqlalchemy.py) and
# clients/python/test_idtypes_django.py (Django 5, with the model fields of
# clients/python/idtypes_django.py) run against a server, each of their "ok - ..." /
# "not ok - ..." lines becoming an assertion here; then the Python examples
# of doc/orm.md, with idtypes and with the companion's core-type defaults.
#
# The libraries are Debian's (python3-sqlalchemy, python3-alembic,
# python3-django), which Debian 13 packages in these versions: tools/common.sh
# installs them for PostgreSQL 17 only, the version of the matrix on Debian
# 13, so that the ORM tests run once per CI run.  Against another version the
# test is skipped and says so (IDTYPES_ORM=yes runs it on any version that has
# the libraries); a library that is missing or too old is a skip with its
# name and version, never a pass.
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
my $env = { PYTHONPATH => $pydir, PYTHONDONTWRITEBYTECODE => 1 };

my $node = PostgreSQL::Test::Cluster->new('orm_python');
my $major = $node->pg_version->major;
plan skip_all => "the ORM tests run against PostgreSQL 17 (Debian 13 packages the ORMs), "
  . "not $major; IDTYPES_ORM=yes runs them here"
  unless $major == 17 || ($ENV{IDTYPES_ORM} // '') eq 'yes';

# version TEXT of a Python module, or undef
sub module_version
{
	my ($module) = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run([ $python, '-c', "import $module; print($module.__version__)" ],
		'>', \$out, '2>', \$err)
	  or return undef;
	chomp $out;
	return $out;
}
my %version = map { $_ => module_version($_) } qw(psycopg sqlalchemy alembic django);
my $sqlalchemy = defined $version{sqlalchemy} && $version{sqlalchemy} =~ /^2\./
  && defined $version{alembic} && defined $version{psycopg};
my $django = defined $version{django} && $version{django} =~ /^(\d+)\./ && $1 >= 5
  && defined $version{psycopg};
plan skip_all => "no SQLAlchemy 2 with Alembic, and no Django 5, for $python: "
  . join(', ', map { "$_ " . ($version{$_} // 'missing') } sort keys %version)
  unless $sqlalchemy || $django;
note(join(', ', map { "$_ " . ($version{$_} // 'missing') } sort keys %version));

start_preloaded($node);
my %pg = client_env($node);
# the companion beside it, for doc/orm.md's examples on the companion
# (installed with idtypes by tools/common.sh's build_install)
$node->safe_psql('postgres', 'CREATE SCHEMA idtypes_sql; CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql');

SKIP:
{
	skip "SQLAlchemy 2 with Alembic is not installed for $python (sqlalchemy "
	  . ($version{sqlalchemy} // 'missing') . ", alembic " . ($version{alembic} // 'missing') . ")", 1
	  unless $sqlalchemy;
	client_checks(
		label => "SQLAlchemy $version{sqlalchemy}",
		cmd => [ $python, "$pydir/test_idtypes_sqlalchemy.py", $node->connstr('postgres') ],
		env => $env);
	run_doc_examples(
		node => $node,
		label => 'SQLAlchemy',
		doc => 'doc/orm.md',
		lang => 'python',
		variant => 'sqlalchemy',
		dir => $PostgreSQL::Test::Utils::tmp_check,
		ext => 'py',
		cmd => [$python],
		env => $env);
	run_doc_examples(
		node => $node,
		label => 'SQLAlchemy on the companion',
		doc => 'doc/orm.md',
		lang => 'python',
		variant => 'sqlalchemy-companion',
		dir => $PostgreSQL::Test::Utils::tmp_check,
		ext => 'py',
		cmd => [$python],
		env => $env);
}

SKIP:
{
	skip "Django 5 is not installed for $python (django " . ($version{django} // 'missing') . ")", 1
	  unless $django;
	$node->safe_psql('postgres', 'CREATE DATABASE django');
	my $workdir = "$PostgreSQL::Test::Utils::tmp_check/django";
	mkdir $workdir;
	client_checks(
		label => "Django $version{django}",
		cmd => [ $python, "$pydir/test_idtypes_django.py", $workdir ],
		env => { %$env, %pg, PGDATABASE => 'django' });
	my $docdir = "$PostgreSQL::Test::Utils::tmp_check/django_doc";
	mkdir $docdir;
	run_doc_examples(
		node => $node,
		label => 'Django',
		doc => 'doc/orm.md',
		lang => 'python',
		variant => 'django',
		dir => $docdir,
		ext => 'py',
		cmd => [$python],
		env => $env);
	run_doc_examples(
		node => $node,
		label => 'Django on the companion',
		doc => 'doc/orm.md',
		lang => 'python',
		variant => 'django-companion',
		dir => $docdir,
		ext => 'py',
		cmd => [$python],
		env => $env);
}

$node->stop;
done_testing();
