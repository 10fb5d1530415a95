-- src/simpledb.sql: the SQL of the SimpleDB text helpers: prefixed tid62s,
-- base64url uuids, zero-padded ordinals and the id domain.  After
-- src/tid62.sql, whose type the prefixed ids hold.

---------------------------------------------------------------------------
-- SimpleDB helpers: prefixed tid62s, uuid464, seq10, seq36, simpledb_id
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

CREATE FUNCTION uuid464(pg_catalog.uuid) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'uuid464'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid464_decode(pg_catalog.text) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuid464_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_uuid464() RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'gen_uuid464'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION seq10(pg_catalog.int8) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'seq10'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION seq36(pg_catalog.int8) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'seq36'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- the SimpleDB id characters; COLLATE "C" so that the character ranges are
-- byte ranges whatever the database's collation
CREATE DOMAIN simpledb_id AS pg_catalog.text
	CONSTRAINT simpledb_id_check
	CHECK (VALUE COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^[A-Za-z0-9_-]+$');

COMMENT ON FUNCTION tid62_prefixed(pg_catalog.text, tid62) IS
	'prefixed id: the prefix, a dash and the tid62 (user-04XVaYIJisigHzUpr)';
COMMENT ON FUNCTION gen_tid62_prefixed(pg_catalog.text) IS
	'new prefixed id: the prefix, a dash and a new tid62';
COMMENT ON FUNCTION tid62_split(pg_catalog.text) IS
	'the prefix (NULL if none) and the tid62 of a prefixed id';
COMMENT ON FUNCTION uuid464(pg_catalog.uuid) IS 'uuid as 22 characters of unpadded base64url';
COMMENT ON FUNCTION uuid464_decode(pg_catalog.text) IS 'uuid of 22 characters of unpadded base64url';
COMMENT ON FUNCTION gen_uuid464() IS 'new random (version 4) uuid as 22 characters of unpadded base64url';
COMMENT ON FUNCTION seq10(pg_catalog.int8) IS 'ordinal as 10 zero-padded decimal digits (0 to 9999999999)';
COMMENT ON FUNCTION seq36(pg_catalog.int8) IS 'ordinal as 7 zero-padded lowercase base-36 digits (0 to 78364164095)';
COMMENT ON DOMAIN simpledb_id IS 'SimpleDB id: one or more of A-Z, a-z, 0-9, _ and -';
