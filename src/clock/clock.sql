-- src/clock/clock.sql: what moves the schemes' server-wide clocks by hand
-- (src/clock/sql.c), by the scheme's name.  Each type's source moves its
-- clock past an id of the type: idtypes_advance_clock(past <type>).
-- src/stored.c moves every clock past the ids a database holds.

---------------------------------------------------------------------------
-- idtypes_advance_clock
---------------------------------------------------------------------------

-- The clock of a scheme past a time (or, in each type's source, of an id's
-- scheme past the id), so that every id generated afterwards sorts after
-- it: where no WAL carries the clocks to this server (a logical dump
-- restored, a platform without the preloaded library's WAL).  Never moves a clock back; returns the
-- time the clock then stands at.
CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) IS
	'moves the clock of a scheme (a name of idtypes_schemes()) past a time, never back; returns the time it stands at';
-- The clocks are every database's: like hlculid_observe(), callable by
-- superusers and members of the role idtypes.clock_mover_role names, and
-- no further ahead than idtypes.clock_max_ahead but by superusers (checked
-- in C); EXECUTE is the extension owner's to grant.
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) TO @extowner@ WITH GRANT OPTION;

---------------------------------------------------------------------------
-- idtypes_advance_clocks_past_stored
---------------------------------------------------------------------------

-- Every scheme's clock past the newest id stored in this database, in one
-- call (src/stored.c): after a logical dump restored, or a cutover
-- by logical replication.  It reads every column of the extension's types
-- and every uuid column (per UUID version), with domains and arrays, with
-- the caller's rights (SECURITY INVOKER: a table the caller cannot read is
-- an error); one row per column and scheme read, the newest id as text
-- (NULL when it holds none).  The same checks and grant as
-- idtypes_advance_clock(): movers only, idtypes.clock_max_ahead.
CREATE FUNCTION idtypes_advance_clocks_past_stored(
		OUT relation pg_catalog.regclass,
		OUT column_name pg_catalog.name,
		OUT scheme pg_catalog.text,
		OUT newest_id pg_catalog.text)
	RETURNS SETOF pg_catalog.record
	AS 'MODULE_PATHNAME', 'idtypes_advance_clocks_past_stored'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED SECURITY INVOKER ROWS 10;
COMMENT ON FUNCTION idtypes_advance_clocks_past_stored() IS
	'moves every scheme''s clock past the newest id stored in this database (columns of its types and uuid columns, domains and arrays); one row per column and scheme read, with its newest id';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored() TO @extowner@ WITH GRANT OPTION;

---------------------------------------------------------------------------
-- idtypes_rewind_clock
---------------------------------------------------------------------------

-- The way out of a clock moved too far ahead, or to the end of its range:
-- moves that one clock back so that the ids it generates afterwards have a
-- time just after past, durably (state file and WAL: standbys and crash
-- recovery follow); the other clocks keep their place.  Superusers only
-- (checked in C), on a primary; refuses a past before the system clock
-- plus idtypes.clock_max_ahead (doc/operations.md says what it gives up).
CREATE FUNCTION idtypes_rewind_clock(scheme pg_catalog.text, past pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_rewind_clock'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION idtypes_rewind_clock(pg_catalog.text, pg_catalog.timestamptz) IS
	'moves the clock of a scheme back to just after a time, for superusers: the way out of a clock moved too far ahead; returns the time it stands at';
REVOKE EXECUTE ON FUNCTION idtypes_rewind_clock(pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;
