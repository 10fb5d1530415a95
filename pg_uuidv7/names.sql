-- pg_uuidv7/names.sql: pg_uuidv7's functions (those of its release 1.7),
-- on idtypes' UUIDv7 clock and conversions.  build.sh writes it into the
-- scripts that install it beside the C extension (idtypes_pg_uuidv7) or
-- the companion (idtypes_sql_pg_uuidv7, and the single file for a
-- companion installed without CREATE EXTENSION).
--
-- @extschema@ is the schema that gets these names, @idtypes@ the schema of
-- the extension they call (quoted), @parallel@ the parallel safety of its
-- uuidv7_next().  Every function is SQL with a standard body: bound to
-- idtypes' functions when created, whatever the search path at a call, and
-- inlined where PostgreSQL inlines.  Every built-in is qualified, every
-- operator has operands of exactly a built-in operator's types.

-- A new UUIDv7: the next tick of the server's v7 clock (strictly
-- increasing across the server, 12-bit sub-millisecond fraction, 62
-- random bits), where pg_uuidv7 takes the wall clock's millisecond and
-- 74 random bits.
CREATE FUNCTION @extschema@.uuid_generate_v7() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL @parallel@
RETURN @idtypes@.uuidv7_next();
COMMENT ON FUNCTION @extschema@.uuid_generate_v7() IS
	'pg_uuidv7''s name for uuidv7_next(): a new UUIDv7 of the server''s v7 clock';

-- The millisecond of a v7 (the fraction under it only orders, as for
-- uuidv_timestamp()); NULL for a UUID of another version, where pg_uuidv7
-- reads a time from any 16 bytes.
CREATE FUNCTION @extschema@.uuid_v7_to_timestamptz(pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN @idtypes@.uuidv_version($1) OPERATOR(pg_catalog.=) 7::pg_catalog.int2 THEN @idtypes@.uuidv_timestamp($1) END;
COMMENT ON FUNCTION @extschema@.uuid_v7_to_timestamptz(pg_catalog.uuid) IS
	'pg_uuidv7''s name: the timestamp of a UUIDv7, to the millisecond (NULL for other versions)';

CREATE FUNCTION @extschema@.uuid_v7_to_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamp
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.timezone('UTC'::pg_catalog.text, @extschema@.uuid_v7_to_timestamptz($1));
COMMENT ON FUNCTION @extschema@.uuid_v7_to_timestamp(pg_catalog.uuid) IS
	'pg_uuidv7''s name: the timestamp of a UUIDv7 in UTC, to the millisecond (NULL for other versions)';

-- A v7 of a time: with zero, the first v7 of its millisecond (the
-- fraction and the random bits zero: the lower bound of a range); without,
-- as uuidv7_at() (its millisecond and fraction, 62 random bits).  STABLE,
-- as pg_uuidv7's, though random without zero: so that a query's bound is
-- computed once and an index scans it.  22008 outside the v7 range
-- (1970 to 10889), where pg_uuidv7's bits wrap.
CREATE FUNCTION @extschema@.uuid_timestamptz_to_v7(pg_catalog.timestamptz, zero pg_catalog.bool DEFAULT false)
	RETURNS pg_catalog.uuid
	LANGUAGE sql STABLE STRICT PARALLEL SAFE
RETURN CASE WHEN zero THEN @idtypes@.uuidv7_floor(pg_catalog.date_trunc('milliseconds'::pg_catalog.text, $1))
	ELSE @idtypes@.uuidv7_at($1) END;
COMMENT ON FUNCTION @extschema@.uuid_timestamptz_to_v7(pg_catalog.timestamptz, pg_catalog.bool) IS
	'pg_uuidv7''s name: a UUIDv7 of the time (with zero, the first of its millisecond)';

CREATE FUNCTION @extschema@.uuid_timestamp_to_v7(pg_catalog.timestamp, zero pg_catalog.bool DEFAULT false)
	RETURNS pg_catalog.uuid
	LANGUAGE sql STABLE STRICT PARALLEL SAFE
RETURN @extschema@.uuid_timestamptz_to_v7(pg_catalog.timezone('UTC'::pg_catalog.text, $1), zero);
COMMENT ON FUNCTION @extschema@.uuid_timestamp_to_v7(pg_catalog.timestamp, pg_catalog.bool) IS
	'pg_uuidv7''s name: a UUIDv7 of the time taken as UTC (with zero, the first of its millisecond)';
