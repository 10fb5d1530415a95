--
-- date_bin: bucketing ids by time with each scheme's date_bin function
-- (idtypes_schemes(), each_scheme() of sql/setup.sql), which must agree
-- with core's date_bin() on the id's timestamp.  Each scheme's own file
-- has examples of its ids.
--
SET timezone = 'UTC';

-- the bin of every id is the largest origin + k * stride not after its
-- timestamp, for ids (the first of each time) at many times and strides,
-- with origins before and after the ids, within each scheme's range
CREATE TABLE bins AS
SELECT t, stride, origin
FROM generate_series('1999-12-31 23:59:59.999999'::timestamptz, '2030-01-01', '97 days 3 hours 7 minutes 11.123457 seconds') t,
     unnest(ARRAY[interval '1 microsecond', interval '1 millisecond', interval '1 second', interval '15 minutes',
                  interval '1 hour', interval '1 day 2 hours', interval '7 days', interval '365 days']) stride,
     unnest(ARRAY['2000-01-01', '2001-01-01 00:00:00.5', '2100-06-15 12:00']::timestamptz[]) origin;
SELECT count(*) AS cases FROM bins;
CREATE FUNCTION is_bin(bin timestamptz, ts timestamptz, stride interval, origin timestamptz) RETURNS bool
LANGUAGE sql IMMUTABLE AS $$
	SELECT bin <= ts AND ts < bin + stride
	   AND (extract(epoch FROM bin - origin) * 1000000)::numeric
		   % (extract(epoch FROM stride) * 1000000)::numeric = 0
$$;
SELECT * FROM each_scheme($$
	SELECT format('%s of %s cases wrong', count(*) FILTER (WHERE NOT is_bin({date_bin}(stride, id, origin), {timestamp}(id), stride, origin)), count(*))
	FROM (SELECT {floor}(t) AS id, stride, origin FROM bins WHERE t BETWEEN {earliest} AND {latest}) b
$$, 'date_bin_fn IS NOT NULL') WHERE result !~ '^0 of [1-9]';
-- and where the id is after the origin, the same as core's date_bin() on
-- its timestamp (before the origin, date_bin() rounds towards minus
-- infinity only since PostgreSQL 16)
SELECT * FROM each_scheme($$
	SELECT count(*) FROM (SELECT {floor}(t) AS id, stride, origin FROM bins WHERE t BETWEEN {earliest} AND {latest}) b
	WHERE origin <= {timestamp}(id) AND {date_bin}(stride, id, origin) <> date_bin(stride, {timestamp}(id), origin)
$$, 'date_bin_fn IS NOT NULL') WHERE result <> '0';
DROP TABLE bins;
DROP FUNCTION is_bin(timestamptz, timestamptz, interval, timestamptz);

-- before the origin the bins go on, one stride wide each
SELECT DISTINCT result AS bin FROM each_scheme($$SELECT {date_bin}('1 hour', {floor}('2025-07-22 10:30:00+00'), '2025-07-22 12:15')$$,
											   'date_bin_fn IS NOT NULL');
SELECT DISTINCT result AS bin FROM each_scheme($$SELECT {date_bin}('1 hour', {floor}('2025-07-22 11:15:00+00'), '2025-07-22 12:15')$$,
											   'date_bin_fn IS NOT NULL');

-- a report: ids per 10-minute bucket, as core's date_bin() buckets their times
CREATE TABLE events AS
SELECT '2025-07-22 10:00:00+00'::timestamptz + n * interval '37 seconds' AS t FROM generate_series(0, 99) n;
SELECT * FROM each_scheme($$
	SELECT count(*) FROM (
		SELECT {date_bin}('10 minutes', {floor}(t), '2000-01-01') AS bucket, count(*) FROM events GROUP BY 1
		EXCEPT
		SELECT date_bin('10 minutes', t, '2000-01-01'), count(*) FROM events GROUP BY 1) d
$$, 'date_bin_fn IS NOT NULL') WHERE result <> '0';
SELECT date_bin('10 minutes', t, '2000-01-01') AS bucket, count(*) FROM events GROUP BY 1 ORDER BY 1;
DROP TABLE events;

-- errors: those of date_bin()
SELECT DISTINCT result AS error FROM each_scheme($$SELECT {date_bin}('1 month', {floor}('2025-07-22'), '2000-01-01')$$, 'date_bin_fn IS NOT NULL');
SELECT DISTINCT result AS error FROM each_scheme($$SELECT {date_bin}('1 year', {floor}('2025-07-22'), '2000-01-01')$$, 'date_bin_fn IS NOT NULL');
SELECT DISTINCT result AS error FROM each_scheme($$SELECT {date_bin}('0 seconds', {floor}('2025-07-22'), '2000-01-01')$$, 'date_bin_fn IS NOT NULL');
SELECT DISTINCT result AS error FROM each_scheme($$SELECT {date_bin}('-1 hour', {floor}('2025-07-22'), '2000-01-01')$$, 'date_bin_fn IS NOT NULL');
SELECT DISTINCT result AS error FROM each_scheme($$SELECT {date_bin}('1 hour', {floor}('2025-07-22'), 'infinity')$$, 'date_bin_fn IS NOT NULL');
SELECT DISTINCT result AS error FROM each_scheme($$SELECT {date_bin}('1 hour', {floor}('2025-07-22'), '-infinity')$$, 'date_bin_fn IS NOT NULL');
-- STRICT: NULL in, NULL out
SELECT DISTINCT result AS nulls FROM each_scheme($$
	SELECT {date_bin}(NULL, {floor}('2025-07-22'), '2000-01-01') IS NULL
	   AND {date_bin}('1 hour', NULL, '2000-01-01') IS NULL
	   AND {date_bin}('1 hour', {floor}('2025-07-22'), NULL) IS NULL
$$, 'date_bin_fn IS NOT NULL');
