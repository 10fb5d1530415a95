--
-- core_uuid: idtypes beside PostgreSQL's own UUID functions.
--
-- PostgreSQL 17 added uuid_extract_timestamp() (of v1 UUIDs) and
-- uuid_extract_version(), and 18 uuidv7(), uuidv7(interval), uuidv4() and
-- the v7 timestamp to uuid_extract_timestamp().  This file checks that
-- idtypes collides with none of them (every version), that both extractors
-- read the same values (17 and later), and that core's uuidv7() and
-- uuidv7_next() can share a column (18 and later).
--
-- Version dependence: the first part runs on every version, the second
-- behind an \if from 17 on, the third behind another from 18 on; so this
-- file has three expected outputs: core_uuid.out (18 and later),
-- core_uuid_1.out (17) and core_uuid_2.out (before 17).  The line each \if
-- prints tells them apart, so no output can pass for another's.
--

-- timestamps in UTC: the regression timezone's names for old dates differ
-- with the system's time zone data
SET timezone = 'UTC';

--
-- Names.  pg_catalog is searched before any other schema, so an idtypes
-- function with the signature of a core one would be silently shadowed by
-- core's, and one with the same name but other arguments would make calls
-- with unknown-typed literals ambiguous.  The extension therefore defines
-- nothing named like a core UUID function of PostgreSQL 18 (the list below,
-- checked against the server's own catalog on 18), and, on every version,
-- no function or operator with the name and argument types of one in
-- pg_catalog.
--
CREATE TEMP TABLE core_uuid_names (name name PRIMARY KEY);
INSERT INTO core_uuid_names VALUES
	('gen_random_uuid'), ('uuidv4'), ('uuidv7'), ('uuid_extract_timestamp'),
	('uuid_extract_version'), ('uuid_in'), ('uuid_out'), ('uuid_recv'),
	('uuid_send'), ('uuid_eq'), ('uuid_ne'), ('uuid_lt'), ('uuid_le'),
	('uuid_gt'), ('uuid_ge'), ('uuid_cmp'), ('uuid_hash'),
	('uuid_hash_extended'), ('uuid_sortsupport'), ('uuid_skipsupport'),
	('brin_minmax_multi_distance_uuid'), ('bytea'), ('uuid');
-- the server's core functions that take or return a uuid, or are named for
-- it, that the list lacks (none on any version up to 19, whose casts
-- between uuid and bytea are the functions bytea(uuid) and uuid(bytea))
SELECT DISTINCT p.proname
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace
  AND (p.proname ~ 'uuid' OR p.prorettype = 'uuid'::regtype OR 'uuid'::regtype = ANY (p.proargtypes))
  AND p.proname NOT IN (SELECT name FROM core_uuid_names);
-- the functions and types of idtypes named like one of them
SELECT pg_describe_object(d.classid, d.objid, d.objsubid) AS member
FROM pg_depend d
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
LEFT JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
LEFT JOIN pg_type t ON d.classid = 'pg_type'::regclass AND t.oid = d.objid
WHERE d.deptype = 'e'
  AND coalesce(p.proname, t.typname) IN (SELECT name FROM core_uuid_names);
-- the functions and operators of idtypes with the name and argument types of
-- one in pg_catalog
SELECT pg_describe_object('pg_proc'::regclass, p.oid, 0) AS member
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
WHERE EXISTS (SELECT FROM pg_proc c
			  WHERE c.pronamespace = 'pg_catalog'::regnamespace
				AND c.proname = p.proname AND c.proargtypes = p.proargtypes)
UNION ALL
SELECT pg_describe_object('pg_operator'::regclass, o.oid, 0)
FROM pg_operator o
JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
WHERE EXISTS (SELECT FROM pg_operator c
			  WHERE c.oprnamespace = 'pg_catalog'::regnamespace
				AND c.oprname = o.oprname AND c.oprleft = o.oprleft AND c.oprright = o.oprright);

SELECT current_setting('server_version_num')::int >= 170000 AS core_extract,
	   current_setting('server_version_num')::int >= 180000 AS core_uuidv7 \gset
\if :core_extract
\echo 'PostgreSQL 17 or later: core has uuid_extract_timestamp() and uuid_extract_version()'

-- on 17 and later the server has every name of the list that it should
-- (those of 18 from 18 on, the casts' of 19 from 19 on)
SELECT name FROM core_uuid_names
WHERE name NOT IN (SELECT proname FROM pg_proc WHERE pronamespace = 'pg_catalog'::regnamespace)
  AND (current_setting('server_version_num')::int >= 180000
	   OR name NOT IN ('uuidv4', 'uuidv7', 'uuid_skipsupport'))
  AND (current_setting('server_version_num')::int >= 190000 OR name NOT IN ('bytea', 'uuid'));

--
-- The extractors.  A UUID of each version number 0 to 15 in the RFC 9562
-- variant, and of each other variant: uuidv_version() and core's
-- uuid_extract_version() agree on all (NULL outside the RFC variant).  Of
-- the timestamps, core reads v1 (17) and v7 (18), uuidv_timestamp() v1, v6
-- and v7: where core reads one, both agree.
--
CREATE TEMP TABLE every_version AS
SELECT v, variant,
	   overlay(overlay('0198c7d4-3a2b-0c1d-0e8f-0123456789ab' PLACING to_hex(v) FROM 15 FOR 1)
			   PLACING nibble FROM 20 FOR 1)::uuid AS u
FROM generate_series(0, 15) v,
	 (VALUES ('NCS', '3'), ('RFC 9562', 'b'), ('Microsoft', 'd'), ('future', 'f')) var(variant, nibble);
SELECT count(*) AS uuids,
	   count(*) FILTER (WHERE uuidv_version(u) IS DISTINCT FROM uuid_extract_version(u)) AS versions_differ
FROM every_version;
SELECT v, variant, uuid_extract_version(u) AS core_version, uuidv_version(u) AS version,
	   uuid_extract_timestamp(u) AS core_timestamp, uuidv_timestamp(u) AS timestamp
FROM every_version
WHERE variant = 'RFC 9562' OR uuidv_timestamp(u) IS NOT NULL OR uuid_extract_timestamp(u) IS NOT NULL
ORDER BY variant, v;

-- generated ones: uuidv7_next() now and at given times, and v1 converted
-- from uuidv6_next() and from the first and last v6 of given times
-- (uuidv6_floor() and uuidv6_ceil()): where core reads the timestamp, it is
-- uuidv_timestamp()'s, to the microsecond, and a v7's is a whole millisecond
SELECT count(*) AS v7, count(uuid_extract_timestamp(u)) AS core_reads,
	   count(*) FILTER (WHERE uuid_extract_timestamp(u) <> uuidv_timestamp(u)) AS timestamps_differ,
	   count(*) FILTER (WHERE uuid_extract_version(u) IS DISTINCT FROM uuidv_version(u)) AS versions_differ,
	   count(*) FILTER (WHERE date_trunc('milliseconds', uuidv_timestamp(u)) <> uuidv_timestamp(u)) AS not_whole_ms
FROM (SELECT uuidv7_next() FROM generate_series(1, 2000)
	  UNION ALL
	  SELECT uuidv7_at(t)
	  FROM generate_series(timestamptz '1970-01-01 00:00:00+00', '2200-01-01', '3 years 7 days 1 hour 1.2345 seconds') t) g(u);
SELECT count(*) AS v1, count(uuid_extract_timestamp(u)) AS core_reads,
	   count(*) FILTER (WHERE uuid_extract_timestamp(u) <> uuidv_timestamp(u)) AS timestamps_differ,
	   count(*) FILTER (WHERE uuid_extract_version(u) IS DISTINCT FROM uuidv_version(u)) AS versions_differ
FROM (SELECT uuidv6_to_uuidv1(uuidv6_next()) FROM generate_series(1, 2000)
	  UNION ALL
	  SELECT uuidv6_to_uuidv1(f.u6)
	  FROM generate_series(timestamptz '1583-01-01 00:00:00+00', '4000-01-01', '17 years 3 days 1.0000007 seconds') t,
		   LATERAL (VALUES (uuidv6_floor(t)), (uuidv6_ceil(t))) f(u6)) g(u);

\if :core_uuidv7
\echo 'PostgreSQL 18 or later: core has uuidv7()'

--
-- One column, two generators.  The DEFAULT of a table moves from
-- uuidv7_next() to core's uuidv7() and back, twice.  Both write the same
-- layout from the same system clock (48-bit Unix milliseconds, then a 12-bit
-- fraction of the millisecond), so at millisecond granularity the ids keep
-- the order in which they were made: sorting by id puts every millisecond's
-- rows after the earlier milliseconds' rows.  That holds as long as neither
-- generator runs ahead of the system clock: each steps one 1/4096 ms tick
-- past its last id when called faster than that, so more than 4096 ids in a
-- millisecond (uuidv7_next(): on the whole server; uuidv7(): in one backend)
-- move it ahead until it slows down, and after a crash uuidv7_next() resumes
-- from its state file, up to a few seconds ahead.  Here each statement makes
-- 300 ids, and this file runs early, before the bulk generation of the other
-- files.  Inside one millisecond only each generator's own order is
-- guaranteed (uuidv7_next(): across the server with shared_preload_libraries;
-- uuidv7(): within one backend); between an id of one and an id of the
-- other in the same millisecond, order is not guaranteed.
--
CREATE TABLE v7_switch (n bigint GENERATED ALWAYS AS IDENTITY, id uuid DEFAULT uuidv7_next(), generator text);
INSERT INTO v7_switch (generator) SELECT 'uuidv7_next' FROM generate_series(1, 300);
ALTER TABLE v7_switch ALTER COLUMN id SET DEFAULT uuidv7();
INSERT INTO v7_switch (generator) SELECT 'uuidv7' FROM generate_series(1, 300);
ALTER TABLE v7_switch ALTER COLUMN id SET DEFAULT uuidv7_next();
INSERT INTO v7_switch (generator) SELECT 'uuidv7_next' FROM generate_series(1, 300);
ALTER TABLE v7_switch ALTER COLUMN id SET DEFAULT uuidv7();
INSERT INTO v7_switch (generator) SELECT 'uuidv7' FROM generate_series(1, 300);
ALTER TABLE v7_switch ALTER COLUMN id SET DEFAULT uuidv7_next();
INSERT INTO v7_switch (generator) SELECT 'uuidv7_next' FROM generate_series(1, 300);
-- every id is a v7 of the RFC variant; core reads each one's millisecond as
-- uuidv_timestamp() does
SELECT generator, count(*) AS ids,
	   count(*) FILTER (WHERE uuidv_version(id) = 7 AND uuid_extract_version(id) = 7
						AND (get_byte(uuid_send(id), 8) >> 6) = 2) AS rfc_v7,
	   count(*) FILTER (WHERE uuid_extract_timestamp(id) = uuidv_timestamp(id)) AS same_timestamp
FROM v7_switch GROUP BY generator ORDER BY generator;
-- in insertion order the milliseconds never go back
SELECT count(*) AS ms_back
FROM (SELECT uuidv_timestamp(id) < lag(uuidv_timestamp(id)) OVER (ORDER BY n) AS back FROM v7_switch) s
WHERE back;
-- sorting by id gives the milliseconds of insertion order, row for row
SELECT array_agg(uuidv_timestamp(id) ORDER BY id) = array_agg(uuidv_timestamp(id) ORDER BY n) AS same_ms_order
FROM v7_switch;
-- each generator's own run (one statement in one backend) strictly increases
SELECT count(*) AS run_back
FROM (SELECT id <= lag(id) OVER (PARTITION BY (n - 1) / 300 ORDER BY n) AS back FROM v7_switch) s
WHERE back;
-- a btree range between uuidv7_next's bounds of the first and last
-- milliseconds finds core's ids too
SELECT count(*) = (SELECT count(*) FROM v7_switch) AS all_in_range
FROM v7_switch
WHERE id >= uuidv7_floor((SELECT min(uuidv_timestamp(id)) FROM v7_switch))
  AND id <= uuidv7_ceil((SELECT max(uuidv_timestamp(id)) FROM v7_switch));
DROP TABLE v7_switch;

-- core's uuidv7(interval) shifts the time; uuidv_timestamp() reads it, and
-- core reads uuidv7_at(timestamptz)'s
SELECT uuidv_timestamp(uuidv7(interval '-10 years')) BETWEEN now() - interval '10 years 1 hour'
														 AND now() - interval '9 years 11 months' AS shifted_back,
	   uuidv_timestamp(uuidv7(interval '3 days')) > now() + interval '2 days' AS shifted_ahead,
	   uuid_extract_timestamp(uuidv7_at(timestamptz '2001-02-03 04:05:06.789+00')) AS backfilled;
-- uuidv7_next(interval) is core's uuidv7(interval): the same shift, to the
-- moment of each call, and the same errors for a time the v7 range lacks
SELECT s, abs(extract(epoch FROM uuid_extract_timestamp(uuidv7(s)) - uuid_extract_timestamp(uuidv7_next(s)))) < 1
		  AS same_time
FROM (VALUES (interval '-10 years'), ('3 days'), ('1 mon -2 hours'), ('-0.5 ms')) v(s);
SELECT s, left(sqlerr(format('SELECT uuidv7(%L::interval)', s)), 5) AS core,
	   left(sqlerr(format('SELECT uuidv7_next(%L::interval)', s)), 5) AS idtypes
FROM (VALUES ('-100 years'), ('9000 years'), ('-300000 years')) v(s);

\else
\echo 'before PostgreSQL 18: no core uuidv7()'
\endif

\else
\echo 'before PostgreSQL 17: no core UUID extractors'
\endif
