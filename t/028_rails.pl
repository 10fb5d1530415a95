# Rails: clients/ruby/test_idtypes_activerecord.rb (ActiveRecord's
# PostgreSQL adapter with the types of clients/ruby/idtypes_activerecord.rb)
# runs against a server, each of its "ok - ..." / "not ok - ..." lines
# becoming an assertion here; then the Ruby examples of doc/orm.md.
#
# The libraries are Debian's (ruby-activerecord, ruby-pg): Debian 13
# packages ActiveRecord 7.2, which tools/common.sh installs for PostgreSQL 17
# only, the version of the matrix on Debian 13, so that the test runs once
# per CI run (Debian 12 has 6.1, past its end of life).  Against another
# version the test is skipped and says so (IDTYPES_ORM=yes runs it on any
# version that has the libraries); a library that is missing or older than
# 7.1 is a skip with its name and version, never a pass.
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

my $rubydir = getcwd() . '/clients/ruby';

my $node = PostgreSQL::Test::Cluster->new('rails');
my $major = $node->pg_version->major;
plan skip_all => "the Rails test runs against PostgreSQL 17 (Debian 13 packages ActiveRecord 7.2), "
  . "not $major; IDTYPES_ORM=yes runs it here"
  unless $major == 17 || ($ENV{IDTYPES_ORM} // '') eq 'yes';

my ($out, $err) = ('', '');
my $found = eval {
	IPC::Run::run([ 'ruby', '-e', 'require "active_record"; require "pg"; puts ActiveRecord.version, PG::VERSION, RUBY_VERSION' ],
		'>', \$out, '2>', \$err);
};
my ($activerecord, $pg, $ruby) = split /\n/, $out;
plan skip_all => 'no Ruby with ActiveRecord and ruby-pg (Debian: ruby-activerecord, ruby-pg): '
  . ($found ? '' : 'ruby is not installed') . (grep { /\S/ } split /\n/, $err)[-1] // ''
  unless $found && defined $pg;
plan skip_all => "ActiveRecord $activerecord is older than 7.1"
  unless $activerecord =~ /^(\d+)\.(\d+)/ && ($1 > 7 || ($1 == 7 && $2 >= 1));
note("ActiveRecord $activerecord, ruby-pg $pg, Ruby $ruby");

start_preloaded($node);
my %pg = client_env($node);
$node->safe_psql('postgres', 'CREATE DATABASE rails');
$node->safe_psql('rails', 'CREATE EXTENSION idtypes');

client_checks(
	label => "ActiveRecord $activerecord",
	cmd => [ 'ruby', '-I', $rubydir, "$rubydir/test_idtypes_activerecord.rb" ],
	env => { %pg, PGDATABASE => 'rails' });

$node->safe_psql('postgres', 'CREATE EXTENSION idtypes');
my $docdir = "$PostgreSQL::Test::Utils::tmp_check/rails_doc";
mkdir $docdir;
run_doc_examples(
	node => $node,
	label => 'Rails',
	doc => 'doc/orm.md',
	lang => 'ruby',
	variant => 'rails',
	dir => $docdir,
	ext => 'rb',
	cmd => [ 'ruby', '-I', $rubydir ]);
# and on the companion, beside idtypes (installed with it by
# tools/common.sh's build_install)
$node->safe_psql('postgres', 'CREATE SCHEMA idtypes_sql; CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql');
run_doc_examples(
	node => $node,
	label => 'Rails on the companion',
	doc => 'doc/orm.md',
	lang => 'ruby',
	variant => 'rails-companion',
	dir => $docdir,
	ext => 'rb',
	cmd => [ 'ruby', '-I', $rubydir ]);

$node->stop;
done_testing();
