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
-- SimpleDB tid62: second since 2020 | 8 bytes of entropy, 17 base62 digits
------------------------------------------------------------------------
CREATE TABLE docs (id tid62 PRIMARY KEY DEFAULT gen_tid62(), body text);

-- a day of history, backfilled with explicit parts
INSERT INTO docs
SELECT tid62_from_parts(now() - interval '1 day' + g * interval '1 second',
						substr(decode(md5(g::text), 'hex'), 1, 8)), 'history ' || g
FROM generate_series(1, 20000) g;
INSERT INTO docs (body) SELECT 'new ' || g FROM generate_series(1, 5) g;
ANALYZE docs;

-- generated ids increase in generation order: same second, then a counter
SELECT id, tid62_timestamp(id) AS ts, tid62_entropy(id) AS entropy, body
FROM docs WHERE body LIKE 'new%' ORDER BY id;

-- the last ten minutes, straight from the key: an index range scan
EXPLAIN (COSTS OFF)
SELECT * FROM docs WHERE id >= now() - interval '10 minutes' AND id < now() + interval '1 minute';

-- the typed column sorts in time order under any collation; the same text
-- under a linguistic collation does not
SELECT count(*) FILTER (WHERE later_first) AS out_of_time_order_under_icu
FROM (SELECT id < lag(id) OVER (ORDER BY id::text COLLATE "en-US-x-icu") AS later_first FROM docs) s;

-- SimpleDB helpers: prefixed ids, uuid464, seq10, seq36, the id domain
SELECT gen_tid62_prefixed('user') AS prefixed, p.prefix, p.id
FROM tid62_split(gen_tid62_prefixed('user42-workout')) p;
SELECT uuid464('550e8400-e29b-41d4-a716-446655440001') AS uuid464,
	   uuid464_decode('VQ6EAOKbQdSnFkRmVUQAAQ') AS decoded,
	   seq10(13057) AS seq10, seq36(13057) AS seq36;
SELECT 'user-04XVaYIJisigHzUpr'::simpledb_id AS valid_simpledb_id;

------------------------------------------------------------------------
-- HLC-ULID: millisecond | hybrid logical clock counter | publisher | random
------------------------------------------------------------------------
CREATE TABLE messages (id hlculid PRIMARY KEY DEFAULT gen_hlculid(), body text);

-- a burst: within a millisecond the counter counts 0, 1, 2, ...
INSERT INTO messages (body) SELECT 'burst ' || g FROM generate_series(1, 5) g;
SELECT id, hlculid_timestamp(id) AS ts, hlculid_counter(id) AS counter,
	   hlculid_publisher(id) AS publisher, body
FROM messages ORDER BY id;

-- a message from publisher 11, whose clock is a minute ahead of ours: once
-- observed, our next ids sort after it, whatever our own clock says
SELECT hlculid_from_parts(now() + interval '1 minute', 7, 11, 42) AS remote \gset
SELECT hlculid_observe(:'remote');
INSERT INTO messages VALUES (:'remote', 'from publisher 11');
INSERT INTO messages (body) VALUES ('our reply');
SELECT id, hlculid_timestamp(id) AS ts, hlculid_counter(id) AS counter,
	   hlculid_publisher(id) AS publisher, body
FROM messages ORDER BY id;

-- the HLC-ULID proposal's example: events of publishers A (10) and B (11)
-- arrive out of order and sort by (time, counter, publisher)
SELECT event, id, hlculid_timestamp(id) AS ts, hlculid_counter(id) AS counter,
	   hlculid_publisher(id) AS publisher
FROM (VALUES ('A3', hlculid_from_parts('2025-07-22 10:00:00.101+00', 1, 10, x'AAA333333333'::bigint)),
			 ('B1', hlculid_from_parts('2025-07-22 10:00:00.101+00', 0, 11, x'BBB444444444'::bigint)),
			 ('A1', hlculid_from_parts('2025-07-22 10:00:00.100+00', 0, 10, x'AAA111111111'::bigint)),
			 ('A2', hlculid_from_parts('2025-07-22 10:00:00.101+00', 0, 10, x'AAA222222222'::bigint)),
			 ('B2', hlculid_from_parts('2025-07-22 10:00:00.102+00', 0, 11, x'BBB555555555'::bigint)),
			 ('A4', hlculid_from_parts('2025-07-22 10:00:00.103+00', 0, 10, x'AAA666666666'::bigint))) v(event, id)
ORDER BY id;

-- a day of history from publishers 10 to 13, backfilled with explicit parts
INSERT INTO messages
SELECT hlculid_from_parts(now() - interval '1 day' + g * interval '4.32 seconds', 0, 10 + g % 4, g), 'history ' || g
FROM generate_series(1, 20000) g;

-- one publisher's messages of the last hour: a partial index on the
-- publisher, scanned over a time range of the key
CREATE INDEX messages_pub11 ON messages (id) WHERE hlculid_publisher(id) = 11;
ANALYZE messages;
EXPLAIN (COSTS OFF)
SELECT * FROM messages WHERE hlculid_publisher(id) = 11
	AND id >= now() - interval '1 hour' AND id < now() + interval '10 minutes';
SELECT count(*) AS rows, count(*) FILTER (WHERE body NOT LIKE 'history%') AS live FROM messages
WHERE hlculid_publisher(id) = 11 AND id >= now() - interval '1 hour' AND id < now() + interval '10 minutes';

-- the text forms: ULID text in and out, the proposal's dashed hex, uuid, bytea
SELECT '01K0RS6SB4000002NAM48H248H'::hlculid AS ulid_text,
	   '019831936564-0000-000A-AAA111111111'::hlculid AS from_dashed_hex,
	   '01K0RS6SB4000002NAM48H248H'::hlculid::uuid AS as_uuid,
	   '01K0RS6SB4000002NAM48H248H'::hlculid::bytea AS as_bytea;

------------------------------------------------------------------------
-- UUIDv6, v7 and v8 on core uuid
------------------------------------------------------------------------
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuidv7_next(), body text);

-- a month of history, backfilled with the v7 of each minute
INSERT INTO orders
SELECT uuidv7_at(now() - interval '30 days' + g * interval '1 minute'), 'history ' || g
FROM generate_series(1, 43200) g;
INSERT INTO orders (body) VALUES ('new 1'), ('new 2'), ('new 3');
ANALYZE orders;

SELECT id, uuidv_version(id) AS version, uuidv_timestamp(id) AS ts, body
FROM orders ORDER BY id DESC LIMIT 5;

-- the last hour, straight from the key: an index range scan
EXPLAIN (COSTS OFF)
SELECT * FROM orders
WHERE id >= uuidv7_floor(now() - interval '1 hour') AND id < uuidv7_floor(now() + interval '1 minute');
SELECT count(*) AS last_hour FROM orders
WHERE id >= uuidv7_floor(now() - interval '1 hour') AND id < uuidv7_floor(now() + interval '1 minute');

-- one instant of the RFC 9562 examples as v1, v6 and v7, and v1 <-> v6
SELECT u, uuidv_version(u) AS version, uuidv_timestamp(u) AS ts
FROM (VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
			 ('1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
			 ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) v(u);
SELECT uuidv1_to_uuidv6('C232AB00-9414-11EC-B3C8-9F6BDECED846') AS v6,
	   uuidv6_to_uuidv1('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS v1;

-- new v6 and v8 (the draft-02 recipe, 16 ns timestamps) and their times
SELECT uuidv6_next() AS v6, uuidv8_next() AS v8;
SELECT uuidv_timestamp(uuidv6_next()) AS v6_time, uuidv8_timestamp(uuidv8_next()) AS v8_time;

-- any 16 bytes as a v8: the RFC's name-based example with SHA-256
SELECT uuidv8_from_bytes(substring(sha256(uuid_send('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
										  || 'www.example.com'::bytea) FOR 16)) AS v8_name;

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
CREATE TABLE parcels (id uid8 PRIMARY KEY DEFAULT gen_uid8(), label text);
INSERT INTO parcels (label) SELECT 'parcel ' || g FROM generate_series(1, 20000) g;
ANALYZE parcels;
SELECT count(*) AS ids, count(DISTINCT uid8_timestamp(id)) AS milliseconds,
	   max(uid8_sequence(id)) AS max_sequence, min(uid8_mode(id)) AS mode
FROM parcels;

-- the first 5 milliseconds of parcels, straight from the key: an index range scan
SELECT uid8_timestamp(min(id)) AS first_ms FROM parcels \gset
EXPLAIN (COSTS OFF)
SELECT * FROM parcels WHERE id >= uid8_floor(:'first_ms') AND id < uid8_floor(:'first_ms'::timestamptz + interval '5 ms');
SELECT count(*) AS parcels_in_5_ms, min(uid8_timestamp(id)) AS first, max(uid8_timestamp(id)) AS last FROM parcels
WHERE id >= uid8_floor(:'first_ms') AND id < uid8_floor(:'first_ms'::timestamptz + interval '5 ms');

-- one id, taken apart and put back together; bigint and bytea forms
SELECT id, id::bigint AS as_bigint, id::bytea AS as_bytea,
	   uid8_from_parts(uid8_timestamp(id), uid8_sequence(id), uid8_generator(id), uid8_cluster(id),
					   uid8_mode(id)) = id AS round_trip
FROM (SELECT max(id) AS id FROM parcels) s;

------------------------------------------------------------------------
-- Partitions and reports: one partition per month, bounds from the floors
------------------------------------------------------------------------
CREATE TABLE journal (id muid NOT NULL DEFAULT gen_muid(), body text) PARTITION BY RANGE (id);

-- this month, the two before and the next: the statements, then run them
SELECT partition_name, starts, ends, ddl
FROM idtypes_range_partitions('journal', date_trunc('month', now()) - interval '2 months',
							  date_trunc('month', now()) + interval '2 months');
SELECT ddl FROM idtypes_range_partitions('journal', date_trunc('month', now()) - interval '2 months',
										 date_trunc('month', now()) + interval '2 months') \gexec

-- an entry every hour for the last 30 days (all within the partitions), and one now
INSERT INTO journal
SELECT muid_from_parts(now() - g * interval '1 hour', 281474976710656, 1), 'entry ' || g
FROM generate_series(1, 720) g;
INSERT INTO journal (body) VALUES ('now');
SELECT tableoid::regclass AS partition, count(*) FROM journal GROUP BY 1 ORDER BY 1;

-- the last week: only the partitions it touches are read
EXPLAIN (COSTS OFF)
SELECT count(*) FROM journal WHERE id >= now() - interval '7 days' AND id < now() + interval '1 minute';

-- a report by day, straight from the ids
SELECT muid_date_bin('1 day', id, '2000-01-01') AS day, count(*)
FROM journal WHERE id >= now() - interval '7 days' GROUP BY 1 ORDER BY 1;

------------------------------------------------------------------------
-- Node identity: what this server puts in its ids to tell them from other
-- servers' ids, and where each value comes from (configured, automatic or
-- default); see "Running on many servers" in doc/operations.md
------------------------------------------------------------------------
\x on
SELECT * FROM idtypes_node_identity;
\x off
