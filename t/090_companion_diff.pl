# The pure-SQL companion against the C extension, in one database: both
# installed side by side (idtypes in public, idtypes_sql in a schema of its
# own), every deterministic function of the companion compared with its C
# counterpart on the same inputs, with IS DISTINCT FROM (NULLs included):
# companion_n() random inputs per function (100,000 by default), drawn from
# md5 so that a failure reproduces, plus the edges (the epoch, the last
# microsecond and the last tick of each layout, the largest node ids, the
# extreme values).  Inputs that must fail (bad text, parts and times out of
# range, bad strides, wrong lengths) are compared by their SQLSTATE, in a
# PL/pgSQL loop over fewer of them.  Then the generators: ids the companion
# generates parse, order and extract the same with the C extension's types
# and functions, in both clock modes, and the reverse.  The server's time
# zone is not UTC, so that nothing may depend on it.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Cwd qw(getcwd);

my $n = companion_n();
my $started = time();

my $node = PostgreSQL::Test::Cluster->new('companion_diff');
$node->init;
$node->append_conf('postgresql.conf', "timezone = 'America/Sao_Paulo'\njit = off");
$node->start;

$node->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE SCHEMA idtypes_sql;
	CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;
});
is($node->safe_psql('postgres', q{
	SELECT string_agg(extname || ' ' || extnamespace::regnamespace, ', ' ORDER BY extname)
	FROM pg_extension WHERE extname LIKE 'idtypes%'}),
	'idtypes public, idtypes_sql idtypes_sql', 'both extensions are installed, each in its schema');

# Every SQL function of the companion, of its interface and internal, is
# inlined into the query that calls it (its body bound when it was
# created, nothing looked up, no executor of its own), but the two that
# run a query: the loader of the settings and muid_transaction() (STABLE,
# calling a volatile function); and the interface's SECURITY DEFINER
# functions, the clock moves.
is($node->safe_psql('postgres', q{
	CREATE FUNCTION pg_temp.not_inlined() RETURNS SETOF text LANGUAGE plpgsql AS $$
	DECLARE
		f record;
		line text;
		inlined bool;
	BEGIN
		FOR f IN SELECT p.oid::regprocedure AS sig, p.proname, p.pronamespace::regnamespace AS nsp,
				(SELECT string_agg(format('NULL::%s AS a%s', format_type(t, NULL), i), ', ')
				   FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY u(t, i)) AS cols,
				(SELECT string_agg(format('x.a%s', i), ', ') FROM generate_series(1, p.pronargs) i) AS args
			FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
			WHERE p.pronamespace IN ('idtypes_sql'::regnamespace, 'idtypes_sql_internal'::regnamespace) AND l.lanname = 'sql'
		LOOP
			inlined := true;
			-- the arguments from a subquery that is not flattened: not
			-- constants, which a strict function would fold to NULL
			FOR line IN EXECUTE format('EXPLAIN (VERBOSE, COSTS OFF) SELECT %s.%I(%s) FROM (SELECT %s OFFSET 0) x',
									   f.nsp, f.proname, coalesce(f.args, ''), coalesce(f.cols, '1 AS a0'))
			LOOP
				inlined := inlined AND line NOT LIKE '%' || f.nsp || '.' || f.proname || '(%';
			END LOOP;
			IF NOT inlined THEN
				RETURN NEXT f.sig::text;
			END IF;
		END LOOP;
	END $$;
	SELECT string_agg(s, ', ' ORDER BY s) FROM pg_temp.not_inlined() s}),
	'idtypes_sql.idtypes_advance_clock(text,bigint), idtypes_sql.idtypes_advance_clock(text,bytea), '
	  . 'idtypes_sql.idtypes_advance_clock(text,timestamp with time zone), idtypes_sql.idtypes_advance_clock(text,uuid), '
	  . 'idtypes_sql_internal.idtypes_sql_load(boolean), idtypes_sql_internal.muid_transaction()',
	'every SQL function of the companion is inlined into its caller, but the loader of the settings, muid_transaction() and the clock moves');

# The inputs: md5 of a tag and a row number, as bigints (a, b, c, d), a
# uuid (u), a uuid of each version and variant (v) and 16 bytes (t).
$node->safe_psql('postgres', qq{
	CREATE SCHEMA difftest;
	CREATE FUNCTION difftest.i8(tag text, i int) RETURNS int8 IMMUTABLE LANGUAGE sql
		RETURN ('x' || substr(md5(tag || i), 1, 16))::bit(64)::int8;
	-- uniform in [lo, hi]
	CREATE FUNCTION difftest.pick(x int8, lo int8, hi int8) RETURNS int8 IMMUTABLE LANGUAGE sql
		RETURN lo + (x % (hi - lo + 1) + (hi - lo + 1)) % (hi - lo + 1);
	-- the timestamp of microseconds since 1970 (interval input is exact)
	CREATE FUNCTION difftest.ts(us int8) RETURNS timestamptz STABLE LANGUAGE sql
		RETURN '1970-01-01 00:00:00+00'::timestamptz + (us::text || ' microseconds')::interval;
	CREATE TABLE difftest.r AS
	SELECT i, md5('u' || i)::uuid AS u,
		   overlay(overlay(md5('v' || i) PLACING substr('1678123456789abcdef', i % 19 + 1, 1) FROM 13 FOR 1)
				   PLACING substr('89ab89ab89ab0c7f', i % 16 + 1, 1) FROM 17 FOR 1)::uuid AS v,
		   difftest.i8('a', i) AS a, difftest.i8('b', i) AS b, difftest.i8('c', i) AS c, difftest.i8('d', i) AS d,
		   decode(md5('t' || i), 'hex') AS t
	FROM generate_series(1, $n) i;
	-- a PL/pgSQL loop's way to compare failures: a statement's result as
	-- text, or its SQLSTATE
	CREATE FUNCTION difftest.run(q text) RETURNS text LANGUAGE plpgsql AS \$\$
	DECLARE r text;
	BEGIN
		EXECUTE q INTO r;
		RETURN 'ok: ' || coalesce(r, 'NULL');
	EXCEPTION WHEN OTHERS THEN
		RETURN 'error ' || SQLSTATE;
	END \$\$;
});

# Each scheme's range of times, in microseconds since 1970: [first, last
# microsecond], and the first microsecond of the last tick (the last time
# whose floor exists), from src/scheme.h.
my %range = map { $_->{name} => $_->{range} } schemes();

# A source of timestamps in [lo, hi] microseconds: the random ones, the
# edges, a time on a tick and one just after, and NULL.
sub in_range
{
	my ($lo, $hi) = @_;
	my $mid = int(($lo + $hi) / 2000) * 1000;
	return "(SELECT i, difftest.ts(difftest.pick(a, $lo, $hi)) AS ts, a, b, c, d, u, t FROM difftest.r "
	  . "UNION ALL SELECT 0, difftest.ts(x), 1, 2, 3, 4, NULL, NULL FROM unnest(ARRAY[$lo, $lo + 1, $hi - 1, $hi, $mid, $mid + 1, "
	  . "$mid + 999]::int8[]) x UNION ALL SELECT -1, NULL, 5, 6, 7, 8, NULL, NULL) s";
}

my $uuid_rows = q{(SELECT i, u FROM difftest.r UNION ALL SELECT 0, x FROM unnest(ARRAY[
	'00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
	'05D5EAC793E61F17B9F5B9479DF94AC0', '01983193-6564-0000-000a-aaa111111111',
	'C232AB00-9414-11EC-B3C8-9F6BDECED846', '1EC9414C-232A-6B00-B3C8-9F6BDECED846',
	'017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'ffffffff-ffff-6fff-bfff-ffffffffffff',
	'ffffffff-ffff-7fff-bfff-ffffffffffff', 'ffffffff-ffff-8fff-bfff-ffffffffffff',
	'ffffffff-ffff-1fff-bfff-ffffffffffff', '00000000-0000-1000-8000-000000000000']::uuid[]) x
	UNION ALL SELECT -1, NULL)};
my $uuids = "$uuid_rows s";
my $versioned = "(SELECT i, v AS u FROM difftest.r UNION ALL SELECT i, u FROM $uuid_rows e) s";
my $bigints = q{(SELECT i, a AS x FROM difftest.r UNION ALL SELECT 0, y FROM unnest(ARRAY[
	0, 1, -1, -9223372036854775808, 9223372036854775807, -3795148059624996843,
	x'0000000000401000'::int8, x'cb54ecf284000000'::int8, x'bfffffffc0000000'::int8, x'ffffffffffffefff'::int8,
	x'8000000000000000'::int8]::int8[]) y UNION ALL SELECT -1, NULL) s};
my $tid62s = q{(SELECT i, substr(t, 1, 12) AS b FROM difftest.r UNION ALL SELECT 0, decode(y, 'hex') FROM unnest(ARRAY[
	'000000000000000000000000', 'ffffffffffffffffffffffff', '0b47ddc00123456789abcdef',
	'00000000ffffffffffffffff']) y UNION ALL SELECT -1, NULL) s};
my $strides = q{(ARRAY['1 microsecond', '1 millisecond', '1 second', '15 minutes', '1 hour', '1 day', '7 days',
	'36 hours 17 minutes', '3 days 0.5 seconds', '1000 days', '0.000017 seconds', '100000 days']::interval[])[i % 12 + 1]};
my $origin = q{difftest.ts(difftest.pick(d, -2208988800000000, 4102444800000000))};

my @compare = (
	# muid
	[ 'muid_to_text', 'idtypes_sql.muid_to_text(u)', 'u::public.muid::text', $uuids ],
	[ 'muid_from_text', 'idtypes_sql.muid_from_text(s)', 's::public.muid::uuid',
		"(SELECT CASE i % 3 WHEN 0 THEN x WHEN 1 THEN lower(x) ELSE substr(x, 1, 14) || '-' || substr(x, 15, 13) || '-' || substr(x, 28) END AS s FROM (SELECT i, u::public.muid::text AS x FROM $uuids) m) s" ],
	[ 'muid_timestamp', 'idtypes_sql.muid_timestamp(u)', 'public.muid_timestamp(u::public.muid)', $uuids ],
	[ 'muid_medallion', 'idtypes_sql.muid_medallion(u)', 'public.muid_medallion(u::public.muid)', $uuids ],
	[ 'muid_offset', 'idtypes_sql.muid_offset(u)', 'public.muid_offset(u::public.muid)', $uuids ],
	[ 'muid_from_parts', 'idtypes_sql.muid_from_parts(ts, m, o)', 'public.muid_from_parts(ts, m, o)::uuid',
		'(SELECT ts, CASE WHEN i % 97 = 0 THEN 4503599627370495 ELSE difftest.pick(b, 0, 4503599627370495) END AS m, '
		  . 'CASE WHEN i % 89 = 0 THEN 1048575 ELSE difftest.pick(c, 0, 1048575)::int END AS o FROM ' . in_range(@{ $range{muid} }[0, 1]) . ') p' ],
	[ 'muid_floor', 'idtypes_sql.muid_floor(ts)', 'public.muid_floor(ts)::uuid', in_range(@{ $range{muid} }[0, 2]) ],
	[ 'muid_ceil', 'idtypes_sql.muid_ceil(ts)', 'public.muid_ceil(ts)::uuid', in_range(@{ $range{muid} }[0, 1]) ],
	[ 'muid_date_bin', "idtypes_sql.muid_date_bin($strides, u, $origin)", "public.muid_date_bin($strides, u::public.muid, $origin)",
		"(SELECT i, u, d FROM difftest.r) s" ],

	# hlculid
	[ 'hlculid_to_text', 'idtypes_sql.hlculid_to_text(u)', 'u::public.hlculid::text', $uuids ],
	[ 'hlculid_from_text', 'idtypes_sql.hlculid_from_text(s)', 's::public.hlculid::uuid',
		"(SELECT CASE i % 6 WHEN 0 THEN x WHEN 1 THEN lower(x) WHEN 2 THEN translate(x, '01', 'oL') "
		  . "WHEN 3 THEN translate(x, '01', 'Oi') WHEN 4 THEN replace(u::text, '-', '') "
		  . "ELSE substr(h, 1, 12) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4) || '-' || substr(h, 21) END AS s "
		  . "FROM (SELECT i, u, u::public.hlculid::text AS x, upper(replace(u::text, '-', '')) AS h FROM $uuids) m) s" ],
	[ 'hlculid_timestamp', 'idtypes_sql.hlculid_timestamp(u)', 'public.hlculid_timestamp(u::public.hlculid)', $uuids ],
	[ 'hlculid_counter', 'idtypes_sql.hlculid_counter(u)', 'public.hlculid_counter(u::public.hlculid)', $uuids ],
	[ 'hlculid_publisher', 'idtypes_sql.hlculid_publisher(u)', 'public.hlculid_publisher(u::public.hlculid)', $uuids ],
	[ 'hlculid_entropy', 'idtypes_sql.hlculid_entropy(u)', 'public.hlculid_entropy(u::public.hlculid)', $uuids ],
	[ 'hlculid_from_parts', 'idtypes_sql.hlculid_from_parts(ts, k, p, e)', 'public.hlculid_from_parts(ts, k, p, e)::uuid',
		'(SELECT ts, difftest.pick(b, 0, 65535)::int AS k, CASE WHEN i % 97 = 0 THEN 65535 ELSE difftest.pick(c, 0, 65535)::int END AS p, '
		  . 'CASE WHEN i % 89 = 0 THEN 281474976710655 ELSE difftest.pick(d, 0, 281474976710655) END AS e FROM '
		  . in_range(@{ $range{hlculid} }[0, 1]) . ') p' ],
	[ 'hlculid_floor', 'idtypes_sql.hlculid_floor(ts)', 'public.hlculid_floor(ts)::uuid', in_range(@{ $range{hlculid} }[0, 2]) ],
	[ 'hlculid_ceil', 'idtypes_sql.hlculid_ceil(ts)', 'public.hlculid_ceil(ts)::uuid', in_range(@{ $range{hlculid} }[0, 1]) ],
	[ 'hlculid_date_bin', "idtypes_sql.hlculid_date_bin($strides, u, $origin)",
		"public.hlculid_date_bin($strides, u::public.hlculid, $origin)", "(SELECT i, u, d FROM difftest.r) s" ],

	# uid8
	[ 'uid8_to_text', 'idtypes_sql.uid8_to_text(x)', 'x::public.uid8::text', $bigints ],
	[ 'uid8_from_text', 'idtypes_sql.uid8_from_text(s)', 's::public.uid8::bigint',
		"(SELECT CASE WHEN i % 2 = 0 THEN y ELSE upper(y) END AS s FROM (SELECT i, x::public.uid8::text AS y FROM $bigints) m) s" ],
	[ 'uid8_timestamp', 'idtypes_sql.uid8_timestamp(x)', 'public.uid8_timestamp(x::public.uid8)', $bigints ],
	[ 'uid8_sequence', 'idtypes_sql.uid8_sequence(x)', 'public.uid8_sequence(x::public.uid8)', $bigints ],
	[ 'uid8_generator', 'idtypes_sql.uid8_generator(x)', 'public.uid8_generator(x::public.uid8)', $bigints ],
	[ 'uid8_cluster', 'idtypes_sql.uid8_cluster(x)', 'public.uid8_cluster(x::public.uid8)', $bigints ],
	[ 'uid8_mode', 'idtypes_sql.uid8_mode(x)', 'public.uid8_mode(x::public.uid8)', $bigints ],
	[ 'uid8_from_parts', 'idtypes_sql.uid8_from_parts(ts, q, g, k, m)', 'public.uid8_from_parts(ts, q, g, k, m)::bigint',
		"(SELECT ts, difftest.pick(b, 0, 63)::int AS q, CASE WHEN i % 97 = 0 THEN 2047 ELSE difftest.pick(c, 0, 2047)::int END AS g, "
		  . "CASE WHEN i % 89 = 0 THEN 15 ELSE difftest.pick(d, 0, 15)::int END AS k, "
		  . "(ARRAY['time_sequential', 'spread', 'SPREAD', 'Time_Sequential'])[abs(i) % 4 + 1] AS m FROM "
		  . in_range(@{ $range{uid8} }[0, 1]) . ') p' ],
	[ 'uid8_from_parts (default mode)', 'idtypes_sql.uid8_from_parts(ts, 63, 2047, 15)', 'public.uid8_from_parts(ts, 63, 2047, 15)::bigint',
		in_range(@{ $range{uid8} }[0, 1]) ],
	[ 'uid8_floor', 'idtypes_sql.uid8_floor(ts)', 'public.uid8_floor(ts)::bigint', in_range(@{ $range{uid8} }[0, 2]) ],
	[ 'uid8_ceil', 'idtypes_sql.uid8_ceil(ts)', 'public.uid8_ceil(ts)::bigint', in_range(@{ $range{uid8} }[0, 1]) ],
	[ 'uid8_date_bin', "idtypes_sql.uid8_date_bin($strides, a, $origin)", "public.uid8_date_bin($strides, a::public.uid8, $origin)",
		"(SELECT i, a, d FROM difftest.r) s" ],

	# UUIDs
	[ 'uuidv_version', 'idtypes_sql.uuidv_version(u)', 'public.uuidv_version(u)', $versioned ],
	[ 'uuidv_timestamp', 'idtypes_sql.uuidv_timestamp(u)', 'public.uuidv_timestamp(u)', $versioned ],
	[ 'uuidv8_timestamp', 'idtypes_sql.uuidv8_timestamp(u)', 'public.uuidv8_timestamp(u)', $versioned ],
	[ 'uuidv8_from_bytes', 'idtypes_sql.uuidv8_from_bytes(t)', 'public.uuidv8_from_bytes(t)',
		"(SELECT t FROM difftest.r UNION ALL SELECT decode(y, 'hex') FROM unnest(ARRAY[repeat('00', 16), repeat('ff', 16)]) y UNION ALL SELECT NULL) s" ],
	(map {;
			my ($v, $fn) = @$_;
			[ "uuidv${v}_$fn", "idtypes_sql.uuidv${v}_$fn(ts)", "public.uuidv${v}_$fn(ts)",
				in_range(@{ $range{"uuidv$v"} }[0, $fn eq 'floor' ? 2 : 1]) ]
	  } ([ 6, 'floor' ], [ 6, 'ceil' ], [ 7, 'floor' ], [ 7, 'ceil' ], [ 8, 'floor' ], [ 8, 'ceil' ])),
	[ 'uuidv1_to_uuidv6', 'idtypes_sql.uuidv1_to_uuidv6(u)', 'public.uuidv1_to_uuidv6(u)',
		q{(SELECT overlay(overlay(md5('w' || i) PLACING '1' FROM 13 FOR 1) PLACING substr('89ab', i % 4 + 1, 1) FROM 17 FOR 1)::uuid AS u
		   FROM difftest.r UNION ALL SELECT NULL) s} ],
	[ 'uuidv6_to_uuidv1', 'idtypes_sql.uuidv6_to_uuidv1(u)', 'public.uuidv6_to_uuidv1(u)',
		q{(SELECT overlay(overlay(md5('w' || i) PLACING '6' FROM 13 FOR 1) PLACING substr('89ab', i % 4 + 1, 1) FROM 17 FOR 1)::uuid AS u
		   FROM difftest.r UNION ALL SELECT NULL) s} ],
	[ 'uuidv_date_bin', "idtypes_sql.uuidv_date_bin($strides, u, $origin)", "public.uuidv_date_bin($strides, u, $origin)",
		"(SELECT i, v AS u, d FROM difftest.r) s" ],

	# tid62
	[ 'tid62_to_text', 'idtypes_sql.tid62_to_text(b)', 'b::public.tid62::text', $tid62s ],
	[ 'tid62_from_text', 'idtypes_sql.tid62_from_text(s)', 's::public.tid62::bytea',
		"(SELECT b::public.tid62::text AS s FROM $tid62s UNION ALL SELECT '1f2SI9UJPXvb7vdJ1') s" ],
	[ 'tid62_timestamp', 'idtypes_sql.tid62_timestamp(b)', 'public.tid62_timestamp(b::public.tid62)', $tid62s ],
	[ 'tid62_entropy', 'idtypes_sql.tid62_entropy(b)', 'public.tid62_entropy(b::public.tid62)', $tid62s ],
	[ 'tid62_from_parts', 'idtypes_sql.tid62_from_parts(ts, substr(t, 5, 8))', 'public.tid62_from_parts(ts, substr(t, 5, 8))::bytea',
		in_range(@{ $range{tid62} }[0, 1]) ],
	[ 'tid62_floor', 'idtypes_sql.tid62_floor(ts)', 'public.tid62_floor(ts)::bytea', in_range(@{ $range{tid62} }[0, 2]) ],
	[ 'tid62_ceil', 'idtypes_sql.tid62_ceil(ts)', 'public.tid62_ceil(ts)::bytea', in_range(@{ $range{tid62} }[0, 1]) ],
	[ 'tid62_date_bin', "idtypes_sql.tid62_date_bin($strides, b, $origin)", "public.tid62_date_bin($strides, b::public.tid62, $origin)",
		"(SELECT i, substr(t, 1, 12) AS b, d FROM difftest.r) s" ],
	[ 'tid62_prefixed', 'idtypes_sql.tid62_prefixed(p, b)', 'public.tid62_prefixed(p, b::public.tid62)',
		"(SELECT (ARRAY['user', 'a', 'user42-workout', 'A_b-C_d-9', '_'])[i % 5 + 1] AS p, b FROM $tid62s) s" ],
	[ 'tid62_split', '(SELECT row(prefix, id)::text FROM idtypes_sql.tid62_split(s))',
		'(SELECT row(prefix, id::bytea)::text FROM public.tid62_split(s))',
		"(SELECT CASE WHEN i % 3 = 0 THEN x ELSE (ARRAY['user', 'a', 'user42-workout', 'A_b-C_d-9', '_'])[i % 5 + 1] || '-' || x END AS s "
		  . "FROM (SELECT i, b::public.tid62::text AS x FROM $tid62s) m) s" ],

	# the generators' reading of the system clock: the microsecond of the
	# C extension's, GetCurrentTimestamp()'s, from 1970 to 2106
	[ 'idtypes_sql_us_fast', 'idtypes_sql_internal.idtypes_sql_us_fast(ts)', 'idtypes_sql_internal.idtypes_sql_us(ts)',
		in_range(0, 4294967295999999) ],

	# SimpleDB helpers
	[ 'uuid464', 'idtypes_sql.uuid464(u)', 'public.uuid464(u)', $uuids ],
	[ 'uuid464_decode', 'idtypes_sql.uuid464_decode(s)', 'public.uuid464_decode(s)',
		"(SELECT public.uuid464(u) AS s FROM $uuids) s" ],
	[ 'seq10', 'idtypes_sql.seq10(x)', 'public.seq10(x)',
		'(SELECT difftest.pick(a, 0, 9999999999) AS x FROM difftest.r UNION ALL SELECT unnest(ARRAY[0, 9999999999, NULL])) s' ],
	[ 'seq36', 'idtypes_sql.seq36(x)', 'public.seq36(x)',
		'(SELECT difftest.pick(a, 0, 78364164095) AS x FROM difftest.r UNION ALL SELECT unnest(ARRAY[0, 78364164095, 13057, NULL])) s' ],
);

# One comparison, set-based: the rows where the two differ (with one of
# them shown), and all rows.
my ($functions, $comparisons) = (0, 0);
my %seen_function;
foreach my $c (@compare)
{
	my ($name, $ours, $theirs, $from) = @$c;
	my $t0 = time();
	my $got = $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE a IS DISTINCT FROM b), count(*),
			   min(CASE WHEN a IS DISTINCT FROM b THEN coalesce(a::text, 'NULL') || ' <> ' || coalesce(b::text, 'NULL') END)
		FROM (SELECT $ours AS a, $theirs AS b FROM $from) q});
	my ($diff, $count, $example) = split /\|/, $got;
	is($diff, '0', sprintf("%s: no difference on %d inputs (%.1f s)", $name, $count, time() - $t0))
	  or diag("for example $example");
	cmp_ok($count, '>=', $n, "$name: at least $n inputs");
	$comparisons += $count;
	(my $fn = $name) =~ s/ .*//;
	$functions++ unless $seen_function{$fn}++;
}
note("set-based comparisons: $comparisons over $functions functions");

# Failures, in a loop: each input (an SQL expression of the arguments) run
# through both functions, and the results or the SQLSTATEs compared.
# Mutations of valid texts: a character replaced, deleted or inserted, the
# case changed, blanks around.
my $nerr = int($n / 50) > 2000 ? 2000 : int($n / 50) || 100;
sub mutations
{
	my ($valid) = @_;
	return qq{(SELECT quote_literal(CASE i % 7
			WHEN 0 THEN overlay(s PLACING chr(32 + difftest.pick(d, 0, 94)::int) FROM difftest.pick(c, 1, length(s))::int FOR 1)
			WHEN 1 THEN overlay(s PLACING '' FROM difftest.pick(c, 1, length(s))::int FOR 1)
			WHEN 2 THEN overlay(s PLACING chr(32 + difftest.pick(d, 0, 94)::int) FROM difftest.pick(c, 1, length(s))::int FOR 0)
			WHEN 3 THEN ' ' || s
			WHEN 4 THEN s || chr(32 + difftest.pick(d, 0, 94)::int)
			WHEN 5 THEN overlay(s PLACING chr(192 + difftest.pick(d, 0, 60)::int) FROM difftest.pick(c, 1, length(s))::int FOR 1)
			ELSE s END) AS arg, NULL::text AS arg2
		FROM (SELECT i, c, d, $valid AS s FROM difftest.r WHERE i <= $nerr) m)};
}
sub literals
{
	return '(SELECT unnest(ARRAY[' . join(', ', map { my $x = $_; $x =~ s/'/''/g; "'$x'" } @_) . ']) AS arg, NULL::text AS arg2)';
}

# the times just outside each scheme's range, infinities, and for the
# floors the inside of the last tick
sub bad_times
{
	my ($s, $floor) = @_;
	my ($lo, $hi, $last_floor) = @{ $range{$s} };
	my @us = ($lo - 1, $hi + 1, $lo - 86400000000, $hi + 86400000000);
	push @us, $last_floor + 1, $hi if $floor && $last_floor < $hi;
	return literals((map { "difftest.ts($_)" } @us), q{'infinity'::timestamptz}, q{'-infinity'::timestamptz},
		map { "difftest.ts($_)" } sort { $a <=> $b } keys %{ { map { $_->[0] => 1 } values %range } });
}

my @errors = (
	[ 'muid_from_text', 'SELECT idtypes_sql.muid_from_text(%s)::text', 'SELECT (%s::public.muid)::uuid::text',
		mutations('u::public.muid::text') ],
	[ 'muid_from_text (forms)', 'SELECT idtypes_sql.muid_from_text(%s)::text', 'SELECT (%s::public.muid)::uuid::text',
		literals(map { "'$_'" } '', 'not a muid', '05D5EAC793E61F17B9F5B9479DF94AC', '05D5EAC793E61F17B9F5B9479DF94AC00',
			'05d5eac7-93e6-1f17-b9f5-b9479df94ac0', '{05d5eac793e61f17b9f5b9479df94ac0}', '05d5eac793e61f-17b9f5b9479df94ac0',
			'05d5eac793e61f17b9f5b9479df94ac0 ', '05d5eac793e61f-17b9f5b9479df-94ac', '05d5eac793e61f-17b9f5b9479df-94ac0-') ],
	[ 'muid_from_parts', 'SELECT idtypes_sql.muid_from_parts(%s)::text', 'SELECT public.muid_from_parts(%s)::uuid::text',
		literals(map({ my $t = $_; map { "$t, $_" } ('0, 0', '-1, 0', '4503599627370496, 0', '0, -1', '0, 1048576', '-1, -1') }
			'difftest.ts(0)', 'difftest.ts(-1)', q{'infinity'}, 'difftest.ts(72057594037927936)'),
			'difftest.ts(5), 9223372036854775807, 2147483647') ],
	[ 'muid_floor', 'SELECT idtypes_sql.muid_floor(%s)::text', 'SELECT public.muid_floor(%s)::uuid::text', bad_times('muid', 1) ],
	[ 'muid_ceil', 'SELECT idtypes_sql.muid_ceil(%s)::text', 'SELECT public.muid_ceil(%s)::uuid::text', bad_times('muid', 0) ],
	[ 'hlculid_from_text', 'SELECT idtypes_sql.hlculid_from_text(%s)::text', 'SELECT (%s::public.hlculid)::uuid::text',
		mutations('CASE WHEN i % 2 = 0 THEN u::public.hlculid::text ELSE replace(u::text, \'-\', \'\') END') ],
	[ 'hlculid_from_text (forms)', 'SELECT idtypes_sql.hlculid_from_text(%s)::text', 'SELECT (%s::public.hlculid)::uuid::text',
		literals(map { "'$_'" } '', '81K0RS6SB4000002NAM48H248H', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '01K0RS6SB4000002NAM48H248U',
			'01K0RS6SB4000002NAM48H248', '01K0RS6SB4000002NAM48H248HH', 'o1k0rs6sb4000002nam48h248h', 'L1K0RS6SB4000002NAM48H248H',
			'019831936564-0000-000A-AAA111111111', '019831936564-0000-000AAAA111111111', '01983193-6564-0000-000a-aaa111111111',
			'0198319365640000000AAAA11111111', '0198319365640000000AAAA1111111111', '0198319365640000000AAAA11111111g') ],
	[ 'hlculid_from_parts', 'SELECT idtypes_sql.hlculid_from_parts(%s)::text', 'SELECT public.hlculid_from_parts(%s)::uuid::text',
		literals(map({ my $t = $_; map { "$t, $_" } ('0, 0, 0', '-1, 0, 0', '65536, 0, 0', '0, -1, 0', '0, 65536, 0', '0, 0, -1',
			'0, 0, 281474976710656', '65536, 65536, -1') }
			'difftest.ts(0)', 'difftest.ts(-1)', q{'-infinity'}, 'difftest.ts(281474976710656000)')) ],
	[ 'hlculid_floor', 'SELECT idtypes_sql.hlculid_floor(%s)::text', 'SELECT public.hlculid_floor(%s)::uuid::text', bad_times('hlculid', 1) ],
	[ 'hlculid_ceil', 'SELECT idtypes_sql.hlculid_ceil(%s)::text', 'SELECT public.hlculid_ceil(%s)::uuid::text', bad_times('hlculid', 0) ],
	[ 'uid8_from_text', 'SELECT idtypes_sql.uid8_from_text(%s)::text', 'SELECT (%s::public.uid8)::bigint::text',
		mutations('a::public.uid8::text') ],
	[ 'uid8_from_text (forms)', 'SELECT idtypes_sql.uid8_from_text(%s)::text', 'SELECT (%s::public.uid8)::bigint::text',
		literals(map { "'$_'" } '', 'cb54ecf2840a001', 'cb54ecf2840a00155', 'cb54ecf2-840a0015', '0xcb54ecf2840a00', 'CB54ECF2840A0015') ],
	[ 'uid8_from_parts', 'SELECT idtypes_sql.uid8_from_parts(%s)::text', 'SELECT public.uid8_from_parts(%s)::bigint::text',
		literals(map({ my $t = $_; map { "$t, $_" } ("0, 0, 0, 'spread'", "-1, 0, 0, 'spread'", "64, 0, 0, 'x'", "0, -1, 0, ''",
			"0, 2048, 0, 'spread'", "0, 0, -1, 'spread'", "0, 0, 16, 'spread'", "0, 0, 0, 'spread '", "0, 0, 0, 'time-sequential'",
			"0, 0, 0, 'TIME_SEQUENTIAL'", "0, 0, 0, 'spreadx'") }
			'difftest.ts(0)', 'difftest.ts(-1)', q{'infinity'}, 'difftest.ts(4398046511104000)')) ],
	[ 'uid8_floor', 'SELECT idtypes_sql.uid8_floor(%s)::text', 'SELECT public.uid8_floor(%s)::bigint::text', bad_times('uid8', 1) ],
	[ 'uid8_ceil', 'SELECT idtypes_sql.uid8_ceil(%s)::text', 'SELECT public.uid8_ceil(%s)::bigint::text', bad_times('uid8', 0) ],
	(map {; my ($v, $fn) = @$_;
			[ "uuidv${v}_$fn", "SELECT idtypes_sql.uuidv${v}_$fn(%s)::text", "SELECT public.uuidv${v}_$fn(%s)::text",
				bad_times("uuidv$v", $fn eq 'floor') ] }
	  ([ 6, 'floor' ], [ 6, 'ceil' ], [ 7, 'floor' ], [ 7, 'ceil' ], [ 8, 'floor' ], [ 8, 'ceil' ])),
	[ 'uuidv7_at', 'SELECT idtypes_sql.uuidv_timestamp(idtypes_sql.uuidv7_at(%s))::text',
		'SELECT public.uuidv_timestamp(public.uuidv7_at(%s))::text', bad_times('uuidv7', 0) ],
	[ 'uuidv8_from_bytes', 'SELECT idtypes_sql.uuidv8_from_bytes(%s)::text', 'SELECT public.uuidv8_from_bytes(%s)::text',
		literals(q{'\x'::bytea}, q{decode(repeat('ab', 15), 'hex')}, q{decode(repeat('ab', 17), 'hex')}) ],
	[ 'uuidv1_to_uuidv6', 'SELECT idtypes_sql.uuidv1_to_uuidv6(%s)::text', 'SELECT public.uuidv1_to_uuidv6(%s)::text',
		"(SELECT quote_literal(v) AS arg, NULL::text AS arg2 FROM difftest.r WHERE i <= $nerr)" ],
	[ 'uuidv6_to_uuidv1', 'SELECT idtypes_sql.uuidv6_to_uuidv1(%s)::text', 'SELECT public.uuidv6_to_uuidv1(%s)::text',
		"(SELECT quote_literal(v) AS arg, NULL::text AS arg2 FROM difftest.r WHERE i <= $nerr)" ],
	[ 'tid62_from_text', 'SELECT idtypes_sql.tid62_from_text(%s)::text', 'SELECT (%s::public.tid62)::bytea::text',
		mutations('substr(t, 1, 12)::public.tid62::text') ],
	[ 'tid62_from_text (forms)', 'SELECT idtypes_sql.tid62_from_text(%s)::text', 'SELECT (%s::public.tid62)::bytea::text',
		literals(map { "'$_'" } '', '1f2SI9UJPXvb7vdJ1', '1f2SI9UJPXvb7vdJ2', '1f2SI9UJPXvb7vdK0', 'zzzzzzzzzzzzzzzzz',
			'20000000000000000', '0000000000000000', '000000000000000000', '04XVaYIJisigHzUp-') ],
	[ 'tid62_from_parts', 'SELECT idtypes_sql.tid62_from_parts(%s)::text', 'SELECT public.tid62_from_parts(%s)::bytea::text',
		literals(map({ my $t = $_; map { "$t, $_" } (q{'\x0123456789abcdef'}, q{'\x0123456789abcd'}, q{'\x'}, q{'\x0123456789abcdef01'}) }
			'difftest.ts(' . $range{tid62}[0] . ')', 'difftest.ts(' . ($range{tid62}[0] - 1) . ')', q{'infinity'}, 'difftest.ts(' . ($range{tid62}[1] + 1) . ')')) ],
	[ 'tid62_floor', 'SELECT idtypes_sql.tid62_floor(%s)::text', 'SELECT public.tid62_floor(%s)::bytea::text', bad_times('tid62', 1) ],
	[ 'tid62_ceil', 'SELECT idtypes_sql.tid62_ceil(%s)::text', 'SELECT public.tid62_ceil(%s)::bytea::text', bad_times('tid62', 0) ],
	(map {; my $fn = $_;
			[ "tid62_$fn (lengths)", "SELECT idtypes_sql.tid62_$fn(%s)::text", "SELECT public.tid62_$fn(%s::public.tid62)::text",
				literals(q{'\x'::bytea}, q{decode(repeat('ab', 11), 'hex')}, q{decode(repeat('ab', 13), 'hex')}) ] }
	  qw(timestamp entropy)),
	[ 'tid62_prefixed', 'SELECT idtypes_sql.tid62_prefixed(%s, %s)', 'SELECT public.tid62_prefixed(%s, %s::public.tid62)',
		q{(SELECT quote_literal(p) AS arg, b AS arg2
		   FROM unnest(ARRAY['', '-a', 'a-', 'a--b', 'a b', 'é', 'a.b', 'user', 'a-b-c']) p,
				unnest(ARRAY[$$'\x0b47ddc00123456789abcdef'::bytea$$, $$'\x0b47'::bytea$$]) b)} ],
	[ 'gen_tid62_prefixed', q{SELECT idtypes_sql.gen_tid62_prefixed(%s) ~ '^[A-Za-z0-9_-]+$'},
		q{SELECT public.gen_tid62_prefixed(%s) ~ '^[A-Za-z0-9_-]+$'},
		literals(map { "'$_'" } '', '-a', 'a-', 'a--b', 'a b', 'é', 'a.b', 'user', 'a-b-c') ],
	[ 'tid62_split', 'SELECT idtypes_sql.tid62_split(%s)::text', 'SELECT row(prefix, id::bytea)::text FROM public.tid62_split(%s)',
		mutations(q{(ARRAY['user', 'a', 'user42-workout', 'A_b-C_d-9', ''])[i % 5 + 1] || '-' || substr(t, 1, 12)::public.tid62::text}) ],
	[ 'tid62_split (forms)', 'SELECT idtypes_sql.tid62_split(%s)::text', 'SELECT row(prefix, id::bytea)::text FROM public.tid62_split(%s)',
		literals(map { "'$_'" } '', '-04XVaYIJisigHzUpr', 'a--04XVaYIJisigHzUpr', 'a-1f2SI9UJPXvb7vdJ2', '1f2SI9UJPXvb7vdJ2',
			'a-04XVaYIJisigHzUp', 'a 04XVaYIJisigHzUpr', 'a-b-04XVaYIJisigHzUpr', 'é-04XVaYIJisigHzUpr') ],
	[ 'uuid464_decode', 'SELECT idtypes_sql.uuid464_decode(%s)::text', 'SELECT public.uuid464_decode(%s)::text',
		mutations('public.uuid464(u)') ],
	[ 'uuid464_decode (forms)', 'SELECT idtypes_sql.uuid464_decode(%s)::text', 'SELECT public.uuid464_decode(%s)::text',
		literals(map { "'$_'" } '', 'VQ6EAOKbQdSnFkRmVUQAAR', 'VQ6EAOKbQdSnFkRmVUQAAQ==', 'VQ6EAOKbQdSnFkRmVUQAA', 'VQ6EAOKbQdSnFkRmVUQA+Q',
			'VQ6EAOKbQdSnFkRmVUQAAw', 'VQ6EAOKbQdSnFkRmVUQAAg') ],
	[ 'seq10', 'SELECT idtypes_sql.seq10(%s)', 'SELECT public.seq10(%s)',
		literals('-1', '10000000000', '-9223372036854775808', '9223372036854775807', '0', '9999999999') ],
	[ 'seq36', 'SELECT idtypes_sql.seq36(%s)', 'SELECT public.seq36(%s)',
		literals('-1', '78364164096', '-9223372036854775808', '9223372036854775807', '0', '78364164095') ],
	# time bins: strides with months, not positive, overflowing; infinite
	# origins; bins past the timestamps' range
	[ 'muid_date_bin', 'SELECT idtypes_sql.muid_date_bin(%s)::text', 'SELECT public.muid_date_bin(%s)::text',
		literals(map({ my $s = $_; map { "'$s', $_" }
					(q{'05D5EAC793E61F17B9F5B9479DF94AC0', '2000-01-01'},
					 q{'05D5EAC793E61F17B9F5B9479DF94AC0', 'infinity'},
					 q{'05D5EAC793E61F17B9F5B9479DF94AC0', '294276-12-31 23:59:59+00'},
					 q{'00000000000000000000000000000000', '4713-01-01 00:00:00+00 BC'}) }
				'1 month', '1 year', '-1 day', '0', '1 month -30 days', '106751992 days', '-106751992 days 2562047788 hours',
				'10000000 days', '1 microsecond', '-1 microsecond', '2562047788 hours', '2562047788 hours 54.775807 seconds',
				'106751991 days 4 hours')) ],
	[ 'uuidv_date_bin', 'SELECT idtypes_sql.uuidv_date_bin(%s)::text', 'SELECT public.uuidv_date_bin(%s)::text',
		literals(map({ my $s = $_; map { "'$s', $_" }
					(q{'919108f7-52d1-4320-9bac-f847db4148a8'::uuid, 'infinity'},
					 q{'C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid, '-infinity'},
					 q{'C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid, '2000-01-01'}) }
				'1 month', '0', '1 day')) ],
	[ 'hlculid_observe', 'SELECT idtypes_sql.hlculid_observe(%s)::text', 'SELECT public.hlculid_observe(%s::public.hlculid)::text',
		literals(map { "idtypes_sql.hlculid_from_parts(clock_timestamp() + interval '$_', 0, 1, 0)" }
			'1 hour', '1 day', '10 minutes', '-1 minute', '1 minute') ],
);
# PostgreSQL 17 and later have infinite intervals
if ($node->safe_psql('postgres', 'SHOW server_version_num') >= 170000)
{
	push @errors, [ 'uuidv_date_bin (infinite strides)', 'SELECT idtypes_sql.uuidv_date_bin(%s)::text',
		'SELECT public.uuidv_date_bin(%s)::text',
		literals(map { "'$_', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid, '2000-01-01'" } 'infinity', '-infinity') ];
}

my ($error_inputs, $errors_raised) = (0, 0);
foreach my $e (@errors)
{
	my ($name, $ours, $theirs, $args) = @$e;
	my $t0 = time();
	my $got = $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE x IS DISTINCT FROM y), count(*), count(*) FILTER (WHERE y LIKE 'error%'),
			   min(CASE WHEN x IS DISTINCT FROM y THEN arg || ': ' || x || ' <> ' || y END)
		FROM (SELECT arg, difftest.run(format(\$q\$$ours\$q\$, arg, arg2)) x, difftest.run(format(\$q\$$theirs\$q\$, arg, arg2)) y
			  FROM $args a) q});
	my ($diff, $count, $failed, $example) = split /\|/, $got;
	is($diff, '0', sprintf("%s: the same result or SQLSTATE for %d inputs, %d of them errors (%.1f s)",
			$name, $count, $failed, time() - $t0))
	  or diag("for example $example");
	cmp_ok($failed, '>', 0, "$name: some of them fail");
	$error_inputs += $count;
	$errors_raised += $failed;
}
note("inputs compared by result or SQLSTATE: $error_inputs, of which $errors_raised errors");

#
# The generators: what one makes, the other reads.
#
my $m = $n >= 10_000 ? 10_000 : $n;
foreach my $clock ('session', 'sequence')
{
	$node->safe_psql('postgres', "UPDATE idtypes_sql.idtypes_sql_settings SET clock = '$clock', medallion = 12345678901234, "
		  . "publisher_id = 4242, uid8_cluster_id = 9, uid8_generator_id = 1000, uid8_generator_count = 4");
	# ids in generation order (n), with the clock before and after
	my %gen = (
		muid => [ 'idtypes_sql.gen_muid()', 'uuid', 'public.muid', 'muid_timestamp',
			'public.muid_medallion(c) = 12345678901234 AND public.muid_offset(c) = n' ],
		hlculid => [ 'idtypes_sql.gen_hlculid()', 'uuid', 'public.hlculid', 'hlculid_timestamp', 'public.hlculid_publisher(c) = 4242' ],
		uid8 => [ 'idtypes_sql.gen_uid8()', 'bigint', 'public.uid8', 'uid8_timestamp',
			"public.uid8_cluster(c) = 9 AND public.uid8_generator(c) BETWEEN 1000 AND 1003 AND public.uid8_mode(c) = 'time_sequential'" ],
		uuidv6 => [ 'idtypes_sql.uuidv6_next()', 'uuid', 'uuid', 'uuidv_timestamp', 'public.uuidv_version(c) = 6' ],
		uuidv7 => [ 'idtypes_sql.uuidv7_next()', 'uuid', 'uuid', 'uuidv_timestamp', 'public.uuidv_version(c) = 7' ],
		uuidv8 => [ 'idtypes_sql.uuidv8_next()', 'uuid', 'uuid', 'uuidv8_timestamp', 'public.uuidv_version(c) = 8' ],
		tid62 => [ 'idtypes_sql.gen_tid62()', 'bytea', 'public.tid62', 'tid62_timestamp', 'length(c::text) = 17' ],
	);
	foreach my $s (sort keys %gen)
	{
		my ($gen, $ctype, $type, $ts, $parts) = @{ $gen{$s} };
		# between the clock before and after it, less the scheme's tick
		# (an id's time is the start of its tick: a second for tid62)
		my $slack = $s eq 'tid62' ? '1 second' : '1 millisecond';
		my $got = $node->safe_psql('postgres', qq{
			CREATE TEMP TABLE before AS SELECT clock_timestamp() AS t0;
			CREATE TEMP TABLE g AS SELECT n, $gen AS id, clock_timestamp() AS t FROM generate_series(1, $m) n;
			CREATE TEMP TABLE c AS
			SELECT n, id, id::$type AS c, lag(id) OVER w AS lag_id, lag(id::$type) OVER w AS lag_c, t, t0
			FROM g, before WINDOW w AS (ORDER BY n);
			SELECT count(*) FILTER (WHERE id <= lag_id),
				   count(*) FILTER (WHERE c <= lag_c),
				   count(*) FILTER (WHERE NOT ($parts)),
				   count(*) FILTER (WHERE public.$ts(c) NOT BETWEEN t0 - interval '$slack' AND t),
				   count(*) FILTER (WHERE c::text::$type IS DISTINCT FROM c),
				   count(*)
			FROM c;
			SELECT string_agg(format('%s: %s %s at %s', n, c, public.$ts(c), t), ', ' ORDER BY n)
			FROM (SELECT * FROM c WHERE id <= lag_id OR c <= lag_c OR NOT ($parts)
						OR public.$ts(c) NOT BETWEEN t0 - interval '$slack' AND t ORDER BY n LIMIT 3) e;});
		my ($counts, $examples) = split /\n/, $got;
		is($counts, "0|0|0|0|0|$m",
			"$clock clock: $m ids of $gen strictly increase in generation order, as $ctype and as $type, "
			  . "and $type reads their parts and time and writes them back")
		  or diag("for example $examples");
	}
	# the time a generated UUID or id carries is the clock's: bounds agree
	is($node->safe_psql('postgres', q{
		SELECT bool_and(public.uuidv7_floor(t0) <= id AND id <= public.uuidv7_ceil(t1))
		FROM (SELECT clock_timestamp() - interval '1 millisecond' AS t0, idtypes_sql.uuidv7_next() AS id,
					 clock_timestamp() AS t1 FROM generate_series(1, 1000)) s}),
		't', "$clock clock: each UUIDv7 lies between the C extension's floor and ceiling of its time");
}

# The reverse: what the C extension generates, the companion reads and writes.
my %cgen = (
	muid => [ 'public.gen_muid()', 'uuid', [qw(muid_timestamp muid_medallion muid_offset muid_to_text)] ],
	hlculid => [ 'public.gen_hlculid()', 'uuid', [qw(hlculid_timestamp hlculid_counter hlculid_publisher hlculid_entropy hlculid_to_text)] ],
	uid8 => [ 'public.gen_uid8()', 'bigint', [qw(uid8_timestamp uid8_sequence uid8_generator uid8_cluster uid8_mode uid8_to_text)] ],
	tid62 => [ 'public.gen_tid62()', 'bytea', [qw(tid62_timestamp tid62_entropy tid62_to_text)] ],
	uuidv6 => [ 'public.uuidv6_next()', 'uuid', [qw(uuidv_timestamp uuidv_version)] ],
	uuidv7 => [ 'public.uuidv7_next()', 'uuid', [qw(uuidv_timestamp uuidv_version)] ],
	uuidv8 => [ 'public.uuidv8_next()', 'uuid', [qw(uuidv8_timestamp uuidv_version)] ],
);
foreach my $s (sort keys %cgen)
{
	my ($gen, $ctype, $fns) = @{ $cgen{$s} };
	my $cmp = join(' OR ', map {
			my $c = /_to_text$/ ? "id::text" : "public.$_(id)";
			"idtypes_sql.$_(id::$ctype) IS DISTINCT FROM $c"
		} @$fns);
	is($node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE $cmp), count(*) FILTER (WHERE x <= px)
		FROM (SELECT id, id::$ctype AS x, lag(id::$ctype) OVER (ORDER BY n) AS px
			  FROM (SELECT n, $gen AS id FROM generate_series(1, $m) n) g) s}),
		'0|0', "$m ids of the C extension's $gen: the companion reads the same parts and text, and as $ctype they increase");
}

# The examples of the documentation that use the companion beside the C
# extension (```sql companion blocks, in the format t/040_doc_examples.pl
# describes): each in a new database with both installed, in UTC.
my $blocks = 0;
foreach my $file (doc_files(getcwd()))
{
	foreach my $block (doc_sql_blocks(getcwd() . "/$file", 'companion'))
	{
		my $db = 'doc_' . ++$blocks;
		$node->safe_psql('postgres', "CREATE DATABASE $db");
		$node->safe_psql($db, qq{
			ALTER DATABASE $db SET timezone = 'UTC';
			CREATE EXTENSION idtypes;
			CREATE SCHEMA idtypes_sql;
			CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;
		});
		my @problems = run_doc_sql_block($node, $db, $block);
		ok(!@problems, "$file line $block->{line}: the example runs as shown") or diag(join "\n", @problems);
	}
}
cmp_ok($blocks, '>', 0, 'the documentation has examples of the companion');

note(sprintf("the comparisons took %.1f s", time() - $started));
$node->stop;
done_testing();
