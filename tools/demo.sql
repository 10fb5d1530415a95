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
