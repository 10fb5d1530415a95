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

-- Every scheme's clock past the newest id of this server's stored in this
-- database, in one call (src/stored.c): after a logical dump restored, or
-- a cutover by logical replication.  Which columns hold this server's ids
-- is the caller's word: by default those whose default calls the scheme's
-- generator; columns names schemas, tables or columns (schema.table.column)
-- instead.  An id further ahead than idtypes.clock_max_ahead is reported
-- (beyond_limit) and not followed unless follow names its column.  It
-- reads the ids in C, as the caller (SELECT, and no row hidden by
-- row-level security), and runs no code of the tables' owners.  One row
-- per column and scheme read.  The same checks and grant as
-- idtypes_advance_clock(): movers only, idtypes.clock_max_ahead.
CREATE FUNCTION idtypes_advance_clocks_past_stored(
		columns pg_catalog.text[] DEFAULT NULL,
		follow pg_catalog.text[] DEFAULT NULL,
		OUT relation pg_catalog.regclass,
		OUT column_name pg_catalog.name,
		OUT scheme pg_catalog.text,
		OUT newest_id pg_catalog.text,
		OUT beyond_limit pg_catalog.bool,
		OUT followed_id pg_catalog.text,
		OUT outcome pg_catalog.text)
	RETURNS SETOF pg_catalog.record
	AS 'MODULE_PATHNAME', 'idtypes_advance_clocks_past_stored'
	LANGUAGE C VOLATILE CALLED ON NULL INPUT PARALLEL RESTRICTED SECURITY INVOKER ROWS 10;
COMMENT ON FUNCTION idtypes_advance_clocks_past_stored(pg_catalog.text[], pg_catalog.text[]) IS
	'moves every scheme''s clock past the newest id stored in the columns that hold this server''s ids (by default those whose default calls a generator); one row per column and scheme read';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored(pg_catalog.text[], pg_catalog.text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored(pg_catalog.text[], pg_catalog.text[]) TO @extowner@ WITH GRANT OPTION;

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
