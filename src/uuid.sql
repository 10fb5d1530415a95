-- src/uuid.sql: the SQL of UUIDv6, v7 and v8 on core uuid (src/uuid.c).

---------------------------------------------------------------------------
-- uuid functions
--
-- UUIDv6, v7 and v8 are core uuid values: no type, operators or operator
-- classes of their own (core's btree, hash and BRIN classes order and index
-- them, and the time-based versions sort by time in core's byte order).
---------------------------------------------------------------------------

-- generation (PARALLEL RESTRICTED: src/idtypes.sql says why); uuidv7_at()
-- takes no clock, only random bits, and is PARALLEL SAFE like core's
-- gen_random_uuid()
CREATE FUNCTION uuidv6_next() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv6'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv6_next() IS
	'new UUIDv6 (RFC 9562): 100-ns Gregorian timestamp, never repeated on this server, random clock sequence and node';
CREATE FUNCTION uuidv7_next() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv7'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv7_next() IS
	'new UUIDv7 (RFC 9562, 12-bit sub-millisecond fraction as in PostgreSQL 18): timestamp never repeated on this server, 62 random bits';
CREATE FUNCTION uuidv7_next(shift pg_catalog.interval) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv7_shifted'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv7_next(pg_catalog.interval) IS
	'new UUIDv7 as uuidv7_next(), its time shifted by the interval (as PostgreSQL 18''s uuidv7(shift))';
CREATE FUNCTION uuidv7_at(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv7_at'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_at(pg_catalog.timestamptz) IS
	'UUIDv7 of a given time (backfill): that microsecond and 62 random bits';
CREATE FUNCTION uuidv8_next() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'idtypes_gen_uuidv8'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv8_next() IS
	'new UUIDv8 (draft-02 recipe): 60 most significant bits of the Unix nanosecond time, never repeated on this server, clock sequence 0, 54-bit random node';

-- the safe bound for reading new rows by key (src/clock/bound.c): VOLATILE,
-- since it moves within a statement
CREATE FUNCTION uuidv6_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv6_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv6 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
CREATE FUNCTION uuidv7_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv7_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv7_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv7 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
CREATE FUNCTION uuidv8_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv8_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv8 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

-- the clock of a UUID's version moved past the UUID by hand
-- (src/clock/sql.c): for superusers and members of the role of
-- idtypes.clock_mover_role (checked in C); EXECUTE is the extension
-- owner's to grant
CREATE FUNCTION idtypes_advance_clock(past pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock_uuid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.uuid) IS
	'moves the clock of the UUID''s version (6, 7 or 8) past the UUID, never back; returns the time it stands at';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.uuid) TO @extowner@ WITH GRANT OPTION;

-- extraction and construction
CREATE FUNCTION uuidv_version(pg_catalog.uuid) RETURNS pg_catalog.int2
	AS 'MODULE_PATHNAME', 'idtypes_uuid_version'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION uuidv_version(pg_catalog.uuid) IS
	'version of a UUID (NULL unless of the RFC 9562 variant)';
CREATE FUNCTION uuidv_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_uuid_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION uuidv_timestamp(pg_catalog.uuid) IS
	'timestamp of a version 1, 6 or 7 UUID, to the microsecond (NULL for other versions)';
CREATE FUNCTION uuidv_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_uuid_date_bin'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a version 1, 6 or 7 UUID (NULL for other versions) (like date_bin)';
CREATE FUNCTION uuidv8_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'uuidv8_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION uuidv8_timestamp(pg_catalog.uuid) IS
	'timestamp of a UUIDv8 made by uuidv8_next(), to the microsecond (NULL for other versions)';
CREATE FUNCTION uuidv8_from_bytes(pg_catalog.bytea) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_from_bytes'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv8_from_bytes(pg_catalog.bytea) IS
	'UUIDv8 of 16 bytes: version and variant bits set, the other 122 bits kept';

-- the smallest and largest UUID of each version at an instant
CREATE FUNCTION uuidv6_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv6_floor(pg_catalog.timestamptz) IS 'smallest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv6_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv6_ceil(pg_catalog.timestamptz) IS 'largest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv7_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv7_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_floor(pg_catalog.timestamptz) IS 'smallest UUIDv7 whose timestamp is the given time or later (the first of its millisecond, or of the next)';
CREATE FUNCTION uuidv7_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv7_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_ceil(pg_catalog.timestamptz) IS 'largest UUIDv7 whose timestamp is the given time or earlier (the last of its millisecond)';
CREATE FUNCTION uuidv8_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest uuidv8_next() UUID of a microsecond';
CREATE FUNCTION uuidv8_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest uuidv8_next() UUID of a microsecond';

-- conversions between v1 and v6 (the same timestamp, clock sequence and node)
CREATE FUNCTION uuidv1_to_uuidv6(pg_catalog.uuid) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv1_to_uuidv6'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv1_to_uuidv6(pg_catalog.uuid) IS
	'UUIDv6 of a UUIDv1: same timestamp, clock sequence and node';
CREATE FUNCTION uuidv6_to_uuidv1(pg_catalog.uuid) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_to_uuidv1'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv6_to_uuidv1(pg_catalog.uuid) IS
	'UUIDv1 of a UUIDv6: same timestamp, clock sequence and node';
