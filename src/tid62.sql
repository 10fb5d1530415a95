-- src/tid62.sql: the SQL of SimpleDB's tid62 (src/tid62.c).  The type, its
-- comparisons, operator classes and bytea casts are the byte-id block
-- (src/byteid.sql.in); the other SimpleDB text ids are in src/simpledb.sql.

@byteid tid62 12 a

COMMENT ON TYPE tid62 IS
	'SimpleDB tid62: 12-byte id of seconds since 2020 and 8 bytes of entropy, written as 17 base62 digits';

---------------------------------------------------------------------------
-- tid62 generation, extraction and construction
---------------------------------------------------------------------------

-- comparison with timestamptz (src/byteid.sql.in): a timestamp stands at
-- the smallest tid62 of its second when it is a whole second, and after
-- every tid62 of its second otherwise, so "id >= t1 AND id < t2" is a time
-- range on the key

-- generation
CREATE FUNCTION gen_tid62() RETURNS tid62
	AS 'MODULE_PATHNAME', 'gen_tid62'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

-- the safe bound for reading new rows by key (src/bound.c): VOLATILE,
-- since it moves within a statement
CREATE FUNCTION tid62_safe_bound() RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

-- extraction and construction
CREATE FUNCTION tid62_timestamp(tid62) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'tid62_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_entropy(tid62) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'tid62_entropy'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_from_parts(ts pg_catalog.timestamptz, entropy pg_catalog.bytea) RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tid62_floor(pg_catalog.timestamptz) RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tid62_ceil(pg_catalog.timestamptz) RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gen_tid62() IS
	'new tid62: the current second, then a counter that increases within the second and 4 random bytes';
COMMENT ON FUNCTION tid62_safe_bound() IS
	'safe bound for reading new rows by key: every tid62 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
COMMENT ON FUNCTION tid62_timestamp(tid62) IS 'timestamp of a tid62 (seconds)';
COMMENT ON FUNCTION tid62_entropy(tid62) IS 'the 8 bytes after the timestamp of a tid62';
COMMENT ON FUNCTION tid62_from_parts(pg_catalog.timestamptz, pg_catalog.bytea) IS
	'tid62 of a timestamp (truncated to the second, 2020-01-01 to 2156-02-07 06:28:15 UTC) and 8 bytes of entropy';
COMMENT ON FUNCTION tid62_floor(pg_catalog.timestamptz) IS 'smallest tid62 whose time is the given one or later (the first of its second, or of the next)';
COMMENT ON FUNCTION tid62_ceil(pg_catalog.timestamptz) IS 'largest tid62 whose time is the given one or earlier (the last of its second)';

---------------------------------------------------------------------------
-- prefixed tid62s
---------------------------------------------------------------------------

CREATE FUNCTION tid62_prefixed(prefix pg_catalog.text, id tid62) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'tid62_prefixed'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_tid62_prefixed(prefix pg_catalog.text) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'gen_tid62_prefixed'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION tid62_split(prefixed pg_catalog.text, OUT prefix pg_catalog.text, OUT id tid62)
	AS 'MODULE_PATHNAME', 'tid62_split'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION tid62_prefixed(pg_catalog.text, tid62) IS
	'prefixed id: the prefix, a dash and the tid62 (user-04XVaYIJisigHzUpr)';
COMMENT ON FUNCTION gen_tid62_prefixed(pg_catalog.text) IS
	'new prefixed id: the prefix, a dash and a new tid62';
COMMENT ON FUNCTION tid62_split(pg_catalog.text) IS
	'the prefix (NULL if none) and the tid62 of a prefixed id';
