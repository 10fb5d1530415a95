--
-- date_bin: bucketing ids by time with <type>_date_bin(stride, id, origin),
-- which must agree with core's date_bin() on the id's timestamp.
--
SET timezone = 'UTC';

SELECT muid_date_bin('15 minutes', '063A81A7C46A40000000000002A00007', '2000-01-01');
SELECT hlculid_date_bin('1 hour', '01K0RS6SB4000002NAM48H248H', '2000-01-01');
SELECT tid62_date_bin('1 day', '04XVaYIJisigHzUpr', '2000-01-01');
SELECT uid8_date_bin('10 seconds', 'cb54ecf2840a0015', '2000-01-01');
SELECT uuidv_date_bin('1 hour', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F', '2000-01-01');
-- an origin off the hour shifts the bins
SELECT muid_date_bin('1 hour', '063A81A7C46A40000000000002A00007', '2000-01-01 00:20');
-- UUIDs without a timestamp have no bin, as they have no uuidv_timestamp()
SELECT uuidv_date_bin('1 hour', '919108f7-52d1-4320-9bac-f847db4148a8', '2000-01-01') IS NULL AS v4,
       uuidv_date_bin('1 hour', uuidv8_from_bytes('\x00112233445566778899aabbccddeeff'), '2000-01-01') IS NULL AS v8,
       uuidv_date_bin('1 hour', '00000000-0000-0000-0000-000000000000', '2000-01-01') IS NULL AS nil;
-- v1 and v6 of one instant fall in the same bin as its v7
SELECT uuidv_date_bin('1 minute', u, '2000-01-01')
FROM (VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid), ('1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
             ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) v(u);
-- uid8 in either mode: the bin of the timestamp, not of the order
SELECT uid8_date_bin('1 hour', uid8_from_parts('2025-07-22 10:30:00+00', 1, 2, 3, m), '2000-01-01')
FROM (VALUES ('spread'), ('time_sequential')) v(m);

-- the bin of every id is the largest origin + k * stride not after its
-- timestamp, for ids at many times and strides, with origins before and
-- after the ids (tid62s from 2020 on)
CREATE TABLE bins AS
SELECT t, stride, origin
FROM generate_series('1999-12-31 23:59:59.999999'::timestamptz, '2030-01-01', '97 days 3 hours 7 minutes 11.123457 seconds') t,
     unnest(ARRAY[interval '1 microsecond', interval '1 millisecond', interval '1 second', interval '15 minutes',
                  interval '1 hour', interval '1 day 2 hours', interval '7 days', interval '365 days']) stride,
     unnest(ARRAY['2000-01-01', '2001-01-01 00:00:00.5', '2100-06-15 12:00']::timestamptz[]) origin;
CREATE FUNCTION is_bin(bin timestamptz, ts timestamptz, stride interval, origin timestamptz) RETURNS bool
LANGUAGE sql IMMUTABLE AS $$
	SELECT bin <= ts AND ts < bin + stride
	   AND (extract(epoch FROM bin - origin) * 1000000)::numeric
		   % (extract(epoch FROM stride) * 1000000)::numeric = 0
$$;
SELECT count(*) AS cases,
       count(*) FILTER (WHERE is_bin(muid_date_bin(stride, muid_from_parts(t, 1, 1), origin), muid_timestamp(muid_from_parts(t, 1, 1)), stride, origin)) AS muid,
       count(*) FILTER (WHERE is_bin(hlculid_date_bin(stride, hlculid_from_parts(t, 1, 1, 1), origin), hlculid_timestamp(hlculid_from_parts(t, 1, 1, 1)), stride, origin)) AS hlculid,
       count(*) FILTER (WHERE t >= '2020-01-01') AS since_2020,
       count(*) FILTER (WHERE t >= '2020-01-01' AND is_bin(tid62_date_bin(stride, tid62_from_parts(t, '\x0000000000000000'), origin), tid62_timestamp(tid62_from_parts(t, '\x0000000000000000')), stride, origin)) AS tid62,
       count(*) FILTER (WHERE is_bin(uid8_date_bin(stride, uid8_from_parts(t, 1, 1, 1), origin), uid8_timestamp(uid8_from_parts(t, 1, 1, 1)), stride, origin)) AS uid8,
       count(*) FILTER (WHERE is_bin(uuidv_date_bin(stride, uuidv7_at(t), origin), uuidv_timestamp(uuidv7_at(t)), stride, origin)) AS uuid
FROM bins;
-- and where the id is after the origin, the same as core's date_bin() on
-- its timestamp (before the origin, date_bin() rounds towards minus
-- infinity only since PostgreSQL 16)
SELECT count(*) FILTER (WHERE muid_date_bin(stride, muid_from_parts(t, 1, 1), origin) = date_bin(stride, t, origin)) AS same_as_core,
       count(*) AS after_origin
FROM bins WHERE origin <= t;
DROP TABLE bins;
DROP FUNCTION is_bin(timestamptz, timestamptz, interval, timestamptz);

-- before the origin the bins go on, one stride wide each
SELECT muid_date_bin('1 hour', muid_from_parts('2025-07-22 10:30:00+00', 1, 1), '2025-07-22 12:15');
SELECT muid_date_bin('1 hour', muid_from_parts('2025-07-22 11:15:00+00', 1, 1), '2025-07-22 12:15');

-- a report: ids per 10-minute bucket
CREATE TABLE events (id hlculid PRIMARY KEY);
INSERT INTO events
SELECT hlculid_from_parts('2025-07-22 10:00:00+00'::timestamptz + n * interval '37 seconds', 0, 10, n)
FROM generate_series(0, 99) n;
SELECT hlculid_date_bin('10 minutes', id, '2000-01-01') AS bucket, count(*)
FROM events GROUP BY 1 ORDER BY 1;
DROP TABLE events;

-- errors: those of date_bin()
SELECT sqlerr($$SELECT muid_date_bin('1 month', '063A81A7C46A40000000000002A00007', '2000-01-01')$$);
SELECT sqlerr($$SELECT tid62_date_bin('1 year', '04XVaYIJisigHzUpr', '2000-01-01')$$);
SELECT sqlerr($$SELECT hlculid_date_bin('0 seconds', '01K0RS6SB4000002NAM48H248H', '2000-01-01')$$);
SELECT sqlerr($$SELECT uid8_date_bin('-1 hour', 'cb54ecf2840a0015', '2000-01-01')$$);
SELECT sqlerr($$SELECT uuidv_date_bin('1 hour', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'infinity')$$);
SELECT sqlerr($$SELECT muid_date_bin('1 hour', '063A81A7C46A40000000000002A00007', '-infinity')$$);
-- a bin that would start before the earliest timestamp
SELECT sqlerr($$SELECT muid_date_bin('76702500 days', muid_from_parts('1970-01-01', 1, 1), '200000-01-01')$$);
SELECT sqlerr($$SELECT muid_date_bin('1 hour', muid_from_parts('1970-01-01', 1, 1), '294276-12-31 23:00:00+00')$$);
SELECT sqlerr($$SELECT muid_date_bin('2147483647 days', muid_from_parts('1970-01-01', 1, 1), '2000-01-01')$$);
-- STRICT: NULL in, NULL out
SELECT muid_date_bin(NULL, '063A81A7C46A40000000000002A00007', '2000-01-01') IS NULL AS null_stride,
       tid62_date_bin('1 hour', NULL, '2000-01-01') IS NULL AS null_id,
       uid8_date_bin('1 hour', 'cb54ecf2840a0015', NULL) IS NULL AS null_origin;
