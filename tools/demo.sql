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
-- UUIDv6, v7 and v8 on core uuid
------------------------------------------------------------------------
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), body text);

-- a month of history, backfilled with the v7 of each minute
INSERT INTO orders
SELECT gen_uuidv7(now() - interval '30 days' + g * interval '1 minute'), 'history ' || g
FROM generate_series(1, 43200) g;
INSERT INTO orders (body) VALUES ('new 1'), ('new 2'), ('new 3');
ANALYZE orders;

SELECT id, uuid_version(id) AS version, uuid_timestamp(id) AS ts, body
FROM orders ORDER BY id DESC LIMIT 5;

-- the last hour, straight from the key: an index range scan
EXPLAIN (COSTS OFF)
SELECT * FROM orders
WHERE id >= uuidv7_floor(now() - interval '1 hour') AND id < uuidv7_floor(now() + interval '1 minute');
SELECT count(*) AS last_hour FROM orders
WHERE id >= uuidv7_floor(now() - interval '1 hour') AND id < uuidv7_floor(now() + interval '1 minute');

-- one instant of the RFC 9562 examples as v1, v6 and v7, and v1 <-> v6
SELECT u, uuid_version(u) AS version, uuid_timestamp(u) AS ts
FROM (VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
			 ('1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
			 ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) v(u);
SELECT uuid_v1_to_v6('C232AB00-9414-11EC-B3C8-9F6BDECED846') AS v6,
	   uuid_v6_to_v1('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS v1;

-- new v6 and v8 (the draft-02 recipe, 16 ns timestamps) and their times
SELECT gen_uuidv6() AS v6, gen_uuidv8() AS v8;
SELECT uuid_timestamp(gen_uuidv6()) AS v6_time, uuidv8_timestamp(gen_uuidv8()) AS v8_time;

-- any 16 bytes as a v8: the RFC's name-based example with SHA-256
SELECT uuidv8_from_bytes(substring(sha256(uuid_send('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
										  || 'www.example.com'::bytea) FOR 16)) AS v8_name;
