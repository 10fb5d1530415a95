--
-- setup: create the extension, check its operator classes, and create the
-- helpers the other regression files share.
--
-- only the installer may create objects in the extension's schema: the
-- default of PostgreSQL 15 and later, which older versions (where PUBLIC may
-- create in public) get here, so that the install has no warning to give on
-- any version (the install warns about writable schemas: doc/operations.md, Security)
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
CREATE EXTENSION idtypes;

-- every operator class of the extension validates (amvalidate reports the
-- problems it finds as INFO lines, which would show here)
SELECT opc.opcname, am.amname
FROM pg_opclass opc
JOIN pg_am am ON am.oid = opc.opcmethod
JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = opc.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
WHERE NOT amvalidate(opc.oid);

-- sqlerr(query): the SQLSTATE and message a query fails with, or 'ok'
CREATE FUNCTION sqlerr(query text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE query;
	RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END
$$;

-- opclass_check(table, column, predicate): run a predicate as a sequential
-- scan, an index scan and a bitmap scan, and say which plans were really used
-- and whether they returned the same rows
CREATE FUNCTION opclass_check(tab text, col text, pred text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	q text := format('SELECT coalesce(md5(string_agg(%I::text, '','' ORDER BY %I::text)), ''none'') || '' '' || count(*) FROM %I WHERE %s',
					 col, col, tab, pred);
	mode text;
	res text;
	plan text;
	line text;
	first text;
	used text[] := '{}';
BEGIN
	FOREACH mode IN ARRAY ARRAY['seqscan', 'indexscan', 'bitmapscan'] LOOP
		PERFORM set_config('enable_seqscan', (mode = 'seqscan')::text, true);
		PERFORM set_config('enable_indexscan', (mode = 'indexscan')::text, true);
		PERFORM set_config('enable_indexonlyscan', (mode = 'indexscan')::text, true);
		PERFORM set_config('enable_bitmapscan', (mode = 'bitmapscan')::text, true);
		plan := '';
		FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
			plan := plan || line || E'\n';
		END LOOP;
		IF (mode = 'seqscan' AND plan LIKE '%Seq Scan%')
			OR (mode = 'indexscan' AND plan ~ 'Index (Only )?Scan' AND plan NOT LIKE '%Bitmap%')
			OR (mode = 'bitmapscan' AND plan LIKE '%Bitmap Index Scan%') THEN
			used := used || mode;
		END IF;
		EXECUTE q INTO res;
		IF first IS NULL THEN
			first := res;
		ELSIF res <> first THEN
			RETURN format('DIFFERENT: %s returned %s, seqscan %s', mode, res, first);
		END IF;
	END LOOP;
	PERFORM set_config('enable_seqscan', 'on', true);
	PERFORM set_config('enable_indexscan', 'on', true);
	PERFORM set_config('enable_indexonlyscan', 'on', true);
	PERFORM set_config('enable_bitmapscan', 'on', true);
	RETURN format('%s rows, same by %s', split_part(first, ' ', 2), array_to_string(used, ', '));
END
$$;
