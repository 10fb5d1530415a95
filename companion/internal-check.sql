-- companion/internal-check.sql: a statement of the DO blocks of the plain
-- installs that find the companion's internal schema by its name (the
-- companion's single file, before it reads the installed version, and the
-- single file of pg_uuidv7's names, before it installs over it; their
-- build.sh puts it there): a schema idtypes_sql_internal must belong to
-- the installing role.  Another role's schema of that name is not the
-- companion: its functions are hers, and whatever they answer is.
	IF (SELECT n.nspowner FROM pg_catalog.pg_namespace n WHERE n.nspname OPERATOR(pg_catalog.=) 'idtypes_sql_internal')
	   OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) current_user) THEN
		RAISE EXCEPTION 'schema idtypes_sql_internal belongs to role %, not to %',
			(SELECT pg_catalog.pg_get_userbyid(n.nspowner) FROM pg_catalog.pg_namespace n
			  WHERE n.nspname OPERATOR(pg_catalog.=) 'idtypes_sql_internal'), current_user
			USING ERRCODE = '42501',
			HINT = 'Only the role that installed the companion installs over it; another role''s schema of this name is not the companion.';
	END IF;
