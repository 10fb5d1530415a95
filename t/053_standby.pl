# Physical copies of a data directory: a hot standby (pg_basebackup) and
# the same standby promoted while its primary still runs (a clone).  A copy
# inherits postgresql.auto.conf, postgresql.conf when it is in the data
# directory, and idtypes.state, so it would generate with its primary's
# identity.  During recovery, gen_muid() with a configured medallion and
# gen_uid8() are refused; the random-based generators work.  Once promoted
# it generates, and the shared identity is found by a query across the two
# servers through postgres_fdw, until the copy is given its own.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$primary->start;
# the identity, as an administrator would set it: ALTER SYSTEM, which
# writes postgresql.auto.conf in the data directory (the uid8 generator id
# takes effect at a restart)
$primary->safe_psql('postgres', q{
	ALTER SYSTEM SET idtypes.medallion = '0x3001';
	ALTER SYSTEM SET idtypes.publisher_id = 30;
	ALTER SYSTEM SET idtypes.uid8_cluster_id = 3;
	ALTER SYSTEM SET idtypes.uid8_generator_id = 7;
});
$primary->restart;
$primary->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE EXTENSION postgres_fdw;
	CREATE TABLE t (m muid DEFAULT gen_muid(), u uid8 DEFAULT gen_uid8());
	INSERT INTO t SELECT FROM generate_series(1, 10);
});
my $identity = q{
	SELECT medallion, medallion_source, publisher_id, publisher_source, uid8_cluster_id, uid8_cluster_source,
		   uid8_generators, uid8_generator_source
	FROM idtypes_node_identity};
my $primary_identity = '12289|configured|30|configured|3|configured|[7,8)|configured';
is($primary->safe_psql('postgres', $identity), $primary_identity, 'primary: the configured identity');
my $sysid = $primary->safe_psql('postgres', 'SELECT system_identifier FROM idtypes_node_identity');

$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;
$primary->wait_for_catchup($standby);

#
# The hot standby: its primary's identity, and the generators that depend
# on it refused.
#
is($standby->safe_psql('postgres', $identity), $primary_identity,
	'standby: the same identity, inherited with the data directory');
is($standby->safe_psql('postgres', 'SELECT system_identifier, in_recovery FROM idtypes_node_identity'),
	"$sysid|t", 'standby: the same system identifier, in recovery');
ok(-e $standby->data_dir . '/idtypes.state', 'standby: idtypes.state came with the copy');

my ($ret, $out, $err) = $standby->psql('postgres', 'SELECT gen_muid()', extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/ERROR:  55000: cannot generate muids during recovery/, 'standby: gen_muid() is refused (55000)');
like($err, qr/DETAIL:  A standby is a copy of its primary, configuration included, so its muids could repeat the primary's: they would carry the same medallion\./,
	'standby: the detail says why');
like($err, qr/HINT:  Generate muids on the primary, or reset idtypes\.medallion on this standby/, 'standby: the hint says what to do');
($ret, $out, $err) = $standby->psql('postgres', 'SELECT gen_uid8()');
like($err, qr/ERROR:  cannot generate uid8 ids during recovery/, 'standby: gen_uid8() is refused');
# ids whose uniqueness rests on random bits are safe to generate
is($standby->safe_psql('postgres', q{
	SELECT hlculid_publisher(gen_hlculid()), gen_tid62() IS NOT NULL, uuidv_version(uuidv7_next()),
		   uuidv_version(uuidv6_next()), uuidv_version(uuidv8_next())}),
	'30|t|7|6|8', 'standby: hlculid (with the primary\'s publisher), tid62 and UUIDs are generated');

# A second standby from the same backup is given an automatic medallion:
# ALTER SYSTEM works during recovery, and writes the standby's own file.
my $standby2 = PostgreSQL::Test::Cluster->new('standby2');
$standby2->init_from_backup($primary, 'base', has_streaming => 1);
$standby2->start;
$standby2->safe_psql('postgres', 'ALTER SYSTEM RESET idtypes.medallion; SELECT pg_reload_conf()');
$standby2->poll_query_until('postgres', "SELECT medallion_source = 'automatic' FROM idtypes_node_identity")
  or die 'standby2 did not reload its settings';
is($standby2->safe_psql('postgres', q{
	SELECT muid_medallion(gen_muid()) = medallion, medallion <> 12289, in_recovery FROM idtypes_node_identity}),
	't|t|t', 'standby with an automatic medallion: gen_muid() works during recovery, with a medallion of its own');
# uid8 stays refused: its cluster id is the primary's, and automatic
# generator ids are negotiated within one server only
$standby2->safe_psql('postgres', 'ALTER SYSTEM RESET idtypes.uid8_generator_id');
$standby2->restart;
($ret, $out, $err) = $standby2->psql('postgres', 'SELECT uid8_generator_source FROM idtypes_node_identity; SELECT gen_uid8()');
is($out, 'automatic', 'standby with automatic uid8 generator ids');
like($err, qr/ERROR:  cannot generate uid8 ids during recovery/, '... gen_uid8() is still refused');
$standby2->stop;

#
# The standby promoted while the primary runs on: two servers generating
# with one identity.
#
$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT in_recovery FROM idtypes_node_identity')
  or die 'the standby was not promoted';
is($standby->safe_psql('postgres', q{
	SELECT muid_medallion(gen_muid()), uid8_cluster(gen_uid8()) || '/' || uid8_generator(gen_uid8())}),
	'12289|3/7', 'promoted: generates muids and uid8s, with the primary\'s identity');

# the query of doc/operations.md (Assigning identities), on the primary,
# with the copy's identity read through postgres_fdw
identity_views($primary, [ 'primary', undef ], [ 'copy', $standby ]);
is($primary->safe_psql('postgres', 'SELECT * FROM identity_clashes ORDER BY what'),
	"copy|primary|medallion|t\ncopy|primary|publisher|t\ncopy|primary|uid8 generator ids|t",
	'promoted: the shared medallion, publisher and uid8 generator ids are found, and that they come from a copy');

# the copy gets its own identity (all three are reloadable)
$standby->safe_psql('postgres', q{
	ALTER SYSTEM SET idtypes.medallion = '0x3002';
	ALTER SYSTEM SET idtypes.publisher_id = 31;
	ALTER SYSTEM SET idtypes.uid8_cluster_id = 4;
	SELECT pg_reload_conf();
});
$standby->poll_query_until('postgres', 'SELECT uid8_cluster_id = 4 FROM idtypes_node_identity')
  or die 'the promoted standby did not reload its settings';
is($primary->safe_psql('postgres', 'SELECT * FROM identity_clashes'), '',
	'own identity: no clash left');
is($standby->safe_psql('postgres', q{
	SELECT muid_medallion(gen_muid()), hlculid_publisher(gen_hlculid()), uid8_cluster(gen_uid8())}),
	'12290|31|4', 'own identity: the copy\'s new ids carry it');

$primary->stop;
$standby->stop;

done_testing();
