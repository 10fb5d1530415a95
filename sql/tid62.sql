--
-- tid62: 12 bytes, uint32 seconds since 2020-01-01T00:00:00Z | 8 bytes of
-- entropy, written as 17 base62 digits; and the SimpleDB helpers
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET extra_float_digits = 0;

-- the operator classes
SELECT opc.opcname, am.amname, amvalidate(opc.oid)
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'tid62'::regtype ORDER BY 1, 2;

--
-- text I/O
--
-- fixed vectors: (seconds, entropy)
SELECT '00000000000000000'::tid62 AS zero,
	   '000000LygHa16AHYF'::tid62 AS entropy_all_ones,
	   '04XVaYIJisigHzUpr'::tid62 AS dec_2025;
SELECT tid62_from_parts('2020-01-01 00:00:00+00', '\x0000000000000000') AS zero,
	   tid62_from_parts('2020-01-01 00:00:00+00', '\xffffffffffffffff') AS entropy_all_ones,
	   tid62_from_parts('2025-12-30 12:00:00+00', '\x0123456789abcdef') AS dec_2025;
-- each end of the range, and single bits
SELECT tid62_from_parts('2156-02-07 06:28:15+00', '\xffffffffffffffff') AS largest,
	   tid62_from_parts('2156-02-07 06:28:15+00', '\x0000000000000000') AS last_second,
	   tid62_from_parts('2020-01-01 00:00:01+00', '\x0000000000000000') AS one_second,
	   tid62_from_parts('2020-01-01 00:00:00+00', '\x0000000000000001') AS entropy_1,
	   tid62_from_parts('2020-01-01 00:00:00+00', '\x000000000000003e') AS entropy_62;
SELECT id, tid62_timestamp(id), tid62_entropy(id)
FROM (VALUES ('00000000000000000'::tid62), ('000000LygHa16AHYF'), ('04XVaYIJisigHzUpr'),
			 ('1f2SI9UJPXvb7vdJ1'), ('00000000000000010'), ('0000000000000000z'),
			 ('000000LygHa16AHYG')) v(id);
-- text -> tid62 -> text is the identity on canonical text, and bytes ->
-- text -> bytes on any 12 bytes
SELECT count(*) AS round_trips
FROM (SELECT substr(decode(md5(g::text), 'hex'), 1, 12) AS b FROM generate_series(1, 10000) g) s
WHERE b::tid62::text::tid62::bytea = b AND b::tid62::text::tid62::text = b::tid62::text
  AND length(b::tid62::text) = 17;
-- the text of fixed width in the ASCII-ordered alphabet sorts like the bytes
-- under the "C" collation
SELECT array_agg(id ORDER BY id) = array_agg(id ORDER BY id::text COLLATE "C") AS c_order_is_byte_order
FROM (SELECT substr(decode(md5(g::text), 'hex'), 1, 12)::tid62 AS id FROM generate_series(1, 10000) g) s;

-- invalid text: SQLSTATE 22P02, the type named and the input quoted
SELECT sqlerr($$SELECT ''::tid62$$);
SELECT sqlerr($$SELECT '04XVaYIJisigHzUp'::tid62$$);
SELECT sqlerr($$SELECT '04XVaYIJisigHzUprr'::tid62$$);
SELECT sqlerr($$SELECT '04XVaYIJ-sigHzUpr'::tid62$$);
SELECT sqlerr($$SELECT '04XVaYIJ_sigHzUpr'::tid62$$);
SELECT sqlerr($$SELECT ' 04XVaYIJisigHzUp'::tid62$$);
SELECT sqlerr($$SELECT '04XVaYIJisigHzUp '::tid62$$);
SELECT sqlerr($$SELECT '04XVaYIJisigHzUp+'::tid62$$);
SELECT sqlerr(format('SELECT %L::tid62', '04XVaYIJisigHzU' || chr(233)));
SELECT sqlerr(format('SELECT %L::tid62', '04XVaYIJisigHzUp' || chr(233)));
-- 17 digits that do not fit in 96 bits
SELECT sqlerr($$SELECT '1f2SI9UJPXvb7vdJ2'::tid62$$);
SELECT sqlerr($$SELECT '1f2SI9UJPXvb7vdK0'::tid62$$);
SELECT sqlerr($$SELECT '20000000000000000'::tid62$$);
SELECT sqlerr($$SELECT 'zzzzzzzzzzzzzzzzz'::tid62$$);
SELECT left(sqlerr(format('SELECT %L::tid62', repeat('0', 100000))), 60) AS huge_input;
-- the details
SELECT '04XVaYIJisigHzUp'::tid62;
SELECT '1f2SI9UJPXvb7vdJ2'::tid62;

--
-- casts: bytea (12 bytes exactly), explicit only
--
SELECT '04XVaYIJisigHzUpr'::tid62::bytea AS to_bytea,
	   '\x0b47ddc00123456789abcdef'::bytea::tid62 AS from_bytea;
SELECT sqlerr($$SELECT '\x0b47ddc00123456789abcd'::bytea::tid62$$);
SELECT sqlerr($$SELECT '\x0b47ddc00123456789abcdef00'::bytea::tid62$$);
SELECT sqlerr($$SELECT ''::bytea::tid62$$);
SELECT sqlerr($$SELECT tid62_timestamp('\x0b47ddc00123456789abcdef'::bytea)$$);
SELECT castcontext, castmethod, castsource::regtype, casttarget::regtype
FROM pg_cast WHERE castsource = 'tid62'::regtype OR casttarget = 'tid62'::regtype ORDER BY 3, 4;

--
-- binary I/O: COPY BINARY out and back in, and a value of the wrong length
--
CREATE TABLE tid62_bin (id tid62);
INSERT INTO tid62_bin VALUES ('04XVaYIJisigHzUpr'), ('00000000000000000'), ('1f2SI9UJPXvb7vdJ1'), (NULL);
SELECT tid62_send(id) FROM tid62_bin;
\copy tid62_bin TO 'results/tid62.bin' WITH (FORMAT binary)
CREATE TABLE tid62_bin2 (id tid62);
\copy tid62_bin2 FROM 'results/tid62.bin' WITH (FORMAT binary)
SELECT a.id, a.id IS NOT DISTINCT FROM b.id AS same
FROM (SELECT id, row_number() OVER () FROM tid62_bin) a
JOIN (SELECT id, row_number() OVER () FROM tid62_bin2) b USING (row_number);
-- a 16-byte field (a uuid, say) read as a tid62
CREATE TABLE tid62_bin_uuid (u uuid);
INSERT INTO tid62_bin_uuid VALUES ('550e8400-e29b-41d4-a716-446655440001');
\copy tid62_bin_uuid TO 'results/tid62_uuid.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy tid62_bin2 FROM 'results/tid62_uuid.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy tid62_bin2 FROM 'results/tid62_uuid.bin' WITH (FORMAT binary)
DROP TABLE tid62_bin, tid62_bin2, tid62_bin_uuid;

--
-- parts: construction with range checks, extraction, floor and ceil
--
-- the timestamp is truncated to the second
SELECT tid62_from_parts('2025-12-30 12:00:00.999999+00', '\x0123456789abcdef') AS truncated,
	   tid62_timestamp(tid62_from_parts('2025-12-30 12:00:00.999999+00', '\x0123456789abcdef'));
SELECT sqlerr($$SELECT tid62_from_parts('2019-12-31 23:59:59.999999+00', '\x0000000000000000')$$);
SELECT sqlerr($$SELECT tid62_from_parts('2156-02-07 06:28:16+00', '\x0000000000000000')$$);
SELECT sqlerr($$SELECT tid62_from_parts('infinity', '\x0000000000000000')$$);
SELECT sqlerr($$SELECT tid62_from_parts('-infinity', '\x0000000000000000')$$);
SELECT sqlerr($$SELECT tid62_floor('2019-12-31 23:59:59+00')$$);
SELECT sqlerr($$SELECT tid62_ceil('2156-02-07 06:28:16+00')$$);
-- entropy is exactly 8 bytes: 22P03 otherwise, as for a bytea cast
SELECT sqlerr($$SELECT tid62_from_parts('2025-01-01', '\x01234567')$$);
SELECT sqlerr($$SELECT tid62_from_parts('2025-01-01', '\x0123456789abcdef01')$$);
SELECT sqlerr($$SELECT tid62_from_parts('2025-01-01', '')$$);
-- floor(t) is the first tid62 whose time is t or later, ceil(t) the last whose
-- time is t or earlier: inside a second, floor is the next second's first
SELECT tid62_floor('2025-12-30 12:00:00.5+00'), tid62_ceil('2025-12-30 12:00:00.5+00'),
	   tid62_floor('2020-01-01 00:00:00+00') AS first_floor, tid62_ceil('2156-02-07 06:28:15+00') AS last_ceil;
-- parts(x) round-trips for any 12 bytes
SELECT count(*) AS round_trips
FROM (SELECT substr(decode(md5(g::text), 'hex'), 1, 12)::tid62 AS id FROM generate_series(1, 10000) g) s
WHERE tid62_from_parts(tid62_timestamp(id), tid62_entropy(id)) = id;
-- NULL in, NULL out (STRICT)
SELECT tid62_timestamp(NULL), tid62_entropy(NULL), tid62_from_parts(NULL, '\x0000000000000000'),
	   tid62_from_parts('2025-01-01', NULL), tid62_floor(NULL), tid62_ceil(NULL);

--
-- order: unsigned byte order, which is time order
--
SELECT id, tid62_timestamp(id) FROM (VALUES ('1f2SI9UJPXvb7vdJ1'::tid62), ('04XVaYIJisigHzUpr'),
	('00000000000000001'), ('000000LygHa16AHYF'), ('000000LygHa16AHYG'), ('00000000000000000'),
	('04XVaYIJisigHzUpq')) v(id)
ORDER BY id;
SELECT a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt, tid62_cmp(a, b)
FROM (VALUES ('04XVaYIJisigHzUpr'::tid62, '04XVaYIJisigHzUps'::tid62),
			 ('04XVaYIJisigHzUpr', '04XVaYIJisigHzUpr'),
			 ('1f2SI9UJPXvb7vdJ1', '04XVaYIJisigHzUpr')) v(a, b);
SELECT min(id), max(id) FROM (VALUES ('04XVaYIJisigHzUpr'::tid62), ('1f2SI9UJPXvb7vdJ1'),
	('00000000000000001'), (NULL)) v(id);
-- a large sort (abbreviated keys) agrees with bytea's byte order
SELECT array_agg(id ORDER BY id) = array_agg(id ORDER BY id::bytea) AS same_order
FROM (SELECT substr(decode(md5(g::text), 'hex'), 1, 12)::tid62 AS id FROM generate_series(1, 50000) g) s;
SELECT array_agg(id ORDER BY id) = array_agg(id ORDER BY id::bytea) AS same_order_one_second
FROM (SELECT tid62_from_parts('2025-01-01', substr(decode(md5(g::text), 'hex'), 1, 8)) AS id
	  FROM generate_series(1, 50000) g) s;

--
-- the order of a tid62 column is time order under every collation; the same
-- ids as text sort differently under a linguistic collation, which puts
-- lowercase before uppercase and compares letters case-insensitively first
--
CREATE TABLE tid62_coll (id tid62, t_c text COLLATE "C", t_icu text COLLATE "en-US-x-icu");
INSERT INTO tid62_coll (id)
VALUES ('0AAAAAAAAAAAAAAAA'), ('0ZZZZZZZZZZZZZZZZ'), ('0aaaaaaaaaaaaaaaa'), ('0zzzzzzzzzzzzzzzz');
UPDATE tid62_coll SET t_c = id::text, t_icu = id::text;
SELECT id, tid62_timestamp(id) FROM tid62_coll ORDER BY id;
SELECT t_c, tid62_timestamp(t_c::tid62) FROM tid62_coll ORDER BY t_c;
SELECT t_icu, tid62_timestamp(t_icu::tid62) FROM tid62_coll ORDER BY t_icu;
-- and over many generated-like ids, one per second for a day
TRUNCATE tid62_coll;
INSERT INTO tid62_coll (id)
SELECT tid62_from_parts('2025-07-22 00:00:00+00'::timestamptz + g * interval '1 second',
						substr(decode(md5(g::text), 'hex'), 1, 8))
FROM generate_series(0, 86399) g;
UPDATE tid62_coll SET t_c = id::text, t_icu = id::text;
SELECT array_agg(id ORDER BY id) = array_agg(id ORDER BY tid62_timestamp(id)) AS typed_in_time_order,
	   array_agg(id ORDER BY id) = array_agg(id ORDER BY t_c) AS c_text_in_time_order,
	   array_agg(id ORDER BY id) = array_agg(id ORDER BY t_icu) AS icu_text_in_time_order
FROM tid62_coll;
-- rows that come before an earlier id under the linguistic collation
SELECT count(*) > 0 AS icu_has_time_inversions
FROM (SELECT id < lag(id) OVER (ORDER BY t_icu) AS inverted FROM tid62_coll) s WHERE inverted;
DROP TABLE tid62_coll;

--
-- comparison with timestamptz: a whole second stands at the smallest tid62
-- of that second, a timestamp inside a second just after all of its ids, so
-- id >= t holds exactly when tid62_timestamp(id) >= t
--
SELECT id, t, id < t AS lt, id <= t AS le, id = t AS eq, id <> t AS ne, id >= t AS ge, id > t AS gt,
	   t < id AS t_lt, t = id AS t_eq, t > id AS t_gt
FROM (VALUES (tid62_floor('2025-01-01 00:00:00+00'), '2025-01-01 00:00:00+00'::timestamptz),
			 (tid62_from_parts('2025-01-01 00:00:00+00', '\x0000000000000001'), '2025-01-01 00:00:00+00'),
			 (tid62_ceil('2025-01-01 00:00:00+00'), '2025-01-01 00:00:00.000001+00'),
			 (tid62_ceil('2025-01-01 00:00:00+00'), '2025-01-01 00:00:00.999999+00'),
			 (tid62_floor('2025-01-01 00:00:01+00'), '2025-01-01 00:00:00.999999+00'),
			 (tid62_floor('2020-01-01 00:00:00+00'), '2019-12-31 23:59:59.999999+00'),
			 (tid62_floor('2020-01-01 00:00:00+00'), '-infinity'),
			 ('1f2SI9UJPXvb7vdJ1', '2156-02-07 06:28:15+00'),
			 ('1f2SI9UJPXvb7vdJ1', '2156-02-07 06:28:16+00'),
			 ('1f2SI9UJPXvb7vdJ1', 'infinity')) v(id, t);

--
-- every opclass, on 20000 tid62s spread over 20000 seconds
--
CREATE TABLE tid62_t (id tid62, n int);
INSERT INTO tid62_t
SELECT tid62_from_parts('2025-07-22 10:00:00+00'::timestamptz + g * interval '1 second',
						substr(decode(md5(g::text), 'hex'), 1, 8)), g
FROM generate_series(1, 20000) g;
-- a few ids that share a second
INSERT INTO tid62_t
SELECT tid62_from_parts('2025-07-22 10:30:00+00', substr(decode(md5(g::text), 'hex'), 1, 8)), g
FROM generate_series(20001, 20100) g;
INSERT INTO tid62_t VALUES (NULL, 0);
CREATE INDEX tid62_t_btree ON tid62_t (id);
CREATE INDEX tid62_t_hash ON tid62_t USING hash (id);
ANALYZE tid62_t;
SELECT opclass_check('tid62_t', 'id', $$id = tid62_from_parts('2025-07-22 10:00:00+00'::timestamptz + 5000 * interval '1 second', substr(decode(md5('5000'), 'hex'), 1, 8))$$);
SELECT opclass_check('tid62_t', 'id', $$id < '05AAAAAAAAAAAAAAA'$$);
SELECT opclass_check('tid62_t', 'id', $$id >= tid62_floor('2025-07-22 10:30:00+00') AND id <= tid62_ceil('2025-07-22 10:30:00+00')$$);
-- time range on the key: the rows whose timestamp is in [t1, t2)
SELECT opclass_check('tid62_t', 'id', $$id >= '2025-07-22 10:30:00+00'::timestamptz AND id < '2025-07-22 11:00:00+00'::timestamptz$$);
SELECT count(*) FROM tid62_t
WHERE tid62_timestamp(id) >= '2025-07-22 10:30:00+00' AND tid62_timestamp(id) < '2025-07-22 11:00:00+00';
-- bounds inside a second: the second of t1 is out, the second of t2 is in
SELECT opclass_check('tid62_t', 'id', $$id >= '2025-07-22 10:29:59.5+00'::timestamptz AND id < '2025-07-22 10:30:00.5+00'::timestamptz$$);
SELECT opclass_check('tid62_t', 'id', $$id > '2025-07-22 15:30:00.5+00'::timestamptz$$);
SELECT opclass_check('tid62_t', 'id', $$id <= '2025-07-22 10:00:10+00'::timestamptz$$);
SELECT opclass_check('tid62_t', 'id', $$id = '2025-07-22 10:00:10+00'::timestamptz$$);
EXPLAIN (COSTS OFF)
SELECT * FROM tid62_t WHERE id >= '2025-07-22 10:30:00+00'::timestamptz AND id < '2025-07-22 11:00:00+00'::timestamptz;
EXPLAIN (COSTS OFF)
SELECT * FROM tid62_t WHERE id = '04XVaYIJisigHzUpr';
-- deduplication is allowed (btequalimage)
SELECT p.amproc FROM pg_amproc p JOIN pg_opclass c ON c.opcfamily = p.amprocfamily
WHERE c.opcname = 'tid62_ops' AND p.amprocnum = 4;
-- hash join, merge join
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM tid62_t a JOIN tid62_t b USING (id);
SELECT count(*) FROM tid62_t a JOIN tid62_t b USING (id);
RESET enable_mergejoin;
SET enable_hashjoin = off;
SET enable_nestloop = off;
SELECT count(*) FROM tid62_t a JOIN tid62_t b USING (id);
RESET enable_hashjoin;
RESET enable_nestloop;
-- hash partitioning (extended hash)
CREATE TABLE tid62_p (id tid62 PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE tid62_p0 PARTITION OF tid62_p FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE tid62_p1 PARTITION OF tid62_p FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE tid62_p2 PARTITION OF tid62_p FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO tid62_p SELECT id FROM tid62_t WHERE id IS NOT NULL;
SELECT tableoid::regclass, count(*) FROM tid62_p GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM tid62_p WHERE id = '04XVaYIJisigHzUpr';
SELECT tid62_hash_extended('04XVaYIJisigHzUpr', 0) <> tid62_hash_extended('04XVaYIJisigHzUpr', 1)
	AS seed_matters;
-- the extended hash with seed 0 agrees with the 32-bit hash
SELECT count(*) AS disagree FROM tid62_t WHERE tid62_hash(id) <> tid62_hash_extended(id, 0)::bit(32)::int;
-- BRIN, with time ranges too
CREATE INDEX tid62_t_brin ON tid62_t USING brin (id) WITH (pages_per_range = 4);
DROP INDEX tid62_t_btree, tid62_t_hash;
SELECT opclass_check('tid62_t', 'id', $$id >= '2025-07-22 10:30:00+00'::timestamptz AND id < '2025-07-22 11:00:00+00'::timestamptz$$);
SELECT opclass_check('tid62_t', 'id', $$id > tid62_floor('2025-07-22 15:30:00+00')$$);
DROP TABLE tid62_t, tid62_p;

--
-- generation
--
-- 100000 ids in one statement: distinct, increasing in generation order, of
-- the current second
CREATE TEMP TABLE tid62_gen AS
SELECT g, gen_tid62() AS id, statement_timestamp() AS started, clock_timestamp() AS made
FROM generate_series(1, 100000) g;
SELECT count(*) AS ids, count(DISTINCT id) AS distinct_ids,
	   bool_and(tid62_timestamp(id) >= date_trunc('second', started)) AS not_before_the_statement,
	   bool_and(tid62_timestamp(id) <= made) AS not_after_generation
FROM tid62_gen;
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY g) AS prev FROM tid62_gen) s;
-- within a second the first 4 entropy bytes are a counter that advances by
-- 1 to 256 per id; a new second starts it below 2^31; the last 4 are random
CREATE TEMP TABLE tid62_parts AS
SELECT g, tid62_timestamp(id) AS ts,
	   ('x00000000' || encode(substr(tid62_entropy(id), 1, 4), 'hex'))::bit(64)::bigint AS counter,
	   substr(tid62_entropy(id), 5, 4) AS tail
FROM tid62_gen;
SELECT count(*) FILTER (WHERE step < 1 OR step > 256) AS bad_steps,
	   avg(step) BETWEEN 118 AND 139 AS mean_step_near_128,
	   count(*) FILTER (WHERE new_second AND counter >= 2147483648) AS bad_starts
FROM (SELECT counter, ts <> lag(ts) OVER (ORDER BY g) AS new_second,
			 CASE WHEN ts = lag(ts) OVER (ORDER BY g) THEN counter - lag(counter) OVER (ORDER BY g) END AS step
	  FROM tid62_parts) s;
SELECT count(DISTINCT tail) > 99900 AS tails_random FROM tid62_parts;
DROP TABLE tid62_gen, tid62_parts;
-- later statements sort after earlier ones
CREATE TEMP TABLE tid62_seq (n serial, id tid62);
INSERT INTO tid62_seq (id) VALUES (gen_tid62());
INSERT INTO tid62_seq (id) VALUES (gen_tid62());
INSERT INTO tid62_seq (id) SELECT gen_tid62() FROM generate_series(1, 3);
INSERT INTO tid62_seq (id) VALUES (gen_tid62());
SELECT n, id > lag(id) OVER (ORDER BY n) AS after_previous FROM tid62_seq ORDER BY n;
-- volatility and parallel safety
SELECT p.oid::regprocedure, provolatile, proparallel, proleakproof FROM pg_proc p
WHERE proname IN ('gen_tid62', 'tid62_timestamp', 'tid62_entropy', 'tid62_from_parts', 'tid62_floor',
				  'tid62_ceil', 'tid62_prefixed', 'gen_tid62_prefixed', 'tid62_split', 'uuid464', 'uuid464_decode',
				  'gen_uuid464', 'seq10', 'seq36')
ORDER BY p.oid::regprocedure::text;

--
-- prefixed ids: {prefix}-{tid62}
--
SELECT tid62_prefixed('user', '04XVaYIJisigHzUpr') AS user_id,
	   tid62_prefixed('order', '04XVaYIJisigHzUpr') AS order_id,
	   tid62_prefixed('user42-workout_7', '04XVaYIJisigHzUpr') AS hierarchical;
SELECT s AS prefixed, (tid62_split(s)).*
FROM (VALUES ('user-04XVaYIJisigHzUpr'), ('user42-workout_7-04XVaYIJisigHzUpr'),
			 ('04XVaYIJisigHzUpr'), ('_-1f2SI9UJPXvb7vdJ1')) v(s);
-- prefixes: one or more segments of [A-Za-z0-9_] joined by single dashes
SELECT sqlerr($$SELECT tid62_prefixed('', '04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_prefixed('-user', '04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_prefixed('user-', '04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_prefixed('us--er', '04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_prefixed('user!', '04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_prefixed('us er', '04XVaYIJisigHzUpr')$$);
SELECT sqlerr(format('SELECT gen_tid62_prefixed(%L)', 'us' || chr(233) || 'r'));
SELECT sqlerr($$SELECT gen_tid62_prefixed('a/b')$$);
SELECT gen_tid62_prefixed('user-');
-- what does not split: 22P02
SELECT sqlerr($$SELECT tid62_split('')$$);
SELECT sqlerr($$SELECT tid62_split('user04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_split('user_04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_split('-04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_split('user--04XVaYIJisigHzUpr')$$);
SELECT sqlerr($$SELECT tid62_split('user-04XVaYIJisigHzUp')$$);
SELECT sqlerr($$SELECT tid62_split('user-04XVaYIJisigHzUpr-')$$);
SELECT sqlerr($$SELECT tid62_split('user-1f2SI9UJPXvb7vdJ2')$$);
SELECT sqlerr($$SELECT tid62_split('us.er-04XVaYIJisigHzUpr')$$);
SELECT tid62_split('user_04XVaYIJisigHzUpr');
-- generated: the prefix, a dash and a new tid62 of now
SELECT s ~ '^user-[0-9A-Za-z]{17}$' AS shape, (tid62_split(s)).prefix,
	   tid62_timestamp((tid62_split(s)).id) BETWEEN date_trunc('second', statement_timestamp()) AND clock_timestamp() AS current
FROM (SELECT gen_tid62_prefixed('user') AS s) v;
SELECT count(DISTINCT gen_tid62_prefixed('order')) AS distinct_ids FROM generate_series(1, 1000);
SELECT gen_tid62_prefixed(NULL), tid62_prefixed(NULL, '04XVaYIJisigHzUpr'), tid62_prefixed('user', NULL),
	   tid62_split(NULL);

--
-- uuid464: the 16 bytes of a uuid in unpadded base64url, 22 characters
--
SELECT uuid464('550e8400-e29b-41d4-a716-446655440001') AS design_vector,
	   uuid464('00000000-0000-0000-0000-000000000000') AS nil,
	   uuid464('ffffffff-ffff-ffff-ffff-ffffffffffff') AS max,
	   uuid464('fbefbefb-efbe-fbef-befb-efbefbefbefb') AS dashes;
SELECT uuid464_decode('VQ6EAOKbQdSnFkRmVUQAAQ') AS design_vector,
	   uuid464_decode('AAAAAAAAAAAAAAAAAAAAAA') AS nil,
	   uuid464_decode('_____________________w') AS max;
SELECT count(*) AS round_trips
FROM (SELECT md5(g::text)::uuid AS u FROM generate_series(1, 10000) g) s
WHERE uuid464_decode(uuid464(u)) = u AND length(uuid464(u)) = 22
  AND uuid464(u) = rtrim(translate(encode(decode(replace(u::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=');
-- non-canonical or malformed input: 22P02
SELECT sqlerr($$SELECT uuid464_decode('')$$);
SELECT sqlerr($$SELECT uuid464_decode('VQ6EAOKbQdSnFkRmVUQAA')$$);
SELECT sqlerr($$SELECT uuid464_decode('VQ6EAOKbQdSnFkRmVUQAAQA')$$);
SELECT sqlerr($$SELECT uuid464_decode('VQ6EAOKbQdSnFkRmVUQAAQ==')$$);
SELECT sqlerr($$SELECT uuid464_decode('VQ6EAOKbQdSnFkRmVUQAAR')$$);
SELECT sqlerr($$SELECT uuid464_decode('______________________')$$);
SELECT sqlerr($$SELECT uuid464_decode('VQ6EAOKb+dSnFkRmVUQAAQ')$$);
SELECT sqlerr($$SELECT uuid464_decode('VQ6EAOKb/dSnFkRmVUQAAQ')$$);
SELECT sqlerr($$SELECT uuid464_decode('VQ6EAOKb dSnFkRmVUQAAQ')$$);
SELECT sqlerr(format('SELECT uuid464_decode(%L)', 'VQ6EAOKb' || chr(233) || 'SnFkRmVUQAA'));
-- the details
SELECT uuid464_decode('VQ6EAOKbQdSnFkRmVUQAA=');
SELECT uuid464_decode('VQ6EAOKbQdSnFkRmVUQAAR');
-- every last character but A, Q, g and w leaves unused bits set
SELECT string_agg(c, '' ORDER BY c COLLATE "C") AS canonical_last_characters
FROM regexp_split_to_table('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', '') c
WHERE sqlerr(format('SELECT uuid464_decode(%L)', 'VQ6EAOKbQdSnFkRmVUQAA' || c)) = 'ok';
-- generated from a random version 4 uuid
SELECT count(*) AS ids, count(DISTINCT u) AS distinct_ids,
	   bool_and(length(u) = 22) AS length_22,
	   bool_and(substr(uuid464_decode(u)::text, 15, 1) = '4') AS version_4,
	   bool_and(substr(uuid464_decode(u)::text, 20, 1) IN ('8', '9', 'a', 'b')) AS rfc_variant
FROM (SELECT gen_uuid464() AS u FROM generate_series(1, 10000)) s;

--
-- seq10 and seq36: zero-padded ordinals
--
SELECT seq10(0) AS zero, seq10(13057) AS n13057, seq10(9999999999) AS largest;
SELECT seq36(0) AS zero, seq36(35) AS n35, seq36(36) AS n36, seq36(13057) AS n13057,
	   seq36(78364164095) AS largest;
SELECT sqlerr($$SELECT seq10(10000000000)$$);
SELECT sqlerr($$SELECT seq10(-1)$$);
SELECT sqlerr($$SELECT seq10(-9223372036854775808)$$);
SELECT sqlerr($$SELECT seq36(78364164096)$$);
SELECT sqlerr($$SELECT seq36(-1)$$);
SELECT sqlerr($$SELECT seq36(9223372036854775807)$$);
SELECT seq10(NULL), seq36(NULL);
-- they agree with core's formatting, and sort like the numbers under "C"
SELECT count(*) AS checked, count(*) FILTER (WHERE seq10(g) <> lpad(g::text, 10, '0')) AS disagree
FROM generate_series(0, 9999999999, 99991) g;
SELECT array_agg(g ORDER BY g) = array_agg(g ORDER BY seq36(g) COLLATE "C") AS seq36_sorts_numerically,
	   array_agg(g ORDER BY g) = array_agg(g ORDER BY seq10(g) COLLATE "C") AS seq10_sorts_numerically
FROM (SELECT (g * 7919)::bigint % 78364164096 AS g FROM generate_series(0, 20000) g) s;
-- as a column default
CREATE SEQUENCE tid62_orders_seq START 13056;
CREATE TABLE tid62_orders (id text PRIMARY KEY DEFAULT seq36(nextval('tid62_orders_seq')), item text);
INSERT INTO tid62_orders (item) VALUES ('first'), ('second');
SELECT * FROM tid62_orders ORDER BY id;
DROP TABLE tid62_orders;
DROP SEQUENCE tid62_orders_seq;

--
-- simpledb_id: the SimpleDB id characters, non-empty
--
SELECT 'user-0ABC_x'::simpledb_id AS ok1, 'A'::simpledb_id AS ok2, '-'::simpledb_id AS ok3,
	   (tid62_prefixed('user', '04XVaYIJisigHzUpr'))::simpledb_id AS prefixed,
	   uuid464('550e8400-e29b-41d4-a716-446655440001')::simpledb_id AS uuid464,
	   seq36(13057)::simpledb_id AS seq36, NULL::simpledb_id AS null_is_allowed;
SELECT sqlerr($$SELECT ''::simpledb_id$$);
SELECT sqlerr($$SELECT 'a b'::simpledb_id$$);
SELECT sqlerr($$SELECT 'a/b'::simpledb_id$$);
SELECT sqlerr($$SELECT 'a.b'::simpledb_id$$);
SELECT sqlerr($$SELECT 'user+1'::simpledb_id$$);
SELECT sqlerr(E'SELECT E''abc\\n''::simpledb_id');
SELECT sqlerr(format('SELECT %L::simpledb_id', 'caf' || chr(233)));
-- the ids of every generator fit
SELECT bool_and(gen_tid62()::text::simpledb_id IS NOT NULL AND gen_uuid464()::simpledb_id IS NOT NULL)
	AS generated_ids_fit
FROM generate_series(1, 1000);
CREATE TABLE tid62_docs (id simpledb_id PRIMARY KEY, body text);
INSERT INTO tid62_docs VALUES ('alice', 'chosen by the user'), (tid62_prefixed('doc', '04XVaYIJisigHzUpr'), 'prefixed');
SELECT sqlerr($$INSERT INTO tid62_docs VALUES ('bob smith', 'a space')$$);
SELECT * FROM tid62_docs ORDER BY id COLLATE "C";
DROP TABLE tid62_docs;
-- time bins (sql/date_bin.sql checks every scheme's against core's date_bin())
SELECT tid62_date_bin('1 day', '04XVaYIJisigHzUpr', '2000-01-01');
