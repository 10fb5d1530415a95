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
-- uid8 type
---------------------------------------------------------------------------

CREATE TYPE uid8;

CREATE FUNCTION uid8_in(pg_catalog.cstring) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_in'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_out(uid8) RETURNS pg_catalog.cstring
	AS 'MODULE_PATHNAME', 'uid8_out'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_recv'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_send(uid8) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'uid8_send'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- one unsigned 64-bit integer, stored and passed like int8
CREATE TYPE uid8 (
	INPUT = uid8_in,
	OUTPUT = uid8_out,
	RECEIVE = uid8_recv,
	SEND = uid8_send,
	INTERNALLENGTH = 8,
	PASSEDBYVALUE,
	ALIGNMENT = double,
	STORAGE = plain
);

COMMENT ON TYPE uid8 IS
	'eight-byte java-uniqueid id: millisecond timestamp, sequence, generator, cluster and layout mode';

---------------------------------------------------------------------------
-- uid8 functions
---------------------------------------------------------------------------

CREATE FUNCTION uid8_eq(uid8, uid8) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'uid8_eq'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_ne(uid8, uid8) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'uid8_ne'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_lt(uid8, uid8) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'uid8_lt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_le(uid8, uid8) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'uid8_le'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_gt(uid8, uid8) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'uid8_gt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_ge(uid8, uid8) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'uid8_ge'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_cmp(uid8, uid8) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'uid8_cmp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'uid8_sortsupport'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_hash(uid8) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'uid8_hash'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_hash_extended(uid8, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'uid8_hash_extended'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_smaller(uid8, uid8) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_smaller'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_larger(uid8, uid8) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_larger'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- generation
CREATE FUNCTION gen_uid8() RETURNS uid8
	AS 'MODULE_PATHNAME', 'gen_uid8'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
-- the generator ids that backends have claimed (automatic generator ids)
CREATE FUNCTION uid8_claimed_generators(OUT generator pg_catalog.int4, OUT pid pg_catalog.int4)
	RETURNS SETOF pg_catalog.record
	LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
	AS $$
		SELECT l.objid::pg_catalog.int8::pg_catalog.int4, l.pid
		FROM pg_catalog.pg_locks l
		WHERE l.locktype OPERATOR(pg_catalog.=) 'advisory'
		  AND l.database OPERATOR(pg_catalog.=) 0
		  AND l.classid OPERATOR(pg_catalog.=) 1969841208	-- 0x75696438, "uid8"
		  AND l.objsubid OPERATOR(pg_catalog.=) 8
		  AND l.granted
		ORDER BY 1
	$$;

-- extraction and construction
CREATE FUNCTION uid8_timestamp(uid8) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'uid8_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_sequence(uid8) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'uid8_sequence'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_generator(uid8) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'uid8_generator'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_cluster(uid8) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'uid8_cluster'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_mode(uid8) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME', 'uid8_mode'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_from_parts(ts pg_catalog.timestamptz, seq pg_catalog.int4, generator pg_catalog.int4,
								cluster pg_catalog.int4, mode pg_catalog.text DEFAULT 'spread') RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_floor(pg_catalog.timestamptz) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_ceil(pg_catalog.timestamptz) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- casts: bigint is the same 64 bits (two's complement), bytea the 8 bytes
CREATE FUNCTION uid8_to_bytea(uid8) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'uid8_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_from_bytea(pg_catalog.bytea) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE CAST (uid8 AS pg_catalog.int8) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.int8 AS uid8) WITHOUT FUNCTION;
CREATE CAST (uid8 AS pg_catalog.bytea) WITH FUNCTION uid8_to_bytea(uid8);
CREATE CAST (pg_catalog.bytea AS uid8) WITH FUNCTION uid8_from_bytea(pg_catalog.bytea);

COMMENT ON FUNCTION gen_uid8() IS
	'new uid8: the current millisecond, the next sequence, this generator''s id, idtypes.uid8_cluster_id and idtypes.uid8_mode';
COMMENT ON FUNCTION uid8_claimed_generators() IS
	'uid8 generator ids claimed by live backends, with their process ids';
COMMENT ON FUNCTION uid8_timestamp(uid8) IS 'timestamp of a uid8 (milliseconds)';
COMMENT ON FUNCTION uid8_sequence(uid8) IS 'sequence of a uid8 within its millisecond (0 to 63)';
COMMENT ON FUNCTION uid8_generator(uid8) IS 'generator id of a uid8 (0 to 2047)';
COMMENT ON FUNCTION uid8_cluster(uid8) IS 'cluster id of a uid8 (0 to 15)';
COMMENT ON FUNCTION uid8_mode(uid8) IS 'layout mode of a uid8: spread or time_sequential';
COMMENT ON FUNCTION uid8_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int4, pg_catalog.text) IS
	'uid8 of a timestamp (truncated to the millisecond), sequence (0 to 63), generator (0 to 2047), cluster (0 to 15) and mode (spread or time_sequential)';
COMMENT ON FUNCTION uid8_floor(pg_catalog.timestamptz) IS 'smallest time_sequential uid8 of a millisecond';
COMMENT ON FUNCTION uid8_ceil(pg_catalog.timestamptz) IS 'largest time_sequential uid8 of a millisecond';
COMMENT ON FUNCTION uid8_to_bytea(uid8) IS 'the 8 bytes of a uid8, big-endian';
COMMENT ON FUNCTION uid8_from_bytea(pg_catalog.bytea) IS 'uid8 of 8 bytes, big-endian';
COMMENT ON FUNCTION uid8_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION uid8_out(uid8) IS 'I/O';
COMMENT ON FUNCTION uid8_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) IS 'I/O';
COMMENT ON FUNCTION uid8_send(uid8) IS 'I/O';
COMMENT ON FUNCTION uid8_eq(uid8, uid8) IS 'implementation of = operator';
COMMENT ON FUNCTION uid8_ne(uid8, uid8) IS 'implementation of <> operator';
COMMENT ON FUNCTION uid8_lt(uid8, uid8) IS 'implementation of < operator';
COMMENT ON FUNCTION uid8_le(uid8, uid8) IS 'implementation of <= operator';
COMMENT ON FUNCTION uid8_gt(uid8, uid8) IS 'implementation of > operator';
COMMENT ON FUNCTION uid8_ge(uid8, uid8) IS 'implementation of >= operator';
COMMENT ON FUNCTION uid8_cmp(uid8, uid8) IS 'less-equal-greater';
COMMENT ON FUNCTION uid8_sortsupport(pg_catalog.internal) IS 'sort support';
COMMENT ON FUNCTION uid8_hash(uid8) IS 'hash';
COMMENT ON FUNCTION uid8_hash_extended(uid8, pg_catalog.int8) IS 'hash';
COMMENT ON FUNCTION uid8_smaller(uid8, uid8) IS 'smaller of two';
COMMENT ON FUNCTION uid8_larger(uid8, uid8) IS 'larger of two';

---------------------------------------------------------------------------
-- uid8 operators
---------------------------------------------------------------------------

CREATE OPERATOR = (
	LEFTARG = uid8, RIGHTARG = uid8, FUNCTION = uid8_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = uid8, RIGHTARG = uid8, FUNCTION = uid8_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = uid8, RIGHTARG = uid8, FUNCTION = uid8_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = uid8, RIGHTARG = uid8, FUNCTION = uid8_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = uid8, RIGHTARG = uid8, FUNCTION = uid8_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = uid8, RIGHTARG = uid8, FUNCTION = uid8_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE AGGREGATE min(uid8) (
	SFUNC = uid8_smaller,
	STYPE = uid8,
	COMBINEFUNC = uid8_smaller,
	SORTOP = OPERATOR(<),
	PARALLEL = SAFE
);
CREATE AGGREGATE max(uid8) (
	SFUNC = uid8_larger,
	STYPE = uid8,
	COMBINEFUNC = uid8_larger,
	SORTOP = OPERATOR(>),
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(uid8) IS 'smallest uid8 (unsigned order)';
COMMENT ON AGGREGATE max(uid8) IS 'largest uid8 (unsigned order)';

---------------------------------------------------------------------------
-- uid8 opclasses
---------------------------------------------------------------------------

CREATE OPERATOR CLASS uid8_ops
	DEFAULT FOR TYPE uid8 USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 uid8_cmp(uid8, uid8),
	FUNCTION 2 uid8_sortsupport(pg_catalog.internal),
	FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

CREATE OPERATOR CLASS uid8_hash_ops
	DEFAULT FOR TYPE uid8 USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 uid8_hash(uid8),
	FUNCTION 2 uid8_hash_extended(uid8, pg_catalog.int8);

CREATE OPERATOR CLASS uid8_minmax_ops
	DEFAULT FOR TYPE uid8 USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
	FUNCTION 2 pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 4 pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);
