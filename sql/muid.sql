--
-- muid: 16 bytes, ts:56 (microseconds since the Unix epoch) | medallion:52 | offset:20
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET extra_float_digits = 0;

-- the operator classes
SELECT opc.opcname, am.amname, amvalidate(opc.oid)
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'muid'::regtype ORDER BY 1, 2;

--
-- text I/O
--
-- the Muid specification's example: (1642579230975519, 417399343184351, 608960)
SELECT '05D5EAC793E61F17B9F5B9479DF94AC0'::muid AS seed;
SELECT muid_from_parts(to_timestamp(0) + 1642579230975519 * interval '1 microsecond',
					   417399343184351, 608960) AS seed_from_parts;
-- lowercase and the dashed form are read; output is always 32 uppercase digits
SELECT '05d5eac793e61f17b9f5b9479df94ac0'::muid AS lower,
	   '05D5EAC793E61F-17B9F5B9479DF-94AC0'::muid AS dashed,
	   '05d5eac793e61f-17b9f5b9479df-94ac0'::muid AS dashed_lower;
-- vectors from the layout: each field on its own
SELECT muid_from_parts('1970-01-01 00:00:00+00', 0, 0) AS zero,
	   muid_from_parts('1970-01-01 00:00:00.000001+00', 0, 0) AS ts_1us,
	   muid_from_parts('1970-01-01 00:00:00+00', 1, 0) AS medallion_1,
	   muid_from_parts('1970-01-01 00:00:00+00', 2251799813685248, 0) AS medallion_top_bit,
	   muid_from_parts('1970-01-01 00:00:00+00', 0, 1) AS offset_1,
	   muid_from_parts('1970-01-01 00:00:00+00', 0, 1048575) AS offset_max;
SELECT muid_timestamp(m), muid_medallion(m), muid_offset(m)
FROM (VALUES ('05D5EAC793E61F17B9F5B9479DF94AC0'::muid),
			 ('00000000000000000000000000000000'),
			 ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'),
			 ('00000000000001000000000000000000'),
			 ('00000000000000800000000000000000'),
			 ('000000000000000000000000000FFFFF')) v(m);

-- invalid text: SQLSTATE 22P02, the type named and the input quoted
SELECT sqlerr($$SELECT ''::muid$$);
SELECT sqlerr($$SELECT '05D5EAC793E61F17B9F5B9479DF94AC'::muid$$);
SELECT sqlerr($$SELECT '05D5EAC793E61F17B9F5B9479DF94AC00'::muid$$);
SELECT sqlerr($$SELECT '05D5EAC793E61F17B9F5B9479DF94AG0'::muid$$);
SELECT sqlerr($$SELECT ' 05D5EAC793E61F17B9F5B9479DF94AC0'::muid$$);
SELECT sqlerr($$SELECT '05D5EAC793E61F17B9F5B9479DF94AC0 '::muid$$);
SELECT sqlerr($$SELECT '05D5EAC793E61F-17B9F5B9479D-F94AC0'::muid$$);
SELECT sqlerr($$SELECT '05D5EAC793E61F_17B9F5B9479DF_94AC0'::muid$$);
SELECT sqlerr($$SELECT '05D5EAC7-93E6-1F17-B9F5-B9479DF94AC0'::muid$$);
SELECT sqlerr($$SELECT '{05D5EAC793E61F17B9F5B9479DF94AC0}'::muid$$);
SELECT sqlerr(format('SELECT %L::muid', '05D5EAC793E61F17B9F5B9479DF94AC' || chr(233)));
SELECT left(sqlerr(format('SELECT %L::muid', repeat('0', 100000))), 60) AS huge_input;

--
-- casts: uuid (same 16 bytes), bytea (16 bytes exactly)
--
SELECT '05D5EAC793E61F17B9F5B9479DF94AC0'::muid::uuid AS to_uuid,
	   '05d5eac7-93e6-1f17-b9f5-b9479df94ac0'::uuid::muid AS from_uuid,
	   '05D5EAC793E61F17B9F5B9479DF94AC0'::muid::bytea AS to_bytea,
	   '\x05d5eac793e61f17b9f5b9479df94ac0'::bytea::muid AS from_bytea;
SELECT sqlerr($$SELECT '\x05d5eac793e61f17b9f5b9479df94a'::bytea::muid$$);
SELECT sqlerr($$SELECT '\x05d5eac793e61f17b9f5b9479df94ac000'::bytea::muid$$);
SELECT sqlerr($$SELECT ''::bytea::muid$$);
-- the casts apply only where they are written, never in expressions or on
-- assignment (every path: sql/client_casts.sql)
SELECT sqlerr($$SELECT muid_timestamp('05d5eac7-93e6-1f17-b9f5-b9479df94ac0'::uuid)$$);
SELECT castcontext, castmethod, castsource::regtype, casttarget::regtype
FROM pg_cast WHERE castsource = 'muid'::regtype OR casttarget = 'muid'::regtype ORDER BY 3, 4;

--
-- binary I/O: COPY BINARY out and back in, and a value of the wrong length
--
CREATE TABLE muid_bin (m muid);
INSERT INTO muid_bin VALUES ('05D5EAC793E61F17B9F5B9479DF94AC0'), ('00000000000000000000000000000000'),
	('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'), (NULL);
SELECT muid_send(m) FROM muid_bin;
\copy muid_bin TO 'results/muid.bin' WITH (FORMAT binary)
CREATE TABLE muid_bin2 (m muid);
\copy muid_bin2 FROM 'results/muid.bin' WITH (FORMAT binary)
SELECT a.m, a.m IS NOT DISTINCT FROM b.m AS same
FROM (SELECT m, row_number() OVER () FROM muid_bin) a
JOIN (SELECT m, row_number() OVER () FROM muid_bin2) b USING (row_number);
-- a 15-byte field read as a muid
CREATE TABLE muid_bin_short (m bytea);
INSERT INTO muid_bin_short VALUES ('\x05d5eac793e61f17b9f5b9479df94a');
\copy muid_bin_short TO 'results/muid_short.bin' WITH (FORMAT binary)
\set VERBOSITY sqlstate
\copy muid_bin2 FROM 'results/muid_short.bin' WITH (FORMAT binary)
\set VERBOSITY default
\copy muid_bin2 FROM 'results/muid_short.bin' WITH (FORMAT binary)
DROP TABLE muid_bin, muid_bin2, muid_bin_short;

--
-- parts: construction with range checks, extraction, floor and ceil
--
SELECT muid_from_parts('2025-07-22 10:00:00.123456+00', 4503599627370495, 1048575) AS max_parts,
	   muid_timestamp(muid_from_parts('2025-07-22 10:00:00.123456+00', 42, 7)),
	   muid_medallion(muid_from_parts('2025-07-22 10:00:00.123456+00', 42, 7)),
	   muid_offset(muid_from_parts('2025-07-22 10:00:00.123456+00', 42, 7));
SELECT muid_timestamp('FFFFFFFFFFFFFF000000000000000000') AS latest_time;
SELECT sqlerr($$SELECT muid_from_parts('2025-01-01', -1, 0)$$);
SELECT sqlerr($$SELECT muid_from_parts('2025-01-01', 4503599627370496, 0)$$);
SELECT sqlerr($$SELECT muid_from_parts('2025-01-01', 0, -1)$$);
SELECT sqlerr($$SELECT muid_from_parts('2025-01-01', 0, 1048576)$$);
SELECT sqlerr($$SELECT muid_from_parts('1969-12-31 23:59:59.999999+00', 0, 0)$$);
SELECT sqlerr($$SELECT muid_from_parts('4253-05-31 22:20:37.927936+00', 0, 0)$$);
SELECT sqlerr($$SELECT muid_from_parts('infinity', 0, 0)$$);
SELECT sqlerr($$SELECT muid_floor('-infinity')$$);
SELECT muid_from_parts('4253-05-31 22:20:37.927935+00', 0, 0) AS last_microsecond;
SELECT muid_floor('2025-07-22 10:00:00.123456+00'), muid_ceil('2025-07-22 10:00:00.123456+00');
-- parts(x) round-trips for any 16 bytes
SELECT count(*) AS round_trips
FROM (SELECT md5(g::text)::uuid::muid AS m FROM generate_series(1, 10000) g) s
WHERE muid_from_parts(muid_timestamp(m), muid_medallion(m), muid_offset(m)) = m;
-- extractors are NULL on NULL (STRICT)
SELECT muid_timestamp(NULL), muid_medallion(NULL), muid_offset(NULL), muid_from_parts(NULL, 1, 1);

--
-- order: unsigned byte order, which is (time, medallion, offset) order
--
SELECT m FROM (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'::muid), ('05D5EAC793E61F17B9F5B9479DF94AC0'),
	('00000000000000000000000000000001'), ('80000000000000000000000000000000'),
	('05D5EAC793E61F17B9F5B9479DF94ABF'), ('00000000000000000000000000000000')) v(m)
ORDER BY m;
SELECT a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt, muid_cmp(a, b)
FROM (VALUES ('05D5EAC793E61F17B9F5B9479DF94AC0'::muid, '05D5EAC793E61F17B9F5B9479DF94AC1'::muid),
			 ('05D5EAC793E61F17B9F5B9479DF94AC0', '05D5EAC793E61F17B9F5B9479DF94AC0'),
			 ('F5D5EAC793E61F17B9F5B9479DF94AC0', '05D5EAC793E61F17B9F5B9479DF94AC0')) v(a, b);
SELECT min(m), max(m) FROM (VALUES ('05D5EAC793E61F17B9F5B9479DF94AC0'::muid),
	('80000000000000000000000000000000'), ('00000000000000000000000000000001'), (NULL)) v(m);
-- a large sort (abbreviated keys) agrees with core uuid's byte order
SELECT array_agg(m ORDER BY m) = array_agg(m ORDER BY m::uuid) AS same_order
FROM (SELECT md5(g::text)::uuid::muid AS m FROM generate_series(1, 50000) g) s;
SELECT array_agg(m ORDER BY m) = array_agg(m ORDER BY m::uuid) AS same_order_one_time
FROM (SELECT muid_from_parts('2025-01-01', 1, g % 1000) AS m FROM generate_series(1, 50000) g) s;

--
-- comparison with timestamptz: a timestamp stands at the smallest muid of its
-- microsecond, so id >= t holds exactly when muid_timestamp(id) >= t
--
SELECT m, t, m < t AS lt, m <= t AS le, m = t AS eq, m <> t AS ne, m >= t AS ge, m > t AS gt,
	   t < m AS t_lt, t = m AS t_eq, t > m AS t_gt
FROM (VALUES (muid_from_parts('2025-01-01 00:00:00+00', 0, 0), '2025-01-01 00:00:00+00'::timestamptz),
			 (muid_from_parts('2025-01-01 00:00:00+00', 0, 1), '2025-01-01 00:00:00+00'),
			 (muid_from_parts('2025-01-01 00:00:00+00', 5, 0), '2025-01-01 00:00:00.000001+00'),
			 (muid_from_parts('2025-01-01 00:00:00.000002+00', 5, 0), '2025-01-01 00:00:00.000001+00'),
			 (muid_from_parts('1970-01-01 00:00:00+00', 0, 0), '1969-12-31 23:59:59.999999+00'),
			 (muid_from_parts('1970-01-01 00:00:00+00', 0, 0), '-infinity'),
			 ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '4253-05-31 22:20:37.927935+00'),
			 ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '4253-05-31 22:20:37.927936+00'),
			 ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'infinity')) v(m, t);

--
-- every opclass, on 20000 muids spread over 20 seconds
--
CREATE TABLE muid_t (id muid, n int);
INSERT INTO muid_t
SELECT muid_from_parts('2025-07-22 10:00:00+00'::timestamptz + (g * 1000) * interval '1 microsecond',
					   281474976710656 + g % 7, g % 3), g
FROM generate_series(1, 20000) g;
INSERT INTO muid_t VALUES (NULL, 0);
CREATE INDEX muid_t_btree ON muid_t (id);
CREATE INDEX muid_t_hash ON muid_t USING hash (id);
ANALYZE muid_t;
SELECT opclass_check('muid_t', 'id', $$id = muid_from_parts('2025-07-22 10:00:05+00', 281474976710656 + 5000 % 7, 5000 % 3)$$);
SELECT opclass_check('muid_t', 'id', $$id < '05D5EAC793E61F17B9F5B9479DF94AC0'$$);
SELECT opclass_check('muid_t', 'id', $$id >= muid_floor('2025-07-22 10:00:03+00') AND id <= muid_ceil('2025-07-22 10:00:04+00')$$);
-- time range on the key: the rows whose timestamp is in [t1, t2)
SELECT opclass_check('muid_t', 'id', $$id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04.5+00'::timestamptz$$);
SELECT count(*) FROM muid_t
WHERE muid_timestamp(id) >= '2025-07-22 10:00:03+00' AND muid_timestamp(id) < '2025-07-22 10:00:04.5+00';
SELECT opclass_check('muid_t', 'id', $$id > '2025-07-22 10:00:19.5+00'::timestamptz$$);
SELECT opclass_check('muid_t', 'id', $$id <= '2025-07-22 10:00:00.0005+00'::timestamptz$$);
EXPLAIN (COSTS OFF)
SELECT * FROM muid_t WHERE id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04+00'::timestamptz;
EXPLAIN (COSTS OFF)
SELECT * FROM muid_t WHERE id = '05D5EAC793E61F17B9F5B9479DF94AC0';
-- deduplication is allowed (btequalimage)
SELECT p.amproc FROM pg_amproc p JOIN pg_opclass c ON c.opcfamily = p.amprocfamily
WHERE c.opcname = 'muid_ops' AND p.amprocnum = 4;
-- hash join, merge join
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM muid_t a JOIN muid_t b USING (id);
SELECT count(*) FROM muid_t a JOIN muid_t b USING (id);
RESET enable_mergejoin;
SET enable_hashjoin = off;
SET enable_nestloop = off;
SELECT count(*) FROM muid_t a JOIN muid_t b USING (id);
RESET enable_hashjoin;
RESET enable_nestloop;
-- hash partitioning (extended hash)
CREATE TABLE muid_p (id muid PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE muid_p0 PARTITION OF muid_p FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE muid_p1 PARTITION OF muid_p FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE muid_p2 PARTITION OF muid_p FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO muid_p SELECT id FROM muid_t WHERE id IS NOT NULL;
SELECT tableoid::regclass, count(*) FROM muid_p GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM muid_p WHERE id = '05D5EAC793E61F17B9F5B9479DF94AC0';
SELECT muid_hash_extended('05D5EAC793E61F17B9F5B9479DF94AC0', 0) <> muid_hash_extended('05D5EAC793E61F17B9F5B9479DF94AC0', 1)
	AS seed_matters;
-- the extended hash with seed 0 agrees with the 32-bit hash
SELECT count(*) AS disagree FROM muid_t WHERE muid_hash(id) <> muid_hash_extended(id, 0)::bit(32)::int;
-- BRIN, with time ranges too
CREATE INDEX muid_t_brin ON muid_t USING brin (id) WITH (pages_per_range = 4);
DROP INDEX muid_t_btree, muid_t_hash;
SELECT opclass_check('muid_t', 'id', $$id >= '2025-07-22 10:00:03+00'::timestamptz AND id < '2025-07-22 10:00:04.5+00'::timestamptz$$);
SELECT opclass_check('muid_t', 'id', $$id > muid_from_parts('2025-07-22 10:00:19.9+00', 0, 0)$$);
DROP TABLE muid_t, muid_p;
-- timestamptz's own operators joined muid's btree family; timestamptz
-- columns keep their plans (index order, merge join)
CREATE TABLE muid_tstz (t timestamptz);
INSERT INTO muid_tstz SELECT '2025-01-01'::timestamptz + g * interval '1 minute' FROM generate_series(1, 1000) g;
CREATE INDEX ON muid_tstz (t);
ANALYZE muid_tstz;
EXPLAIN (COSTS OFF) SELECT t FROM muid_tstz ORDER BY t LIMIT 3;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM muid_tstz a JOIN muid_tstz b USING (t);
SELECT count(*) FROM muid_tstz a JOIN muid_tstz b USING (t);
RESET enable_hashjoin;
RESET enable_nestloop;
DROP TABLE muid_tstz;

--
-- generation
--
-- one timestamp per transaction, offsets 1, 2, 3, ...; offset 0 is the transaction
BEGIN;
CREATE TEMP TABLE muid_gen AS SELECT g, gen_muid() AS m FROM generate_series(1, 100000) g;
SELECT count(*) AS ids, count(DISTINCT m) AS distinct_ids,
	   count(DISTINCT muid_timestamp(m)) AS timestamps, count(DISTINCT muid_medallion(m)) AS medallions,
	   min(muid_offset(m)) AS first_offset, max(muid_offset(m)) AS last_offset,
	   bool_and(muid_offset(m) = g) AS offsets_in_order,
	   bool_and(muid_timestamp(m) = muid_timestamp(muid_transaction())) AS transaction_timestamp,
	   muid_offset(muid_transaction()) AS transaction_offset
FROM muid_gen;
-- the transaction's timestamp is a current one: since the server started, and
-- not later than now (a bound that does not depend on how fast the test runs)
SELECT muid_timestamp(muid_transaction()) BETWEEN pg_postmaster_start_time() AND clock_timestamp() AS recent;
-- the medallion is in the specification's random range
SELECT muid_medallion(muid_transaction()) BETWEEN 281474976710656 AND 562949953421311 AS in_range;
COMMIT;
-- later transactions sort after earlier ones
CREATE TEMP TABLE muid_seq (n serial, m muid, t muid);
INSERT INTO muid_seq (m, t) VALUES (gen_muid(), muid_transaction());
INSERT INTO muid_seq (m, t) VALUES (gen_muid(), muid_transaction());
INSERT INTO muid_seq (m, t) SELECT gen_muid(), muid_transaction() FROM generate_series(1, 3);
INSERT INTO muid_seq (m, t) VALUES (gen_muid(), muid_transaction());
SELECT n, muid_offset(m), muid_offset(t), m > lag(m) OVER (ORDER BY n) AS after_previous,
	   muid_timestamp(m) > lag(muid_timestamp(m)) OVER (ORDER BY n) AS later_timestamp
FROM muid_seq ORDER BY n;
-- the offset has 20 bits: 1048575 ids per transaction, then 54000
BEGIN;
SELECT count(gen_muid()) FROM generate_series(1, 1048575);
SELECT sqlerr('SELECT gen_muid()');
ROLLBACK;
-- a subtransaction keeps the transaction's timestamp and the offsets go on
BEGIN;
SELECT muid_offset(gen_muid());
SAVEPOINT s;
SELECT muid_offset(gen_muid());
ROLLBACK TO s;
SELECT muid_offset(gen_muid()), muid_timestamp(gen_muid()) = muid_timestamp(muid_transaction()) AS same_ts;
COMMIT;
-- volatility, parallel safety (generators never run in parallel workers) and
-- leakproofness (only functions that cannot fail)
SELECT proname, provolatile, proparallel, proleakproof FROM pg_proc
WHERE proname IN ('gen_muid', 'muid_transaction', 'muid_timestamp', 'muid_medallion', 'muid_offset',
				  'muid_from_parts', 'muid_floor', 'muid_lt', 'muid_cmp_timestamptz', 'muid_from_bytea')
ORDER BY 1;
-- node identity is configuration, not a session setting
SELECT sqlerr($$SET idtypes.medallion = '1'$$);
SELECT sqlerr($$SET idtypes.medallion = 'banana'$$);
SELECT name, setting, context FROM pg_settings WHERE name = 'idtypes.medallion';
-- the safe bound (sql/bound.sql has every scheme's): the first muid of its
-- microsecond; muid's one timestamp per transaction holds it at or below the
-- transaction's microsecond, below every muid of it (offset 0 included)
SELECT muid_medallion(muid_safe_bound()) AS medallion, muid_offset(muid_safe_bound()) AS "offset";
BEGIN;
SELECT muid_transaction() AS mt \gset
SELECT muid_safe_bound() <= muid_floor(muid_timestamp(:'mt')) AS held;
COMMIT;
SELECT muid_safe_bound() > :'mt' AS released;
-- time bins (sql/date_bin.sql checks every scheme's against core's date_bin())
SELECT muid_date_bin('15 minutes', '063A81A7C46A40000000000002A00007', '2000-01-01');
-- an origin off the hour shifts the bins
SELECT muid_date_bin('1 hour', '063A81A7C46A40000000000002A00007', '2000-01-01 00:20');
-- a bin that would start before the earliest timestamp, or past the last
SELECT sqlerr($$SELECT muid_date_bin('76702500 days', muid_from_parts('1970-01-01', 1, 1), '200000-01-01')$$);
SELECT sqlerr($$SELECT muid_date_bin('1 hour', muid_from_parts('1970-01-01', 1, 1), '294276-12-31 23:00:00+00')$$);
SELECT sqlerr($$SELECT muid_date_bin('2147483647 days', muid_from_parts('1970-01-01', 1, 1), '2000-01-01')$$);
