-- src/simpledb.sql: the SQL of the SimpleDB specification's text ids besides
-- tid62 (src/simpledb.c): base64url uuids and zero-padded ordinals, and its
-- id domain.  Prefixed tid62s are in src/tid62.sql.

---------------------------------------------------------------------------
-- SimpleDB helpers: uuid464, seq10, seq36, simpledb_id
---------------------------------------------------------------------------

CREATE FUNCTION uuid464(pg_catalog.uuid) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_uuid464'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION uuid464(pg_catalog.uuid) IS 'uuid as 22 characters of unpadded base64url';
CREATE FUNCTION uuid464_decode(pg_catalog.text) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_uuid464_decode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid464_decode(pg_catalog.text) IS 'uuid of 22 characters of unpadded base64url';
CREATE FUNCTION gen_uuid464() RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuid464'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gen_uuid464() IS 'new random (version 4) uuid as 22 characters of unpadded base64url';

CREATE FUNCTION seq10(pg_catalog.int8) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_seq10'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION seq10(pg_catalog.int8) IS 'ordinal as 10 zero-padded decimal digits (0 to 9999999999)';
CREATE FUNCTION seq36(pg_catalog.int8) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'idtypes_seq36'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION seq36(pg_catalog.int8) IS 'ordinal as 7 zero-padded lowercase base-36 digits (0 to 78364164095)';

-- the SimpleDB id characters; COLLATE "C" so that the character ranges are
-- byte ranges whatever the database's collation
CREATE DOMAIN simpledb_id AS pg_catalog.text
	CONSTRAINT simpledb_id_check
	CHECK (VALUE COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^[A-Za-z0-9_-]+$');
COMMENT ON DOMAIN simpledb_id IS 'SimpleDB id: one or more of A-Z, a-z, 0-9, _ and -';
