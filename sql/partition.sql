--
-- partition: range partitioning by id with bounds from the floor functions
-- (one partition per month, made with idtypes_range_partitions), partition
-- pruning for time ranges on the key, and hash partitioning, for every
-- scheme (idtypes_schemes(), each_scheme() of sql/setup.sql: a check
-- prints the schemes it fails for, none when all pass, and a result that
-- all share once).
--
SET timezone = 'UTC';

-- a table range-partitioned on a key of each scheme's type, p_<scheme>
SELECT DISTINCT result AS created
FROM each_scheme($$SELECT sqlerr('CREATE TABLE p_{name} (id {type} NOT NULL) PARTITION BY RANGE (id)')$$);

-- the helper takes for a key type one floor function (the schemes of
-- core's uuid share it: UUIDv7's), and its bounds are that function's
-- values at the starts of the ranges: the schemes whose floors they are
-- partition their type, one scheme per type
CREATE TABLE part AS
SELECT scheme FROM each_scheme($$
	SELECT bool_and(lower_bound = {floor}(starts)::text AND upper_bound = {floor}(ends)::text)
	FROM idtypes_range_partitions('p_{name}', '2024-01-31', '2026-01-01')$$)
WHERE result = 'true';
SELECT type, count(p.scheme) AS partitioning_schemes
FROM idtypes_schemes() s LEFT JOIN part p ON p.scheme = s.name
GROUP BY type HAVING count(p.scheme) <> 1;
CREATE FUNCTION each_part(query text, filter text DEFAULT 'true') RETURNS TABLE (scheme text, result text)
LANGUAGE sql AS $$
	SELECT * FROM each_scheme(query, 'name IN (SELECT scheme FROM part) AND ' || filter)
$$;

-- each range ends where the next starts
SELECT DISTINCT result AS consistent FROM each_part($$
	SELECT bool_and(ends = coalesce(next_start, ends))
	FROM (SELECT *, lead(starts) OVER (ORDER BY starts) AS next_start
		  FROM idtypes_range_partitions('p_{name}', '2024-01-31', '2026-01-01')) s$$);
-- the partitions of two months; month steps from the 31st come back to
-- the 31st; names follow the step
SELECT DISTINCT result AS partitions FROM each_part($$
	SELECT string_agg(partition_name || ' ' || starts || ' ' || ends, ', ' ORDER BY starts)
	FROM idtypes_range_partitions('p_{name}', '2025-01-01', '2025-03-01')$$);
SELECT DISTINCT result AS partitions FROM each_part($$
	SELECT string_agg(partition_name || ' ' || starts || ' ' || ends, ', ' ORDER BY starts)
	FROM idtypes_range_partitions('p_{name}', '2025-01-31', '2025-05-01')$$);
SELECT step, names
FROM unnest(ARRAY['1 day', '30 minutes', '10 seconds', '1 year']::interval[]) step,
	 LATERAL (SELECT string_agg(DISTINCT result, ' | ') AS names FROM each_part(format($$
		SELECT string_agg(partition_name, ' ' ORDER BY starts)
		FROM idtypes_range_partitions('p_{name}', '2025-01-01', '2025-01-01'::timestamptz + 2 * %L::interval, %L)$$,
		step, step))) n;
-- an empty interval: no partitions
SELECT DISTINCT result AS none FROM each_part($$
	SELECT count(*) FROM idtypes_range_partitions('p_{name}', '2025-01-01', '2025-01-01')$$);

-- errors
SELECT step, (SELECT string_agg(DISTINCT result, ' | ') FROM each_part(format($$
	SELECT sqlerr('SELECT * FROM idtypes_range_partitions(''p_{name}'', ''2025-01-01'', ''2025-02-01'', ''%s'')')$$, step))) AS error
FROM unnest(ARRAY['0 seconds', '-1 day', '0.5 seconds']::interval[]) step;
-- a step with parts of both signs moves some bounds back: 22023 for every
-- one, also those that advance from some starts ('1 mon -30 days' advances
-- from March 1, goes back from February 1)
SELECT step, (SELECT string_agg(DISTINCT result, ' | ') FROM each_part(format($$
	SELECT sqlerr('SELECT * FROM idtypes_range_partitions(''p_{name}'', ''2025-03-01'', ''2026-03-01'', ''%s'')')$$, step))) AS error
FROM unnest(ARRAY['1 mon -30 days', '1 mon -1 day', '1 day -1 hour', '1 mon -1 second',
				  '-1 mon 40 days', '1 year -11 mons -1 day', '-1 day 25 hours']::interval[]) step;
-- steps whose parts are all zero or positive are fine
SELECT step, (SELECT string_agg(DISTINCT result, ' | ') FROM each_part(format($$
	SELECT count(*) FROM idtypes_range_partitions('p_{name}', '2025-03-01', '2026-03-01', %L)$$, step))) AS partitions
FROM unnest(ARRAY['1 mon 1 day', '1 day 1 hour', '1 year -11 mons']::interval[]) step ORDER BY step;
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('pg_class', '2025-01-01', '2025-02-01')$$);
CREATE TABLE p_int (id int) PARTITION BY RANGE (id);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_int', '2025-01-01', '2025-02-01')$$);
-- its hint names the key types, each type with a floor function of the
-- extension (read from the catalog): the types of idtypes_schemes()
DO $$
DECLARE hint text;
BEGIN
	PERFORM idtypes_range_partitions('p_int', '2025-01-01', '2025-02-01');
EXCEPTION WHEN datatype_mismatch THEN
	GET STACKED DIAGNOSTICS hint = PG_EXCEPTION_HINT;
	RAISE NOTICE 'the hint names the types of idtypes_schemes(): %',
		(SELECT array_agg(t ORDER BY t) FROM unnest(string_to_array(substring(hint FROM 'types (.*)\.$'), ', ')) t)
		= (SELECT array_agg(DISTINCT type ORDER BY type) FROM idtypes_schemes());
END
$$;
SELECT DISTINCT result AS error FROM each_part($$
	SELECT sqlerr('CREATE TABLE p_list (id {type}) PARTITION BY LIST (id);
				   SELECT * FROM idtypes_range_partitions(''p_list'', ''2025-01-01'', ''2025-02-01'')')$$);
SELECT DISTINCT result AS error FROM each_part($$
	SELECT sqlerr('CREATE TABLE p_two (id {type}, k int) PARTITION BY RANGE (id, k);
				   SELECT * FROM idtypes_range_partitions(''p_two'', ''2025-01-01'', ''2025-02-01'')')$$);
-- before the first time of a scheme (tid62's 2020, UUIDv6's 1582): 22008
SELECT DISTINCT regexp_replace(result, 'from .* to .*', 'from {earliest} to {latest}') AS error FROM each_part($$
	SELECT sqlerr(format('SELECT * FROM idtypes_range_partitions(''p_{name}'', %L, %L)',
						 {earliest} - interval '1 month', {earliest} + interval '1 month'))$$);
CREATE TABLE "p_a_table_whose_name_is_just_short_enough_to_be_a_name_not_more" (id uuid) PARTITION BY RANGE (id);
SELECT sqlerr($$SELECT * FROM idtypes_range_partitions('p_a_table_whose_name_is_just_short_enough_to_be_a_name_not_more', '2025-01-01', '2025-02-01')$$);
DROP TABLE p_int, "p_a_table_whose_name_is_just_short_enough_to_be_a_name_not_more";

-- six months of partitions for each table, from the helper's statements;
-- running them again changes nothing (IF NOT EXISTS)
SELECT DISTINCT result AS created FROM each_part($$
	SELECT string_agg(sqlerr(ddl), ' ') FROM idtypes_range_partitions('p_{name}', '2025-01-01', '2025-07-01')$$);
SET client_min_messages = warning;
SELECT DISTINCT result AS again FROM each_part($$
	SELECT string_agg(sqlerr(ddl), ' ') FROM idtypes_range_partitions('p_{name}', '2025-01-01', '2025-07-01')$$);
RESET client_min_messages;
SELECT DISTINCT result AS partitions FROM each_part($$SELECT count(*) FROM pg_inherits WHERE inhparent = 'p_{name}'::regclass$$);

-- ids at every hour of the six months (the first of each), and at the
-- edges of every month (the last id of the time: of the last tick of a
-- month, and of the first of the next)
CREATE TABLE times AS
SELECT t, true AS hourly FROM generate_series('2025-01-01'::timestamptz, '2025-06-30 23:00', '1 hour') t
UNION ALL
SELECT m - e, false FROM generate_series('2025-02-01'::timestamptz, '2025-06-01', '1 month') m,
       unnest(ARRAY[interval '0', interval '1 microsecond', interval '1 millisecond', interval '1 second']) e;
SELECT DISTINCT result AS inserted FROM each_part($$
	SELECT sqlerr('INSERT INTO p_{name} SELECT {floor}(t) FROM times WHERE hourly
				   UNION ALL SELECT {ceil}(t) FROM times;
				   ANALYZE p_{name}')$$);
-- every row is in the partition of its month
SELECT * FROM each_part($$
	SELECT count(*) FROM p_{name} r
	JOIN idtypes_range_partitions('p_{name}', '2025-01-01', '2025-07-01') p ON p.partition_name = r.tableoid::regclass::text
	WHERE NOT ({timestamp}(r.id) >= p.starts AND {timestamp}(r.id) < p.ends)$$) WHERE result <> '0';
SELECT DISTINCT result AS rows_per_partition FROM each_part($$
	SELECT string_agg(n::text, ' ' ORDER BY p) FROM (SELECT tableoid::regclass::text AS p, count(*) AS n FROM p_{name} GROUP BY 1) s$$);

-- A time range on the key reads only the partitions of that range: the
-- floor functions prune for every scheme, and so do the cross-type
-- operators of the types that compare with timestamptz (the planner
-- compares the bounds with the time through the btree family's cross-type
-- support function).  scanned(query): the months of the partitions that
-- the plan reads, and how many the executor prunes at run time; meeting:
-- the months of the partitions whose bounds meet [floor(t1), floor(t2))
-- (from the floors the planner also sees that an empty range reads none).
CREATE FUNCTION scanned(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	line text;
	months text[] := '{}';
	removed text := '';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line ~ ' on p_\w+_\d{4}_\d{2}\M' THEN
			months := months || substring(line FROM '_(\d{4}_\d{2})\M');
		ELSIF line ~ 'Subplans Removed' THEN
			removed := ', removed ' || substring(line FROM '\d+');
		END IF;
	END LOOP;
	RETURN array_to_string(months, ' ') || removed;
END
$$;
CREATE TABLE ranges AS
SELECT t1, t1 + d AS t2
FROM unnest(ARRAY['2025-01-31 23:59:59.999999', '2025-02-01', '2025-02-28 23:00:00.0005', '2025-02-28 23:59:59.5',
				  '2025-03-05', '2025-03-31 12:00', '2025-03-31 23:59:59.999']::timestamptz[]) t1,
     unnest(ARRAY[interval '1 microsecond', interval '1 millisecond', interval '0.5 second',
                  interval '1 hour', interval '1 day', interval '1 month']) d;
CREATE FUNCTION has_time_operators(typ regtype) RETURNS boolean
LANGUAGE sql AS $$
	SELECT EXISTS (SELECT FROM pg_operator WHERE oprleft = typ AND oprright = 'timestamptz'::regtype AND oprname = '>=')
$$;
SELECT * FROM each_part($$
	SELECT count(*) FILTER (WHERE scanned(format('SELECT * FROM p_{name} WHERE id >= {floor}(%L) AND id < {floor}(%L)', t1, t2))
								  <> CASE WHEN {floor}(t1) < {floor}(t2) THEN meeting ELSE '' END)
	FROM ranges,
		 LATERAL (SELECT coalesce(string_agg(to_char(starts, 'YYYY_MM'), ' ' ORDER BY starts), '') AS meeting
				  FROM idtypes_range_partitions('p_{name}', '2025-01-01', '2025-07-01')
				  WHERE lower_bound::{type} < {floor}(t2) AND upper_bound::{type} > {floor}(t1)) r$$)
WHERE result <> '0';
-- with the cross-type operators the planner compares the bounds with the
-- times themselves: a partition that ends just after t1 in that order is
-- read, even when its last id is before t1 (no row of it passes the scan)
SELECT * FROM each_part($$
	SELECT count(*) FROM ranges,
		 LATERAL (SELECT coalesce(string_agg(to_char(starts, 'YYYY_MM'), ' ' ORDER BY starts), '') AS meeting
				  FROM idtypes_range_partitions('p_{name}', '2025-01-01', '2025-07-01')
				  WHERE lower_bound::{type} < t2 AND upper_bound::{type} > t1) r
	WHERE scanned(format('SELECT * FROM p_{name} WHERE id >= %L::timestamptz AND id < %L::timestamptz', t1, t2)) <> meeting$$,
	'has_time_operators(type::regtype)')
WHERE result <> '0';
-- and the rows are exactly those of the time range
SELECT * FROM each_part($$
	SELECT count(*) FROM ranges
	WHERE (SELECT count(*) FROM p_{name} WHERE id >= {floor}(t1) AND id < {floor}(t2))
		  <> (SELECT count(*) FROM p_{name} WHERE {timestamp}(id) >= t1 AND {timestamp}(id) < t2)$$)
WHERE result <> '0';
SELECT * FROM each_part($$
	SELECT count(*) FROM ranges
	WHERE (SELECT count(*) FROM p_{name} WHERE id >= t1 AND id < t2)
		  <> (SELECT count(*) FROM p_{name} WHERE {timestamp}(id) >= t1 AND {timestamp}(id) < t2)$$,
	'has_time_operators(type::regtype)')
WHERE result <> '0';
-- bounds known only at execution (a stable expression, as a parameter or
-- now() are): the executor prunes
SELECT DISTINCT result AS at_run_time FROM each_part($$
	SELECT scanned('SELECT * FROM p_{name} WHERE id >= {floor}(now() - (now() - ''2025-06-15''::timestamptz))')$$);
SELECT DISTINCT result AS at_run_time FROM each_part($$
	SELECT CASE WHEN has_time_operators('{type}')
				THEN scanned('SELECT * FROM p_{name} WHERE id >= now() - (now() - ''2025-06-15''::timestamptz)')
				ELSE scanned('SELECT * FROM p_{name} WHERE id >= {floor}(now() - (now() - ''2025-06-15''::timestamptz))') END$$);

-- a row outside every partition is refused, as for any range partitioning
SELECT DISTINCT regexp_replace(result, '\(id\)=\(.*\)', '(id)=(...)') AS error FROM each_part($$
	SELECT sqlerr('INSERT INTO p_{name} VALUES ({floor}(''2025-07-01''))')$$);
SELECT DISTINCT regexp_replace(result, '\(id\)=\(.*\)', '(id)=(...)') AS error FROM each_part($$
	SELECT sqlerr('INSERT INTO p_{name} VALUES ({floor}(''2024-12-31 23:59:59''))')$$);

SELECT DISTINCT result AS dropped FROM each_scheme($$SELECT sqlerr('DROP TABLE p_{name}')$$);
DROP TABLE times, ranges, part;
DROP FUNCTION scanned(text), has_time_operators(regtype), each_part(text, text);

-- hash partitioning by id, for every scheme: rows spread over the
-- partitions, each satisfies its partition's constraint, and a lookup by
-- id reads one
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
	EXECUTE format('INSERT INTO h SELECT %s() FROM generate_series(1, 2000)', gen);
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
SELECT DISTINCT result AS hash_partitions FROM each_scheme($$SELECT hash_check('{type}', '{gen}')$$);
DROP FUNCTION hash_check(text, text);
