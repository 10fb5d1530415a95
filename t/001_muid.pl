# muid generation on real servers: with and without shared_preload_libraries,
# 8 concurrent clients, and the medallion setting.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $schema = q{
	CREATE EXTENSION idtypes;
	CREATE TABLE t (id muid PRIMARY KEY DEFAULT gen_muid(),
					xid bigint DEFAULT txid_current(), client int);
};
my %script = ('muid_insert' =>
	  q{INSERT INTO t (client) SELECT :client_id FROM generate_series(1, 3);});

# 8 clients, 250 transactions each, 3 muids per transaction
sub load
{
	my ($node, $name) = @_;
	pgbench_load($node, $name, script => \%script, transactions => 250,
		rows => 6000, what => 'muids');
	is($node->safe_psql('postgres', q{
		SELECT count(*) FROM (
			SELECT xid FROM t GROUP BY xid
			HAVING count(DISTINCT (muid_timestamp(id), muid_medallion(id))) <> 1
				OR array_agg(muid_offset(id) ORDER BY muid_offset(id)) <> '{1,2,3}') s}),
		'0', "$name: every transaction's ids share a timestamp and have offsets 1, 2, 3");
}

#
# With shared_preload_libraries: one clock for the server.
#
my $shared = PostgreSQL::Test::Cluster->new('muid_shared');
$shared->init;
$shared->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$shared->start;
$shared->safe_psql('postgres', $schema);
load($shared, 'shared');
is($shared->safe_psql('postgres', q{
	SELECT count(*) FROM (
		SELECT muid_timestamp(id) FROM t GROUP BY 1 HAVING count(DISTINCT xid) <> 1) s}),
	'0', 'shared: no two transactions share a timestamp');
is($shared->safe_psql('postgres',
		'SELECT count(DISTINCT xid), count(DISTINCT muid_timestamp(id)) FROM t'),
	'2000|2000', 'shared: 2000 transactions, 2000 timestamps');
is($shared->safe_psql('postgres', 'SELECT count(DISTINCT muid_medallion(id)) FROM t'),
	'1', 'shared: one medallion for the server');
# transactions of one client sort in the order they ran
is($shared->safe_psql('postgres', q{
	SELECT count(*) FROM (
		SELECT xid, lag(xid) OVER (PARTITION BY client ORDER BY id) AS prev FROM t) s
	WHERE prev > xid}),
	'0', 'shared: each client\'s transactions sort in the order they ran');

# a configured medallion is used by every backend
$shared->append_conf('postgresql.conf', "idtypes.medallion = '0x123456789ABCD'");
$shared->reload;
is($shared->safe_psql('postgres', 'SELECT muid_medallion(gen_muid())'),
	0x123456789ABCD, 'shared: the configured medallion is used');
my ($ret, $out, $err) = $shared->psql('postgres', "ALTER SYSTEM SET idtypes.medallion = 'banana'");
like($err, qr/invalid value for parameter "idtypes.medallion"/,
	'a medallion that is not a number is refused');
($ret, $out, $err) = $shared->psql('postgres', "ALTER SYSTEM SET idtypes.medallion = '4503599627370496'");
like($err, qr/invalid value for parameter "idtypes.medallion"/,
	'a medallion over 52 bits is refused');
$shared->stop;

#
# Without shared_preload_libraries: each backend is its own node.
#
my $local = PostgreSQL::Test::Cluster->new('muid_local');
$local->init;
$local->start;
$local->safe_psql('postgres', $schema);
load($local, 'per-backend');
is($local->safe_psql('postgres', 'SELECT count(DISTINCT muid_medallion(id)) FROM t'),
	'8', 'per-backend: each of the 8 backends has a medallion of its own');
is($local->safe_psql('postgres', q{
	SELECT bool_and(muid_medallion(id) BETWEEN 281474976710656 AND 562949953421311) FROM t}),
	't', 'per-backend: medallions are in the specification\'s random range');

# a configured medallion cannot be honoured without shared memory
$local->append_conf('postgresql.conf', "idtypes.medallion = '42'");
$local->reload;
($ret, $out, $err) = $local->psql('postgres', 'SELECT gen_muid()');
isnt($ret, 0, 'per-backend: gen_muid() fails with a configured medallion');
like($err, qr/idtypes\.medallion is set, but idtypes is not loaded through shared_preload_libraries/,
	'per-backend: the error names the setting');
like($err, qr/HINT:  Add idtypes to shared_preload_libraries/, 'per-backend: with a hint');
($ret, $out, $err) = $local->psql('postgres', 'SELECT muid_transaction()');
like($err, qr/idtypes\.medallion is set/, 'per-backend: muid_transaction() fails the same way');
$local->stop;

done_testing();
