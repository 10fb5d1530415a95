/* idtypes--0.1.0--1.0.0.sql */

-- From the release 0.1.0 (released/idtypes--0.1.0.sql) to 1.0.0: what
-- changed in the SQL objects between the two, so that an installation of
-- 0.1.0 ends, after ALTER EXTENSION idtypes UPDATE, with the catalog of a
-- fresh install of 1.0.0 (t/013_upgrade.pl compares them).

\echo Use "ALTER EXTENSION idtypes UPDATE TO '1.0.0'" to load this file. \quit

-- upgrade/names.sql: from 0.1.0, the new names of the functions on core
-- uuid whose names clashed with what other software puts into the same
-- schema (TimescaleDB's uuid_timestamp(uuid) and uuid_version(uuid),
-- hand-written gen_uuidv7()): every function of idtypes on core uuid now
-- starts with uuidv.  A rename keeps each function's oid, so the column
-- defaults, indexes and views that use one follow it; the C symbols are
-- unchanged.  Names are unqualified: the script runs with the extension's
-- schema first on search_path, and @extschema@ is not substituted in a
-- relocatable extension's scripts.

ALTER FUNCTION gen_uuidv6() RENAME TO uuidv6_next;
ALTER FUNCTION gen_uuidv7() RENAME TO uuidv7_next;
ALTER FUNCTION gen_uuidv7(pg_catalog.timestamptz) RENAME TO uuidv7_at;
ALTER FUNCTION gen_uuidv8() RENAME TO uuidv8_next;
ALTER FUNCTION uuid_version(pg_catalog.uuid) RENAME TO uuidv_version;
ALTER FUNCTION uuid_timestamp(pg_catalog.uuid) RENAME TO uuidv_timestamp;
ALTER FUNCTION uuid_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) RENAME TO uuidv_date_bin;

-- comments that name a renamed function
COMMENT ON FUNCTION uuidv8_timestamp(pg_catalog.uuid) IS
	'timestamp of a UUIDv8 made by uuidv8_next(), to the microsecond (NULL for other versions)';
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest uuidv8_next() UUID of a microsecond';
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest uuidv8_next() UUID of a microsecond';

-- PostgreSQL 18's uuidv7(shift interval), on every version
CREATE FUNCTION uuidv7_next(shift pg_catalog.interval) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv7_shifted'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_next(pg_catalog.interval) IS
	'new UUIDv7 as uuidv7_next(), its time shifted by the interval (as PostgreSQL 18''s uuidv7(shift))';

-- From 0.1.0: the casts into the id types from bigint, bytea and uuid
-- convert only where they are written (they applied on assignment too, which
-- read a column's bits as ids in ALTER TYPE ... CASCADE, INSERT ... SELECT,
-- UPDATE and PL/pgSQL without a word).  Those from uuid are explicit; those
-- from bigint and bytea stay declared for assignment, with a function that
-- refuses unless the cast is explicit (src/byteid.h).  A cast cannot be
-- altered: each is made again, with its comment.
DROP CAST (pg_catalog.uuid AS muid);
CREATE CAST (pg_catalog.uuid AS muid) WITHOUT FUNCTION;
COMMENT ON CAST (pg_catalog.uuid AS muid) IS 'the same 16 bytes as a muid';
DROP CAST (pg_catalog.uuid AS hlculid);
CREATE CAST (pg_catalog.uuid AS hlculid) WITHOUT FUNCTION;
COMMENT ON CAST (pg_catalog.uuid AS hlculid) IS 'the same 16 bytes as an hlculid';
CREATE FUNCTION muid_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) RETURNS muid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from bytea into muid: converts where the cast is written, refuses on assignment';
DROP CAST (pg_catalog.bytea AS muid);
CREATE CAST (pg_catalog.bytea AS muid)
	WITH FUNCTION muid_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.bytea AS muid) IS 'muid of 16 bytes';
CREATE FUNCTION hlculid_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hlculid_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from bytea into hlculid: converts where the cast is written, refuses on assignment';
DROP CAST (pg_catalog.bytea AS hlculid);
CREATE CAST (pg_catalog.bytea AS hlculid)
	WITH FUNCTION hlculid_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.bytea AS hlculid) IS 'hlculid of 16 bytes';
CREATE FUNCTION tid62_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) RETURNS tid62
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tid62_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from bytea into tid62: converts where the cast is written, refuses on assignment';
DROP CAST (pg_catalog.bytea AS tid62);
CREATE CAST (pg_catalog.bytea AS tid62)
	WITH FUNCTION tid62_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.bytea AS tid62) IS 'tid62 of 12 bytes';
CREATE FUNCTION uid8_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uid8_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from bytea into uid8: converts where the cast is written, refuses on assignment';
DROP CAST (pg_catalog.bytea AS uid8);
CREATE CAST (pg_catalog.bytea AS uid8)
	WITH FUNCTION uid8_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.bytea AS uid8) IS 'uid8 of 8 bytes, big-endian';
CREATE FUNCTION uid8_from_int8(pg_catalog.int8, pg_catalog.int4, pg_catalog.bool) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_int8'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uid8_from_int8(pg_catalog.int8, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from bigint into uid8 (the same 64 bits): converts where the cast is written, refuses on assignment';
DROP CAST (pg_catalog.int8 AS uid8);
CREATE CAST (pg_catalog.int8 AS uid8)
	WITH FUNCTION uid8_from_int8(pg_catalog.int8, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.int8 AS uid8) IS 'the same 64 bits as a uid8';

-- upgrade/failover.sql: from 0.1.0, idtypes_advance_clock() (src/clock.sql).
CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION idtypes_advance_clock(past muid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock_muid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION idtypes_advance_clock(past hlculid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock_hlculid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION idtypes_advance_clock(past uid8) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock_uid8'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION idtypes_advance_clock(past pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock_uuid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION idtypes_advance_clock(past tid62) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock_tid62'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) IS
	'moves the clock of a scheme (muid, hlculid, uid8, uuidv6, uuidv7, uuidv8, tid62) past a time, never back; returns the time it stands at';
COMMENT ON FUNCTION idtypes_advance_clock(muid) IS 'moves the muid clock past the id, never back; returns the time it stands at';
COMMENT ON FUNCTION idtypes_advance_clock(hlculid) IS 'moves the hlculid clock past the id, never back; returns the time it stands at';
COMMENT ON FUNCTION idtypes_advance_clock(uid8) IS 'moves the uid8 clock past the id, never back; returns the time it stands at';
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.uuid) IS
	'moves the clock of the UUID''s version (6, 7 or 8) past the UUID, never back; returns the time it stands at';
COMMENT ON FUNCTION idtypes_advance_clock(tid62) IS 'moves the tid62 clock past the id, never back; returns the time it stands at';

-- The clocks are every database's: like hlculid_observe(), callable by
-- superusers and members of the role idtypes.clock_mover_role names, and
-- no further ahead than idtypes.clock_max_ahead but by superusers (checked
-- in C); EXECUTE is the extension owner's to grant.
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(muid) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(hlculid) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(uid8) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.uuid) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(tid62) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) TO @extowner@ WITH GRANT OPTION;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(muid) TO @extowner@ WITH GRANT OPTION;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(hlculid) TO @extowner@ WITH GRANT OPTION;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(uid8) TO @extowner@ WITH GRANT OPTION;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.uuid) TO @extowner@ WITH GRANT OPTION;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(tid62) TO @extowner@ WITH GRANT OPTION;

-- upgrade/rewind.sql: from 0.1.0, idtypes_rewind_clock() (src/clock.sql).
CREATE FUNCTION idtypes_rewind_clock(scheme pg_catalog.text, past pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_rewind_clock'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION idtypes_rewind_clock(pg_catalog.text, pg_catalog.timestamptz) IS
	'moves the clock of a scheme back to just after a time, for superusers: the way out of a clock moved too far ahead; returns the time it stands at';
REVOKE EXECUTE ON FUNCTION idtypes_rewind_clock(pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

-- upgrade/bound.sql: from 0.1.0, the safe bound of each scheme for reading
-- new rows by key (src/bound.c, doc/operations.md).

CREATE FUNCTION muid_safe_bound() RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION muid_safe_bound() IS
	'safe bound for reading new rows by key: every muid generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

CREATE FUNCTION hlculid_safe_bound() RETURNS hlculid
	AS 'MODULE_PATHNAME', 'hlculid_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION hlculid_safe_bound() IS
	'safe bound for reading new rows by key: every hlculid generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

CREATE FUNCTION uid8_safe_bound() RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uid8_safe_bound() IS
	'safe bound for reading new rows by key: every uid8 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries, idtypes.uid8_generator_id and time_sequential)';

CREATE FUNCTION tid62_safe_bound() RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION tid62_safe_bound() IS
	'safe bound for reading new rows by key: every tid62 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

CREATE FUNCTION uuidv6_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION uuidv7_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv7_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION uuidv8_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv6_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv6 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
COMMENT ON FUNCTION uuidv7_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv7 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
COMMENT ON FUNCTION uuidv8_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv8 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

-- The time functions of the byte-id types come from one template
-- (src/byteid.sql.in): muid's floor and ceiling say what the others' do.
COMMENT ON FUNCTION muid_floor(pg_catalog.timestamptz) IS
	'smallest muid whose time is the given one or later (the first of its microsecond, or of the next)';
COMMENT ON FUNCTION muid_ceil(pg_catalog.timestamptz) IS
	'largest muid whose time is the given one or earlier (the last of its microsecond)';

-- Every function that takes from or moves an id clock is PARALLEL
-- RESTRICTED: without shared_preload_libraries the clock is the backend's
-- own, which a parallel worker would not share.
ALTER FUNCTION uuidv6_next() PARALLEL RESTRICTED;
ALTER FUNCTION uuidv7_next() PARALLEL RESTRICTED;
ALTER FUNCTION uuidv7_next(pg_catalog.interval) PARALLEL RESTRICTED;
ALTER FUNCTION uuidv8_next() PARALLEL RESTRICTED;
ALTER FUNCTION gen_tid62() PARALLEL RESTRICTED;
ALTER FUNCTION gen_tid62_prefixed(pg_catalog.text) PARALLEL RESTRICTED;

-- From 0.1.0: idtypes_range_partitions() finds the id types in the catalog
-- (each type with a floor function of the extension) instead of naming them
-- (src/partition.sql).
CREATE OR REPLACE FUNCTION idtypes_range_partitions(
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

-- upgrade/uid8.sql: from 0.1.0, uid8_claimed_generators() reads the lock
-- manager in C, where the claims' lock tag is defined (src/uid8gen.c), and
-- uid8_from_parts() builds time_sequential ids unless told otherwise, like
-- the generator's default idtypes.uid8_mode.
CREATE OR REPLACE FUNCTION uid8_claimed_generators(OUT generator pg_catalog.int4, OUT pid pg_catalog.int4)
	RETURNS SETOF pg_catalog.record
	AS 'MODULE_PATHNAME', 'uid8_claimed_generators'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION uid8_from_parts(ts pg_catalog.timestamptz, seq pg_catalog.int4, generator pg_catalog.int4,
										   cluster pg_catalog.int4, mode pg_catalog.text DEFAULT 'time_sequential') RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uid8_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int4, pg_catalog.text) IS
	'uid8 of a timestamp (truncated to the millisecond), sequence (0 to 63), generator (0 to 2047), cluster (0 to 15) and mode (time_sequential, the default, or spread)';

-- The C functions under the project's names (tools/prefix-symbols.pl): each
-- function that a released version created under a symbol without the
-- project's prefix, as a fresh install defines it (the old symbols stay
-- in the library for installations not yet updated: src/legacy.c).
CREATE OR REPLACE FUNCTION muid_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) RETURNS muid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_recv'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION muid_send(muid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_send'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION muid_eq(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_eq'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_ne(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_ne'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_lt(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_lt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_le(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_le'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_gt(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_gt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_ge(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_ge'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_cmp(muid, muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_cmp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_sortsupport'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION muid_hash(muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_hash'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_hash_extended(muid, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_hash_extended'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_smaller(muid, muid) RETURNS muid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_smaller'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_larger(muid, muid) RETURNS muid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_larger'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_cmp_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_cmp_muid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_lt_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_lt_muid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_le_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_le_muid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_eq_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_eq_muid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_ne_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_ne_muid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_ge_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_ge_muid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_gt_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_gt_muid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_to_bytea(muid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION muid_from_bytea(pg_catalog.bytea) RETURNS muid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION gen_muid() RETURNS muid
	AS 'MODULE_PATHNAME', 'idtypes_gen_muid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION hlculid_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_recv'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION hlculid_send(hlculid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_send'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION hlculid_eq(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_eq'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_ne(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_ne'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_lt(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_lt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_le(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_le'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_gt(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_gt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_ge(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_ge'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_cmp(hlculid, hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_cmp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_sortsupport'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION hlculid_hash(hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_hash'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_hash_extended(hlculid, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_hash_extended'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_smaller(hlculid, hlculid) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_smaller'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_larger(hlculid, hlculid) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_larger'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_cmp_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_cmp_hlculid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_lt_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_lt_hlculid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_le_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_le_hlculid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_eq_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_eq_hlculid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_ne_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_ne_hlculid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_ge_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_ge_hlculid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_gt_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_gt_hlculid'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_to_bytea(hlculid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION hlculid_from_bytea(pg_catalog.bytea) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'idtypes_byteid16_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION gen_hlculid() RETURNS hlculid
	AS 'MODULE_PATHNAME', 'idtypes_gen_hlculid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION gen_uid8() RETURNS uid8
	AS 'MODULE_PATHNAME', 'idtypes_gen_uid8'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION uuidv6_next() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv6'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION uuidv7_next() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv7'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION uuidv7_at(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv7_at'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION uuidv8_next() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv8'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION uuidv_version(pg_catalog.uuid) RETURNS pg_catalog.int2
	AS 'MODULE_PATHNAME', 'idtypes_uuid_version'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuidv_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_uuid_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuidv_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_uuid_date_bin'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION tid62_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) RETURNS tid62
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_recv'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION tid62_send(tid62) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_send'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION tid62_eq(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_eq'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_ne(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_ne'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_lt(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_lt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_le(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_le'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_gt(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_gt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_ge(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_ge'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_cmp(tid62, tid62) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_cmp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_sortsupport'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION tid62_hash(tid62) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_hash'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_hash_extended(tid62, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_hash_extended'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_smaller(tid62, tid62) RETURNS tid62
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_smaller'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_larger(tid62, tid62) RETURNS tid62
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_larger'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_cmp_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_cmp_tid62'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_lt_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_lt_tid62'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_le_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_le_tid62'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_eq_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_eq_tid62'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_ne_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_ne_tid62'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_ge_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_ge_tid62'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION timestamptz_gt_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'idtypes_timestamptz_gt_tid62'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_to_bytea(tid62) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION tid62_from_bytea(pg_catalog.bytea) RETURNS tid62
	AS 'MODULE_PATHNAME', 'idtypes_byteid12_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION gen_tid62() RETURNS tid62
	AS 'MODULE_PATHNAME', 'idtypes_gen_tid62'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION gen_tid62_prefixed(prefix pg_catalog.text) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_gen_tid62_prefixed'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE OR REPLACE FUNCTION uuid464(pg_catalog.uuid) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_uuid464'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid464_decode(pg_catalog.text) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_uuid464_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION gen_uuid464() RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuid464'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION seq10(pg_catalog.int8) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_seq10'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION seq36(pg_catalog.int8) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_seq36'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
