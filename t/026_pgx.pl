# A real Go client: clients/go/test_idtypes_pgx runs against a server with pgx v5
# and the codecs of clients/go/idtypespgx.go (binary, text, and the simple
# protocol), and each of its "ok - ..." / "not ok - ..." lines becomes an
# assertion here.  Then the Go examples of doc/clients.md are built and run.
#
# Go and pgx are Debian's (golang-go, golang-github-jackc-pgx-v5-dev: pgx v5
# is packaged from Debian 14 "forky" on), built offline in GOPATH mode, as
# Debian builds its own Go packages: the package and the programs in a
# GOPATH of this test's own, pgx and its dependencies from
# /usr/share/gocode.  Without go or pgx v5 the test is skipped and says why.
use strict;
use warnings;
use Cwd qw(getcwd);
use File::Copy qw(copy);
use File::Path qw(make_path);
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $godir = getcwd() . '/clients/go';
my $gocode = '/usr/share/gocode';

my ($out, $err) = ('', '');
plan skip_all => 'go is not installed (Debian: golang-go)'
  unless eval { IPC::Run::run([ 'go', 'version' ], '>', \$out, '2>', \$err) };
chomp(my $go_version = $out);
plan skip_all => "pgx v5 is not installed: no $gocode/src/github.com/jackc/pgx/v5"
  . ' (Debian: golang-github-jackc-pgx-v5-dev, from Debian 14 "forky" on)'
  unless -d "$gocode/src/github.com/jackc/pgx/v5";
my ($pgx_version) = map { m{^Version: (.*)} ? $1 : () }
  `dpkg-query -s golang-github-jackc-pgx-v5-dev 2>/dev/null`;
note("$go_version; pgx " . ($pgx_version // 'unknown'));

# GOPATH mode, offline: this test's GOPATH first, then Debian's sources
my $gopath = "$PostgreSQL::Test::Utils::tmp_check/gopath";
make_path("$gopath/src/idtypespgx", "$gopath/src/test_idtypes_pgx");
copy("$godir/idtypespgx.go", "$gopath/src/idtypespgx/") or die "copy: $!";
copy("$godir/test_idtypes_pgx/main.go", "$gopath/src/test_idtypes_pgx/") or die "copy: $!";
my %goenv = (
	GO111MODULE => 'off',
	GOPATH => "$gopath:$gocode",
	GOCACHE => "$PostgreSQL::Test::Utils::tmp_check/gocache",
	GOFLAGS => '',
	GOPROXY => 'off',
	GOTOOLCHAIN => 'local',
	CGO_ENABLED => '0');

# go build, with vet's checks, of the package in $gopath/src/$pkg
sub go_build
{
	my ($pkg, $what) = @_;
	my ($o, $e) = ('', '');
	my $built = IPC::Run::run([ 'go', 'build', '-o', "$gopath/bin/$pkg", $pkg ], '>', \$o, '2>', \$e,
		init => sub { $ENV{$_} = $goenv{$_} for keys %goenv; });
	ok($built, "$what builds") or diag($e);
	($o, $e) = ('', '');
	ok(IPC::Run::run([ 'go', 'vet', $pkg ], '>', \$o, '2>', \$e,
			init => sub { $ENV{$_} = $goenv{$_} for keys %goenv; }),
		"go vet finds nothing in $what") or diag($e);
	return $built;
}

my $built = go_build('test_idtypes_pgx', 'the package and the test');

my $node = PostgreSQL::Test::Cluster->new('pgx');
start_preloaded($node);
my %pgenv = client_env($node);

client_checks(
	label => 'pgx',
	cmd => ["$gopath/bin/test_idtypes_pgx"],
	env => \%pgenv) if $built;

# the examples of doc/clients.md, each a program of its own
my @examples = doc_examples(getcwd(), 'go');
cmp_ok(scalar @examples, '>=', 1, 'doc/clients.md has a Go example');
for my $i (0 .. $#examples)
{
	my $pkg = "pgx_example$i";
	make_path("$gopath/src/$pkg");
	unlink "$gopath/src/$pkg/main.go";
	PostgreSQL::Test::Utils::append_to_file("$gopath/src/$pkg/main.go", $examples[$i][0]);
	next unless go_build($pkg, "the example of doc/clients.md line $examples[$i][2]");
	example_prints(
		label => 'pgx',
		cmd => ["$gopath/bin/$pkg"],
		env => \%pgenv,
		example => $examples[$i]);
}

$node->stop;
done_testing();
