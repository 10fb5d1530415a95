# Data round trips of every type: pg_dump and restore (plain and custom
# formats), COPY in binary format out and back in, and logical replication
# in text and in binary mode (the types' send and receive functions),
# including updates and deletes found by keys of the types: every value
# arrives identical, in its text and in its bytes.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# A table of every type (and a domain), one of arrays of the types, and
# one keyed by each type, as replica identity.  (The arrays sit in a table
# of their own so that the checks below can tell their failures apart.)
my $schema = q{
	CREATE EXTENSION idtypes;
	CREATE TABLE every (id int PRIMARY KEY, m muid, h hlculid, u uid8, t tid62,
						v6 uuid, v7 uuid, v8 uuid, s simpledb_id);
	CREATE TABLE arrays (id int PRIMARY KEY, ma muid[], ha hlculid[], ua uid8[], ta tid62[]);
	CREATE TABLE by_muid (k muid PRIMARY KEY, note text);
	CREATE TABLE by_hlculid (k hlculid PRIMARY KEY, note text);
	CREATE TABLE by_uid8 (k uid8 PRIMARY KEY, note text);
	CREATE TABLE by_tid62 (k tid62 PRIMARY KEY, note text);
};
my @keyed = qw(by_muid by_hlculid by_uid8 by_tid62);

# Rows $from .. $to: generated ids, and every few rows the smallest and the
# largest value of each type, and NULLs.
sub fill
{
	my ($from, $to) = @_;
	return qq{
	INSERT INTO every
	SELECT g,
		   CASE g % 7 WHEN 1 THEN decode(repeat('00', 16), 'hex')::muid WHEN 2 THEN decode(repeat('ff', 16), 'hex')::muid
					  WHEN 3 THEN NULL ELSE gen_muid() END,
		   CASE g % 7 WHEN 1 THEN decode(repeat('00', 16), 'hex')::hlculid WHEN 2 THEN decode(repeat('ff', 16), 'hex')::hlculid
					  WHEN 3 THEN NULL ELSE gen_hlculid() END,
		   CASE g % 7 WHEN 1 THEN 0::bigint::uid8 WHEN 2 THEN (-1)::bigint::uid8 WHEN 3 THEN NULL ELSE gen_uid8() END,
		   CASE g % 7 WHEN 1 THEN decode(repeat('00', 12), 'hex')::tid62 WHEN 2 THEN decode(repeat('ff', 12), 'hex')::tid62
					  WHEN 3 THEN NULL ELSE gen_tid62() END,
		   gen_uuidv6(), gen_uuidv7(), gen_uuidv8(), gen_tid62_prefixed('row' || g)
	FROM generate_series($from, $to) g;
	INSERT INTO arrays
	SELECT g, ARRAY[gen_muid(), NULL, gen_muid()], ARRAY[gen_hlculid()], ARRAY[gen_uid8(), gen_uid8()],
		   CASE WHEN g % 5 = 0 THEN '{}'::tid62[] ELSE ARRAY[gen_tid62()] END
	FROM generate_series($from, $to) g;
	INSERT INTO by_muid SELECT gen_muid(), 'row ' || g FROM generate_series($from, $to) g;
	INSERT INTO by_hlculid SELECT gen_hlculid(), 'row ' || g FROM generate_series($from, $to) g;
	INSERT INTO by_uid8 SELECT gen_uid8(), 'row ' || g FROM generate_series($from, $to) g;
	INSERT INTO by_tid62 SELECT gen_tid62(), 'row ' || g FROM generate_series($from, $to) g;
	};
}

# What the tables hold, by text and by bytes: equal digests mean equal values.
# (An array's binary form holds its element type's OID, which differs from
# database to database for an extension's type: arrays are compared by the
# bytes of their elements.)
my $digest = q{
	SELECT (SELECT count(*) || ' ' || md5(string_agg(e::text, E'\n' ORDER BY id)) FROM every e),
		   (SELECT md5(string_agg(concat_ws(',', m::bytea, h::bytea, u::bytea, t::bytea, uuid_send(v6),
											uuid_send(v7), uuid_send(v8)), E'\n' ORDER BY id)) FROM every),
		   (SELECT count(*) || ' ' || md5(string_agg(k::bytea || note::bytea, ',' ORDER BY k)) FROM by_muid),
		   (SELECT count(*) || ' ' || md5(string_agg(k::bytea || note::bytea, ',' ORDER BY k)) FROM by_hlculid),
		   (SELECT count(*) || ' ' || md5(string_agg(k::bytea || note::bytea, ',' ORDER BY k)) FROM by_uid8),
		   (SELECT count(*) || ' ' || md5(string_agg(k::bytea || note::bytea, ',' ORDER BY k)) FROM by_tid62)};
my $array_digest = q{
	SELECT (SELECT count(*) || ' ' || md5(string_agg(a::text, E'\n' ORDER BY id)) FROM arrays a),
		   (SELECT md5(string_agg(concat_ws(',',
				(SELECT string_agg(coalesce(x::bytea::text, 'null'), ':' ORDER BY o) FROM unnest(ma) WITH ORDINALITY y(x, o)),
				(SELECT string_agg(coalesce(x::bytea::text, 'null'), ':' ORDER BY o) FROM unnest(ha) WITH ORDINALITY y(x, o)),
				(SELECT string_agg(coalesce(x::bytea::text, 'null'), ':' ORDER BY o) FROM unnest(ua) WITH ORDINALITY y(x, o)),
				(SELECT string_agg(coalesce(x::bytea::text, 'null'), ':' ORDER BY o) FROM unnest(ta) WITH ORDINALITY y(x, o))),
			E'\n' ORDER BY id)) FROM arrays)};

my $pub = PostgreSQL::Test::Cluster->new('publisher');
$pub->init(allows_streaming => 'logical');
$pub->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nidtypes.uid8_mode = 'time_sequential'");
$pub->start;
$pub->safe_psql('postgres', 'CREATE DATABASE src');
$pub->safe_psql('src', $schema . fill(1, 500));
my $before = $pub->safe_psql('src', $digest);
my $arrays_before = $pub->safe_psql('src', $array_digest);
like("$before|$arrays_before", qr/^500 \w{32}\|\w{32}\|500 \w{32}\|500 \w{32}\|500 \w{32}\|500 \w{32}\|500 \w{32}\|\w{32}$/,
	'the source tables hold 500 rows each');

#
# pg_dump and restore
#
my $dumps = PostgreSQL::Test::Utils::tempdir();
$pub->command_ok([ 'pg_dump', '-Fp', '-f', "$dumps/plain.sql", '-d', $pub->connstr('src') ],
	'pg_dump, plain format');
$pub->safe_psql('postgres', 'CREATE DATABASE plain');
$pub->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', "$dumps/plain.sql", '-d', $pub->connstr('plain') ],
	'restored with psql');
is($pub->safe_psql('plain', $digest), $before, 'plain format: identical values');
is($pub->safe_psql('plain', $array_digest), $arrays_before, 'plain format: identical arrays');

$pub->command_ok([ 'pg_dump', '-Fc', '-f', "$dumps/custom.dump", '-d', $pub->connstr('src') ],
	'pg_dump, custom format');
$pub->safe_psql('postgres', 'CREATE DATABASE custom');
$pub->command_ok([ 'pg_restore', '--exit-on-error', '-j', '2', '-d', $pub->connstr('custom'), "$dumps/custom.dump" ],
	'restored with pg_restore');
is($pub->safe_psql('custom', $digest), $before, 'custom format: identical values');
is($pub->safe_psql('custom', $array_digest), $arrays_before, 'custom format: identical arrays');
is($pub->safe_psql('custom', q{
	SELECT count(*) FROM by_muid WHERE k = (SELECT max(k) FROM by_muid)}), '1',
	'the restored primary key finds its rows');

#
# COPY in binary format, out and back in
#
my $file = "$dumps/every.bin";
$pub->safe_psql('src', qq{
	COPY every TO '$file' (FORMAT binary);
	CREATE TABLE every_copy (LIKE every INCLUDING ALL);
	COPY every_copy FROM '$file' (FORMAT binary);
	COPY arrays TO '$file.arrays' (FORMAT binary);
	CREATE TABLE arrays_copy (LIKE arrays INCLUDING ALL);
	COPY arrays_copy FROM '$file.arrays' (FORMAT binary);
});
is($pub->safe_psql('src', q{
	SELECT count(*), count(*) FILTER (WHERE a::text = c::text AND a.ma = c.ma AND a.ha = c.ha AND a.ua = c.ua AND a.ta = c.ta)
	FROM arrays a JOIN arrays_copy c ON c.id = a.id}),
	'500|500', 'COPY (FORMAT binary) of arrays out and in: identical values');
is($pub->safe_psql('src', q{
	SELECT count(*), count(*) FILTER (WHERE e::text = c::text
									   AND e.m::bytea IS NOT DISTINCT FROM c.m::bytea
									   AND e.h::bytea IS NOT DISTINCT FROM c.h::bytea
									   AND e.u::bytea IS NOT DISTINCT FROM c.u::bytea
									   AND e.t::bytea IS NOT DISTINCT FROM c.t::bytea)
	FROM every e JOIN every_copy c ON c.id = e.id}),
	'500|500', 'COPY (FORMAT binary) out and in: identical values');
# the bytes of the file are the types' send format: the first muid field of
# a row is its 16 bytes
my $bin = slurp_file($file);
my $first_m = $pub->safe_psql('src', q{SELECT encode(m::bytea, 'hex') FROM every WHERE id = 4});
like(unpack('H*', $bin), qr/00000010$first_m/, 'the binary file holds each muid as its 16 bytes');

#
# Logical replication, in text and in binary mode
#
my $sub = PostgreSQL::Test::Cluster->new('subscriber');
$sub->init;
$sub->start;
$pub->safe_psql('src', 'CREATE PUBLICATION everything FOR ALL TABLES');
my $pub_conn = $pub->connstr . ' dbname=src';
# Binary mode (CREATE SUBSCRIPTION ... WITH (binary = ...)) arrived in
# PostgreSQL 14: before it, only text mode runs, and the binary mode's
# assertions are skipped.
my $has_binary = $sub->safe_psql('postgres', 'SHOW server_version_num') >= 140000;
my $no_binary = 'PostgreSQL ' . int($sub->safe_psql('postgres', 'SHOW server_version_num') / 10000)
  . ' has no binary mode of logical replication (since 14)';
foreach my $mode ($has_binary ? ('text', 'binary') : ('text'))
{
	$sub->safe_psql('postgres', "CREATE DATABASE sub_$mode");
	$sub->safe_psql("sub_$mode", $schema . q{
		CREATE TABLE every_copy (LIKE every INCLUDING ALL);
		CREATE TABLE arrays_copy (LIKE arrays INCLUDING ALL);});
	$sub->safe_psql("sub_$mode", qq{
		CREATE SUBSCRIPTION sub_$mode CONNECTION '$pub_conn'
		PUBLICATION everything}
		  . ($has_binary ? ' WITH (binary = ' . ($mode eq 'binary' ? 'true' : 'false') . ')' : ''));
	$sub->wait_for_subscription_sync($pub, "sub_$mode", "sub_$mode");
	SKIP:
	{
		skip $no_binary, 1 unless $has_binary;
		is($sub->safe_psql("sub_$mode", "SELECT subbinary FROM pg_subscription WHERE subname = 'sub_$mode'"),
			$mode eq 'binary' ? 't' : 'f', "$mode mode subscription");
	}
}
is($sub->safe_psql('sub_text', $digest), $before, 'text mode: the initial copy is identical');
is($sub->safe_psql('sub_text', $array_digest), $arrays_before, 'text mode: arrays too');
SKIP:
{
	skip $no_binary, 2 unless $has_binary;
	is($sub->safe_psql('sub_binary', $digest), $before, 'binary mode: the initial copy is identical');
	is($sub->safe_psql('sub_binary', $array_digest), $arrays_before, 'binary mode: arrays too');
}

# changes after the initial copy travel in the subscription's format:
# inserts, updates of every column, and updates and deletes found by keys
# of each type
$pub->safe_psql('src', fill(501, 1500) . q{
	UPDATE every SET m = gen_muid(), h = gen_hlculid(), u = gen_uid8(), t = gen_tid62() WHERE id % 3 = 0;
	UPDATE arrays SET ma = ARRAY[gen_muid()], ua = NULL WHERE id % 3 = 0;
	DELETE FROM arrays WHERE id % 11 = 0;
	UPDATE by_muid SET note = 'updated' WHERE k IN (SELECT k FROM by_muid ORDER BY k LIMIT 100);
	UPDATE by_hlculid SET note = 'updated' WHERE k IN (SELECT k FROM by_hlculid ORDER BY k DESC LIMIT 100);
	UPDATE by_uid8 SET k = gen_uid8() WHERE k IN (SELECT k FROM by_uid8 ORDER BY k LIMIT 50);
	UPDATE by_tid62 SET k = gen_tid62(), note = 'moved' WHERE k IN (SELECT k FROM by_tid62 ORDER BY k LIMIT 50);
	DELETE FROM by_muid WHERE k IN (SELECT k FROM by_muid ORDER BY k DESC LIMIT 70);
	DELETE FROM by_hlculid WHERE k IN (SELECT k FROM by_hlculid ORDER BY k LIMIT 70);
	DELETE FROM by_uid8 WHERE k IN (SELECT k FROM by_uid8 ORDER BY k DESC LIMIT 70);
	DELETE FROM by_tid62 WHERE k IN (SELECT k FROM by_tid62 ORDER BY k DESC LIMIT 70);
	DELETE FROM every WHERE id % 11 = 0;
});
my $after = $pub->safe_psql('src', $digest);
my $arrays_after = $pub->safe_psql('src', $array_digest);
isnt($after, $before, 'the source changed');
$pub->wait_for_catchup("sub_$_") for ($has_binary ? ('text', 'binary') : ('text'));
is($sub->safe_psql('sub_text', $digest), $after, 'text mode: inserts, updates and deletes arrive identical');
is($sub->safe_psql('sub_text', $array_digest), $arrays_after, 'text mode: arrays too');
is($sub->safe_psql('sub_text', q{
	SELECT count(*) FILTER (WHERE note = 'updated'), count(*) FROM by_muid}), '100|1430',
	'text mode: the updates found their rows by muid key');
SKIP:
{
	skip $no_binary, 3 unless $has_binary;
	is($sub->safe_psql('sub_binary', $digest), $after, 'binary mode: inserts, updates and deletes arrive identical');
	is($sub->safe_psql('sub_binary', $array_digest), $arrays_after, 'binary mode: arrays too');
	is($sub->safe_psql('sub_binary', q{
		SELECT count(*) FILTER (WHERE note = 'updated'), count(*) FROM by_muid}), '100|1430',
		'binary mode: the updates found their rows by muid key');
}
$sub->stop;
$pub->stop;

done_testing();
