-- idtypes_advance_clock(): every scheme's clock (idtypes_schemes(),
-- each_scheme() of sql/setup.sql) moved past a time and past an id, never
-- back, and what it refuses (the server has shared_preload_libraries;
-- t/054_failover.pl moves the clocks of a server that is behind the ids it
-- holds)

-- past a time 200 ms ahead (the uid8 isolation spec that follows expects its
-- clock not far ahead of the wall clock): the next id of every scheme is
-- later than it
CREATE TABLE target AS SELECT now() + interval '200 ms' AS t;
SELECT * FROM each_scheme($$SELECT idtypes_advance_clock('{name}', t) > t - interval '1 s' FROM target$$)
WHERE result <> 'true';
SELECT * FROM each_scheme('SELECT {timestamp}({gen}()) > t FROM target') WHERE result <> 'true';
-- never back: a time in the past leaves the clock where it is
SELECT * FROM each_scheme($$SELECT idtypes_advance_clock('{name}', now() - interval '1 hour')
								   = idtypes_advance_clock('{name}', now() - interval '2 hours')$$)
WHERE result <> 'true';
-- past an id (idtypes_advance_clock(past <type>), the last id of a time
-- 300 ms ahead): the next id of its scheme sorts after it
CREATE TABLE ahead AS SELECT scheme, result AS id FROM each_scheme($$SELECT {ceil}(now() + interval '300 ms')$$);
SELECT * FROM each_scheme($$SELECT idtypes_advance_clock(id::{type}) IS NOT NULL FROM ahead WHERE scheme = '{name}'$$)
WHERE result <> 'true';
SELECT * FROM each_scheme($$SELECT {gen}() > id::{type} FROM ahead WHERE scheme = '{name}'$$)
WHERE result <> 'true';
DROP TABLE target, ahead;
-- refused: an unknown clock, a UUID without one, infinity, past the end of
-- a scheme's range (how far ahead anyone but a superuser may move a clock,
-- idtypes.clock_max_ahead: t/056_clock_limit.pl)
SELECT sqlerr($$SELECT idtypes_advance_clock('uuidv4', now())$$);
SELECT sqlerr($$SELECT idtypes_advance_clock('00000000-0000-4000-8000-000000000000'::uuid)$$);
SELECT sqlerr($$SELECT idtypes_advance_clock('00000000-0000-7000-0000-000000000000'::uuid)$$);
SELECT DISTINCT result FROM each_scheme($$SELECT idtypes_advance_clock('{name}', 'infinity')$$);
SELECT DISTINCT regexp_replace(result, 'past .*', 'past {latest}') AS result
FROM each_scheme($$SELECT idtypes_advance_clock('{name}', {latest})$$);
-- nor for anyone but superusers and the role of idtypes.clock_mover_role,
-- EXECUTE or not (t/012_security.pl tests the role); nor every clock at
-- once past the ids stored (t/058_cutover.pl calls it as a mover)
CREATE ROLE clock_mover;
SET ROLE clock_mover;
SELECT DISTINCT result FROM each_scheme($$SELECT idtypes_advance_clock('{name}', now())$$);
SELECT DISTINCT result FROM each_scheme($$SELECT idtypes_advance_clock({floor}(now()))$$);
SELECT sqlerr($$SELECT * FROM idtypes_advance_clocks_past_stored()$$);
RESET ROLE;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(text, timestamptz) TO clock_mover;
GRANT EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored(text[], text[]) TO clock_mover;
SET ROLE clock_mover;
SELECT DISTINCT result FROM each_scheme($$SELECT idtypes_advance_clock('{name}', now())$$);
-- (the first clock it checks: the first scheme's)
SELECT regexp_replace(sqlerr($$SELECT * FROM idtypes_advance_clocks_past_stored()$$), 'server-wide \w+ clock',
					  'server-wide {name} clock') AS sqlerr;
RESET ROLE;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(text, timestamptz) FROM clock_mover;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored(text[], text[]) FROM clock_mover;

-- idtypes_rewind_clock(), the way out of a clock moved too far ahead
-- (t/056_clock_limit.pl moves one back): refused to anyone but superusers,
-- EXECUTE or not; refused for a time up to which ids may have been issued
-- (the system clock plus idtypes.clock_max_ahead), for a clock that is not
-- ahead of the time, an unknown clock and infinity
SET ROLE clock_mover;
SELECT DISTINCT result FROM each_scheme($$SELECT idtypes_rewind_clock('{name}', now() + interval '1 day')$$);
RESET ROLE;
GRANT EXECUTE ON FUNCTION idtypes_rewind_clock(text, timestamptz) TO clock_mover;
SET ROLE clock_mover;
SELECT DISTINCT result FROM each_scheme($$SELECT idtypes_rewind_clock('{name}', now() + interval '1 day')$$);
RESET ROLE;
REVOKE EXECUTE ON FUNCTION idtypes_rewind_clock(text, timestamptz) FROM clock_mover;
DROP ROLE clock_mover;
SELECT DISTINCT regexp_replace(result, ' to .*', ' to {time}') AS result
FROM each_scheme($$SELECT idtypes_rewind_clock('{name}', now())$$);
SELECT DISTINCT regexp_replace(result, ' to .*', ' to {time}') AS result
FROM each_scheme($$SELECT idtypes_rewind_clock('{name}', now() - interval '1 year')$$);
SELECT DISTINCT regexp_replace(result, ' of .*', ' of {time}') AS result
FROM each_scheme($$SELECT idtypes_rewind_clock('{name}', now() + interval '1 day')$$);
SELECT sqlerr($$SELECT idtypes_rewind_clock('uuidv4', now() + interval '1 day')$$);
SELECT DISTINCT result FROM each_scheme($$SELECT idtypes_rewind_clock('{name}', 'infinity')$$);
-- the isolation specs run next, and uid8's expects its clock not ahead of
-- the wall clock: let the wall clock pass the times the clocks were moved to
SELECT pg_sleep(1.5);
