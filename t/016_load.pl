# Load: 16 clients for 60 seconds insert ids of every scheme (IdtypesTest's
# list; uid8 in time_sequential mode) into tables
# with unique keys, 10 rows a transaction, mixed with reads by time range
# on every table.  Zero errors, zero duplicates, each client's ids in the
# order it made them, range reads that agree with the ids' timestamps; the
# rows per second of each type are reported.
#
# IDTYPES_LOAD_SECONDS and IDTYPES_LOAD_CLIENTS change the duration and the
# number of clients.  pgbench stops by itself at the end of the duration.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $seconds = $ENV{IDTYPES_LOAD_SECONDS} // 60;
my $clients = $ENV{IDTYPES_LOAD_CLIENTS} // 16;

# Every scheme (IdtypesTest's list): its table t_NAME, its generator, the
# range condition on id for [t1, t2) as SQL expressions (by the floor
# function where the type does not compare with timestamptz), and the id's
# timestamp
my %types = map {
	my $s = $_;
	my $range = defined $s->{floor}
	  ? "id >= $s->{floor}(%s) AND id < $s->{floor}(%s)"
	  : 'id >= %s AND id < %s';
	($s->{name} => [ $s->{gen}, $range, "$s->{timestamp}(id)" ])
} schemes();
my %sqltype = map { $_->{name} => $_->{type} } schemes();
my @types = map { $_->{name} } schemes();

my $node = PostgreSQL::Test::Cluster->new('load');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
max_connections = 40
log_statement = none
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION idtypes;'
	  . join('', map { "CREATE TABLE t_$_ (n bigserial, id $sqltype{$_} PRIMARY KEY DEFAULT $types{$_}[0], client int NOT NULL);\n" } @types));

# one insert script per type, and one that reads the last 100 ms of every table
my %scripts = map {
	("insert_$_\@10" => "INSERT INTO t_$_ (client) SELECT :client_id FROM generate_series(1, 10);\n")
} @types;
$scripts{'read@10'} = join('', map {
	"SELECT count(*) FROM t_$_ WHERE "
	  . sprintf($types{$_}[1], "now() - interval '100 ms'", 'now()') . ";\n"
} @types);

my $load = start_pgbench($node, "-n -c $clients -j 2 -T $seconds", \%scripts);
my ($status, $out, $err) = finish_pgbench($load);
is($status, 0, "$clients clients for $seconds s: pgbench ran without an error") or diag($err);
is($err, '', 'no error message');
# pgbench counts failed transactions from PostgreSQL 15 on; an older one
# aborts a client at its first error, and reports the aborted clients
if ($out =~ /number of failed transactions/)
{
	like($out, qr/number of failed transactions: 0 /, 'no failed transaction');
}
else
{
	unlike($out, qr/aborted|Run was aborted/, 'no failed transaction (no client aborted)');
}
my ($duration) = $out =~ /^duration: (\d+) s$/m;
is($duration, $seconds, "it ran $seconds s");
my ($reads) = $out =~ /SQL script \d+: \S+read\.sql\n - weight: \d+ \([^)]*\)\n - (\d+) transactions/;

my %rows;
foreach my $t (@types)
{
	my ($count, $distinct, $order, $clients_seen) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT count(*), count(DISTINCT id),
			   (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY client ORDER BY n) AS back
									  FROM t_$t) s WHERE back),
			   count(DISTINCT client)
		FROM t_$t});
	$rows{$t} = $count;
	cmp_ok($count, '>', 0, "$t: $count rows");
	is($distinct, $count, "$t: no duplicate");
	is($order, '0', "$t: each client's ids increase in the order it made them");
	is($clients_seen, $clients, "$t: all $clients clients inserted");

	# a time range in the middle of the run, by index and by timestamp
	my ($t1, $t2) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT min($types{$t}[2]) + (max($types{$t}[2]) - min($types{$t}[2])) / 3,
			   min($types{$t}[2]) + (max($types{$t}[2]) - min($types{$t}[2])) / 2 FROM t_$t});
	my $range = sprintf($types{$t}[1], "'$t1'::timestamptz", "'$t2'::timestamptz");
	my ($by_index, @plan) = split /\n/, $node->safe_psql('postgres', qq{
		SET enable_seqscan = off;
		SELECT count(*) FROM t_$t WHERE $range;
		EXPLAIN (COSTS OFF) SELECT count(*) FROM t_$t WHERE $range;});
	my $plan = join("\n", @plan);
	my $by_time = $node->safe_psql('postgres', qq{
		SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;
		SELECT count(*) FROM t_$t WHERE $types{$t}[2] >= '$t1' AND $types{$t}[2] < '$t2'});
	like($plan, qr/Index/, "$t: the time range is an index scan");
	is($by_index, $by_time, "$t: it finds the $by_time rows whose timestamp is in the range");
}

my $total = 0;
$total += $_ for values %rows;
note(sprintf("%d clients x %d s: %d rows, %.0f rows/s in all; %d read transactions (%d range reads each)",
		$clients, $seconds, $total, $total / $seconds, $reads // 0, scalar @types));
note(sprintf('%-8s %9d rows %8.0f rows/s', $_, $rows{$_}, $rows{$_} / $seconds)) for @types;
$node->stop;

done_testing();
