#-------------------------------------------------------------------------
#
# 013_upgrade.pl
#	  Upgrades: from every release, through every upgrade script, and from
#	  the data that the previous release's library wrote.
#
# ALTER EXTENSION idtypes UPDATE from every released version (the install
# scripts frozen in released/) and through every upgrade script
# idtypes--A--B.sql ends with a database equal to one where the current
# version was installed fresh and the same tables made: the same catalog
# entries of the extension (IdtypesTest's extension_catalog), the same
# pg_dump --schema-only --binary-upgrade (which, unlike a plain dump,
# writes every member of the extension), the data and indexes of a table
# of every type intact, and tables keyed by each generator (column
# defaults, primary keys, range partitions made by the partition helper)
# that go on taking new ids, in order, after the old ones.  Also: updating
# the current version changes nothing, and moving the extension to another
# schema gives what installing it there does.
#
# The previous release, built from git: tools/test.sh puts its source in
# IDTYPES_DIST_DIR/previous/ (tools/common.sh, make_dist: the tag v<V> of
# the newest release before the current version; before a second release
# exists, this tree as git has it).  The test builds it and installs it
# into a scratch copy of the PostgreSQL installation (the installed one is
# shared, and keeps this tree's build); a server of that copy writes the
# tables, moves every clock two minutes ahead of the system clock and
# generates, and stops without a checkpoint; then a server of the
# installed PostgreSQL, with this tree's library, opens a copy of that
# data directory (replaying the old library's WAL), reads the data,
# updates, and generates after every old id.  Skipped, with the reason,
# where there is no such source (outside a git checkout) or no compiler.
#
# Copyright (c) 2026, idtypes developers
#
# t/013_upgrade.pl
#
#-------------------------------------------------------------------------
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IPC::Run;
use File::Basename qw(basename dirname);
use File::Path qw(make_path);

my $root = "$FindBin::RealBin/..";
my ($current) = slurp_file("$root/idtypes.control") =~ /^default_version = '([^']+)'/m;

# the scripts of the tree: the install script of the current version (built
# by make from src/), those of the releases (frozen in released/) and the
# upgrade steps (tracked)
my (%install, @steps);
foreach my $file (glob("$root/idtypes--*.sql"), glob("$root/released/idtypes--*.sql"))
{
	if ($file =~ /idtypes--([^-]+)--([^-]+)\.sql$/)
	{
		push @steps, [ $1, $2 ];
	}
	elsif ($file =~ /idtypes--([^-]+)\.sql$/)
	{
		$install{$1} = 1;
	}
}
my %versions = (%install, map { ($_->[0] => 1, $_->[1] => 1) } @steps);
ok($install{$current}, "the current version $current has an install script");

sub run_cmd
{
	my (@cmd) = @_;
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run(\@cmd, '>', \$out, '2>', \$err);
	return ($ok, $out . $err);
}

sub pg_config
{
	my ($what) = @_;
	my $dir = `pg_config --$what`;
	chomp $dir;
	return $dir;
}

# The previous release's build, installed into a scratch copy of the
# installation: a hash (ref, version, source, install, script), or the
# reason there is none.
sub previous_build
{
	my $dist = $ENV{IDTYPES_DIST_DIR};
	my ($tar) = defined $dist ? glob("$dist/previous/idtypes-*.tar") : ();
	return 'no source of the previous release: tools/test.sh puts one in IDTYPES_DIST_DIR/previous/ in a git checkout'
	  unless defined $tar;
	my $pgxs = pg_config('pgxs');
	return "no PGXS ($pgxs): the server's development files are not installed" unless -f $pgxs;
	my ($ref) = basename($tar) =~ /^idtypes-(.+)\.tar$/;
	my $work = PostgreSQL::Test::Utils::tempdir('previous');
	my ($ok, $out) = run_cmd('tar', '-C', $work, '-xf', $tar);
	return "cannot unpack $tar: $out" unless $ok;
	my $src = "$work/idtypes-$ref";
	($ok, $out) = run_cmd('make', '-s', '-C', $src, 'PG_CONFIG=pg_config');
	return "the build of $ref failed: $out" unless $ok;

	# the installation's directories, copied under $inst as they are (the
	# server finds its share and lib directories from its own path), less
	# this tree's idtypes, then the previous build installed there
	my $inst = "$work/inst";
	my @copied;
	foreach my $dir (dirname(pg_config('bindir')), pg_config('sharedir'), pg_config('pkglibdir'))
	{
		next if grep { index("$dir/", "$_/") == 0 } @copied;
		make_path(dirname("$inst$dir"));
		($ok, $out) = run_cmd('cp', '-a', $dir, "$inst$dir");
		return "cannot copy $dir: $out" unless $ok;
		push @copied, $dir;
	}
	unlink(glob("$inst" . pg_config('sharedir') . '/extension/idtypes*'), "$inst" . pg_config('pkglibdir') . '/idtypes.so');
	($ok, $out) = run_cmd('make', '-s', '-C', $src, 'PG_CONFIG=pg_config', "DESTDIR=$inst", 'install');
	return "the installation of $ref failed: $out" unless $ok;
	my ($version) = slurp_file("$src/idtypes.control") =~ /^default_version = '([^']+)'/m;
	return {
		ref => $ref, version => $version,
		install => $inst . dirname(pg_config('bindir')),
		library => $inst . pg_config('pkglibdir') . '/idtypes.so',
		script => slurp_file("$src/idtypes--$version.sql"),
	};
}
my $previous = previous_build();
note(ref $previous ? "the previous release: $previous->{ref}, version $previous->{version}" : $previous);

my $node = PostgreSQL::Test::Cluster->new('upgrade');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$node->start;

is($node->safe_psql('postgres',
		q{SELECT string_agg(version, ' ' ORDER BY version) FROM pg_available_extension_versions WHERE name = 'idtypes'}),
	join(' ', sort keys %versions), 'the server offers exactly the versions of the repository\'s scripts');

my $databases = 0;

sub fresh_db
{
	my $db = 'db' . ++$databases;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE EXTENSION amcheck');
	return $db;
}

# A table of every type (one column c_TYPE per type of IdtypesTest's
# schemes; the extension's own types with btree, hash and BRIN indexes),
# filled from text (which every version reads), and what it holds.  The
# text of the values is the current version's, made once here: the first 8
# bytes of row g's value are g, so that the rows 100 to 199 are a range of
# each type.
#
# The schemes are those of IdtypesTest's list that every release has (its
# type and its generator), the previous release's build among them: a
# scheme added since has no table here, since the releases cannot fill one;
# the catalog comparisons cover its objects.
my @release_scripts = ((map { slurp_file($_) } glob("$root/released/idtypes--*.sql")),
	ref $previous ? ($previous->{script}) : ());
sub in_every_release
{
	my ($s) = @_;
	(my $gen = $s->{gen}) =~ s/\(\)$//;
	return !grep {
		!/^CREATE FUNCTION \Q$gen\E\(\)/m
		  || ($s->{type} ne 'uuid' && !/^CREATE TYPE \Q$s->{type}\E\b/m)
	} @release_scripts;
}
my @released_schemes = grep { in_every_release($_) } schemes();
note('schemes not in every release, left out of the tables: '
	  . join(' ', map { $_->{name} } grep { !in_every_release($_) } schemes()));
my %seen;
my @types = grep { !$seen{ $_->{type} }++ } @released_schemes;
my @indexed = grep { $_->{type} eq $_->{name} } @released_schemes;
my $literals = fresh_db();
$node->safe_psql($literals, 'CREATE EXTENSION idtypes');

# the value of row $g (an SQL expression) of scheme $s, as text
sub value_text
{
	my ($s, $g) = @_;
	return from_hex($s, "lpad(to_hex($g), 16, '0') || substr(md5('$s->{type}' || $g) || md5('x' || $g), 1, "
		  . 2 * ($s->{bytes} - 8) . ')') . '::text';
}
my $rows = $node->safe_psql($literals, q{SELECT string_agg(format('(%s, %s)', g, concat_ws(', ', }
	  . join(', ', map { 'quote_literal(' . value_text($_, 'g') . ')' } @types)
	  . q{)), E',\n' ORDER BY g) FROM generate_series(1, 2000) g});
my %bound = map {
	my $s = $_;
	($s->{type} => [ map { $node->safe_psql($literals, 'SELECT ' . value_text($s, $_)) } (100, 200) ])
} @indexed;

my $data = 'CREATE TABLE data (id int PRIMARY KEY, '
  . join(', ', map { "c_$_->{type} $_->{type}" } @types) . ");\n"
  . join('', map {
		"CREATE INDEX data_$_->{type}_btree ON data (c_$_->{type});\n"
		  . "CREATE INDEX data_$_->{type}_hash ON data USING hash (c_$_->{type});\n"
		  . "CREATE INDEX data_$_->{type}_brin ON data USING brin (c_$_->{type});\n"
	} @indexed)
  . "INSERT INTO data VALUES $rows;\n";
my $data_digest = 'SELECT md5(string_agg('
  . join(' || ', map { "c_$_->{type}::text" } @types) . q{, ',' ORDER BY id)) FROM data};
# for each type of the extension's own: its btree index valid, a range by
# it (100 rows), lookups by its hash index and a scan of its BRIN index
# (every row)
my $data_checks = "SET enable_seqscan = off;\n" . join('', map {
	my $c = "c_$_->{type}";
	"SELECT bt_index_check('data_$_->{type}_btree', true);\n"
	  . "SELECT count(*) FROM data WHERE $c >= '$bound{$_->{type}}[0]' AND $c < '$bound{$_->{type}}[1]';\n"
	  . "SELECT count(*) FROM data d WHERE $c = (SELECT $c FROM data WHERE id = d.id);\n"
	  . "SELECT count(*) FROM data WHERE $c >= (SELECT min($c) FROM data);\n"
} @indexed);
my $digest = fresh_db();
$node->safe_psql($digest, "CREATE EXTENSION idtypes; $data");
my $expected_digest = $node->safe_psql($digest, $data_digest);
my $expected_checks = $node->safe_psql($digest, $data_checks);
is($expected_checks, join("\n", ("\n100\n2000\n2000") x @indexed),
	'the table of every type: indexes valid, range and lookups right');
is($node->safe_psql($digest, 'SELECT count(*) FROM data'), '2000', 'it holds 2000 rows');

# Tables keyed by each generator: its id the primary key, filled by the
# column default; and, for each type, a table partitioned by range on it,
# its partitions made by the partition helper (fixed bounds, so that two
# databases get the same ones), filled likewise.  After an update, 100 more
# rows by the defaults: each generator goes on, after the ids it gave
# before, and the rows land in the partitions.
my (@keyed, @parted);
foreach my $s (@released_schemes)
{
	push @keyed, $s;
	push @parted, $s if $s->{type} ne 'uuid' || $s->{name} eq 'uuidv7';
}
my $generated = join('', map {
	"CREATE TABLE gen_$_->{name} (id $_->{type} PRIMARY KEY DEFAULT $_->{gen}, n int NOT NULL);\n"
	  . "INSERT INTO gen_$_->{name} (n) SELECT g FROM generate_series(1, 100) g;\n"
} @keyed) . join('', map {
	"CREATE TABLE part_$_->{name} (id $_->{type} DEFAULT $_->{gen}, n int NOT NULL, PRIMARY KEY (id)) PARTITION BY RANGE (id);\n"
	  . "DO \$\$ DECLARE d text; BEGIN FOR d IN SELECT ddl FROM idtypes_range_partitions('part_$_->{name}', "
	  . "'2020-01-01', '2100-01-01', '40 years') LOOP EXECUTE d; END LOOP; END \$\$;\n"
	  . "INSERT INTO part_$_->{name} (n) SELECT g FROM generate_series(1, 100) g;\n"
} @parted);
my $generated_checks = "SET enable_seqscan = off;\n" . join('', map {
	"INSERT INTO gen_$_->{name} (n) SELECT g FROM generate_series(101, 200) g;\n"
	  . "SELECT count(*), count(*) FILTER (WHERE n > 100 AND id > ALL (SELECT id FROM gen_$_->{name} WHERE n <= 100)) FROM gen_$_->{name};\n"
	  . "SELECT count(*) FROM gen_$_->{name} t WHERE id = (SELECT id FROM gen_$_->{name} WHERE n = t.n);\n"
} @keyed) . join('', map {
	"INSERT INTO part_$_->{name} (n) SELECT g FROM generate_series(101, 200) g;\n"
	  . "SELECT count(*), count(DISTINCT tableoid) FROM part_$_->{name};\n"
	  . "SELECT count(*) FROM part_$_->{name} t WHERE id = (SELECT id FROM part_$_->{name} WHERE n = t.n);\n"
} @parted);
my $expected_generated = join("\n", ("200|100\n200") x @keyed, ("200|1\n200") x @parted);

# pg_dump --schema-only --binary-upgrade of a database, less what differs
# between any two databases (the object ids that a binary upgrade sets, the
# transaction ids it freezes the tables at, and the random key of the
# \restrict lines of current pg_dumps)
sub schema_dump
{
	my ($n, $db) = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run([ 'pg_dump', '--schema-only', '--binary-upgrade', '-h', $n->host, '-p', $n->port, $db ],
		'>', \$out, '2>', \$err)
	  or die "pg_dump $db: $err";
	return join("\n", map { s/(relfrozenxid|relminmxid) = '\d+'/$1 = ?/gr }
		  grep { !/binary_upgrade_set_next_|^-- Dumped (from|by) |^\\(un)?restrict / } split /\n/, $out);
}

# the catalog and the schema of a fresh install of the current version
my $fresh = fresh_db();
$node->safe_psql($fresh, 'CREATE EXTENSION idtypes');
my $fresh_catalog = extension_catalog($node, $fresh);
my $fresh_tables = fresh_db();
$node->safe_psql($fresh_tables, "CREATE EXTENSION idtypes; $data $generated");
my $fresh_dump = schema_dump($node, $fresh_tables);
like($fresh_dump, qr/CREATE FUNCTION public\.gen_muid\(\)/, 'the schema dump writes the members of the extension');
is($node->safe_psql($fresh_tables, $generated_checks), $expected_generated,
	'the generators\' tables: new ids after the old, lookups by key right, in the partitions');

# run the updates in database $db of server $n, and compare it with the
# fresh install
sub check_updated
{
	my ($n, $db, $updates, $name) = @_;
	my ($ret, $out, $err) = $n->psql($db, $updates);
	is($ret, 0, "$name: the update runs") or diag($err);
	is($n->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'idtypes'}),
		$current, "$name: ends at $current");
	is(catalogs_differ($fresh_catalog, extension_catalog($n, $db)), '',
		"$name: the catalog entries equal a fresh install's");
	is($n->safe_psql($db, $data_digest), $expected_digest, "$name: the data is unchanged");
	is($n->safe_psql($db, $data_checks), $expected_checks, "$name: indexes valid, queries right");
	same_text(schema_dump($n, $db), $fresh_dump, "$name: pg_dump --schema-only equals a fresh install's");
	is($n->safe_psql($db, $generated_checks), $expected_generated,
		"$name: the generators go on after their old ids, in their tables and partitions");
}

# install $from, run the updates, compare with the fresh install
sub check_update
{
	my ($from, $updates, $name) = @_;
	my $db = fresh_db();
	$node->safe_psql($db, "CREATE EXTENSION idtypes VERSION '$from'; $data $generated");
	check_updated($node, $db, $updates, $name);
}

# every upgrade script, then on to the current version
foreach my $step (sort { $a->[0] cmp $b->[0] || $a->[1] cmp $b->[1] } @steps)
{
	my ($a, $b) = @$step;
	check_update($a, "ALTER EXTENSION idtypes UPDATE TO '$b'; ALTER EXTENSION idtypes UPDATE;",
		"idtypes--$a--$b.sql");
}

# every version the server offers, straight to the current one (the path
# PostgreSQL chooses)
my @older = grep { $_ ne $current } sort keys %versions;
foreach my $v (@older)
{
	is($node->safe_psql('postgres', qq{
		SELECT path IS NOT NULL FROM pg_extension_update_paths('idtypes')
		WHERE source = '$v' AND target = '$current'}),
		't', "$v has an update path to $current");
	check_update($v, 'ALTER EXTENSION idtypes UPDATE;', "from $v");
}
note(sprintf('%d upgrade scripts and %d older versions tested', scalar(@steps), scalar(@older)));

# the current version: an update is a no-op
my ($ret, $out, $err) = $node->psql($fresh, 'ALTER EXTENSION idtypes UPDATE');
like($err, qr/NOTICE:  version "\Q$current\E" of extension "idtypes" is already installed/,
	'updating the current version does nothing');
check_update($current, 'ALTER EXTENSION idtypes UPDATE;', "from $current");

# relocatable: moved to another schema, it is what an install there gives
my $moved = fresh_db();
$node->safe_psql($moved, "CREATE SCHEMA ids; CREATE EXTENSION idtypes; $data; ALTER EXTENSION idtypes SET SCHEMA ids");
my $there = fresh_db();
$node->safe_psql($there, 'CREATE SCHEMA ids; CREATE EXTENSION idtypes SCHEMA ids');
is(catalogs_differ(extension_catalog($node, $there), extension_catalog($node, $moved)), '',
	'ALTER EXTENSION SET SCHEMA gives the catalog entries of an install in that schema');
is($node->safe_psql($moved, "SET search_path = public, ids; $data_digest"), $expected_digest,
	'and the data is unchanged');
is($node->safe_psql($moved, "SET search_path = public, ids; $data_checks"), $expected_checks,
	'indexes valid, queries right');
$node->stop;

# The data that the previous release's library wrote, read by this tree's.
SKIP:
{
	skip "the previous release's build: $previous", 12 unless ref $previous;

	# the postmaster's idtypes library, as its memory maps name it
	my $library_of = sub {
		my ($n) = @_;
		my ($pid) = slurp_file($n->data_dir . '/postmaster.pid') =~ /\A(\d+)/;
		my ($path) = slurp_file("/proc/$pid/maps") =~ m{(/\S*/idtypes\.so)$}m;
		return $path // '(none)';
	};
	my $old = PostgreSQL::Test::Cluster->new('previous', install_path => $previous->{install});
	$old->init;
	$old->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
	$old->start;
	is($library_of->($old), $previous->{library}, "the server of the scratch installation runs $previous->{ref}'s library");
	my $db = 'written';
	$old->safe_psql('postgres', "CREATE DATABASE $db");
	$old->safe_psql($db, 'CREATE EXTENSION amcheck; CREATE EXTENSION idtypes');
	is($old->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'idtypes'}),
		$previous->{version}, "it installs $previous->{version}");
	# every clock two minutes ahead of the system clock, then the tables:
	# only the clocks' WAL and state file keep the next server's ids above
	$old->safe_psql($db, join('', map {
		"SELECT idtypes_advance_clock('$_->{name}', now() + interval '2 minutes');\n"
	} @released_schemes) . "$data $generated");
	my $written = $old->safe_psql($db, $data_digest);
	is($written, $expected_digest, 'it writes the table of every type');
	$old->stop('immediate');

	# a copy of its data directory, opened by the installed PostgreSQL
	my $next = PostgreSQL::Test::Cluster->new('next');
	$next->init;
	my ($ok, $out) = run_cmd('rm', '-rf', $next->data_dir);
	($ok, $out) = run_cmd('cp', '-a', $old->data_dir, $next->data_dir) if $ok;
	ok($ok, 'the data directory is copied') or diag($out);
	$next->append_conf('postgresql.conf', 'port = ' . $next->port . "\nunix_socket_directories = '" . $next->host . "'");
	$next->start;
	is($library_of->($next), pg_config('pkglibdir') . '/idtypes.so', "the installed server runs this tree's library");
	check_updated($next, $db, 'ALTER EXTENSION idtypes UPDATE;', "the data of $previous->{ref}'s library");
	$next->stop;
}

done_testing();
