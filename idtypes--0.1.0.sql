/* idtypes--0.1.0.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION idtypes" to load this file. \quit

-- Every reference to a built-in object is qualified with pg_catalog, so that
-- objects in the target schema or pg_temp cannot capture it.

---------------------------------------------------------------------------
-- muid type
---------------------------------------------------------------------------

CREATE TYPE muid;

CREATE FUNCTION muid_in(pg_catalog.cstring) RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_in'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION muid_out(muid) RETURNS pg_catalog.cstring
	AS 'MODULE_PATHNAME', 'muid_out'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION muid_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) RETURNS muid
	AS 'MODULE_PATHNAME', 'byteid16_recv'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION muid_send(muid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'byteid16_send'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE muid (
	INPUT = muid_in,
	OUTPUT = muid_out,
	RECEIVE = muid_recv,
	SEND = muid_send,
	INTERNALLENGTH = 16,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE muid IS
	'Muid: 16-byte id of a microsecond timestamp, the medallion (node) that made it and an offset in its transaction';

---------------------------------------------------------------------------
-- muid functions
---------------------------------------------------------------------------

CREATE FUNCTION muid_eq(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_eq'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_ne(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_ne'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_lt(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_lt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_le(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_le'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_gt(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_gt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_ge(muid, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_ge'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_cmp(muid, muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'byteid16_cmp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'byteid16_sortsupport'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION muid_hash(muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'byteid16_hash'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_hash_extended(muid, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'byteid16_hash_extended'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_smaller(muid, muid) RETURNS muid
	AS 'MODULE_PATHNAME', 'byteid16_smaller'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_larger(muid, muid) RETURNS muid
	AS 'MODULE_PATHNAME', 'byteid16_larger'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- comparison with timestamptz: a timestamp stands at the smallest muid of
-- its microsecond, so "id >= t1 AND id < t2" is a time range on the key
CREATE FUNCTION muid_cmp_timestamptz(muid, pg_catalog.timestamptz) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_lt_timestamptz(muid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_le_timestamptz(muid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_eq_timestamptz(muid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_ne_timestamptz(muid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_ge_timestamptz(muid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_gt_timestamptz(muid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_cmp_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_lt_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_le_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_eq_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_ne_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_ge_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_gt_muid(pg_catalog.timestamptz, muid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- generation
CREATE FUNCTION gen_muid() RETURNS muid
	AS 'MODULE_PATHNAME', 'gen_muid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION muid_transaction() RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_transaction'
	LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;

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

-- casts
CREATE FUNCTION muid_to_bytea(muid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'byteid16_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_from_bytea(pg_catalog.bytea) RETURNS muid
	AS 'MODULE_PATHNAME', 'byteid16_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE CAST (muid AS pg_catalog.uuid) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.uuid AS muid) WITHOUT FUNCTION;
CREATE CAST (muid AS pg_catalog.bytea) WITH FUNCTION muid_to_bytea(muid);
CREATE CAST (pg_catalog.bytea AS muid) WITH FUNCTION muid_from_bytea(pg_catalog.bytea);

COMMENT ON FUNCTION gen_muid() IS
	'new muid: this transaction''s timestamp and this node''s medallion, with the next offset (1, 2, 3, ...)';
COMMENT ON FUNCTION muid_transaction() IS
	'the muid of the current transaction itself (offset 0)';
COMMENT ON FUNCTION muid_timestamp(muid) IS 'timestamp of a muid (microseconds)';
COMMENT ON FUNCTION muid_medallion(muid) IS 'medallion (node id) of a muid';
COMMENT ON FUNCTION muid_offset(muid) IS 'offset of a muid within its transaction (0 is the transaction)';
COMMENT ON FUNCTION muid_from_parts(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.int4) IS
	'muid of a timestamp, medallion (0 to 2^52-1) and offset (0 to 1048575)';
COMMENT ON FUNCTION muid_floor(pg_catalog.timestamptz) IS 'smallest muid of a microsecond';
COMMENT ON FUNCTION muid_ceil(pg_catalog.timestamptz) IS 'largest muid of a microsecond';
COMMENT ON FUNCTION muid_to_bytea(muid) IS 'the 16 bytes of a muid';
COMMENT ON FUNCTION muid_from_bytea(pg_catalog.bytea) IS 'muid of 16 bytes';
COMMENT ON FUNCTION muid_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION muid_out(muid) IS 'I/O';
COMMENT ON FUNCTION muid_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) IS 'I/O';
COMMENT ON FUNCTION muid_send(muid) IS 'I/O';
COMMENT ON FUNCTION muid_eq(muid, muid) IS 'implementation of = operator';
COMMENT ON FUNCTION muid_ne(muid, muid) IS 'implementation of <> operator';
COMMENT ON FUNCTION muid_lt(muid, muid) IS 'implementation of < operator';
COMMENT ON FUNCTION muid_le(muid, muid) IS 'implementation of <= operator';
COMMENT ON FUNCTION muid_gt(muid, muid) IS 'implementation of > operator';
COMMENT ON FUNCTION muid_ge(muid, muid) IS 'implementation of >= operator';
COMMENT ON FUNCTION muid_cmp(muid, muid) IS 'less-equal-greater';
COMMENT ON FUNCTION muid_sortsupport(pg_catalog.internal) IS 'sort support';
COMMENT ON FUNCTION muid_hash(muid) IS 'hash';
COMMENT ON FUNCTION muid_hash_extended(muid, pg_catalog.int8) IS 'hash';
COMMENT ON FUNCTION muid_smaller(muid, muid) IS 'smaller of two';
COMMENT ON FUNCTION muid_larger(muid, muid) IS 'larger of two';
COMMENT ON FUNCTION muid_cmp_timestamptz(muid, pg_catalog.timestamptz) IS 'less-equal-greater';
COMMENT ON FUNCTION muid_lt_timestamptz(muid, pg_catalog.timestamptz) IS 'implementation of < operator';
COMMENT ON FUNCTION muid_le_timestamptz(muid, pg_catalog.timestamptz) IS 'implementation of <= operator';
COMMENT ON FUNCTION muid_eq_timestamptz(muid, pg_catalog.timestamptz) IS 'implementation of = operator';
COMMENT ON FUNCTION muid_ne_timestamptz(muid, pg_catalog.timestamptz) IS 'implementation of <> operator';
COMMENT ON FUNCTION muid_ge_timestamptz(muid, pg_catalog.timestamptz) IS 'implementation of >= operator';
COMMENT ON FUNCTION muid_gt_timestamptz(muid, pg_catalog.timestamptz) IS 'implementation of > operator';
COMMENT ON FUNCTION timestamptz_cmp_muid(pg_catalog.timestamptz, muid) IS 'less-equal-greater';
COMMENT ON FUNCTION timestamptz_lt_muid(pg_catalog.timestamptz, muid) IS 'implementation of < operator';
COMMENT ON FUNCTION timestamptz_le_muid(pg_catalog.timestamptz, muid) IS 'implementation of <= operator';
COMMENT ON FUNCTION timestamptz_eq_muid(pg_catalog.timestamptz, muid) IS 'implementation of = operator';
COMMENT ON FUNCTION timestamptz_ne_muid(pg_catalog.timestamptz, muid) IS 'implementation of <> operator';
COMMENT ON FUNCTION timestamptz_ge_muid(pg_catalog.timestamptz, muid) IS 'implementation of >= operator';
COMMENT ON FUNCTION timestamptz_gt_muid(pg_catalog.timestamptz, muid) IS 'implementation of > operator';

---------------------------------------------------------------------------
-- muid operators
---------------------------------------------------------------------------

CREATE OPERATOR = (
	LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = muid, RIGHTARG = muid, FUNCTION = muid_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR = (
	LEFTARG = muid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = muid_eq_timestamptz,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel
);
CREATE OPERATOR <> (
	LEFTARG = muid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = muid_ne_timestamptz,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = muid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = muid_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = muid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = muid_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = muid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = muid_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = muid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = muid_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR = (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_eq_muid,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel
);
CREATE OPERATOR <> (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_ne_muid,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_lt_muid,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_le_muid,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_gt_muid,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = muid, FUNCTION = timestamptz_ge_muid,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE AGGREGATE min(muid) (
	SFUNC = muid_smaller,
	STYPE = muid,
	COMBINEFUNC = muid_smaller,
	SORTOP = OPERATOR(<),
	PARALLEL = SAFE
);
CREATE AGGREGATE max(muid) (
	SFUNC = muid_larger,
	STYPE = muid,
	COMBINEFUNC = muid_larger,
	SORTOP = OPERATOR(>),
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(muid) IS 'smallest (earliest) muid';
COMMENT ON AGGREGATE max(muid) IS 'largest (latest) muid';

---------------------------------------------------------------------------
-- muid opclasses
---------------------------------------------------------------------------

CREATE OPERATOR FAMILY muid_ops USING btree;
CREATE OPERATOR CLASS muid_ops
	DEFAULT FOR TYPE muid USING btree FAMILY muid_ops AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 muid_cmp(muid, muid),
	FUNCTION 2 muid_sortsupport(pg_catalog.internal),
	FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

-- muid against timestamptz, and timestamptz against itself so that the
-- family's cross-type set is complete
ALTER OPERATOR FAMILY muid_ops USING btree ADD
	OPERATOR 1 < (muid, pg_catalog.timestamptz),
	OPERATOR 2 <= (muid, pg_catalog.timestamptz),
	OPERATOR 3 = (muid, pg_catalog.timestamptz),
	OPERATOR 4 >= (muid, pg_catalog.timestamptz),
	OPERATOR 5 > (muid, pg_catalog.timestamptz),
	FUNCTION 1 muid_cmp_timestamptz(muid, pg_catalog.timestamptz),
	OPERATOR 1 < (pg_catalog.timestamptz, muid),
	OPERATOR 2 <= (pg_catalog.timestamptz, muid),
	OPERATOR 3 = (pg_catalog.timestamptz, muid),
	OPERATOR 4 >= (pg_catalog.timestamptz, muid),
	OPERATOR 5 > (pg_catalog.timestamptz, muid),
	FUNCTION 1 timestamptz_cmp_muid(pg_catalog.timestamptz, muid),
	OPERATOR 1 pg_catalog.< (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 2 pg_catalog.<= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 3 pg_catalog.= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 4 pg_catalog.>= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 5 pg_catalog.> (pg_catalog.timestamptz, pg_catalog.timestamptz),
	FUNCTION 1 pg_catalog.timestamptz_cmp(pg_catalog.timestamptz, pg_catalog.timestamptz);

CREATE OPERATOR CLASS muid_hash_ops
	DEFAULT FOR TYPE muid USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 muid_hash(muid),
	FUNCTION 2 muid_hash_extended(muid, pg_catalog.int8);

CREATE OPERATOR FAMILY muid_minmax_ops USING brin;
CREATE OPERATOR CLASS muid_minmax_ops
	DEFAULT FOR TYPE muid USING brin FAMILY muid_minmax_ops AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
	FUNCTION 2 pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 4 pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);

-- time ranges on a BRIN-indexed muid column
ALTER OPERATOR FAMILY muid_minmax_ops USING brin ADD
	OPERATOR 1 < (muid, pg_catalog.timestamptz),
	OPERATOR 2 <= (muid, pg_catalog.timestamptz),
	OPERATOR 3 = (muid, pg_catalog.timestamptz),
	OPERATOR 4 >= (muid, pg_catalog.timestamptz),
	OPERATOR 5 > (muid, pg_catalog.timestamptz);

---------------------------------------------------------------------------
-- uuid functions
--
-- UUIDv6, v7 and v8 are core uuid values: no type, operators or operator
-- classes of their own (core's btree, hash and BRIN classes order and index
-- them, and the time-based versions sort by time in core's byte order).
---------------------------------------------------------------------------

-- generation
CREATE FUNCTION gen_uuidv6() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'gen_uuidv6'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_uuidv7() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'gen_uuidv7'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_uuidv7(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'gen_uuidv7_at'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_uuidv8() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'gen_uuidv8'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

-- extraction and construction
CREATE FUNCTION uuid_version(pg_catalog.uuid) RETURNS pg_catalog.int2
	AS 'MODULE_PATHNAME', 'uuid_version'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'uuid_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuidv8_timestamp(pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'uuidv8_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuidv8_from_bytes(pg_catalog.bytea) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_from_bytes'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- the smallest and largest UUID of each version at an instant
CREATE FUNCTION uuidv6_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv6_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv7_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv7_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv8_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv8_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- conversions between v1 and v6 (the same timestamp, clock sequence and node)
CREATE FUNCTION uuid_v1_to_v6(pg_catalog.uuid) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuid_v1_to_v6'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_v6_to_v1(pg_catalog.uuid) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuid_v6_to_v1'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gen_uuidv6() IS
	'new UUIDv6 (RFC 9562): 100-ns Gregorian timestamp, never repeated on this server, random clock sequence and node';
COMMENT ON FUNCTION gen_uuidv7() IS
	'new UUIDv7 (RFC 9562, 12-bit sub-millisecond fraction as in PostgreSQL 18): timestamp never repeated on this server, 62 random bits';
COMMENT ON FUNCTION gen_uuidv7(pg_catalog.timestamptz) IS
	'UUIDv7 of a given time (backfill): that microsecond and 62 random bits';
COMMENT ON FUNCTION gen_uuidv8() IS
	'new UUIDv8 (draft-02 recipe): 60 most significant bits of the Unix nanosecond time, never repeated on this server, clock sequence 0, 54-bit random node';
COMMENT ON FUNCTION uuid_version(pg_catalog.uuid) IS
	'version of a UUID (NULL unless of the RFC 9562 variant)';
COMMENT ON FUNCTION uuid_timestamp(pg_catalog.uuid) IS
	'timestamp of a version 1, 6 or 7 UUID, to the microsecond (NULL for other versions)';
COMMENT ON FUNCTION uuidv8_timestamp(pg_catalog.uuid) IS
	'timestamp of a UUIDv8 made by gen_uuidv8(), to the microsecond (NULL for other versions)';
COMMENT ON FUNCTION uuidv8_from_bytes(pg_catalog.bytea) IS
	'UUIDv8 of 16 bytes: version and variant bits set, the other 122 bits kept';
COMMENT ON FUNCTION uuidv6_floor(pg_catalog.timestamptz) IS 'smallest UUIDv6 of a microsecond';
COMMENT ON FUNCTION uuidv6_ceil(pg_catalog.timestamptz) IS 'largest UUIDv6 of a microsecond';
COMMENT ON FUNCTION uuidv7_floor(pg_catalog.timestamptz) IS 'smallest UUIDv7 of a microsecond';
COMMENT ON FUNCTION uuidv7_ceil(pg_catalog.timestamptz) IS 'largest UUIDv7 of a microsecond';
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest gen_uuidv8() UUID of a microsecond';
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest gen_uuidv8() UUID of a microsecond';
COMMENT ON FUNCTION uuid_v1_to_v6(pg_catalog.uuid) IS
	'UUIDv6 of a UUIDv1: same timestamp, clock sequence and node';
COMMENT ON FUNCTION uuid_v6_to_v1(pg_catalog.uuid) IS
	'UUIDv1 of a UUIDv6: same timestamp, clock sequence and node';
