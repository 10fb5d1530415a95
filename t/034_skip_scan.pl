#-------------------------------------------------------------------------
#
# 034_skip_scan.pl
#	  Skip scans (PostgreSQL 18 and later) over a btree index whose leading
#	  column is an id: the btree operator class of every type of the
#	  extension's own has skip support.
#
# For each type, a table (tenant <type>, n int) with an index on both
# columns, a few tenants of many rows each, and a query on n alone.  The
# tenants include the smallest and the largest id of the type and runs of
# neighbouring ids (one across a carry), so the scan steps up and down
# through both ends.  The plan is an index scan whose number of index
# searches is about one per tenant; the same scan through an operator
# class of the same type without skip support (made by the test) takes
# about two per tenant.  Both scans, forwards and backwards, return what a
# sequential scan does.  The skip support survives a dump and restore, and
# a family without it gets it back by the statement that doc/reference.md
# gives.
# Skipped before PostgreSQL 18, which has no skip scan.
#
# Copyright (c) 2026, idtypes developers
#
# t/034_skip_scan.pl
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

my $node = PostgreSQL::Test::Cluster->new('skip');
plan skip_all => 'btree skip scans and skip support are PostgreSQL 18\'s, and this server is '
  . $node->pg_version
  if $node->pg_version < 18;

$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\n");
$node->start;

sub sql
{
	my ($sql, $db) = @_;
	return $node->safe_psql($db // 'postgres', $sql);
}

sql('CREATE EXTENSION idtypes');

# rows per tenant: enough index pages per tenant that a scan that cannot
# guess the next tenant goes down the tree twice for each
my $rows = 20000;
my $probe = 4242;

# The number of index searches of a query, and its plan's first line.
sub searches
{
	my ($query) = @_;
	my $plan = sql(qq{
		SET enable_seqscan = off;
		SET enable_bitmapscan = off;
		EXPLAIN (ANALYZE, COSTS OFF, SUMMARY OFF, TIMING OFF, BUFFERS OFF) $query});
	my ($n) = $plan =~ /Index Searches: (\d+)/;
	my ($first) = split /\n/, $plan;
	return ($n // -1, $first, $plan);
}

# The rows of a query by a sequential scan.
sub by_seqscan
{
	my ($query) = @_;
	return sql(qq{
		SET enable_indexscan = off;
		SET enable_indexonlyscan = off;
		SET enable_bitmapscan = off;
		$query});
}

# The rows of a query by an index scan.
sub by_index
{
	my ($query) = @_;
	return sql(qq{
		SET enable_seqscan = off;
		SET enable_bitmapscan = off;
		$query});
}

foreach my $s (byte_schemes())
{
	my ($type, $digits) = ($s->{type}, 2 * $s->{bytes});
	my $id = sub { from_hex($s, "'$_[0]'") };
	my $low = '0' x $digits;
	my $high = 'f' x $digits;

	# the smallest ids, a run across a carry, the largest ids
	my @tenants = (
		$low, ('0' x ($digits - 1)) . '1', ('0' x ($digits - 1)) . '2',
		('0' x ($digits - 2)) . 'ff', ('0' x ($digits - 3)) . '100', ('0' x ($digits - 3)) . '101',
		('f' x ($digits - 1)) . 'd', ('f' x ($digits - 1)) . 'e', $high);
	my $values = join(', ', map { $id->($_) } @tenants);

	is( sql(qq{
		SELECT count(*) FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
		WHERE f.opfname = '${type}_ops' AND p.amprocnum = 6
		  AND p.amproclefttype = '$type'::regtype AND p.amprocrighttype = '$type'::regtype
		  AND p.amproc = '${type}_skipsupport(internal)'::regprocedure}),
		'1', "$type: the btree family has skip support (function 6)");

	# the same table twice: indexed through the type's operator class, and
	# through one without skip support
	sql(qq{
		CREATE TABLE skip_$type (tenant $type, n int);
		INSERT INTO skip_$type SELECT t, n FROM unnest(ARRAY[$values]) t, generate_series(1, $rows) n;
		CREATE INDEX skip_${type}_idx ON skip_$type (tenant, n);
		CREATE OPERATOR CLASS ${type}_noskip_ops FOR TYPE $type USING btree AS
			OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
			FUNCTION 1 ${type}_cmp($type, $type);
		CREATE TABLE noskip_$type AS SELECT * FROM skip_$type;
		CREATE INDEX noskip_${type}_idx ON noskip_$type (tenant ${type}_noskip_ops, n);
		VACUUM ANALYZE skip_$type, noskip_$type;
	});

	my $expected = join("\n", map { sql("SELECT " . $id->($_) . "::text") . "|$probe" } @tenants);
	foreach my $dir ('ASC', 'DESC')
	{
		my $query = "SELECT tenant, n FROM skip_$type WHERE n = $probe ORDER BY tenant $dir, n $dir";
		my ($with, $first, $plan) = searches($query);
		(my $noskip_query = $query) =~ s/skip_$type/noskip_$type/;
		my ($without) = searches($noskip_query);

		like($first, qr/^Index Only Scan (Backward )?using skip_${type}_idx on skip_$type/,
			"$type, $dir: the plan scans the index") or diag($plan);
		cmp_ok($with, '>=', 1, "$type, $dir: the plan shows its index searches") or diag($plan);
		# about one search per tenant (the guess of the next tenant is
		# right inside the runs of neighbours), and a few more for the two
		# gaps between the runs; without skip support, two per tenant
		cmp_ok($with, '<=', scalar(@tenants) + 4,
			"$type, $dir: $with index searches for " . scalar(@tenants) . " tenants") or diag($plan);
		cmp_ok($with, '<', $without,
			"$type, $dir: fewer searches than without skip support ($without)");

		my $rows_seq = by_seqscan($query);
		is($rows_seq, $expected, "$type, $dir: a sequential scan finds the probe in every tenant")
		  if $dir eq 'ASC';
		is(by_index($query), $rows_seq, "$type, $dir: the skip scan returns what a sequential scan does");
		is(by_index($noskip_query), $rows_seq, "$type, $dir: so does the scan without skip support");
	}

	# every row through the skip scan: a range of n that each tenant has
	is( by_index("SELECT count(*) FROM skip_$type WHERE n BETWEEN 100 AND 199"),
		100 * scalar(@tenants), "$type: a range of n, through the index, in every tenant");

	# The family without its function 6 (as a cluster that pg_upgrade
	# brought from 17 has it): the scan searches as often as through the
	# class without skip support; doc/reference.md's statement adds it back.
	my $query = "SELECT tenant, n FROM skip_$type WHERE n = $probe";
	my ($with) = searches($query);
	(my $noskip_query = $query) =~ s/skip_$type/noskip_$type/;
	my ($without) = searches($noskip_query);
	sql("ALTER OPERATOR FAMILY ${type}_ops USING btree DROP FUNCTION 6 ($type, $type)");
	is((searches($query))[0], $without, "$type: without function 6, $without searches");
	sql("ALTER OPERATOR FAMILY ${type}_ops USING btree ADD FUNCTION 6 ($type, $type) ${type}_skipsupport(internal)");
	is((searches($query))[0], $with, "$type: with it added back, $with again");
}

# a dump restored into another database keeps the skip support
my $dump = "${PostgreSQL::Test::Utils::tmp_check}/skip.dump";
$node->command_ok([ 'pg_dump', '-Fc', '-f', $dump, '-d', $node->connstr('postgres') ], 'pg_dump');
sql('CREATE DATABASE restored');
$node->command_ok([ 'pg_restore', '-d', $node->connstr('restored'), $dump ], 'pg_restore');
foreach my $s (byte_schemes())
{
	my $type = $s->{type};
	my ($with) = sql(qq{
		SET enable_seqscan = off;
		SET enable_bitmapscan = off;
		EXPLAIN (ANALYZE, COSTS OFF, SUMMARY OFF, TIMING OFF, BUFFERS OFF)
		SELECT tenant, n FROM skip_$type WHERE n = $probe}, 'restored') =~ /Index Searches: (\d+)/;
	my ($before) = searches("SELECT tenant, n FROM skip_$type WHERE n = $probe");
	is($with, $before, "$type: after a restore, the skip scan makes as many searches ($before)");
}

$node->stop;
done_testing();
