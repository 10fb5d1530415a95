--
-- uid8: 8 bytes, passed by value; as one unsigned 64-bit value
-- V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12 | (gen & 0xFF) << 4 | cluster
-- with T = bitreverse64(ts) (spread) or ts << 22 (time_sequential)
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET extra_float_digits = 0;

-- the type and its operator classes
SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE oid = 'uid8'::regtype;
SELECT opc.opcname, am.amname, amvalidate(opc.oid)
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'uid8'::regtype ORDER BY 1, 2;

--
-- the layout: fixed vectors, the reference library's own test vectors
-- and each field on its own
--
SELECT uid8_from_parts('1970-01-01 00:00:00+00', 0, 0, 0, 'spread') AS zero,
	   uid8_from_parts('1970-01-01 00:00:00.001+00', 0, 0, 0, 'spread') AS ts_1_spread,
	   uid8_from_parts('1970-01-01 00:00:00.001+00', 0, 0, 0, 'time_sequential') AS ts_1_time;
-- without a mode, the mode that idtypes.uid8_mode defaults to
SELECT uid8_from_parts('2025-07-22 10:00:00.123+00', 17, 1234, 9) AS default_mode_id,
	   uid8_mode(uid8_from_parts('2025-07-22 10:00:00.123+00', 17, 1234, 9)) AS default_mode,
	   (SELECT boot_val FROM pg_settings WHERE name = 'idtypes.uid8_mode') AS setting_default;
-- ts 143062936275 and 17179869181 (0x3FFFFFFFD) ms, spread: the bits reversed
SELECT uid8_from_parts(to_timestamp(0) + 143062936275 * interval '1 ms', 0, 0, 0, 'spread') AS ts_a,
	   uid8_from_parts(to_timestamp(0) + 17179869181 * interval '1 ms', 0, 0, 0, 'spread') AS ts_b;
-- every field at its maximum (spread: the three bits above the mode bit are
-- the generator's top bits, which the reference's older 8-bit layout left 0)
SELECT uid8_from_parts('2109-05-15 07:35:11.103+00', 63, 2047, 15, 'spread') AS max_spread,
	   uid8_from_parts('2109-05-15 07:35:11.103+00', 63, 2047, 15, 'time_sequential') AS max_time,
	   uid8_from_parts('2109-05-15 07:35:11.103+00', 63, 255, 15, 'spread') AS max_8bit_generator;
SELECT uid8_from_parts('1970-01-01 00:00:00+00', 34, 0, 0, 'spread') AS seq_0x22,
	   uid8_from_parts('1970-01-01 00:00:00+00', 0, 39, 0, 'spread') AS gen_0x27,
	   uid8_from_parts('1970-01-01 00:00:00+00', 0, 0, 5, 'spread') AS cluster_5,
	   uid8_from_parts('1970-01-01 00:00:00+00', 0, 0, 0, 'time_sequential') AS mode_only;
SELECT uid8_from_parts('1970-01-01 00:00:00+00', 0, 255, 0, 'spread') AS gen_255,
	   uid8_from_parts('1970-01-01 00:00:00+00', 0, 256, 0, 'spread') AS gen_256,
	   uid8_from_parts('1970-01-01 00:00:00+00', 0, 1792, 0, 'spread') AS gen_1792,
	   uid8_from_parts('1970-01-01 00:00:00+00', 0, 2047, 0, 'time_sequential') AS gen_2047_time;
-- ts 2^41 ms is the top timestamp bit: bit 22 in both modes
SELECT uid8_from_parts(to_timestamp(0) + 2199023255552 * interval '1 ms', 0, 0, 0, 'spread') AS ts_top_spread,
	   uid8_from_parts(to_timestamp(0) + 2199023255552 * interval '1 ms', 0, 0, 0, 'time_sequential') AS ts_top_time,
	   uid8_from_parts('2109-05-15 07:35:11.103+00', 0, 0, 0, 'spread') AS ts_max_spread;
-- all fields at once, both modes
SELECT uid8_from_parts(to_timestamp(0) + 143062936275 * interval '1 ms', 10, 1, 5, 'spread') AS a_spread,
	   uid8_from_parts(to_timestamp(0) + 143062936275 * interval '1 ms', 10, 2, 5, 'time_sequential') AS a_time,
	   uid8_from_parts('2025-07-22 10:00:00.123+00', 17, 1234, 9, 'spread') AS b_spread,
	   uid8_from_parts('2025-07-22 10:00:00.123+00', 17, 1234, 9, 'time_sequential') AS b_time;
-- and back: every 8-byte value parses
SELECT x, uid8_timestamp(x), uid8_sequence(x), uid8_generator(x), uid8_cluster(x), uid8_mode(x)
FROM (VALUES ('0000000000000000'::uid8), ('8000000000000000'), ('0000000000401000'),
			 ('cb54ecf284000000'), ('bfffffffc0000000'), ('ffffffffffffefff'), ('ffffffffffffffff'),
			 ('cb54ecf2840a0015'), ('0853cdcab4ca1025'), ('dea6c98c19918d29'), ('660c64d95ed19d29'),
			 ('00000000000f0ff0'), ('000000000000e000'), ('0000000000000001')) v(x);
-- parts(x) round-trips for any 8 bytes, in both modes
SELECT count(*) AS values, count(*) FILTER (WHERE uid8_mode(x) = 'spread') AS spread,
	   count(*) FILTER (WHERE uid8_from_parts(uid8_timestamp(x), uid8_sequence(x), uid8_generator(x),
											  uid8_cluster(x), uid8_mode(x)) = x) AS round_trips
FROM (SELECT ('x' || left(md5(g::text), 16))::bit(64)::bigint::uid8 AS x
	  FROM generate_series(1, 20000) g) s;

--
-- text I/O: 16 hex digits, any case in, lowercase out
--
SELECT 'CB54ECF2840A0015'::uid8 AS upper, 'Cb54eCf2840a0015'::uid8 AS mixed;
SELECT sqlerr($$SELECT ''::uid8$$);
SELECT sqlerr($$SELECT 'cb54ecf2840a001'::uid8$$);
SELECT sqlerr($$SELECT 'cb54ecf2840a00150'::uid8$$);
SELECT sqlerr($$SELECT 'cb54ecf2840a001g'::uid8$$);
SELECT sqlerr($$SELECT ' cb54ecf2840a0015'::uid8$$);
SELECT sqlerr($$SELECT 'cb54ecf2840a0015 '::uid8$$);
SELECT sqlerr($$SELECT '0xcb54ecf2840a0015'::uid8$$);
SELECT sqlerr($$SELECT 'cb54ecf2-840a0015'::uid8$$);
SELECT sqlerr($$SELECT '-1'::uid8$$);
SELECT sqlerr(format('SELECT %L::uid8', 'cb54ecf2840a001' || chr(233)));
SELECT left(sqlerr(format('SELECT %L::uid8', repeat('0', 100000))), 60) AS huge_input;
-- text that is nearly right: accepted exactly when it is 16 hex digits, and
-- then read back in lowercase
SELECT count(*) AS inputs, count(*) FILTER (WHERE err = 'ok') AS accepted,
	   count(*) FILTER (WHERE (err = 'ok') = (s ~ '^[0-9a-fA-F]{16}$')) AS as_expected,
	   count(*) FILTER (WHERE err = 'ok' AND s::uid8::text = lower(s)) AS read_back,
	   count(*) FILTER (WHERE err LIKE '22P02: invalid input syntax for type uid8: "%"') AS rejected_with_22p02
FROM (SELECT s, sqlerr(format('SELECT %L::uid8', s)) AS err
	  FROM (SELECT left(translate(md5(g::text), 'a0b', CASE g % 3 WHEN 0 THEN 'A-B' WHEN 1 THEN 'Ax ' ELSE 'AzB' END),
						14 + g % 5) AS s
			FROM generate_series(1, 3000) g) r) t;

--
-- casts: bigint (the same 64 bits, two's complement), bytea (8 bytes)
--
SELECT 'ffffffffffffffff'::uid8::bigint AS minus_one, '8000000000000000'::uid8::bigint AS min_bigint,
	   '7fffffffffffffff'::uid8::bigint AS max_bigint, (-1)::bigint::uid8 AS from_minus_one,
	   (-9223372036854775808)::bigint::uid8 AS from_min, 1234::bigint::uid8 AS from_1234;
SELECT 'cb54ecf2840a0015'::uid8::bytea AS to_bytea, '\xcb54ecf2840a0015'::bytea::uid8 AS from_bytea;
SELECT sqlerr($$SELECT '\xcb54ecf2840a00'::bytea::uid8$$);
SELECT sqlerr($$SELECT '\xcb54ecf2840a001500'::bytea::uid8$$);
SELECT sqlerr($$SELECT ''::bytea::uid8$$);
-- the casts apply only where they are written, never in expressions or on
-- assignment (every path: sql/client_casts.sql)
SELECT sqlerr($$SELECT uid8_timestamp(1234::bigint)$$);
SELECT sqlerr($$SELECT 1234::bigint + 'cb54ecf2840a0015'::uid8$$);
SELECT castcontext, castmethod, castsource::regtype, casttarget::regtype
FROM pg_cast WHERE castsource = 'uid8'::regtype OR casttarget = 'uid8'::regtype ORDER BY 3, 4;
-- round trips through every form, on random values
SELECT count(*) AS round_trips
FROM (SELECT ('x' || left(md5(g::text), 16))::bit(64)::bigint::uid8 AS x
	  FROM generate_series(1, 10000) g) s
WHERE x::text::uid8 = x AND x::bigint::uid8 = x AND x::bytea::uid8 = x
  AND upper(x::text)::uid8 = x AND x::text = encode(x::bytea, 'hex')
  AND x::bigint = ('x' || x::text)::bit(64)::bigint;

--
-- binary I/O: 8 bytes big-endian; COPY BINARY out and back in, and a value
-- of the wrong length
--
CREATE TABLE uid8_bin (x uid8);
INSERT INTO uid8_bin VALUES ('cb54ecf2840a0015'), ('0000000000000000'), ('ffffffffffffffff'),
	('8000000000000001'), (NULL);
SELECT x, uid8_send(x) FROM uid8_bin;
\copy uid8_bin TO 'results/uid8.bin' WITH (FORMAT binary)
CREATE TABLE uid8_bin2 (x uid8);
\copy uid8_bin2 FROM 'results/uid8.bin' WITH (FORMAT binary)
SELECT a.x, a.x IS NOT DISTINCT FROM b.x AS same
FROM (SELECT x, row_number() OVER () FROM uid8_bin) a
JOIN (SELECT x, row_number() OVER () FROM uid8_bin2) b USING (row_number);
-- a 7-byte and a 9-byte field read as uid8
CREATE TABLE uid8_bin_bad (x bytea);
INSERT INTO uid8_bin_bad VALUES ('\xcb54ecf2840a00');
\copy uid8_bin_bad TO 'results/uid8_short.bin' WITH (FORMAT binary)
TRUNCATE uid8_bin_bad;
INSERT INTO uid8_bin_bad VALUES ('\xcb54ecf2840a001500');
\copy uid8_bin_bad TO 'results/uid8_long.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy uid8_bin2 FROM 'results/uid8_short.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy uid8_bin2 FROM 'results/uid8_short.bin' WITH (FORMAT binary)
\copy uid8_bin2 FROM 'results/uid8_long.bin' WITH (FORMAT binary)
DROP TABLE uid8_bin, uid8_bin2, uid8_bin_bad;

--
-- parts: range checks, extraction, floor and ceil
--
SELECT uid8_timestamp(uid8_from_parts('2025-07-22 10:00:00.123999+00', 1, 2, 3, 'spread')) AS truncated_to_ms;
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', -1, 0, 0, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', 64, 0, 0, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', 0, -1, 0, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', 0, 2048, 0, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', 0, 0, -1, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', 0, 0, 16, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', 0, 0, 0, 'sequential')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2025-01-01', 0, 0, 0, '')$$);
SELECT uid8_mode(uid8_from_parts('2025-01-01', 0, 0, 0, 'TIME_SEQUENTIAL')) AS mode_any_case,
	   uid8_mode(uid8_from_parts('2025-01-01', 0, 0, 0, 'Spread')) AS spread_any_case;
SELECT sqlerr($$SELECT uid8_from_parts('1969-12-31 23:59:59.999+00', 0, 0, 0, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('2109-05-15 07:35:11.104+00', 0, 0, 0, 'spread')$$);
SELECT sqlerr($$SELECT uid8_from_parts('infinity', 0, 0, 0, 'spread')$$);
SELECT sqlerr($$SELECT uid8_floor('-infinity')$$);
SELECT sqlerr($$SELECT uid8_ceil('2200-01-01')$$);
SELECT uid8_from_parts('2109-05-15 07:35:11.103999+00', 0, 0, 0, 'time_sequential') AS last_millisecond;
-- floor and ceil: the smallest time_sequential id whose time is t or later,
-- the largest whose time is t or earlier
SELECT t, f, c, uid8_timestamp(f) AS floor_ts, uid8_timestamp(c) AS ceil_ts, uid8_mode(f), uid8_mode(c),
	   uid8_sequence(c), uid8_generator(c), uid8_cluster(c)
FROM (SELECT t, uid8_floor(t) AS f, uid8_ceil(t) AS c
	  FROM (VALUES ('2025-07-22 10:00:00.123+00'::timestamptz), ('2025-07-22 10:00:00.123456+00'),
				   ('2025-07-22 10:00:00.123999+00')) v(t)) s;
SELECT sqlerr($$SELECT uid8_floor('2109-05-15 07:35:11.103001+00')$$) AS floor_past_the_end,
	   uid8_ceil('2109-05-15 07:35:11.103999+00') AS ceil_at_the_end;
SELECT uid8_ceil('2025-07-22 10:00:00.122+00') < uid8_floor('2025-07-22 10:00:00.123+00') AS ceil_before_next_floor,
	   uid8_ceil('2025-07-22 10:00:00.123+00')::bigint - uid8_floor('2025-07-22 10:00:00.123+00')::bigint AS span;
-- on time_sequential ids, id >= uid8_floor(t) is uid8_timestamp(id) >= t and
-- id <= uid8_ceil(t) is uid8_timestamp(id) <= t, for times on and between milliseconds
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE (id >= uid8_floor(t)) = (uid8_timestamp(id) >= t)
						  AND (id <= uid8_ceil(t)) = (uid8_timestamp(id) <= t)) AS agree
FROM (SELECT uid8_from_parts('2025-07-22 10:00:00+00'::timestamptz + (g % 7) * interval '1 ms', g % 64, g % 2048, g % 16,
							 'time_sequential') AS id
	  FROM generate_series(0, 199) g) i,
	 (SELECT '2025-07-22 10:00:00+00'::timestamptz + u * interval '250 us' AS t FROM generate_series(-4, 32) u) ts;
-- extractors are NULL on NULL (STRICT); the mode defaults to spread
SELECT uid8_timestamp(NULL), uid8_sequence(NULL), uid8_generator(NULL), uid8_cluster(NULL), uid8_mode(NULL),
	   uid8_from_parts(NULL, 1, 1, 1, 'spread'), uid8_from_parts('2025-01-01', 1, 1, 1, NULL);
SELECT uid8_from_parts(ts => '2025-07-22 10:00:00.123+00', seq => 17, generator => 1234, cluster => 9, mode => 'spread') AS named;

--
-- order: unsigned 64-bit, which is the byte order of the 8 bytes
--
SELECT x, x::bigint AS as_bigint FROM (VALUES ('ffffffffffffffff'::uid8), ('7fffffffffffffff'),
	('8000000000000000'), ('0000000000000001'), ('0000000000000000'), ('cb54ecf2840a0015')) v(x)
ORDER BY x;
SELECT a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt, uid8_cmp(a, b)
FROM (VALUES ('7fffffffffffffff'::uid8, '8000000000000000'::uid8),
			 ('cb54ecf2840a0015', 'cb54ecf2840a0015'),
			 ('ffffffffffffffff', '0000000000000000'),
			 ('0000000000000000', 'ffffffffffffffff')) v(a, b);
SELECT min(x), max(x) FROM (VALUES ('7fffffffffffffff'::uid8), ('8000000000000000'),
	('0000000000000001'), (NULL)) v(x);
SELECT uid8_smaller('7fffffffffffffff', '8000000000000000'), uid8_larger('7fffffffffffffff', '8000000000000000');
-- a large sort agrees with the byte order of the bytea form
SELECT array_agg(x ORDER BY x) = array_agg(x ORDER BY x::bytea) AS same_order,
	   array_agg(x ORDER BY x) <> array_agg(x ORDER BY x::bigint) AS not_bigint_order
FROM (SELECT ('x' || left(md5(g::text), 16))::bit(64)::bigint::uid8 AS x
	  FROM generate_series(1, 50000) g) s;
-- a sort of rows (not only of one column's datums) agrees too, and so does
-- an index built by sorting
CREATE TEMP TABLE uid8_sorted AS
SELECT ('x' || left(md5(g::text), 16))::bit(64)::bigint::uid8 AS x FROM generate_series(1, 50000) g;
SELECT count(*) FILTER (WHERE a.rn <> b.rn) AS out_of_place, count(*) AS rows
FROM (SELECT x, row_number() OVER (ORDER BY x) AS rn FROM uid8_sorted) a
JOIN (SELECT x, row_number() OVER (ORDER BY x::bytea) AS rn FROM uid8_sorted) b USING (x);
CREATE INDEX ON uid8_sorted (x);
SET enable_seqscan = off;
SELECT array_agg(x) = (SELECT array_agg(x ORDER BY x::bytea) FROM uid8_sorted) AS index_order
FROM (SELECT x FROM uid8_sorted ORDER BY x) s;
RESET enable_seqscan;
DROP TABLE uid8_sorted;
-- time_sequential ids sort by time, then sequence, then generator
SELECT array_agg(x ORDER BY x) = array_agg(x ORDER BY uid8_timestamp(x), uid8_sequence(x), uid8_generator(x), uid8_cluster(x))
	AS time_order
FROM (SELECT uid8_from_parts('2025-07-22 10:00:00+00'::timestamptz + (g % 997) * interval '1 ms',
							 g % 64, (g * 7) % 2048, g % 16, 'time_sequential') AS x
	  FROM generate_series(1, 50000) g) s;

--
-- every opclass, on 20000 ids: half time_sequential over 20 seconds, half random
--
CREATE TABLE uid8_t (id uid8, n int);
INSERT INTO uid8_t
SELECT CASE WHEN g % 2 = 0
			THEN uid8_from_parts('2025-07-22 10:00:00+00'::timestamptz + g * interval '1 ms', g % 64, g % 7, 3, 'time_sequential')
			ELSE ('x' || left(md5(g::text), 16))::bit(64)::bigint::uid8 END, g
FROM generate_series(1, 20000) g;
INSERT INTO uid8_t VALUES (NULL, 0);
CREATE INDEX uid8_t_btree ON uid8_t (id);
CREATE INDEX uid8_t_hash ON uid8_t USING hash (id);
ANALYZE uid8_t;
SELECT opclass_check('uid8_t', 'id', $$id = uid8_from_parts('2025-07-22 10:00:05+00', 5000 % 64, 5000 % 7, 3, 'time_sequential')$$);
SELECT opclass_check('uid8_t', 'id', $$id = ('x' || left(md5('777'), 16))::bit(64)::bigint::uid8$$);
SELECT opclass_check('uid8_t', 'id', $$id < '8000000000000000'$$);
SELECT opclass_check('uid8_t', 'id', $$id >= 'f000000000000000'$$);
-- time range on time_sequential ids: [t1, t2) is id >= floor(t1) AND id < floor(t2)
SELECT opclass_check('uid8_t', 'id', $$id >= uid8_floor('2025-07-22 10:00:03+00') AND id < uid8_floor('2025-07-22 10:00:04.5+00')$$);
SELECT count(*) FROM uid8_t
WHERE uid8_mode(id) = 'time_sequential'
  AND uid8_timestamp(id) >= '2025-07-22 10:00:03+00' AND uid8_timestamp(id) < '2025-07-22 10:00:04.5+00';
-- also between milliseconds
SELECT opclass_check('uid8_t', 'id', $$id >= uid8_floor('2025-07-22 10:00:03.0005+00') AND id < uid8_floor('2025-07-22 10:00:04.5005+00')$$);
SELECT count(*) FROM uid8_t
WHERE uid8_mode(id) = 'time_sequential'
  AND uid8_timestamp(id) >= '2025-07-22 10:00:03.0005+00' AND uid8_timestamp(id) < '2025-07-22 10:00:04.5005+00';
-- and [t1, t2] is id BETWEEN floor(t1) AND ceil(t2)
SELECT opclass_check('uid8_t', 'id', $$id BETWEEN uid8_floor('2025-07-22 10:00:03+00') AND uid8_ceil('2025-07-22 10:00:04+00')$$);
EXPLAIN (COSTS OFF)
SELECT * FROM uid8_t WHERE id >= uid8_floor('2025-07-22 10:00:03+00') AND id < uid8_floor('2025-07-22 10:00:03.1+00');
EXPLAIN (COSTS OFF)
SELECT * FROM uid8_t WHERE id = 'cb54ecf2840a0015';
-- deduplication is allowed (btequalimage)
SELECT p.amproc FROM pg_amproc p JOIN pg_opclass c ON c.opcfamily = p.amprocfamily
WHERE c.opcname = 'uid8_ops' AND p.amprocnum = 4;
-- hash join, merge join
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM uid8_t a JOIN uid8_t b USING (id);
SELECT count(*) FROM uid8_t a JOIN uid8_t b USING (id);
RESET enable_mergejoin;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM uid8_t a JOIN uid8_t b USING (id);
SELECT count(*) FROM uid8_t a JOIN uid8_t b USING (id);
RESET enable_hashjoin;
RESET enable_nestloop;
-- hash partitioning (extended hash)
CREATE TABLE uid8_p (id uid8 PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE uid8_p0 PARTITION OF uid8_p FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE uid8_p1 PARTITION OF uid8_p FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE uid8_p2 PARTITION OF uid8_p FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO uid8_p SELECT id FROM uid8_t WHERE id IS NOT NULL;
SELECT tableoid::regclass, count(*) FROM uid8_p GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM uid8_p WHERE id = 'cb54ecf2840a0015';
SELECT uid8_hash_extended('cb54ecf2840a0015', 0) <> uid8_hash_extended('cb54ecf2840a0015', 1) AS seed_matters;
-- the hash is int8's over the same bits, and the extended hash with seed 0
-- agrees with it
SELECT count(*) AS disagree FROM uid8_t
WHERE uid8_hash(id) <> hashint8(id::bigint)
   OR uid8_hash_extended(id, 42) <> hashint8extended(id::bigint, 42)
   OR uid8_hash(id) <> uid8_hash_extended(id, 0)::bit(32)::int;
-- BRIN
CREATE INDEX uid8_t_brin ON uid8_t USING brin (id) WITH (pages_per_range = 4);
DROP INDEX uid8_t_btree, uid8_t_hash;
SELECT opclass_check('uid8_t', 'id', $$id >= uid8_floor('2025-07-22 10:00:03+00') AND id < uid8_floor('2025-07-22 10:00:04.5+00')$$);
SELECT opclass_check('uid8_t', 'id', $$id > 'f000000000000000'$$);
DROP TABLE uid8_t, uid8_p;

--
-- generation (this server: shared_preload_libraries, and otherwise the
-- defaults: automatic generator ids, time_sequential mode, cluster 0)
--
-- 200000 ids in one backend: more than the 64 per millisecond of its first
-- generator id, so it claims more (as many again each time it uses up a
-- millisecond, from the top of the generator ids down)
BEGIN;
CREATE TEMP TABLE uid8_gen AS SELECT g, gen_uid8() AS id FROM generate_series(1, 200000) g;
CREATE TEMP TABLE uid8_claims AS
	SELECT generator FROM uid8_claimed_generators() WHERE pid = pg_backend_pid();
COMMIT;
SELECT count(*) AS ids, count(DISTINCT id) AS distinct_ids,
	   count(DISTINCT (uid8_timestamp(id), uid8_sequence(id), uid8_generator(id))) AS distinct_ms_seq_gen,
	   min(uid8_generator(id)) AS first_generator,
	   coalesce(min(uid8_generator(id)) FILTER (WHERE uid8_generator(id) > 0) >= 1024, true)
		   AS more_from_the_upper_half,
	   -- a millisecond used up (sequence 63: the usual case, unless the
	   -- server is slowed down, under valgrind say) took more generator ids
	   count(DISTINCT uid8_generator(id))
		   BETWEEN CASE WHEN max(uid8_sequence(id)) = 63 THEN 2 ELSE 1 END AND 512
		   AS more_once_used_up,
	   min(uid8_cluster(id)) AS cluster, min(uid8_mode(id)) AS mode
FROM uid8_gen;
-- time_sequential: they increase in the order they were made, and a
-- millisecond holds at most 64 ids per generator id it uses
SELECT count(*) AS out_of_order FROM (SELECT id, lag(id) OVER (ORDER BY g) AS prev FROM uid8_gen) s
WHERE prev >= id;
SELECT count(*) AS overfull_ms FROM (
	SELECT uid8_timestamp(id) FROM uid8_gen GROUP BY 1 HAVING count(*) > 64 * count(DISTINCT uid8_generator(id))) s;
SELECT abs(extract(epoch FROM max(uid8_timestamp(id)) - clock_timestamp())) < 60 AS recent FROM uid8_gen;
-- the generator ids were this backend's claims, visible in pg_locks (at
-- the end of the transaction that made the ids).  An extra id not needed
-- for a second goes back at the next millisecond's first id, in the
-- transaction too: when making the ids took a second or more (a slowed
-- server: under valgrind, say), an extra one of the upper half may have
-- gone back before the end, and only the others are checked
SELECT (SELECT COALESCE(array_agg(DISTINCT uid8_generator(id)), '{}') FROM uid8_gen
		 WHERE uid8_generator(id) < 1024
			OR (SELECT max(uid8_timestamp(id)) - min(uid8_timestamp(id)) FROM uid8_gen) < interval '1 second')
	<@ (SELECT array_agg(generator) FROM uid8_claims) AS claimed_by_this_backend;
-- the extra ones go back at the end of a transaction a second after they
-- were last needed; the first claim stays
SELECT pg_sleep(1.1);
SELECT array_agg(generator) AS claims FROM uid8_claimed_generators() WHERE pid = pg_backend_pid();
SELECT locktype, database, classid, objsubid, mode, granted, fastpath
FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'advisory';
-- a claim survives a failed transaction
BEGIN;
SELECT 1 / 0;
ROLLBACK;
SELECT count(*) AS claims FROM uid8_claimed_generators() WHERE pid = pg_backend_pid();
-- pg_advisory_unlock_all() and DISCARD ALL release it; the next id claims again
SELECT pg_advisory_unlock_all();
SELECT count(*) AS claims FROM uid8_claimed_generators() WHERE pid = pg_backend_pid();
SELECT uid8_generator(gen_uid8()) = (SELECT generator FROM uid8_claimed_generators() WHERE pid = pg_backend_pid())
	AS claimed_again;
DISCARD ALL;
SELECT count(*) AS claims FROM uid8_claimed_generators() WHERE pid = pg_backend_pid();
SELECT gen_uid8() IS NOT NULL AS generated,
	   (SELECT count(*) FROM uid8_claimed_generators() WHERE pid = pg_backend_pid()) AS claims;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
-- volatility and parallel safety
SELECT proname, provolatile, proparallel, proleakproof FROM pg_proc
WHERE proname IN ('gen_uid8', 'uid8_timestamp', 'uid8_from_parts', 'uid8_floor', 'uid8_in', 'uid8_claimed_generators')
ORDER BY 1;
-- node identity is configuration, not a session setting; with
-- shared_preload_libraries the generator is fixed at server start
SELECT sqlerr($$SET idtypes.uid8_cluster_id = 1$$);
SELECT sqlerr($$SET idtypes.uid8_mode = 'time_sequential'$$);
SELECT sqlerr($$SET idtypes.uid8_generator_id = 1$$);
SELECT sqlerr($$SET idtypes.uid8_generator_count = 2$$);
SELECT name, setting, context, min_val, max_val FROM pg_settings WHERE name LIKE 'idtypes.uid8%' ORDER BY 1;
-- time bins (sql/date_bin.sql checks every scheme's against core's
-- date_bin()): in either mode the bin of the timestamp, not of the order
SELECT uid8_date_bin('10 seconds', 'cb54ecf2840a0015', '2000-01-01');
SELECT uid8_date_bin('1 hour', uid8_from_parts('2025-07-22 10:30:00+00', 1, 2, 3, m), '2000-01-01')
FROM (VALUES ('spread'), ('time_sequential')) v(m);
-- an untyped literal is a uid8's own text (16 hexadecimal digits), never a
-- number: the digits of 1234567890123456 are read as hex, -1 is refused
-- (sql/client_casts.sql: a bigint is a uid8 only where the cast is written)
SELECT '1234567890123456'::uid8::bigint AS read_as_hex;
SELECT sqlerr($$SELECT '-1'::uid8$$);
