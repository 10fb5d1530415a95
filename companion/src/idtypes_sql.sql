-- companion/src/idtypes_sql.sql: what every scheme of the companion uses:
-- the guard against running the script by hand, the settings, the clocks
-- (a session's, kept in parameters; the database's, kept in sequences),
-- the conversions between timestamps, integers and bytes, the time bins,
-- and the error helper.  First in the install script; the schemes' sources
-- follow (companion/Makefile's SOURCES).

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION idtypes_sql" to load this file, or psql -f idtypes_sql.sql. \quit

-- Who owns what, and why (doc/managed.md, "Who owns what"):
--
-- - Every object is created in the schema @internal@, which the script
--   creates, and which only the role running the script owns: for CREATE
--   EXTENSION of the trusted extension by a role that is no superuser,
--   PostgreSQL's bootstrap superuser, as every object of the script.  No
--   other role may create, replace, rename or drop anything in it.  The
--   function bodies name the companion's objects only there.
-- - The schema of your choice (@extschema@) holds the interface: for each
--   function that is not internal, a function of the same name and
--   arguments whose body is SQL with a standard body that calls the one in
--   @internal@ (companion/src/interface.sql), and two views.  A standard
--   body is bound when it is created: renaming that schema and putting
--   look-alikes under its old name changes nothing that an index, a
--   default or a view of another role already calls.
-- - The database's clocks serialise on a lock that only the script's role
--   may take (LOCK TABLE of an empty table of @internal@, in a block that
--   ends by rolling back, so that the lock goes with it): no other role
--   can hold it and stop every session's ids.
--
-- How the script stays search_path-safe, and fast:
--
-- - The simple functions (the extractors, the generators' hot paths) are
--   SQL with a standard body (RETURN ...), not a string: the body is parsed
--   when the function is created and its names bound then, so nothing is
--   looked up when it runs, and it is inlined into the calling query.
--   Built-in functions and types are qualified with pg_catalog, and every
--   operator has operands of the exact types of a pg_catalog operator, so
--   that nothing in the target schema or pg_temp matches better while the
--   script runs.  Such a function is STRICT only if everything in its body
--   is (no CASE, GREATEST or COALESCE): PostgreSQL would not inline it
--   otherwise.  NULL in gives NULL out either way.
-- - The others (checks, loops, codecs, the clocks) are PL/pgSQL with the
--   search_path pinned to pg_catalog, pg_temp, naming the companion's own
--   objects with @internal@.  (An SQL function that is not inlined sets
--   up its plan's executor at every call, which costs tens of microseconds
--   for a body of any size; PL/pgSQL keeps its expressions ready.)
--
-- The same text installs with CREATE EXTENSION and with psql -f: the plain
-- script (companion/Makefile) runs it with @extschema@ and @extowner@
-- replaced, less the lines that end in "-- extension only".  Nothing is
-- LEAKPROOF: only a superuser may create such functions, and the plain
-- install must work for any role.

CREATE SCHEMA @internal@;
COMMENT ON SCHEMA @internal@ IS
	'the idtypes_sql companion''s objects: its interface is in the schema it was installed in';
GRANT USAGE ON SCHEMA @internal@ TO PUBLIC;
SET LOCAL search_path = @internal@, pg_temp;

---------------------------------------------------------------------------
-- settings
---------------------------------------------------------------------------

-- The node identity and the clock mode of this database: one row, which
-- only the role that installed the companion may change, read
-- by every generator.  Managed platforms let no one but a superuser store
-- a custom parameter with ALTER DATABASE or ALTER ROLE, and any session may
-- SET one, so the identity is not a parameter.
--
-- An identity left NULL is this database's random one (idtypes_sql_node).
-- pg_dump keeps the row (a configuration table of the extension); a
-- restore creates the extension anew, with its default row, then copies
-- the dumped one in: an INSERT into the table replaces its row (the
-- trigger below), so that the restore does not fail on the one-row key.
CREATE TABLE idtypes_sql_settings (
	only_row pg_catalog.bool PRIMARY KEY DEFAULT true CHECK (only_row),
	clock pg_catalog.text NOT NULL DEFAULT 'session'
		CHECK (clock = ANY (ARRAY['session', 'sequence']::pg_catalog.text[])),
	medallion pg_catalog.int8
		CHECK (medallion >= 0 AND medallion <= 4503599627370495),
	publisher_id pg_catalog.int4
		CHECK (publisher_id >= 0 AND publisher_id <= 65535),
	uid8_cluster_id pg_catalog.int4
		CHECK (uid8_cluster_id >= 0 AND uid8_cluster_id <= 15),
	uid8_generator_id pg_catalog.int4
		CHECK (uid8_generator_id >= 0 AND uid8_generator_id <= 2047),
	uid8_generator_count pg_catalog.int4 NOT NULL DEFAULT 1
		CHECK (uid8_generator_count >= 1 AND uid8_generator_count <= 2048),
	uid8_mode pg_catalog.text NOT NULL DEFAULT 'time_sequential'
		CHECK (uid8_mode = ANY (ARRAY['spread', 'time_sequential']::pg_catalog.text[])),
	hlculid_max_drift pg_catalog.interval DEFAULT '5 minutes',
	CHECK (uid8_generator_id + uid8_generator_count <= 2048)
);
COMMENT ON TABLE idtypes_sql_settings IS
	'the node identity and clock mode of the idtypes_sql companion in this database (one row; its owner may update it)';
COMMENT ON COLUMN idtypes_sql_settings.clock IS
	'session: a clock per session (fast); sequence: one clock per scheme for the database, in a sequence (ordered across sessions, kept over crashes and failover)';
COMMENT ON COLUMN idtypes_sql_settings.medallion IS 'medallion of this node in muids, 0 to 2^52-1; NULL: this database''s random one';
COMMENT ON COLUMN idtypes_sql_settings.publisher_id IS 'publisher of this node in hlculids, 0 to 65535; NULL: this database''s random one';
COMMENT ON COLUMN idtypes_sql_settings.uid8_cluster_id IS 'cluster id of this node in uid8 ids, 0 to 15; NULL: 0';
COMMENT ON COLUMN idtypes_sql_settings.uid8_generator_id IS 'first generator id of this node in uid8 ids, 0 to 2047; NULL: this database''s random one';
COMMENT ON COLUMN idtypes_sql_settings.uid8_generator_count IS 'generator ids this node uses from its first up (64 ids per millisecond each)';
COMMENT ON COLUMN idtypes_sql_settings.uid8_mode IS 'layout of generated uid8 ids: time_sequential or spread';
COMMENT ON COLUMN idtypes_sql_settings.hlculid_max_drift IS 'how far ahead of this server''s clock hlculid_observe() accepts an id; NULL: no limit';
INSERT INTO idtypes_sql_settings DEFAULT VALUES;
GRANT SELECT ON idtypes_sql_settings TO PUBLIC;
-- the role that installed the extension changes it, and a restore from
-- pg_dump inserts its dumped row
GRANT INSERT, UPDATE ON idtypes_sql_settings TO @extowner@; -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_settings', ''); -- extension only

CREATE FUNCTION idtypes_sql_settings_replace() RETURNS trigger
	LANGUAGE plpgsql
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	UPDATE @internal@.idtypes_sql_settings
	   SET (clock, medallion, publisher_id, uid8_cluster_id, uid8_generator_id, uid8_generator_count, uid8_mode,
			hlculid_max_drift)
		 = (NEW.clock, NEW.medallion, NEW.publisher_id, NEW.uid8_cluster_id, NEW.uid8_generator_id,
			NEW.uid8_generator_count, NEW.uid8_mode, NEW.hlculid_max_drift);
	IF FOUND THEN
		RETURN NULL;
	END IF;
	RETURN NEW;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_settings_replace() IS
	'internal: an INSERT into idtypes_sql_settings replaces its row (a restore from pg_dump copies the dumped row in)';
CREATE TRIGGER idtypes_sql_settings_replace BEFORE INSERT ON idtypes_sql_settings
	FOR EACH ROW EXECUTE FUNCTION idtypes_sql_settings_replace();

-- This database's random identities, drawn at install from the schemes'
-- ranges: a medallion from the Muid specification's range for random ones
-- (2^48 to 2^49-1), any publisher, any generator id (the 60 random bits of
-- the first half of a v4 UUID each).  Not dumped: a database restored from
-- pg_dump draws its own, as a new node.
CREATE TABLE idtypes_sql_node (
	only_row pg_catalog.bool PRIMARY KEY DEFAULT true CHECK (only_row),
	medallion pg_catalog.int8 NOT NULL
		CHECK (medallion >= 281474976710656 AND medallion <= 562949953421311),
	publisher_id pg_catalog.int4 NOT NULL
		CHECK (publisher_id >= 0 AND publisher_id <= 65535),
	uid8_generator_id pg_catalog.int4 NOT NULL
		CHECK (uid8_generator_id >= 0 AND uid8_generator_id <= 2047)
);
COMMENT ON TABLE idtypes_sql_node IS
	'the random identities of this database, drawn at install, for the settings left NULL';
INSERT INTO idtypes_sql_node (medallion, publisher_id, uid8_generator_id)
SELECT 281474976710656::pg_catalog.int8 | (r1 >> 16 & 281474976710655::pg_catalog.int8),
	   (r2 >> 48 & 65535::pg_catalog.int8)::pg_catalog.int4,
	   (r2 >> 32 & 2047::pg_catalog.int8)::pg_catalog.int4
FROM (SELECT ('x' || pg_catalog.translate(pg_catalog.substr(pg_catalog.gen_random_uuid()::pg_catalog.text, 1, 18), '-', ''))::pg_catalog.bit(64)::pg_catalog.int8 AS r1,
			 ('x' || pg_catalog.translate(pg_catalog.substr(pg_catalog.gen_random_uuid()::pg_catalog.text, 1, 18), '-', ''))::pg_catalog.bit(64)::pg_catalog.int8 AS r2) r;
GRANT SELECT ON idtypes_sql_node TO PUBLIC;

-- The identity and clock mode in effect, and where each comes from, as the
-- C extension's view of the same name shows them (without its
-- system_identifier and preloaded).  A random generator id is kept below
-- 2048 less the count, so that the node's ids fit.
CREATE VIEW idtypes_node_identity AS
SELECT pg_catalog.pg_is_in_recovery() AS in_recovery,
	   s.clock,
	   COALESCE(s.medallion, n.medallion) AS medallion,
	   CASE WHEN s.medallion IS NULL THEN 'automatic' ELSE 'configured' END AS medallion_source,
	   COALESCE(s.publisher_id, n.publisher_id) AS publisher_id,
	   CASE WHEN s.publisher_id IS NULL THEN 'automatic' ELSE 'configured' END AS publisher_source,
	   COALESCE(s.uid8_cluster_id, 0) AS uid8_cluster_id,
	   CASE WHEN s.uid8_cluster_id IS NULL THEN 'default' ELSE 'configured' END AS uid8_cluster_source,
	   pg_catalog.int4range(g.first, g.first + s.uid8_generator_count) AS uid8_generators,
	   CASE WHEN s.uid8_generator_id IS NULL THEN 'automatic' ELSE 'configured' END AS uid8_generator_source,
	   s.uid8_mode,
	   s.hlculid_max_drift
FROM idtypes_sql_settings s, idtypes_sql_node n,
	 LATERAL (SELECT COALESCE(s.uid8_generator_id,
							  n.uid8_generator_id % (2049 - s.uid8_generator_count)) AS first) g;
COMMENT ON VIEW idtypes_node_identity IS
	'node identity of this database in generated ids, its clock mode, and where each comes from';
GRANT SELECT ON idtypes_node_identity TO PUBLIC;

---------------------------------------------------------------------------
-- errors
---------------------------------------------------------------------------

-- Raise an error with an SQLSTATE and a message, where a function body
-- finds bad input (the same SQLSTATEs as the C extension's).  Typed like
-- the value it stands for, so that it fits in a CASE.  IMMUTABLE, so that
-- the functions that call it can still be inlined into the calling query;
-- the planner evaluates an immutable call early when all its arguments
-- are constants, also in a CASE branch that is not taken, so every call
-- passes culprit, an expression of the bad input (x IS NULL): it is
-- constant only when the input is, and then so is the test of the branch.
CREATE FUNCTION idtypes_sql_error(code pg_catalog.text, message pg_catalog.text, detail pg_catalog.text,
								  result anyelement, culprit pg_catalog.bool) RETURNS anyelement
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RAISE EXCEPTION USING ERRCODE = code, MESSAGE = message, DETAIL = detail;
	RETURN result;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_error(pg_catalog.text, pg_catalog.text, pg_catalog.text, anyelement, pg_catalog.bool) IS
	'internal: raises an error with an SQLSTATE, a message and a detail';

---------------------------------------------------------------------------
-- timestamps, integers and bytes
---------------------------------------------------------------------------

-- Microseconds since the Unix epoch, exactly (the difference of two
-- timestamps and extract() are exact; date_part()'s float is not).
CREATE FUNCTION idtypes_sql_us(t pg_catalog.timestamptz) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (EXTRACT(epoch FROM t - '1970-01-01 00:00:00+00'::pg_catalog.timestamptz)
		* 1000000::pg_catalog.numeric)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_us(pg_catalog.timestamptz) IS 'internal: microseconds since 1970 of a finite timestamp';

-- The same, fast, for the system clock that every generator reads:
-- date_part()'s float8 is the nearest to the seconds; times a million and
-- rounded, it is the exact microsecond until 2106 (2^32 seconds: the two
-- roundings stay under half a microsecond), and within one after.  Three
-- times cheaper than extract()'s numeric.  (STABLE as date_part() is.)
CREATE FUNCTION idtypes_sql_us_fast(t pg_catalog.timestamptz) RETURNS pg_catalog.int8
	LANGUAGE sql STABLE STRICT PARALLEL SAFE
RETURN (pg_catalog.date_part('epoch', t) * 1000000::pg_catalog.float8)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_us_fast(pg_catalog.timestamptz) IS
	'internal: microseconds since 1970 of a timestamp, exact until 2106 and within one after';
CREATE FUNCTION idtypes_sql_now_us() RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL SAFE
RETURN @internal@.idtypes_sql_us_fast(pg_catalog.clock_timestamp());
COMMENT ON FUNCTION idtypes_sql_now_us() IS 'internal: the system clock in microseconds since 1970';

-- The timestamp of a count of microseconds since the Unix epoch, exactly:
-- whole hours, then the microseconds of the hour (each product exact in a
-- float8), added to a timestamp without time zone (immutable, unlike
-- timestamptz + interval) read as UTC.
CREATE FUNCTION idtypes_sql_ts(us pg_catalog.int8) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.timezone('00:00'::pg_catalog.interval,
	TIMESTAMP '1970-01-01 00:00:00'
	+ pg_catalog.make_interval(hours => (us / 3600000000::pg_catalog.int8)::pg_catalog.int4)
	+ '00:00:00.000001'::pg_catalog.interval
		* (us % 3600000000::pg_catalog.int8)::pg_catalog.float8);
COMMENT ON FUNCTION idtypes_sql_ts(pg_catalog.int8) IS 'internal: the timestamp of a count of microseconds since 1970';

-- The first and the last 8 bytes of a uuid, as a bigint each (two's
-- complement: the bits are what matters).
CREATE FUNCTION idtypes_sql_hi(u pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('x' || pg_catalog.translate(pg_catalog.substr(u::pg_catalog.text, 1, 18), '-', ''))::pg_catalog.bit(64)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_hi(pg_catalog.uuid) IS 'internal: the first 8 bytes of a uuid as a bigint';
CREATE FUNCTION idtypes_sql_lo(u pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('x' || pg_catalog.translate(pg_catalog.substr(u::pg_catalog.text, 20, 17), '-', ''))::pg_catalog.bit(64)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_lo(pg_catalog.uuid) IS 'internal: the last 8 bytes of a uuid as a bigint';

-- The uuid of two halves.
CREATE FUNCTION idtypes_sql_uuid(hi pg_catalog.int8, lo pg_catalog.int8) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (pg_catalog.lpad(pg_catalog.to_hex(hi), 16, '0') || pg_catalog.lpad(pg_catalog.to_hex(lo), 16, '0'))::pg_catalog.uuid;
COMMENT ON FUNCTION idtypes_sql_uuid(pg_catalog.int8, pg_catalog.int8) IS 'internal: the uuid of its first and last 8 bytes';

-- The bytes of a hexadecimal text as a bigint (up to 16 digits).
CREATE FUNCTION idtypes_sql_hex_int8(hex pg_catalog.text) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('x' || pg_catalog.lpad(hex, 16, '0'))::pg_catalog.bit(64)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_hex_int8(pg_catalog.text) IS 'internal: up to 16 hexadecimal digits as a bigint';

---------------------------------------------------------------------------
-- a scheme's time: ticks, ranges and bins
---------------------------------------------------------------------------

-- The tick of a timestamp for the byte-string ids and uid8, with the range
-- rule of the C extension's byteid_timestamptz_to_tick(): the tick a time
-- falls in, or with round_up the first that starts at or after it; 22008
-- when that is outside [epoch, tick_max].  Ticks are whole microseconds
-- (unit_us) from an epoch (epoch_us since 1970); span is the error's detail.
CREATE FUNCTION idtypes_sql_tick(t pg_catalog.timestamptz, label pg_catalog.text, span pg_catalog.text,
								 epoch_us pg_catalog.int8, unit_us pg_catalog.int8, tick_max pg_catalog.int8,
								 round_up pg_catalog.bool) RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	tick int8;
BEGIN
	IF isfinite(t) THEN
		us := @internal@.idtypes_sql_us(t) - epoch_us;
		IF us >= 0 THEN
			tick := us / unit_us + CASE WHEN round_up AND us % unit_us <> 0 THEN 1 ELSE 0 END;
			IF tick <= tick_max THEN
				RETURN tick;
			END IF;
		END IF;
	END IF;
	RAISE EXCEPTION 'timestamp out of range for type %', label USING ERRCODE = '22008', DETAIL = span;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tick(pg_catalog.timestamptz, pg_catalog.text, pg_catalog.text, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.bool) IS
	'internal: the tick of a timestamp in a scheme''s range (22008 outside it)';

-- date_bin(stride, t, origin) by the C extension's rule (src/timebin.c,
-- which is PostgreSQL 16's date_bin): buckets run towards minus infinity
-- before the origin, on every version; the same errors, with the C code's
-- overflow checks.  In numeric, then checked against int8's range.
CREATE FUNCTION idtypes_sql_date_bin(stride pg_catalog.interval, t pg_catalog.timestamptz, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	day_us numeric;
	stride_us numeric;
	diff numeric;
	rem numeric;
	bin numeric;
BEGIN
	-- months have no fixed length: such bins would not be one stride wide
	IF NOT isfinite(stride) OR EXTRACT(year FROM stride) * 12 + EXTRACT(month FROM stride) <> 0 THEN
		RAISE EXCEPTION 'timestamps cannot be binned into intervals containing months or years' USING ERRCODE = '0A000',
			HINT = 'Use date_trunc() on the id''s timestamp for calendar months and years.';
	END IF;
	day_us := EXTRACT(day FROM stride) * 86400000000;
	stride_us := EXTRACT(epoch FROM stride) * 1000000;
	IF day_us NOT BETWEEN -9223372036854775808 AND 9223372036854775807
	   OR stride_us NOT BETWEEN -9223372036854775808 AND 9223372036854775807 THEN
		RAISE EXCEPTION 'interval out of range' USING ERRCODE = '22008';
	END IF;
	IF stride_us <= 0 THEN
		RAISE EXCEPTION 'stride must be greater than zero' USING ERRCODE = '22008';
	END IF;
	IF NOT isfinite(origin) THEN
		RAISE EXCEPTION 'origin out of range' USING ERRCODE = '22008';
	END IF;
	-- in numeric: a time near the end of timestamptz's range is past int8's
	-- in microseconds since 1970 (the C code counts from 2000)
	diff := EXTRACT(epoch FROM t - origin) * 1000000;
	IF diff NOT BETWEEN -9223372036854775808 AND 9223372036854775807 THEN
		RAISE EXCEPTION 'interval out of range' USING ERRCODE = '22008';
	END IF;
	rem := mod(diff, stride_us);
	bin := EXTRACT(epoch FROM t - '1970-01-01 00:00:00+00'::timestamptz) * 1000000 - rem;
	IF rem < 0 THEN
		bin := bin - stride_us;
		-- PostgreSQL's timestamps, in microseconds since 2000-01-01:
		-- [MIN_TIMESTAMP, END_TIMESTAMP)
		IF bin - 946684800000000 NOT BETWEEN -211813488000000000 AND 9223371331199999999 THEN
			RAISE EXCEPTION 'timestamp out of range' USING ERRCODE = '22008';
		END IF;
	END IF;
	RETURN @internal@.idtypes_sql_ts(bin::int8);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_date_bin(pg_catalog.interval, pg_catalog.timestamptz, pg_catalog.timestamptz) IS
	'internal: date_bin() with bins towards minus infinity before the origin, as PostgreSQL 16''s';

---------------------------------------------------------------------------
-- the clocks
---------------------------------------------------------------------------

-- This session's settings, read from the settings at a session's first id
-- and kept in its parameters idtypes_sql.clock and idtypes_sql.publisher
-- (a session that changes them changes only what its own ids say, as it
-- could by writing any value into a key; one that sets idtypes_sql.clock
-- before its first id keeps it, e.g. 'session' on a hot standby).  A
-- change of the table applies to the sessions that start afterwards (and
-- to a session after DISCARD ALL or RESET ALL).  Returns the publisher's
-- four hexadecimal digits, or the clock mode.  The parameters are the
-- database's, not the schema's: install the companion once per database.
CREATE FUNCTION idtypes_sql_load(publisher pg_catalog.bool) RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
BEGIN ATOMIC
	SELECT CASE WHEN publisher THEN p ELSE c END
	  FROM (SELECT pg_catalog.set_config('idtypes_sql.publisher', pg_catalog.lpad(pg_catalog.to_hex(s.publisher_id), 4, '0'), false) AS p,
				   pg_catalog.set_config('idtypes_sql.clock',
						COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.clock', true), ''), s.clock), false) AS c
			  FROM @internal@.idtypes_node_identity s) x;
END;
COMMENT ON FUNCTION idtypes_sql_load(pg_catalog.bool) IS
	'internal: reads idtypes_sql_settings into this session''s parameters; returns the publisher (hex) or the clock mode';

CREATE FUNCTION idtypes_sql_clock_mode() RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.clock', true), ''), @internal@.idtypes_sql_load(false));
COMMENT ON FUNCTION idtypes_sql_clock_mode() IS 'internal: this session''s clock mode, session or sequence';

-- The next word of a session's clock, kept in the parameter name: the
-- larger of floor (the word of now) and the last word + 1, so that the
-- session's words strictly increase, also when the system clock steps
-- back.  A parameter set in a transaction that rolls back (or in a
-- savepoint rolled back to) takes its value from before: the words of the
-- work rolled back are forgotten, and the next ones are ordered after them
-- only by the system clock.
CREATE FUNCTION idtypes_sql_session_next(name pg_catalog.text, floor pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN pg_catalog.set_config(name, GREATEST(floor,
		NULLIF(pg_catalog.current_setting(name, true), '')::pg_catalog.int8 + 1::pg_catalog.int8)::pg_catalog.text,
	false)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_session_next(pg_catalog.text, pg_catalog.int8) IS
	'internal: the next word of this session''s clock kept in a parameter: the larger of floor and the last word + 1';

-- The database's clocks (clock = 'sequence', and always for muid and
-- uid8, which have no random bits to keep sessions apart): one sequence
-- per scheme holds its last clock word, XOR 2^63 so that the unsigned
-- order of the words is the order of the sequence's signed values.  A
-- sequence is WAL-logged by PostgreSQL and replicated, so that after a
-- crash, a failover or a restore from a physical backup the clock resumes
-- where the log says (nextval() logs 32 values ahead; setval() logs each
-- value), as a sequence's values do.  pg_dump dumps their values with the
-- extension (and the tables of a plain install), so that a restore goes
-- on from them.
CREATE SEQUENCE idtypes_sql_muid_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
CREATE SEQUENCE idtypes_sql_hlculid_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
CREATE SEQUENCE idtypes_sql_uid8_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
CREATE SEQUENCE idtypes_sql_uuidv6_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
CREATE SEQUENCE idtypes_sql_uuidv7_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
CREATE SEQUENCE idtypes_sql_uuidv8_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
CREATE SEQUENCE idtypes_sql_tid62_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_muid_clock IS 'the database''s muid clock: its last word XOR 2^63';
COMMENT ON SEQUENCE idtypes_sql_hlculid_clock IS 'the database''s hlculid clock: its last word XOR 2^63';
COMMENT ON SEQUENCE idtypes_sql_uid8_clock IS 'the database''s uid8 clock: its last word XOR 2^63';
COMMENT ON SEQUENCE idtypes_sql_uuidv6_clock IS 'the database''s UUIDv6 clock: its last word XOR 2^63';
COMMENT ON SEQUENCE idtypes_sql_uuidv7_clock IS 'the database''s UUIDv7 clock: its last word XOR 2^63';
COMMENT ON SEQUENCE idtypes_sql_uuidv8_clock IS 'the database''s UUIDv8 clock: its last word XOR 2^63';
COMMENT ON SEQUENCE idtypes_sql_tid62_clock IS 'the database''s tid62 clock: its last word XOR 2^63';
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_muid_clock', ''); -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_hlculid_clock', ''); -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_uid8_clock', ''); -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_uuidv6_clock', ''); -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_uuidv7_clock', ''); -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_uuidv8_clock', ''); -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_tid62_clock', ''); -- extension only
-- what the database's clock of each scheme serialises on: LOCK TABLE of
-- its empty table, which no other role may lock (no privilege on it is
-- granted), so that none can hold it as any role can hold an advisory
-- lock.  (The database's owner may still ANALYZE it in a transaction, and
-- a superuser may lock anything.)
CREATE TABLE idtypes_sql_muid_lock ();
CREATE TABLE idtypes_sql_hlculid_lock ();
CREATE TABLE idtypes_sql_uid8_lock ();
CREATE TABLE idtypes_sql_uuidv6_lock ();
CREATE TABLE idtypes_sql_uuidv7_lock ();
CREATE TABLE idtypes_sql_uuidv8_lock ();
CREATE TABLE idtypes_sql_tid62_lock ();

-- A scheme's clock: its number, its sequence, its lock; 22023 for a name
-- that is not a scheme's.
CREATE FUNCTION idtypes_sql_clock_key(scheme pg_catalog.text) RETURNS pg_catalog.int4
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	key int4 := array_position(ARRAY['muid', 'hlculid', 'uid8', 'uuidv6', 'uuidv7', 'uuidv8', 'tid62'], scheme);
BEGIN
	IF key IS NULL THEN
		RAISE EXCEPTION 'unknown idtypes scheme: "%"', scheme USING ERRCODE = '22023',
			HINT = 'The schemes are muid, hlculid, uid8, uuidv6, uuidv7, uuidv8 and tid62.';
	END IF;
	RETURN key;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_clock_key(pg_catalog.text) IS
	'internal: the number of a scheme''s clock, 22023 for an unknown scheme';
CREATE FUNCTION idtypes_sql_clock_seq(scheme pg_catalog.text) RETURNS pg_catalog.regclass
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	PERFORM @internal@.idtypes_sql_clock_key(scheme);
	RETURN ('@internal@.idtypes_sql_' || scheme || '_clock')::regclass;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_clock_seq(pg_catalog.text) IS 'internal: the sequence that holds a scheme''s clock';
CREATE FUNCTION idtypes_sql_clock_lock(scheme pg_catalog.text) RETURNS pg_catalog.text
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	PERFORM @internal@.idtypes_sql_clock_key(scheme);
	RETURN format('LOCK TABLE %s IN SHARE UPDATE EXCLUSIVE MODE', ('@internal@.idtypes_sql_' || scheme || '_lock')::regclass);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_clock_lock(pg_catalog.text) IS
	'internal: the statement that takes the lock a scheme''s clock serialises on';

-- The next word of the database's clock of a scheme.  A sequence can add
-- one, but not take the larger of two values, so the word is read and
-- written under the scheme's lock (idtypes_sql_clock_lock()), taken in a
-- block that ends by raising IDSQ0 and catching it: the block's rollback
-- releases the lock before the function returns (and an error does too),
-- and keeps what the sequence was set to, since a sequence does not roll
-- back.  The rules are the C extension's: the larger of now's word and
-- the last + 1 (muid, hlculid, the UUIDs), tid62's counter with its random
-- start and step, uid8's slots and sequences, which wait (outside the
-- lock) for the next millisecond when one is used up.  SECURITY DEFINER,
-- so that the sequences and the locks need no privilege for other roles,
-- who could set a clock back or hold it: its owner is the role that ran
-- the script; the body names every object with its schema, and the search
-- path is pinned.
CREATE FUNCTION idtypes_sql_clock_next(scheme pg_catalog.text) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	seq regclass;
	lock_clock text;
	us int8 := @internal@.idtypes_sql_now_us();
	now_word int8;				-- the word of now, its low bits zero
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	nslots int4;				-- uid8: the generator ids of this node
	used_up int8;				-- uid8: a millisecond seen used up
	waited int8 := 0;			-- uid8: microseconds slept since
	r int8;
	s int8;
BEGIN
	lock_clock := @internal@.idtypes_sql_clock_lock(scheme);
	seq := @internal@.idtypes_sql_clock_seq(scheme);
	IF scheme = 'uid8' THEN
		SELECT uid8_generator_count INTO nslots FROM @internal@.idtypes_sql_settings;
	END IF;
	LOOP
		-- the word of now (a system clock before the scheme's epoch counts
		-- as its epoch; the clock goes on from its last word)
		CASE scheme
			WHEN 'muid' THEN
				now_word := greatest(us, 0);
			WHEN 'hlculid' THEN
				now_word := greatest(us / 1000, 0);
				IF now_word > 281474976710655 THEN
					RAISE EXCEPTION 'system clock is beyond the range of type hlculid' USING ERRCODE = '22008';
				END IF;
				now_word := now_word << 16;
			WHEN 'uid8' THEN
				now_word := greatest(us / 1000, 0) << 17;
			WHEN 'uuidv6', 'uuidv7', 'uuidv8' THEN
				now_word := @internal@.idtypes_sql_uuid_tick(scheme, us);
			WHEN 'tid62' THEN
				-- seconds since 2020-01-01
				now_word := greatest(us / 1000000 - 1577836800, 0);
				IF now_word > 4294967295 THEN
					RAISE EXCEPTION 'system clock is beyond the range of type tid62'
						USING ERRCODE = '22008', DETAIL = 'A tid62 holds times up to 2156-02-07 06:28:15+00.';
				END IF;
				now_word := now_word << 32;
				-- the counter's start at a new second (below 2^31) and the
				-- step (1 to 256), from the CSPRNG
				r := ('x' || translate(substr(gen_random_uuid()::text, 1, 18), '-', ''))::bit(64)::int8;
		END CASE;

		BEGIN
			EXECUTE lock_clock;
			flast := pg_sequence_last_value(seq);
			last := flast # (-9223372036854775808);
			IF last IS NULL THEN
				word := now_word;
				IF scheme = 'tid62' THEN
					word := word | (r >> 32 & 2147483647);
				END IF;
			ELSIF scheme = 'tid62' THEN
				-- C's tid62_step(): within the last second (or while the
				-- system clock is behind it) the counter advances by the
				-- step; a new second starts it at the random start
				s := last >> 32 & 4294967295;
				IF now_word >> 32 & 4294967295 > s THEN
					word := now_word | (r >> 32 & 2147483647);
				ELSIF (last & 4294967295) + (r & 255) + 1 <= 4294967295 THEN
					word := last + (r & 255) + 1;
				ELSIF s >= 4294967295 THEN
					RAISE EXCEPTION 'tid62 clock exhausted' USING ERRCODE = '22008',
						DETAIL = 'Every tid62 of the last second a tid62 can hold, 2156-02-07 06:28:15+00, has been issued.';
				ELSE
					word := (s + 1) << 32 | (r >> 32 & 2147483647);
				END IF;
			ELSIF scheme = 'uid8' THEN
				-- C's uid8_step(): the word is ms << 17 | seq << 11 | slot
				IF now_word >> 17 > last >> 17 THEN
					word := now_word;
				ELSIF (last & 2047) + 1 < nslots THEN
					word := last + 1;
				ELSIF (last >> 11 & 63) < 63 THEN
					word := ((last >> 11) + 1) << 11;
				ELSIF used_up = last >> 17 AND waited >= 1000 THEN
					-- used up a real millisecond ago: on to the next
					-- millisecond, whatever the system clock says
					word := ((last >> 17) + 1) << 17;
				ELSE
					IF used_up IS DISTINCT FROM last >> 17 THEN
						used_up := last >> 17;
						waited := 0;
					END IF;
					word := NULL;
				END IF;
			ELSIF flast = 9223372036854775807 THEN
				RAISE EXCEPTION 'the % clock is exhausted', scheme USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			ELSE
				-- the larger as unsigned words: of the values XOR 2^63
				word := greatest(now_word # (-9223372036854775808), flast + 1) # (-9223372036854775808);
			END IF;
			IF word IS NOT NULL THEN
				IF word # (-9223372036854775808) = flast + 1 THEN
					PERFORM nextval(seq);
				ELSE
					PERFORM setval(seq, word # (-9223372036854775808));
				END IF;
			END IF;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		-- uid8, a millisecond used up: sleep to the next one (by the
		-- system clock), or a millisecond if the clock is behind it
		r := CASE WHEN now_word >> 17 = last >> 17 THEN 1000 - us % 1000 ELSE 1000 END;
		PERFORM pg_sleep(r / 1000000.0);
		waited := waited + r;
		us := @internal@.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_clock_next(pg_catalog.text) IS
	'internal: the next word of the database''s clock of a scheme (muid, hlculid, uid8, uuidv6, uuidv7, uuidv8, tid62)';

-- Raise the database's clock of a scheme to a word, never back, under its
-- lock; returns the clock's word then.  For hlculid_observe() and
-- idtypes_advance_clock(), which are granted as the C extension's are.
CREATE FUNCTION idtypes_sql_clock_raise(scheme pg_catalog.text, word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	lock_clock text := @internal@.idtypes_sql_clock_lock(scheme);
	seq regclass := @internal@.idtypes_sql_clock_seq(scheme);
	flast int8;
BEGIN
	BEGIN
		EXECUTE lock_clock;
		flast := pg_sequence_last_value(seq);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval(seq, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_clock_raise(pg_catalog.text, pg_catalog.int8) IS
	'internal: raises the database''s clock of a scheme to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_clock_raise(pg_catalog.text, pg_catalog.int8) FROM PUBLIC;

-- The C extension's idtypes_advance_clock(): the database's clock of a
-- scheme moved past a time or an id, so that every id of the scheme
-- generated afterwards from it (in the sequence mode, and always for muid
-- and uid8) sorts after it.  For a table moved from the C extension, or
-- restored from elsewhere.  Never moves a clock back.  Returns the time the
-- clock then stands at (its last word's tick).  A session's own clock (the
-- session mode) starts from the system clock, and is not moved.  Not
-- granted to PUBLIC: its owner may grant it.
--
-- What the forms share: the clock raised to word (the last word of the
-- tick that holds t, or the id's own; NULL: before the scheme's epoch,
-- nothing to raise), after the check of t against the server's clock.
CREATE FUNCTION idtypes_sql_advance(scheme pg_catalog.text, word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	SELECT greatest(coalesce(s.hlculid_max_drift, '5 minutes'), '5 minutes') INTO drift FROM @internal@.idtypes_sql_settings s;
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the % clock that far ahead of this server''s clock', scheme USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value(@internal@.idtypes_sql_clock_seq(scheme)) # (-9223372036854775808);
	ELSE
		last := @internal@.idtypes_sql_clock_raise(scheme, word);
	END IF;
	RETURN @internal@.idtypes_sql_ts(CASE scheme
		WHEN 'muid' THEN last
		WHEN 'hlculid' THEN (last >> 16) * 1000
		WHEN 'uid8' THEN (last >> 17) * 1000
		WHEN 'uuidv6' THEN (last - 122192928000000000) / 10
		WHEN 'uuidv7' THEN (last >> 12) * 1000 + (last & 4095) * 1000 / 4096
		WHEN 'uuidv8' THEN last * 2 / 125
		ELSE ((last >> 32 & 4294967295) + 1577836800) * 1000000 END);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_advance(pg_catalog.text, pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s clock of a scheme to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_advance(pg_catalog.text, pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

-- Past a time: past the end of its microsecond, or of the scheme's tick
-- when that is longer.
CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	key int4 := @internal@.idtypes_sql_clock_key(scheme);
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := @internal@.idtypes_sql_us(past);
		-- the last word of past's microsecond, or of its tick
		word := CASE scheme
			WHEN 'muid' THEN us
			WHEN 'hlculid' THEN ((us + 1000) / 1000 << 16) - 1
			WHEN 'uid8' THEN ((us + 1000) / 1000 << 17) - 1
			WHEN 'uuidv6' THEN (us + 1) * 10 + 122192928000000000 - 1
			WHEN 'uuidv7' THEN ((us + 1) * 512 + 124) / 125 - 1
			WHEN 'uuidv8' THEN ((us + 1) * 125 + 1) / 2 - 1
			ELSE ((us / 1000000 - 1577836799) << 32) - 1 END;
		-- before the scheme's epoch: nothing to raise
		IF us < (CASE scheme WHEN 'uuidv6' THEN -12219292800000000 WHEN 'tid62' THEN 1577836800000000 ELSE 0 END) THEN
			word := NULL;
		END IF;
	END IF;
	RETURN @internal@.idtypes_sql_advance(scheme, word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) IS
	'moves the database''s clock of a scheme past a time: every id generated from it afterwards has a later time';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

-- Past an id: the next id of the scheme sorts after it.  A uuid is a muid,
-- an hlculid or a UUIDv6, v7 or v8 (scheme says which), a bigint a uid8,
-- a bytea a tid62; else 22023.
CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	hi int8 := @internal@.idtypes_sql_hi(past);
BEGIN
	CASE scheme
		WHEN 'muid' THEN
			RETURN @internal@.idtypes_sql_advance(scheme, hi >> 8 & 72057594037927935, @internal@.muid_timestamp(past));
		WHEN 'hlculid' THEN
			RETURN @internal@.idtypes_sql_advance(scheme, hi, @internal@.hlculid_timestamp(past));
		WHEN 'uuidv6', 'uuidv7', 'uuidv8' THEN
			IF @internal@.uuidv_version(past) IS DISTINCT FROM right(scheme, 1)::int2 THEN
				RAISE EXCEPTION '"%" is not a version % UUID', past, right(scheme, 1) USING ERRCODE = '22023';
			END IF;
			RETURN @internal@.idtypes_sql_advance(scheme, @internal@.idtypes_sql_time_hi_tick(hi),
				CASE scheme WHEN 'uuidv8' THEN @internal@.uuidv8_timestamp(past) ELSE @internal@.uuidv_timestamp(past) END);
		ELSE
			PERFORM @internal@.idtypes_sql_clock_key(scheme);
			RAISE EXCEPTION 'a % is not a uuid', scheme USING ERRCODE = '22023',
				HINT = 'A uuid is a muid, an hlculid or a UUIDv6, v7 or v8; a uid8 is a bigint, a tid62 a bytea.';
	END CASE;
END
$fn$;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.uuid) IS
	'moves the database''s clock of a scheme (muid, hlculid, uuidv6, uuidv7, uuidv8) past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.uuid) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.int8) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF scheme <> 'uid8' THEN
		PERFORM @internal@.idtypes_sql_clock_key(scheme);
		RAISE EXCEPTION 'a % is not a bigint', scheme USING ERRCODE = '22023',
			HINT = 'A uuid is a muid, an hlculid or a UUIDv6, v7 or v8; a uid8 is a bigint, a tid62 a bytea.';
	END IF;
	-- its millisecond and sequence, every generator slot of them used
	RETURN @internal@.idtypes_sql_advance(scheme,
		(@internal@.idtypes_sql_uid8_ms(past) << 17) | ((past >> 16 & 63) << 11) | 2047, @internal@.uid8_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.int8) IS
	'moves the database''s uid8 clock past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.bytea) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	t timestamptz;
BEGIN
	IF scheme <> 'tid62' THEN
		PERFORM @internal@.idtypes_sql_clock_key(scheme);
		RAISE EXCEPTION 'a % is not a bytea', scheme USING ERRCODE = '22023',
			HINT = 'A uuid is a muid, an hlculid or a UUIDv6, v7 or v8; a uid8 is a bigint, a tid62 a bytea.';
	END IF;
	t := @internal@.tid62_timestamp(past);
	RETURN @internal@.idtypes_sql_advance(scheme, @internal@.idtypes_sql_hex_int8(encode(substr(past, 1, 8), 'hex')), t);
END
$fn$;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.bytea) IS
	'moves the database''s tid62 clock past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.bytea) FROM PUBLIC;

-- the clocks are set by a restore from pg_dump, as the role that
-- installed the extension (who may set one back, as with any sequence of
-- hers: ids may then repeat)
GRANT UPDATE ON SEQUENCE idtypes_sql_muid_clock TO @extowner@; -- extension only
GRANT UPDATE ON SEQUENCE idtypes_sql_hlculid_clock TO @extowner@; -- extension only
GRANT UPDATE ON SEQUENCE idtypes_sql_uid8_clock TO @extowner@; -- extension only
GRANT UPDATE ON SEQUENCE idtypes_sql_uuidv6_clock TO @extowner@; -- extension only
GRANT UPDATE ON SEQUENCE idtypes_sql_uuidv7_clock TO @extowner@; -- extension only
GRANT UPDATE ON SEQUENCE idtypes_sql_uuidv8_clock TO @extowner@; -- extension only
GRANT UPDATE ON SEQUENCE idtypes_sql_tid62_clock TO @extowner@; -- extension only

-- The version of the companion installed here (also for a plain install,
-- which has no pg_extension row).
CREATE FUNCTION idtypes_sql_version() RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN '@version@';
COMMENT ON FUNCTION idtypes_sql_version() IS 'the version of the idtypes_sql companion installed in this schema';
