# Coexistence: idtypes installs into a schema that already holds the UUID
# functions of other software, and such software installs beside it, each
# keeping its own functions.  In public: TimescaleDB's functions (2.22 and
# later; created as TimescaleDB creates them, with CREATE OR REPLACE, before
# and after CREATE EXTENSION idtypes), the hand-written ones of application
# migrations (gen_uuidv7(), uuid_timestamp(uuid), uuidv7(), before and
# after), and, on PostgreSQL 18 and later, core's UUID functions beside
# them.  idtypes names no function like core (on every version, against
# that version's pg_catalog) or like the other software, defines no cast
# that core has (uuid <-> bytea from 19), and installed into a schema of
# its own it is the same as in public.  (That the documentation's calls
# reach the documented functions among these is t/040_doc_examples.pl's
# part: its databases hold the same functions.)
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('coexistence');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\ntimezone = 'UTC'");
$node->start;
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');
my $major = int($version / 10000);

my $timescaledb = other_uuid_functions('timescaledb');
my $handwritten = other_uuid_functions('handwritten', 'handwritten_timestamp');

# the description of idtypes in a fresh database, what every other one must equal
$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('fresh', 'CREATE EXTENSION idtypes');
my $fresh = extension_catalog($node, 'fresh');

# the functions in public that are not idtypes': name(arguments) -> result
sub others
{
	my ($db) = @_;
	return $node->safe_psql($db, q{
SELECT string_agg(f, ', ' ORDER BY f COLLATE "C")
FROM (SELECT p.proname || '(' || oidvectortypes(p.proargtypes) || ') '
			 || p.prorettype::regtype::text AS f
FROM pg_proc p
WHERE p.pronamespace = 'public'::regnamespace
  AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
				  AND d.deptype = 'e')) s});
}

my %expect_others = (
	timescaledb => 'generate_uuidv7() uuid, to_uuidv7(timestamp with time zone) uuid, '
	  . 'to_uuidv7_boundary(timestamp with time zone) uuid, '
	  . 'uuid_timestamp(uuid) timestamp with time zone, uuid_timestamp_micros(uuid) timestamp with time zone, '
	  . 'uuid_version(uuid) integer',
	handwritten => 'gen_uuidv7() uuid, uuid_generate_v7() uuid, uuid_timestamp(uuid) timestamp with time zone, '
	  . 'uuidv7() uuid');

for my $set ('timescaledb', 'handwritten')
{
	my $sql = $set eq 'timescaledb' ? $timescaledb : $handwritten;

	# theirs first, then CREATE EXTENSION idtypes
	my $db = "${set}_first";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, $sql);
	my ($rc, $out, $err) = $node->psql($db, 'CREATE EXTENSION idtypes');
	is($rc, 0, "$set: CREATE EXTENSION idtypes in a database whose public has their functions") or diag($err);
	is(others($db), $expect_others{$set}, "$set first: their functions are still theirs");
	is(catalogs_differ($fresh, extension_catalog($node, $db)), '', "$set first: idtypes is as in an empty database");

	# idtypes first, then theirs (TimescaleDB with CREATE OR REPLACE)
	$db = "${set}_after";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE EXTENSION idtypes');
	($rc, $out, $err) = $node->psql($db, $sql);
	is($rc, 0, "$set: their functions install into a public that holds idtypes") or diag($err);
	is(others($db), $expect_others{$set}, "$set after: their functions are theirs");
	is(catalogs_differ($fresh, extension_catalog($node, $db)), '', "$set after: idtypes is unchanged");
}

# Both sets' names at once are not possible (both have uuid_timestamp(uuid));
# TimescaleDB's with the hand-written ones that do not clash with it, and
# every call reaching its own function: idtypes' return their values, the
# others their fixed ones, core's (pg_catalog first on search_path) its own.
my $both = 'crowded';
$node->safe_psql('postgres', "CREATE DATABASE $both");
$node->safe_psql($both, $timescaledb);
$node->safe_psql($both, other_uuid_functions('handwritten'));
$node->safe_psql($both, 'CREATE EXTENSION idtypes');
my $rfc_v7 = q{'017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid};
is($node->safe_psql($both, qq{
SELECT uuidv_version($rfc_v7), pg_typeof(uuidv_version($rfc_v7)),
	   uuid_version($rfc_v7), pg_typeof(uuid_version($rfc_v7)),
	   uuidv_timestamp($rfc_v7), uuid_timestamp($rfc_v7),
	   uuidv_version(uuidv7_next()), uuidv_version(uuidv7_next('1 day')), gen_uuidv7(), generate_uuidv7()}),
	"7|smallint|-1|integer|2022-02-22 19:22:22+00|1900-01-01 00:00:00+00|7|7|"
	  . "ffffffff-ffff-ffff-ffff-ffffffffffff|ffffffff-ffff-ffff-ffff-ffffffffffff",
	'beside both: each call reaches its own function');

SKIP:
{
	skip "core has no uuidv7() before PostgreSQL 18 (this is $major)", 2 if $version < 180000;
	# core's functions are in pg_catalog, which comes first: the hand-written
	# uuidv7() in public is never called unqualified, and core's generate
	is($node->safe_psql($both, qq{
SELECT uuid_extract_version(uuidv7()), uuid_extract_version(uuidv4()),
	   uuidv7() <> public.uuidv7(), uuid_extract_timestamp(uuidv7('-1 day')) < now() - interval '23 hours',
	   uuid_extract_version(uuidv7_next()), uuid_extract_timestamp($rfc_v7) = uuidv_timestamp($rfc_v7)}),
		'7|4|t|t|7|t', "beside core's UUID functions: core's calls reach core, idtypes' reach idtypes");
	is($node->safe_psql($both, q{
SELECT string_agg(DISTINCT p.proname, ' ' ORDER BY p.proname) FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname ~ '^(uuid|gen_random_uuid)'
  AND p.proname IN ('uuidv7', 'uuidv4', 'uuid_extract_timestamp', 'uuid_extract_version', 'gen_random_uuid')}),
		'gen_random_uuid uuid_extract_timestamp uuid_extract_version uuidv4 uuidv7',
		"core's UUID functions are there to clash with");
}

# No name of idtypes is core's: no function of the same name in pg_catalog,
# except the aggregates min() and max(), which are overloads by design.
is($node->safe_psql('fresh', q{
SELECT string_agg(DISTINCT p.proname, ' ' ORDER BY p.proname)
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
WHERE EXISTS (SELECT FROM pg_proc c WHERE c.pronamespace = 'pg_catalog'::regnamespace
			  AND c.proname = p.proname)}),
	'max min', "idtypes names no function as PostgreSQL ${major}'s pg_catalog does, but its min() and max()");

# nor as TimescaleDB, the hand-written functions, or core on any version does
my @taken = qw(uuid_timestamp uuid_version uuid_timestamp_micros generate_uuidv7 to_uuidv7 to_uuidv7_boundary
  gen_uuidv7 uuid_generate_v7 uuidv7 uuidv4 uuid_extract_timestamp uuid_extract_version gen_random_uuid);
is($node->safe_psql('fresh', q{
SELECT count(*) FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
WHERE p.proname IN (} . join(', ', map { "'$_'" } @taken) . ')'),
	'0', 'idtypes names no function as TimescaleDB, hand-written migrations or core (any version) do');

# casts: none between core's types (uuid <-> bytea is core's from 19)
is($node->safe_psql('fresh', q{
SELECT count(*) FROM pg_cast c
JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
WHERE c.castsource IN (SELECT oid FROM pg_type WHERE typnamespace = 'pg_catalog'::regnamespace)
  AND c.casttarget IN (SELECT oid FROM pg_type WHERE typnamespace = 'pg_catalog'::regnamespace)}),
	'0', 'idtypes defines no cast between two core types');
SKIP:
{
	skip "core has no uuid <-> bytea casts before PostgreSQL 19 (this is $major)", 1 if $version < 190000;
	is($node->safe_psql('fresh', q{
SELECT ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid::bytea)::uuid = '017F22E2-79B0-7CC3-98C4-DC0C0C07398F',
	   (SELECT count(*) FROM pg_cast WHERE castsource = 'uuid'::regtype AND casttarget = 'bytea'::regtype)}),
		't|1', "core's uuid <-> bytea casts work beside idtypes");
}

# A schema of its own: CREATE EXTENSION idtypes SCHEMA idtypes beside all of
# the above in public gives the same extension there, and its calls
# qualified with the schema, or through search_path, reach it.
$node->safe_psql('postgres', 'CREATE DATABASE own_schema');
$node->safe_psql('own_schema', other_uuid_functions('timescaledb', 'handwritten'));
$node->safe_psql('own_schema', 'CREATE SCHEMA idtypes; CREATE EXTENSION idtypes SCHEMA idtypes');
is($node->safe_psql('own_schema', qq{
SELECT idtypes.uuidv_version($rfc_v7), idtypes.uuidv_timestamp($rfc_v7), uuid_version($rfc_v7);
SET search_path = public, idtypes;
SELECT uuidv_version($rfc_v7), uuid_version($rfc_v7), gen_muid() IS NOT NULL}),
	"7|2022-02-22 19:22:22+00|-1\n7|-1|t", 'installed in a schema of its own: reached qualified and by search_path');

$node->stop;
done_testing();
