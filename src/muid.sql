-- src/muid.sql: the SQL of Muid (src/muid.c).  The type, its comparisons,
-- time functions, operator classes and bytea casts are the byte-id block
-- (src/byteid.sql.in).

@byteid muid 16 a microsecond

COMMENT ON TYPE muid IS
	'Muid: 16-byte id of a microsecond timestamp, the medallion (node) that made it and an offset in its transaction';

---------------------------------------------------------------------------
-- muid generation, extraction and construction
---------------------------------------------------------------------------

-- generation (PARALLEL RESTRICTED: src/idtypes.sql says why; a worker would
-- not share this transaction's offsets either)
CREATE FUNCTION gen_muid() RETURNS muid
	AS 'MODULE_PATHNAME', 'idtypes_gen_muid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_muid() IS
	'new muid: this transaction''s timestamp and this node''s medallion, with the next offset (1, 2, 3, ...)';
CREATE FUNCTION muid_transaction() RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_transaction'
	LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION muid_transaction() IS
	'the muid of the current transaction itself (offset 0)';

-- extraction and construction
CREATE FUNCTION muid_medallion(muid) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'muid_medallion'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_medallion(muid) IS 'medallion (node id) of a muid';
CREATE FUNCTION muid_offset(muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'muid_offset'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION muid_offset(muid) IS 'offset of a muid within its transaction (0 is the transaction)';
CREATE FUNCTION muid_from_parts(ts pg_catalog.timestamptz, medallion pg_catalog.int8, "offset" pg_catalog.int4) RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION muid_from_parts(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.int4) IS
	'muid of a timestamp, medallion (0 to 2^52-1) and offset (0 to 1048575)';

-- to and from a uuid too, like to and from bytea: explicit only
CREATE CAST (muid AS pg_catalog.uuid) WITHOUT FUNCTION;
COMMENT ON CAST (muid AS pg_catalog.uuid) IS 'the same 16 bytes as a uuid';
CREATE CAST (pg_catalog.uuid AS muid) WITHOUT FUNCTION;
COMMENT ON CAST (pg_catalog.uuid AS muid) IS 'the same 16 bytes as a muid';
