# Many nodes, one aggregator: three servers with distinct identities
# (medallion, publisher id, uid8 cluster and generator ids) generate ids of
# every type at the same time, and PostgreSQL's built-in logical replication
# merges their tables into a fourth server.  The merged table holds every
# row once, no id collides, each node's ids are still in that node's
# generation order and name their node.  Then the identities are read from
# SQL across the servers (postgres_fdw), and two nodes given the same
# identity are found, both from their settings and from the merged ids.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# Node identities: n1 and n2 share a uid8 cluster id but have disjoint
# configured generator ids (one way to assign them), n3 has a cluster of its
# own, spread-mode uid8s and two generator ids.
my %identity = (
	n1 => { medallion => 0x1001, publisher => 1, cluster => 1, generator => 0, count => 1, mode => 'time_sequential' },
	n2 => { medallion => 0x1002, publisher => 2, cluster => 1, generator => 1, count => 1, mode => 'time_sequential' },
	n3 => { medallion => 0x1003, publisher => 3, cluster => 2, generator => 0, count => 2, mode => 'spread' },
);
my @names = sort keys %identity;
my $clients = 4;
my $transactions = 25;
my $rows_per_transaction = 10;
my $rows = $clients * $transactions * $rows_per_transaction;

# One column per generator; n is the order in which the node generated the
# row (the load below generates one transaction at a time per node).
sub events_table
{
	my ($name) = @_;
	return qq{
		CREATE TABLE events (
			node text NOT NULL DEFAULT '$name',
			n bigint NOT NULL DEFAULT nextval('events_n'),
			client int NOT NULL,
			}
	  . join('', map { "c_$_->{name} $_->{type} NOT NULL DEFAULT $_->{gen},\n\t\t\t" } schemes())
	  . q{PRIMARY KEY (node, n));
	};
}

my %node;
for my $name (@names)
{
	my $id = $identity{$name};
	my $node = PostgreSQL::Test::Cluster->new("fanin_$name");
	$node->init(allows_streaming => 'logical');
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.medallion = '$id->{medallion}'
idtypes.publisher_id = $id->{publisher}
idtypes.uid8_cluster_id = $id->{cluster}
idtypes.uid8_generator_id = $id->{generator}
idtypes.uid8_generator_count = $id->{count}
idtypes.uid8_mode = '$id->{mode}'
});
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION idtypes; CREATE SEQUENCE events_n;'
		  . events_table($name) . 'CREATE PUBLICATION fan_in FOR TABLE events;');
	$node{$name} = $node;
}

# The aggregator: the same table, with every id column unique, so that a
# collision would stop replication with a unique violation.
my $agg = PostgreSQL::Test::Cluster->new('fanin_aggregator');
$agg->init;
$agg->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$agg->start;
$agg->safe_psql('postgres', 'CREATE EXTENSION idtypes; CREATE SEQUENCE events_n;'
	  . events_table('aggregator') . join('', map { "ALTER TABLE events ADD UNIQUE (c_$_->{name});" } schemes()));
for my $name (@names)
{
	# n2's rows travel in binary (where the server has it), the others' in text
	my $binary = $name eq 'n2' ? 'true' : 'false';
	$agg->safe_psql('postgres',
		"CREATE SUBSCRIPTION from_$name CONNECTION 'host=" . $node{$name}->host . ' port='
		  . $node{$name}->port . " dbname=postgres' PUBLICATION fan_in"
		  . " WITH (binary = $binary)");
}
$agg->wait_for_subscription_sync;

# All three nodes at once, each with 4 clients.  Each transaction holds an
# advisory lock while it generates, so that the node generates one
# transaction at a time and n is its generation order (the clients still
# share the node's clocks concurrently from different backends).
my $script = PostgreSQL::Test::Utils::tempdir() . '/insert.sql';
PostgreSQL::Test::Utils::append_to_file($script, qq{
BEGIN;
SELECT pg_advisory_xact_lock(42);
INSERT INTO events (client) SELECT :client_id FROM generate_series(1, $rows_per_transaction);
COMMIT;
});
my %run;
for my $name (@names)
{
	my ($out, $err) = ('', '');
	my $h = IPC::Run::start(
		[ 'pgbench', '--no-vacuum', "--client=$clients", '--jobs=2', "--transactions=$transactions",
		  '-f', $script, '-h', $node{$name}->host, '-p', $node{$name}->port, 'postgres' ],
		'>', \$out, '2>', \$err);
	$run{$name} = [ $h, \$out, \$err ];
}
for my $name (@names)
{
	my ($h, $out, $err) = @{ $run{$name} };
	$h->finish;
	my $total = $clients * $transactions;
	ok($h->result == 0 && $$out =~ /processed: $total\/$total/ && $$err eq '',
		"$name: $clients clients, $total transactions, no error") or diag("$$out\n$$err");
}
$node{$_}->wait_for_catchup("from_$_") for @names;

#
# The merged table.
#
is($agg->safe_psql('postgres', 'SELECT node, count(*) FROM events GROUP BY node ORDER BY node'),
	join("\n", map { "$_|$rows" } @names), "aggregator: $rows rows from each node");
is($agg->safe_psql('postgres', 'SELECT count(*)'
	  . join('', map { ", count(DISTINCT c_$_->{name})" } schemes()) . ' FROM events'),
	join('|', (3 * $rows) x (1 + schemes())), 'aggregator: every id of every type is distinct (the columns are unique too)');
ok(!$agg->log_contains('duplicate key value'), 'aggregator: no unique violation stopped replication');

# every node's rows, in the node's generation order, have increasing ids of
# every type; uid8 by (time, sequence, generator), which is the order of the
# server's generator in both layouts, and time_sequential ones by value too
# (uid8's key is that tuple; the other types' their ids)
my %order = (uid8 => '(uid8_timestamp(c_uid8), uid8_sequence(c_uid8), uid8_generator(c_uid8))');
my @back = map {
	my $k = $order{ $_->{name} } // "c_$_->{name}";
	"count(*) FILTER (WHERE $k <= lag_$_->{name})"
} schemes();
push @back, q{count(*) FILTER (WHERE uid8_mode(c_uid8) = 'time_sequential' AND c_uid8 <= lag_uid8_value)};
is($agg->safe_psql('postgres', 'SELECT ' . join(', ', @back, 'count(lag_' . (schemes())[0]{name} . ')')
	  . ' FROM (SELECT *, '
	  . join(', ', map { 'lag(' . ($order{ $_->{name} } // "c_$_->{name}") . ") OVER w AS lag_$_->{name}" } schemes())
	  . ', lag(c_uid8) OVER w AS lag_uid8_value'
	  . ' FROM events WINDOW w AS (PARTITION BY node ORDER BY n)) s'),
	join('|', (0) x @back, 3 * ($rows - 1)),
	"aggregator: each node's ids of every type are in that node's generation order");

# each id names its node: the node's medallion, publisher, cluster and
# generator ids, and nothing else
is($agg->safe_psql('postgres', q{
	SELECT node, count(DISTINCT muid_medallion(c_muid)), min(muid_medallion(c_muid)),
		   count(DISTINCT hlculid_publisher(c_hlculid)), min(hlculid_publisher(c_hlculid)),
		   count(DISTINCT uid8_cluster(c_uid8)), min(uid8_cluster(c_uid8)),
		   min(uid8_generator(c_uid8)), max(uid8_generator(c_uid8)), min(uid8_mode(c_uid8)), max(uid8_mode(c_uid8))
	FROM events GROUP BY node ORDER BY node}),
	join("\n", map {
		my $i = $identity{$_};
		join('|', $_, 1, $i->{medallion}, 1, $i->{publisher}, 1, $i->{cluster},
			$i->{generator}, $i->{generator} + $i->{count} - 1, $i->{mode}, $i->{mode})
	} @names),
	'aggregator: each node\'s ids carry its medallion, publisher, cluster and generator ids');

#
# Node identity from SQL, across the servers: each node's
# idtypes_node_identity view, read on the aggregator through postgres_fdw.
#
for my $name (@names)
{
	my $id = $identity{$name};
	is($node{$name}->safe_psql('postgres', q{
		SELECT in_recovery, preloaded, medallion, medallion_source, publisher_id, publisher_source,
			   uid8_cluster_id, uid8_cluster_source, uid8_generators, uid8_generator_source, uid8_mode
		FROM idtypes_node_identity}),
		join('|', 'f', 't', $id->{medallion}, 'configured', $id->{publisher}, 'configured',
			$id->{cluster}, 'configured', "[$id->{generator}," . ($id->{generator} + $id->{count}) . ')',
			'configured', $id->{mode}),
		"$name: idtypes_node_identity shows the configured identity");
}
is($agg->safe_psql('postgres', q{
	SELECT preloaded, medallion_source, publisher_source, uid8_cluster_id, uid8_cluster_source,
		   uid8_generators, uid8_generator_source, uid8_mode
	FROM idtypes_node_identity()}),
	't|automatic|automatic|0|default|[0,2048)|automatic|time_sequential',
	'aggregator: an unconfigured server shows automatic and default values');

$agg->safe_psql('postgres', 'CREATE EXTENSION postgres_fdw');
# the query of doc/operations.md (Assigning identities): every pair of
# servers that share an identity
identity_views($agg, map { [ $_, $node{$_} ] } @names);
is($agg->safe_psql('postgres', 'SELECT count(*) FROM identities'), '3',
	'fdw: the identities of the three nodes are read through postgres_fdw');
is($agg->safe_psql('postgres', 'SELECT * FROM identity_clashes'), '',
	'fdw: no two nodes share an identity');

# Misconfiguration: n3 is given n1's medallion, n2's publisher and n1's
# cluster id (where its generator ids 0 and 1 overlap n1's and n2's).  The
# identity settings are reloadable, apart from the uid8 generator ids.
$node{n3}->safe_psql('postgres', qq{
	ALTER SYSTEM SET idtypes.medallion = '$identity{n1}{medallion}';
	ALTER SYSTEM SET idtypes.publisher_id = $identity{n2}{publisher};
	ALTER SYSTEM SET idtypes.uid8_cluster_id = $identity{n1}{cluster};
	SELECT pg_reload_conf();
});
$node{n3}->poll_query_until('postgres',
	"SELECT publisher_id = $identity{n2}{publisher} AND uid8_cluster_id = 1 FROM idtypes_node_identity")
  or die 'n3 did not reload its settings';
is($agg->safe_psql('postgres', 'SELECT * FROM identity_clashes ORDER BY 1, 2, 3'),
	"n1|n3|medallion|f\nn1|n3|uid8 generator ids|f\nn2|n3|publisher|f\nn2|n3|uid8 generator ids|f",
	'fdw: the shared medallion, publisher and uid8 generator ids are found (between independent servers)');

# What it breaks: ids no longer tell the nodes apart.  The aggregator sees
# one medallion, publisher and (cluster, generator) pair on two nodes.
$node{n3}->safe_psql('postgres', 'INSERT INTO events (client) SELECT 0 FROM generate_series(1, 10)');
$node{n3}->wait_for_catchup('from_n3');
is($agg->safe_psql('postgres', q{
	SELECT 'medallion', muid_medallion(c_muid), string_agg(DISTINCT node, ',') FROM events GROUP BY 2 HAVING count(DISTINCT node) > 1
	UNION ALL
	SELECT 'publisher', hlculid_publisher(c_hlculid), string_agg(DISTINCT node, ',') FROM events GROUP BY 2 HAVING count(DISTINCT node) > 1
	UNION ALL
	SELECT 'uid8', uid8_cluster(c_uid8) * 2048 + uid8_generator(c_uid8), string_agg(DISTINCT node, ',') FROM events GROUP BY 2 HAVING count(DISTINCT node) > 1
	ORDER BY 1, 2}),
	"medallion|$identity{n1}{medallion}|n1,n3\npublisher|$identity{n2}{publisher}|n2,n3\nuid8|2048|n1,n3\nuid8|2049|n2,n3",
	'aggregator: after the change, the merged ids show one identity used by two nodes');

$_->stop for values %node;
$agg->stop;

done_testing();
