-- upgrade/names.sql: from 0.1.0, the new names of the functions on core
-- uuid whose names clashed with what other software puts into the same
-- schema (TimescaleDB's uuid_timestamp(uuid) and uuid_version(uuid),
-- hand-written gen_uuidv7()): every function of idtypes on core uuid now
-- starts with uuidv.  A rename keeps each function's oid, so the column
-- defaults, indexes and views that use one follow it; the C symbols are
-- unchanged.  Names are unqualified: the script runs with the extension's
-- schema first on search_path, and @extschema@ is not substituted in a
-- relocatable extension's scripts.

ALTER FUNCTION gen_uuidv6() RENAME TO uuidv6_next;
ALTER FUNCTION gen_uuidv7() RENAME TO uuidv7_next;
ALTER FUNCTION gen_uuidv7(pg_catalog.timestamptz) RENAME TO uuidv7_at;
ALTER FUNCTION gen_uuidv8() RENAME TO uuidv8_next;
ALTER FUNCTION uuid_version(pg_catalog.uuid) RENAME TO uuidv_version;
ALTER FUNCTION uuid_timestamp(pg_catalog.uuid) RENAME TO uuidv_timestamp;
ALTER FUNCTION uuid_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) RENAME TO uuidv_date_bin;

-- comments that name a renamed function
COMMENT ON FUNCTION uuidv8_timestamp(pg_catalog.uuid) IS
	'timestamp of a UUIDv8 made by uuidv8_next(), to the microsecond (NULL for other versions)';
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest uuidv8_next() UUID of a microsecond';
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest uuidv8_next() UUID of a microsecond';

-- PostgreSQL 18's uuidv7(shift interval), on every version
CREATE FUNCTION uuidv7_next(shift pg_catalog.interval) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'gen_uuidv7_shifted'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_next(pg_catalog.interval) IS
	'new UUIDv7 as uuidv7_next(), its time shifted by the interval (as PostgreSQL 18''s uuidv7(shift))';
