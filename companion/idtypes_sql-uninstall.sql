-- idtypes_sql-uninstall.sql: removes the idtypes_sql companion that
-- idtypes_sql-install.sql or idtypes_sql.sql (psql) installed in this
-- database, from any client: send the whole file as one query, or psql -f.
--
-- Removes every object of the companion: the schema idtypes_sql_internal
-- with everything in it, and in the schema of its interface its functions,
-- its two views and its domain (and that schema, if nothing else is left
-- in it).  Refuses (2BP01), naming them, while anything else depends on
-- one of them: a column default, an index, a view, a constraint or a
-- function of yours; drop or change those first.  Run as the role that
-- installed it (or a superuser), in one statement: all or nothing.  An
-- install by CREATE EXTENSION is removed by DROP EXTENSION idtypes_sql.
DO $idtypes_sql_uninstall$
DECLARE
	internal pg_catalog.oid := pg_catalog.to_regnamespace('idtypes_sql_internal');
	interface pg_catalog.oid;
	dependents pg_catalog.text;
	o record;
BEGIN
	SET LOCAL search_path = pg_catalog, pg_temp;
	IF EXISTS (SELECT FROM pg_extension WHERE extname = 'idtypes_sql') THEN
		RAISE EXCEPTION 'idtypes_sql is installed here as an extension' USING ERRCODE = '55000',
			HINT = 'Remove it with DROP EXTENSION idtypes_sql.';
	END IF;
	IF internal IS NULL THEN
		RAISE NOTICE 'idtypes_sql is not installed here: nothing to do';
		RETURN;
	END IF;
	-- the schema of the interface: that of the view of the settings
	SELECT c.relnamespace INTO interface
	FROM pg_class c JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass
		 JOIN pg_rewrite r ON r.oid = d.objid AND r.ev_class = c.oid
	WHERE c.relname = 'idtypes_sql_settings' AND c.relkind = 'v'
	  AND d.refclassid = 'pg_class'::regclass
	  AND d.refobjid = 'idtypes_sql_internal.idtypes_sql_settings'::regclass
	LIMIT 1;

	-- the companion's objects: everything in idtypes_sql_internal, and in
	-- the interface's schema the functions named as one of it with the same
	-- arguments, the two views and the domain
	CREATE TEMP TABLE idtypes_sql_objects ON COMMIT DROP AS
	SELECT 'pg_proc'::regclass AS classid, p.oid AS objid
	FROM pg_proc p
	WHERE p.pronamespace = internal
	   OR (p.pronamespace = interface
		   AND EXISTS (SELECT FROM pg_proc i WHERE i.pronamespace = internal AND i.proname = p.proname
						 AND i.proargtypes = p.proargtypes))
	UNION ALL
	SELECT 'pg_class'::regclass, c.oid FROM pg_class c
	WHERE c.relnamespace = internal
	   OR (c.relnamespace = interface AND c.relname IN ('idtypes_sql_settings', 'idtypes_node_identity') AND c.relkind = 'v')
	UNION ALL
	SELECT 'pg_type'::regclass, t.oid FROM pg_type t
	WHERE t.typnamespace = internal OR (t.typnamespace = interface AND t.typname = 'simpledb_id');

	-- what depends on them and is not theirs (a part of a relation, a
	-- type or a rule belongs to its relation or type)
	SELECT string_agg(x.what, '; ' ORDER BY x.what COLLATE "C") INTO dependents
	FROM (
	SELECT DISTINCT CASE WHEN rw.oid IS NULL THEN pg_describe_object(d.classid, d.objid, d.objsubid)
						 ELSE pg_describe_object('pg_class'::regclass, rw.ev_class, 0) END AS what
	FROM pg_depend d
	JOIN idtypes_sql_objects r ON r.classid = d.refclassid AND r.objid = d.refobjid
	LEFT JOIN pg_attrdef ad ON d.classid = 'pg_attrdef'::regclass AND ad.oid = d.objid
	LEFT JOIN pg_trigger tg ON d.classid = 'pg_trigger'::regclass AND tg.oid = d.objid
	LEFT JOIN pg_rewrite rw ON d.classid = 'pg_rewrite'::regclass AND rw.oid = d.objid
	LEFT JOIN pg_constraint cn ON d.classid = 'pg_constraint'::regclass AND cn.oid = d.objid
	LEFT JOIN pg_type ty ON d.classid = 'pg_type'::regclass AND ty.oid = d.objid
	WHERE d.deptype IN ('n', 'a')
	  AND NOT EXISTS (
		SELECT FROM idtypes_sql_objects ob
		WHERE (ob.classid = d.classid AND ob.objid = d.objid)
		   OR (ob.classid = 'pg_class'::regclass
			   AND ob.objid IN (ad.adrelid, tg.tgrelid, rw.ev_class, cn.conrelid, ty.typrelid))
		   OR (ob.classid = 'pg_type'::regclass AND ob.objid IN (cn.contypid, ty.typelem, ty.typbasetype)))) x;
	IF dependents IS NOT NULL THEN
		RAISE EXCEPTION 'cannot remove idtypes_sql: other objects depend on it' USING ERRCODE = '2BP01',
			DETAIL = dependents,
			HINT = 'Drop or change those objects first (a default that calls a generator, an index or a view on its functions).';
	END IF;

	-- the interface (its views first), then the rest with its schema
	FOR o IN
		SELECT classid, objid FROM idtypes_sql_objects
		WHERE (classid = 'pg_class'::regclass AND objid IN (SELECT oid FROM pg_class WHERE relnamespace = interface))
		   OR (classid = 'pg_proc'::regclass AND objid IN (SELECT oid FROM pg_proc WHERE pronamespace = interface))
		   OR (classid = 'pg_type'::regclass AND objid IN (SELECT oid FROM pg_type WHERE typnamespace = interface))
		ORDER BY classid = 'pg_class'::regclass DESC, classid = 'pg_proc'::regclass DESC
	LOOP
		EXECUTE CASE o.classid
			WHEN 'pg_class'::regclass THEN format('DROP VIEW %s', o.objid::regclass)
			WHEN 'pg_proc'::regclass THEN format('DROP FUNCTION %s', o.objid::regprocedure)
			ELSE format('DROP DOMAIN %s', o.objid::regtype) END;
	END LOOP;
	SET LOCAL client_min_messages = warning;
	DROP SCHEMA idtypes_sql_internal CASCADE;
	IF interface IS NOT NULL
	   AND NOT EXISTS (SELECT FROM pg_depend WHERE refclassid = 'pg_namespace'::regclass AND refobjid = interface) THEN
		EXECUTE format('DROP SCHEMA %s', interface::regnamespace);
	END IF;
	RESET client_min_messages;
	RAISE NOTICE 'idtypes_sql removed';
END
$idtypes_sql_uninstall$;
