--
-- hlculid: 16 bytes, ts:48 (milliseconds since the Unix epoch) | counter:16 | publisher:16 | entropy:48
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET extra_float_digits = 0;

-- the operator classes
SELECT opc.opcname, am.amname, amvalidate(opc.oid)
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'hlculid'::regtype ORDER BY 1, 2;

--
-- text I/O
--
-- the corrected example of the HLC-ULID proposal: 2025-07-22T10:00:00.100Z,
-- counter 0, publisher 0x000A, entropy 0xAAA111111111
SELECT '01K0RS6SB4000002NAM48H248H'::hlculid AS example,
	   '01K0RS6SB4000002NAM48H248H'::hlculid::bytea AS example_bytes;
SELECT hlculid_from_parts('2025-07-22 10:00:00.100+00', 0, 10, x'AAA111111111'::bigint) AS example_from_parts;
-- the proposal's dashed hex, plain hex, and any case; output is always Crockford base32
SELECT '019831936564-0000-000A-AAA111111111'::hlculid AS dashed,
	   '019831936564-0000-000a-aaa111111111'::hlculid AS dashed_lower,
	   '0198319365640000000AAAA111111111'::hlculid AS hex,
	   '0198319365640000000aaaa111111111'::hlculid AS hex_lower;
-- Crockford: lowercase, and I, L read as 1, O as 0
SELECT '01k0rs6sb4000002nam48h248h'::hlculid AS lower,
	   'oIKORS6SB4OoOoO2NAM48H248H'::hlculid AS look_alikes,
	   '0lK0RS6SB4000002NAM48H248H'::hlculid = '01K0RS6SB4000002NAM48H248H' AS l_is_1;
-- the proposal's own hex examples carry wrong timestamps (not 2025-07-22)
SELECT hlculid_timestamp('017FC21C5E7A-0000-000A-AAA111111111') AS proposal_a1_time;
-- the ends of the range: 26 digits hold 130 bits, so the first is at most 7
SELECT '00000000000000000000000000'::hlculid::bytea AS zero,
	   '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::hlculid::bytea AS max,
	   '00000000000000000000000000000000'::hlculid AS zero_text,
	   'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'::hlculid AS max_text;
-- vectors from the layout: each field on its own, and each digit position
SELECT hlculid_from_parts('1970-01-01 00:00:00.001+00', 0, 0, 0) AS ts_1ms,
	   hlculid_from_parts('1970-01-01 00:00:00+00', 1, 0, 0) AS counter_1,
	   hlculid_from_parts('1970-01-01 00:00:00+00', 0, 1, 0) AS publisher_1,
	   hlculid_from_parts('1970-01-01 00:00:00+00', 0, 0, 1) AS entropy_1;
SELECT b::hlculid AS text, b::hlculid::text::hlculid::bytea = b AS round_trip
FROM (VALUES ('\x80000000000000000000000000000000'::bytea), ('\x40000000000000000000000000000000'),
			 ('\x08000000000000000000000000000000'), ('\x00000000000000000000000000000020'),
			 ('\x0000000000000000000000000000001f'), ('\x0123456789abcdeffedcba9876543210')) v(b);
SELECT hlculid_timestamp(h), hlculid_counter(h), hlculid_publisher(h), hlculid_entropy(h)
FROM (VALUES ('01K0RS6SB4000002NAM48H248H'::hlculid),
			 ('00000000000000000000000000'),
			 ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
			 ('00000000000100000000000000000000'),
			 ('0000000000000001000000000000000F'),
			 ('00000000000000000001800000000000')) v(h);

-- invalid text: SQLSTATE 22P02, the type named and the input quoted
SELECT sqlerr($$SELECT ''::hlculid$$);
SELECT sqlerr($$SELECT '01K0RS6SB4000002NAM48H248'::hlculid$$);
SELECT sqlerr($$SELECT '01K0RS6SB4000002NAM48H248HH'::hlculid$$);
-- U is not a digit (Crockford keeps it out so that ids cannot spell words)
SELECT sqlerr($$SELECT '01K0RS6SB4000002NAM48H248U'::hlculid$$);
SELECT sqlerr($$SELECT '01K0RS6SB4000002NAM48H248u'::hlculid$$);
-- the first digit carries only 3 bits
SELECT sqlerr($$SELECT '80000000000000000000000000'::hlculid$$);
SELECT sqlerr($$SELECT 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'::hlculid$$);
SELECT sqlerr($$SELECT ' 1K0RS6SB4000002NAM48H248H'::hlculid$$);
SELECT sqlerr($$SELECT '01K0RS6SB4000002NAM48H248 '::hlculid$$);
SELECT sqlerr($$SELECT '01K0RS6SB4-000002NAM48H248'::hlculid$$);
SELECT sqlerr($$SELECT '0198319365640000000AAAA11111111'::hlculid$$);
SELECT sqlerr($$SELECT '0198319365640000000AAAA1111111111'::hlculid$$);
SELECT sqlerr($$SELECT '0198319365640000000AAAA11111111G'::hlculid$$);
SELECT sqlerr($$SELECT '019831936564-0000-000A-AAA11111111G'::hlculid$$);
SELECT sqlerr($$SELECT '0198319365-640000-000A-AAA111111111'::hlculid$$);
SELECT sqlerr($$SELECT '019831936564_0000_000A_AAA111111111'::hlculid$$);
SELECT sqlerr($$SELECT '01983193-6564-0000-000a-aaa111111111'::hlculid$$);
SELECT sqlerr($$SELECT '{0198319365640000000AAAA111111111}'::hlculid$$);
SELECT sqlerr(format('SELECT %L::hlculid', '01K0RS6SB4000002NAM48H248' || chr(233)));
SELECT sqlerr(format('SELECT %L::hlculid', '01K0RS6SB4000002NAM48H24' || chr(233)));
SELECT left(sqlerr(format('SELECT %L::hlculid', repeat('0', 100000))), 60) AS huge_input;

--
-- casts: uuid (same 16 bytes), bytea (16 bytes exactly)
--
SELECT '01K0RS6SB4000002NAM48H248H'::hlculid::uuid AS to_uuid,
	   '01983193-6564-0000-000a-aaa111111111'::uuid::hlculid AS from_uuid,
	   '01K0RS6SB4000002NAM48H248H'::hlculid::bytea AS to_bytea,
	   '\x0198319365640000000aaaa111111111'::bytea::hlculid AS from_bytea;
SELECT sqlerr($$SELECT '\x0198319365640000000aaaa1111111'::bytea::hlculid$$);
SELECT sqlerr($$SELECT '\x0198319365640000000aaaa11111111100'::bytea::hlculid$$);
SELECT sqlerr($$SELECT ''::bytea::hlculid$$);
-- the casts apply only where they are written, never in expressions or on
-- assignment (every path: sql/client_casts.sql)
SELECT sqlerr($$SELECT hlculid_timestamp('01983193-6564-0000-000a-aaa111111111'::uuid)$$);
SELECT castcontext, castmethod, castsource::regtype, casttarget::regtype
FROM pg_cast WHERE castsource = 'hlculid'::regtype OR casttarget = 'hlculid'::regtype ORDER BY 3, 4;

--
-- binary I/O: COPY BINARY out and back in, and a value of the wrong length
--
CREATE TABLE hlculid_bin (h hlculid);
INSERT INTO hlculid_bin VALUES ('01K0RS6SB4000002NAM48H248H'), ('00000000000000000000000000'),
	('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), (NULL);
SELECT hlculid_send(h) FROM hlculid_bin;
\copy hlculid_bin TO 'results/hlculid.bin' WITH (FORMAT binary)
CREATE TABLE hlculid_bin2 (h hlculid);
\copy hlculid_bin2 FROM 'results/hlculid.bin' WITH (FORMAT binary)
SELECT a.h, a.h IS NOT DISTINCT FROM b.h AS same
FROM (SELECT h, row_number() OVER () FROM hlculid_bin) a
JOIN (SELECT h, row_number() OVER () FROM hlculid_bin2) b USING (row_number);
-- a 17-byte field read as an hlculid
CREATE TABLE hlculid_bin_long (h bytea);
INSERT INTO hlculid_bin_long VALUES ('\x0198319365640000000aaaa11111111100');
\copy hlculid_bin_long TO 'results/hlculid_long.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy hlculid_bin2 FROM 'results/hlculid_long.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy hlculid_bin2 FROM 'results/hlculid_long.bin' WITH (FORMAT binary)
DROP TABLE hlculid_bin, hlculid_bin2, hlculid_bin_long;

--
-- parts: construction with range checks, extraction, floor and ceil
--
SELECT hlculid_from_parts('2025-07-22 10:00:00.123+00', 65535, 65535, 281474976710655) AS max_parts,
	   hlculid_timestamp(hlculid_from_parts('2025-07-22 10:00:00.123+00', 7, 42, 99)),
	   hlculid_counter(hlculid_from_parts('2025-07-22 10:00:00.123+00', 7, 42, 99)),
	   hlculid_publisher(hlculid_from_parts('2025-07-22 10:00:00.123+00', 7, 42, 99)),
	   hlculid_entropy(hlculid_from_parts('2025-07-22 10:00:00.123+00', 7, 42, 99));
-- the timestamp is truncated to its millisecond
SELECT hlculid_timestamp(hlculid_from_parts('2025-07-22 10:00:00.123999+00', 0, 0, 0)) AS truncated,
	   hlculid_from_parts('2025-07-22 10:00:00.123999+00', 0, 0, 0) = hlculid_from_parts('2025-07-22 10:00:00.123+00', 0, 0, 0) AS same_id;
SELECT sqlerr($$SELECT hlculid_from_parts('2025-01-01', -1, 0, 0)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('2025-01-01', 65536, 0, 0)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('2025-01-01', 0, -1, 0)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('2025-01-01', 0, 65536, 0)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('2025-01-01', 0, 0, -1)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('2025-01-01', 0, 0, 281474976710656)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('1969-12-31 23:59:59.999999+00', 0, 0, 0)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('10889-08-02 05:31:50.656+00', 0, 0, 0)$$);
SELECT sqlerr($$SELECT hlculid_from_parts('infinity', 0, 0, 0)$$);
SELECT sqlerr($$SELECT hlculid_floor('-infinity')$$);
SELECT sqlerr($$SELECT hlculid_ceil('10889-08-02 05:31:50.656+00')$$);
SELECT hlculid_from_parts('10889-08-02 05:31:50.655999+00', 0, 0, 0) AS last_millisecond,
	   hlculid_from_parts('1970-01-01 00:00:00+00', 0, 0, 0) AS first_millisecond;
-- floor(t) is the first hlculid whose time is t or later, ceil(t) the last
-- whose time is t or earlier: inside a millisecond, floor is the next one's
SELECT hlculid_floor('2025-07-22 10:00:00.100+00'), hlculid_ceil('2025-07-22 10:00:00.100+00'),
	   hlculid_floor('2025-07-22 10:00:00.1009+00') = hlculid_floor('2025-07-22 10:00:00.101+00') AS floor_rounds_up,
	   hlculid_ceil('2025-07-22 10:00:00.1009+00') = hlculid_ceil('2025-07-22 10:00:00.100+00') AS ceil_rounds_down;
-- parts(x) round-trips for any 16 bytes
SELECT count(*) AS round_trips
FROM (SELECT md5(g::text)::uuid::hlculid AS h FROM generate_series(1, 10000) g) s
WHERE hlculid_from_parts(hlculid_timestamp(h), hlculid_counter(h), hlculid_publisher(h), hlculid_entropy(h)) = h;
-- and text(x) round-trips in every form
SELECT count(*) AS text_round_trips
FROM (SELECT md5(g::text) AS hex, md5(g::text)::uuid::hlculid AS h FROM generate_series(1, 10000) g) s
WHERE h::text::hlculid = h AND lower(h::text)::hlculid = h AND hex::hlculid = h
  AND (substr(hex, 1, 12) || '-' || substr(hex, 13, 4) || '-' || substr(hex, 17, 4) || '-' || substr(hex, 21))::hlculid = h
  AND length(h::text) = 26 AND h::text ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$';
-- extractors are NULL on NULL (STRICT)
SELECT hlculid_timestamp(NULL), hlculid_counter(NULL), hlculid_publisher(NULL), hlculid_entropy(NULL),
	   hlculid_from_parts(NULL, 1, 1, 1);

--
-- order: unsigned byte order, which is (time, counter, publisher, entropy)
-- order, and also the order of the text form
--
-- the proposal's example: events of publishers A (0x000A) and B (0x000B)
-- arriving out of order sort by (time, counter, publisher)
CREATE TEMP TABLE hlculid_seed (arrival int, event text, id hlculid);
INSERT INTO hlculid_seed VALUES
	(1, 'A3', hlculid_from_parts('2025-07-22 10:00:00.101+00', 1, 10, x'AAA333333333'::bigint)),
	(2, 'B1', hlculid_from_parts('2025-07-22 10:00:00.101+00', 0, 11, x'BBB444444444'::bigint)),
	(3, 'A1', hlculid_from_parts('2025-07-22 10:00:00.100+00', 0, 10, x'AAA111111111'::bigint)),
	(4, 'A2', hlculid_from_parts('2025-07-22 10:00:00.101+00', 0, 10, x'AAA222222222'::bigint)),
	(5, 'B2', hlculid_from_parts('2025-07-22 10:00:00.102+00', 0, 11, x'BBB555555555'::bigint)),
	(6, 'A4', hlculid_from_parts('2025-07-22 10:00:00.103+00', 0, 10, x'AAA666666666'::bigint));
SELECT event, arrival, id, hlculid_timestamp(id), hlculid_counter(id), hlculid_publisher(id),
	   to_hex(hlculid_entropy(id)) AS entropy
FROM hlculid_seed ORDER BY id;
SELECT string_agg(event, ' ' ORDER BY id) = 'A1 A2 B1 A3 B2 A4' AS seed_order,
	   string_agg(event, ' ' ORDER BY id::text) = 'A1 A2 B1 A3 B2 A4' AS text_order
FROM hlculid_seed;
SELECT h FROM (VALUES ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::hlculid), ('01K0RS6SB4000002NAM48H248H'),
	('00000000000000000000000001'), ('40000000000000000000000000'),
	('01K0RS6SB4000002NAM48H248G'), ('00000000000000000000000000')) v(h)
ORDER BY h;
SELECT a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt, hlculid_cmp(a, b)
FROM (VALUES ('01K0RS6SB4000002NAM48H248H'::hlculid, '01K0RS6SB4000002NAM48H248J'::hlculid),
			 ('01K0RS6SB4000002NAM48H248H', '01K0RS6SB4000002NAM48H248H'),
			 ('71K0RS6SB4000002NAM48H248H', '01K0RS6SB4000002NAM48H248H')) v(a, b);
SELECT min(h), max(h) FROM (VALUES ('01K0RS6SB4000002NAM48H248H'::hlculid),
	('40000000000000000000000000'), ('00000000000000000000000001'), (NULL)) v(h);
-- a large sort (abbreviated keys) agrees with core uuid's byte order and the text order
SELECT array_agg(h ORDER BY h) = array_agg(h ORDER BY h::uuid) AS same_order,
	   array_agg(h ORDER BY h) = array_agg(h ORDER BY h::text COLLATE "C") AS same_as_text
FROM (SELECT md5(g::text)::uuid::hlculid AS h FROM generate_series(1, 50000) g) s;
SELECT array_agg(h ORDER BY h) = array_agg(h ORDER BY h::uuid) AS same_order_one_time
FROM (SELECT hlculid_from_parts('2025-01-01', 0, g % 1000, g) AS h FROM generate_series(1, 50000) g) s;

--
-- comparison with timestamptz: a timestamp on a millisecond stands at the
-- smallest hlculid of it, one inside a millisecond after all its hlculids,
-- so id >= t holds exactly when hlculid_timestamp(id) >= t
--
SELECT h, t, h < t AS lt, h <= t AS le, h = t AS eq, h <> t AS ne, h >= t AS ge, h > t AS gt,
	   t < h AS t_lt, t = h AS t_eq, t > h AS t_gt
FROM (VALUES (hlculid_from_parts('2025-01-01 00:00:00+00', 0, 0, 0), '2025-01-01 00:00:00+00'::timestamptz),
			 (hlculid_from_parts('2025-01-01 00:00:00+00', 0, 0, 1), '2025-01-01 00:00:00+00'),
			 (hlculid_from_parts('2025-01-01 00:00:00+00', 65535, 65535, 281474976710655), '2025-01-01 00:00:00.0005+00'),
			 (hlculid_from_parts('2025-01-01 00:00:00.001+00', 0, 0, 0), '2025-01-01 00:00:00.0005+00'),
			 (hlculid_from_parts('2025-01-01 00:00:00.001+00', 0, 0, 0), '2025-01-01 00:00:00.001+00'),
			 (hlculid_from_parts('1970-01-01 00:00:00+00', 0, 0, 0), '1969-12-31 23:59:59.999999+00'),
			 (hlculid_from_parts('1970-01-01 00:00:00+00', 0, 0, 0), '-infinity'),
			 ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '10889-08-02 05:31:50.655+00'),
			 ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '10889-08-02 05:31:50.6559+00'),
			 ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '10889-08-02 05:31:50.656+00'),
			 ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'infinity')) v(h, t);

--
-- every opclass, on 20000 hlculids spread over 20 seconds from 5 publishers
--
CREATE TABLE hlculid_t (id hlculid, n int);
INSERT INTO hlculid_t
SELECT hlculid_from_parts('2025-07-22 10:00:00+00'::timestamptz + g * interval '1 millisecond',
						  g % 3, 10 + g % 5, g), g
FROM generate_series(1, 20000) g;
INSERT INTO hlculid_t VALUES (NULL, 0);
CREATE INDEX hlculid_t_btree ON hlculid_t (id);
CREATE INDEX hlculid_t_hash ON hlculid_t USING hash (id);
ANALYZE hlculid_t;
SELECT opclass_check('hlculid_t', 'id', $$id = hlculid_from_parts('2025-07-22 10:00:05+00', 5000 % 3, 10 + 5000 % 5, 5000)$$);
SELECT opclass_check('hlculid_t', 'id', $$id < '01K0RS6SB4000002NAM48H248H'$$);
SELECT opclass_check('hlculid_t', 'id', $$id >= hlculid_floor('2025-07-22 10:00:03+00') AND id <= hlculid_ceil('2025-07-22 10:00:04+00')$$);
-- time range on the key: the rows whose timestamp is in [t1, t2), also with
-- bounds inside a millisecond
SELECT opclass_check('hlculid_t', 'id', $$id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04.5+00'::timestamptz$$);
SELECT count(*) FROM hlculid_t
WHERE hlculid_timestamp(id) >= '2025-07-22 10:00:03+00' AND hlculid_timestamp(id) < '2025-07-22 10:00:04.5+00';
SELECT opclass_check('hlculid_t', 'id', $$id >= '2025-07-22 10:00:03.0005+00'::timestamptz AND id < '2025-07-22 10:00:04.5005+00'::timestamptz$$);
SELECT count(*) FROM hlculid_t
WHERE hlculid_timestamp(id) >= '2025-07-22 10:00:03.0005+00' AND hlculid_timestamp(id) < '2025-07-22 10:00:04.5005+00';
SELECT opclass_check('hlculid_t', 'id', $$id > '2025-07-22 10:00:19.5+00'::timestamptz$$);
SELECT opclass_check('hlculid_t', 'id', $$id <= '2025-07-22 10:00:00.0105+00'::timestamptz$$);
SELECT opclass_check('hlculid_t', 'id', $$id = '2025-07-22 10:00:00.010+00'::timestamptz$$);
EXPLAIN (COSTS OFF)
SELECT * FROM hlculid_t WHERE id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04+00'::timestamptz;
EXPLAIN (COSTS OFF)
SELECT * FROM hlculid_t WHERE id = '01K0RS6SB4000002NAM48H248H';
-- the proposal's queries, on the typed column.  "Events by a specific
-- publisher": a partial index on the publisher, chosen by the planner.
CREATE INDEX hlculid_t_pub10 ON hlculid_t (id) WHERE hlculid_publisher(id) = 10;
ANALYZE hlculid_t;
EXPLAIN (COSTS OFF)
SELECT * FROM hlculid_t WHERE hlculid_publisher(id) = 10 ORDER BY id;
SELECT count(*) AS rows, bool_and(hlculid_publisher(id) = 10) AS all_publisher_10,
	   bool_and(n % 5 = 0) AS right_rows
FROM hlculid_t WHERE hlculid_publisher(id) = 10;
-- "publisher-specific time range": the same index, scanned over [t1, t2)
EXPLAIN (COSTS OFF)
SELECT * FROM hlculid_t WHERE hlculid_publisher(id) = 10
	AND id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04+00'::timestamptz
ORDER BY id;
SELECT count(*) AS rows, min(n), max(n), bool_and(n % 5 = 0) AS right_rows
FROM hlculid_t WHERE hlculid_publisher(id) = 10
	AND id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04+00'::timestamptz;
-- the proposal's BETWEEN on dashed hex bounds does not filter the publisher:
-- the counter comes before it, so other publishers' ids fall in between
SELECT count(*) AS rows, count(DISTINCT hlculid_publisher(id)) AS publishers
FROM hlculid_t
WHERE id BETWEEN hlculid_from_parts('2025-07-22 10:00:03+00', 0, 10, 0)
			 AND hlculid_from_parts('2025-07-22 10:00:03.999+00', 65535, 10, 281474976710655);
DROP INDEX hlculid_t_pub10;
-- deduplication is allowed (btequalimage)
SELECT p.amproc FROM pg_amproc p JOIN pg_opclass c ON c.opcfamily = p.amprocfamily
WHERE c.opcname = 'hlculid_ops' AND p.amprocnum = 4;
-- hash join, merge join
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM hlculid_t a JOIN hlculid_t b USING (id);
SELECT count(*) FROM hlculid_t a JOIN hlculid_t b USING (id);
RESET enable_mergejoin;
SET enable_hashjoin = off;
SET enable_nestloop = off;
SELECT count(*) FROM hlculid_t a JOIN hlculid_t b USING (id);
RESET enable_hashjoin;
RESET enable_nestloop;
-- hash partitioning (extended hash)
CREATE TABLE hlculid_p (id hlculid PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE hlculid_p0 PARTITION OF hlculid_p FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hlculid_p1 PARTITION OF hlculid_p FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hlculid_p2 PARTITION OF hlculid_p FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hlculid_p SELECT id FROM hlculid_t WHERE id IS NOT NULL;
SELECT tableoid::regclass, count(*) FROM hlculid_p GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM hlculid_p WHERE id = '01K0RS6SB4000002NAM48H248H';
SELECT hlculid_hash_extended('01K0RS6SB4000002NAM48H248H', 0) <> hlculid_hash_extended('01K0RS6SB4000002NAM48H248H', 1)
	AS seed_matters;
-- the extended hash with seed 0 agrees with the 32-bit hash
SELECT count(*) AS disagree FROM hlculid_t WHERE hlculid_hash(id) <> hlculid_hash_extended(id, 0)::bit(32)::int;
-- list partitioning by publisher (an IMMUTABLE extractor as partition key)
CREATE TABLE hlculid_lp (id hlculid NOT NULL) PARTITION BY LIST (hlculid_publisher(id));
CREATE TABLE hlculid_lp10 PARTITION OF hlculid_lp FOR VALUES IN (10);
CREATE TABLE hlculid_lp_other PARTITION OF hlculid_lp DEFAULT;
INSERT INTO hlculid_lp SELECT id FROM hlculid_t WHERE id IS NOT NULL;
SELECT tableoid::regclass, count(*) FROM hlculid_lp GROUP BY 1 ORDER BY 1;
-- BRIN, with time ranges too
CREATE INDEX hlculid_t_brin ON hlculid_t USING brin (id) WITH (pages_per_range = 4);
DROP INDEX hlculid_t_btree, hlculid_t_hash;
SELECT opclass_check('hlculid_t', 'id', $$id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04.5+00'::timestamptz$$);
SELECT opclass_check('hlculid_t', 'id', $$id > hlculid_from_parts('2025-07-22 10:00:19.9+00', 0, 0, 0)$$);
DROP TABLE hlculid_t, hlculid_p, hlculid_lp;

--
-- generation: a hybrid logical clock
--
-- 100000 ids in one statement: distinct, strictly increasing in generation
-- order, and each is the HLC send rule applied to the one before: a later
-- millisecond with counter 0, or the same millisecond with counter + 1
CREATE TEMP TABLE hlculid_gen AS SELECT g, gen_hlculid() AS id FROM generate_series(1, 100000) g;
SELECT count(*) AS ids, count(DISTINCT id) AS distinct_ids,
	   count(DISTINCT (hlculid_timestamp(id), hlculid_counter(id))) AS distinct_clocks,
	   count(DISTINCT hlculid_publisher(id)) AS publishers
FROM hlculid_gen;
SELECT count(*) FILTER (WHERE NOT id > prev) AS not_increasing,
	   count(*) FILTER (WHERE NOT ((ts > prev_ts AND counter = 0)
								OR (ts = prev_ts AND counter = prev_counter + 1))) AS not_hlc_steps,
	   count(*) FILTER (WHERE ts > prev_ts) > 0 AS millisecond_moved,
	   count(*) FILTER (WHERE ts = prev_ts) > 0 AS counter_used
FROM (SELECT id, lag(id) OVER w AS prev,
			 hlculid_timestamp(id) AS ts, lag(hlculid_timestamp(id)) OVER w AS prev_ts,
			 hlculid_counter(id) AS counter, lag(hlculid_counter(id)) OVER w AS prev_counter
	  FROM hlculid_gen WINDOW w AS (ORDER BY g)) s
WHERE prev IS NOT NULL;
-- the timestamps are current ones: since the server started (to the
-- millisecond), and not later than now
SELECT bool_and(hlculid_timestamp(id) BETWEEN date_trunc('milliseconds', pg_postmaster_start_time())
										AND clock_timestamp()) AS recent
FROM hlculid_gen;
-- 48 random bits: no bit is stuck, and (2^48 values) no repeats to speak of
SELECT count(DISTINCT hlculid_entropy(id)) > 99990 AS entropy_distinct,
	   (SELECT count(*) FROM generate_series(0, 47) b
		WHERE NOT EXISTS (SELECT FROM hlculid_gen WHERE hlculid_entropy(id) >> b & 1 = 0)
		   OR NOT EXISTS (SELECT FROM hlculid_gen WHERE hlculid_entropy(id) >> b & 1 = 1)) AS stuck_bits
FROM hlculid_gen;
-- the automatic publisher (idtypes.publisher_id = -1) is the same for every id
SELECT current_setting('idtypes.publisher_id') AS publisher_setting,
	   (SELECT hlculid_publisher(gen_hlculid())) = (SELECT min(hlculid_publisher(id)) FROM hlculid_gen)
	   AS same_publisher;
-- later statements sort after earlier ones
CREATE TEMP TABLE hlculid_seq (n serial, id hlculid);
INSERT INTO hlculid_seq (id) VALUES (gen_hlculid());
INSERT INTO hlculid_seq (id) SELECT gen_hlculid() FROM generate_series(1, 3);
INSERT INTO hlculid_seq (id) VALUES (gen_hlculid());
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order, min(id) > (SELECT max(id) FROM hlculid_gen) AS after_earlier
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM hlculid_seq) s;

--
-- hlculid_observe: the receive rule.  An id from a node whose clock is a
-- minute ahead, with its counter near the end: the next local ids sort after
-- it, continue its counter, and on overflow move to the next millisecond
--
CREATE TEMP TABLE hlculid_remote AS
SELECT hlculid_from_parts(date_trunc('milliseconds', clock_timestamp()) + interval '1 minute', 65534, 4242, 7) AS id;
SELECT hlculid_observe(id) FROM hlculid_remote;
CREATE TEMP TABLE hlculid_local AS SELECT g, gen_hlculid() AS id FROM generate_series(1, 3) g;
SELECT l.g, l.id > r.id AS after_remote,
	   (extract(epoch FROM hlculid_timestamp(l.id) - hlculid_timestamp(r.id)) * 1000)::int AS later_by_ms,
	   hlculid_counter(l.id) AS counter, hlculid_publisher(l.id) = hlculid_publisher(r.id) AS remote_publisher
FROM hlculid_local l, hlculid_remote r ORDER BY l.g;
-- observing an id from the past changes nothing: the clock never goes back
SELECT hlculid_observe('01K0RS6SB4000002NAM48H248H');
SELECT gen_hlculid() > (SELECT max(id) FROM hlculid_local) AS still_increasing;
-- an id from a clock far ahead (more than idtypes.hlculid_max_drift) is refused
SELECT sqlerr($$SELECT hlculid_observe(hlculid_from_parts(clock_timestamp() + interval '1 day', 0, 1, 0))$$);
SELECT gen_hlculid() < hlculid_floor(clock_timestamp() + interval '1 hour') AS clock_not_dragged;
SELECT hlculid_observe(NULL) IS NULL AS strict;

-- volatility and parallel safety: generators never run in parallel workers
SELECT proname, provolatile, proparallel, proleakproof FROM pg_proc
WHERE proname IN ('gen_hlculid', 'hlculid_observe', 'hlculid_timestamp', 'hlculid_counter',
				  'hlculid_publisher', 'hlculid_entropy', 'hlculid_from_parts', 'hlculid_floor',
				  'hlculid_ceil', 'hlculid_in')
ORDER BY 1;
-- the settings are server-wide configuration, not session settings
SELECT sqlerr($$SET idtypes.publisher_id = 10$$);
SELECT sqlerr($$SET idtypes.hlculid_max_drift = -1$$);
SELECT name, setting, unit, context, min_val, max_val FROM pg_settings
WHERE name IN ('idtypes.publisher_id', 'idtypes.hlculid_max_drift') ORDER BY 1;
-- and the settings of every clock: who may move one, and how far ahead
SELECT sqlerr($$SET idtypes.clock_max_ahead = '1d'$$);
SELECT sqlerr($$SET idtypes.clock_mover_role = 'nobody'$$);
SELECT name, setting, unit, context, min_val, max_val FROM pg_settings
WHERE name IN ('idtypes.clock_max_ahead', 'idtypes.clock_mover_role') ORDER BY 1;

-- observing moves the server's clock for everybody: PUBLIC may not
CREATE ROLE hlculid_observer;
SET ROLE hlculid_observer;
SELECT sqlerr($$SELECT hlculid_observe(gen_hlculid())$$);
RESET ROLE;
GRANT EXECUTE ON FUNCTION hlculid_observe(hlculid) TO hlculid_observer;
-- and with shared_preload_libraries EXECUTE is not enough: the clock is every
-- database's, moved only by superusers and members of the role named by
-- idtypes.clock_mover_role (t/012_security.pl)
SET ROLE hlculid_observer;
SELECT sqlerr($$SELECT hlculid_observe(gen_hlculid())$$);
RESET ROLE;
REVOKE EXECUTE ON FUNCTION hlculid_observe(hlculid) FROM hlculid_observer;
DROP ROLE hlculid_observer;
-- the safe bound (sql/bound.sql has every scheme's): the first hlculid of
-- its clock word (millisecond and counter)
SELECT hlculid_publisher(hlculid_safe_bound()) AS publisher, hlculid_entropy(hlculid_safe_bound()) AS entropy;
-- time bins (sql/date_bin.sql checks every scheme's against core's date_bin())
SELECT hlculid_date_bin('1 hour', '01K0RS6SB4000002NAM48H248H', '2000-01-01');
