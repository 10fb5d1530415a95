-- src/hlculid.sql: the SQL of HLC-ULID (src/hlculid.c).  The type, its
-- comparisons, time functions, operator classes and bytea casts are the
-- byte-id block (src/byteid.sql.in).

@byteid hlculid 16 an millisecond

COMMENT ON TYPE hlculid IS
	'HLC-ULID: 16-byte id of a hybrid logical clock (millisecond timestamp and counter), the publisher that made it and 48 random bits; ULID text';

---------------------------------------------------------------------------
-- hlculid generation, extraction and construction
---------------------------------------------------------------------------

-- generation (PARALLEL RESTRICTED: src/idtypes.sql says why)
CREATE FUNCTION gen_hlculid() RETURNS hlculid
	AS 'MODULE_PATHNAME', 'idtypes_gen_hlculid'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION gen_hlculid() IS
	'new hlculid: the next (millisecond, counter) of this node''s hybrid logical clock, this node''s publisher, 48 random bits';
CREATE FUNCTION hlculid_observe(hlculid) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME', 'hlculid_observe'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION hlculid_observe(hlculid) IS
	'merge an hlculid''s (millisecond, counter) into this node''s hybrid logical clock, so that ids generated afterwards sort after it';

-- extraction and construction
CREATE FUNCTION hlculid_counter(hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'hlculid_counter'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION hlculid_counter(hlculid) IS 'logical counter of an hlculid (0 to 65535)';
CREATE FUNCTION hlculid_publisher(hlculid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'hlculid_publisher'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION hlculid_publisher(hlculid) IS 'publisher (node id) of an hlculid (0 to 65535)';
CREATE FUNCTION hlculid_entropy(hlculid) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME', 'hlculid_entropy'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION hlculid_entropy(hlculid) IS 'the 48 random bits of an hlculid';
CREATE FUNCTION hlculid_from_parts(ts pg_catalog.timestamptz, counter pg_catalog.int4, publisher pg_catalog.int4, entropy pg_catalog.int8) RETURNS hlculid
	AS 'MODULE_PATHNAME', 'hlculid_from_parts'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hlculid_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int8) IS
	'hlculid of a timestamp (truncated to the millisecond), counter (0 to 65535), publisher (0 to 65535) and entropy (0 to 2^48-1)';

-- observing moves this server's clock for everybody (up to
-- idtypes.hlculid_max_drift ahead, and idtypes.clock_max_ahead but for
-- superusers): not for every role
REVOKE EXECUTE ON FUNCTION hlculid_observe(hlculid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION hlculid_observe(hlculid) TO @extowner@ WITH GRANT OPTION;

-- to and from a uuid too, like to and from bytea: explicit only
CREATE CAST (hlculid AS pg_catalog.uuid) WITHOUT FUNCTION;
COMMENT ON CAST (hlculid AS pg_catalog.uuid) IS 'the same 16 bytes as a uuid';
CREATE CAST (pg_catalog.uuid AS hlculid) WITHOUT FUNCTION;
COMMENT ON CAST (pg_catalog.uuid AS hlculid) IS 'the same 16 bytes as an hlculid';
