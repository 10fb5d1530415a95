# idtypes keys on Citus: a coordinator and two workers (a third joins
# later), all with shared_preload_libraries = 'citus,idtypes' and idtypes'
# node identity settings left at their defaults.  For every scheme of
# IdtypesTest's list (uuid through uuidv7_next(), uuidv6_next() and
# uuidv8_next()): a distributed table
# with DEFAULT gen_*() on its distribution column, filled from the
# coordinator and from every worker at the same time by several clients
# each, with no error and no duplicate id; equality on the key runs on one
# shard; a colocated join on the key runs shard by shard; a time range on
# the key is answered from every shard's index.  Every node's identity is
# read cluster-wide through run_command_on_workers(), and no two nodes
# share one.  The documentation's ```sql citus blocks (README.md, doc/*.md)
# run here too.
#
# Citus comes from the PostgreSQL under test's own installation: a packaged
# one, or the one tools/citus.sh builds from its source archive.  Without
# it this test is skipped, with the reason (IDTYPES_CITUS_SKIP when
# tools/citus.sh could not build it).
use strict;
use warnings;
use Cwd qw(getcwd);
use FindBin;
use lib $FindBin::RealBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IdtypesTest;
use IdtypesTest::DocExamples;

my $pg_config = $ENV{PG_CONFIG} // 'pg_config';
my $sharedir = `$pg_config --sharedir`;
chomp $sharedir;
if (!-f "$sharedir/extension/citus.control")
{
	plan skip_all => $ENV{IDTYPES_CITUS_SKIP}
	  // "Citus is not installed for this PostgreSQL ($sharedir/extension/citus.control is missing; "
	  . 'bash tools/test.sh builds it from its source archive)';
}

# per scheme of IdtypesTest's list (the table ev_<scheme>): its type, its
# generator, the function of an id's time, and the lower bound of a time
# range on the key (%s a timestamptz): the floor function, or the
# timestamptz itself where the type compares with it
my %types = map {
	$_->{name} => {
		type => $_->{type}, gen => $_->{gen}, ts => $_->{timestamp},
		from => defined $_->{floor} ? "$_->{floor}(%s)" : '%s::timestamptz' }
} schemes();
my @types = sort keys %types;
my $shards = 4;
my $clients = 4;         # per node
my $transactions = 50;   # per client (the second round: $later)
my $later = 15;
my $rows = 20;           # per statement

sub new_node
{
	my ($name) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	# uid8_mode is the layout of the ids, not part of the node identity:
	# time_sequential, so that a time range on a uid8 key is a key range
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'citus,idtypes'
max_connections = 100
citus.shard_count = $shards
citus.explain_all_tasks = on
idtypes.uid8_mode = 'time_sequential'
});
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION citus');
	return $node;
}

my $coord = new_node('coordinator');
my @workers = map { new_node("worker$_") } (1, 2);
$coord->safe_psql('postgres', sprintf(q{SELECT citus_set_coordinator_host('%s', %d)}, $coord->host, $coord->port));
for my $w (@workers)
{
	$coord->safe_psql('postgres', sprintf(q{SELECT citus_add_node('%s', %d)}, $w->host, $w->port));
}
# created after the workers joined, so Citus creates it on them as well
$coord->safe_psql('postgres', 'CREATE EXTENSION idtypes');
is($workers[1]->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'idtypes'}),
	$coord->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'idtypes'}),
	'CREATE EXTENSION idtypes on the coordinator created it on the workers');

for my $t (@types)
{
	my $type = $types{$t}{type};
	$coord->safe_psql('postgres', qq{
		CREATE TABLE ev_$t (id $type NOT NULL DEFAULT $types{$t}{gen}, node text NOT NULL, client int NOT NULL);
		CREATE INDEX ON ev_$t (id);
		SELECT create_distributed_table('ev_$t', 'id');
		CREATE TABLE ev_${t}_detail (id $type NOT NULL, note text);
		SELECT create_distributed_table('ev_${t}_detail', 'id', colocate_with => 'ev_$t');
	});
}

# ---------------------------------------------------------------------------
# identities, read cluster-wide from the coordinator
# ---------------------------------------------------------------------------

# every node's identity as "host:port|medallion|publisher|cluster|generators|cluster source"
sub identities
{
	my $q = q{SELECT concat_ws('|', medallion, publisher_id, uid8_cluster_id, uid8_generators, uid8_cluster_source)
	          FROM idtypes_node_identity};
	my $local = $coord->safe_psql('postgres', $q);
	my @rows = ("coordinator|$local");
	push @rows, split /\n/, $coord->safe_psql('postgres', qq{
		SELECT nodename || ':' || nodeport || '|' || result
		FROM run_command_on_workers(\$\$$q\$\$) WHERE success ORDER BY nodeport});
	return @rows;
}

# the uid8 (cluster id, generator id) pairs that more than one node can use
sub shared_uid8_pairs
{
	my %uid8;
	for my $r (@_)
	{
		my (undef, undef, undef, $cluster, $gens) = split /\|/, $r;
		my ($lo, $hi) = $gens =~ /^\[(\d+),(\d+)\)$/ or die "generators $gens";
		$uid8{"$cluster:$_"}++ for $lo .. $hi - 1;
	}
	return scalar grep { $_ > 1 } values %uid8;
}

sub check_identities
{
	my ($n) = @_;
	my @rows = identities();
	is(scalar @rows, $n, "$n nodes' identities read through run_command_on_workers");
	my (%medallion, %publisher);
	for my $r (@rows)
	{
		my ($node, $med, $pub, $cluster, $gens, $source) = split /\|/, $r;
		$medallion{$med}++;
		$publisher{$pub}++;
		is($source, 'automatic', "$node: its uid8 cluster id is automatic (its Citus group's)");
	}
	is(scalar keys %medallion, $n, 'every node has its own medallion');
	is(scalar keys %publisher, $n, 'every node has its own publisher');
	is(shared_uid8_pairs(@rows), 0, 'no two nodes share a uid8 (cluster id, generator id) pair')
	  or diag(join "\n", @rows);
	return @rows;
}

note(join "\n", check_identities(3));

# ---------------------------------------------------------------------------
# concurrent inserts from every node
# ---------------------------------------------------------------------------

# $clients clients on each node at once, each running $transactions
# transactions that insert $rows rows into every table; returns the number
# of errors
my $rounds = 0;
sub insert_everywhere
{
	my ($transactions, @nodes) = @_;
	$rounds++;
	my @runs;
	for my $i (0 .. $#nodes)
	{
		my $name = $i == 0 ? 'coordinator' : "worker$i";
		my $script = join '', map {
			"INSERT INTO ev_$_ (node, client) SELECT '$name', :client_id FROM generate_series(1, $rows);\n"
		} @types;
		push @runs, [ $name, start_pgbench($nodes[$i], "-n -c $clients -j $clients -t $transactions",
			{ "round${rounds}_$name" => $script }) ];
	}
	my $errors = 0;
	for my $run (@runs)
	{
		my ($name, $r) = @$run;
		my ($rc, $out, $err) = finish_pgbench($r);
		my ($failed) = $out =~ /number of failed transactions: (\d+)/;
		$errors += ($err =~ /ERROR/ ? 1 : 0) + ($failed // 0) + ($rc ? 1 : 0);
		is($rc, 0, "round $rounds: pgbench on $name succeeded") or diag("$out\n$err");
		unlike($err, qr/ERROR/, "round $rounds: no error on $name");
	}
	return $errors;
}

my $errors = insert_everywhere($transactions, $coord, @workers);
my $expected = 3 * $clients * $transactions * $rows;
for my $t (@types)
{
	my ($count, $distinct, $nodes) = split /\|/, $coord->safe_psql('postgres',
		"SELECT count(*), count(DISTINCT id), count(DISTINCT node) FROM ev_$t");
	is($count, $expected, "$t: all $expected rows from 3 nodes x $clients clients arrived");
	is($count - $distinct, 0, "$t: no duplicate id");
	is($nodes, 3, "$t: rows from every node");
	note("$t: $count rows, 3 nodes, $clients clients each, " . ($count - $distinct) . " duplicates");
}
is($errors, 0, 'no error in any client');

# ---------------------------------------------------------------------------
# queries on the key
# ---------------------------------------------------------------------------

for my $t (@types)
{
	$coord->safe_psql('postgres', "INSERT INTO ev_${t}_detail SELECT id, node FROM ev_$t WHERE client % 2 = 0;
		ANALYZE ev_$t; ANALYZE ev_${t}_detail;");

	# equality: one shard
	my $id = $coord->safe_psql('postgres', "SELECT id FROM ev_$t ORDER BY id LIMIT 1 OFFSET 777");
	my $plan = $coord->safe_psql('postgres', "EXPLAIN (COSTS OFF) SELECT * FROM ev_$t WHERE id = '$id'");
	like($plan, qr/Task Count: 1\b/, "$t: equality on the key runs on one shard");
	is($coord->safe_psql('postgres', "SELECT count(*) FROM ev_$t WHERE id = '$id'"), 1,
		"$t: and finds its row");

	# colocated join: one task per shard, no repartitioning
	$plan = $coord->safe_psql('postgres',
		"EXPLAIN (COSTS OFF) SELECT count(*) FROM ev_$t e JOIN ev_${t}_detail d USING (id)");
	like($plan, qr/Task Count: $shards\b/, "$t: the join on the key runs shard by shard");
	unlike($plan, qr/Repartition|MapMergeJob/i, "$t: without moving rows between nodes");
	is($coord->safe_psql('postgres', "SELECT count(*) FROM ev_$t e JOIN ev_${t}_detail d USING (id)"),
		$coord->safe_psql('postgres', "SELECT count(*) FROM ev_$t WHERE client % 2 = 0"),
		"$t: the join finds every detail row's event");

	# a time range: the middle tenth of the ids' times, every shard, by index
	my ($t1, $t2) = split /\|/, $coord->safe_psql('postgres', qq{
		SELECT quote_literal(lo + (hi - lo) * 0.45), quote_literal(lo + (hi - lo) * 0.55)
		FROM (SELECT min($types{$t}{ts}(id)) lo, max($types{$t}{ts}(id)) hi FROM ev_$t) s});
	my $from = sprintf($types{$t}{from}, $t1);
	my $to = sprintf($types{$t}{from}, $t2);
	my $range = "FROM ev_$t WHERE id >= $from AND id < $to";
	$plan = $coord->safe_psql('postgres', "EXPLAIN (COSTS OFF) SELECT count(*) $range");
	like($plan, qr/Task Count: $shards\b/, "$t: a time range on the key goes to every shard");
	my $by_index = () = $plan =~ /Index (Only )?Scan|Bitmap Index Scan/g;
	is($by_index, $shards, "$t: each shard answers it from its index") or diag($plan);
	is($coord->safe_psql('postgres', "SELECT count(*) $range"),
		$coord->safe_psql('postgres',
			"SELECT count(*) FROM ev_$t WHERE $types{$t}{ts}(id) >= $t1 AND $types{$t}{ts}(id) < $t2"),
		"$t: it finds exactly the rows of that time");
}

# ---------------------------------------------------------------------------
# the documentation's Citus examples
# ---------------------------------------------------------------------------

# run in the cluster's database, where Citus and idtypes are set up (before
# the node added later joins: they show the coordinator and two workers)
for my $file (doc_files(getcwd()))
{
	for my $block (doc_sql_blocks(getcwd() . "/$file", 'citus'))
	{
		my @problems = run_doc_sql_block($coord, 'postgres', $block);
		ok(!@problems, "$file line $block->{line} ($block->{heading}) runs on the Citus cluster")
		  or diag(join "\n", @problems);
	}
}

# ---------------------------------------------------------------------------
# a node added later
# ---------------------------------------------------------------------------

my $late = new_node('worker3');
$coord->safe_psql('postgres', sprintf(q{SELECT citus_add_node('%s', %d)}, $late->host, $late->port));
is($late->safe_psql('postgres', q{SELECT count(*) FROM pg_extension WHERE extname = 'idtypes'}), 1,
	'the node added later got idtypes from the cluster');
check_identities(4);
$errors = insert_everywhere($later, $coord, @workers, $late);
is($errors, 0, 'no error in any client, with the node added later');
$expected += 4 * $clients * $later * $rows;
for my $t (@types)
{
	my ($count, $distinct, $late_rows) = split /\|/, $coord->safe_psql('postgres',
		"SELECT count(*), count(DISTINCT id), count(*) FILTER (WHERE node = 'worker3') FROM ev_$t");
	is($count, $expected, "$t: all $expected rows from both rounds arrived");
	is($count - $distinct, 0, "$t: no duplicate id among them");
	is($late_rows, $clients * $later * $rows, "$t: the node added later inserted its rows");
	note("$t after the node added later: $count rows, 4 nodes, $clients clients each, "
		  . ($count - $distinct) . " duplicates");
}

# A configured cluster id turns the automatic identity off, on that node
# only: configured alike on two nodes, it makes them share every pair (the
# situation of every node before the automatic identity), which the check
# above reports.
for my $node ($coord, $workers[0])
{
	$node->safe_psql('postgres', 'ALTER SYSTEM SET idtypes.uid8_cluster_id = 0');
	$node->reload;
	$node->poll_query_until('postgres',
		q{SELECT uid8_cluster_source = 'configured' FROM idtypes_node_identity}) or die 'no reload';
}
my @rows = identities();
like($rows[0], qr/\|0\|\[0,2048\)\|configured$/, 'a configured cluster id is used as it is, with every generator id');
is(shared_uid8_pairs(@rows), 2048, 'two nodes configured alike share all 2048 pairs of their cluster id');
for my $node ($coord, $workers[0])
{
	$node->safe_psql('postgres', 'ALTER SYSTEM RESET idtypes.uid8_cluster_id');
	$node->reload;
	$node->poll_query_until('postgres',
		q{SELECT uid8_cluster_source = 'automatic' FROM idtypes_node_identity}) or die 'no reload';
}
is(shared_uid8_pairs(identities()), 0, 'reset, they are apart again');

$_->stop for ($late, @workers, $coord);
done_testing();
