-- idtypes_sql_pg_uuidv7-pgtle.sql: pg_uuidv7's names 1.0.0 over the idtypes_sql companion
-- as a pg_tle extension, for a server with pg_tle where the companion is
-- registered (companion/idtypes_sql-pgtle.sql).  Run it as a member of
-- pgtle_admin, from any client; then, as any role that may create it:
--
--   CREATE EXTENSION idtypes_sql_pg_uuidv7;
--
-- Built by make from pg_uuidv7/names.sql (pg_uuidv7/build.sh): edit that,
-- not this file.
SELECT pgtle.install_extension('idtypes_sql_pg_uuidv7', '1.0.0', 'pg_uuidv7''s functions (uuid_generate_v7() and its conversions) on the idtypes_sql companion''s UUIDv7 clock', $_idtypes_sql_pg_uuidv7_pgtle_$
/* idtypes_sql_pg_uuidv7--1.0.0.sql */

-- Built by make from pg_uuidv7/names.sql (pg_uuidv7/build.sh): edit that,
-- not this file.

\echo Use "CREATE EXTENSION idtypes_sql_pg_uuidv7" to load this file. \quit

DO $idtypes_sql_pg_uuidv7$
DECLARE
	target pg_catalog.text;
	parallel pg_catalog.text;
BEGIN
	SELECT pg_catalog.quote_ident(n.nspname) INTO STRICT target
	  FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
	 WHERE e.extname OPERATOR(pg_catalog.=) 'idtypes_sql';
	SELECT CASE p.proparallel WHEN 's' THEN 'SAFE' WHEN 'r' THEN 'RESTRICTED' ELSE 'UNSAFE' END INTO parallel
	  FROM pg_catalog.pg_proc p WHERE p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(target OPERATOR(pg_catalog.||) '.uuidv7_next()');
	EXECUTE pg_catalog.replace(pg_catalog.replace(pg_catalog.replace($names$

CREATE FUNCTION @extschema@.uuid_generate_v7() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL @parallel@
RETURN @idtypes@.uuidv7_next();
COMMENT ON FUNCTION @extschema@.uuid_generate_v7() IS
	'pg_uuidv7''s name for uuidv7_next(): a new UUIDv7 of the server''s v7 clock';

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
$names$, '@idtypes@', target), '@parallel@', parallel), '@extschema@', '@extschema@');
END
$idtypes_sql_pg_uuidv7$;
$_idtypes_sql_pg_uuidv7_pgtle_$, '{idtypes_sql}');
