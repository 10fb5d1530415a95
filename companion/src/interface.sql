-- companion/src/interface.sql: the companion's interface, in the schema it
-- is installed in (@extschema@).  Last in the install script: everything
-- before it is in @internal@ (idtypes_sql.sql, "Who owns what").
--
-- For each function of @internal@ that is not internal (its comment does
-- not start with "internal:"), a function of the same name, arguments,
-- defaults, result, volatility, strictness, parallel safety and comment,
-- whose body is SQL with a standard body that calls it: bound when it is
-- created, and inlined into the calling query where PostgreSQL inlines
-- (so the generators cost what they did).  One that returns void or a
-- record of OUT arguments is PL/pgSQL, its search path pinned, naming
-- only @internal@: an SQL function returns NULL for void when it is not
-- inlined, and one that returns a record never is.  One that PUBLIC may not call
-- (hlculid_observe(), the clock moves) is SECURITY DEFINER instead, with
-- its search path pinned, so that a role granted it needs no privilege in
-- @internal@; the role that installed the extension may call and grant it.
-- Then the views of the settings and the node identity, and the domain of
-- SimpleDB ids.

SET LOCAL search_path = pg_catalog, pg_temp;

DO $interface$
DECLARE
	f record;
	call text;
	plpgsql bool;
BEGIN
	FOR f IN
		SELECT p.oid, p.proname, p.pronargs, p.provolatile, p.proisstrict, p.proparallel,
			   has_function_privilege('public', p.oid, 'EXECUTE') AS public_may_call,
			   (SELECT string_agg(quote_ident(a.name), ', ' ORDER BY a.i)
				  FROM unnest(p.proargnames, p.proargmodes) WITH ORDINALITY a(name, mode, i) WHERE a.mode = 'o') AS outs,
			   pg_get_function_arguments(p.oid) AS args, pg_get_function_result(p.oid) AS result,
			   obj_description(p.oid, 'pg_proc') AS comment
		FROM pg_proc p
		WHERE p.pronamespace OPERATOR(pg_catalog.=) '@internal@'::regnamespace
		  AND NOT starts_with(COALESCE(obj_description(p.oid, 'pg_proc'), 'internal:'), 'internal:')
		ORDER BY p.proname, p.oid
	LOOP
		call := format('@internal@.%I(%s)', f.proname,
					   (SELECT string_agg('$' || i, ', ' ORDER BY i) FROM generate_series(1, f.pronargs) i));
		plpgsql := f.result = 'void' OR f.outs IS NOT NULL;
		EXECUTE format('CREATE FUNCTION @extschema@.%I(%s) RETURNS %s LANGUAGE %s %s %s PARALLEL %s %s %s',
			f.proname, f.args, f.result, CASE WHEN plpgsql THEN 'plpgsql' ELSE 'sql' END,
			CASE f.provolatile WHEN 'i' THEN 'IMMUTABLE' WHEN 's' THEN 'STABLE' ELSE 'VOLATILE' END,
			CASE WHEN f.proisstrict THEN 'STRICT' ELSE 'CALLED ON NULL INPUT' END,
			CASE f.proparallel WHEN 's' THEN 'SAFE' WHEN 'r' THEN 'RESTRICTED' ELSE 'UNSAFE' END,
			CASE WHEN f.public_may_call THEN '' ELSE 'SECURITY DEFINER' END
			|| CASE WHEN f.public_may_call AND NOT plpgsql THEN '' ELSE ' SET search_path = pg_catalog, pg_temp' END,
			CASE WHEN f.outs IS NOT NULL THEN format('AS %L', format('BEGIN SELECT * INTO %s FROM %s; END', f.outs, call))
				 WHEN plpgsql THEN format('AS %L', format('BEGIN PERFORM %s; END', call))
				 ELSE 'RETURN ' || call END);
		EXECUTE format('COMMENT ON FUNCTION @extschema@.%I(%s) IS %L', f.proname, pg_get_function_identity_arguments(f.oid),
			f.comment);
		IF NOT f.public_may_call THEN
			EXECUTE format('REVOKE EXECUTE ON FUNCTION @extschema@.%I(%s) FROM PUBLIC', f.proname,
				pg_get_function_identity_arguments(f.oid));
		END IF;
	END LOOP;
END
$interface$;

-- the role that installed the extension calls and grants what PUBLIC may
-- not (a plain install's owner may already)
GRANT EXECUTE ON FUNCTION @extschema@.hlculid_observe(pg_catalog.uuid) TO @extowner@ WITH GRANT OPTION; -- extension only
GRANT EXECUTE ON FUNCTION @extschema@.idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) TO @extowner@ WITH GRANT OPTION; -- extension only
GRANT EXECUTE ON FUNCTION @extschema@.idtypes_advance_clock(pg_catalog.text, pg_catalog.uuid) TO @extowner@ WITH GRANT OPTION; -- extension only
GRANT EXECUTE ON FUNCTION @extschema@.idtypes_advance_clock(pg_catalog.text, pg_catalog.int8) TO @extowner@ WITH GRANT OPTION; -- extension only
GRANT EXECUTE ON FUNCTION @extschema@.idtypes_advance_clock(pg_catalog.text, pg_catalog.bytea) TO @extowner@ WITH GRANT OPTION; -- extension only

-- The settings, as a view that the role that installed the extension
-- updates (UPDATE, or an INSERT that replaces the row); and the identity
-- in effect.
CREATE VIEW @extschema@.idtypes_sql_settings AS SELECT * FROM @internal@.idtypes_sql_settings;
COMMENT ON VIEW @extschema@.idtypes_sql_settings IS
	'the node identity and clock mode of the idtypes_sql companion in this database (one row; the role that installed it may update it)';
GRANT SELECT ON @extschema@.idtypes_sql_settings TO PUBLIC;
GRANT INSERT, UPDATE ON @extschema@.idtypes_sql_settings TO @extowner@; -- extension only
CREATE VIEW @extschema@.idtypes_node_identity AS SELECT * FROM @internal@.idtypes_node_identity;
COMMENT ON VIEW @extschema@.idtypes_node_identity IS
	'node identity of this database in generated ids, its clock mode, and where each comes from';
GRANT SELECT ON @extschema@.idtypes_node_identity TO PUBLIC;

-- the SimpleDB id characters; COLLATE "C" so that the character ranges are
-- byte ranges whatever the database's collation
CREATE DOMAIN @extschema@.simpledb_id AS pg_catalog.text
	CONSTRAINT simpledb_id_check
	CHECK (VALUE COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^[A-Za-z0-9_-]+$');
COMMENT ON DOMAIN @extschema@.simpledb_id IS 'SimpleDB id: one or more of A-Z, a-z, 0-9, _ and -';
