-- src/muid.sql: the SQL of Muid (src/muid.c).  The type, its comparisons,
-- operator classes and bytea casts are the byte-id block (src/byteid.sql.in).

@byteid muid 16 a

COMMENT ON TYPE muid IS
	'Muid: 16-byte id of a microsecond timestamp, the medallion (node) that made it and an offset in its transaction';

---------------------------------------------------------------------------
-- muid generation, extraction and construction
---------------------------------------------------------------------------

-- comparison with timestamptz (src/byteid.sql.in): a timestamp stands at
-- the smallest muid of its microsecond, so "id >= t1 AND id < t2" is a time
-- range on the key

-- generation
CREATE FUNCTION gen_muid() RETURNS muid
	AS 'MODULE_PATHNAME', 'gen_muid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION muid_transaction() RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_transaction'
	LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;

-- the safe bound for reading new rows by key (src/bound.c): VOLATILE,
-- since it moves within a statement
CREATE FUNCTION muid_safe_bound() RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

-- extraction and construction
CREATE FUNCTION muid_timestamp(muid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'muid_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_medallion(muid) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'muid_medallion'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_offset(muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'muid_offset'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_from_parts(ts pg_catalog.timestamptz, medallion pg_catalog.int8, "offset" pg_catalog.int4) RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION muid_floor(pg_catalog.timestamptz) RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION muid_ceil(pg_catalog.timestamptz) RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- from a uuid too, like from bytea: into a muid on assignment (a driver's
-- uuid parameter stored into a column); out of it, and in expressions, only
-- explicitly
CREATE CAST (muid AS pg_catalog.uuid) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.uuid AS muid) WITHOUT FUNCTION AS ASSIGNMENT;
COMMENT ON CAST (muid AS pg_catalog.uuid) IS 'the same 16 bytes as a uuid';
COMMENT ON CAST (pg_catalog.uuid AS muid) IS 'the same 16 bytes as a muid';

COMMENT ON FUNCTION gen_muid() IS
	'new muid: this transaction''s timestamp and this node''s medallion, with the next offset (1, 2, 3, ...)';
COMMENT ON FUNCTION muid_safe_bound() IS
	'safe bound for reading new rows by key: every muid generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
COMMENT ON FUNCTION muid_transaction() IS
	'the muid of the current transaction itself (offset 0)';
COMMENT ON FUNCTION muid_timestamp(muid) IS 'timestamp of a muid (microseconds)';
COMMENT ON FUNCTION muid_medallion(muid) IS 'medallion (node id) of a muid';
COMMENT ON FUNCTION muid_offset(muid) IS 'offset of a muid within its transaction (0 is the transaction)';
COMMENT ON FUNCTION muid_from_parts(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.int4) IS
	'muid of a timestamp, medallion (0 to 2^52-1) and offset (0 to 1048575)';
COMMENT ON FUNCTION muid_floor(pg_catalog.timestamptz) IS 'smallest muid of a microsecond';
COMMENT ON FUNCTION muid_ceil(pg_catalog.timestamptz) IS 'largest muid of a microsecond';
