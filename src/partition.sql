-- src/partition.sql: the partitioning helper, over the id types of every
-- scheme (their floor functions), so after their sources.

---------------------------------------------------------------------------
-- partitioning helper
---------------------------------------------------------------------------

-- The range partitions of a table partitioned by range on one id column that
-- cover [from, to) in steps of step, with the bounds of each from the key
-- type's floor function, and the statement that creates it.  PL/pgSQL for
-- the dynamic calls: the extension is relocatable, so the floor functions
-- are called in whatever schema it is in now.  The search path is pinned to
-- pg_catalog (then pg_temp), so nothing in another schema can capture the
-- catalogs, functions and operators the body names.
CREATE FUNCTION idtypes_range_partitions(
	parent pg_catalog.regclass,
	"from" pg_catalog.timestamptz,
	"to" pg_catalog.timestamptz,
	step pg_catalog.interval DEFAULT '1 month',
	OUT partition_name pg_catalog.text,
	OUT starts pg_catalog.timestamptz,
	OUT ends pg_catalog.timestamptz,
	OUT lower_bound pg_catalog.text,
	OUT upper_bound pg_catalog.text,
	OUT ddl pg_catalog.text)
	RETURNS SETOF record
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	strategy "char";
	nkeys int2;
	keycol int2;
	keytype oid;
	ext_oid oid;
	ext_nsp name;
	key_types text;
	floor_fn name;
	parent_nsp name;
	parent_name name;
	suffix_format text;
	k int := 0;
BEGIN
	SELECT p.partstrat, p.partnatts, p.partattrs[0]
	  INTO strategy, nkeys, keycol
	  FROM pg_partitioned_table p WHERE p.partrelid = parent;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'table "%" is not partitioned', parent
			USING ERRCODE = 'wrong_object_type';
	END IF;
	IF strategy <> 'r' OR nkeys <> 1 OR keycol = 0 THEN
		RAISE EXCEPTION 'table "%" is not partitioned by range on one column', parent
			USING ERRCODE = 'wrong_object_type';
	END IF;

	SELECT a.atttypid INTO keytype
	  FROM pg_attribute a WHERE a.attrelid = parent AND a.attnum = keycol;
	SELECT e.oid, e.extnamespace::regnamespace::name INTO ext_oid, ext_nsp
	  FROM pg_extension e WHERE e.extname = 'idtypes';
	-- The id types are those with a floor function of the extension,
	-- <type>_floor(timestamptz) returning the type (for core's uuid, v7's
	-- uuidv7_floor()): read from the catalog, so that every scheme's type
	-- is taken without a list of them here.
	SELECT p.proname INTO floor_fn
	  FROM pg_proc p
	  JOIN pg_type t ON t.oid = p.prorettype
	  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
		   AND d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext_oid AND d.deptype = 'e'
	 WHERE p.prorettype = keytype
	   AND p.pronargs = 1 AND p.proargtypes[0] = 'pg_catalog.timestamptz'::regtype
	   AND p.proname = CASE WHEN t.oid = 'pg_catalog.uuid'::regtype THEN 'uuidv7_floor'
							ELSE t.typname || '_floor' END;
	IF floor_fn IS NULL THEN
		SELECT string_agg(t.typname, ', ' ORDER BY p.oid) INTO key_types
		  FROM pg_proc p
		  JOIN pg_type t ON t.oid = p.prorettype
		  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
			   AND d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext_oid AND d.deptype = 'e'
		 WHERE p.pronargs = 1 AND p.proargtypes[0] = 'pg_catalog.timestamptz'::regtype
		   AND p.proname = CASE WHEN t.oid = 'pg_catalog.uuid'::regtype THEN 'uuidv7_floor'
								ELSE t.typname || '_floor' END;
		RAISE EXCEPTION 'the partition key of table "%" is of type %, not an id type of idtypes',
			parent, keytype::regtype
			USING ERRCODE = 'datatype_mismatch',
				  HINT = format('The key must be of one of the types %s.', key_types);
	END IF;

	-- every part of the step (months, days, time) at least zero and one
	-- above, so that every bound is strictly later than the one before it
	-- (a step like '1 mon -30 days' moves some bounds back)
	IF "from" + step <= "from" THEN
		RAISE EXCEPTION 'step must be greater than zero'
			USING ERRCODE = 'invalid_parameter_value';
	END IF;
	IF extract(year FROM step) * 12 + extract(month FROM step) < 0
	   OR extract(day FROM step) < 0
	   OR step - date_trunc('day', step) < interval '0' THEN
		RAISE EXCEPTION 'step must not have a negative part'
			USING ERRCODE = 'invalid_parameter_value',
				  DETAIL = format('The step %s has parts of both signs, so some partitions would end before they start.', step);
	END IF;
	-- partition names end with the start of their range, to the step's unit
	suffix_format := CASE
		WHEN step = date_trunc('month', step) THEN 'YYYY_MM'
		WHEN step = date_trunc('day', step) THEN 'YYYY_MM_DD'
		WHEN step = date_trunc('minute', step) THEN 'YYYY_MM_DD_HH24MI'
		WHEN step = date_trunc('second', step) THEN 'YYYY_MM_DD_HH24MISS'
	END;
	IF suffix_format IS NULL THEN
		RAISE EXCEPTION 'step must be a whole number of seconds'
			USING ERRCODE = 'invalid_parameter_value';
	END IF;

	SELECT n.nspname, c.relname INTO parent_nsp, parent_name
	  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	 WHERE c.oid = parent;

	-- from + k * step rather than adding step repeatedly, so that month
	-- steps from the 31st keep returning to the 31st where there is one
	LOOP
		starts := "from" + k * step;
		EXIT WHEN starts >= "to";
		ends := "from" + (k + 1) * step;
		partition_name := parent_name || '_' || to_char(starts, suffix_format);
		IF octet_length(partition_name) > 63 THEN
			RAISE EXCEPTION 'partition name "%" is too long', partition_name
				USING ERRCODE = 'name_too_long',
					  HINT = 'Partition names are the table''s name, "_" and the start of their range.';
		END IF;
		EXECUTE format('SELECT %I.%I($1)::pg_catalog.text, %I.%I($2)::pg_catalog.text',
					   ext_nsp, floor_fn, ext_nsp, floor_fn)
		   INTO lower_bound, upper_bound
		  USING starts, ends;
		ddl := format('CREATE TABLE IF NOT EXISTS %I.%I PARTITION OF %I.%I FOR VALUES FROM (%L) TO (%L)',
					  parent_nsp, partition_name, parent_nsp, parent_name,
					  lower_bound, upper_bound);
		RETURN NEXT;
		k := k + 1;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION idtypes_range_partitions(pg_catalog.regclass, pg_catalog.timestamptz, pg_catalog.timestamptz, pg_catalog.interval) IS
	'range partitions covering [from, to) in steps of step for a table partitioned by range on an id column: names, time ranges, bounds from the key type''s floor function, CREATE TABLE statements';
