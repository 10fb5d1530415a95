-- src/uid8.sql: the SQL of the eight-byte java-uniqueid id (src/uid8.c).
-- A fixed-width integer, not a byte string: its own comparisons and
-- operator classes (unsigned order), and no comparisons with timestamptz.

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
CREATE FUNCTION uid8_skipsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'uid8_skipsupport'
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
	AS 'MODULE_PATHNAME', 'idtypes_gen_uid8'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
-- the generator ids that backends have claimed (automatic generator ids)
CREATE FUNCTION uid8_claimed_generators(OUT generator pg_catalog.int4, OUT pid pg_catalog.int4)
	RETURNS SETOF pg_catalog.record
	AS 'MODULE_PATHNAME', 'uid8_claimed_generators'
	LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

-- the safe bound for reading new rows by key (src/clock/bound.c): VOLATILE,
-- since it moves within a statement
CREATE FUNCTION uid8_safe_bound() RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

-- extraction and construction
CREATE FUNCTION uid8_timestamp(uid8) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'uid8_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_date_bin(stride pg_catalog.interval, id uid8, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'uid8_date_bin'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
								cluster pg_catalog.int4, mode pg_catalog.text DEFAULT 'time_sequential') RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_floor(pg_catalog.timestamptz) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_ceil(pg_catalog.timestamptz) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- the uid8 clock moved past an id by hand (src/clock/sql.c): for superusers
-- and members of the role of idtypes.clock_mover_role (checked in C);
-- EXECUTE is the extension owner's to grant
CREATE FUNCTION idtypes_advance_clock(past uid8) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'idtypes_advance_clock_uid8'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION idtypes_advance_clock(uid8) IS
	'moves the uid8 clock past the id, never back; returns the time it stands at';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(uid8) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION idtypes_advance_clock(uid8) TO @extowner@ WITH GRANT OPTION;

-- casts: bigint is the same 64 bits (two's complement), bytea the 8 bytes
CREATE FUNCTION uid8_to_bytea(uid8) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'uid8_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uid8_from_bytea(pg_catalog.bytea) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_from_int8(pg_catalog.int8, pg_catalog.int4, pg_catalog.bool) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_int8'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_from_numeric(pg_catalog.numeric, pg_catalog.int4, pg_catalog.bool) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_numeric'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_from_jsonb(pg_catalog.jsonb, pg_catalog.int4, pg_catalog.bool) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_jsonb'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uid8_from_json(pg_catalog.json, pg_catalog.int4, pg_catalog.bool) RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_from_json'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- a bigint or bytes are read as a uid8 only where a statement says so: the
-- casts are declared for assignment so that every assignment (PL/pgSQL's
-- too, which would otherwise read a bigint's decimal text as hex) reaches
-- their function, which refuses unless the cast is explicit (src/byteid.h);
-- out of a uid8, explicit
CREATE CAST (uid8 AS pg_catalog.int8) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.int8 AS uid8)
	WITH FUNCTION uid8_from_int8(pg_catalog.int8, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
-- numeric, json and jsonb the same way: PL/pgSQL would otherwise read the
-- decimal text of their numbers as hex
CREATE CAST (pg_catalog.numeric AS uid8)
	WITH FUNCTION uid8_from_numeric(pg_catalog.numeric, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
CREATE CAST (pg_catalog.jsonb AS uid8)
	WITH FUNCTION uid8_from_jsonb(pg_catalog.jsonb, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
CREATE CAST (pg_catalog.json AS uid8)
	WITH FUNCTION uid8_from_json(pg_catalog.json, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
CREATE CAST (uid8 AS pg_catalog.bytea) WITH FUNCTION uid8_to_bytea(uid8);
CREATE CAST (pg_catalog.bytea AS uid8)
	WITH FUNCTION uid8_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) AS ASSIGNMENT;
COMMENT ON CAST (uid8 AS pg_catalog.int8) IS 'the same 64 bits as a bigint (ids with the top bit set are negative)';
COMMENT ON CAST (pg_catalog.int8 AS uid8) IS 'the same 64 bits as a uid8';
COMMENT ON CAST (pg_catalog.numeric AS uid8) IS 'the same 64 bits as the bigint of an integer';
COMMENT ON CAST (pg_catalog.jsonb AS uid8) IS 'a JSON string as a uid8''s text, a JSON number as the bigint of that integer';
COMMENT ON CAST (pg_catalog.json AS uid8) IS 'a JSON string as a uid8''s text, a JSON number as the bigint of that integer';
COMMENT ON CAST (uid8 AS pg_catalog.bytea) IS 'the 8 bytes of a uid8, big-endian';
COMMENT ON CAST (pg_catalog.bytea AS uid8) IS 'uid8 of 8 bytes, big-endian';

COMMENT ON FUNCTION gen_uid8() IS
	'new uid8: the current millisecond, the next sequence, this generator''s id, idtypes.uid8_cluster_id and idtypes.uid8_mode';
COMMENT ON FUNCTION uid8_safe_bound() IS
	'safe bound for reading new rows by key: every uid8 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries, idtypes.uid8_generator_id and time_sequential)';
COMMENT ON FUNCTION uid8_claimed_generators() IS
	'uid8 generator ids claimed by live backends, with their process ids';
COMMENT ON FUNCTION uid8_timestamp(uid8) IS 'timestamp of a uid8 (milliseconds)';
COMMENT ON FUNCTION uid8_date_bin(pg_catalog.interval, uid8, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a uid8 (like date_bin)';
COMMENT ON FUNCTION uid8_sequence(uid8) IS 'sequence of a uid8 within its millisecond (0 to 63)';
COMMENT ON FUNCTION uid8_generator(uid8) IS 'generator id of a uid8 (0 to 2047)';
COMMENT ON FUNCTION uid8_cluster(uid8) IS 'cluster id of a uid8 (0 to 15)';
COMMENT ON FUNCTION uid8_mode(uid8) IS 'layout mode of a uid8: spread or time_sequential';
COMMENT ON FUNCTION uid8_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int4, pg_catalog.text) IS
	'uid8 of a timestamp (truncated to the millisecond), sequence (0 to 63), generator (0 to 2047), cluster (0 to 15) and mode (time_sequential, the default, or spread)';
COMMENT ON FUNCTION uid8_floor(pg_catalog.timestamptz) IS 'smallest time_sequential uid8 whose time is the given one or later';
COMMENT ON FUNCTION uid8_ceil(pg_catalog.timestamptz) IS 'largest time_sequential uid8 whose time is the given one or earlier';
COMMENT ON FUNCTION uid8_to_bytea(uid8) IS 'the 8 bytes of a uid8, big-endian';
COMMENT ON FUNCTION uid8_from_bytea(pg_catalog.bytea) IS 'uid8 of 8 bytes, big-endian';
COMMENT ON FUNCTION uid8_from_bytea(pg_catalog.bytea, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from bytea into uid8: converts where the cast is written, refuses on assignment';
COMMENT ON FUNCTION uid8_from_int8(pg_catalog.int8, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from bigint into uid8 (the same 64 bits): converts where the cast is written, refuses on assignment';
COMMENT ON FUNCTION uid8_from_numeric(pg_catalog.numeric, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from numeric into uid8 (an integer, as bigint): converts where the cast is written, refuses on assignment';
COMMENT ON FUNCTION uid8_from_jsonb(pg_catalog.jsonb, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from jsonb into uid8 (a string as its text, a number as bigint): converts where the cast is written, refuses on assignment';
COMMENT ON FUNCTION uid8_from_json(pg_catalog.json, pg_catalog.int4, pg_catalog.bool) IS
	'the cast from json into uid8 (a string as its text, a number as bigint): converts where the cast is written, refuses on assignment';
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
COMMENT ON FUNCTION uid8_skipsupport(pg_catalog.internal) IS 'skip support (btree skip scans, PostgreSQL 18 and later)';
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

COMMENT ON OPERATOR = (uid8, uid8) IS 'equal';
COMMENT ON OPERATOR <> (uid8, uid8) IS 'not equal';
COMMENT ON OPERATOR < (uid8, uid8) IS 'less than';
COMMENT ON OPERATOR <= (uid8, uid8) IS 'less than or equal';
COMMENT ON OPERATOR > (uid8, uid8) IS 'greater than';
COMMENT ON OPERATOR >= (uid8, uid8) IS 'greater than or equal';

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

-- Skip support, btree's support function 6, exists from PostgreSQL 18 on:
-- registered on those servers only (one script serves every version).
DO $skip_support$
BEGIN
	IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 OPERATOR(pg_catalog.>=) 180000 THEN
		ALTER OPERATOR FAMILY uid8_ops USING btree ADD
			FUNCTION 6 (uid8, uid8) uid8_skipsupport(pg_catalog.internal);
	END IF;
END
$skip_support$;

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

COMMENT ON OPERATOR CLASS uid8_ops USING btree IS 'default btree operator class of uid8: unsigned 64-bit order';
COMMENT ON OPERATOR FAMILY uid8_ops USING btree IS 'btree operator family of uid8';
COMMENT ON OPERATOR CLASS uid8_hash_ops USING hash IS 'default hash operator class of uid8';
COMMENT ON OPERATOR FAMILY uid8_hash_ops USING hash IS 'hash operator family of uid8';
COMMENT ON OPERATOR CLASS uid8_minmax_ops USING brin IS 'default BRIN minmax operator class of uid8';
COMMENT ON OPERATOR FAMILY uid8_minmax_ops USING brin IS 'BRIN minmax operator family of uid8';
