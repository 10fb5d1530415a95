-- src/tid62.sql: the SQL of SimpleDB's tid62 (src/tid62.c).  The type, its
-- comparisons, time functions, operator classes and bytea casts are the
-- byte-id block (src/byteid.sql.in); the other SimpleDB text ids are in
-- src/simpledb.sql.

@byteid tid62 12 a second

COMMENT ON TYPE tid62 IS
	'SimpleDB tid62: 12-byte id of seconds since 2020 and 8 bytes of entropy, written as 17 base62 digits';

---------------------------------------------------------------------------
-- tid62 generation, extraction and construction
---------------------------------------------------------------------------

-- generation (PARALLEL RESTRICTED: src/idtypes.sql says why)
CREATE FUNCTION gen_tid62() RETURNS tid62
	AS 'MODULE_PATHNAME', 'idtypes_gen_tid62'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_tid62() IS
	'new tid62: the current second, then a counter that increases within the second and 4 random bytes';

-- extraction and construction
CREATE FUNCTION tid62_entropy(tid62) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'tid62_entropy'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION tid62_entropy(tid62) IS 'the 8 bytes after the timestamp of a tid62';
CREATE FUNCTION tid62_from_parts(ts pg_catalog.timestamptz, entropy pg_catalog.bytea) RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tid62_from_parts(pg_catalog.timestamptz, pg_catalog.bytea) IS
	'tid62 of a timestamp (truncated to the second, 2020-01-01 to 2156-02-07 06:28:15 UTC) and 8 bytes of entropy';

---------------------------------------------------------------------------
-- prefixed tid62s
---------------------------------------------------------------------------

CREATE FUNCTION tid62_prefixed(prefix pg_catalog.text, id tid62) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'tid62_prefixed'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tid62_prefixed(pg_catalog.text, tid62) IS
	'prefixed id: the prefix, a dash and the tid62 (user-04XVaYIJisigHzUpr)';
CREATE FUNCTION gen_tid62_prefixed(prefix pg_catalog.text) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_gen_tid62_prefixed'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_tid62_prefixed(pg_catalog.text) IS
	'new prefixed id: the prefix, a dash and a new tid62';
CREATE FUNCTION tid62_split(prefixed pg_catalog.text, OUT prefix pg_catalog.text, OUT id tid62)
	AS 'MODULE_PATHNAME', 'tid62_split'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tid62_split(pg_catalog.text) IS
	'the prefix (NULL if none) and the tid62 of a prefixed id';
