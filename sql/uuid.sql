--
-- uuid: UUIDv6, v7 and v8 on core uuid (RFC 9562; v8 as draft-02's recipe)
--
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- the functions: generators VOLATILE, the rest IMMUTABLE; all STRICT and
-- PARALLEL SAFE; LEAKPROOF where they cannot fail
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel, p.proleakproof,
	   obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
WHERE p.proname ~ '^(uuidv_version|uuidv_timestamp|uuidv[1678]_)'
ORDER BY 1::text;
-- PostgreSQL 18 owns uuidv4() and uuidv7(): the extension defines neither
SELECT count(*) AS core_names_taken FROM pg_proc
WHERE proname IN ('uuidv4', 'uuidv7') AND pronamespace <> 'pg_catalog'::regnamespace;

-- uuid_tick(u): the 60-bit time field of a v6, v7 or v8 (version nibble
-- removed), to check the layout from outside
CREATE FUNCTION uuid_tick(u uuid) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT (hi >> 16 << 12) | (hi & 4095)
	FROM (SELECT ('x' || left(replace(u::text, '-', ''), 16))::bit(64)::bigint AS hi) s
$$;
-- uuid_stamp(b, version): 16 bytes with a version and the RFC variant set
CREATE FUNCTION uuid_stamp(b bytea, version int) RETURNS uuid LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT encode(set_byte(set_byte(b, 6, (get_byte(b, 6) & 15) | (version << 4)),
						   8, (get_byte(b, 8) & 63) | 128), 'hex')::uuid
$$;

--
-- RFC 9562 test vectors (appendix A): one instant, 2022-02-22 19:22:22 UTC,
-- as a v1, a v6 and a v7
--
SELECT u, uuidv_version(u), uuidv_timestamp(u), uuidv8_timestamp(u)
FROM (VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
			 ('1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
			 ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) v(u);
-- v1 and v6 of the RFC are the same UUID with the timestamp fields reordered
SELECT uuidv1_to_uuidv6('C232AB00-9414-11EC-B3C8-9F6BDECED846') AS v6,
	   uuidv6_to_uuidv1('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS v1;
-- appendix B.2: a name-based v8, SHA-256 of the DNS namespace and the name
SELECT uuidv8_from_bytes(substring(sha256(uuid_send('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
										  || convert_to('www.example.com', 'UTF8')) FOR 16)) AS v8_name;
-- the smallest and largest UUID of each version at that instant (vectors
-- computed from the layouts, independently of this code)
SELECT uuidv6_floor('2022-02-22 19:22:22+00'), uuidv6_ceil('2022-02-22 19:22:22+00');
SELECT uuidv7_floor('2022-02-22 19:22:22+00'), uuidv7_ceil('2022-02-22 19:22:22+00');
SELECT uuidv8_floor('2022-02-22 19:22:22+00'), uuidv8_ceil('2022-02-22 19:22:22+00');
SELECT uuidv8_floor('2022-02-22 19:22:22.123456+00') AS v8_floor_usec;
-- the RFC's v7 has random bits where uuidv7_next() puts its fraction: the
-- timestamp is the millisecond; so are those of the bounds
SELECT uuidv_timestamp('017F22E2-79B0-7FFF-BFFF-FFFFFFFFFFFF') AS v7_last_of_ms,
	   uuidv_timestamp('017F22E2-79B1-7000-8000-000000000000') AS v7_next_ms;

--
-- versions and variants
--
SELECT u, uuidv_version(u), uuidv_timestamp(u), uuidv8_timestamp(u)
FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid),	-- Nil
			 ('ffffffff-ffff-ffff-ffff-ffffffffffff'),			-- Max
			 ('017f22e2-79b0-7cc3-18c4-dc0c0c07398f'),			-- NCS variant
			 ('017f22e2-79b0-7cc3-d8c4-dc0c0c07398f'),			-- Microsoft variant
			 ('017f22e2-79b0-7cc3-f8c4-dc0c0c07398f'),			-- reserved variant
			 ('017f22e2-79b0-0cc3-98c4-dc0c0c07398f'),
			 ('000003e8-9414-21ec-b3c8-9f6bdeced846'),			-- v2 (DCE)
			 ('6fa459ea-ee8a-3ca4-894e-db77e160355e'),			-- v3
			 ('919108f7-52d1-4320-9bac-f847db4148a8'),			-- v4
			 ('886313e1-3b8a-5372-9b90-0c9aee199e5d'),			-- v5
			 ('16d6320c-3d4d-8cc0-8000-000000000000'),			-- v8 of uuidv8_next()'s layout
			 ('017f22e2-79b0-9cc3-98c4-dc0c0c07398f'),
			 ('017f22e2-79b0-fcc3-98c4-dc0c0c07398f')) v(u);
-- every variant byte: the version is read for 0b10xxxxxx only
SELECT count(*) FILTER (WHERE uuidv_version(u) IS NOT NULL) AS with_version,
	   bool_and((uuidv_version(u) IS NOT NULL) = (b BETWEEN 128 AND 191)) AS rfc_variant_only
FROM (SELECT b, encode(set_byte(uuid_send('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), 8, b), 'hex')::uuid AS u
	  FROM generate_series(0, 255) b) s;
-- uuidv_version() agrees with the version nibble for all 16 versions
SELECT array_agg(uuidv_version(uuid_stamp(uuid_send('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), v)) ORDER BY v)
FROM generate_series(0, 15) v;

--
-- v1 <-> v6
--
SELECT sqlerr($$SELECT uuidv1_to_uuidv6('919108f7-52d1-4320-9bac-f847db4148a8')$$);
SELECT sqlerr($$SELECT uuidv1_to_uuidv6('1EC9414C-232A-6B00-B3C8-9F6BDECED846')$$);
SELECT sqlerr($$SELECT uuidv6_to_uuidv1('C232AB00-9414-11EC-B3C8-9F6BDECED846')$$);
SELECT sqlerr($$SELECT uuidv6_to_uuidv1('00000000-0000-0000-0000-000000000000')$$);
SELECT sqlerr($$SELECT uuidv1_to_uuidv6('c232ab00-9414-11ec-33c8-9f6bdeced846')$$);
-- the detail says why
SELECT uuidv6_to_uuidv1('ffffffff-ffff-ffff-ffff-ffffffffffff');
SELECT uuidv1_to_uuidv6('919108f7-52d1-4320-9bac-f847db4148a8');
-- both ways on 10000 v6 of random bits: lossless, same timestamp
SELECT count(*) AS v6,
	   count(*) FILTER (WHERE uuidv1_to_uuidv6(uuidv6_to_uuidv1(u)) = u) AS round_trips,
	   count(*) FILTER (WHERE uuidv_version(uuidv6_to_uuidv1(u)) = 1) AS made_v1,
	   count(*) FILTER (WHERE uuidv_timestamp(uuidv6_to_uuidv1(u)) = uuidv_timestamp(u)) AS same_timestamp,
	   count(*) FILTER (WHERE right(uuidv6_to_uuidv1(u)::text, 17) = right(u::text, 17)) AS same_clock_seq_and_node
FROM (SELECT uuid_stamp(uuid_send(md5(g::text)::uuid), 6) AS u FROM generate_series(1, 10000) g) s;

--
-- uuidv8_from_bytes: version and variant set, the other 122 bits kept
--
SELECT uuidv8_from_bytes('\x00000000000000000000000000000000') AS zeros,
	   uuidv8_from_bytes('\xffffffffffffffffffffffffffffffff') AS ones,
	   uuidv8_from_bytes(uuid_send('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')) AS from_v7;
SELECT count(*) FILTER (WHERE uuidv_version(v8) = 8) AS v8,
	   count(*) FILTER (WHERE uuid_send(v8) = uuid_send(uuid_stamp(b, 8))) AS only_version_and_variant
FROM (SELECT b, uuidv8_from_bytes(b) AS v8
	  FROM (SELECT uuid_send(md5(g::text)::uuid) AS b FROM generate_series(1, 10000) g) s) s;
SELECT sqlerr($$SELECT uuidv8_from_bytes('\x000000000000000000000000000000')$$);
SELECT sqlerr($$SELECT uuidv8_from_bytes('\x0000000000000000000000000000000000')$$);
SELECT sqlerr($$SELECT uuidv8_from_bytes('')$$);

--
-- the smallest and largest UUID of an instant: floor(t) is the first UUID
-- whose timestamp is t or later, ceil(t) the last whose timestamp is t or
-- earlier.  A v7's timestamp is its millisecond, so between two
-- milliseconds floor(t) is the first UUID of the next one.
--
SELECT t, uuidv7_floor(t), uuidv7_ceil(t), uuidv_timestamp(uuidv7_floor(t)) AS floor_ts,
	   uuidv_timestamp(uuidv7_ceil(t)) AS ceil_ts
FROM (VALUES ('2025-07-22 10:00:00+00'::timestamptz), ('2025-07-22 10:00:00.000001+00'),
			 ('2025-07-22 10:00:00.000999+00'), ('2025-07-22 10:00:00.001+00')) v(t);
SELECT t, uuidv6_floor(t), uuidv6_ceil(t), uuidv8_floor(t), uuidv8_ceil(t)
FROM (VALUES ('2025-07-22 10:00:00+00'::timestamptz), ('2025-07-22 10:00:00.000001+00')) v(t);
-- the ends of each version's range
SELECT uuidv6_floor('1582-10-15 00:00:00+00'), uuidv6_ceil('5236-03-31 21:21:00.684697+00');
SELECT uuidv7_floor('1970-01-01 00:00:00+00'), uuidv7_ceil('10889-08-02 05:31:50.655+00');
SELECT uuidv8_floor('1970-01-01 00:00:00+00'), uuidv8_ceil('2554-07-21 23:34:33.709551+00');
SELECT uuidv_timestamp('ffffffff-ffff-6fff-bfff-ffffffffffff') AS last_v6,
	   uuidv_timestamp('ffffffff-ffff-1fff-bfff-ffffffffffff') AS last_v1,
	   uuidv_timestamp('ffffffff-ffff-7fff-bfff-ffffffffffff') AS last_v7,
	   uuidv8_timestamp('ffffffff-ffff-8fff-bfff-ffffffffffff') AS last_v8;
-- out of range: 22008
SELECT sqlerr($$SELECT uuidv6_floor('1582-10-14 23:59:59.999999+00')$$);
SELECT sqlerr($$SELECT uuidv6_ceil('5236-03-31 21:21:00.684698+00')$$);
SELECT sqlerr($$SELECT uuidv7_floor('1969-12-31 23:59:59.999999+00')$$);
SELECT sqlerr($$SELECT uuidv7_ceil('10889-08-02 05:31:50.656+00')$$);
-- the whole last millisecond of v7 is in range, as for hlculid: its v7 and
-- its ceiling; no UUID is at or after a time past its start (the floor)
SELECT t, uuidv7_at(t) < 'ffffffff-ffff-7fff-bfff-ffffffffffff'::uuid AS gen_below_last,
	   uuidv_timestamp(uuidv7_at(t)), uuidv7_ceil(t),
	   hlculid_timestamp(hlculid_ceil(t)) AS hlculid_ceil_ts
FROM (VALUES ('10889-08-02 05:31:50.655+00'::timestamptz), ('10889-08-02 05:31:50.655001+00'),
			 ('10889-08-02 05:31:50.6555+00'), ('10889-08-02 05:31:50.655999+00')) v(t);
SELECT sqlerr($$SELECT uuidv7_at('10889-08-02 05:31:50.656+00')$$);
SELECT sqlerr($$SELECT uuidv7_floor('10889-08-02 05:31:50.655001+00')$$),
	   sqlerr($$SELECT hlculid_floor('10889-08-02 05:31:50.655001+00')$$);
SELECT sqlerr($$SELECT uuidv8_floor('2554-07-21 23:34:33.709552+00')$$);
SELECT sqlerr($$SELECT uuidv8_ceil('-infinity')$$);
SELECT sqlerr($$SELECT uuidv7_floor('infinity')$$);
SELECT sqlerr($$SELECT uuidv7_at('1960-01-01')$$);
-- the detail gives the range
SELECT uuidv7_floor('1969-12-31 23:59:59+00');
SELECT uuidv6_floor('1500-01-01+00');
SELECT uuidv8_ceil('3000-01-01+00');

-- exactness, microsecond by microsecond over 4 ms around a millisecond:
-- floor(t) comes right after ceil(t - 1us) (consecutive ticks, the one the
-- last of its UUIDs, the other the first), floor(t)'s timestamp is t or
-- later and ceil(t - 1us)'s earlier than t.  Since timestamps grow with the
-- ticks, floor(t) is the smallest UUID of the version whose timestamp is
-- t or later, and ceil(t) the largest whose timestamp is t or earlier.
CREATE TEMP TABLE uuid_bounds AS
SELECT t, uuidv6_floor(t) AS f6, uuidv6_ceil(t - interval '1 microsecond') AS c6,
	   uuidv7_floor(t) AS f7, uuidv7_ceil(t - interval '1 microsecond') AS c7,
	   uuidv8_floor(t) AS f8, uuidv8_ceil(t - interval '1 microsecond') AS c8
FROM generate_series('2025-07-22 09:59:59.998+00'::timestamptz, '2025-07-22 10:00:00.002+00',
					 interval '1 microsecond') t;
SELECT count(*) AS instants,
	   count(*) FILTER (WHERE uuid_tick(f6) = uuid_tick(c6) + 1 AND uuid_tick(f7) = uuid_tick(c7) + 1
						AND uuid_tick(f8) = uuid_tick(c8) + 1) AS adjacent,
	   count(*) FILTER (WHERE right(f6::text, 17) = '8000-000000000000' AND right(c6::text, 17) = 'bfff-ffffffffffff'
						AND right(f7::text, 17) = '8000-000000000000' AND right(c7::text, 17) = 'bfff-ffffffffffff'
						AND right(f8::text, 17) = '8000-000000000000' AND right(c8::text, 17) = 'bfff-ffffffffffff') AS extreme_tails,
	   count(*) FILTER (WHERE uuidv_timestamp(f6) >= t AND uuidv_timestamp(c6) < t
						AND uuidv_timestamp(f7) >= t AND uuidv_timestamp(c7) < t
						AND uuidv8_timestamp(f8) >= t AND uuidv8_timestamp(c8) < t) AS timestamps_split,
	   count(*) FILTER (WHERE uuidv_timestamp(f6) = t AND uuidv8_timestamp(f8) = t) AS v6_v8_exact,
	   count(*) FILTER (WHERE uuidv_timestamp(f7) = t) AS v7_exact,
	   count(DISTINCT f7) AS v7_floors,
	   min(uuid_tick(uuidv6_ceil(t)) - uuid_tick(f6) + 1) AS v6_min_ticks_per_usec,
	   max(uuid_tick(uuidv6_ceil(t)) - uuid_tick(f6) + 1) AS v6_max_ticks_per_usec,
	   min(uuid_tick(uuidv8_ceil(t)) - uuid_tick(f8) + 1) AS v8_min_ticks_per_usec,
	   max(uuid_tick(uuidv8_ceil(t)) - uuid_tick(f8) + 1) AS v8_max_ticks_per_usec
FROM uuid_bounds;
-- timestamps never go down as the ticks go up
SELECT bool_and(uuidv_timestamp(f6) >= lag6 AND uuidv_timestamp(f7) >= lag7 AND uuidv8_timestamp(f8) >= lag8) AS monotonic
FROM (SELECT f6, f7, f8, lag(uuidv_timestamp(f6)) OVER w AS lag6, lag(uuidv_timestamp(f7)) OVER w AS lag7,
			 lag(uuidv8_timestamp(f8)) OVER w AS lag8
	  FROM uuid_bounds WINDOW w AS (ORDER BY t)) s;
-- any v6, v7 or v8 lies between the floor and the ceiling of its timestamp
-- (10000 of random bits each, so also v7s with random rand_a)
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE v6 BETWEEN uuidv6_floor(uuidv_timestamp(v6)) AND uuidv6_ceil(uuidv_timestamp(v6))) AS v6_bracketed,
	   count(*) FILTER (WHERE v7 BETWEEN uuidv7_floor(uuidv_timestamp(v7)) AND uuidv7_ceil(uuidv_timestamp(v7))) AS v7_bracketed,
	   count(*) FILTER (WHERE v8 BETWEEN uuidv8_floor(uuidv8_timestamp(v8)) AND uuidv8_ceil(uuidv8_timestamp(v8))) AS v8_bracketed,
	   count(*) FILTER (WHERE uuidv_timestamp(v1) = uuidv_timestamp(uuidv1_to_uuidv6(v1))) AS v1_timestamps
FROM (SELECT uuid_stamp(b, 6) AS v6, uuid_stamp(b, 7) AS v7, uuid_stamp(b, 8) AS v8, uuid_stamp(b, 1) AS v1
	  FROM (SELECT uuid_send(md5(g::text)::uuid) AS b FROM generate_series(1, 10000) g) s) s;

--
-- uuidv7_at(timestamptz): a v7 of a given time, random tail; its
-- fraction is that of the microsecond (PostgreSQL 18's formula), so
-- backfilled UUIDs sort by time
--
SELECT left(uuidv7_at('2022-02-22 19:22:22.123456+00')::text, 19) AS prefix,
	   uuidv_version(uuidv7_at('2022-02-22 19:22:22.123456+00')),
	   uuidv_timestamp(uuidv7_at('2022-02-22 19:22:22.123456+00'));
SELECT count(*) AS ids, count(DISTINCT u) AS distinct_ids,
	   count(*) FILTER (WHERE uuidv_timestamp(u) = date_trunc('milliseconds', t)) AS timestamp_of_ms,
	   count(*) FILTER (WHERE u BETWEEN uuidv7_floor(date_trunc('milliseconds', t))
							AND uuidv7_ceil(date_trunc('milliseconds', t))) AS bracketed,
	   array_agg(u ORDER BY t) = array_agg(u ORDER BY u) AS sorted_by_time
FROM (SELECT t, uuidv7_at(t) AS u
	  FROM generate_series('2025-07-22 10:00:00+00'::timestamptz, '2025-07-22 10:00:00.05+00',
						   interval '1 microsecond') t) s;

--
-- range scans on core's opclasses: 30000 v6, v7 and v8 spread over about a
-- second, at every 37 microseconds, with the extreme and random tails
--
CREATE TABLE uuid_t (n int, t timestamptz, v6 uuid, v7 uuid, v8 uuid);
INSERT INTO uuid_t
SELECT g, t,
	   CASE g % 3 WHEN 0 THEN uuidv6_floor(t) WHEN 1 THEN uuidv6_ceil(t)
		   ELSE encode(overlay(uuid_send(uuidv6_floor(t)) PLACING substring(uuid_send(gen_random_uuid()) FROM 9) FROM 9), 'hex')::uuid END,
	   CASE g % 3 WHEN 0 THEN uuidv7_floor(date_trunc('milliseconds', t)) WHEN 1 THEN uuidv7_ceil(t) ELSE uuidv7_at(t) END,
	   CASE g % 3 WHEN 0 THEN uuidv8_floor(t) WHEN 1 THEN uuidv8_ceil(t)
		   ELSE encode(overlay(uuid_send(uuidv8_floor(t)) PLACING substring(uuid_send(gen_random_uuid()) FROM 9) FROM 9), 'hex')::uuid END
FROM (SELECT g, '2025-07-22 10:00:00+00'::timestamptz + g * interval '37 microseconds' AS t
	  FROM generate_series(1, 30000) g) s;
INSERT INTO uuid_t VALUES (0, NULL, NULL, NULL, NULL);
CREATE INDEX uuid_t_v6 ON uuid_t (v6);
CREATE INDEX uuid_t_v7 ON uuid_t (v7);
CREATE INDEX uuid_t_v8 ON uuid_t (v8);
ANALYZE uuid_t;
-- the rows of [t1, t2) by index, exactly those of the timestamps, for
-- bounds on and between the versions' units
CREATE TEMP TABLE uuid_ranges (t1 timestamptz, t2 timestamptz);
INSERT INTO uuid_ranges VALUES
	('2025-07-22 10:00:00.2+00', '2025-07-22 10:00:00.5+00'),
	('2025-07-22 10:00:00.200001+00', '2025-07-22 10:00:00.499999+00'),
	('2025-07-22 10:00:00.000037+00', '2025-07-22 10:00:00.000074+00'),
	('2025-07-22 10:00:00.0005+00', '2025-07-22 10:00:00.0015+00'),
	('2025-07-22 09:00:00+00', '2025-07-22 11:00:00+00'),
	('2025-07-22 10:00:00.5+00', '2025-07-22 10:00:00.5+00');
SELECT t1, t2, opclass_check('uuid_t', 'v7', format('v7 >= uuidv7_floor(%L) AND v7 < uuidv7_floor(%L)', t1, t2))
FROM uuid_ranges ORDER BY t1, t2;
SELECT t1, t2, opclass_check('uuid_t', 'v6', format('v6 >= uuidv6_floor(%L) AND v6 < uuidv6_floor(%L)', t1, t2))
FROM uuid_ranges ORDER BY t1, t2;
SELECT t1, t2, opclass_check('uuid_t', 'v8', format('v8 >= uuidv8_floor(%L) AND v8 < uuidv8_floor(%L)', t1, t2))
FROM uuid_ranges ORDER BY t1, t2;
SELECT t1, t2,
	   count(*) FILTER (WHERE (v6 >= uuidv6_floor(t1) AND v6 < uuidv6_floor(t2))
						IS DISTINCT FROM (uuidv_timestamp(v6) >= t1 AND uuidv_timestamp(v6) < t2)) AS v6_wrong,
	   count(*) FILTER (WHERE (v7 >= uuidv7_floor(t1) AND v7 < uuidv7_floor(t2))
						IS DISTINCT FROM (uuidv_timestamp(v7) >= t1 AND uuidv_timestamp(v7) < t2)) AS v7_wrong,
	   count(*) FILTER (WHERE (v8 >= uuidv8_floor(t1) AND v8 < uuidv8_floor(t2))
						IS DISTINCT FROM (uuidv8_timestamp(v8) >= t1 AND uuidv8_timestamp(v8) < t2)) AS v8_wrong,
	   count(*) FILTER (WHERE (v7 BETWEEN uuidv7_floor(t1) AND uuidv7_ceil(t2))
						IS DISTINCT FROM (uuidv_timestamp(v7) BETWEEN t1 AND t2)) AS v7_between_wrong,
	   count(*) FILTER (WHERE uuidv_timestamp(v7) >= t1 AND uuidv_timestamp(v7) < t2) AS v7_rows,
	   count(*) FILTER (WHERE uuidv_timestamp(v6) >= t1 AND uuidv_timestamp(v6) < t2) AS v6_rows
FROM uuid_ranges, uuid_t GROUP BY t1, t2 ORDER BY t1, t2;
EXPLAIN (COSTS OFF)
SELECT * FROM uuid_t WHERE v7 >= uuidv7_floor('2025-07-22 10:00:00.2+00') AND v7 < uuidv7_floor('2025-07-22 10:00:00.5+00');
-- core's BRIN minmax class, too
CREATE INDEX uuid_t_brin ON uuid_t USING brin (v7) WITH (pages_per_range = 4);
DROP INDEX uuid_t_v7;
SELECT opclass_check('uuid_t', 'v7', $$v7 >= uuidv7_floor('2025-07-22 10:00:00.2+00') AND v7 < uuidv7_floor('2025-07-22 10:00:00.5+00')$$);
DROP TABLE uuid_t;

--
-- generation: properties, not values
--
-- 100000 of each in one backend, in generation order
CREATE TEMP TABLE uuid_gen AS
SELECT g, clock_timestamp() AS t, uuidv6_next() AS v6, uuidv7_next() AS v7, uuidv8_next() AS v8
FROM generate_series(1, 100000) g;
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE uuidv_version(v6) = 6 AND uuidv_version(v7) = 7 AND uuidv_version(v8) = 8) AS versions,
	   count(*) FILTER (WHERE get_byte(uuid_send(v6), 8) >> 6 = 2 AND get_byte(uuid_send(v7), 8) >> 6 = 2
						AND get_byte(uuid_send(v8), 8) >> 6 = 2) AS rfc_variant,
	   count(DISTINCT v6) AS distinct_v6, count(DISTINCT v7) AS distinct_v7, count(DISTINCT v8) AS distinct_v8,
	   count(*) FILTER (WHERE abs(extract(epoch FROM uuidv_timestamp(v6) - t)) < 1
						AND abs(extract(epoch FROM uuidv_timestamp(v7) - t)) < 1
						AND abs(extract(epoch FROM uuidv8_timestamp(v8) - t)) < 1) AS timestamps_within_1s,
	   count(*) FILTER (WHERE uuidv_timestamp(v8) IS NULL AND uuidv8_timestamp(v7) IS NULL
						AND uuidv8_timestamp(v6) IS NULL) AS other_versions_null
FROM uuid_gen;
-- strictly increasing in generation order, each with a tick of its own
SELECT count(*) FILTER (WHERE v6 <= p6) AS v6_not_increasing,
	   count(*) FILTER (WHERE v7 <= p7) AS v7_not_increasing,
	   count(*) FILTER (WHERE v8 <= p8) AS v8_not_increasing,
	   count(*) FILTER (WHERE uuid_tick(v6) <= uuid_tick(p6) OR uuid_tick(v7) <= uuid_tick(p7)
						OR uuid_tick(v8) <= uuid_tick(p8)) AS ticks_not_increasing
FROM (SELECT v6, v7, v8, lag(v6) OVER w AS p6, lag(v7) OVER w AS p7, lag(v8) OVER w AS p8
	  FROM uuid_gen WINDOW w AS (ORDER BY g)) s;
-- each between the floor and the ceiling of its timestamp
SELECT count(*) FILTER (WHERE v6 BETWEEN uuidv6_floor(uuidv_timestamp(v6)) AND uuidv6_ceil(uuidv_timestamp(v6))
						AND v7 BETWEEN uuidv7_floor(uuidv_timestamp(v7)) AND uuidv7_ceil(uuidv_timestamp(v7))
						AND v8 BETWEEN uuidv8_floor(uuidv8_timestamp(v8)) AND uuidv8_ceil(uuidv8_timestamp(v8))) AS bracketed
FROM uuid_gen;
-- the random parts: v6's clock sequence and node, v7's 62 bits, v8's node
-- (never zero) are different in every UUID; v8's clock sequence is 0
-- because its timestamp never repeats
SELECT count(DISTINCT right(v6::text, 17)) AS v6_tails, count(DISTINCT right(v7::text, 17)) AS v7_tails,
	   count(DISTINCT right(v8::text, 17)) AS v8_tails,
	   count(*) FILTER (WHERE get_byte(uuid_send(v8), 8) = 128 AND get_byte(uuid_send(v8), 9) < 64) AS v8_sequence_0,
	   count(*) FILTER (WHERE substring(uuid_send(v8) FROM 10) = '\x00000000000000'::bytea
						AND get_byte(uuid_send(v8), 9) & 63 = 0) AS v8_node_zero
FROM uuid_gen;
-- later statements generate after earlier ones
SELECT (SELECT max(v7::text) FROM uuid_gen)::uuid < uuidv7_next() AS v7_later,
	   (SELECT max(v6::text) FROM uuid_gen)::uuid < uuidv6_next() AS v6_later,
	   (SELECT max(v8::text) FROM uuid_gen)::uuid < uuidv8_next() AS v8_later;
-- uuidv7_next(interval), PostgreSQL 18's uuidv7(shift): the next v7 of the
-- clock with its time moved by the interval.  The shift is exact: minus it
-- (a millisecond is 4096 ticks, so half of one is 2048), the ticks are the
-- clock's, strictly increasing along each row and from row to row, so the
-- UUIDs of one shift keep the order of their generation
CREATE TEMP TABLE uuid_shift AS
SELECT g, clock_timestamp() AS t, uuidv7_next() AS plain, uuidv7_next('-1 day') AS day_back,
	   uuidv7_next(shift => '1 hour 0.5 ms') AS ahead, uuidv7_next('1 mon') AS month_ahead
FROM generate_series(1, 10000) g;
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE uuidv_version(day_back) = 7 AND uuidv_version(ahead) = 7
						AND get_byte(uuid_send(ahead), 8) >> 6 = 2) AS rfc_v7,
	   count(*) FILTER (WHERE NOT (t1 < t2 AND t2 < t3 AND t3 < coalesce(next_t1, t3 + 1))) AS not_increasing,
	   count(*) FILTER (WHERE abs(extract(epoch FROM uuidv_timestamp(month_ahead) - (t + interval '1 mon'))) >= 1)
		   AS month_not_added
FROM (SELECT t, day_back, ahead, month_ahead, uuid_tick(plain) AS t1,
			 uuid_tick(day_back) + 86400000::bigint * 4096 AS t2,
			 uuid_tick(ahead) - (3600000::bigint * 4096 + 2048) AS t3,
			 lead(uuid_tick(plain)) OVER (ORDER BY g) AS next_t1
	  FROM uuid_shift) s;
-- out of the range of v7 (1970 to 10889) and of timestamptz: 22008
SELECT sqlerr($$SELECT uuidv7_next('-100 years')$$);
SELECT sqlerr($$SELECT uuidv7_next('9000 years')$$);
SELECT sqlerr($$SELECT uuidv7_next('-300000 years')$$);
SELECT uuidv7_next(NULL::interval) IS NULL AS null_shift;
-- NULL in, NULL out (STRICT)
SELECT uuidv_version(NULL), uuidv_timestamp(NULL), uuidv8_timestamp(NULL), uuidv8_from_bytes(NULL),
	   uuidv7_floor(NULL), uuidv6_ceil(NULL), uuidv1_to_uuidv6(NULL), uuidv7_at(NULL);
-- the safe bounds (sql/bound.sql has every scheme's): UUIDs of their
-- version, the first of their clock word
SELECT substr(uuidv6_safe_bound()::text, 15, 1) AS v6, substr(uuidv7_safe_bound()::text, 15, 1) AS v7,
	   substr(uuidv8_safe_bound()::text, 15, 1) AS v8, right(uuidv7_safe_bound()::text, 17) AS v7_tail;
-- time bins (sql/date_bin.sql checks every scheme's against core's
-- date_bin()); UUIDs without a timestamp have no bin, as they have no
-- uuidv_timestamp()
SELECT uuidv_date_bin('1 hour', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F', '2000-01-01');
SELECT uuidv_date_bin('1 hour', '919108f7-52d1-4320-9bac-f847db4148a8', '2000-01-01') IS NULL AS v4,
       uuidv_date_bin('1 hour', uuidv8_from_bytes('\x00112233445566778899aabbccddeeff'), '2000-01-01') IS NULL AS v8,
       uuidv_date_bin('1 hour', '00000000-0000-0000-0000-000000000000', '2000-01-01') IS NULL AS nil;
-- v1 and v6 of one instant fall in the same bin as its v7
SELECT uuidv_date_bin('1 minute', u, '2000-01-01')
FROM (VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid), ('1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
             ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) v(u);
DROP FUNCTION uuid_tick(uuid), uuid_stamp(bytea, int);
