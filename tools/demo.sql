-- tools/demo.sql: what idtypes does, on a throwaway server (tools/demo.sh).
\set ECHO queries
\pset null '(null)'
SET timezone = 'UTC';

CREATE EXTENSION idtypes;

------------------------------------------------------------------------
-- Muid: microsecond timestamp | medallion (node) | offset in transaction
------------------------------------------------------------------------
CREATE TABLE events (id muid PRIMARY KEY DEFAULT gen_muid(), body text);

-- a day of history, backfilled with explicit parts
INSERT INTO events
SELECT muid_from_parts(now() - interval '1 day' + g * interval '1 second', 281474976710656, 1), 'history ' || g
FROM generate_series(1, 20000) g;

-- three transactions: each gets one timestamp, its rows offsets 1, 2, 3, ...
BEGIN;
INSERT INTO events (body) VALUES ('first transaction, row 1'), ('first transaction, row 2');
COMMIT;
DO $$ BEGIN PERFORM pg_sleep(0.01); END $$;  -- let the clock move
BEGIN;
INSERT INTO events (body) VALUES ('second transaction, row 1');
INSERT INTO events (body) VALUES ('second transaction, row 2'), ('second transaction, row 3');
COMMIT;
DO $$ BEGIN PERFORM pg_sleep(0.01); END $$;  -- let the clock move
INSERT INTO events (body) VALUES ('third transaction, row 1');
ANALYZE events;

SELECT id, muid_timestamp(id) AS ts, muid_medallion(id) AS medallion,
	   muid_offset(id) AS "offset", body
FROM events WHERE body NOT LIKE 'history%' ORDER BY id;

-- the last ten minutes, straight from the key: an index range scan
EXPLAIN (COSTS OFF)
SELECT * FROM events WHERE id >= now() - interval '10 minutes' AND id < now() + interval '1 minute';
SELECT count(*) AS recent_rows FROM events
WHERE id >= now() - interval '10 minutes' AND id < now() + interval '1 minute';

-- one id, taken apart and put back together; text, uuid and bytea forms
SELECT m AS muid, m::uuid AS as_uuid, m::bytea AS as_bytea,
	   muid_from_parts(muid_timestamp(m), muid_medallion(m), muid_offset(m)) = m AS round_trip
FROM (SELECT max(id) AS m FROM events) s;

-- the smallest and largest muid of an instant, for explicit key ranges
SELECT muid_floor('2025-07-22 10:00:00+00') AS floor, muid_ceil('2025-07-22 10:00:00+00') AS ceil;

------------------------------------------------------------------------
-- uid8: java-uniqueid's eight-byte ids, passed by value:
-- millisecond | sequence | generator id | cluster id | mode
------------------------------------------------------------------------
-- spread mode (the default): the timestamp's bits reversed, so that ids of
-- successive milliseconds land all over the key space
SELECT id, uid8_timestamp(id) AS ts, uid8_sequence(id) AS seq, uid8_generator(id) AS generator,
	   uid8_cluster(id) AS cluster, uid8_mode(id) AS mode
FROM (SELECT gen_uid8() AS id FROM generate_series(1, 3)) s;

-- this backend claimed a generator id of its own through the lock manager
SELECT * FROM uid8_claimed_generators() WHERE pid = pg_backend_pid();

-- time_sequential ids sort by time: switch the server's mode
ALTER SYSTEM SET idtypes.uid8_mode = 'time_sequential';
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);  -- let the reload reach this backend

-- 64 ids per millisecond per generator id: 20000 ids take over 300 ms
CREATE TABLE orders (id uid8 PRIMARY KEY DEFAULT gen_uid8(), item text);
INSERT INTO orders (item) SELECT 'item ' || g FROM generate_series(1, 20000) g;
ANALYZE orders;
SELECT count(*) AS ids, count(DISTINCT uid8_timestamp(id)) AS milliseconds,
	   max(uid8_sequence(id)) AS max_sequence, min(uid8_mode(id)) AS mode
FROM orders;

-- the first 5 milliseconds of orders, straight from the key: an index range scan
SELECT uid8_timestamp(min(id)) AS first_ms FROM orders \gset
EXPLAIN (COSTS OFF)
SELECT * FROM orders WHERE id >= uid8_floor(:'first_ms') AND id < uid8_floor(:'first_ms'::timestamptz + interval '5 ms');
SELECT count(*) AS orders_in_5_ms, min(uid8_timestamp(id)) AS first, max(uid8_timestamp(id)) AS last FROM orders
WHERE id >= uid8_floor(:'first_ms') AND id < uid8_floor(:'first_ms'::timestamptz + interval '5 ms');

-- one id, taken apart and put back together; bigint and bytea forms
SELECT id, id::bigint AS as_bigint, id::bytea AS as_bytea,
	   uid8_from_parts(uid8_timestamp(id), uid8_sequence(id), uid8_generator(id), uid8_cluster(id),
					   uid8_mode(id)) = id AS round_trip
FROM (SELECT max(id) AS id FROM orders) s;
