-- idtypes_sql_pg_uuidv7-install.sql: pg_uuidv7's names (uuid_generate_v7() and its
-- conversions) 1.0.0 on the idtypes_sql companion installed without
-- CREATE EXTENSION (companion/idtypes_sql-install.sql or idtypes_sql.sql),
-- from any client: send the whole file as one query, or psql -f it.
--
-- Installs them into public, as the role that installed the companion
-- (public must be the database owner's, and no other role may create
-- objects in it).  Sent again, it changes nothing (a NOTICE says so).
-- Where public holds pg_uuidv7's own functions it refuses (42723).  Built by
-- make from pg_uuidv7/names.sql (pg_uuidv7/build.sh): edit that, not this
-- file.
DO $idtypes_sql_pg_uuidv7_install$
DECLARE
	internal pg_catalog.oid := pg_catalog.to_regnamespace('idtypes_sql_internal');
	target pg_catalog.text;
	parallel pg_catalog.text;
BEGIN
	IF EXISTS (SELECT FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'idtypes_sql') THEN
		RAISE EXCEPTION 'idtypes_sql is installed here as an extension' USING ERRCODE = '55000',
			HINT = 'Install pg_uuidv7''s names with CREATE EXTENSION idtypes_sql_pg_uuidv7.';
	END IF;
	IF internal IS NULL THEN
		RAISE EXCEPTION 'idtypes_sql is not installed here' USING ERRCODE = '55000',
			HINT = 'Install it first: companion/idtypes_sql-install.sql.';
	END IF;
	IF (SELECT n.nspowner FROM pg_catalog.pg_namespace n WHERE n.nspname OPERATOR(pg_catalog.=) 'idtypes_sql_internal')
	   OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) current_user) THEN
		RAISE EXCEPTION 'schema idtypes_sql_internal belongs to role %, not to %',
			(SELECT pg_catalog.pg_get_userbyid(n.nspowner) FROM pg_catalog.pg_namespace n
			  WHERE n.nspname OPERATOR(pg_catalog.=) 'idtypes_sql_internal'), current_user
			USING ERRCODE = '42501',
			HINT = 'Only the role that installed the companion installs over it; another role''s schema of this name is not the companion.';
	END IF;
	-- the companion's interface: the schema of the uuidv7_next() that calls
	-- the internal one
	SELECT pg_catalog.quote_ident(n.nspname) INTO STRICT target
	  FROM pg_catalog.pg_depend d
	  JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) d.objid
	  JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) p.pronamespace
	 WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
	   AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
	   AND d.refobjid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('idtypes_sql_internal.uuidv7_next()')
	   AND p.proname OPERATOR(pg_catalog.=) 'uuidv7_next' AND p.pronargs OPERATOR(pg_catalog.=) 0
	   AND p.pronamespace OPERATOR(pg_catalog.<>) internal;
	IF pg_catalog.to_regprocedure('public.uuid_generate_v7()') IS NOT NULL THEN
		IF EXISTS (SELECT FROM pg_catalog.pg_depend d
					WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
					  AND d.objid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('public.uuid_generate_v7()')
					  AND d.refobjid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(target OPERATOR(pg_catalog.||) '.uuidv7_next()')) THEN
			RAISE NOTICE 'pg_uuidv7''s names 1.0.0 are installed in public already: nothing to do';
			RETURN;
		END IF;
		RAISE EXCEPTION 'function public.uuid_generate_v7() exists and is not the companion''s' USING ERRCODE = '42723',
			HINT = 'Is pg_uuidv7 installed in public?  Its functions and these cannot share a schema.';
	END IF;
	EXECUTE pg_catalog.replace($names$
DO $idtypes_sql_schema_check$
DECLARE
	schema_owner pg_catalog.oid;
	creators pg_catalog.text;
BEGIN
	-- public belongs to pg_database_owner: to the database's owner
	SELECT CASE n.nspowner WHEN 'pg_database_owner'::pg_catalog.regrole THEN d.datdba ELSE n.nspowner END
	  INTO schema_owner
	  FROM pg_catalog.pg_namespace n, pg_catalog.pg_database d
	 WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')
	   AND d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database();
	IF schema_owner IS DISTINCT FROM (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) current_user) THEN
		RAISE EXCEPTION 'schema @extschema@ belongs to role %, not to %',
			(SELECT pg_catalog.pg_get_userbyid(n.nspowner) FROM pg_catalog.pg_namespace n
			  WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')), current_user
			USING ERRCODE = '42501',
			DETAIL = 'Its owner could replace the functions installed there with functions of her own, which every role that calls them would run.',
			HINT = 'Install into a schema of your own, or let the schema''s owner install.';
	END IF;
	SELECT pg_catalog.string_agg(g.name, ', ' ORDER BY g.name COLLATE pg_catalog."C")
	  INTO creators
	  FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a,
		   LATERAL (SELECT CASE a.grantee WHEN 0 THEN 'PUBLIC'
				   ELSE pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text END) g(name)
	 WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')
	   AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'
	   AND a.grantee OPERATOR(pg_catalog.<>) ALL (ARRAY[n.nspowner, schema_owner]);
	IF creators IS NOT NULL THEN
		RAISE EXCEPTION 'other roles may create objects in schema @extschema@: %', creators USING ERRCODE = '42501',
			DETAIL = 'They could shadow the functions installed there with overloads of their own, which every role that calls them would run.',
			HINT = 'REVOKE CREATE ON SCHEMA @extschema@ FROM them, or install into another schema.';
	END IF;
END
$idtypes_sql_schema_check$;
$names$, '@extschema@', 'public');
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
$names$, '@idtypes@', target), '@parallel@', parallel), '@extschema@', 'public');
END
$idtypes_sql_pg_uuidv7_install$;
