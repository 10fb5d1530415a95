# Sharding by hash on idtypes columns with postgres_fdw: a coordinator with
# one table per type PARTITION BY HASH (id), whose two partitions are
# foreign tables on two shard servers.  Rows inserted through the
# coordinator with generated ids land on the shard the hash says (checked
# on the shards themselves, with the same hash), and lookups and time-range
# queries by id through the coordinator return exactly the right rows.  The
# comparisons are the extension's operators, so postgres_fdw sends them to
# the shards only when the foreign server lists the extension.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# per type, one scheme of it (IdtypesTest's list, the first of its type):
# the generator, the id at a given time for backfilled rows (%s the time:
# the first id of that time), the lower bound of a time range on the key
# (%s the time): the cross-type operator for the time-first types, the
# floor function for the others, and the timestamp
my %types;
for my $s (schemes())
{
	next if $types{ $s->{type} };
	$types{ $s->{type} } = {
		gen => $s->{gen},
		at => "$s->{floor_fn}(%s)",
		from => defined $s->{floor} ? "$s->{floor}(%s)" : '%s::timestamptz',
		ts => $s->{timestamp},
	};
}
my @types = sort keys %types;
my $generated = 500;
my $backfilled = 1440;    # one row a minute for a day

my @shards;
for my $i (0, 1)
{
	my $shard = PostgreSQL::Test::Cluster->new("shard$i");
	$shard->init;
	$shard->start;
	# on the shard: the table, and a partitioned table with no partitions
	# whose only use is satisfies_hash_partition() with the coordinator's
	# partition key
	$shard->safe_psql('postgres', 'CREATE EXTENSION idtypes;' . join('', map { qq{
		CREATE TABLE ev_$_ (id $_ PRIMARY KEY, n int NOT NULL, kind text NOT NULL);
		CREATE TABLE hash_of_$_ (id $_) PARTITION BY HASH (id);
	} } @types));
	push @shards, $shard;
}

my $coord = PostgreSQL::Test::Cluster->new('coordinator');
$coord->init;
$coord->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_generator_id = 5
idtypes.uid8_mode = 'time_sequential'
});
$coord->start;
$coord->safe_psql('postgres', 'CREATE EXTENSION idtypes; CREATE EXTENSION postgres_fdw;');
for my $i (0, 1)
{
	# extensions: the extension's operators and functions may be sent to
	# the shard (which has the same extension); batch_size: inserts go in
	# batches of 100 rows
	$coord->safe_psql('postgres', qq{
		CREATE SERVER shard$i FOREIGN DATA WRAPPER postgres_fdw
			OPTIONS (host '${\ $shards[$i]->host }', port '${\ $shards[$i]->port }', dbname 'postgres',
					 extensions 'idtypes', batch_size '100');
		CREATE USER MAPPING FOR CURRENT_USER SERVER shard$i;
	});
}
for my $type (@types)
{
	$coord->safe_psql('postgres', qq{
		CREATE TABLE ev_$type (id $type NOT NULL DEFAULT $types{$type}{gen}, n int NOT NULL, kind text NOT NULL)
			PARTITION BY HASH (id);
		CREATE FOREIGN TABLE ev_${type}_0 PARTITION OF ev_$type FOR VALUES WITH (MODULUS 2, REMAINDER 0)
			SERVER shard0 OPTIONS (table_name 'ev_$type');
		CREATE FOREIGN TABLE ev_${type}_1 PARTITION OF ev_$type FOR VALUES WITH (MODULUS 2, REMAINDER 1)
			SERVER shard1 OPTIONS (table_name 'ev_$type');
		INSERT INTO ev_$type (n, kind) SELECT g, 'generated' FROM generate_series(1, $generated) g;
		INSERT INTO ev_$type (id, n, kind)
			SELECT ${\ sprintf($types{$type}{at}, q{'2025-07-22 00:00:00+00'::timestamptz + (g - 1) * interval '1 minute'}) },
				   g, 'backfilled'
			FROM generate_series(1, $backfilled) g;
	});
}

for my $type (@types)
{
	my $total = $generated + $backfilled;

	# on each shard, every row is one that the hash sends to this shard
	my @on_shard = map {
		$shards[$_]->safe_psql('postgres', qq{
			SELECT count(*), count(*) FILTER (WHERE satisfies_hash_partition('hash_of_$type'::regclass, 2, $_, id)),
				   count(*) FILTER (WHERE kind = 'generated')
			FROM ev_$type})
	} (0, 1);
	my ($n0, $right0, $gen0) = split /\|/, $on_shard[0];
	my ($n1, $right1, $gen1) = split /\|/, $on_shard[1];
	is("$right0|$right1|" . ($n0 + $n1) . '|' . ($gen0 + $gen1),
		"$n0|$n1|$total|$generated",
		"$type: all $total rows are on the shard the hash sends them to ($n0 on shard 0, $n1 on shard 1)");
	# a fair split: with 1940 rows, each shard gets far more than 800
	ok($n0 > 800 && $n1 > 800 && $gen0 > 150 && $gen1 > 150,
		"$type: both shards hold generated and backfilled rows");

	# lookups by id through the coordinator: 20 ids read on the shards
	my @ids = map {
		split /\n/, $shards[$_]->safe_psql('postgres', "SELECT id || ' ' || n FROM ev_$type ORDER BY n, kind LIMIT 10")
	} (0, 1);
	# one statement per lookup, in one session
	my $found = $coord->safe_psql('postgres', join('', map {
		my ($id) = split / /;
		"SELECT '$id ' || string_agg(n::text, ',') FROM ev_$type WHERE id = '$id';"
	} @ids));
	is($found, join("\n", @ids), "$type: 20 lookups by id through the coordinator each find their one row");
	my ($id) = split / /, $ids[0];
	my $plan = $coord->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM ev_$type WHERE id = '$id'");
	like($plan, qr/\A\s*Foreign Scan on public\.ev_${type}_0 .*Remote SQL: SELECT id, n, kind FROM public\.ev_$type WHERE \(\(id (OPERATOR\(public\.)?=\)? /s,
		"$type: a lookup reads one shard and sends the condition there");

	# a time range: 05:00 to 06:30 holds the backfilled rows 301 to 390
	my $from = sprintf($types{$type}{from}, q{'2025-07-22 05:00:00+00'});
	my $to = sprintf($types{$type}{from}, q{'2025-07-22 06:30:00+00'});
	my $range = "SELECT count(*), min(n), max(n) FROM ev_$type WHERE id >= $from AND id < $to";
	is($coord->safe_psql('postgres', $range), '90|301|390',
		"$type: a time range on the key returns exactly its 90 rows");
	is($coord->safe_psql('postgres', "SELECT count(*) FROM ev_$type WHERE $types{$type}{ts}(id) >= '2025-07-22 05:00:00+00'
		  AND $types{$type}{ts}(id) < '2025-07-22 06:30:00+00'"),
		'90', "$type: the same rows as by their timestamps");
	$plan = $coord->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) $range");
	unlike($plan, qr/Filter:/, "$type: the time range is sent to both shards, not filtered on the coordinator");
}

# The generated rows' ids are the coordinator's: its uid8 generator id.
is($coord->safe_psql('postgres', "SELECT min(uid8_generator(id)), max(uid8_generator(id)) FROM ev_uid8 WHERE kind = 'generated'"),
	'5|5', 'the ids are generated on the coordinator');

# Without the extensions option, postgres_fdw sends only built-in operators:
# the extension's comparisons run on the coordinator, after every row of
# the table has come over.  uuid is core's type, so its range is still sent.
$coord->safe_psql('postgres', 'ALTER SERVER shard0 OPTIONS (DROP extensions); ALTER SERVER shard1 OPTIONS (DROP extensions);');
for my $type (@types)
{
	my $from = sprintf($types{$type}{from}, q{'2025-07-22 05:00:00+00'});
	my $to = sprintf($types{$type}{from}, q{'2025-07-22 06:30:00+00'});
	my $range = "SELECT count(*), min(n), max(n) FROM ev_$type WHERE id >= $from AND id < $to";
	my $plan = $coord->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) $range");
	if ($type eq 'uuid')
	{
		unlike($plan, qr/Filter:/, "no extensions option: the uuid range is still sent (core operators)");
	}
	else
	{
		like($plan, qr/Filter: \(\(ev_${type}_\d\.id >= .*Remote SQL: SELECT id, n FROM public\.ev_$type\n/s,
			"no extensions option: the $type range is filtered on the coordinator");
	}
	is($coord->safe_psql('postgres', $range), '90|301|390', "no extensions option: the $type range is still right");
}

$coord->stop;
$_->stop for @shards;

done_testing();
