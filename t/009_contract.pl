#-------------------------------------------------------------------------
#
# 009_contract.pl
#	  The contract for adding a scheme (doc/contributing.md, "Adding a
#	  scheme"): every list of the schemes outside the one description
#	  agrees with it.  No server: it reads the tree.
#
# The schemes are described once, in src/scheme.h (one entry per clock:
# the UUID versions each have one).  Everything else takes them from there:
# the Makefile's SCHEMES (their sources, the UUID versions sharing
# src/uuid.*), the SQL function idtypes_schemes() that the regression files
# of what every scheme has iterate over, t/IdtypesTest/Schemes.pm's list
# that the TAP tests iterate over, the fuzzers' targets, the partition
# helper's key types, the clocks and their functions.  This test checks that
# the table is whole, that each scheme has the files of its own, that the
# places that describe the extension (the package descriptions, the
# documentation) name every scheme, and that the files that cover every
# scheme name none (they iterate over the list).  Each check is one
# assertion named after its place, whose failure lists the schemes it
# misses.  The client adapters and ORM integrations (clients/) are not
# checked: they gain a scheme in a change of their own, when their users
# need it.
#
# IDTYPES_CONTRACT_ROOT names another tree to check (a scratch copy with a
# scheme added, to see what this test says about it).
#
# Copyright (c) 2026, idtypes developers
#
# t/009_contract.pl
#
#-------------------------------------------------------------------------
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use Test::More;
use File::Temp ();

# the tree under test, and its @SCHEMES (loaded at compile time, as a
# use would: PostgreSQL::Test::Utils, which it uses, has an INIT block)
my $root;
BEGIN
{
	$root = $ENV{IDTYPES_CONTRACT_ROOT} // "$FindBin::RealBin/..";
	unshift @INC, "$root/t";
	require "$root/t/IdtypesTest.pm";
}
my @test_schemes = IdtypesTest::schemes();

sub slurp
{
	my ($file) = @_;
	open(my $fh, '<', "$root/$file") or return undef;
	local $/;
	my $text = <$fh>;
	close($fh);
	return $text;
}

sub unique
{
	my %seen;
	return grep { !$seen{$_}++ } @_;
}

# ---------------------------------------------------------------------------
# the one list, in its three forms
# ---------------------------------------------------------------------------

# src/scheme.h: the enum, and idschemes[]'s entries (name, UUID version)
my $scheme_h = slurp('src/scheme.h') // BAIL_OUT('no src/scheme.h');
my ($enum) = $scheme_h =~ /typedef enum IdSchemeId\s*\{(.*?)\}/s
  or BAIL_OUT('src/scheme.h: no enum IdSchemeId');
my @enum = grep { $_ ne 'COUNT' } $enum =~ /\bIDSCHEME_(\w+)/g;
my @schemes;
while ($scheme_h =~ /\n\t\[IDSCHEME_(\w+)\]\s*=\s*\{(.*?)\n\t\}/sg)
{
	my ($id, $body) = ($1, $2);
	my ($name) = $body =~ /\.name\s*=\s*"([^"]+)"/;
	my ($version) = $body =~ /\.uuid_version\s*=\s*(\d+)/;
	my @missing = grep { $body !~ /\.\Q$_\E\s*=/ } qw(name label type generator timestamp_fn len tick_ns epoch_jdate tick_bits counter_bits);
	push @schemes, { id => $id, name => $name // '', uuid_version => $version // 0, missing => "@missing" };
}
my @clocks = map { $_->{name} } @schemes;
cmp_ok(scalar @clocks, '>', 0, 'src/scheme.h: idschemes[] has entries');
is(join(' ', map { lc } @enum), join(' ', map { lc $_->{id} } @schemes),
	'src/scheme.h: the enum and idschemes[] have the same schemes, in the same order');
is(join(' ', map { lc $_->{id} } @schemes), join(' ', @clocks),
	'src/scheme.h: each entry of idschemes[] is named as its IDSCHEME_ constant');
is(join(' ', map { $_->{missing} ? "$_->{name}: $_->{missing}" : () } @schemes), '',
	'src/scheme.h: each entry of idschemes[] has what SQL and the clocks need of it');

# The schemes' types: those of the extension's own (no UUID version), and
# core's uuid for the UUID versions; the sources, one per type.
my @types = map { $_->{name} } grep { !$_->{uuid_version} } @schemes;
my @uuid_clocks = map { $_->{name} } grep { $_->{uuid_version} } @schemes;
my @sources = unique(map { $_->{uuid_version} ? 'uuid' : $_->{name} } @schemes);

# t/IdtypesTest/Schemes.pm reads the same table
is(join(' ', map { $_->{name} } @test_schemes), join(' ', @clocks),
	"t/IdtypesTest/Schemes.pm's list is src/scheme.h's schemes, in its order");
is(join(' ', map { $_->{type} } grep { $_->{type} ne $_->{name} } @test_schemes),
	join(' ', map { 'uuid' } @uuid_clocks),
	"t/IdtypesTest/Schemes.pm's list: the UUID versions' type is uuid, every other scheme's its own name");

# ---------------------------------------------------------------------------
# the files of each scheme's own
# ---------------------------------------------------------------------------

for my $s (@sources)
{
	# (a TAP test of its own, t/00N_<scheme>.pl, where it has what the TAP
	# tests of every scheme do not cover: settings, a generator with
	# machinery of its own)
	my @missing = grep { !-e "$root/$_" }
	  ("src/$s.c", "src/$s.h", "src/$s.sql", "sql/$s.sql", "expected/$s.out",
		"specs/${s}_concurrent.spec", "expected/${s}_concurrent.out");
	is(join(' ', @missing), '', "$s: its own files are there");
}

# The companion (companion/): each scheme's source has its companion file,
# built in (in companion/Makefile's SOURCES), unless it is listed here as
# a deliberate exception with the reason.
my %no_companion = ();
my %companion_sources = map { $_ => 1 } (`make -s --no-print-directory -C '$root/companion' print-sources` =~ /src\/(\w+)\.sql/g);
for my $s (grep { !$no_companion{$_} } @sources)
{
	my @missing = ((-e "$root/companion/src/$s.sql" ? () : "companion/src/$s.sql"),
		($companion_sources{$s} ? () : "companion/Makefile's SOURCES"));
	is(join(', ', @missing), '', "$s: the companion has its file, built in");
}

# The scripts that users run without a build (companion/Makefile, and
# pg_uuidv7/Makefile's over the companion) are committed: each is what the
# build makes of the sources now.  Compared with the committed file where
# the tree is a git checkout (a build may have written the one in the tree
# since), else with the file.
{
	my @sources = split ' ', `make -s --no-print-directory -C '$root/companion' print-sources`;
	my ($companion) = (slurp('companion/idtypes_sql.control') // '') =~ /^default_version = '([^']+)'/m;
	my ($names) = (slurp('pg_uuidv7/idtypes_pg_uuidv7.control') // '') =~ /^default_version = '([^']+)'/m;
	my $dir = File::Temp::tempdir(CLEANUP => 1);
	foreach my $built ([ 'companion', 'plain', 'idtypes_sql.sql', "'$companion' ../src/scheme.h @sources" ],
		[ 'companion', 'single', 'idtypes_sql-install.sql', "'$companion' ../src/scheme.h @sources" ],
		[ 'companion', 'pgtle', 'idtypes_sql-pgtle.sql', "'$companion' ../src/scheme.h @sources" ],
		[ 'pg_uuidv7', 'single', 'idtypes_sql_pg_uuidv7-install.sql', "'$names'" ],
		[ 'pg_uuidv7', 'pgtle', 'idtypes_sql_pg_uuidv7-pgtle.sql', "'$names'" ])
	{
		my ($in, $kind, $file, $args) = @$built;
		system("cd '$root/$in' && sh build.sh $kind '$dir/$file' $args") == 0
		  or BAIL_OUT("$in/build.sh $kind failed");
		my $committed = -d "$root/.git" ? `git -C '$root' show HEAD:$in/$file 2>/dev/null` : slurp("$in/$file");
		my $fresh = do { local (@ARGV, $/) = ("$dir/$file"); <> };
		ok(defined $committed && $committed eq $fresh,
			"$in/$file is committed, as the build makes it (make -C $in plain, then commit it)");
	}
}

# ---------------------------------------------------------------------------
# every other list
# ---------------------------------------------------------------------------

# Matchers: whether a text names a scheme.
# - word: the name, as a word;
# - prose: case and hyphens aside ("HLC-ULID"), a UUID version also in a
#   list such as "UUIDv6/v7/v8";
# - one of several patterns, %s standing for the name.
sub word
{
	my ($text, $name) = @_;
	return $text =~ /\b\Q$name\E\b/;
}

sub prose
{
	my ($text, $name) = @_;
	(my $flat = lc $text) =~ s/-//g;
	return 1 if $flat =~ /\b\Q$name\E\b/;
	if ($name =~ /^(\w+?)v(\d+)$/)
	{
		my ($base, $v) = ($1, $2);
		return $flat =~ /\b\Q$base\Ev(?:\d+(?:\/|, | and )v)*$v\b/;
	}
	return 0;
}

sub patterns
{
	my @patterns = @_;
	return sub {
		my ($text, $name) = @_;
		for my $p (@patterns)
		{
			my $re = $p =~ s/%s/\Q$name\E/gr;
			return 0 unless $text =~ /$re/;
		}
		return 1;
	};
}

# the part of a text between two patterns
sub between
{
	my ($text, $from, $to) = @_;
	return $text =~ /$from(.*?)$to/s ? $1 : '';
}

# Each place: the file, what in it lists the schemes, which schemes it must
# name (the clocks, the types of the extension's own, or the sources), and
# how (a matcher; prose by default), with an optional part of the file.
my @places = (
	# what describes the extension: the control file, PGXN, Debian
	{ file => 'idtypes.control', what => 'the comment', set => \@clocks, part => [ qr/^comment\s*=/m, qr/\n/ ] },
	{ file => 'META.json', what => 'the description', set => \@clocks, part => [ qr/"description":/, qr/\n/ ] },
	{ file => 'debian/control.in', what => "the packages' descriptions", set => \@clocks,
	  part => [ qr/\nDescription:/, qr/\z/ ] },
	# the documentation: the README's table of schemes, a section each
	{ file => 'README.md', what => 'the table of schemes', set => \@clocks,
	  part => [ qr/\n\| \*\*/, qr/\n[^|]/ ] },
	{ file => 'doc/reference.md', what => 'a section of each scheme', set => \@clocks,
	  match => sub { prose(join("\n", $_[0] =~ /^## (.*)$/mg), $_[1]) } },
);

for my $p (@places)
{
	my $text = slurp($p->{file});
	if (!defined $text)
	{
		fail("$p->{file}: $p->{what}: the file is missing");
		next;
	}
	my $where = $p->{part} ? between($text, @{ $p->{part} }) : $text;
	my $match = $p->{match} // \&prose;
	my @missing = grep { !$match->($where, $_) } @{ $p->{set} };
	is(join(' ', @missing), '', "$p->{file}: $p->{what}, for every scheme of src/scheme.h");
}

# The places that take the schemes from elsewhere name none themselves (in
# their code: comments may give examples).
sub code_of
{
	my ($file) = @_;
	my $text = slurp($file) // '';
	$text =~ s{/\*.*?\*/}{}gs if $file =~ /\.[ch]$/;
	$text =~ s/--[^\n]*//g if $file =~ /\.sql$/;
	$text =~ s/#[^\n]*//g if $file =~ /\.(pl|sh)$/;
	return $text;
}
for my $file (qw(src/partition.sql src/clock/clock.sql src/clock/sql.c tools/fuzz.sh tools/fuzz/fuzz_idtypes.c),
	map { "sql/$_.sql" } qw(soft_input client_casts date_bin partition bound clock_advance catalog))
{
	my $code = code_of($file);
	# (the harness's extra seeds, for other forms that some types' input
	# takes, name their type: they are left out for another)
	$code =~ s/^seed_text .*$//mg;
	my @named = grep { $code =~ /(?<![\w.])\Q$_\E(?!\w)/ } @clocks;
	is("@named", '', "$file names no scheme: it takes them from src/scheme.h");
}

# ---------------------------------------------------------------------------
# the include graph of src/
# ---------------------------------------------------------------------------

# The modules of src/ and their layers: what a module may include is at
# its layer or below.  The clock subsystem (src/clock/) is one module, whose
# one header for the rest is clock/clock.h; every module not named here is
# a scheme's (its own files and what it needs).
my %layer = (
	(map { $_ => 0 } qw(compat scheme codec random timebin)),
	clock => 1,
	(map { $_ => 2 } qw(byteid node)),
	(map { $_ => 4 } qw(idtypes identity stored)));
my (%edges, @outside_public);
for my $file (glob("$root/src/*.[ch]"), glob("$root/src/clock/*.[ch]"))
{
	my $rel = $file =~ s{^\Q$root/\E}{}r;
	my $from = $rel =~ m{^src/clock/} ? 'clock' : $rel =~ s{^src/(\w+)\.[ch]$}{$1}r;
	for my $inc ((slurp($rel) // '') =~ /^#include "([^"]+)"/mg)
	{
		my $to;
		if ($inc =~ m{^clock/(\w+\.h)$})
		{
			$to = 'clock';
			push @outside_public, "$rel: $inc" if $1 ne 'clock.h';
		}
		elsif ($from eq 'clock' && -e "$root/src/clock/$inc")
		{
			$to = 'clock';
		}
		elsif ($inc =~ /^(\w+)\.h$/ && -e "$root/src/$inc")
		{
			$to = $1;
		}
		$edges{$from}{$to} = 1 if defined $to && $to ne $from;
	}
}
my $layer_of = sub { $layer{ $_[0] } // 3 };
my @upward = map { my $f = $_; map { "$f -> $_" } grep { $layer_of->($_) > $layer_of->($f) } sort keys %{ $edges{$f} } }
  sort keys %edges;
is("@upward", '', 'src/: no include points up the layers (base, clock, byte ids and nodes, schemes, the module)');
is("@outside_public", '', 'src/: outside src/clock/, only its public header clock/clock.h is included');
# cycles between modules (those within src/clock/ are one module's)
my %state;
my @cycles;
my $visit;
$visit = sub {
	my ($m, @path) = @_;
	$state{$m} = 1;
	for my $n (sort keys %{ $edges{$m} // {} })
	{
		if (($state{$n} // 0) == 1)
		{
			my @p = (@path, $m);
			my ($i) = grep { $p[$_] eq $n } 0 .. $#p;
			push @cycles, join(' -> ', @p[$i .. $#p], $n);
		}
		$visit->($n, @path, $m) unless $state{$n};
	}
	$state{$m} = 2;
};
$visit->($_) for grep { !$state{$_} } sort keys %edges;
is(join('; ', @cycles), '', 'src/: no include cycle between modules');

done_testing();
