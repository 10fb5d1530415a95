# A real Rust client: clients/rust/examples/test_idtypes_tokio_postgres.rs runs
# against a server with tokio-postgres and the FromSql/ToSql of the idtypes
# crate (clients/rust/), and each of its "ok - ..." / "not ok - ..." lines becomes an
# assertion here.  Then the Rust examples of doc/clients.md are built (as
# examples of the crate) and run.
#
# With sqlx in the registry, the crate's feature "sqlx" (Type, Encode and
# Decode) is built too and clients/rust/examples/test_idtypes_sqlx.rs runs likewise.
#
# cargo, rustc and the crates are Debian's (cargo, rustc,
# librust-tokio-postgres-dev, librust-sqlx-dev), built offline: a CARGO_HOME
# of this test's own replaces crates.io with Debian's directory registry
# /usr/share/cargo/registry.  Without cargo or tokio-postgres there the test
# is skipped and says why; without sqlx, its part is.
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

my $rustdir = getcwd() . '/clients/rust';

# ([index, element], ...) of a list
sub enumerate { my @l = @_; return map { [ $_, $l[$_] ] } 0 .. $#l; }
my $registry = '/usr/share/cargo/registry';

my ($out, $err) = ('', '');
plan skip_all => 'cargo is not installed (Debian: cargo, rustc)'
  unless eval { IPC::Run::run([ 'cargo', '--version' ], '>', \$out, '2>', \$err) };
chomp(my $cargo_version = $out);
my ($tokio_postgres) = map { m{/(tokio-postgres-[0-9.]+)$} ? $1 : () } glob("$registry/tokio-postgres-*");
plan skip_all => "tokio-postgres is not in $registry (Debian: librust-tokio-postgres-dev)"
  unless defined $tokio_postgres;
my ($sqlx) = map { m{/(sqlx-[0-9.]+)$} ? $1 : () } glob("$registry/sqlx-[0-9]*");
note("$cargo_version; $tokio_postgres; " . ($sqlx // "no sqlx"));

# the crate, with the examples of doc/clients.md among its examples
my $tmp = $PostgreSQL::Test::Utils::tmp_check;
my $crate = "$tmp/rust";
make_path("$crate/src", "$crate/examples/checks", "$tmp/cargo");
copy("$rustdir/$_", "$crate/$_") or die "copy $_: $!"
  for qw(src/lib.rs examples/checks/mod.rs examples/test_idtypes_tokio_postgres.rs
  examples/test_idtypes_sqlx.rs);
# cargo resolves optional dependencies too: without sqlx in the registry,
# the manifest of the copy leaves out the feature and its test
my $manifest = PostgreSQL::Test::Utils::slurp_file("$rustdir/Cargo.toml");
unless (defined $sqlx)
{
	$manifest =~ s/^sqlx[ -].*\n//mg;
	$manifest =~ s/^\[features\]\n(#.*\n)*//m;
	$manifest =~ s/\n\[\[example\]\]\nname = "test_idtypes_sqlx"\n.*\n//;
	unlink "$crate/examples/test_idtypes_sqlx.rs";
}
unlink "$crate/Cargo.toml";
PostgreSQL::Test::Utils::append_to_file("$crate/Cargo.toml", $manifest);
# each example of doc/clients.md as [label, program, example]: "rust
# example" for tokio-postgres, "rust example sqlx" for sqlx
my @examples = map { [ 'tokio-postgres', "clients_example$_->[0]", $_->[1] ] }
  enumerate(doc_examples(getcwd(), 'rust'));
push @examples, map { [ 'sqlx', "clients_sqlx_example$_->[0]", $_->[1] ] }
  enumerate(doc_examples(getcwd(), 'rust', 'sqlx')) if defined $sqlx;
for my $e (@examples)
{
	unlink "$crate/examples/$e->[1].rs";
	PostgreSQL::Test::Utils::append_to_file("$crate/examples/$e->[1].rs", $e->[2][0]);
}
# offline, from Debian's crates
PostgreSQL::Test::Utils::append_to_file("$tmp/cargo/config.toml", <<"EOT") unless -f "$tmp/cargo/config.toml";
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "$registry"
[net]
offline = true
EOT
my %cargoenv = (CARGO_HOME => "$tmp/cargo", CARGO_TARGET_DIR => "$tmp/rust_target");
($out, $err) = ('', '');
my $built = IPC::Run::run([ 'cargo', 'build', '--quiet', '--examples', '--manifest-path', "$crate/Cargo.toml",
		defined $sqlx ? ('--features', 'sqlx-tokio') : () ],
	'>', \$out, '2>', \$err,
	init => sub { $ENV{$_} = $cargoenv{$_} for keys %cargoenv; });
ok($built, 'the crate, the test and the examples build') or diag($err);
is(join("\n", grep { /^warning/ } split /\n/, $err), '', 'without a compiler warning');
my $bin = "$tmp/rust_target/debug/examples";

my $node = PostgreSQL::Test::Cluster->new('rust');
start_preloaded($node);
my %pgenv = client_env($node);

client_checks(
	label => 'tokio-postgres',
	cmd => ["$bin/test_idtypes_tokio_postgres"],
	env => \%pgenv) if $built;

SKIP:
{
	skip "sqlx is not in $registry (Debian: librust-sqlx-dev)", 1 unless defined $sqlx;
	client_checks(
		label => 'sqlx',
		cmd => ["$bin/test_idtypes_sqlx"],
		env => \%pgenv) if $built;
}

cmp_ok(scalar(grep { $_->[0] eq 'tokio-postgres' } @examples), '>=', 1, 'doc/clients.md has a Rust example');
SKIP:
{
	skip "sqlx is not in $registry (Debian: librust-sqlx-dev)", 1 unless defined $sqlx;
	cmp_ok(scalar(grep { $_->[0] eq 'sqlx' } @examples), '>=', 1, 'doc/clients.md has a Rust example for sqlx');
}
for my $e (@examples)
{
	example_prints(
		label => $e->[0],
		cmd => ["$bin/$e->[1]"],
		env => \%pgenv,
		example => $e->[2]) if $built;
}

$node->stop;
done_testing();
