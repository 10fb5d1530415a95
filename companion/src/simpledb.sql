-- companion/src/simpledb.sql: the SimpleDB specification's text ids
-- besides tid62, as the C extension's (src/simpledb.c, src/simpledb.sql):
-- base64url uuids and zero-padded ordinals (the id domain, simpledb_id, is
-- part of the interface: interface.sql).  Prefixed
-- tid62s are in tid62.sql.

---------------------------------------------------------------------------
-- SimpleDB helpers: uuid464, seq10, seq36
---------------------------------------------------------------------------

CREATE FUNCTION uuid464(pg_catalog.uuid) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.translate(pg_catalog.rtrim(pg_catalog.encode(pg_catalog.uuid_send($1), 'base64'), '='), '+/', '-_');
COMMENT ON FUNCTION uuid464(pg_catalog.uuid) IS 'uuid as 22 characters of unpadded base64url';

-- Only the canonical form: 22 base64url characters, the last one leaving
-- the 4 unused bits zero (A, Q, g or w); else 22P02.
CREATE FUNCTION uuid464_decode(pg_catalog.text) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF $1 COLLATE "C" ~ '^[A-Za-z0-9_-]{21}[AQgw]$' THEN
		RETURN encode(decode(translate($1, '-_', '+/') || '==', 'base64'), 'hex')::uuid;
	END IF;
	RAISE EXCEPTION 'invalid input syntax for uuid464: "%"', $1 USING ERRCODE = '22P02',
		DETAIL = CASE WHEN $1 COLLATE "C" ~ '^[A-Za-z0-9_-]{22}$'
					  THEN 'The last character of a uuid464 is one of A, Q, g and w: the other characters leave unused bits set, and each uuid has one uuid464.'
					  ELSE 'A uuid464 is 22 base64url characters (A-Z, a-z, 0-9, - and _), without padding.' END;
END
$fn$;
COMMENT ON FUNCTION uuid464_decode(pg_catalog.text) IS 'uuid of 22 characters of unpadded base64url';

CREATE FUNCTION gen_uuid464() RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE PARALLEL SAFE
RETURN @internal@.uuid464(pg_catalog.gen_random_uuid());
COMMENT ON FUNCTION gen_uuid464() IS 'new random (version 4) uuid as 22 characters of unpadded base64url';

-- An ordinal as exactly width digits of a base (10 or 36, lowercase);
-- 22003 outside 0 to its largest.
CREATE FUNCTION idtypes_sql_seq(v pg_catalog.int8, name pg_catalog.text, base pg_catalog.int8, width pg_catalog.int4,
								max pg_catalog.text) RETURNS pg_catalog.text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	digits text := '';
	x int8 := v;
BEGIN
	IF v < 0 OR v >= base ^ width THEN
		RAISE EXCEPTION 'value % is out of range for %', v, name USING ERRCODE = '22003',
			DETAIL = format('%s takes integers from 0 to %s.', name, max);
	END IF;
	FOR i IN 1..width LOOP
		digits := substr('0123456789abcdefghijklmnopqrstuvwxyz', (x % base)::int + 1, 1) || digits;
		x := x / base;
	END LOOP;
	RETURN digits;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_seq(pg_catalog.int8, pg_catalog.text, pg_catalog.int8, pg_catalog.int4, pg_catalog.text) IS
	'internal: an ordinal as zero-padded digits of a base';

CREATE FUNCTION seq10(pg_catalog.int8) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_seq($1, 'seq10', 10, 10, '9999999999');
COMMENT ON FUNCTION seq10(pg_catalog.int8) IS 'ordinal as 10 zero-padded decimal digits (0 to 9999999999)';

CREATE FUNCTION seq36(pg_catalog.int8) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_seq($1, 'seq36', 36, 7, '78364164095 (zzzzzzz)');
COMMENT ON FUNCTION seq36(pg_catalog.int8) IS 'ordinal as 7 zero-padded lowercase base-36 digits (0 to 78364164095)';
