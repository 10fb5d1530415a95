-- companion/src/simpledb.sql: the SimpleDB specification's text ids
-- besides tid62, as the C extension's (src/simpledb.c, src/simpledb.sql):
-- base64url uuids, zero-padded ordinals, and the id domain.  Prefixed
-- tid62s are in tid62.sql.

---------------------------------------------------------------------------
-- SimpleDB helpers: uuid464, seq10, seq36, simpledb_id
---------------------------------------------------------------------------

CREATE FUNCTION uuid464(pg_catalog.uuid) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN pg_catalog.translate(pg_catalog.rtrim(pg_catalog.encode(pg_catalog.uuid_send($1), 'base64'), '='), '+/', '-_');
COMMENT ON FUNCTION uuid464(pg_catalog.uuid) IS 'uuid as 22 characters of unpadded base64url';

-- Only the canonical form: 22 base64url characters, the last one leaving
-- the 4 unused bits zero (A, Q, g or w); else 22P02.
CREATE FUNCTION uuid464_decode(pg_catalog.text) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN $1 COLLATE pg_catalog."C" ~ '^[A-Za-z0-9_-]{21}[AQgw]$'
			THEN pg_catalog.encode(pg_catalog.decode(pg_catalog.translate($1, '-_', '+/') || '==', 'base64'), 'hex')::pg_catalog.uuid
			ELSE @extschema@.idtypes_sql_error('22P02', 'invalid input syntax for uuid464: "' || $1 || '"',
				CASE WHEN $1 COLLATE pg_catalog."C" ~ '^[A-Za-z0-9_-]{22}$'
					 THEN 'The last character of a uuid464 is one of A, Q, g and w: the other characters leave unused bits set, and each uuid has one uuid464.'
					 ELSE 'A uuid464 is 22 base64url characters (A-Z, a-z, 0-9, - and _), without padding.' END,
				NULL::pg_catalog.uuid) END;
COMMENT ON FUNCTION uuid464_decode(pg_catalog.text) IS 'uuid of 22 characters of unpadded base64url';

CREATE FUNCTION gen_uuid464() RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE PARALLEL SAFE
RETURN @extschema@.uuid464(pg_catalog.gen_random_uuid());
COMMENT ON FUNCTION gen_uuid464() IS 'new random (version 4) uuid as 22 characters of unpadded base64url';

CREATE FUNCTION seq10(pg_catalog.int8) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN $1 >= 0 AND $1 <= 9999999999 THEN pg_catalog.lpad($1::pg_catalog.text, 10, '0')
			ELSE @extschema@.idtypes_sql_error('22003', 'value ' || $1::pg_catalog.text || ' is out of range for seq10',
				'seq10 takes integers from 0 to 9999999999.', NULL::pg_catalog.text) END;
COMMENT ON FUNCTION seq10(pg_catalog.int8) IS 'ordinal as 10 zero-padded decimal digits (0 to 9999999999)';

-- Seven base-36 digits, most significant first (36^6 = 2176782336).
CREATE FUNCTION seq36(pg_catalog.int8) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN $1 >= 0 AND $1 <= 78364164095
			THEN pg_catalog.substr('0123456789abcdefghijklmnopqrstuvwxyz', ($1 / 2176782336 % 36)::pg_catalog.int4 + 1, 1)
				 || pg_catalog.substr('0123456789abcdefghijklmnopqrstuvwxyz', ($1 / 60466176 % 36)::pg_catalog.int4 + 1, 1)
				 || pg_catalog.substr('0123456789abcdefghijklmnopqrstuvwxyz', ($1 / 1679616 % 36)::pg_catalog.int4 + 1, 1)
				 || pg_catalog.substr('0123456789abcdefghijklmnopqrstuvwxyz', ($1 / 46656 % 36)::pg_catalog.int4 + 1, 1)
				 || pg_catalog.substr('0123456789abcdefghijklmnopqrstuvwxyz', ($1 / 1296 % 36)::pg_catalog.int4 + 1, 1)
				 || pg_catalog.substr('0123456789abcdefghijklmnopqrstuvwxyz', ($1 / 36 % 36)::pg_catalog.int4 + 1, 1)
				 || pg_catalog.substr('0123456789abcdefghijklmnopqrstuvwxyz', ($1 % 36)::pg_catalog.int4 + 1, 1)
			ELSE @extschema@.idtypes_sql_error('22003', 'value ' || $1::pg_catalog.text || ' is out of range for seq36',
				'seq36 takes integers from 0 to 78364164095 (zzzzzzz).', NULL::pg_catalog.text) END;
COMMENT ON FUNCTION seq36(pg_catalog.int8) IS 'ordinal as 7 zero-padded lowercase base-36 digits (0 to 78364164095)';

-- the SimpleDB id characters; COLLATE "C" so that the character ranges are
-- byte ranges whatever the database's collation
CREATE DOMAIN simpledb_id AS pg_catalog.text
	CONSTRAINT simpledb_id_check
	CHECK (VALUE COLLATE pg_catalog."C" ~ '^[A-Za-z0-9_-]+$');
COMMENT ON DOMAIN simpledb_id IS 'SimpleDB id: one or more of A-Z, a-z, 0-9, _ and -';
