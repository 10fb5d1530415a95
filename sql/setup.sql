--
-- setup: create the extension, check its operator classes, and create the
-- helpers the other regression files share.
--
-- (only the installer may create objects in public, the extension's
-- schema: the install has no warning to give, doc/operations.md, Security)
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

-- each_scheme(query [, filter]): the query run once for every scheme of
-- idtypes_schemes() (those whose row passes the filter, a condition on its
-- columns), with the scheme's own names in place of the placeholders
-- {name}, {type}, {label}, {width}, {gen}, {timestamp}, {floor}, {ceil},
-- {safe_bound}, {date_bin}, and {earliest} and {latest} (the times of its
-- first and last tick, as timestamptz literals in ISO form and UTC).  The result is the first
-- column of the query's first row as text, or the SQLSTATE and message of
-- its error, with the scheme's name, type and label written back as
-- placeholders: schemes that behave alike give the same text, so that a
-- file that iterates over the schemes has the same output whatever they
-- are.
CREATE FUNCTION each_scheme(query text, filter text DEFAULT 'true', OUT scheme text, OUT result text)
RETURNS SETOF record
LANGUAGE plpgsql AS $$
DECLARE
	s record;
	q text;
	w text;
BEGIN
	FOR s IN EXECUTE 'SELECT * FROM idtypes_schemes() WHERE ' || filter LOOP
		q := query;
		FOREACH w IN ARRAY ARRAY['name', 'type', 'label', 'width', 'gen', 'timestamp', 'floor', 'ceil',
								 'safe_bound', 'date_bin', 'earliest', 'latest'] LOOP
			q := replace(q, '{' || w || '}', CASE w
				WHEN 'name' THEN s.name WHEN 'type' THEN s.type WHEN 'label' THEN s.label
				WHEN 'width' THEN s.width::text WHEN 'gen' THEN s.generator_fn
				WHEN 'timestamp' THEN s.timestamp_fn WHEN 'floor' THEN s.floor_fn
				WHEN 'ceil' THEN s.ceil_fn WHEN 'safe_bound' THEN s.safe_bound_fn
				WHEN 'date_bin' THEN coalesce(s.date_bin_fn, 'no_date_bin')
				WHEN 'earliest' THEN quote_literal(to_char(s.earliest AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US+00')) || '::timestamptz'
				ELSE quote_literal(to_char(s.latest AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US+00')) || '::timestamptz' END);
		END LOOP;
		scheme := s.name;
		BEGIN
			EXECUTE q INTO result;
		EXCEPTION WHEN OTHERS THEN
			result := SQLSTATE || ': ' || SQLERRM;
		END;
		FOREACH w IN ARRAY ARRAY['name', 'label', 'type'] LOOP
			result := regexp_replace(result,
									 '(?<![A-Za-z0-9])' || CASE w WHEN 'name' THEN s.name WHEN 'label' THEN s.label ELSE s.type END
									 || '(?![A-Za-z0-9])', '{' || w || '}', 'g');
		END LOOP;
		RETURN NEXT;
	END LOOP;
	IF scheme IS NULL THEN
		RAISE EXCEPTION 'no scheme passes the filter %', filter;
	END IF;
END
$$;
