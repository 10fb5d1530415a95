-- src/idtypes.sql: what belongs to the extension as a whole: the guard
-- against running the script by hand, the check of the target schema, and
-- the list of the schemes (src/scheme.c).
-- First in the install script: the node identity and the schemes' sources
-- follow (the Makefile's SQL_SOURCES).

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION idtypes" to load this file. \quit

-- Every reference to a built-in object is qualified with pg_catalog, so that
-- objects in the target schema or pg_temp cannot capture it.

-- The rules every source follows: each COMMENT ON right after the object it
-- describes; each C function naming its symbol (AS 'MODULE_PATHNAME',
-- 'symbol'); and every function that takes from or moves an id clock (the
-- generators, the clocks' functions, the safe bounds) PARALLEL RESTRICTED:
-- without shared_preload_libraries the clock is the backend's own state
-- (its last value, which keeps its ids increasing when the system clock
-- steps back), which a parallel worker would not share.

---------------------------------------------------------------------------
-- the target schema
---------------------------------------------------------------------------

-- A role that can create objects in the extension's schema can add
-- overloads there (muid_floor(text), say) that capture calls with untyped
-- literals made by every other role, the installer and superusers included.
-- Say so at install time, naming the roles (PUBLIC when every role can).
-- A warning, not an error: the public schema of PostgreSQL 14 and older is
-- writable by PUBLIC by default, where refusing would refuse the ordinary
-- install; doc/operations.md (Security) says which schemas are safe.
DO $check_schema$
DECLARE
	nsp pg_catalog.oid;
	installer pg_catalog.oid;
	writers pg_catalog.text;
BEGIN
	SELECT e.extnamespace, e.extowner INTO nsp, installer
	  FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'idtypes';
	IF EXISTS (SELECT FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
				WHERE n.oid OPERATOR(pg_catalog.=) nsp
				  AND a.grantee OPERATOR(pg_catalog.=) 0
				  AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE') THEN
		writers := 'PUBLIC';
	ELSE
		SELECT pg_catalog.string_agg(pg_catalog.quote_ident(r.rolname), ', ' ORDER BY r.rolname)
		  INTO writers
		  FROM pg_catalog.pg_roles r
		 WHERE r.rolcanlogin AND NOT r.rolsuper
		   AND r.oid OPERATOR(pg_catalog.<>) installer
		   AND pg_catalog.has_schema_privilege(r.oid, nsp, 'CREATE');
	END IF;
	IF writers IS NOT NULL THEN
		RAISE WARNING 'schema % of extension idtypes can be written by roles other than the one installing it: %',
			nsp::pg_catalog.regnamespace, writers
			USING DETAIL = 'Those roles can create functions and operators there that capture calls to the extension''s functions with untyped arguments, made by any role.',
				  HINT = 'Install idtypes in a schema that only the installer (or superusers) can create objects in, or revoke CREATE on the schema from those roles.';
	END IF;
END
$check_schema$;

---------------------------------------------------------------------------
-- the schemes
---------------------------------------------------------------------------

-- the table of the schemes (src/scheme.h), one row each in the canonical
-- order: what the extension's tests iterate over, and what a query can
-- find out about a scheme (date_bin_fn is NULL where it has no time bins)
CREATE FUNCTION idtypes_schemes(
		OUT name pg_catalog.text,
		OUT label pg_catalog.text,
		OUT type pg_catalog.text,
		OUT width pg_catalog.int4,
		OUT uuid_version pg_catalog.int4,
		OUT tick_ns pg_catalog.int8,
		OUT earliest pg_catalog.timestamptz,
		OUT latest pg_catalog.timestamptz,
		OUT generator_fn pg_catalog.text,
		OUT timestamp_fn pg_catalog.text,
		OUT floor_fn pg_catalog.text,
		OUT ceil_fn pg_catalog.text,
		OUT safe_bound_fn pg_catalog.text,
		OUT date_bin_fn pg_catalog.text)
	RETURNS SETOF pg_catalog.record
	AS 'MODULE_PATHNAME', 'idtypes_schemes'
	LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 10;
COMMENT ON FUNCTION idtypes_schemes() IS
	'the schemes of idtypes: name (of its clock), type, width in bytes, UUID version, tick in nanoseconds, start of the first and of the last tick, and SQL functions';
