-- companion/schema-check.sql: the first statement of the scripts that
-- install into a schema of the installer's choice without CREATE EXTENSION
-- (the companion's single file and psql script, the single file of
-- pg_uuidv7's names; their build.sh puts it there): the schema that gets
-- the functions that other roles call (@extschema@, created by the script
-- if it did not exist) must belong to the installing role (public,
-- pg_database_owner's, to the database's owner), and no other role may
-- create objects in it; else another role could drop, rename or shadow
-- (with a closer overload) the functions that every caller runs.
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
