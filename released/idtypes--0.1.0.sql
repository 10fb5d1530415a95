/* idtypes--0.1.0.sql */

-- Built by make from the SQL sources in src/ (tools/sqlscript.sh): edit
-- those, not this file.

-- src/idtypes.sql: what belongs to the extension as a whole: the guard
-- against running the script by hand and the check of the target schema.
-- First in the install script: the node identity and the schemes' sources
-- follow (the Makefile's SQL_SOURCES).

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION idtypes" to load this file. \quit

-- Every reference to a built-in object is qualified with pg_catalog, so that
-- objects in the target schema or pg_temp cannot capture it.

---------------------------------------------------------------------------
-- the target schema
---------------------------------------------------------------------------

-- A role that can create objects in the extension's schema can add
-- overloads there (muid_floor(text), say) that capture calls with untyped
-- literals made by every other role, the installer and superusers included.
-- Say so at install time, naming the roles (PUBLIC when every role can).
-- A warning, not an error: the public schema of PostgreSQL 14 and older is
-- writable by PUBLIC by default, where refusing would refuse the ordinary
-- install; doc/operations.md (Security) says which schemas are safe.
DO $check_schema$
DECLARE
	nsp pg_catalog.oid;
	installer pg_catalog.oid;
	writers pg_catalog.text;
BEGIN
	SELECT e.extnamespace, e.extowner INTO nsp, installer
	  FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'idtypes';
	IF EXISTS (SELECT FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
				WHERE n.oid OPERATOR(pg_catalog.=) nsp
				  AND a.grantee OPERATOR(pg_catalog.=) 0
				  AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE') THEN
		writers := 'PUBLIC';
	ELSE
		SELECT pg_catalog.string_agg(pg_catalog.quote_ident(r.rolname), ', ' ORDER BY r.rolname)
		  INTO writers
		  FROM pg_catalog.pg_roles r
		 WHERE r.rolcanlogin AND NOT r.rolsuper
		   AND r.oid OPERATOR(pg_catalog.<>) installer
		   AND pg_catalog.has_schema_privilege(r.oid, nsp, 'CREATE');
	END IF;
	IF writers IS NOT NULL THEN
		RAISE WARNING 'schema % of extension idtypes can be written by roles other than the one installing it: %',
			nsp::pg_catalog.regnamespace, writers
			USING DETAIL = 'Those roles can create functions and operators there that capture calls to the extension''s functions with untyped arguments, made by any role.',
				  HINT = 'Install idtypes in a schema that only the installer (or superusers) can create objects in, or revoke CREATE on the schema from those roles.';
	END IF;
END
$check_schema$;

-- src/identity.sql: the node identity in effect (src/identity.c), as a
-- function and a view of the same name.

---------------------------------------------------------------------------
-- node identity
---------------------------------------------------------------------------

-- what this server puts in its ids to tell them from other servers' ids,
-- and where each value comes from; a view of the same name, so that other
-- servers can read it through postgres_fdw (functions cannot be)
CREATE FUNCTION idtypes_node_identity(
		OUT system_identifier pg_catalog.int8,
		OUT in_recovery pg_catalog.bool,
		OUT preloaded pg_catalog.bool,
		OUT medallion pg_catalog.int8,
		OUT medallion_source pg_catalog.text,
		OUT publisher_id pg_catalog.int4,
		OUT publisher_source pg_catalog.text,
		OUT uid8_cluster_id pg_catalog.int4,
		OUT uid8_cluster_source pg_catalog.text,
		OUT uid8_generators pg_catalog.int4range,
		OUT uid8_generator_source pg_catalog.text,
		OUT uid8_mode pg_catalog.text)
	RETURNS pg_catalog.record
	AS 'MODULE_PATHNAME', 'idtypes_node_identity'
	LANGUAGE C VOLATILE PARALLEL RESTRICTED;

CREATE VIEW idtypes_node_identity AS
	SELECT * FROM idtypes_node_identity();
-- readable by everyone, like the function (and the settings it shows)
GRANT SELECT ON idtypes_node_identity TO PUBLIC;

COMMENT ON FUNCTION idtypes_node_identity() IS
	'node identity of this server in generated ids (medallion, publisher, uid8 cluster and generator ids), and where each comes from';
COMMENT ON VIEW idtypes_node_identity IS
	'node identity of this server in generated ids, as a view that postgres_fdw can read';


-- src/muid.sql: the SQL of Muid (src/muid.c).  The type, its comparisons,
-- operator classes and bytea casts are the byte-id block (src/byteid.sql.in).

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

-- comparison with timestamptz: a time stands among the ids where the
-- type's floor function puts it (the scheme's source says where that is),
-- so "id >= t1 AND id < t2" is a time range on the key
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

-- time bins
CREATE FUNCTION muid_date_bin(stride pg_catalog.interval, id muid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'muid_date_bin'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- casts
CREATE FUNCTION muid_to_bytea(muid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'byteid16_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION muid_from_bytea(pg_catalog.bytea) RETURNS muid
	AS 'MODULE_PATHNAME', 'byteid16_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- into a muid on assignment too (a driver's bytes parameter stored into
-- a column); out of it, and in expressions, only explicitly
CREATE CAST (muid AS pg_catalog.bytea) WITH FUNCTION muid_to_bytea(muid);
CREATE CAST (pg_catalog.bytea AS muid) WITH FUNCTION muid_from_bytea(pg_catalog.bytea) AS ASSIGNMENT;
COMMENT ON CAST (muid AS pg_catalog.bytea) IS 'the 16 bytes of a muid';
COMMENT ON CAST (pg_catalog.bytea AS muid) IS 'muid of 16 bytes';

COMMENT ON FUNCTION muid_date_bin(pg_catalog.interval, muid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a muid (like date_bin)';
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

COMMENT ON OPERATOR = (muid, muid) IS 'equal';
COMMENT ON OPERATOR <> (muid, muid) IS 'not equal';
COMMENT ON OPERATOR < (muid, muid) IS 'less than';
COMMENT ON OPERATOR <= (muid, muid) IS 'less than or equal';
COMMENT ON OPERATOR > (muid, muid) IS 'greater than';
COMMENT ON OPERATOR >= (muid, muid) IS 'greater than or equal';
COMMENT ON OPERATOR = (muid, pg_catalog.timestamptz) IS
	'equal: the id is the first id of the time, which falls on a tick of the type';
COMMENT ON OPERATOR <> (muid, pg_catalog.timestamptz) IS
	'not equal: not =';
COMMENT ON OPERATOR < (muid, pg_catalog.timestamptz) IS
	'less than: the id''s timestamp is before the time';
COMMENT ON OPERATOR <= (muid, pg_catalog.timestamptz) IS
	'less than or equal: < or =';
COMMENT ON OPERATOR > (muid, pg_catalog.timestamptz) IS
	'greater than: >= and not =';
COMMENT ON OPERATOR >= (muid, pg_catalog.timestamptz) IS
	'greater than or equal: the id''s timestamp is the time or later';
COMMENT ON OPERATOR = (pg_catalog.timestamptz, muid) IS
	'equal: the commutator of = (muid, timestamptz)';
COMMENT ON OPERATOR <> (pg_catalog.timestamptz, muid) IS
	'not equal: the commutator of <> (muid, timestamptz)';
COMMENT ON OPERATOR < (pg_catalog.timestamptz, muid) IS
	'less than: the commutator of > (muid, timestamptz)';
COMMENT ON OPERATOR <= (pg_catalog.timestamptz, muid) IS
	'less than or equal: the commutator of >= (muid, timestamptz)';
COMMENT ON OPERATOR > (pg_catalog.timestamptz, muid) IS
	'greater than: the commutator of < (muid, timestamptz)';
COMMENT ON OPERATOR >= (pg_catalog.timestamptz, muid) IS
	'greater than or equal: the commutator of <= (muid, timestamptz)';

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

COMMENT ON OPERATOR CLASS muid_ops USING btree IS 'default btree operator class of muid: byte order, which is time order';
COMMENT ON OPERATOR FAMILY muid_ops USING btree IS 'btree operator family of muid, with its comparisons against timestamptz';
COMMENT ON OPERATOR CLASS muid_hash_ops USING hash IS 'default hash operator class of muid';
COMMENT ON OPERATOR FAMILY muid_hash_ops USING hash IS 'hash operator family of muid';
COMMENT ON OPERATOR CLASS muid_minmax_ops USING brin IS 'default BRIN minmax operator class of muid';
COMMENT ON OPERATOR FAMILY muid_minmax_ops USING brin IS 'BRIN minmax operator family of muid, with its comparisons against timestamptz';

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
COMMENT ON FUNCTION muid_transaction() IS
	'the muid of the current transaction itself (offset 0)';
COMMENT ON FUNCTION muid_timestamp(muid) IS 'timestamp of a muid (microseconds)';
COMMENT ON FUNCTION muid_medallion(muid) IS 'medallion (node id) of a muid';
COMMENT ON FUNCTION muid_offset(muid) IS 'offset of a muid within its transaction (0 is the transaction)';
COMMENT ON FUNCTION muid_from_parts(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.int4) IS
	'muid of a timestamp, medallion (0 to 2^52-1) and offset (0 to 1048575)';
COMMENT ON FUNCTION muid_floor(pg_catalog.timestamptz) IS 'smallest muid of a microsecond';
COMMENT ON FUNCTION muid_ceil(pg_catalog.timestamptz) IS 'largest muid of a microsecond';

-- src/hlculid.sql: the SQL of HLC-ULID (src/hlculid.c).  The type, its
-- comparisons, operator classes and bytea casts are the byte-id block
-- (src/byteid.sql.in).

---------------------------------------------------------------------------
-- hlculid type
---------------------------------------------------------------------------

CREATE TYPE hlculid;

CREATE FUNCTION hlculid_in(pg_catalog.cstring) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'hlculid_in'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlculid_out(hlculid) RETURNS pg_catalog.cstring
	AS 'MODULE_PATHNAME', 'hlculid_out'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlculid_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'byteid16_recv'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlculid_send(hlculid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'byteid16_send'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE hlculid (
	INPUT = hlculid_in,
	OUTPUT = hlculid_out,
	RECEIVE = hlculid_recv,
	SEND = hlculid_send,
	INTERNALLENGTH = 16,
	ALIGNMENT = char,
	STORAGE = plain
);

---------------------------------------------------------------------------
-- hlculid functions
---------------------------------------------------------------------------

CREATE FUNCTION hlculid_eq(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_eq'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_ne(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_ne'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_lt(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_lt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_le(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_le'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_gt(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_gt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_ge(hlculid, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid16_ge'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_cmp(hlculid, hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'byteid16_cmp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'byteid16_sortsupport'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlculid_hash(hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'byteid16_hash'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_hash_extended(hlculid, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'byteid16_hash_extended'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_smaller(hlculid, hlculid) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'byteid16_smaller'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_larger(hlculid, hlculid) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'byteid16_larger'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- comparison with timestamptz: a time stands among the ids where the
-- type's floor function puts it (the scheme's source says where that is),
-- so "id >= t1 AND id < t2" is a time range on the key
CREATE FUNCTION hlculid_cmp_timestamptz(hlculid, pg_catalog.timestamptz) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_lt_timestamptz(hlculid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_le_timestamptz(hlculid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_eq_timestamptz(hlculid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_ne_timestamptz(hlculid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_ge_timestamptz(hlculid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_gt_timestamptz(hlculid, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_cmp_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_lt_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_le_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_eq_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_ne_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_ge_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_gt_hlculid(pg_catalog.timestamptz, hlculid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- time bins
CREATE FUNCTION hlculid_date_bin(stride pg_catalog.interval, id hlculid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'hlculid_date_bin'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- casts
CREATE FUNCTION hlculid_to_bytea(hlculid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'byteid16_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_from_bytea(pg_catalog.bytea) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'byteid16_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- into an hlculid on assignment too (a driver's bytes parameter stored into
-- a column); out of it, and in expressions, only explicitly
CREATE CAST (hlculid AS pg_catalog.bytea) WITH FUNCTION hlculid_to_bytea(hlculid);
CREATE CAST (pg_catalog.bytea AS hlculid) WITH FUNCTION hlculid_from_bytea(pg_catalog.bytea) AS ASSIGNMENT;
COMMENT ON CAST (hlculid AS pg_catalog.bytea) IS 'the 16 bytes of an hlculid';
COMMENT ON CAST (pg_catalog.bytea AS hlculid) IS 'hlculid of 16 bytes';

COMMENT ON FUNCTION hlculid_date_bin(pg_catalog.interval, hlculid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of an hlculid (like date_bin)';
COMMENT ON FUNCTION hlculid_to_bytea(hlculid) IS 'the 16 bytes of an hlculid';
COMMENT ON FUNCTION hlculid_from_bytea(pg_catalog.bytea) IS 'hlculid of 16 bytes';
COMMENT ON FUNCTION hlculid_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION hlculid_out(hlculid) IS 'I/O';
COMMENT ON FUNCTION hlculid_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) IS 'I/O';
COMMENT ON FUNCTION hlculid_send(hlculid) IS 'I/O';
COMMENT ON FUNCTION hlculid_eq(hlculid, hlculid) IS 'implementation of = operator';
COMMENT ON FUNCTION hlculid_ne(hlculid, hlculid) IS 'implementation of <> operator';
COMMENT ON FUNCTION hlculid_lt(hlculid, hlculid) IS 'implementation of < operator';
COMMENT ON FUNCTION hlculid_le(hlculid, hlculid) IS 'implementation of <= operator';
COMMENT ON FUNCTION hlculid_gt(hlculid, hlculid) IS 'implementation of > operator';
COMMENT ON FUNCTION hlculid_ge(hlculid, hlculid) IS 'implementation of >= operator';
COMMENT ON FUNCTION hlculid_cmp(hlculid, hlculid) IS 'less-equal-greater';
COMMENT ON FUNCTION hlculid_sortsupport(pg_catalog.internal) IS 'sort support';
COMMENT ON FUNCTION hlculid_hash(hlculid) IS 'hash';
COMMENT ON FUNCTION hlculid_hash_extended(hlculid, pg_catalog.int8) IS 'hash';
COMMENT ON FUNCTION hlculid_smaller(hlculid, hlculid) IS 'smaller of two';
COMMENT ON FUNCTION hlculid_larger(hlculid, hlculid) IS 'larger of two';
COMMENT ON FUNCTION hlculid_cmp_timestamptz(hlculid, pg_catalog.timestamptz) IS 'less-equal-greater';
COMMENT ON FUNCTION hlculid_lt_timestamptz(hlculid, pg_catalog.timestamptz) IS 'implementation of < operator';
COMMENT ON FUNCTION hlculid_le_timestamptz(hlculid, pg_catalog.timestamptz) IS 'implementation of <= operator';
COMMENT ON FUNCTION hlculid_eq_timestamptz(hlculid, pg_catalog.timestamptz) IS 'implementation of = operator';
COMMENT ON FUNCTION hlculid_ne_timestamptz(hlculid, pg_catalog.timestamptz) IS 'implementation of <> operator';
COMMENT ON FUNCTION hlculid_ge_timestamptz(hlculid, pg_catalog.timestamptz) IS 'implementation of >= operator';
COMMENT ON FUNCTION hlculid_gt_timestamptz(hlculid, pg_catalog.timestamptz) IS 'implementation of > operator';
COMMENT ON FUNCTION timestamptz_cmp_hlculid(pg_catalog.timestamptz, hlculid) IS 'less-equal-greater';
COMMENT ON FUNCTION timestamptz_lt_hlculid(pg_catalog.timestamptz, hlculid) IS 'implementation of < operator';
COMMENT ON FUNCTION timestamptz_le_hlculid(pg_catalog.timestamptz, hlculid) IS 'implementation of <= operator';
COMMENT ON FUNCTION timestamptz_eq_hlculid(pg_catalog.timestamptz, hlculid) IS 'implementation of = operator';
COMMENT ON FUNCTION timestamptz_ne_hlculid(pg_catalog.timestamptz, hlculid) IS 'implementation of <> operator';
COMMENT ON FUNCTION timestamptz_ge_hlculid(pg_catalog.timestamptz, hlculid) IS 'implementation of >= operator';
COMMENT ON FUNCTION timestamptz_gt_hlculid(pg_catalog.timestamptz, hlculid) IS 'implementation of > operator';

---------------------------------------------------------------------------
-- hlculid operators
---------------------------------------------------------------------------

CREATE OPERATOR = (
	LEFTARG = hlculid, RIGHTARG = hlculid, FUNCTION = hlculid_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = hlculid, RIGHTARG = hlculid, FUNCTION = hlculid_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = hlculid, RIGHTARG = hlculid, FUNCTION = hlculid_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = hlculid, RIGHTARG = hlculid, FUNCTION = hlculid_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = hlculid, RIGHTARG = hlculid, FUNCTION = hlculid_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = hlculid, RIGHTARG = hlculid, FUNCTION = hlculid_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR = (
	LEFTARG = hlculid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = hlculid_eq_timestamptz,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel
);
CREATE OPERATOR <> (
	LEFTARG = hlculid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = hlculid_ne_timestamptz,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = hlculid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = hlculid_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = hlculid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = hlculid_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = hlculid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = hlculid_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = hlculid, RIGHTARG = pg_catalog.timestamptz, FUNCTION = hlculid_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR = (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = hlculid, FUNCTION = timestamptz_eq_hlculid,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel
);
CREATE OPERATOR <> (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = hlculid, FUNCTION = timestamptz_ne_hlculid,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = hlculid, FUNCTION = timestamptz_lt_hlculid,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = hlculid, FUNCTION = timestamptz_le_hlculid,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = hlculid, FUNCTION = timestamptz_gt_hlculid,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = hlculid, FUNCTION = timestamptz_ge_hlculid,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

COMMENT ON OPERATOR = (hlculid, hlculid) IS 'equal';
COMMENT ON OPERATOR <> (hlculid, hlculid) IS 'not equal';
COMMENT ON OPERATOR < (hlculid, hlculid) IS 'less than';
COMMENT ON OPERATOR <= (hlculid, hlculid) IS 'less than or equal';
COMMENT ON OPERATOR > (hlculid, hlculid) IS 'greater than';
COMMENT ON OPERATOR >= (hlculid, hlculid) IS 'greater than or equal';
COMMENT ON OPERATOR = (hlculid, pg_catalog.timestamptz) IS
	'equal: the id is the first id of the time, which falls on a tick of the type';
COMMENT ON OPERATOR <> (hlculid, pg_catalog.timestamptz) IS
	'not equal: not =';
COMMENT ON OPERATOR < (hlculid, pg_catalog.timestamptz) IS
	'less than: the id''s timestamp is before the time';
COMMENT ON OPERATOR <= (hlculid, pg_catalog.timestamptz) IS
	'less than or equal: < or =';
COMMENT ON OPERATOR > (hlculid, pg_catalog.timestamptz) IS
	'greater than: >= and not =';
COMMENT ON OPERATOR >= (hlculid, pg_catalog.timestamptz) IS
	'greater than or equal: the id''s timestamp is the time or later';
COMMENT ON OPERATOR = (pg_catalog.timestamptz, hlculid) IS
	'equal: the commutator of = (hlculid, timestamptz)';
COMMENT ON OPERATOR <> (pg_catalog.timestamptz, hlculid) IS
	'not equal: the commutator of <> (hlculid, timestamptz)';
COMMENT ON OPERATOR < (pg_catalog.timestamptz, hlculid) IS
	'less than: the commutator of > (hlculid, timestamptz)';
COMMENT ON OPERATOR <= (pg_catalog.timestamptz, hlculid) IS
	'less than or equal: the commutator of >= (hlculid, timestamptz)';
COMMENT ON OPERATOR > (pg_catalog.timestamptz, hlculid) IS
	'greater than: the commutator of < (hlculid, timestamptz)';
COMMENT ON OPERATOR >= (pg_catalog.timestamptz, hlculid) IS
	'greater than or equal: the commutator of <= (hlculid, timestamptz)';

CREATE AGGREGATE min(hlculid) (
	SFUNC = hlculid_smaller,
	STYPE = hlculid,
	COMBINEFUNC = hlculid_smaller,
	SORTOP = OPERATOR(<),
	PARALLEL = SAFE
);
CREATE AGGREGATE max(hlculid) (
	SFUNC = hlculid_larger,
	STYPE = hlculid,
	COMBINEFUNC = hlculid_larger,
	SORTOP = OPERATOR(>),
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(hlculid) IS 'smallest (earliest) hlculid';
COMMENT ON AGGREGATE max(hlculid) IS 'largest (latest) hlculid';

---------------------------------------------------------------------------
-- hlculid opclasses
---------------------------------------------------------------------------

CREATE OPERATOR FAMILY hlculid_ops USING btree;
CREATE OPERATOR CLASS hlculid_ops
	DEFAULT FOR TYPE hlculid USING btree FAMILY hlculid_ops AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 hlculid_cmp(hlculid, hlculid),
	FUNCTION 2 hlculid_sortsupport(pg_catalog.internal),
	FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

-- hlculid against timestamptz, and timestamptz against itself so that the
-- family's cross-type set is complete
ALTER OPERATOR FAMILY hlculid_ops USING btree ADD
	OPERATOR 1 < (hlculid, pg_catalog.timestamptz),
	OPERATOR 2 <= (hlculid, pg_catalog.timestamptz),
	OPERATOR 3 = (hlculid, pg_catalog.timestamptz),
	OPERATOR 4 >= (hlculid, pg_catalog.timestamptz),
	OPERATOR 5 > (hlculid, pg_catalog.timestamptz),
	FUNCTION 1 hlculid_cmp_timestamptz(hlculid, pg_catalog.timestamptz),
	OPERATOR 1 < (pg_catalog.timestamptz, hlculid),
	OPERATOR 2 <= (pg_catalog.timestamptz, hlculid),
	OPERATOR 3 = (pg_catalog.timestamptz, hlculid),
	OPERATOR 4 >= (pg_catalog.timestamptz, hlculid),
	OPERATOR 5 > (pg_catalog.timestamptz, hlculid),
	FUNCTION 1 timestamptz_cmp_hlculid(pg_catalog.timestamptz, hlculid),
	OPERATOR 1 pg_catalog.< (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 2 pg_catalog.<= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 3 pg_catalog.= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 4 pg_catalog.>= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 5 pg_catalog.> (pg_catalog.timestamptz, pg_catalog.timestamptz),
	FUNCTION 1 pg_catalog.timestamptz_cmp(pg_catalog.timestamptz, pg_catalog.timestamptz);

CREATE OPERATOR CLASS hlculid_hash_ops
	DEFAULT FOR TYPE hlculid USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 hlculid_hash(hlculid),
	FUNCTION 2 hlculid_hash_extended(hlculid, pg_catalog.int8);

CREATE OPERATOR FAMILY hlculid_minmax_ops USING brin;
CREATE OPERATOR CLASS hlculid_minmax_ops
	DEFAULT FOR TYPE hlculid USING brin FAMILY hlculid_minmax_ops AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
	FUNCTION 2 pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 4 pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);

-- time ranges on a BRIN-indexed hlculid column
ALTER OPERATOR FAMILY hlculid_minmax_ops USING brin ADD
	OPERATOR 1 < (hlculid, pg_catalog.timestamptz),
	OPERATOR 2 <= (hlculid, pg_catalog.timestamptz),
	OPERATOR 3 = (hlculid, pg_catalog.timestamptz),
	OPERATOR 4 >= (hlculid, pg_catalog.timestamptz),
	OPERATOR 5 > (hlculid, pg_catalog.timestamptz);

COMMENT ON OPERATOR CLASS hlculid_ops USING btree IS 'default btree operator class of hlculid: byte order, which is time order';
COMMENT ON OPERATOR FAMILY hlculid_ops USING btree IS 'btree operator family of hlculid, with its comparisons against timestamptz';
COMMENT ON OPERATOR CLASS hlculid_hash_ops USING hash IS 'default hash operator class of hlculid';
COMMENT ON OPERATOR FAMILY hlculid_hash_ops USING hash IS 'hash operator family of hlculid';
COMMENT ON OPERATOR CLASS hlculid_minmax_ops USING brin IS 'default BRIN minmax operator class of hlculid';
COMMENT ON OPERATOR FAMILY hlculid_minmax_ops USING brin IS 'BRIN minmax operator family of hlculid, with its comparisons against timestamptz';

COMMENT ON TYPE hlculid IS
	'HLC-ULID: 16-byte id of a hybrid logical clock (millisecond timestamp and counter), the publisher that made it and 48 random bits; ULID text';

---------------------------------------------------------------------------
-- hlculid generation, extraction and construction
---------------------------------------------------------------------------

-- comparison with timestamptz (src/byteid.sql.in): a timestamp stands at
-- the smallest hlculid of its millisecond when it falls on one, else after
-- every hlculid of its millisecond, so "id >= t1 AND id < t2" is a time
-- range on the key

-- generation: the clock is per backend without shared_preload_libraries, so
-- neither runs in a parallel worker (its clock would be another one)
CREATE FUNCTION gen_hlculid() RETURNS hlculid
	AS 'MODULE_PATHNAME', 'gen_hlculid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION hlculid_observe(hlculid) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'hlculid_observe'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

-- extraction and construction
CREATE FUNCTION hlculid_timestamp(hlculid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'hlculid_timestamp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_counter(hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'hlculid_counter'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_publisher(hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'hlculid_publisher'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_entropy(hlculid) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'hlculid_entropy'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION hlculid_from_parts(ts pg_catalog.timestamptz, counter pg_catalog.int4, publisher pg_catalog.int4, entropy pg_catalog.int8) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'hlculid_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlculid_floor(pg_catalog.timestamptz) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'hlculid_floor'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hlculid_ceil(pg_catalog.timestamptz) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'hlculid_ceil'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- observing moves this server's clock for everybody (up to
-- idtypes.hlculid_max_drift ahead): not for every role
REVOKE EXECUTE ON FUNCTION hlculid_observe(hlculid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hlculid_observe(hlculid) TO @extowner@ WITH GRANT OPTION;

-- from a uuid too, like from bytea: into an hlculid on assignment (a
-- driver's uuid parameter stored into a column); out of it, and in
-- expressions, only explicitly
CREATE CAST (hlculid AS pg_catalog.uuid) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.uuid AS hlculid) WITHOUT FUNCTION AS ASSIGNMENT;
COMMENT ON CAST (hlculid AS pg_catalog.uuid) IS 'the same 16 bytes as a uuid';
COMMENT ON CAST (pg_catalog.uuid AS hlculid) IS 'the same 16 bytes as an hlculid';

COMMENT ON FUNCTION gen_hlculid() IS
	'new hlculid: the next (millisecond, counter) of this node''s hybrid logical clock, this node''s publisher, 48 random bits';
COMMENT ON FUNCTION hlculid_observe(hlculid) IS
	'merge an hlculid''s (millisecond, counter) into this node''s hybrid logical clock, so that ids generated afterwards sort after it';
COMMENT ON FUNCTION hlculid_timestamp(hlculid) IS 'timestamp of an hlculid (milliseconds)';
COMMENT ON FUNCTION hlculid_counter(hlculid) IS 'logical counter of an hlculid (0 to 65535)';
COMMENT ON FUNCTION hlculid_publisher(hlculid) IS 'publisher (node id) of an hlculid (0 to 65535)';
COMMENT ON FUNCTION hlculid_entropy(hlculid) IS 'the 48 random bits of an hlculid';
COMMENT ON FUNCTION hlculid_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int8) IS
	'hlculid of a timestamp (truncated to the millisecond), counter (0 to 65535), publisher (0 to 65535) and entropy (0 to 2^48-1)';
COMMENT ON FUNCTION hlculid_floor(pg_catalog.timestamptz) IS 'smallest hlculid whose time is the given one or later (the first of its millisecond, or of the next)';
COMMENT ON FUNCTION hlculid_ceil(pg_catalog.timestamptz) IS 'largest hlculid whose time is the given one or earlier (the last of its millisecond)';

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

-- into a uid8 on assignment too (a driver's long or byte[8] parameter stored
-- into a column); out of it, and in expressions, only explicitly
CREATE CAST (uid8 AS pg_catalog.int8) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.int8 AS uid8) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uid8 AS pg_catalog.bytea) WITH FUNCTION uid8_to_bytea(uid8);
CREATE CAST (pg_catalog.bytea AS uid8) WITH FUNCTION uid8_from_bytea(pg_catalog.bytea) AS ASSIGNMENT;
COMMENT ON CAST (uid8 AS pg_catalog.int8) IS 'the same 64 bits as a bigint (ids with the top bit set are negative)';
COMMENT ON CAST (pg_catalog.int8 AS uid8) IS 'the same 64 bits as a uid8';
COMMENT ON CAST (uid8 AS pg_catalog.bytea) IS 'the 8 bytes of a uid8, big-endian';
COMMENT ON CAST (pg_catalog.bytea AS uid8) IS 'uid8 of 8 bytes, big-endian';

COMMENT ON FUNCTION gen_uid8() IS
	'new uid8: the current millisecond, the next sequence, this generator''s id, idtypes.uid8_cluster_id and idtypes.uid8_mode';
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
	'uid8 of a timestamp (truncated to the millisecond), sequence (0 to 63), generator (0 to 2047), cluster (0 to 15) and mode (spread or time_sequential)';
COMMENT ON FUNCTION uid8_floor(pg_catalog.timestamptz) IS 'smallest time_sequential uid8 whose time is the given one or later';
COMMENT ON FUNCTION uid8_ceil(pg_catalog.timestamptz) IS 'largest time_sequential uid8 whose time is the given one or earlier';
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

-- src/uuid.sql: the SQL of UUIDv6, v7 and v8 on core uuid (src/uuid.c).

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
CREATE FUNCTION uuid_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'uuid_date_bin'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
CREATE FUNCTION uuidv1_to_uuidv6(pg_catalog.uuid) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv1_to_uuidv6'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv6_to_uuidv1(pg_catalog.uuid) RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_to_uuidv1'
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
COMMENT ON FUNCTION uuid_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a version 1, 6 or 7 UUID (NULL for other versions) (like date_bin)';
COMMENT ON FUNCTION uuidv8_timestamp(pg_catalog.uuid) IS
	'timestamp of a UUIDv8 made by gen_uuidv8(), to the microsecond (NULL for other versions)';
COMMENT ON FUNCTION uuidv8_from_bytes(pg_catalog.bytea) IS
	'UUIDv8 of 16 bytes: version and variant bits set, the other 122 bits kept';
COMMENT ON FUNCTION uuidv6_floor(pg_catalog.timestamptz) IS 'smallest UUIDv6 of a microsecond';
COMMENT ON FUNCTION uuidv6_ceil(pg_catalog.timestamptz) IS 'largest UUIDv6 of a microsecond';
COMMENT ON FUNCTION uuidv7_floor(pg_catalog.timestamptz) IS 'smallest UUIDv7 whose timestamp is the given time or later (the first of its millisecond, or of the next)';
COMMENT ON FUNCTION uuidv7_ceil(pg_catalog.timestamptz) IS 'largest UUIDv7 whose timestamp is the given time or earlier (the last of its millisecond)';
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest gen_uuidv8() UUID of a microsecond';
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest gen_uuidv8() UUID of a microsecond';
COMMENT ON FUNCTION uuidv1_to_uuidv6(pg_catalog.uuid) IS
	'UUIDv6 of a UUIDv1: same timestamp, clock sequence and node';
COMMENT ON FUNCTION uuidv6_to_uuidv1(pg_catalog.uuid) IS
	'UUIDv1 of a UUIDv6: same timestamp, clock sequence and node';

-- src/tid62.sql: the SQL of SimpleDB's tid62 (src/tid62.c).  The type, its
-- comparisons, operator classes and bytea casts are the byte-id block
-- (src/byteid.sql.in); the other SimpleDB text ids are in src/simpledb.sql.

---------------------------------------------------------------------------
-- tid62 type
---------------------------------------------------------------------------

CREATE TYPE tid62;

CREATE FUNCTION tid62_in(pg_catalog.cstring) RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_in'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tid62_out(tid62) RETURNS pg_catalog.cstring
	AS 'MODULE_PATHNAME', 'tid62_out'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tid62_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) RETURNS tid62
	AS 'MODULE_PATHNAME', 'byteid12_recv'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tid62_send(tid62) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'byteid12_send'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE tid62 (
	INPUT = tid62_in,
	OUTPUT = tid62_out,
	RECEIVE = tid62_recv,
	SEND = tid62_send,
	INTERNALLENGTH = 12,
	ALIGNMENT = char,
	STORAGE = plain
);

---------------------------------------------------------------------------
-- tid62 functions
---------------------------------------------------------------------------

CREATE FUNCTION tid62_eq(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid12_eq'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_ne(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid12_ne'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_lt(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid12_lt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_le(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid12_le'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_gt(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid12_gt'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_ge(tid62, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'byteid12_ge'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_cmp(tid62, tid62) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'byteid12_cmp'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'byteid12_sortsupport'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tid62_hash(tid62) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'byteid12_hash'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_hash_extended(tid62, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'byteid12_hash_extended'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_smaller(tid62, tid62) RETURNS tid62
	AS 'MODULE_PATHNAME', 'byteid12_smaller'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_larger(tid62, tid62) RETURNS tid62
	AS 'MODULE_PATHNAME', 'byteid12_larger'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- comparison with timestamptz: a time stands among the ids where the
-- type's floor function puts it (the scheme's source says where that is),
-- so "id >= t1 AND id < t2" is a time range on the key
CREATE FUNCTION tid62_cmp_timestamptz(tid62, pg_catalog.timestamptz) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_lt_timestamptz(tid62, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_le_timestamptz(tid62, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_eq_timestamptz(tid62, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_ne_timestamptz(tid62, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_ge_timestamptz(tid62, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_gt_timestamptz(tid62, pg_catalog.timestamptz) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_cmp_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_lt_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_le_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_eq_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_ne_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_ge_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_gt_tid62(pg_catalog.timestamptz, tid62) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- time bins
CREATE FUNCTION tid62_date_bin(stride pg_catalog.interval, id tid62, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'tid62_date_bin'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- casts
CREATE FUNCTION tid62_to_bytea(tid62) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME', 'byteid12_to_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION tid62_from_bytea(pg_catalog.bytea) RETURNS tid62
	AS 'MODULE_PATHNAME', 'byteid12_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- into a tid62 on assignment too (a driver's bytes parameter stored into
-- a column); out of it, and in expressions, only explicitly
CREATE CAST (tid62 AS pg_catalog.bytea) WITH FUNCTION tid62_to_bytea(tid62);
CREATE CAST (pg_catalog.bytea AS tid62) WITH FUNCTION tid62_from_bytea(pg_catalog.bytea) AS ASSIGNMENT;
COMMENT ON CAST (tid62 AS pg_catalog.bytea) IS 'the 12 bytes of a tid62';
COMMENT ON CAST (pg_catalog.bytea AS tid62) IS 'tid62 of 12 bytes';

COMMENT ON FUNCTION tid62_date_bin(pg_catalog.interval, tid62, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a tid62 (like date_bin)';
COMMENT ON FUNCTION tid62_to_bytea(tid62) IS 'the 12 bytes of a tid62';
COMMENT ON FUNCTION tid62_from_bytea(pg_catalog.bytea) IS 'tid62 of 12 bytes';
COMMENT ON FUNCTION tid62_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION tid62_out(tid62) IS 'I/O';
COMMENT ON FUNCTION tid62_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) IS 'I/O';
COMMENT ON FUNCTION tid62_send(tid62) IS 'I/O';
COMMENT ON FUNCTION tid62_eq(tid62, tid62) IS 'implementation of = operator';
COMMENT ON FUNCTION tid62_ne(tid62, tid62) IS 'implementation of <> operator';
COMMENT ON FUNCTION tid62_lt(tid62, tid62) IS 'implementation of < operator';
COMMENT ON FUNCTION tid62_le(tid62, tid62) IS 'implementation of <= operator';
COMMENT ON FUNCTION tid62_gt(tid62, tid62) IS 'implementation of > operator';
COMMENT ON FUNCTION tid62_ge(tid62, tid62) IS 'implementation of >= operator';
COMMENT ON FUNCTION tid62_cmp(tid62, tid62) IS 'less-equal-greater';
COMMENT ON FUNCTION tid62_sortsupport(pg_catalog.internal) IS 'sort support';
COMMENT ON FUNCTION tid62_hash(tid62) IS 'hash';
COMMENT ON FUNCTION tid62_hash_extended(tid62, pg_catalog.int8) IS 'hash';
COMMENT ON FUNCTION tid62_smaller(tid62, tid62) IS 'smaller of two';
COMMENT ON FUNCTION tid62_larger(tid62, tid62) IS 'larger of two';
COMMENT ON FUNCTION tid62_cmp_timestamptz(tid62, pg_catalog.timestamptz) IS 'less-equal-greater';
COMMENT ON FUNCTION tid62_lt_timestamptz(tid62, pg_catalog.timestamptz) IS 'implementation of < operator';
COMMENT ON FUNCTION tid62_le_timestamptz(tid62, pg_catalog.timestamptz) IS 'implementation of <= operator';
COMMENT ON FUNCTION tid62_eq_timestamptz(tid62, pg_catalog.timestamptz) IS 'implementation of = operator';
COMMENT ON FUNCTION tid62_ne_timestamptz(tid62, pg_catalog.timestamptz) IS 'implementation of <> operator';
COMMENT ON FUNCTION tid62_ge_timestamptz(tid62, pg_catalog.timestamptz) IS 'implementation of >= operator';
COMMENT ON FUNCTION tid62_gt_timestamptz(tid62, pg_catalog.timestamptz) IS 'implementation of > operator';
COMMENT ON FUNCTION timestamptz_cmp_tid62(pg_catalog.timestamptz, tid62) IS 'less-equal-greater';
COMMENT ON FUNCTION timestamptz_lt_tid62(pg_catalog.timestamptz, tid62) IS 'implementation of < operator';
COMMENT ON FUNCTION timestamptz_le_tid62(pg_catalog.timestamptz, tid62) IS 'implementation of <= operator';
COMMENT ON FUNCTION timestamptz_eq_tid62(pg_catalog.timestamptz, tid62) IS 'implementation of = operator';
COMMENT ON FUNCTION timestamptz_ne_tid62(pg_catalog.timestamptz, tid62) IS 'implementation of <> operator';
COMMENT ON FUNCTION timestamptz_ge_tid62(pg_catalog.timestamptz, tid62) IS 'implementation of >= operator';
COMMENT ON FUNCTION timestamptz_gt_tid62(pg_catalog.timestamptz, tid62) IS 'implementation of > operator';

---------------------------------------------------------------------------
-- tid62 operators
---------------------------------------------------------------------------

CREATE OPERATOR = (
	LEFTARG = tid62, RIGHTARG = tid62, FUNCTION = tid62_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = tid62, RIGHTARG = tid62, FUNCTION = tid62_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = tid62, RIGHTARG = tid62, FUNCTION = tid62_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = tid62, RIGHTARG = tid62, FUNCTION = tid62_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = tid62, RIGHTARG = tid62, FUNCTION = tid62_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = tid62, RIGHTARG = tid62, FUNCTION = tid62_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR = (
	LEFTARG = tid62, RIGHTARG = pg_catalog.timestamptz, FUNCTION = tid62_eq_timestamptz,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel
);
CREATE OPERATOR <> (
	LEFTARG = tid62, RIGHTARG = pg_catalog.timestamptz, FUNCTION = tid62_ne_timestamptz,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = tid62, RIGHTARG = pg_catalog.timestamptz, FUNCTION = tid62_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = tid62, RIGHTARG = pg_catalog.timestamptz, FUNCTION = tid62_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = tid62, RIGHTARG = pg_catalog.timestamptz, FUNCTION = tid62_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = tid62, RIGHTARG = pg_catalog.timestamptz, FUNCTION = tid62_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR = (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = tid62, FUNCTION = timestamptz_eq_tid62,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel
);
CREATE OPERATOR <> (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = tid62, FUNCTION = timestamptz_ne_tid62,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = tid62, FUNCTION = timestamptz_lt_tid62,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = tid62, FUNCTION = timestamptz_le_tid62,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = tid62, FUNCTION = timestamptz_gt_tid62,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = pg_catalog.timestamptz, RIGHTARG = tid62, FUNCTION = timestamptz_ge_tid62,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

COMMENT ON OPERATOR = (tid62, tid62) IS 'equal';
COMMENT ON OPERATOR <> (tid62, tid62) IS 'not equal';
COMMENT ON OPERATOR < (tid62, tid62) IS 'less than';
COMMENT ON OPERATOR <= (tid62, tid62) IS 'less than or equal';
COMMENT ON OPERATOR > (tid62, tid62) IS 'greater than';
COMMENT ON OPERATOR >= (tid62, tid62) IS 'greater than or equal';
COMMENT ON OPERATOR = (tid62, pg_catalog.timestamptz) IS
	'equal: the id is the first id of the time, which falls on a tick of the type';
COMMENT ON OPERATOR <> (tid62, pg_catalog.timestamptz) IS
	'not equal: not =';
COMMENT ON OPERATOR < (tid62, pg_catalog.timestamptz) IS
	'less than: the id''s timestamp is before the time';
COMMENT ON OPERATOR <= (tid62, pg_catalog.timestamptz) IS
	'less than or equal: < or =';
COMMENT ON OPERATOR > (tid62, pg_catalog.timestamptz) IS
	'greater than: >= and not =';
COMMENT ON OPERATOR >= (tid62, pg_catalog.timestamptz) IS
	'greater than or equal: the id''s timestamp is the time or later';
COMMENT ON OPERATOR = (pg_catalog.timestamptz, tid62) IS
	'equal: the commutator of = (tid62, timestamptz)';
COMMENT ON OPERATOR <> (pg_catalog.timestamptz, tid62) IS
	'not equal: the commutator of <> (tid62, timestamptz)';
COMMENT ON OPERATOR < (pg_catalog.timestamptz, tid62) IS
	'less than: the commutator of > (tid62, timestamptz)';
COMMENT ON OPERATOR <= (pg_catalog.timestamptz, tid62) IS
	'less than or equal: the commutator of >= (tid62, timestamptz)';
COMMENT ON OPERATOR > (pg_catalog.timestamptz, tid62) IS
	'greater than: the commutator of < (tid62, timestamptz)';
COMMENT ON OPERATOR >= (pg_catalog.timestamptz, tid62) IS
	'greater than or equal: the commutator of <= (tid62, timestamptz)';

CREATE AGGREGATE min(tid62) (
	SFUNC = tid62_smaller,
	STYPE = tid62,
	COMBINEFUNC = tid62_smaller,
	SORTOP = OPERATOR(<),
	PARALLEL = SAFE
);
CREATE AGGREGATE max(tid62) (
	SFUNC = tid62_larger,
	STYPE = tid62,
	COMBINEFUNC = tid62_larger,
	SORTOP = OPERATOR(>),
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(tid62) IS 'smallest (earliest) tid62';
COMMENT ON AGGREGATE max(tid62) IS 'largest (latest) tid62';

---------------------------------------------------------------------------
-- tid62 opclasses
---------------------------------------------------------------------------

CREATE OPERATOR FAMILY tid62_ops USING btree;
CREATE OPERATOR CLASS tid62_ops
	DEFAULT FOR TYPE tid62 USING btree FAMILY tid62_ops AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 tid62_cmp(tid62, tid62),
	FUNCTION 2 tid62_sortsupport(pg_catalog.internal),
	FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

-- tid62 against timestamptz, and timestamptz against itself so that the
-- family's cross-type set is complete
ALTER OPERATOR FAMILY tid62_ops USING btree ADD
	OPERATOR 1 < (tid62, pg_catalog.timestamptz),
	OPERATOR 2 <= (tid62, pg_catalog.timestamptz),
	OPERATOR 3 = (tid62, pg_catalog.timestamptz),
	OPERATOR 4 >= (tid62, pg_catalog.timestamptz),
	OPERATOR 5 > (tid62, pg_catalog.timestamptz),
	FUNCTION 1 tid62_cmp_timestamptz(tid62, pg_catalog.timestamptz),
	OPERATOR 1 < (pg_catalog.timestamptz, tid62),
	OPERATOR 2 <= (pg_catalog.timestamptz, tid62),
	OPERATOR 3 = (pg_catalog.timestamptz, tid62),
	OPERATOR 4 >= (pg_catalog.timestamptz, tid62),
	OPERATOR 5 > (pg_catalog.timestamptz, tid62),
	FUNCTION 1 timestamptz_cmp_tid62(pg_catalog.timestamptz, tid62),
	OPERATOR 1 pg_catalog.< (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 2 pg_catalog.<= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 3 pg_catalog.= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 4 pg_catalog.>= (pg_catalog.timestamptz, pg_catalog.timestamptz),
	OPERATOR 5 pg_catalog.> (pg_catalog.timestamptz, pg_catalog.timestamptz),
	FUNCTION 1 pg_catalog.timestamptz_cmp(pg_catalog.timestamptz, pg_catalog.timestamptz);

CREATE OPERATOR CLASS tid62_hash_ops
	DEFAULT FOR TYPE tid62 USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 tid62_hash(tid62),
	FUNCTION 2 tid62_hash_extended(tid62, pg_catalog.int8);

CREATE OPERATOR FAMILY tid62_minmax_ops USING brin;
CREATE OPERATOR CLASS tid62_minmax_ops
	DEFAULT FOR TYPE tid62 USING brin FAMILY tid62_minmax_ops AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
	FUNCTION 2 pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 4 pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);

-- time ranges on a BRIN-indexed tid62 column
ALTER OPERATOR FAMILY tid62_minmax_ops USING brin ADD
	OPERATOR 1 < (tid62, pg_catalog.timestamptz),
	OPERATOR 2 <= (tid62, pg_catalog.timestamptz),
	OPERATOR 3 = (tid62, pg_catalog.timestamptz),
	OPERATOR 4 >= (tid62, pg_catalog.timestamptz),
	OPERATOR 5 > (tid62, pg_catalog.timestamptz);

COMMENT ON OPERATOR CLASS tid62_ops USING btree IS 'default btree operator class of tid62: byte order, which is time order';
COMMENT ON OPERATOR FAMILY tid62_ops USING btree IS 'btree operator family of tid62, with its comparisons against timestamptz';
COMMENT ON OPERATOR CLASS tid62_hash_ops USING hash IS 'default hash operator class of tid62';
COMMENT ON OPERATOR FAMILY tid62_hash_ops USING hash IS 'hash operator family of tid62';
COMMENT ON OPERATOR CLASS tid62_minmax_ops USING brin IS 'default BRIN minmax operator class of tid62';
COMMENT ON OPERATOR FAMILY tid62_minmax_ops USING brin IS 'BRIN minmax operator family of tid62, with its comparisons against timestamptz';

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

-- src/simpledb.sql: the SQL of the SimpleDB specification's text ids besides
-- tid62 (src/simpledb.c): base64url uuids and zero-padded ordinals, and its
-- id domain.  Prefixed tid62s are in src/tid62.sql.

---------------------------------------------------------------------------
-- SimpleDB helpers: uuid464, seq10, seq36, simpledb_id
---------------------------------------------------------------------------

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

COMMENT ON FUNCTION uuid464(pg_catalog.uuid) IS 'uuid as 22 characters of unpadded base64url';
COMMENT ON FUNCTION uuid464_decode(pg_catalog.text) IS 'uuid of 22 characters of unpadded base64url';
COMMENT ON FUNCTION gen_uuid464() IS 'new random (version 4) uuid as 22 characters of unpadded base64url';
COMMENT ON FUNCTION seq10(pg_catalog.int8) IS 'ordinal as 10 zero-padded decimal digits (0 to 9999999999)';
COMMENT ON FUNCTION seq36(pg_catalog.int8) IS 'ordinal as 7 zero-padded lowercase base-36 digits (0 to 78364164095)';
COMMENT ON DOMAIN simpledb_id IS 'SimpleDB id: one or more of A-Z, a-z, 0-9, _ and -';

-- src/partition.sql: the partitioning helper, over the id types of every
-- scheme (their floor functions), so after their sources.

---------------------------------------------------------------------------
-- partitioning helper
---------------------------------------------------------------------------

-- The range partitions of a table partitioned by range on one id column that
-- cover [from, to) in steps of step, with the bounds of each from the key
-- type's floor function, and the statement that creates it.  PL/pgSQL for
-- the dynamic calls: the extension is relocatable, so the floor functions
-- are called in whatever schema it is in now.  The search path is pinned to
-- pg_catalog (then pg_temp), so nothing in another schema can capture the
-- catalogs, functions and operators the body names.
CREATE FUNCTION idtypes_range_partitions(
	parent pg_catalog.regclass,
	"from" pg_catalog.timestamptz,
	"to" pg_catalog.timestamptz,
	step pg_catalog.interval DEFAULT '1 month',
	OUT partition_name pg_catalog.text,
	OUT starts pg_catalog.timestamptz,
	OUT ends pg_catalog.timestamptz,
	OUT lower_bound pg_catalog.text,
	OUT upper_bound pg_catalog.text,
	OUT ddl pg_catalog.text)
	RETURNS SETOF record
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	strategy "char";
	nkeys int2;
	keycol int2;
	keytype oid;
	ext_nsp name;
	floor_fn name;
	parent_nsp name;
	parent_name name;
	suffix_format text;
	k int := 0;
BEGIN
	SELECT p.partstrat, p.partnatts, p.partattrs[0]
	  INTO strategy, nkeys, keycol
	  FROM pg_partitioned_table p WHERE p.partrelid = parent;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'table "%" is not partitioned', parent
			USING ERRCODE = 'wrong_object_type';
	END IF;
	IF strategy <> 'r' OR nkeys <> 1 OR keycol = 0 THEN
		RAISE EXCEPTION 'table "%" is not partitioned by range on one column', parent
			USING ERRCODE = 'wrong_object_type';
	END IF;

	SELECT a.atttypid INTO keytype
	  FROM pg_attribute a WHERE a.attrelid = parent AND a.attnum = keycol;
	SELECT e.extnamespace::regnamespace::name INTO ext_nsp
	  FROM pg_extension e WHERE e.extname = 'idtypes';
	SELECT CASE WHEN t.oid = 'pg_catalog.uuid'::regtype THEN 'uuidv7_floor'
				ELSE t.typname || '_floor' END
	  INTO floor_fn
	  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
	 WHERE t.oid = keytype
	   AND (t.oid = 'pg_catalog.uuid'::regtype
			OR (n.nspname = ext_nsp AND t.typname IN ('muid', 'hlculid', 'tid62', 'uid8')));
	IF floor_fn IS NULL THEN
		RAISE EXCEPTION 'the partition key of table "%" is of type %, not an id type of idtypes',
			parent, keytype::regtype
			USING ERRCODE = 'datatype_mismatch',
				  HINT = 'The key must be of type muid, hlculid, tid62, uid8 or uuid.';
	END IF;

	-- every part of the step (months, days, time) at least zero and one
	-- above, so that every bound is strictly later than the one before it
	-- (a step like '1 mon -30 days' moves some bounds back)
	IF "from" + step <= "from" THEN
		RAISE EXCEPTION 'step must be greater than zero'
			USING ERRCODE = 'invalid_parameter_value';
	END IF;
	IF extract(year FROM step) * 12 + extract(month FROM step) < 0
	   OR extract(day FROM step) < 0
	   OR step - date_trunc('day', step) < interval '0' THEN
		RAISE EXCEPTION 'step must not have a negative part'
			USING ERRCODE = 'invalid_parameter_value',
				  DETAIL = format('The step %s has parts of both signs, so some partitions would end before they start.', step);
	END IF;
	-- partition names end with the start of their range, to the step's unit
	suffix_format := CASE
		WHEN step = date_trunc('month', step) THEN 'YYYY_MM'
		WHEN step = date_trunc('day', step) THEN 'YYYY_MM_DD'
		WHEN step = date_trunc('minute', step) THEN 'YYYY_MM_DD_HH24MI'
		WHEN step = date_trunc('second', step) THEN 'YYYY_MM_DD_HH24MISS'
	END;
	IF suffix_format IS NULL THEN
		RAISE EXCEPTION 'step must be a whole number of seconds'
			USING ERRCODE = 'invalid_parameter_value';
	END IF;

	SELECT n.nspname, c.relname INTO parent_nsp, parent_name
	  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	 WHERE c.oid = parent;

	-- from + k * step rather than adding step repeatedly, so that month
	-- steps from the 31st keep returning to the 31st where there is one
	LOOP
		starts := "from" + k * step;
		EXIT WHEN starts >= "to";
		ends := "from" + (k + 1) * step;
		partition_name := parent_name || '_' || to_char(starts, suffix_format);
		IF octet_length(partition_name) > 63 THEN
			RAISE EXCEPTION 'partition name "%" is too long', partition_name
				USING ERRCODE = 'name_too_long',
					  HINT = 'Partition names are the table''s name, "_" and the start of their range.';
		END IF;
		EXECUTE format('SELECT %I.%I($1)::pg_catalog.text, %I.%I($2)::pg_catalog.text',
					   ext_nsp, floor_fn, ext_nsp, floor_fn)
		   INTO lower_bound, upper_bound
		  USING starts, ends;
		ddl := format('CREATE TABLE IF NOT EXISTS %I.%I PARTITION OF %I.%I FOR VALUES FROM (%L) TO (%L)',
					  parent_nsp, partition_name, parent_nsp, parent_name,
					  lower_bound, upper_bound);
		RETURN NEXT;
		k := k + 1;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION idtypes_range_partitions(pg_catalog.regclass, pg_catalog.timestamptz, pg_catalog.timestamptz, pg_catalog.interval) IS
	'range partitions covering [from, to) in steps of step for a table partitioned by range on an id column: names, time ranges, bounds from the key type''s floor function, CREATE TABLE statements';
