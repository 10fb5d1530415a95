# pg_partman 5 (5.1 and later) partitions a table by time on a key that is
# not a timestamp through two functions it is given: p_time_encoder
# (timestamptz -> key, for the partition bounds) and p_time_decoder (key ->
# timestamptz).  With idtypes' IMMUTABLE floor and timestamp functions as
# the pair, for a uuid key of each UUID scheme of IdtypesTest's list (v6,
# v7 and v8): create_parent() makes daily partitions, run_maintenance()
# makes more ahead and drops the old ones past the retention, every row
# lands in the partition of its day, and
# a time range on the key written with the same functions prunes the other
# partitions while planning.  Side by side, the same table partitioned
# through pg_partman's own UUIDv7 encoder, which is VOLATILE: a range
# written with it is never pruned.  pg_partman accepts no other idtypes
# type (it recognises its control column's type by name): the test shows
# its refusal of each type of the list's other schemes, and
# idtypes_range_partitions() partitioning those tables instead.  The
# documentation's ```sql partman blocks (README.md, doc/*.md) run here too.
#
# Skipped, with the reason, where pg_partman is not installed for the
# PostgreSQL under test (Debian packages it as postgresql-NN-partman for
# PostgreSQL 17 and later in Debian 13).
use strict;
use warnings;
use Cwd qw(getcwd);
use FindBin;
use lib $FindBin::RealBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IdtypesTest;

my $pg_config = $ENV{PG_CONFIG} // 'pg_config';
my $sharedir = `$pg_config --sharedir`;
chomp $sharedir;
my ($major) = `$pg_config --version` =~ /(\d+)/;
plan skip_all => "pg_partman is not installed for PostgreSQL $major "
  . "($sharedir/extension/pg_partman.control is missing; Debian: postgresql-$major-partman)"
  unless -f "$sharedir/extension/pg_partman.control";

my $node = PostgreSQL::Test::Cluster->new('partman');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
timezone = 'UTC'
idtypes.uid8_mode = 'time_sequential'
});
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE SCHEMA partman;
	CREATE EXTENSION pg_partman SCHEMA partman;
});
my $version = $node->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'});
note("pg_partman $version on PostgreSQL $major");
my ($pm_major, $pm_minor) = $version =~ /^(\d+)\.(\d+)/;
plan skip_all => "pg_partman $version has no p_time_encoder (5.1 and later have)"
  if $pm_major < 5 || ($pm_major == 5 && $pm_minor < 1);

sub sql { return $node->safe_psql('postgres', $_[0]); }

# the partitions of a partman set, [name, start, end] in time order
# (show_partition_info() finds the decoder only when given the parent)
sub partitions
{
	my ($parent) = @_;
	return map { [ split /\|/ ] } split /\n/, sql(qq{
		SELECT p.partition_tablename, i.child_start_time, i.child_end_time
		FROM partman.show_partitions('public.$parent') p,
		     partman.show_partition_info(p.partition_schemaname || '.' || p.partition_tablename,
		                                 p_parent_table => 'public.$parent') i
		ORDER BY i.child_start_time});
}

# today, and the day d days from it, as literals
my $today = sql(q{SELECT quote_literal(date_trunc('day', now()))});
sub day { return sql(qq{SELECT quote_literal(${today}::timestamptz + interval '$_[0] days')}); }

# ---------------------------------------------------------------------------
# uuid keys, through idtypes' functions and through pg_partman's own
# ---------------------------------------------------------------------------

# The schemes of IdtypesTest's list on core uuid, each a table ev_<scheme>
# with its floor function as the encoder.  pg_partman calls the decoder
# with the key as text (its own decoder takes text), so each scheme's
# timestamp function (uuidv_timestamp(uuid), uuidv8_timestamp() for v8,
# whose layout is idtypes' own) goes through a one-line wrapper.
my @uuid_schemes = grep { $_->{type} eq 'uuid' } schemes();
my %wrapped;
for my $fn (grep { !$wrapped{$_}++ } map { $_->{timestamp} } @uuid_schemes)
{
	sql(qq{CREATE FUNCTION ${fn}_of_text(text) RETURNS timestamptz
		LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN $fn(\$1::uuid)});
}

my %sets = (
	(map {
		("ev_$_->{name}" => { gen => $_->{gen}, encoder => "public.$_->{floor}",
			decoder => "public.$_->{timestamp}_of_text", ts => "public.$_->{timestamp}" })
	} @uuid_schemes),
	ev_pm => { gen => 'uuidv7_next()', encoder => 'partman.uuid7_time_encoder',
		decoder => 'partman.uuid7_time_decoder', ts => 'public.uuidv_timestamp' },
);
ok(exists $sets{ev_uuidv7}, 'UUIDv7 is among the schemes, for the comparison with pg_partman\'s own encoder');

is(sql(q{SELECT string_agg(f, ', ' ORDER BY f COLLATE "C")
		FROM (SELECT p.oid::regprocedure::text || ' ' || p.provolatile::text AS f
		      FROM pg_proc p WHERE p.oid IN ('uuidv7_floor'::regproc, 'uuidv_timestamp'::regproc,
		        'partman.uuid7_time_encoder'::regproc, 'partman.uuid7_time_decoder'::regproc)) s}),
	'partman.uuid7_time_decoder(text) v, partman.uuid7_time_encoder(timestamp with time zone) v, '
	  . 'uuidv7_floor(timestamp with time zone) i, uuidv_timestamp(uuid) i',
	"idtypes' encoder and decoder are IMMUTABLE, pg_partman's own are VOLATILE");

for my $set (sort keys %sets)
{
	my $s = $sets{$set};
	sql(qq{
		CREATE TABLE $set (id uuid NOT NULL DEFAULT $s->{gen}, body text) PARTITION BY RANGE (id);
		SELECT partman.create_parent('public.$set', 'id', '1 day',
			p_premake => 3, p_start_partition => (${today}::timestamptz - interval '5 days')::text,
			p_time_encoder => '$s->{encoder}', p_time_decoder => '$s->{decoder}');
	});
	my @parts = partitions($set);
	# 5 days back, today, 3 ahead
	is(scalar @parts, 9, "$set: create_parent() made daily partitions from 5 days back to 3 ahead");
	is($parts[0][1], sql(qq{SELECT ${today}::timestamptz - interval '5 days'}), "$set: the first starts 5 days back");
	is($parts[-1][2], sql(qq{SELECT ${today}::timestamptz + interval '4 days'}), "$set: the last ends 4 days ahead");
	is(scalar(grep { sql(qq{SELECT '$_->[2]'::timestamptz - '$_->[1]'::timestamptz}) ne '1 day' } @parts), 0,
		"$set: each covers one day");

	# run_maintenance() keeps premake partitions ahead of the newest row
	# (not of the clock, unless infinite_time_partitions is set): rows of
	# now, and 5 ahead
	sql(qq{INSERT INTO $set (body) SELECT 'now ' || n FROM generate_series(1, 100) n});
	sql(qq{UPDATE partman.part_config SET premake = 5 WHERE parent_table = 'public.$set';
		SELECT partman.run_maintenance('public.$set');});
	@parts = partitions($set);
	is($parts[-1][2], sql(qq{SELECT ${today}::timestamptz + interval '6 days'}),
		"$set: run_maintenance() made partitions up to 5 days ahead");

	# retention: the partitions older than 3 days go
	sql(qq{UPDATE partman.part_config SET retention = '3 days', retention_keep_table = false
		WHERE parent_table = 'public.$set';
		SELECT partman.run_maintenance('public.$set');});
	@parts = partitions($set);
	is($parts[0][1], sql(qq{SELECT ${today}::timestamptz - interval '3 days'}),
		"$set: run_maintenance() dropped the partitions past the retention of 3 days");
	is(scalar @parts, 9, "$set: 3 days back, today, 5 ahead remain");
}

# rows: those generated now, and (v7) one an hour from 3 days back to 5 ahead
for my $set (qw(ev_uuidv7 ev_pm))
{
	sql(qq{INSERT INTO $set SELECT uuidv7_at(${today}::timestamptz - interval '3 days' + n * interval '1 hour'), 'hour ' || n
		FROM generate_series(0, 9 * 24 - 1) n});
}
for my $set (sort keys %sets)
{
	my $decoder = $sets{$set}{ts};
	my ($rows, $misplaced, $default) = split /\|/, sql(qq{
		SELECT count(*),
		       count(*) FILTER (WHERE NOT ($decoder(e.id) >= i.child_start_time AND $decoder(e.id) < i.child_end_time)),
		       count(*) FILTER (WHERE e.tableoid::regclass::text LIKE '%default')
		FROM $set e LEFT JOIN LATERAL (
		    SELECT * FROM partman.show_partition_info('public.' || e.tableoid::regclass::text, p_parent_table => 'public.$set')
		    WHERE e.tableoid::regclass::text NOT LIKE '%default') i ON true});
	my $expect = 100 + ($set =~ /^ev_(uuidv7|pm)$/ ? 9 * 24 : 0);
	is($rows, $expect, "$set: $expect rows");
	is($misplaced, 0, "$set: each in the partition of its time");
	is($default, 0, "$set: none in the default partition");
}

# pruning: one day on the key, written with each encoder
my ($d1, $d2) = (day(1), day(2));
for my $set (qw(ev_uuidv7 ev_pm))
{
	my $n_parts = sql(qq{SELECT count(*) FROM pg_inherits WHERE inhparent = 'public.$set'::regclass});
	for my $enc ('public.uuidv7_floor', 'partman.uuid7_time_encoder')
	{
		my $q = "FROM $set WHERE id >= $enc($d1) AND id < $enc($d2)";
		my $plan = sql("EXPLAIN (COSTS OFF) SELECT count(*) $q");
		my $scans = () = $plan =~ /Scan on /g;
		if ($enc =~ /^public/)
		{
			# pg_partman's encoder puts zeros after the timestamp where
			# uuidv7_floor() puts the version and variant bits: its bound of
			# the next day is below uuidv7_floor() of that day, so the range
			# also touches the next partition
			my $want = $set eq 'ev_pm' ? 2 : 1;
			is($scans, $want, "$set: a day's range written with $enc reads $want partition(s)");
			unlike($plan, qr/Subplans Removed/, "$set: pruned while planning");
		}
		else
		{
			is($scans, $n_parts, "$set: a day's range written with VOLATILE $enc reads all $n_parts partitions");
		}
		is(sql("SELECT count(*) $q"), 24, "$set: and counts that day's 24 rows");
	}
}

# ---------------------------------------------------------------------------
# idtypes' own types: refused by pg_partman, partitioned by idtypes
# ---------------------------------------------------------------------------

for my $s (byte_schemes())
{
	my $type = $s->{type};
	sql(qq{CREATE TABLE ev_$type (id $type NOT NULL DEFAULT $s->{gen}, body text) PARTITION BY RANGE (id)});
	my ($rc, $out, $err) = $node->psql('postgres', qq{
		SELECT partman.create_parent('public.ev_$type', 'id', '1 day',
			p_time_encoder => 'public.${type}_floor', p_time_decoder => 'public.$s->{timestamp}')});
	isnt($rc, 0, "$type: pg_partman refuses the key");
	like($err, qr/only supports partitioning of data types .* Supplied column is of type $type/,
		"$type: because it takes only the types it knows by name") or diag($err);
	note("$type: " . (split /\n/, $err)[0]);

	sql(qq{SELECT ddl FROM idtypes_range_partitions('ev_$type', ${today}::timestamptz - interval '3 days',
		${today}::timestamptz + interval '4 days', '1 day') \\gexec});
	is(sql(qq{SELECT count(*) FROM pg_inherits WHERE inhparent = 'ev_$type'::regclass}), 7,
		"$type: idtypes_range_partitions() made 7 daily partitions");
	sql(qq{INSERT INTO ev_$type (body) SELECT 'now' FROM generate_series(1, 10)});
	is(sql(qq{SELECT DISTINCT tableoid::regclass FROM ev_$type}),
		'ev_' . $type . sql(q{SELECT to_char(now(), '_YYYY_MM_DD')}),
		"$type: rows of today land in today's partition");
}

# ---------------------------------------------------------------------------
# the documentation's pg_partman examples
# ---------------------------------------------------------------------------

my $n = 0;
for my $file (doc_files(getcwd()))
{
	for my $block (doc_sql_blocks(getcwd() . "/$file", 'partman'))
	{
		my $db = 'doc_partman_' . ++$n;
		sql("CREATE DATABASE $db");
		$node->safe_psql($db, 'CREATE EXTENSION idtypes; CREATE SCHEMA partman; CREATE EXTENSION pg_partman SCHEMA partman;');
		my @problems = run_doc_sql_block($node, $db, $block);
		ok(!@problems, "$file line $block->{line} ($block->{heading}) runs with pg_partman $version")
		  or diag(join "\n", @problems);
	}
}

$node->stop;
done_testing();
