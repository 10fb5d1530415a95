--
-- partition: range partitioning by id with bounds from the floor functions
-- (one partition per month, made with idtypes_range_partitions), partition
-- pruning for time ranges on the key, and hash partitioning, for every type.
--
SET timezone = 'UTC';

-- the statements idtypes_range_partitions() makes, for each key type
CREATE TABLE p_muid (id muid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE p_hlculid (id hlculid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE p_tid62 (id tid62 NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE p_uid8 (id uid8 NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE p_uuid (id uuid NOT NULL) PARTITION BY RANGE (id);

SELECT * FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-03-01');
SELECT partition_name, lower_bound, upper_bound
FROM idtypes_range_partitions('p_hlculid', '2025-01-01', '2025-03-01');
SELECT partition_name, lower_bound, upper_bound
FROM idtypes_range_partitions('p_tid62', '2025-01-01', '2025-03-01');
SELECT partition_name, lower_bound, upper_bound
FROM idtypes_range_partitions('p_uid8', '2025-01-01', '2025-03-01');
SELECT partition_name, lower_bound, upper_bound
FROM idtypes_range_partitions('p_uuid', '2025-01-01', '2025-03-01');

-- the bounds are the floors of the starts, and each range ends where the
-- next starts
SELECT bool_and(lower_bound = muid_floor(starts)::text AND upper_bound = muid_floor(ends)::text)
       AND bool_and(ends = coalesce(next_start, ends)) AS consistent
FROM (SELECT *, lead(starts) OVER (ORDER BY starts) AS next_start
      FROM idtypes_range_partitions('p_muid', '2024-01-31', '2026-01-01')) s;

-- month steps from the 31st come back to the 31st; names follow the step
SELECT partition_name, starts, ends
FROM idtypes_range_partitions('p_muid', '2025-01-31', '2025-05-01');
SELECT partition_name FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-01-03', '1 day');
SELECT partition_name FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-01-01 01:00', '30 minutes');
SELECT partition_name FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-01-01 00:00:20', '10 seconds');
SELECT partition_name FROM idtypes_range_partitions('p_muid', '2025-01-01', '2027-01-01', '1 year');
-- an empty interval: no partitions
SELECT count(*) FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-01-01');

-- errors
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-02-01', '0 seconds')$$);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-02-01', '-1 day')$$);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-02-01', '0.5 seconds')$$);
-- a step with parts of both signs moves some bounds back: 22023 for every
-- one, also those that advance from some starts ('1 mon -30 days' advances
-- from March 1, goes back from February 1)
SELECT step, sqlerr(format($$SELECT * FROM idtypes_range_partitions('p_muid', '2025-03-01', '2026-03-01', %L)$$, step))
FROM unnest(ARRAY['1 mon -30 days', '1 mon -1 day', '1 day -1 hour', '1 mon -1 second',
				  '-1 mon 40 days', '1 year -11 mons -1 day', '-1 day 25 hours']::interval[]) step;
-- steps whose parts are all zero or positive are fine
SELECT step, count(*) FROM unnest(ARRAY['1 mon 1 day', '1 day 1 hour', '1 year -11 mons']::interval[]) step,
	LATERAL idtypes_range_partitions('p_muid', '2025-03-01', '2026-03-01', step) GROUP BY step ORDER BY step;
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('pg_class', '2025-01-01', '2025-02-01')$$);
CREATE TABLE p_int (id int) PARTITION BY RANGE (id);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_int', '2025-01-01', '2025-02-01')$$);
-- its hint names the key types, each type with a floor function of the
-- extension (read from the catalog)
DO $$
DECLARE hint text;
BEGIN
	PERFORM idtypes_range_partitions('p_int', '2025-01-01', '2025-02-01');
EXCEPTION WHEN datatype_mismatch THEN
	GET STACKED DIAGNOSTICS hint = PG_EXCEPTION_HINT;
	RAISE NOTICE '%', hint;
END
$$;
CREATE TABLE p_list (id muid) PARTITION BY LIST (id);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_list', '2025-01-01', '2025-02-01')$$);
CREATE TABLE p_two (id muid, k int) PARTITION BY RANGE (id, k);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_two', '2025-01-01', '2025-02-01')$$);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_tid62', '2019-12-01', '2020-02-01')$$);
CREATE TABLE "p_a_table_whose_name_is_just_short_enough_to_be_a_name_not_more" (id muid) PARTITION BY RANGE (id);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_a_table_whose_name_is_just_short_enough_to_be_a_name_not_more', '2025-01-01', '2025-02-01')$$);
DROP TABLE p_int, p_list, p_two, "p_a_table_whose_name_is_just_short_enough_to_be_a_name_not_more";

-- six months of partitions for each table, from the helper's statements
SELECT ddl
FROM unnest(ARRAY['p_muid', 'p_hlculid', 'p_tid62', 'p_uid8', 'p_uuid']::regclass[]) AS t,
     idtypes_range_partitions(t, '2025-01-01', '2025-07-01')
\gexec
-- running them again changes nothing (IF NOT EXISTS)
SET client_min_messages = warning;
SELECT ddl FROM idtypes_range_partitions('p_muid', '2025-01-01', '2025-07-01') \gexec
RESET client_min_messages;
SELECT count(*) FROM pg_inherits WHERE inhparent = 'p_muid'::regclass;

-- rows at every hour of the six months, and at the edges of every month:
-- the last tick of a month and the first of the next
CREATE TABLE times AS
SELECT t FROM generate_series('2025-01-01'::timestamptz, '2025-06-30 23:00', '1 hour') t
UNION ALL
SELECT m - e FROM generate_series('2025-02-01'::timestamptz, '2025-06-01', '1 month') m,
       unnest(ARRAY[interval '0', interval '1 microsecond', interval '1 millisecond', interval '1 second']) e;
INSERT INTO p_muid SELECT muid_from_parts(t, 42, 7) FROM times;
INSERT INTO p_hlculid SELECT hlculid_from_parts(t, 3, 10, 1234) FROM times;
INSERT INTO p_tid62 SELECT tid62_from_parts(t, '\x0123456789abcdef') FROM times;
INSERT INTO p_uid8 SELECT uid8_from_parts(t, 5, 17, 2, 'time_sequential') FROM times;
INSERT INTO p_uuid SELECT uuidv7_at(t) FROM times;
ANALYZE p_muid, p_hlculid, p_tid62, p_uid8, p_uuid;

-- every row is in the partition of its month
CREATE FUNCTION misplaced(tab regclass, ts_fn text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE format('SELECT count(*) FROM %s r
					JOIN idtypes_range_partitions(%L, ''2025-01-01'', ''2025-07-01'') p
					  ON p.partition_name = r.tableoid::regclass::text
					WHERE NOT (%s(r.id) >= p.starts AND %s(r.id) < p.ends)',
				   tab, tab, ts_fn, ts_fn) INTO n;
	RETURN n;
END
$$;
SELECT t, (SELECT count(*) FROM times) AS rows,
       misplaced(t::regclass, f) AS misplaced
FROM (VALUES ('p_muid', 'muid_timestamp'), ('p_hlculid', 'hlculid_timestamp'),
             ('p_tid62', 'tid62_timestamp'), ('p_uid8', 'uid8_timestamp'),
             ('p_uuid', 'uuidv_timestamp')) v(t, f);
SELECT tableoid::regclass, count(*) FROM p_hlculid GROUP BY 1 ORDER BY 1;

-- a time range on the key reads only the partitions of that range: the
-- cross-type operators of the time-first types prune (the planner compares
-- the bounds with the time through the btree family's cross-type support
-- function), and so do the floor functions for every type
EXPLAIN (COSTS OFF)
SELECT * FROM p_muid WHERE id >= '2025-03-05'::timestamptz AND id < '2025-03-06'::timestamptz;
EXPLAIN (COSTS OFF)
SELECT * FROM p_hlculid WHERE id >= '2025-03-31 12:00'::timestamptz AND id < '2025-04-01 12:00'::timestamptz;
EXPLAIN (COSTS OFF)
SELECT * FROM p_tid62 WHERE '2025-05-01'::timestamptz <= id AND '2025-06-01'::timestamptz > id;
EXPLAIN (COSTS OFF)
SELECT * FROM p_uid8 WHERE id >= uid8_floor('2025-03-05') AND id < uid8_floor('2025-03-06');
EXPLAIN (COSTS OFF)
SELECT * FROM p_uuid WHERE id >= uuidv7_floor('2025-03-05') AND id < uuidv7_floor('2025-03-06');
EXPLAIN (COSTS OFF)
SELECT * FROM p_muid WHERE id >= muid_floor('2025-03-05') AND id < muid_floor('2025-03-06');
-- the edge of a partition: a bound inside the last tick before it
EXPLAIN (COSTS OFF)
SELECT * FROM p_tid62 WHERE id >= '2025-02-28 23:59:59.5'::timestamptz AND id < '2025-03-01 00:00:00.5'::timestamptz;
EXPLAIN (COSTS OFF)
SELECT * FROM p_tid62 WHERE id >= '2025-03-01 00:00:00.5'::timestamptz AND id < '2025-03-02'::timestamptz;

-- and the rows are exactly those of the time range, for bounds on and
-- between the ticks of each type
CREATE TABLE ranges AS
SELECT t1, t1 + d AS t2
FROM unnest(ARRAY['2025-01-31 23:59:59.999999', '2025-02-01', '2025-02-28 23:00:00.0005',
                  '2025-02-28 23:59:59.5', '2025-03-31 23:59:59.999']::timestamptz[]) t1,
     unnest(ARRAY[interval '1 microsecond', interval '1 millisecond', interval '0.5 second',
                  interval '1 hour', interval '1 month']) d;
SELECT count(*) AS ranges,
       count(*) FILTER (WHERE (SELECT count(*) FROM p_muid WHERE id >= t1 AND id < t2)
                            = (SELECT count(*) FROM p_muid WHERE muid_timestamp(id) >= t1 AND muid_timestamp(id) < t2)) AS muid,
       count(*) FILTER (WHERE (SELECT count(*) FROM p_hlculid WHERE id >= t1 AND id < t2)
                            = (SELECT count(*) FROM p_hlculid WHERE hlculid_timestamp(id) >= t1 AND hlculid_timestamp(id) < t2)) AS hlculid,
       count(*) FILTER (WHERE (SELECT count(*) FROM p_tid62 WHERE id >= t1 AND id < t2)
                            = (SELECT count(*) FROM p_tid62 WHERE tid62_timestamp(id) >= t1 AND tid62_timestamp(id) < t2)) AS tid62,
       count(*) FILTER (WHERE (SELECT count(*) FROM p_uid8 WHERE id >= uid8_floor(t1) AND id < uid8_floor(t2))
                            = (SELECT count(*) FROM p_uid8 WHERE uid8_timestamp(id) >= t1 AND uid8_timestamp(id) < t2)) AS uid8,
       count(*) FILTER (WHERE (SELECT count(*) FROM p_uuid WHERE id >= uuidv7_floor(t1) AND id < uuidv7_floor(t2))
                            = (SELECT count(*) FROM p_uuid WHERE uuidv_timestamp(id) >= t1 AND uuidv_timestamp(id) < t2)) AS uuid
FROM ranges;

-- bounds known only at execution (a parameter, now()): the executor prunes
PREPARE since_muid(timestamptz) AS SELECT count(*) FROM p_muid WHERE id >= $1;
PREPARE since_hlculid(timestamptz) AS SELECT count(*) FROM p_hlculid WHERE id >= $1;
PREPARE since_tid62(timestamptz) AS SELECT count(*) FROM p_tid62 WHERE id >= $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE since_muid('2025-06-15');
EXPLAIN (COSTS OFF) EXECUTE since_hlculid('2025-06-15');
EXPLAIN (COSTS OFF) EXECUTE since_tid62('2025-06-15');
EXECUTE since_muid('2025-06-15');
RESET plan_cache_mode;
EXPLAIN (COSTS OFF)
SELECT * FROM p_muid WHERE id >= pg_catalog.now() - interval '1 day';

-- a row outside every partition is refused, as for any range partitioning
SELECT sqlerr($$INSERT INTO p_muid VALUES (muid_from_parts('2025-07-01', 0, 0))$$);
SELECT sqlerr($$INSERT INTO p_muid VALUES (muid_from_parts('2025-06-30 23:59:59.999999', 4503599627370495, 1048575))$$);

DROP TABLE p_muid, p_hlculid, p_tid62, p_uid8, p_uuid, times, ranges;
DROP FUNCTION misplaced(regclass, text);

-- hash partitioning by id, for every type: rows spread over the partitions,
-- each satisfies its partition's constraint, and a lookup by id reads one
CREATE FUNCTION hash_check(typ text, gen text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	r int;
	spread text;
	bad bigint;
	plan text := '';
	line text;
	one text;
BEGIN
	EXECUTE format('CREATE TABLE h (id %s PRIMARY KEY) PARTITION BY HASH (id)', typ);
	FOR r IN 0..3 LOOP
		EXECUTE format('CREATE TABLE h_%s PARTITION OF h FOR VALUES WITH (MODULUS 4, REMAINDER %s)', r, r);
	END LOOP;
	EXECUTE format('INSERT INTO h SELECT %s FROM generate_series(1, 2000)', gen);
	SELECT string_agg(CASE WHEN n BETWEEN 400 AND 600 THEN 'ok' ELSE n::text END, ' ' ORDER BY p)
	  INTO spread
	  FROM (SELECT tableoid::regclass::text AS p, count(*) AS n FROM h GROUP BY 1) s;
	SELECT count(*) INTO bad FROM h
	 WHERE NOT satisfies_hash_partition('h'::regclass, 4, right(tableoid::regclass::text, 1)::int, id);
	SELECT id::text INTO one FROM h ORDER BY id LIMIT 1 OFFSET 1000;
	FOR line IN EXECUTE format('EXPLAIN (COSTS OFF) SELECT * FROM h WHERE id = %L::%s', one, typ) LOOP
		plan := plan || line || ' ';
	END LOOP;
	DROP TABLE h;
	RETURN format('%s, %s misplaced, lookup reads %s partition(s)', spread, bad,
				  (SELECT count(*) FROM regexp_matches(plan, 'on h_\d', 'g')));
END
$$;
SELECT typ, hash_check(typ, gen)
FROM (VALUES ('muid', 'gen_muid()'), ('hlculid', 'gen_hlculid()'), ('tid62', 'gen_tid62()'),
             ('uid8', 'gen_uid8()'), ('uuid', 'uuidv7_next()')) v(typ, gen);
DROP FUNCTION hash_check(text, text);
