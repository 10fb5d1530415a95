-- idtypes_advance_clock(): each scheme's clock moved past a time and past
-- an id, never back, and what it refuses (the server has
-- shared_preload_libraries; t/054_failover.pl moves the clocks of a server
-- that is behind the ids it holds)

-- past a time 200 ms ahead (the uid8 isolation spec that follows expects its
-- clock not far ahead of the wall clock): the next id of every scheme is
-- later than it
CREATE TEMP TABLE target AS SELECT now() + interval '200 ms' AS t;
SELECT s, idtypes_advance_clock(s, t) > t - interval '1 s' AS stands_at_it
FROM target, unnest(ARRAY['muid', 'hlculid', 'uid8', 'uuidv6', 'uuidv7', 'uuidv8', 'tid62']) s;
SELECT muid_timestamp(gen_muid()) > t AS muid, hlculid_timestamp(gen_hlculid()) > t AS hlculid,
	   uid8_timestamp(gen_uid8()) > t AS uid8, uuidv6_next() > uuidv6_ceil(t) AS uuidv6,
	   uuidv7_next() > uuidv7_ceil(t) AS uuidv7, uuidv8_next() > uuidv8_ceil(t) AS uuidv8,
	   tid62_timestamp(gen_tid62()) > t AS tid62
FROM target;
-- never back: a time in the past leaves the clock where it is
SELECT idtypes_advance_clock('uuidv7', now() - interval '1 hour') = idtypes_advance_clock('uuidv7', now() - interval '2 hours') AS unchanged;
-- past an id: the next id of its scheme sorts after it
CREATE TEMP TABLE ahead AS
SELECT muid_from_parts(now() + interval '300 ms', 1, 0) AS m,
	   hlculid_from_parts(now() + interval '300 ms', 9, 1, 0) AS h,
	   uid8_from_parts(now() + interval '300 ms', 0, 0, 0, 'time_sequential') AS u,
	   uuidv7_ceil(now() + interval '300 ms') AS v7,
	   uuidv6_ceil(now() + interval '300 ms') AS v6,
	   uuidv8_ceil(now() + interval '300 ms') AS v8,
	   tid62_from_parts(now() + interval '300 ms', '\xffffffffffffffff') AS t;
SELECT idtypes_advance_clock(m) IS NOT NULL, idtypes_advance_clock(h) IS NOT NULL,
	   idtypes_advance_clock(u) IS NOT NULL, idtypes_advance_clock(v7) IS NOT NULL,
	   idtypes_advance_clock(v6) IS NOT NULL, idtypes_advance_clock(v8) IS NOT NULL,
	   idtypes_advance_clock(t) IS NOT NULL
FROM ahead;
SELECT gen_muid() > m AS muid, gen_hlculid() > h AS hlculid,
	   uid8_timestamp(gen_uid8()) > uid8_timestamp(u) AS uid8,
	   uuidv7_next() > v7 AS uuidv7, uuidv6_next() > v6 AS uuidv6, uuidv8_next() > v8 AS uuidv8,
	   gen_tid62() > t AS tid62
FROM ahead;
-- refused: an unknown clock, a UUID without one, infinity, the end of a
-- scheme's range (how far ahead anyone but a superuser may move a clock,
-- idtypes.clock_max_ahead: t/056_clock_limit.pl)
SELECT sqlerr($$SELECT idtypes_advance_clock('uuidv4', now())$$);
SELECT sqlerr($$SELECT idtypes_advance_clock('00000000-0000-4000-8000-000000000000'::uuid)$$);
SELECT sqlerr($$SELECT idtypes_advance_clock('00000000-0000-7000-0000-000000000000'::uuid)$$);
SELECT sqlerr($$SELECT idtypes_advance_clock('hlculid', 'infinity')$$);
SELECT sqlerr($$SELECT idtypes_advance_clock('tid62', '2156-02-07 06:28:15.5+00')$$);
-- nor for anyone but superusers and the role of idtypes.clock_mover_role,
-- EXECUTE or not (t/012_security.pl tests the role)
CREATE ROLE clock_mover;
SET ROLE clock_mover;
SELECT sqlerr($$SELECT idtypes_advance_clock('muid', now())$$);
RESET ROLE;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(text, timestamptz) TO clock_mover;
SET ROLE clock_mover;
SELECT sqlerr($$SELECT idtypes_advance_clock('muid', now())$$);
RESET ROLE;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(text, timestamptz) FROM clock_mover;

-- idtypes_rewind_clock(), the way out of a clock moved too far ahead
-- (t/056_clock_limit.pl moves one back): refused to anyone but superusers,
-- EXECUTE or not; refused for a time up to which ids may have been issued
-- (the system clock plus idtypes.clock_max_ahead), for a clock that is not
-- ahead of the time, an unknown clock and infinity
SET ROLE clock_mover;
SELECT sqlerr($$SELECT idtypes_rewind_clock('hlculid', now() + interval '1 day')$$);
RESET ROLE;
GRANT EXECUTE ON FUNCTION idtypes_rewind_clock(text, timestamptz) TO clock_mover;
SET ROLE clock_mover;
SELECT sqlerr($$SELECT idtypes_rewind_clock('hlculid', now() + interval '1 day')$$);
RESET ROLE;
REVOKE EXECUTE ON FUNCTION idtypes_rewind_clock(text, timestamptz) FROM clock_mover;
DROP ROLE clock_mover;
SELECT sqlerr($$SELECT idtypes_rewind_clock('hlculid', now())$$) ~ '^22023: cannot move the hlculid clock back to ' AS refused;
SELECT sqlerr($$SELECT idtypes_rewind_clock('muid', now() - interval '1 year')$$) ~ '^22023: cannot move the muid clock back to ' AS refused;
SELECT sqlerr($$SELECT idtypes_rewind_clock('uid8', now() + interval '1 day')$$) ~ '^22023: the uid8 clock is not ahead of ' AS refused;
SELECT sqlerr($$SELECT idtypes_rewind_clock('uuidv4', now() + interval '1 day')$$);
SELECT sqlerr($$SELECT idtypes_rewind_clock('tid62', 'infinity')$$);
-- the isolation specs run next, and uid8's expects its clock not ahead of
-- the wall clock: let the wall clock pass the times the clocks were moved to
SELECT pg_sleep(1.5);
