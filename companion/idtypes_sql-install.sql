-- idtypes_sql-install.sql: the idtypes_sql companion 1.0.0, for a server where
-- no extension can be installed, from any client: send the whole file as
-- one query (a web console's SQL editor, a migration tool, a driver's
-- execute()), or psql -f idtypes_sql-install.sql.
--
-- Installs the companion's interface into the schema idtypes_sql (created
-- if it does not exist) and its objects into a new schema
-- idtypes_sql_internal, as the current user (who must be allowed to create
-- schemas in the database; an existing idtypes_sql must be theirs, and no
-- other role may create objects in it), in one statement: all or nothing.
-- Run again, it changes nothing (a NOTICE says so); over another version it
-- refuses, naming the upgrade file.  idtypes_sql-uninstall.sql removes it.
-- Built by make from the SQL sources in companion/src/ (companion/build.sh):
-- edit those, not this file.
DO $idtypes_sql_install$
DECLARE
	installed pg_catalog.text;
BEGIN
	IF EXISTS (SELECT FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'idtypes_sql') THEN
		RAISE EXCEPTION 'idtypes_sql is installed here as an extension' USING ERRCODE = '42710',
			HINT = 'Update it with ALTER EXTENSION idtypes_sql UPDATE.';
	END IF;
	IF pg_catalog.to_regnamespace('idtypes_sql_internal') IS NOT NULL THEN
		IF (SELECT n.nspowner FROM pg_catalog.pg_namespace n WHERE n.nspname OPERATOR(pg_catalog.=) 'idtypes_sql_internal')
		   OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) current_user) THEN
			RAISE EXCEPTION 'schema idtypes_sql_internal belongs to role %, not to %',
				(SELECT pg_catalog.pg_get_userbyid(n.nspowner) FROM pg_catalog.pg_namespace n
				  WHERE n.nspname OPERATOR(pg_catalog.=) 'idtypes_sql_internal'), current_user
				USING ERRCODE = '42501',
				HINT = 'Only the role that installed the companion installs over it; another role''s schema of this name is not the companion.';
		END IF;
		IF pg_catalog.to_regprocedure('idtypes_sql_internal.idtypes_sql_version()') IS NOT NULL THEN
			EXECUTE 'SELECT idtypes_sql_internal.idtypes_sql_version()' INTO installed;
		END IF;
		IF installed OPERATOR(pg_catalog.=) '1.0.0' THEN
			RAISE NOTICE 'idtypes_sql 1.0.0 is installed here already: nothing to do';
			RETURN;
		END IF;
		RAISE EXCEPTION 'idtypes_sql % is installed here, not 1.0.0', COALESCE(installed, 'of an unknown version')
			USING ERRCODE = '42710',
			HINT = pg_catalog.format('Run idtypes_sql--%s--1.0.0.sql to upgrade it, or idtypes_sql-uninstall.sql to remove it.',
									 COALESCE(installed, 'VERSION'));
	END IF;
	CREATE SCHEMA IF NOT EXISTS idtypes_sql;
	SET LOCAL search_path = idtypes_sql, pg_temp;
	EXECUTE pg_catalog.replace(pg_catalog.replace($idtypes_sql_script$
DO $idtypes_sql_schema_check$
DECLARE
	schema_owner pg_catalog.oid;
	creators pg_catalog.text;
BEGIN
	-- public belongs to pg_database_owner: to the database's owner
	SELECT CASE n.nspowner WHEN 'pg_database_owner'::pg_catalog.regrole THEN d.datdba ELSE n.nspowner END
	  INTO schema_owner
	  FROM pg_catalog.pg_namespace n, pg_catalog.pg_database d
	 WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')
	   AND d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database();
	IF schema_owner IS DISTINCT FROM (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) current_user) THEN
		RAISE EXCEPTION 'schema @extschema@ belongs to role %, not to %',
			(SELECT pg_catalog.pg_get_userbyid(n.nspowner) FROM pg_catalog.pg_namespace n
			  WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')), current_user
			USING ERRCODE = '42501',
			DETAIL = 'Its owner could replace the functions installed there with functions of her own, which every role that calls them would run.',
			HINT = 'Install into a schema of your own, or let the schema''s owner install.';
	END IF;
	SELECT pg_catalog.string_agg(g.name, ', ' ORDER BY g.name COLLATE pg_catalog."C")
	  INTO creators
	  FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a,
		   LATERAL (SELECT CASE a.grantee WHEN 0 THEN 'PUBLIC'
				   ELSE pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text END) g(name)
	 WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')
	   AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'
	   AND a.grantee OPERATOR(pg_catalog.<>) ALL (ARRAY[n.nspowner, schema_owner]);
	IF creators IS NOT NULL THEN
		RAISE EXCEPTION 'other roles may create objects in schema @extschema@: %', creators USING ERRCODE = '42501',
			DETAIL = 'They could shadow the functions installed there with overloads of their own, which every role that calls them would run.',
			HINT = 'REVOKE CREATE ON SCHEMA @extschema@ FROM them, or install into another schema.';
	END IF;
END
$idtypes_sql_schema_check$;

-- companion/src/idtypes_sql.sql: what every scheme of the companion uses:
-- the guard against running the script by hand, the clocks (a session's,
-- kept in parameters; the database's, kept in sequences), the conversions
-- between timestamps, integers and bytes, the time bins, and the error
-- helper.  It names no scheme: a clock's functions are written once for
-- every scheme of src/scheme.h (schemes.awk).  First in the install
-- script; the node identity and the settings follow (identity.sql), then
-- the schemes' sources (companion/Makefile's SOURCES).

-- complain if script is sourced in psql, rather than via CREATE EXTENSION

-- Who owns what, and why (doc/managed.md, "Who owns what"):
--
-- - Every object is created in the schema idtypes_sql_internal, which the script
--   creates, and which only the role running the script owns: for CREATE
--   EXTENSION of the trusted extension by a role that is no superuser,
--   PostgreSQL's bootstrap superuser, as every object of the script.  No
--   other role may create, replace, rename or drop anything in it.  The
--   function bodies name the companion's objects only there.
-- - The schema of your choice (@extschema@) holds the interface: for each
--   function that is not internal, a function of the same name and
--   arguments whose body is SQL with a standard body that calls the one in
--   idtypes_sql_internal (companion/src/interface.sql), and two views.  A standard
--   body is bound when it is created: renaming that schema and putting
--   look-alikes under its old name changes nothing that an index, a
--   default or a view of another role already calls.
-- - The database's clocks serialise on a lock that only the script's role
--   may take (LOCK TABLE of an empty table of idtypes_sql_internal, in a block that
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
--   objects with idtypes_sql_internal.  (An SQL function that is not inlined sets
--   up its plan's executor at every call, which costs tens of microseconds
--   for a body of any size; PL/pgSQL keeps its expressions ready.)
--
-- The same text installs with CREATE EXTENSION and with psql -f: the plain
-- script (companion/Makefile) runs it with @extschema@ and @extowner@
-- replaced, less the lines that end in "-- extension only".  Nothing is
-- LEAKPROOF: only a superuser may create such functions, and the plain
-- install must work for any role.

CREATE SCHEMA idtypes_sql_internal;
COMMENT ON SCHEMA idtypes_sql_internal IS
	'the idtypes_sql companion''s objects: its interface is in the schema it was installed in';
GRANT USAGE ON SCHEMA idtypes_sql_internal TO PUBLIC;
SET LOCAL search_path = idtypes_sql_internal, pg_temp;

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
RETURN idtypes_sql_internal.idtypes_sql_us_fast(pg_catalog.clock_timestamp());
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
		us := idtypes_sql_internal.idtypes_sql_us(t) - epoch_us;
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
	RETURN idtypes_sql_internal.idtypes_sql_ts(bin::int8);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_date_bin(pg_catalog.interval, pg_catalog.timestamptz, pg_catalog.timestamptz) IS
	'internal: date_bin() with bins towards minus infinity before the origin, as PostgreSQL 16''s';

---------------------------------------------------------------------------
-- the clocks
---------------------------------------------------------------------------

-- The generic step of a clock: the larger of the word of now and the last
-- word + 1, as unsigned words (compared, and 1 added, as the values XOR
-- 2^63), so that the words strictly increase, also when the system clock
-- steps back; now's word at the first.  The caller checks first that the
-- last word is not the scheme's largest.  A scheme's own step
-- (idtypes_sql_<scheme>_step(), in its source) is this one or its own rule.
CREATE FUNCTION idtypes_sql_clock_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN last IS NULL THEN now_word
	ELSE GREATEST(now_word OPERATOR(pg_catalog.#) (-9223372036854775808)::pg_catalog.int8,
				  (last OPERATOR(pg_catalog.#) (-9223372036854775808)::pg_catalog.int8) + 1::pg_catalog.int8)
		 OPERATOR(pg_catalog.#) (-9223372036854775808)::pg_catalog.int8 END;
COMMENT ON FUNCTION idtypes_sql_clock_step(pg_catalog.int8, pg_catalog.int8) IS
	'internal: the next word of a clock: the larger of now''s word and the last + 1, as unsigned words';

-- The next word of a session's clock, kept in the parameter name: the
-- generic step (idtypes_sql_clock_step()) from the last word to floor (the
-- word of now), so that the session's words strictly increase, also when
-- the system clock steps back.  A parameter set in a transaction that rolls back (or in a
-- savepoint rolled back to) takes its value from before: the words of the
-- work rolled back are forgotten, and the next ones are ordered after them
-- only by the system clock.
CREATE FUNCTION idtypes_sql_session_next(name pg_catalog.text, floor pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN pg_catalog.set_config(name, idtypes_sql_internal.idtypes_sql_clock_step(
		NULLIF(pg_catalog.current_setting(name, true), '')::pg_catalog.int8, floor)::pg_catalog.text,
	false)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_session_next(pg_catalog.text, pg_catalog.int8) IS
	'internal: the next word of this session''s clock kept in a parameter: the larger of floor and the last word + 1';

-- The word of a time, and the time of a word, for the schemes whose ticks
-- are whole microseconds and whose bits below the tick count count ids
-- (all but the UUIDs, whose own are in uuid.sql):
--   idtypes_sql_<scheme>_now_word(us)  the word of now (microseconds since
--     1970), its low bits zero; a system clock before the scheme's epoch
--     counts as its epoch (the generators check the end of the range);
--   idtypes_sql_<scheme>_word_us(word)  the time of a word's tick, in
--     microseconds since 1970;
--   idtypes_sql_<scheme>_word_past(us)  the last word of the tick that
--     holds a microsecond.
CREATE FUNCTION idtypes_sql_muid_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN GREATEST(us - (0)::pg_catalog.int8, 0::pg_catalog.int8) / 1::pg_catalog.int8 << 0;
COMMENT ON FUNCTION idtypes_sql_muid_now_word(pg_catalog.int8) IS
	'internal: the word of the muid clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_muid_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (word >> 0 & 72057594037927935::pg_catalog.int8) * 1::pg_catalog.int8
	+ (0)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_muid_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the muid clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_muid_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (((us - (0)::pg_catalog.int8) / 1::pg_catalog.int8 + 1::pg_catalog.int8) << 0)
	- 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_muid_word_past(pg_catalog.int8) IS
	'internal: the last word of the muid clock in the tick of a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_hlculid_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN GREATEST(us - (0)::pg_catalog.int8, 0::pg_catalog.int8) / 1000::pg_catalog.int8 << 16;
COMMENT ON FUNCTION idtypes_sql_hlculid_now_word(pg_catalog.int8) IS
	'internal: the word of the hlculid clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_hlculid_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (word >> 16 & 281474976710655::pg_catalog.int8) * 1000::pg_catalog.int8
	+ (0)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_hlculid_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the hlculid clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_hlculid_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (((us - (0)::pg_catalog.int8) / 1000::pg_catalog.int8 + 1::pg_catalog.int8) << 16)
	- 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_hlculid_word_past(pg_catalog.int8) IS
	'internal: the last word of the hlculid clock in the tick of a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_uid8_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN GREATEST(us - (0)::pg_catalog.int8, 0::pg_catalog.int8) / 1000::pg_catalog.int8 << 17;
COMMENT ON FUNCTION idtypes_sql_uid8_now_word(pg_catalog.int8) IS
	'internal: the word of the uid8 clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_uid8_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (word >> 17 & 4398046511103::pg_catalog.int8) * 1000::pg_catalog.int8
	+ (0)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uid8_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the uid8 clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_uid8_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (((us - (0)::pg_catalog.int8) / 1000::pg_catalog.int8 + 1::pg_catalog.int8) << 17)
	- 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uid8_word_past(pg_catalog.int8) IS
	'internal: the last word of the uid8 clock in the tick of a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_tid62_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN GREATEST(us - (1577836800000000)::pg_catalog.int8, 0::pg_catalog.int8) / 1000000::pg_catalog.int8 << 32;
COMMENT ON FUNCTION idtypes_sql_tid62_now_word(pg_catalog.int8) IS
	'internal: the word of the tid62 clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_tid62_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (word >> 32 & 4294967295::pg_catalog.int8) * 1000000::pg_catalog.int8
	+ (1577836800000000)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_tid62_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the tid62 clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_tid62_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (((us - (1577836800000000)::pg_catalog.int8) / 1000000::pg_catalog.int8 + 1::pg_catalog.int8) << 32)
	- 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_tid62_word_past(pg_catalog.int8) IS
	'internal: the last word of the tid62 clock in the tick of a count of microseconds since 1970';

-- A scheme's clock: its number, 22023 for a name that is not a scheme's.
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

-- The database's clocks (clock = 'sequence', and always for muid and
-- uid8, which have no random bits to keep sessions apart), one for each
-- scheme, each with these objects (written once for each scheme of
-- src/scheme.h by the companion's build; the scheme's source gives what
-- is its own: the word of a time, the step, the word of an id):
--
-- - a sequence that holds its last clock word, XOR 2^63 so that the
--   unsigned order of the words is the order of the sequence's signed
--   values.  A sequence is WAL-logged by PostgreSQL and replicated, so that
--   after a crash, a failover or a restore from a physical backup the clock
--   resumes where the log says (nextval() logs 32 values ahead; setval()
--   logs each value), as a sequence's values do.  pg_dump dumps their
--   values with the extension (and the tables of a plain install), so that
--   a restore goes on from them; the role that installed the extension
--   may set one (as with any sequence of hers: ids may then repeat);
-- - the lock the clock serialises on: LOCK TABLE of an empty table, which
--   no other role may lock (no privilege on it is granted), so that none
--   can hold it as any role can hold an advisory lock.  (The database's
--   owner may still ANALYZE it in a transaction, and a superuser may lock
--   anything);
-- - idtypes_sql_<scheme>_clock_next(), the next word.  A sequence can add
--   one, but not take the larger of two values, so the word is read and
--   written under the lock, taken in a block that ends by raising IDSQ0
--   and catching it: the block's rollback releases the lock before the
--   function returns (and an error does too), and keeps what the sequence
--   was set to, since a sequence does not roll back.  At the scheme's
--   largest word the clock is exhausted (22008).  A step that gives no
--   word (uid8's, every id of a millisecond used) waits, outside the lock,
--   for the system clock's next tick, and after a tick's wait takes the
--   next tick whatever the system clock says.  SECURITY DEFINER, so that
--   the sequences and the locks need no privilege for other roles, who
--   could set a clock back or hold it: its owner is the role that ran the
--   script; the body names every object with its schema, and the search
--   path is pinned;
-- - idtypes_sql_<scheme>_clock_raise(word): the clock raised to a word,
--   never back, under its lock; returns the clock's word then.  For
--   hlculid_observe() and idtypes_advance_clock(), which are granted as
--   the C extension's are;
-- - idtypes_sql_<scheme>_advance(word, t): idtypes_advance_clock() of the
--   scheme: the clock raised to word, whose time is t (checked against the
--   server's clock; a NULL word: before the scheme's epoch, nothing to
--   raise); returns the time the clock then stands at (its last word's);
-- - idtypes_sql_<scheme>_advance_past(t) and _advance_id(id): the word of
--   the last microsecond of t (or of its tick, when that is longer), and of
--   an id, for it.
CREATE SEQUENCE idtypes_sql_muid_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_muid_clock IS 'the database''s muid clock: its last word XOR 2^63';
CREATE TABLE idtypes_sql_muid_lock ();
COMMENT ON TABLE idtypes_sql_muid_lock IS 'internal: the lock of the database''s muid clock (empty)';

CREATE FUNCTION idtypes_sql_muid_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	stuck int8;					-- a last word at which the step waits
	waited int8 := 0;			-- microseconds slept at it
	pause int8;
BEGIN
	-- (each statement in the block is a plain expression but the lock:
	-- a PERFORM would start an executor, at a third of the call's cost)
	LOOP
		BEGIN
			LOCK TABLE idtypes_sql_internal.idtypes_sql_muid_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_muid_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = 72057594037927935 THEN
				RAISE EXCEPTION 'the muid clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(idtypes_sql_internal.idtypes_sql_muid_step(last, idtypes_sql_internal.idtypes_sql_muid_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(1, 1)
					THEN ((last >> 0) + 1) << 0 END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('idtypes_sql_internal.idtypes_sql_muid_clock'::regclass)
				ELSE setval('idtypes_sql_internal.idtypes_sql_muid_clock'::regclass, word # (-9223372036854775808)) END;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		IF stuck IS DISTINCT FROM last THEN
			stuck := last;
			waited := 0;
		END IF;
		-- sleep to the system clock's next tick, or a tick if the system
		-- clock is behind the last word
		pause := greatest(1, 1);
		IF idtypes_sql_internal.idtypes_sql_muid_now_word(us) >> 0 = last >> 0 THEN
			pause := pause - (us - 0) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := idtypes_sql_internal.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_muid_clock_next() IS 'internal: the next word of the database''s muid clock';

CREATE FUNCTION idtypes_sql_muid_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE idtypes_sql_internal.idtypes_sql_muid_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_muid_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('idtypes_sql_internal.idtypes_sql_muid_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_muid_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s muid clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_muid_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_muid_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := idtypes_sql_internal.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the muid clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_muid_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := idtypes_sql_internal.idtypes_sql_muid_clock_raise(word);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_muid_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_muid_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s muid clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_muid_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_muid_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := idtypes_sql_internal.idtypes_sql_us(past);
		IF us >= 0 THEN
			word := idtypes_sql_internal.idtypes_sql_muid_word_past(us);
		END IF;
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_muid_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_muid_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s muid clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_muid_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_muid_advance_id(past uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_muid_advance(idtypes_sql_internal.idtypes_sql_muid_id_word(past), idtypes_sql_internal.muid_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_muid_advance_id(uuid) IS
	'internal: moves the database''s muid clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_muid_advance_id(uuid) FROM PUBLIC;

CREATE SEQUENCE idtypes_sql_hlculid_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_hlculid_clock IS 'the database''s hlculid clock: its last word XOR 2^63';
CREATE TABLE idtypes_sql_hlculid_lock ();
COMMENT ON TABLE idtypes_sql_hlculid_lock IS 'internal: the lock of the database''s hlculid clock (empty)';

CREATE FUNCTION idtypes_sql_hlculid_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	stuck int8;					-- a last word at which the step waits
	waited int8 := 0;			-- microseconds slept at it
	pause int8;
BEGIN
	-- (each statement in the block is a plain expression but the lock:
	-- a PERFORM would start an executor, at a third of the call's cost)
	LOOP
		BEGIN
			LOCK TABLE idtypes_sql_internal.idtypes_sql_hlculid_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_hlculid_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = -1 THEN
				RAISE EXCEPTION 'the hlculid clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(idtypes_sql_internal.idtypes_sql_hlculid_step(last, idtypes_sql_internal.idtypes_sql_hlculid_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(1000, 1)
					THEN ((last >> 16) + 1) << 16 END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('idtypes_sql_internal.idtypes_sql_hlculid_clock'::regclass)
				ELSE setval('idtypes_sql_internal.idtypes_sql_hlculid_clock'::regclass, word # (-9223372036854775808)) END;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		IF stuck IS DISTINCT FROM last THEN
			stuck := last;
			waited := 0;
		END IF;
		-- sleep to the system clock's next tick, or a tick if the system
		-- clock is behind the last word
		pause := greatest(1000, 1);
		IF idtypes_sql_internal.idtypes_sql_hlculid_now_word(us) >> 16 = last >> 16 THEN
			pause := pause - (us - 0) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := idtypes_sql_internal.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_hlculid_clock_next() IS 'internal: the next word of the database''s hlculid clock';

CREATE FUNCTION idtypes_sql_hlculid_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE idtypes_sql_internal.idtypes_sql_hlculid_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_hlculid_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('idtypes_sql_internal.idtypes_sql_hlculid_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_hlculid_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s hlculid clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_hlculid_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_hlculid_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := idtypes_sql_internal.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the hlculid clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_hlculid_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := idtypes_sql_internal.idtypes_sql_hlculid_clock_raise(word);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_hlculid_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_hlculid_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s hlculid clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_hlculid_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_hlculid_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := idtypes_sql_internal.idtypes_sql_us(past);
		IF us >= 0 THEN
			word := idtypes_sql_internal.idtypes_sql_hlculid_word_past(us);
		END IF;
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_hlculid_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_hlculid_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s hlculid clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_hlculid_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_hlculid_advance_id(past uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_hlculid_advance(idtypes_sql_internal.idtypes_sql_hlculid_id_word(past), idtypes_sql_internal.hlculid_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_hlculid_advance_id(uuid) IS
	'internal: moves the database''s hlculid clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_hlculid_advance_id(uuid) FROM PUBLIC;

CREATE SEQUENCE idtypes_sql_uid8_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_uid8_clock IS 'the database''s uid8 clock: its last word XOR 2^63';
CREATE TABLE idtypes_sql_uid8_lock ();
COMMENT ON TABLE idtypes_sql_uid8_lock IS 'internal: the lock of the database''s uid8 clock (empty)';

CREATE FUNCTION idtypes_sql_uid8_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	stuck int8;					-- a last word at which the step waits
	waited int8 := 0;			-- microseconds slept at it
	pause int8;
BEGIN
	-- (each statement in the block is a plain expression but the lock:
	-- a PERFORM would start an executor, at a third of the call's cost)
	LOOP
		BEGIN
			LOCK TABLE idtypes_sql_internal.idtypes_sql_uid8_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uid8_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = 576460752303423487 THEN
				RAISE EXCEPTION 'the uid8 clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(idtypes_sql_internal.idtypes_sql_uid8_step(last, idtypes_sql_internal.idtypes_sql_uid8_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(1000, 1)
					THEN ((last >> 17) + 1) << 17 END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('idtypes_sql_internal.idtypes_sql_uid8_clock'::regclass)
				ELSE setval('idtypes_sql_internal.idtypes_sql_uid8_clock'::regclass, word # (-9223372036854775808)) END;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		IF stuck IS DISTINCT FROM last THEN
			stuck := last;
			waited := 0;
		END IF;
		-- sleep to the system clock's next tick, or a tick if the system
		-- clock is behind the last word
		pause := greatest(1000, 1);
		IF idtypes_sql_internal.idtypes_sql_uid8_now_word(us) >> 17 = last >> 17 THEN
			pause := pause - (us - 0) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := idtypes_sql_internal.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uid8_clock_next() IS 'internal: the next word of the database''s uid8 clock';

CREATE FUNCTION idtypes_sql_uid8_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE idtypes_sql_internal.idtypes_sql_uid8_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uid8_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('idtypes_sql_internal.idtypes_sql_uid8_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uid8_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s uid8 clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uid8_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uid8_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := idtypes_sql_internal.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the uid8 clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uid8_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := idtypes_sql_internal.idtypes_sql_uid8_clock_raise(word);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_uid8_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uid8_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s uid8 clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uid8_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uid8_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := idtypes_sql_internal.idtypes_sql_us(past);
		IF us >= 0 THEN
			word := idtypes_sql_internal.idtypes_sql_uid8_word_past(us);
		END IF;
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uid8_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uid8_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s uid8 clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uid8_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uid8_advance_id(past bigint) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_uid8_advance(idtypes_sql_internal.idtypes_sql_uid8_id_word(past), idtypes_sql_internal.uid8_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uid8_advance_id(bigint) IS
	'internal: moves the database''s uid8 clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uid8_advance_id(bigint) FROM PUBLIC;

CREATE SEQUENCE idtypes_sql_uuidv6_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_uuidv6_clock IS 'the database''s UUIDv6 clock: its last word XOR 2^63';
CREATE TABLE idtypes_sql_uuidv6_lock ();
COMMENT ON TABLE idtypes_sql_uuidv6_lock IS 'internal: the lock of the database''s UUIDv6 clock (empty)';

CREATE FUNCTION idtypes_sql_uuidv6_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	stuck int8;					-- a last word at which the step waits
	waited int8 := 0;			-- microseconds slept at it
	pause int8;
BEGIN
	-- (each statement in the block is a plain expression but the lock:
	-- a PERFORM would start an executor, at a third of the call's cost)
	LOOP
		BEGIN
			LOCK TABLE idtypes_sql_internal.idtypes_sql_uuidv6_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv6_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = 1152921504606846975 THEN
				RAISE EXCEPTION 'the uuidv6 clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(idtypes_sql_internal.idtypes_sql_uuidv6_step(last, idtypes_sql_internal.idtypes_sql_uuidv6_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(0, 1)
					THEN ((last >> 0) + 1) << 0 END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('idtypes_sql_internal.idtypes_sql_uuidv6_clock'::regclass)
				ELSE setval('idtypes_sql_internal.idtypes_sql_uuidv6_clock'::regclass, word # (-9223372036854775808)) END;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		IF stuck IS DISTINCT FROM last THEN
			stuck := last;
			waited := 0;
		END IF;
		-- sleep to the system clock's next tick, or a tick if the system
		-- clock is behind the last word
		pause := greatest(0, 1);
		IF idtypes_sql_internal.idtypes_sql_uuidv6_now_word(us) >> 0 = last >> 0 THEN
			pause := pause - (us - -12219292800000000) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := idtypes_sql_internal.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv6_clock_next() IS 'internal: the next word of the database''s UUIDv6 clock';

CREATE FUNCTION idtypes_sql_uuidv6_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE idtypes_sql_internal.idtypes_sql_uuidv6_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv6_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('idtypes_sql_internal.idtypes_sql_uuidv6_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv6_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s UUIDv6 clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv6_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv6_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := idtypes_sql_internal.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the uuidv6 clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv6_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := idtypes_sql_internal.idtypes_sql_uuidv6_clock_raise(word);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_uuidv6_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv6_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s UUIDv6 clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv6_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv6_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := idtypes_sql_internal.idtypes_sql_us(past);
		IF us >= -12219292800000000 THEN
			word := idtypes_sql_internal.idtypes_sql_uuidv6_word_past(us);
		END IF;
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuidv6_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv6_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s UUIDv6 clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv6_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv6_advance_id(past uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_uuidv6_advance(idtypes_sql_internal.idtypes_sql_uuidv6_id_word(past), idtypes_sql_internal.uuidv_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv6_advance_id(uuid) IS
	'internal: moves the database''s UUIDv6 clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv6_advance_id(uuid) FROM PUBLIC;

CREATE SEQUENCE idtypes_sql_uuidv7_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_uuidv7_clock IS 'the database''s UUIDv7 clock: its last word XOR 2^63';
CREATE TABLE idtypes_sql_uuidv7_lock ();
COMMENT ON TABLE idtypes_sql_uuidv7_lock IS 'internal: the lock of the database''s UUIDv7 clock (empty)';

CREATE FUNCTION idtypes_sql_uuidv7_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	stuck int8;					-- a last word at which the step waits
	waited int8 := 0;			-- microseconds slept at it
	pause int8;
BEGIN
	-- (each statement in the block is a plain expression but the lock:
	-- a PERFORM would start an executor, at a third of the call's cost)
	LOOP
		BEGIN
			LOCK TABLE idtypes_sql_internal.idtypes_sql_uuidv7_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv7_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = 1152921504606846975 THEN
				RAISE EXCEPTION 'the uuidv7 clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(idtypes_sql_internal.idtypes_sql_uuidv7_step(last, idtypes_sql_internal.idtypes_sql_uuidv7_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(1000, 1)
					THEN ((last >> 12) + 1) << 12 END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('idtypes_sql_internal.idtypes_sql_uuidv7_clock'::regclass)
				ELSE setval('idtypes_sql_internal.idtypes_sql_uuidv7_clock'::regclass, word # (-9223372036854775808)) END;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		IF stuck IS DISTINCT FROM last THEN
			stuck := last;
			waited := 0;
		END IF;
		-- sleep to the system clock's next tick, or a tick if the system
		-- clock is behind the last word
		pause := greatest(1000, 1);
		IF idtypes_sql_internal.idtypes_sql_uuidv7_now_word(us) >> 12 = last >> 12 THEN
			pause := pause - (us - 0) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := idtypes_sql_internal.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv7_clock_next() IS 'internal: the next word of the database''s UUIDv7 clock';

CREATE FUNCTION idtypes_sql_uuidv7_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE idtypes_sql_internal.idtypes_sql_uuidv7_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv7_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('idtypes_sql_internal.idtypes_sql_uuidv7_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv7_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s UUIDv7 clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv7_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv7_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := idtypes_sql_internal.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the uuidv7 clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv7_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := idtypes_sql_internal.idtypes_sql_uuidv7_clock_raise(word);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_uuidv7_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv7_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s UUIDv7 clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv7_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv7_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := idtypes_sql_internal.idtypes_sql_us(past);
		IF us >= 0 THEN
			word := idtypes_sql_internal.idtypes_sql_uuidv7_word_past(us);
		END IF;
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuidv7_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv7_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s UUIDv7 clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv7_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv7_advance_id(past uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_uuidv7_advance(idtypes_sql_internal.idtypes_sql_uuidv7_id_word(past), idtypes_sql_internal.uuidv_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv7_advance_id(uuid) IS
	'internal: moves the database''s UUIDv7 clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv7_advance_id(uuid) FROM PUBLIC;

CREATE SEQUENCE idtypes_sql_uuidv8_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_uuidv8_clock IS 'the database''s UUIDv8 clock: its last word XOR 2^63';
CREATE TABLE idtypes_sql_uuidv8_lock ();
COMMENT ON TABLE idtypes_sql_uuidv8_lock IS 'internal: the lock of the database''s UUIDv8 clock (empty)';

CREATE FUNCTION idtypes_sql_uuidv8_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	stuck int8;					-- a last word at which the step waits
	waited int8 := 0;			-- microseconds slept at it
	pause int8;
BEGIN
	-- (each statement in the block is a plain expression but the lock:
	-- a PERFORM would start an executor, at a third of the call's cost)
	LOOP
		BEGIN
			LOCK TABLE idtypes_sql_internal.idtypes_sql_uuidv8_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv8_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = 1152921504606846975 THEN
				RAISE EXCEPTION 'the uuidv8 clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(idtypes_sql_internal.idtypes_sql_uuidv8_step(last, idtypes_sql_internal.idtypes_sql_uuidv8_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(0, 1)
					THEN ((last >> 0) + 1) << 0 END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('idtypes_sql_internal.idtypes_sql_uuidv8_clock'::regclass)
				ELSE setval('idtypes_sql_internal.idtypes_sql_uuidv8_clock'::regclass, word # (-9223372036854775808)) END;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		IF stuck IS DISTINCT FROM last THEN
			stuck := last;
			waited := 0;
		END IF;
		-- sleep to the system clock's next tick, or a tick if the system
		-- clock is behind the last word
		pause := greatest(0, 1);
		IF idtypes_sql_internal.idtypes_sql_uuidv8_now_word(us) >> 0 = last >> 0 THEN
			pause := pause - (us - 0) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := idtypes_sql_internal.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv8_clock_next() IS 'internal: the next word of the database''s UUIDv8 clock';

CREATE FUNCTION idtypes_sql_uuidv8_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE idtypes_sql_internal.idtypes_sql_uuidv8_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv8_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('idtypes_sql_internal.idtypes_sql_uuidv8_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv8_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s UUIDv8 clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv8_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv8_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := idtypes_sql_internal.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the uuidv8 clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_uuidv8_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := idtypes_sql_internal.idtypes_sql_uuidv8_clock_raise(word);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_uuidv8_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv8_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s UUIDv8 clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv8_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv8_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := idtypes_sql_internal.idtypes_sql_us(past);
		IF us >= 0 THEN
			word := idtypes_sql_internal.idtypes_sql_uuidv8_word_past(us);
		END IF;
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuidv8_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv8_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s UUIDv8 clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv8_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_uuidv8_advance_id(past uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_uuidv8_advance(idtypes_sql_internal.idtypes_sql_uuidv8_id_word(past), idtypes_sql_internal.uuidv8_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv8_advance_id(uuid) IS
	'internal: moves the database''s UUIDv8 clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_uuidv8_advance_id(uuid) FROM PUBLIC;

CREATE SEQUENCE idtypes_sql_tid62_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_tid62_clock IS 'the database''s tid62 clock: its last word XOR 2^63';
CREATE TABLE idtypes_sql_tid62_lock ();
COMMENT ON TABLE idtypes_sql_tid62_lock IS 'internal: the lock of the database''s tid62 clock (empty)';

CREATE FUNCTION idtypes_sql_tid62_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	flast int8;					-- the sequence's value: the last word XOR 2^63
	last int8;					-- the last word, NULL before the first
	word int8;					-- the new word, NULL to wait
	stuck int8;					-- a last word at which the step waits
	waited int8 := 0;			-- microseconds slept at it
	pause int8;
BEGIN
	-- (each statement in the block is a plain expression but the lock:
	-- a PERFORM would start an executor, at a third of the call's cost)
	LOOP
		BEGIN
			LOCK TABLE idtypes_sql_internal.idtypes_sql_tid62_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_tid62_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = -1 THEN
				RAISE EXCEPTION 'the tid62 clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(idtypes_sql_internal.idtypes_sql_tid62_step(last, idtypes_sql_internal.idtypes_sql_tid62_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(1000000, 1)
					THEN ((last >> 32) + 1) << 32 END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('idtypes_sql_internal.idtypes_sql_tid62_clock'::regclass)
				ELSE setval('idtypes_sql_internal.idtypes_sql_tid62_clock'::regclass, word # (-9223372036854775808)) END;
			-- roll the block back: the lock goes, the sequence keeps its value
			RAISE SQLSTATE 'IDSQ0';
		EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
			NULL;
		END;
		EXIT WHEN word IS NOT NULL;
		IF stuck IS DISTINCT FROM last THEN
			stuck := last;
			waited := 0;
		END IF;
		-- sleep to the system clock's next tick, or a tick if the system
		-- clock is behind the last word
		pause := greatest(1000000, 1);
		IF idtypes_sql_internal.idtypes_sql_tid62_now_word(us) >> 32 = last >> 32 THEN
			pause := pause - (us - 1577836800000000) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := idtypes_sql_internal.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_clock_next() IS 'internal: the next word of the database''s tid62 clock';

CREATE FUNCTION idtypes_sql_tid62_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE idtypes_sql_internal.idtypes_sql_tid62_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_tid62_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('idtypes_sql_internal.idtypes_sql_tid62_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s tid62 clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_tid62_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_tid62_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := idtypes_sql_internal.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the tid62 clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('idtypes_sql_internal.idtypes_sql_tid62_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := idtypes_sql_internal.idtypes_sql_tid62_clock_raise(word);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_tid62_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s tid62 clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_tid62_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_tid62_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := idtypes_sql_internal.idtypes_sql_us(past);
		IF us >= 1577836800000000 THEN
			word := idtypes_sql_internal.idtypes_sql_tid62_word_past(us);
		END IF;
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_tid62_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s tid62 clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_tid62_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_tid62_advance_id(past bytea) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_tid62_advance(idtypes_sql_internal.idtypes_sql_tid62_id_word(past), idtypes_sql_internal.tid62_timestamp(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_advance_id(bytea) IS
	'internal: moves the database''s tid62 clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_tid62_advance_id(bytea) FROM PUBLIC;

-- The C extension's idtypes_advance_clock(): the database's clock of a
-- scheme moved past a time or an id, so that every id of the scheme
-- generated afterwards from it (in the sequence mode, and always for muid
-- and uid8) sorts after it.  For a table moved from the C extension, or
-- restored from elsewhere.  Never moves a clock back.  Returns the time the
-- clock then stands at (its last word's tick).  A session's own clock (the
-- session mode) starts from the system clock, and is not moved.  Not
-- granted to PUBLIC: the role that installed the companion may call and
-- grant it.  Each form checks the scheme's name against the table (so
-- that the name it puts into the statement it runs is a scheme's) and
-- runs the scheme's function for it.
--
-- Past a time: past the end of its microsecond, or of the scheme's tick
-- when that is longer.
CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	t timestamptz;
BEGIN
	PERFORM idtypes_sql_internal.idtypes_sql_clock_key(scheme);
	EXECUTE format('SELECT idtypes_sql_internal.%I($1)', 'idtypes_sql_' || scheme || '_advance_past') INTO t USING past;
	RETURN t;
END
$fn$;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) IS
	'moves the database''s clock of a scheme past a time: every id generated from it afterwards has a later time';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

-- Past an id: the next id of the scheme sorts after it.  The id is of the
-- scheme's companion type (a uuid for muid, hlculid, UUIDv6, UUIDv7 and UUIDv8, a bigint for uid8 and a bytea for tid62), else 22023.
CREATE FUNCTION idtypes_sql_advance_id(scheme pg_catalog.text, past anyelement) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	key int4 := idtypes_sql_internal.idtypes_sql_clock_key(scheme);
	t timestamptz;
BEGIN
	IF (ARRAY['uuid', 'uuid', 'bigint', 'uuid', 'uuid', 'uuid', 'bytea'])[key] <> format_type(pg_typeof(past), NULL) THEN
		RAISE EXCEPTION 'a % is not a %', scheme, format_type(pg_typeof(past), NULL) USING ERRCODE = '22023',
			HINT = 'The companion''s ids are a uuid for muid, hlculid, UUIDv6, UUIDv7 and UUIDv8, a bigint for uid8 and a bytea for tid62.';
	END IF;
	EXECUTE format('SELECT idtypes_sql_internal.%I($1)', 'idtypes_sql_' || scheme || '_advance_id') INTO t USING past;
	RETURN t;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_advance_id(pg_catalog.text, anyelement) IS
	'internal: moves the database''s clock of a scheme past an id of its type';
REVOKE EXECUTE ON FUNCTION idtypes_sql_advance_id(pg_catalog.text, anyelement) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
RETURN idtypes_sql_internal.idtypes_sql_advance_id(scheme, past);
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.uuid) IS
	'moves the database''s clock of a scheme whose ids are uuids past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.uuid) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.int8) RETURNS pg_catalog.timestamptz
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
RETURN idtypes_sql_internal.idtypes_sql_advance_id(scheme, past);
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.int8) IS
	'moves the database''s clock of a scheme whose ids are bigints past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.bytea) RETURNS pg_catalog.timestamptz
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
RETURN idtypes_sql_internal.idtypes_sql_advance_id(scheme, past);
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.bytea) IS
	'moves the database''s clock of a scheme whose ids are bytea past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.bytea) FROM PUBLIC;

-- The version of the companion installed here (also for a plain install,
-- which has no pg_extension row).
CREATE FUNCTION idtypes_sql_version() RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN '1.0.0';
COMMENT ON FUNCTION idtypes_sql_version() IS 'the version of the idtypes_sql companion installed in this schema';

-- companion/src/identity.sql: the node identity and the clock mode of this
-- database, as src/identity.sql is the C extension's: the settings, this
-- database's random identities, the view of what is in effect, and the
-- reading of them into a session's parameters.  Second in the install
-- script, after idtypes_sql.sql (companion/Makefile's SOURCES).

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

CREATE FUNCTION idtypes_sql_settings_replace() RETURNS trigger
	LANGUAGE plpgsql
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	UPDATE idtypes_sql_internal.idtypes_sql_settings
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

-- How far ahead of this server's clock a clock may be moved
-- (idtypes_advance_clock()): hlculid_max_drift, and at
-- least 5 minutes.
CREATE FUNCTION idtypes_sql_max_ahead() RETURNS pg_catalog.interval
	LANGUAGE plpgsql STABLE PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN (SELECT greatest(coalesce(s.hlculid_max_drift, '5 minutes'), '5 minutes') FROM idtypes_sql_internal.idtypes_sql_settings s);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_max_ahead() IS
	'internal: how far ahead of this server''s clock a clock may be moved: hlculid_max_drift, at least 5 minutes';

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
			  FROM idtypes_sql_internal.idtypes_node_identity s) x;
END;
COMMENT ON FUNCTION idtypes_sql_load(pg_catalog.bool) IS
	'internal: reads idtypes_sql_settings into this session''s parameters; returns the publisher (hex) or the clock mode';

CREATE FUNCTION idtypes_sql_clock_mode() RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.clock', true), ''), idtypes_sql_internal.idtypes_sql_load(false));
COMMENT ON FUNCTION idtypes_sql_clock_mode() IS 'internal: this session''s clock mode, session or sequence';

-- companion/src/muid.sql: Muid on core uuid, bit for bit the C extension's
-- muid (src/muid.c): value = ts << 72 | medallion << 20 | offset,
-- big-endian, ts in microseconds since the Unix epoch (56 bits), the
-- medallion in 52 bits, the offset in the transaction in 20.

---------------------------------------------------------------------------
-- muid text
---------------------------------------------------------------------------

-- 32 uppercase hexadecimal digits, as muid's output.
CREATE FUNCTION muid_to_text(id pg_catalog.uuid) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.upper(pg_catalog.translate(id::pg_catalog.text, '-', '') COLLATE pg_catalog."C");
COMMENT ON FUNCTION muid_to_text(pg_catalog.uuid) IS 'muid text of a uuid: 32 uppercase hexadecimal digits';

-- muid's input: 32 hexadecimal digits in either case, or the dashed form
-- TTTTTTTTTTTTTT-MMMMMMMMMMMMM-OOOOO; anything else is 22P02.
CREATE FUNCTION muid_from_text(str pg_catalog.text) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF str COLLATE "C" ~ '^([0-9A-Fa-f]{32}|[0-9A-Fa-f]{14}-[0-9A-Fa-f]{13}-[0-9A-Fa-f]{5})$' THEN
		RETURN translate(str, '-', '')::uuid;
	END IF;
	RAISE EXCEPTION 'invalid input syntax for type muid: "%"', str USING ERRCODE = '22P02',
		DETAIL = 'A muid is 32 hexadecimal digits, or 14, 13 and 5 digits separated by dashes.';
END
$fn$;
COMMENT ON FUNCTION muid_from_text(pg_catalog.text) IS
	'uuid of a muid text: 32 hexadecimal digits, or 14, 13 and 5 separated by dashes';

---------------------------------------------------------------------------
-- muid extraction and construction
---------------------------------------------------------------------------

CREATE FUNCTION muid_timestamp(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_hi(id) >> (64 - 56) & 72057594037927935::pg_catalog.int8);
COMMENT ON FUNCTION muid_timestamp(pg_catalog.uuid) IS 'timestamp of a muid, to the microsecond';

CREATE FUNCTION muid_medallion(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (idtypes_sql_internal.idtypes_sql_hi(id) & 255::pg_catalog.int8) << 44
	| (idtypes_sql_internal.idtypes_sql_lo(id) >> 20 & 17592186044415::pg_catalog.int8);
COMMENT ON FUNCTION muid_medallion(pg_catalog.uuid) IS 'medallion (node id) of a muid';

CREATE FUNCTION muid_offset(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (idtypes_sql_internal.idtypes_sql_lo(id) & 1048575::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION muid_offset(pg_catalog.uuid) IS 'offset of a muid within its transaction (0 is the transaction)';

-- The uuid of a muid's three fields (no range checks).
CREATE FUNCTION idtypes_sql_muid(ts pg_catalog.int8, medallion pg_catalog.int8, "offset" pg_catalog.int8)
	RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid((ts << 8) | (medallion >> 44),
	(medallion & 17592186044415::pg_catalog.int8) << 20 | "offset");
COMMENT ON FUNCTION idtypes_sql_muid(pg_catalog.int8, pg_catalog.int8, pg_catalog.int8) IS
	'internal: the muid of a timestamp in microseconds, a medallion and an offset';

CREATE FUNCTION muid_from_parts(ts pg_catalog.timestamptz, medallion pg_catalog.int8, "offset" pg_catalog.int4)
	RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	tick int8 := idtypes_sql_internal.idtypes_sql_tick(ts, 'muid',
		'A muid holds times from 1970-01-01 00:00:00+00 to 4253-05-31 22:20:37.927935+00.', 0, 1, 72057594037927935, false);
BEGIN
	IF medallion NOT BETWEEN 0 AND 4503599627370495 THEN
		RAISE EXCEPTION 'muid medallion % is out of range', medallion USING ERRCODE = '22003',
			DETAIL = 'A medallion is from 0 to 4503599627370495.';
	END IF;
	IF "offset" NOT BETWEEN 0 AND 1048575 THEN
		RAISE EXCEPTION 'muid offset % is out of range', "offset" USING ERRCODE = '22003',
			DETAIL = 'An offset is from 0 to 1048575.';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_muid(tick, medallion, "offset");
END
$fn$;
COMMENT ON FUNCTION muid_from_parts(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.int4) IS
	'muid (as uuid) of a timestamp, medallion (0 to 2^52-1) and offset (0 to 1048575)';

CREATE FUNCTION muid_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid(idtypes_sql_internal.idtypes_sql_tick(ts, 'muid', 'A muid holds times from 1970-01-01 00:00:00+00 to 4253-05-31 22:20:37.927935+00.', 0, 1, 72057594037927935, true) << 8, 0);
COMMENT ON FUNCTION muid_floor(pg_catalog.timestamptz) IS 'smallest muid of a microsecond (medallion and offset 0)';

CREATE FUNCTION muid_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid(idtypes_sql_internal.idtypes_sql_tick(ts, 'muid', 'A muid holds times from 1970-01-01 00:00:00+00 to 4253-05-31 22:20:37.927935+00.', 0, 1, 72057594037927935, false) << 8 | 255::pg_catalog.int8, -1);
COMMENT ON FUNCTION muid_ceil(pg_catalog.timestamptz) IS 'largest muid of a microsecond';

CREATE FUNCTION muid_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_date_bin(stride, idtypes_sql_internal.muid_timestamp(id), origin);
COMMENT ON FUNCTION muid_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a muid (like date_bin)';

---------------------------------------------------------------------------
-- muid generation
---------------------------------------------------------------------------

-- A transaction's muid: its timestamp from the database's muid clock (a
-- sequence, in either clock mode: muid has no random bits, so two sessions
-- with one medallion must never share a microsecond) and the medallion,
-- kept for the rest of the transaction in transaction-local parameters
-- (SET LOCAL's kind), as 27 hexadecimal digits; the offsets count in
-- another.  A rollback to a savepoint takes those parameters back, but not
-- a sequence's values: every issue of an offset takes the next value of
-- idtypes_sql_muid_marks, and the value last taken is kept beside the
-- offset.  While the session's last value (currval()) is the one kept, no
-- offset was given since in work rolled back; else the difference counts
-- the offsets given there (at least: the values a session takes are
-- consecutive within its cache), and the next offset comes after them, as
-- the C extension's does.  Should that not fit in the 20 bits of the
-- offset, the transaction's muid starts again at the clock's next
-- timestamp.
CREATE SEQUENCE idtypes_sql_muid_marks AS pg_catalog.int8 CACHE 1024;
COMMENT ON SEQUENCE idtypes_sql_muid_marks IS
	'internal: counts the issues of muid offsets, so that a rollback to a savepoint does not give an offset again';
GRANT USAGE ON SEQUENCE idtypes_sql_muid_marks TO PUBLIC;

-- The database's muid clock (idtypes_sql.sql): its word is the tick
-- count, the muid's first 7 bytes; the step is the generic one.
CREATE FUNCTION idtypes_sql_muid_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_muid_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the muid clock';
CREATE FUNCTION idtypes_sql_muid_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_hi(id) >> (64 - 56) & 72057594037927935::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_muid_id_word(pg_catalog.uuid) IS 'internal: the muid clock''s word of a muid';

-- The transaction's muid begun: its timestamp and medallion, offset 0.
CREATE FUNCTION idtypes_sql_muid_begin() RETURNS pg_catalog.text
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	ts int8 := idtypes_sql_internal.idtypes_sql_muid_clock_next();
	medallion int8;
	ignored text;
BEGIN
	IF ts > 72057594037927935 THEN
		RAISE EXCEPTION 'muid timestamp out of range' USING ERRCODE = '22008';
	END IF;
	SELECT s.medallion INTO medallion FROM idtypes_sql_internal.idtypes_node_identity s;
	ignored := set_config('idtypes_sql.muid_offset', '0', true);
	ignored := set_config('idtypes_sql.muid_mark', nextval('idtypes_sql_internal.idtypes_sql_muid_marks')::text, true);
	RETURN set_config('idtypes_sql.muid', lpad(to_hex(ts), 14, '0') || lpad(to_hex(medallion), 13, '0'), true);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_muid_begin() IS
	'internal: the timestamp (from the database''s muid clock) and medallion of the current transaction''s muids';

-- The next muid when the fast path of gen_muid() cannot give it: at the
-- transaction's first, and after offsets were given in work rolled back.
CREATE FUNCTION idtypes_sql_muid_next() RETURNS pg_catalog.uuid
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	muid text := NULLIF(current_setting('idtypes_sql.muid', true), '');
	off int8;
BEGIN
	IF muid IS NOT NULL THEN
		-- past the offsets given in work rolled back
		off := current_setting('idtypes_sql.muid_offset')::int8
			+ currval('idtypes_sql_internal.idtypes_sql_muid_marks') - current_setting('idtypes_sql.muid_mark')::int8;
		IF off >= 1048575 THEN
			muid := NULL;
		END IF;
	END IF;
	IF muid IS NULL THEN
		muid := idtypes_sql_internal.idtypes_sql_muid_begin();
		off := 0;
	END IF;
	PERFORM set_config('idtypes_sql.muid_offset', (off + 1)::text, true),
		set_config('idtypes_sql.muid_mark', nextval('idtypes_sql_internal.idtypes_sql_muid_marks')::text, true);
	RETURN (muid || lpad(to_hex(off + 1), 5, '0'))::uuid;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_muid_next() IS
	'internal: the next muid at a transaction''s first and after offsets given in work rolled back';

-- The fast path: the transaction's muid begun, and no offset given since
-- in work rolled back.
CREATE FUNCTION gen_muid() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN CASE WHEN COALESCE(pg_catalog.current_setting('idtypes_sql.muid_mark', true), '') = ''
				OR pg_catalog.current_setting('idtypes_sql.muid_mark', true)::pg_catalog.int8
					<> pg_catalog.currval('idtypes_sql_internal.idtypes_sql_muid_marks')
			THEN idtypes_sql_internal.idtypes_sql_muid_next()
			WHEN pg_catalog.current_setting('idtypes_sql.muid_offset', true)::pg_catalog.int4 >= 1048575
			THEN idtypes_sql_internal.idtypes_sql_error('54000', 'too many muids in one transaction',
				'A transaction can generate at most 1048575 muids: the offset has 20 bits.', NULL::pg_catalog.uuid,
				pg_catalog.current_setting('idtypes_sql.muid_offset', true) IS NULL)
			ELSE (pg_catalog.current_setting('idtypes_sql.muid', true)
				  || pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.set_config('idtypes_sql.muid_offset',
						(pg_catalog.current_setting('idtypes_sql.muid_offset', true)::pg_catalog.int4 + 1)::pg_catalog.text,
						true)::pg_catalog.int4), 5, '0')
				  || pg_catalog.left(pg_catalog.set_config('idtypes_sql.muid_mark',
						pg_catalog.nextval('idtypes_sql_internal.idtypes_sql_muid_marks')::pg_catalog.text, true), 0)
				 )::pg_catalog.uuid END;
COMMENT ON FUNCTION gen_muid() IS
	'new muid (as uuid): this transaction''s timestamp and this node''s medallion, with the next offset (1, 2, 3, ...)';

CREATE FUNCTION muid_transaction() RETURNS pg_catalog.uuid
	LANGUAGE sql STABLE PARALLEL UNSAFE
RETURN (COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.muid', true), ''), idtypes_sql_internal.idtypes_sql_muid_begin())
		|| '00000')::pg_catalog.uuid;
COMMENT ON FUNCTION muid_transaction() IS 'the muid (as uuid) of the current transaction itself (offset 0)';

-- companion/src/hlculid.sql: HLC-ULID on core uuid, bit for bit the C
-- extension's hlculid (src/hlculid.c): ts:48 ms | counter:16 |
-- publisher:16 | entropy:48, big-endian; text is the ULID's Crockford
-- base32.

---------------------------------------------------------------------------
-- hlculid text
---------------------------------------------------------------------------

-- The 26 Crockford base32 digits of the 16 bytes read as one number, with
-- two zero bits in front (the first digit is at most 7), five bits each,
-- from the last: the first 12 digits from the low half, one across the
-- halves, the rest from the high half.
CREATE FUNCTION hlculid_to_text(id pg_catalog.uuid) RETURNS pg_catalog.text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	alphabet CONSTANT text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
	hi int8 := idtypes_sql_internal.idtypes_sql_hi(id);
	lo int8 := idtypes_sql_internal.idtypes_sql_lo(id);
	digits text := '';
BEGIN
	FOR k IN 0..11 LOOP
		digits := substr(alphabet, (lo >> (5 * k) & 31)::int + 1, 1) || digits;
	END LOOP;
	digits := substr(alphabet, ((lo >> 60 & 15) | ((hi & 1) << 4))::int + 1, 1) || digits;
	FOR k IN 13..24 LOOP
		digits := substr(alphabet, (hi >> (5 * k - 64) & 31)::int + 1, 1) || digits;
	END LOOP;
	-- the top 3 bits (an arithmetic shift copies the sign bit down)
	digits := substr(alphabet, (hi >> 61 & 7)::int + 1, 1) || digits;
	RETURN digits;
END
$fn$;
COMMENT ON FUNCTION hlculid_to_text(pg_catalog.uuid) IS 'hlculid text of a uuid: 26 Crockford base32 digits (ULID)';

-- hlculid's input: 26 Crockford base32 digits in either case (I and L read
-- as 1, O as 0, U refused, the first at most 7), 32 hexadecimal digits, or
-- the dashed hex TTTTTTTTTTTT-CCCC-PPPP-RRRRRRRRRRRR; else 22P02.
CREATE FUNCTION hlculid_from_text(str pg_catalog.text) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	alphabet CONSTANT text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
	digits text;
	hi int8 := 0;
	lo int8 := 0;
	d int8;
BEGIN
	IF str COLLATE "C" ~ '^([0-9A-Fa-f]{32}|[0-9A-Fa-f]{12}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$' THEN
		RETURN translate(str, '-', '')::uuid;
	END IF;
	IF str COLLATE "C" ~ '^[0-7IiLlOo][0-9A-TV-Za-tv-z]{25}$' THEN
		digits := translate(upper(str COLLATE "C"), 'ILO', '110');
		-- the same walk as hlculid_to_text(), digit by digit from the last
		FOR k IN 0..25 LOOP
			d := strpos(alphabet, substr(digits, 26 - k, 1)) - 1;
			IF k < 12 THEN
				lo := lo | (d << (5 * k));
			ELSIF k = 12 THEN
				lo := lo | ((d & 15) << 60);
				hi := hi | (d >> 4);
			ELSE
				hi := hi | (d << (5 * k - 64));
			END IF;
		END LOOP;
		RETURN idtypes_sql_internal.idtypes_sql_uuid(hi, lo);
	END IF;
	RAISE EXCEPTION 'invalid input syntax for type hlculid: "%"', str USING ERRCODE = '22P02',
		DETAIL = 'An hlculid is 26 Crockford base32 digits (the first at most 7), 32 hexadecimal digits, or 12, 4, 4 and 12 hexadecimal digits separated by dashes.';
END
$fn$;
COMMENT ON FUNCTION hlculid_from_text(pg_catalog.text) IS
	'uuid of an hlculid text: 26 Crockford base32 digits, 32 hexadecimal digits, or the dashed hex';

---------------------------------------------------------------------------
-- hlculid extraction and construction
---------------------------------------------------------------------------

CREATE FUNCTION hlculid_timestamp(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_hlculid_word_us(idtypes_sql_internal.idtypes_sql_hi(id)));
COMMENT ON FUNCTION hlculid_timestamp(pg_catalog.uuid) IS 'timestamp of an hlculid, to the millisecond';

CREATE FUNCTION hlculid_counter(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (idtypes_sql_internal.idtypes_sql_hi(id) & 65535::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION hlculid_counter(pg_catalog.uuid) IS 'logical counter of an hlculid (0 to 65535)';

CREATE FUNCTION hlculid_publisher(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (idtypes_sql_internal.idtypes_sql_lo(id) >> 48 & 65535::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION hlculid_publisher(pg_catalog.uuid) IS 'publisher (node id) of an hlculid (0 to 65535)';

CREATE FUNCTION hlculid_entropy(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_lo(id) & 281474976710655::pg_catalog.int8;
COMMENT ON FUNCTION hlculid_entropy(pg_catalog.uuid) IS 'the 48 random bits of an hlculid';

CREATE FUNCTION hlculid_from_parts(ts pg_catalog.timestamptz, counter pg_catalog.int4, publisher pg_catalog.int4,
								   entropy pg_catalog.int8) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	tick int8 := idtypes_sql_internal.idtypes_sql_tick(ts, 'hlculid',
		'A hlculid holds times from 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655+00.', 0, 1000, 281474976710655, false);
BEGIN
	IF counter NOT BETWEEN 0 AND 65535 THEN
		RAISE EXCEPTION 'hlculid counter % is out of range', counter USING ERRCODE = '22003',
			DETAIL = 'A counter is from 0 to 65535.';
	END IF;
	IF publisher NOT BETWEEN 0 AND 65535 THEN
		RAISE EXCEPTION 'hlculid publisher % is out of range', publisher USING ERRCODE = '22003',
			DETAIL = 'A publisher is from 0 to 65535.';
	END IF;
	IF entropy NOT BETWEEN 0 AND 281474976710655 THEN
		RAISE EXCEPTION 'hlculid entropy % is out of range', entropy USING ERRCODE = '22003',
			DETAIL = 'The entropy is from 0 to 281474976710655.';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuid(tick << 16 | counter, publisher::int8 << 48 | entropy);
END
$fn$;
COMMENT ON FUNCTION hlculid_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int8) IS
	'hlculid (as uuid) of a timestamp (truncated to the millisecond), counter (0 to 65535), publisher (0 to 65535) and entropy (0 to 2^48-1)';

CREATE FUNCTION hlculid_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid(idtypes_sql_internal.idtypes_sql_tick(ts, 'hlculid', 'A hlculid holds times from 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655+00.', 0, 1000, 281474976710655, true) << 16, 0);
COMMENT ON FUNCTION hlculid_floor(pg_catalog.timestamptz) IS
	'smallest hlculid whose time is the given one or later (the first of its millisecond, or of the next)';

CREATE FUNCTION hlculid_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid((idtypes_sql_internal.idtypes_sql_tick(ts, 'hlculid', 'A hlculid holds times from 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655+00.', 0, 1000, 281474976710655, false) << 16)
	| 65535::pg_catalog.int8, -1);
COMMENT ON FUNCTION hlculid_ceil(pg_catalog.timestamptz) IS
	'largest hlculid whose time is the given one or earlier (the last of its millisecond)';

CREATE FUNCTION hlculid_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_date_bin(stride, idtypes_sql_internal.hlculid_timestamp(id), origin);
COMMENT ON FUNCTION hlculid_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of an hlculid (like date_bin)';

---------------------------------------------------------------------------
-- hlculid generation
---------------------------------------------------------------------------

-- The database's hlculid clock (idtypes_sql.sql): its word is the first 8
-- bytes; the step is the generic one.
CREATE FUNCTION idtypes_sql_hlculid_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_hlculid_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the hlculid clock';
CREATE FUNCTION idtypes_sql_hlculid_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_hi(id);
COMMENT ON FUNCTION idtypes_sql_hlculid_id_word(pg_catalog.uuid) IS 'internal: the hlculid clock''s word of an hlculid';

-- The hybrid logical clock's word is ms << 16 | counter, the first 8
-- bytes: the next word is the larger of now's and the last + 1, so the
-- counter counts within a millisecond and when the clock goes back, and
-- its overflow carries into the millisecond.  In a session's clock a new
-- millisecond's counter starts at a random value below 2^15, as the C
-- extension's per-backend clocks do, so that two sessions rarely issue the
-- same (millisecond, counter); the 48 random bits keep apart those that do.
CREATE FUNCTION gen_hlculid() RETURNS pg_catalog.uuid
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	r text := gen_random_uuid()::text;
	ms int8 := idtypes_sql_internal.idtypes_sql_now_us() / 1000;
	word int8;
	last int8;
BEGIN
	IF ms > 281474976710655 THEN
		RAISE EXCEPTION 'system clock is beyond the range of type hlculid' USING ERRCODE = '22008';
	END IF;
	IF idtypes_sql_internal.idtypes_sql_clock_mode() = 'sequence' THEN
		word := idtypes_sql_internal.idtypes_sql_hlculid_clock_next();
	ELSE
		-- the session's clock, by the same step; at the largest word the
		-- clock is exhausted, as the C extension's
		last := NULLIF(current_setting('idtypes_sql.hlculid', true), '')::int8;
		IF last = -1 THEN
			RAISE EXCEPTION 'the hlculid clock is exhausted' USING ERRCODE = '22008',
				DETAIL = 'The clock has reached the largest value its ids can hold.';
		END IF;
		word := idtypes_sql_internal.idtypes_sql_hlculid_step(last,
			greatest(ms, 0) << 16 | (('x' || substr(r, 1, 4))::bit(16)::int8 & 32767));
		PERFORM set_config('idtypes_sql.hlculid', word::text, false);
	END IF;
	RETURN (lpad(to_hex(word), 16, '0')
			|| COALESCE(NULLIF(current_setting('idtypes_sql.publisher', true), ''), idtypes_sql_internal.idtypes_sql_load(true))
			|| substr(r, 25, 12))::uuid;
END
$fn$;
COMMENT ON FUNCTION gen_hlculid() IS
	'new hlculid (as uuid): the next (millisecond, counter) of the hybrid logical clock, this node''s publisher, 48 random bits';

-- The receive rule of the hybrid logical clock: the clock (the session's,
-- or the database's in the sequence mode) is raised to the id's
-- (millisecond, counter), so that every id generated afterwards sorts after
-- it; an id more than hlculid_max_drift ahead of this server's clock is
-- refused (22008).  SECURITY DEFINER for the database's clock, whose
-- sequence only its owner may set; granted as the C extension's is: not to
-- PUBLIC; the role that installed the companion may call and grant it.
CREATE FUNCTION hlculid_observe(id pg_catalog.uuid) RETURNS pg_catalog.void
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	word int8 := idtypes_sql_internal.idtypes_sql_hi(id);
	ms int8 := word >> 16 & 281474976710655;
	now_ms int8 := idtypes_sql_internal.idtypes_sql_now_us() / 1000;
	drift int8;
	ignored text;
BEGIN
	SELECT (EXTRACT(epoch FROM s.hlculid_max_drift) * 1000)::int8 INTO drift FROM idtypes_sql_internal.idtypes_sql_settings s;
	IF drift IS NOT NULL AND ms - now_ms > drift THEN
		RAISE EXCEPTION 'hlculid is too far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('Its time is %s, %s ms ahead; hlculid_max_drift allows %s ms.',
							idtypes_sql_internal.idtypes_sql_ts(ms * 1000), ms - now_ms, drift),
			HINT = 'Check the clock of the node that made it.  If that clock is right, raise hlculid_max_drift.';
	END IF;
	IF idtypes_sql_internal.idtypes_sql_clock_mode() = 'sequence' THEN
		PERFORM idtypes_sql_internal.idtypes_sql_hlculid_clock_raise(word);
	ELSE
		-- the larger as unsigned words
		ignored := set_config('idtypes_sql.hlculid',
			(greatest(word # (-9223372036854775808),
					  NULLIF(current_setting('idtypes_sql.hlculid', true), '')::int8 # (-9223372036854775808))
			 # (-9223372036854775808))::text, false);
	END IF;
END
$fn$;
COMMENT ON FUNCTION hlculid_observe(pg_catalog.uuid) IS
	'merge an hlculid''s (millisecond, counter) into the hybrid logical clock, so that ids generated afterwards sort after it';
REVOKE EXECUTE ON FUNCTION hlculid_observe(pg_catalog.uuid) FROM PUBLIC;

-- companion/src/uid8.sql: the eight-byte java-uniqueid id on core bigint,
-- bit for bit the C extension's uid8 (src/uid8.h): the same 64 bits, read
-- as a signed bigint.
--   V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12 | (gen & 0xFF) << 4 | cluster
-- with T = bitreverse64(ts) (spread, mode 0) or ts << 22
-- (time_sequential, mode 1), ts in milliseconds since the Unix epoch.  A
-- bigint sorts as signed: time_sequential ids sort by time until the top
-- bit is set, at 2^41 ms (2039-09-07 15:47:35.552 UTC), where the C type,
-- unsigned, goes on.

---------------------------------------------------------------------------
-- uid8 text
---------------------------------------------------------------------------

CREATE FUNCTION uid8_to_text(id pg_catalog.int8) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.lpad(pg_catalog.to_hex(id), 16, '0');
COMMENT ON FUNCTION uid8_to_text(pg_catalog.int8) IS 'uid8 text of a bigint: 16 lowercase hexadecimal digits';

CREATE FUNCTION uid8_from_text(str pg_catalog.text) RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF str COLLATE "C" ~ '^[0-9A-Fa-f]{16}$' THEN
		RETURN ('x' || str)::bit(64)::int8;
	END IF;
	RAISE EXCEPTION 'invalid input syntax for type uid8: "%"', str USING ERRCODE = '22P02',
		DETAIL = 'A uid8 is 16 hexadecimal digits.';
END
$fn$;
COMMENT ON FUNCTION uid8_from_text(pg_catalog.text) IS 'bigint of a uid8 text: 16 hexadecimal digits';

---------------------------------------------------------------------------
-- uid8 extraction and construction
---------------------------------------------------------------------------

-- Java's Long.reverse: bit i goes to bit 63 - i.
CREATE FUNCTION idtypes_sql_bitreverse64(v pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.reverse(v::pg_catalog.bit(64)::pg_catalog.text)::pg_catalog.bit(64)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_bitreverse64(pg_catalog.int8) IS 'internal: the 64 bits of a bigint in reverse order';

-- The milliseconds of an id: time_sequential (mode bit 1), the bits above
-- 22; spread, the bits above 22 reversed.  Without a branch (m is the mode
-- bit), so that the function is inlined.
CREATE FUNCTION idtypes_sql_uid8_ms(id pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (id >> 22 & 4398046511103::pg_catalog.int8) * (id >> 12 & 1::pg_catalog.int8)
	+ idtypes_sql_internal.idtypes_sql_bitreverse64(id & -4194304::pg_catalog.int8) * (1 - (id >> 12 & 1::pg_catalog.int8));
COMMENT ON FUNCTION idtypes_sql_uid8_ms(pg_catalog.int8) IS 'internal: the milliseconds of a uid8';

CREATE FUNCTION uid8_timestamp(id pg_catalog.int8) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_uid8_ms(id) * 1000);
COMMENT ON FUNCTION uid8_timestamp(pg_catalog.int8) IS 'timestamp of a uid8 (milliseconds)';

CREATE FUNCTION uid8_sequence(id pg_catalog.int8) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (id >> 16 & 63::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION uid8_sequence(pg_catalog.int8) IS 'sequence of a uid8 within its millisecond (0 to 63)';

CREATE FUNCTION uid8_generator(id pg_catalog.int8) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((id >> 4 & 255::pg_catalog.int8) | ((id >> 13 & 7::pg_catalog.int8) << 8))::pg_catalog.int4;
COMMENT ON FUNCTION uid8_generator(pg_catalog.int8) IS 'generator id of a uid8 (0 to 2047)';

CREATE FUNCTION uid8_cluster(id pg_catalog.int8) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (id & 15::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION uid8_cluster(pg_catalog.int8) IS 'cluster id of a uid8 (0 to 15)';

CREATE FUNCTION uid8_mode(id pg_catalog.int8) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (ARRAY['spread', 'time_sequential']::pg_catalog.text[])[(id >> 12 & 1::pg_catalog.int8) + 1];
COMMENT ON FUNCTION uid8_mode(pg_catalog.int8) IS 'layout mode of a uid8: spread or time_sequential';

-- The id of its fields (no range checks); time_sequential is 1 or 0 (spread).
CREATE FUNCTION idtypes_sql_uid8(ms pg_catalog.int8, seq pg_catalog.int8, generator pg_catalog.int8,
								 cluster pg_catalog.int8, time_sequential pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((ms << 22 | 4096::pg_catalog.int8) * time_sequential + idtypes_sql_internal.idtypes_sql_bitreverse64(ms) * (1 - time_sequential))
	| (seq << 16) | ((generator >> 8 & 7::pg_catalog.int8) << 13) | ((generator & 255::pg_catalog.int8) << 4) | cluster;
COMMENT ON FUNCTION idtypes_sql_uid8(pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8) IS
	'internal: the uid8 of its milliseconds, sequence, generator, cluster and mode (1: time_sequential, 0: spread)';

CREATE FUNCTION uid8_from_parts(ts pg_catalog.timestamptz, seq pg_catalog.int4, generator pg_catalog.int4,
								cluster pg_catalog.int4, mode pg_catalog.text DEFAULT 'time_sequential') RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	ms int8 := idtypes_sql_internal.idtypes_sql_tick(ts, 'uid8',
		'A uid8 holds times from 1970-01-01 00:00:00+00 to 2109-05-15 07:35:11.103+00.', 0, 1000, 4398046511103, false);
BEGIN
	IF seq NOT BETWEEN 0 AND 63 THEN
		RAISE EXCEPTION 'uid8 sequence % is out of range', seq USING ERRCODE = '22003',
			DETAIL = 'A uid8 sequence is from 0 to 63.';
	END IF;
	IF generator NOT BETWEEN 0 AND 2047 THEN
		RAISE EXCEPTION 'uid8 generator % is out of range', generator USING ERRCODE = '22003',
			DETAIL = 'A uid8 generator is from 0 to 2047.';
	END IF;
	IF cluster NOT BETWEEN 0 AND 15 THEN
		RAISE EXCEPTION 'uid8 cluster % is out of range', cluster USING ERRCODE = '22003',
			DETAIL = 'A uid8 cluster is from 0 to 15.';
	END IF;
	-- the mode as idtypes.uid8_mode names it, in any case
	CASE lower(mode COLLATE "C")
		WHEN 'time_sequential' THEN RETURN idtypes_sql_internal.idtypes_sql_uid8(ms, seq, generator, cluster, 1);
		WHEN 'spread' THEN RETURN idtypes_sql_internal.idtypes_sql_uid8(ms, seq, generator, cluster, 0);
		ELSE RAISE EXCEPTION 'invalid uid8 mode: "%"', mode USING ERRCODE = '22023',
			HINT = 'The mode is "spread" or "time_sequential".';
	END CASE;
END
$fn$;
COMMENT ON FUNCTION uid8_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int4, pg_catalog.text) IS
	'uid8 (as bigint) of a timestamp (truncated to the millisecond), sequence (0 to 63), generator (0 to 2047), cluster (0 to 15) and mode (time_sequential, the default, or spread)';

-- Bounds for time ranges on a column of time_sequential ids (until 2039,
-- where bigint's order stops being time order).
CREATE FUNCTION uid8_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (idtypes_sql_internal.idtypes_sql_tick(ts, 'uid8', 'A uid8 holds times from 1970-01-01 00:00:00+00 to 2109-05-15 07:35:11.103+00.', 0, 1000, 4398046511103, true) << 22) | 4096::pg_catalog.int8;
COMMENT ON FUNCTION uid8_floor(pg_catalog.timestamptz) IS 'smallest time_sequential uid8 whose time is the given one or later';

CREATE FUNCTION uid8_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (idtypes_sql_internal.idtypes_sql_tick(ts, 'uid8', 'A uid8 holds times from 1970-01-01 00:00:00+00 to 2109-05-15 07:35:11.103+00.', 0, 1000, 4398046511103, false) << 22) | 4194303::pg_catalog.int8;
COMMENT ON FUNCTION uid8_ceil(pg_catalog.timestamptz) IS 'largest time_sequential uid8 whose time is the given one or earlier';

CREATE FUNCTION uid8_date_bin(stride pg_catalog.interval, id pg_catalog.int8, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_date_bin(stride, idtypes_sql_internal.uid8_timestamp(id), origin);
COMMENT ON FUNCTION uid8_date_bin(pg_catalog.interval, pg_catalog.int8, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a uid8 (like date_bin)';

---------------------------------------------------------------------------
-- uid8 generation
---------------------------------------------------------------------------

-- The database's uid8 clock (idtypes_sql.sql): its word is ms << 17 |
-- seq << 11 | slot, slot indexing the node's uid8_generator_count
-- generator ids.  The step, as C's uid8_step(): a new millisecond starts at
-- its first word; within the last one the next slot, then the next
-- sequence at slot 0; none when every slot of every sequence is used (the
-- clock waits for the next millisecond).
CREATE FUNCTION idtypes_sql_uid8_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql STABLE PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF last IS NULL OR now_word >> 17 > last >> 17 THEN
		RETURN now_word;
	ELSIF (last & 2047) + 1 < (SELECT s.uid8_generator_count FROM idtypes_sql_internal.idtypes_sql_settings s) THEN
		RETURN last + 1;
	ELSIF (last >> 11 & 63) < 63 THEN
		RETURN ((last >> 11) + 1) << 11;
	END IF;
	RETURN NULL;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uid8_step(pg_catalog.int8, pg_catalog.int8) IS
	'internal: the next word of the uid8 clock, or NULL when the last millisecond''s are used';
-- The word of a uid8: its millisecond and sequence, every generator slot
-- of them used.
CREATE FUNCTION idtypes_sql_uid8_id_word(id pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (idtypes_sql_internal.idtypes_sql_uid8_ms(id) << 17) | ((id >> 16 & 63::pg_catalog.int8) << 11) | 2047::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uid8_id_word(pg_catalog.int8) IS 'internal: the uid8 clock''s word of a uid8';

-- From the database's uid8 clock (a sequence, in either clock mode: uid8
-- has no random bits), whose word is ms << 17 | seq << 11 | slot, slot
-- indexing the node's uid8_generator_count generator ids: 64 ids per
-- millisecond per generator id, in (millisecond, sequence, generator)
-- order, and a wait for the next millisecond when they are used up.
CREATE FUNCTION gen_uid8() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	w int8 := idtypes_sql_internal.idtypes_sql_uid8_clock_next();
	s idtypes_sql_internal.idtypes_node_identity;
BEGIN
	IF w >> 17 > 4398046511103 THEN
		RAISE EXCEPTION 'uid8 timestamp out of range' USING ERRCODE = '22008',
			DETAIL = 'A uid8 holds times up to 2109-05-15 07:35:11.103+00.';
	END IF;
	SELECT * INTO s FROM idtypes_sql_internal.idtypes_node_identity;
	RETURN idtypes_sql_internal.idtypes_sql_uid8(w >> 17, w >> 11 & 63, lower(s.uid8_generators) + (w & 2047), s.uid8_cluster_id,
										CASE WHEN s.uid8_mode = 'time_sequential' THEN 1 ELSE 0 END);
END
$fn$;
COMMENT ON FUNCTION gen_uid8() IS
	'new uid8 (as bigint): the current millisecond, the next sequence, this node''s generator and cluster ids and mode';

-- companion/src/uuid.sql: UUIDv6, v7 and v8 on core uuid, bit for bit the
-- C extension's (src/uuid.c): a 60-bit tick count in the first 8 bytes with
-- the version inserted at bits 48-51, then the RFC 9562 variant and 62 bits
-- that do not take part in time.
--   v6: 100 ns since 1582-10-15; v7: Unix milliseconds << 12, then a 12-bit
--   fraction of the millisecond; v8 (draft-02): Unix nanoseconds >> 4.

---------------------------------------------------------------------------
-- uuid halves
---------------------------------------------------------------------------

-- The first half of a v6, v7 or v8 of a tick, and the tick of one.
CREATE FUNCTION idtypes_sql_time_hi(tick pg_catalog.int8, version pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((tick >> 12) << 16) | (version << 12) | (tick & 4095::pg_catalog.int8);
COMMENT ON FUNCTION idtypes_sql_time_hi(pg_catalog.int8, pg_catalog.int8) IS
	'internal: the first 8 bytes of a UUIDv6, v7 or v8 of a 60-bit tick';
CREATE FUNCTION idtypes_sql_time_hi_tick(hi pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((hi >> 16 & 281474976710655::pg_catalog.int8) << 12) | (hi & 4095::pg_catalog.int8);
COMMENT ON FUNCTION idtypes_sql_time_hi_tick(pg_catalog.int8) IS
	'internal: the 60-bit tick of the first 8 bytes of a UUIDv6, v7 or v8';

-- The same for v1 (RFC 9562 section 5.1): time_low, time_mid, version,
-- time_high.
CREATE FUNCTION idtypes_sql_v1_hi(tick pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((tick & 4294967295::pg_catalog.int8) << 32) | ((tick >> 32 & 65535::pg_catalog.int8) << 16)
	| 4096::pg_catalog.int8 | (tick >> 48 & 4095::pg_catalog.int8);
COMMENT ON FUNCTION idtypes_sql_v1_hi(pg_catalog.int8) IS 'internal: the first 8 bytes of a UUIDv1 of a 60-bit tick';
CREATE FUNCTION idtypes_sql_v1_hi_tick(hi pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((hi & 4095::pg_catalog.int8) << 48) | ((hi >> 16 & 65535::pg_catalog.int8) << 32) | (hi >> 32 & 4294967295::pg_catalog.int8);
COMMENT ON FUNCTION idtypes_sql_v1_hi_tick(pg_catalog.int8) IS 'internal: the 60-bit tick of the first 8 bytes of a UUIDv1';

-- The version, NULL unless the uuid is of the RFC 9562 variant (0b10 in
-- the top bits of the second half).
CREATE FUNCTION uuidv_version(id pg_catalog.uuid) RETURNS pg_catalog.int2
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF idtypes_sql_internal.idtypes_sql_lo(id) >> 62 & 3 = 2 THEN
		RETURN (idtypes_sql_internal.idtypes_sql_hi(id) >> 12 & 15)::int2;
	END IF;
	RETURN NULL;
END
$fn$;
COMMENT ON FUNCTION uuidv_version(pg_catalog.uuid) IS 'version of a UUID (NULL unless of the RFC 9562 variant)';

-- v1 and v6: 100 ns since 1582-10-15, to the microsecond (truncated); v7:
-- the millisecond (the fraction under it only orders).
CREATE FUNCTION uuidv_timestamp(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	hi int8 := idtypes_sql_internal.idtypes_sql_hi(id);
BEGIN
	IF idtypes_sql_internal.idtypes_sql_lo(id) >> 62 & 3 <> 2 THEN
		RETURN NULL;
	END IF;
	CASE hi >> 12 & 15
		WHEN 1 THEN
			RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_uuidv6_word_us(idtypes_sql_internal.idtypes_sql_v1_hi_tick(hi)));
		WHEN 6 THEN
			RETURN idtypes_sql_internal.idtypes_sql_ts(idtypes_sql_internal.idtypes_sql_uuidv6_word_us(idtypes_sql_internal.idtypes_sql_time_hi_tick(hi)));
		WHEN 7 THEN
			RETURN idtypes_sql_internal.idtypes_sql_ts((hi >> 16 & 281474976710655) * 1000);
		ELSE
			RETURN NULL;
	END CASE;
END
$fn$;
COMMENT ON FUNCTION uuidv_timestamp(pg_catalog.uuid) IS
	'timestamp of a version 1, 6 or 7 UUID, to the microsecond (NULL for other versions)';

-- v8 of uuidv8_next(): 16 ns ticks, to the microsecond (125 ticks per 2 us).
CREATE FUNCTION uuidv8_timestamp(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	hi int8 := idtypes_sql_internal.idtypes_sql_hi(id);
	tick int8;
BEGIN
	IF idtypes_sql_internal.idtypes_sql_lo(id) >> 62 & 3 <> 2 OR hi >> 12 & 15 <> 8 THEN
		RETURN NULL;
	END IF;
	tick := idtypes_sql_internal.idtypes_sql_time_hi_tick(hi);
	RETURN idtypes_sql_internal.idtypes_sql_ts(tick / 125 * 2 + tick % 125 * 2 / 125);
END
$fn$;
COMMENT ON FUNCTION uuidv8_timestamp(pg_catalog.uuid) IS
	'timestamp of a UUIDv8 made by uuidv8_next(), to the microsecond (NULL for other versions)';

-- Any 16 bytes as a v8: the version and variant bits set, the other 122
-- bits kept.
CREATE FUNCTION uuidv8_from_bytes(bytes pg_catalog.bytea) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF octet_length(bytes) <> 16 THEN
		RAISE EXCEPTION 'invalid length for a UUIDv8: % bytes, expected 16', octet_length(bytes) USING ERRCODE = '22P03';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuid(
		(idtypes_sql_internal.idtypes_sql_hex_int8(encode(substr(bytes, 1, 8), 'hex')) & ~61440::int8) | 32768,
		(idtypes_sql_internal.idtypes_sql_hex_int8(encode(substr(bytes, 9, 8), 'hex')) & 4611686018427387903) | (-9223372036854775808));
END
$fn$;
COMMENT ON FUNCTION uuidv8_from_bytes(pg_catalog.bytea) IS
	'UUIDv8 of 16 bytes: version and variant bits set, the other 122 bits kept';

---------------------------------------------------------------------------
-- the smallest and largest UUID of an instant
---------------------------------------------------------------------------

-- The smallest UUID of a version whose timestamp is t or later (ceil false)
-- or the largest whose timestamp is t or earlier (ceil true), by C's
-- uuid_tick_floor() and uuid_tick_ceil(): the version's epoch (epoch_us
-- since 1970), its last microsecond (last_us, from its epoch), its ticks
-- per microsecond (num / den), the bits of its tick below the timestamp's
-- unit (counter_bits); 22008 outside the range, and for a floor past the
-- last unit's start.
CREATE FUNCTION idtypes_sql_uuid_bound(t pg_catalog.timestamptz, ceil pg_catalog.bool, version pg_catalog.int8,
									   label pg_catalog.text, span pg_catalog.text, epoch_us pg_catalog.int8,
									   last_us pg_catalog.int8, num pg_catalog.int8, den pg_catalog.int8,
									   counter_bits pg_catalog.int4) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	usec int8 := idtypes_sql_internal.idtypes_sql_uuid_usec(t, label, span, epoch_us, last_us);
	unit int8;
BEGIN
	IF ceil THEN
		-- the first unit after t, less one tick
		usec := usec + 1;
		unit := usec / den * num + (usec % den * num + den - 1) / den;
		RETURN idtypes_sql_internal.idtypes_sql_uuid(
			idtypes_sql_internal.idtypes_sql_time_hi(least((unit << counter_bits) - 1, 1152921504606846975), version),
			-4611686018427387905);
	END IF;
	unit := usec / den * num + (usec % den * num + den - 1) / den;
	IF unit > 1152921504606846975 >> counter_bits THEN
		RAISE EXCEPTION 'timestamp out of range for %', label USING ERRCODE = '22008',
			DETAIL = format('No %s has a timestamp at or after %s.', label, t);
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuid(idtypes_sql_internal.idtypes_sql_time_hi(unit << counter_bits, version), -9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuid_bound(pg_catalog.timestamptz, pg_catalog.bool, pg_catalog.int8, pg_catalog.text, pg_catalog.text, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int4) IS
	'internal: the smallest or largest UUID of a version at a timestamp';

-- The microseconds from a version's epoch to t, with C's range rule
-- (uuid_usec_since_epoch()): 22008 outside [epoch, last_us].
CREATE FUNCTION idtypes_sql_uuid_usec(t pg_catalog.timestamptz, label pg_catalog.text, span pg_catalog.text,
									  epoch_us pg_catalog.int8, last_us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	usec int8;
BEGIN
	IF isfinite(t) THEN
		usec := idtypes_sql_internal.idtypes_sql_us(t) - epoch_us;
		IF usec BETWEEN 0 AND last_us THEN
			RETURN usec;
		END IF;
	END IF;
	RAISE EXCEPTION 'timestamp out of range for %', label USING ERRCODE = '22008', DETAIL = span;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuid_usec(pg_catalog.timestamptz, pg_catalog.text, pg_catalog.text, pg_catalog.int8, pg_catalog.int8) IS
	'internal: microseconds from a UUID version''s epoch to a timestamp in its range (22008 outside it)';

-- Each version: its label, range, epoch and last microsecond, ticks per
-- microsecond (num / den) and the bits of its tick below the unit.
CREATE FUNCTION uuidv6_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_bound($1, false, 6, 'UUIDv6', 'A UUIDv6 holds times from 1582-10-15 00:00:00+00 to 5236-03-31 21:21:00.684697+00.', -12219292800000000, 115292150460684697, 10, 1, 0);
COMMENT ON FUNCTION uuidv6_floor(pg_catalog.timestamptz) IS 'smallest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv6_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_bound($1, true, 6, 'UUIDv6', 'A UUIDv6 holds times from 1582-10-15 00:00:00+00 to 5236-03-31 21:21:00.684697+00.', -12219292800000000, 115292150460684697, 10, 1, 0);
COMMENT ON FUNCTION uuidv6_ceil(pg_catalog.timestamptz) IS 'largest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv7_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_bound($1, false, 7, 'UUIDv7', 'A UUIDv7 holds times from 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655999+00.', 0, 281474976710655999, 1, 1000, 12);
COMMENT ON FUNCTION uuidv7_floor(pg_catalog.timestamptz) IS 'smallest UUIDv7 whose timestamp is the given time or later (the first of its millisecond, or of the next)';
CREATE FUNCTION uuidv7_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_bound($1, true, 7, 'UUIDv7', 'A UUIDv7 holds times from 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655999+00.', 0, 281474976710655999, 1, 1000, 12);
COMMENT ON FUNCTION uuidv7_ceil(pg_catalog.timestamptz) IS 'largest UUIDv7 whose timestamp is the given time or earlier (the last of its millisecond)';
CREATE FUNCTION uuidv8_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_bound($1, false, 8, 'UUIDv8', 'A UUIDv8 holds times from 1970-01-01 00:00:00+00 to 2554-07-21 23:34:33.709551+00.', 0, 18446744073709551, 125, 2, 0);
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest uuidv8_next() UUID of a microsecond';
CREATE FUNCTION uuidv8_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_bound($1, true, 8, 'UUIDv8', 'A UUIDv8 holds times from 1970-01-01 00:00:00+00 to 2554-07-21 23:34:33.709551+00.', 0, 18446744073709551, 125, 2, 0);
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest uuidv8_next() UUID of a microsecond';

CREATE FUNCTION uuidv_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_date_bin(stride, idtypes_sql_internal.uuidv_timestamp(id), origin);
COMMENT ON FUNCTION uuidv_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a version 1, 6 or 7 UUID (NULL for other versions) (like date_bin)';

---------------------------------------------------------------------------
-- v1 <-> v6
---------------------------------------------------------------------------

-- The same timestamp, clock sequence and node in the other version's
-- layout; 22023 unless the uuid is an RFC 9562 UUID of the version.
CREATE FUNCTION idtypes_sql_v1_v6(id pg_catalog.uuid, version pg_catalog.int4) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	hi int8 := idtypes_sql_internal.idtypes_sql_hi(id);
	v int2 := idtypes_sql_internal.uuidv_version(id);
BEGIN
	IF v IS DISTINCT FROM version THEN
		RAISE EXCEPTION '"%" is not a version % UUID', id, version USING ERRCODE = '22023',
			DETAIL = CASE WHEN v IS NULL THEN 'It is not of the RFC 9562 variant, so it has no version.'
						  ELSE format('Its version is %s.', v) END;
	END IF;
	IF version = 1 THEN
		RETURN idtypes_sql_internal.idtypes_sql_uuid(idtypes_sql_internal.idtypes_sql_time_hi(idtypes_sql_internal.idtypes_sql_v1_hi_tick(hi), 6),
											idtypes_sql_internal.idtypes_sql_lo(id));
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuid(idtypes_sql_internal.idtypes_sql_v1_hi(idtypes_sql_internal.idtypes_sql_time_hi_tick(hi)),
										idtypes_sql_internal.idtypes_sql_lo(id));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_v1_v6(pg_catalog.uuid, pg_catalog.int4) IS
	'internal: a UUIDv1 (version 1) as a v6, or a v6 (version 6) as a v1';

CREATE FUNCTION uuidv1_to_uuidv6(id pg_catalog.uuid) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_v1_v6(id, 1);
COMMENT ON FUNCTION uuidv1_to_uuidv6(pg_catalog.uuid) IS 'UUIDv6 of a UUIDv1: same timestamp, clock sequence and node';

CREATE FUNCTION uuidv6_to_uuidv1(id pg_catalog.uuid) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_v1_v6(id, 6);
COMMENT ON FUNCTION uuidv6_to_uuidv1(pg_catalog.uuid) IS 'UUIDv1 of a UUIDv6: same timestamp, clock sequence and node';

---------------------------------------------------------------------------
-- UUID generation
---------------------------------------------------------------------------

-- The clock of a UUID version (idtypes_sql.sql): its word is the 60-bit
-- time field, the tick count and, for v7, the 12-bit fraction of the
-- millisecond below it, word_num / word_den words a microsecond, counted
-- from the version's epoch.  The word of now (us microseconds since 1970;
-- a system clock before 1970 counts as 1970), a word's time in
-- microseconds since 1970 (from the epoch, truncated, as C's
-- idscheme_usec_of_tick()), the last word of a microsecond, the word of an
-- id of the version (22023 for another version), and the generic step.
CREATE FUNCTION idtypes_sql_uuidv6_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (GREATEST(us, 0::pg_catalog.int8) - (-12219292800000000)::pg_catalog.int8) * 10::pg_catalog.int8
	/ 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv6_now_word(pg_catalog.int8) IS
	'internal: the word of the UUIDv6 clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_uuidv6_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN word / 10::pg_catalog.int8 * 1::pg_catalog.int8
	+ word % 10::pg_catalog.int8 * 1::pg_catalog.int8 / 10::pg_catalog.int8
	+ (-12219292800000000)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv6_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the UUIDv6 clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_uuidv6_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((us - (-12219292800000000)::pg_catalog.int8 + 1::pg_catalog.int8) * 10::pg_catalog.int8
		+ 1::pg_catalog.int8 - 1::pg_catalog.int8) / 1::pg_catalog.int8 - 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv6_word_past(pg_catalog.int8) IS
	'internal: the last word of the UUIDv6 clock in a microsecond since 1970';
CREATE FUNCTION idtypes_sql_uuidv6_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF idtypes_sql_internal.uuidv_version(id) IS DISTINCT FROM 6 THEN
		RAISE EXCEPTION '"%" is not a version 6 UUID', id USING ERRCODE = '22023';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_time_hi_tick(idtypes_sql_internal.idtypes_sql_hi(id));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv6_id_word(pg_catalog.uuid) IS 'internal: the UUIDv6 clock''s word of a UUIDv6';
CREATE FUNCTION idtypes_sql_uuidv6_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_uuidv6_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the UUIDv6 clock';
CREATE FUNCTION idtypes_sql_uuidv7_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (GREATEST(us, 0::pg_catalog.int8) - (0)::pg_catalog.int8) * 512::pg_catalog.int8
	/ 125::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv7_now_word(pg_catalog.int8) IS
	'internal: the word of the UUIDv7 clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_uuidv7_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN word / 512::pg_catalog.int8 * 125::pg_catalog.int8
	+ word % 512::pg_catalog.int8 * 125::pg_catalog.int8 / 512::pg_catalog.int8
	+ (0)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv7_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the UUIDv7 clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_uuidv7_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((us - (0)::pg_catalog.int8 + 1::pg_catalog.int8) * 512::pg_catalog.int8
		+ 125::pg_catalog.int8 - 1::pg_catalog.int8) / 125::pg_catalog.int8 - 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv7_word_past(pg_catalog.int8) IS
	'internal: the last word of the UUIDv7 clock in a microsecond since 1970';
CREATE FUNCTION idtypes_sql_uuidv7_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF idtypes_sql_internal.uuidv_version(id) IS DISTINCT FROM 7 THEN
		RAISE EXCEPTION '"%" is not a version 7 UUID', id USING ERRCODE = '22023';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_time_hi_tick(idtypes_sql_internal.idtypes_sql_hi(id));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv7_id_word(pg_catalog.uuid) IS 'internal: the UUIDv7 clock''s word of a UUIDv7';
CREATE FUNCTION idtypes_sql_uuidv7_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_uuidv7_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the UUIDv7 clock';
CREATE FUNCTION idtypes_sql_uuidv8_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (GREATEST(us, 0::pg_catalog.int8) - (0)::pg_catalog.int8) * 125::pg_catalog.int8
	/ 2::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv8_now_word(pg_catalog.int8) IS
	'internal: the word of the UUIDv8 clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_uuidv8_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN word / 125::pg_catalog.int8 * 2::pg_catalog.int8
	+ word % 125::pg_catalog.int8 * 2::pg_catalog.int8 / 125::pg_catalog.int8
	+ (0)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv8_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the UUIDv8 clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_uuidv8_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((us - (0)::pg_catalog.int8 + 1::pg_catalog.int8) * 125::pg_catalog.int8
		+ 2::pg_catalog.int8 - 1::pg_catalog.int8) / 2::pg_catalog.int8 - 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuidv8_word_past(pg_catalog.int8) IS
	'internal: the last word of the UUIDv8 clock in a microsecond since 1970';
CREATE FUNCTION idtypes_sql_uuidv8_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF idtypes_sql_internal.uuidv_version(id) IS DISTINCT FROM 8 THEN
		RAISE EXCEPTION '"%" is not a version 8 UUID', id USING ERRCODE = '22023';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_time_hi_tick(idtypes_sql_internal.idtypes_sql_hi(id));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuidv8_id_word(pg_catalog.uuid) IS 'internal: the UUIDv8 clock''s word of a UUIDv8';
CREATE FUNCTION idtypes_sql_uuidv8_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_uuidv8_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the UUIDv8 clock';

-- The next tick of a version's clock, now being now's tick.  The session's
-- clock is inline: its parameter (idtypes_sql.uuidv7, ...) holds the last
-- tick; the next is the larger of now's and the last + 1 (int8larger(),
-- which gives NULL while the parameter is empty).  The parameter is empty
-- at a session's first id and always in the sequence mode: then the slow
-- path gives the database's clock's next tick, or starts the session's
-- clock (at 1970 if the system clock is before: then the last + 1 wins
-- over such a now).  now is used once, so that a volatile one can be
-- passed and the function inlined.  The slow path is inlined too, all but
-- the start: in the sequence mode, once the settings are loaded into the
-- session's parameters (idtypes_sql.clock), a call of the clock's function
-- is all a tick adds; and the few nodes it adds are all that a one-row
-- statement sets up more.  (Checking the mode in its own parameter first
-- would cost a tenth more.)
CREATE FUNCTION idtypes_sql_uuid_start(version pg_catalog.text) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	in_sequence bool := idtypes_sql_internal.idtypes_sql_clock_mode() = 'sequence';
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
BEGIN
	CASE version
		WHEN 'uuidv6' THEN
			IF in_sequence THEN
				RETURN idtypes_sql_internal.idtypes_sql_uuidv6_clock_next();
			END IF;
			RETURN idtypes_sql_internal.idtypes_sql_session_next('idtypes_sql.uuidv6', idtypes_sql_internal.idtypes_sql_uuidv6_now_word(us));
		WHEN 'uuidv7' THEN
			IF in_sequence THEN
				RETURN idtypes_sql_internal.idtypes_sql_uuidv7_clock_next();
			END IF;
			RETURN idtypes_sql_internal.idtypes_sql_session_next('idtypes_sql.uuidv7', idtypes_sql_internal.idtypes_sql_uuidv7_now_word(us));
		WHEN 'uuidv8' THEN
			IF in_sequence THEN
				RETURN idtypes_sql_internal.idtypes_sql_uuidv8_clock_next();
			END IF;
			RETURN idtypes_sql_internal.idtypes_sql_session_next('idtypes_sql.uuidv8', idtypes_sql_internal.idtypes_sql_uuidv8_now_word(us));
	END CASE;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuid_start(pg_catalog.text) IS
	'internal: the next tick of a UUID version''s clock at a session''s first id: the database''s, or the session''s first';
CREATE FUNCTION idtypes_sql_uuid_next_slow(version pg_catalog.text) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN CASE WHEN pg_catalog.current_setting('idtypes_sql.clock', true) = 'sequence'
	THEN CASE version
		WHEN 'uuidv6' THEN idtypes_sql_internal.idtypes_sql_uuidv6_clock_next()
		WHEN 'uuidv7' THEN idtypes_sql_internal.idtypes_sql_uuidv7_clock_next()
		WHEN 'uuidv8' THEN idtypes_sql_internal.idtypes_sql_uuidv8_clock_next()
		END
	ELSE idtypes_sql_internal.idtypes_sql_uuid_start(version) END;
COMMENT ON FUNCTION idtypes_sql_uuid_next_slow(pg_catalog.text) IS
	'internal: the next tick of a UUID version''s clock, the database''s or (at a session''s first id) the session''s';
CREATE FUNCTION idtypes_sql_uuid_next(version pg_catalog.text, now pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN COALESCE(NULLIF(pg_catalog.set_config('idtypes_sql.' || version,
			pg_catalog.int8larger(now,
				NULLIF(pg_catalog.current_setting('idtypes_sql.' || version, true), '')::pg_catalog.int8 + 1::pg_catalog.int8)::pg_catalog.text,
			false), '')::pg_catalog.int8,
		idtypes_sql_internal.idtypes_sql_uuid_next_slow(version));
COMMENT ON FUNCTION idtypes_sql_uuid_next(pg_catalog.text, pg_catalog.int8) IS
	'internal: the next tick of a UUID version''s clock (uuidv6, uuidv7, uuidv8), the session''s or the database''s';

-- The system clock in ticks of a given length (ticks per second), for the
-- generators' hot path: the float8 product of date_part()'s seconds,
-- rounded, in one step (the exact word of idtypes_sql_uuidv7_now_word() costs
-- two more operations).  Within a tick of the exact one for v7 until 2039,
-- within 2 to 16 after and for v6 and v8: a clock reading, which only
-- orders (a session's clock goes on from its last tick).
CREATE FUNCTION idtypes_sql_clock_ticks(per_second pg_catalog.float8) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
RETURN (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * per_second)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_clock_ticks(pg_catalog.float8) IS
	'internal: the system clock in ticks of 1/per_second seconds since 1970, to a tick or so';

-- The first half of a v6, v7 or v8 of a tick, with tick used once (for
-- inlining): the version's 4 bits inserted above the tick's low 12.
CREATE FUNCTION idtypes_sql_uuid_hi(tick pg_catalog.int8, version pg_catalog.bit) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN substring(overlay(tick::pg_catalog.bit(64) PLACING version FROM 53 FOR 0) FROM 5)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_uuid_hi(pg_catalog.int8, pg_catalog.bit) IS
	'internal: the first 8 bytes of a UUIDv6, v7 or v8 of a 60-bit tick and the version''s 4 bits';

-- A UUID of a tick and a version with 62 random bits after the variant:
-- the first half of the tick, the last of a random (v4) uuid, whose
-- variant is the same.
CREATE FUNCTION idtypes_sql_uuid_of_tick(tick pg_catalog.int8, version pg_catalog.bit) RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL SAFE
RETURN pg_catalog.encode(pg_catalog.int8send(idtypes_sql_internal.idtypes_sql_uuid_hi(tick, version))
						 || pg_catalog.substr(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), 9), 'hex')::pg_catalog.uuid;
COMMENT ON FUNCTION idtypes_sql_uuid_of_tick(pg_catalog.int8, pg_catalog.bit) IS
	'internal: a UUID of a 60-bit tick and a version''s 4 bits, with 62 random bits';

CREATE FUNCTION uuidv6_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_of_tick(idtypes_sql_internal.idtypes_sql_uuid_next('uuidv6',
	idtypes_sql_internal.idtypes_sql_clock_ticks(10000000) + 122192928000000000::pg_catalog.int8), B'0110');
COMMENT ON FUNCTION uuidv6_next() IS
	'new UUIDv6 (RFC 9562): 100-ns Gregorian timestamp, strictly increasing, random clock sequence and node';

CREATE FUNCTION uuidv7_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN idtypes_sql_internal.idtypes_sql_uuid_of_tick(idtypes_sql_internal.idtypes_sql_uuid_next('uuidv7',
	idtypes_sql_internal.idtypes_sql_clock_ticks(4096000)), B'0111');
COMMENT ON FUNCTION uuidv7_next() IS
	'new UUIDv7 (RFC 9562, 12-bit sub-millisecond fraction as in PostgreSQL 18): strictly increasing, 62 random bits';

-- PostgreSQL 18's uuidv7(shift): the next tick with its time moved by the
-- interval as timestamptz + interval moves a time, the fraction by the
-- difference's part of a millisecond (C's uuidv7_next(interval)).
CREATE FUNCTION uuidv7_next(shift pg_catalog.interval) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	tick int8 := idtypes_sql_internal.idtypes_sql_uuid_next('uuidv7', idtypes_sql_internal.idtypes_sql_clock_ticks(4096000));
	start timestamptz := idtypes_sql_internal.idtypes_sql_ts((tick >> 12) * 1000);
	delta int8;
	ms int8;
	fraction int8;
BEGIN
	delta := idtypes_sql_internal.idtypes_sql_uuid_usec(start + shift, 'UUIDv7', 'A UUIDv7 holds times from 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655999+00.', 0, 281474976710655999) - (tick >> 12) * 1000;
	ms := (tick >> 12) + (delta - (delta % 1000 + 1000) % 1000) / 1000;
	fraction := (tick & 4095) + (delta % 1000 + 1000) % 1000 * 4096 / 1000;
	ms := ms + (fraction >> 12);
	IF ms > 281474976710655 THEN
		RAISE EXCEPTION 'UUIDv7 timestamp out of range' USING ERRCODE = '22008';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_uuid_of_tick(ms << 12 | (fraction & 4095), B'0111');
END
$fn$;
COMMENT ON FUNCTION uuidv7_next(pg_catalog.interval) IS
	'new UUIDv7 as uuidv7_next(), its time shifted by the interval (as PostgreSQL 18''s uuidv7(shift))';

-- A v7 of a given time, for backfilling: no clock is read or moved.
CREATE FUNCTION uuidv7_at(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_uuid_usec($1, 'UUIDv7', 'A UUIDv7 holds times from 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655999+00.', 0, 281474976710655999);
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_uuid_of_tick((us / 1000) << 12 | us % 1000 * 4096 / 1000, B'0111');
END
$fn$;
COMMENT ON FUNCTION uuidv7_at(pg_catalog.timestamptz) IS
	'UUIDv7 of a given time (backfill): that microsecond and 62 random bits';

-- The draft-02 v8: clock sequence 0 (the clock never gives a tick twice,
-- so the sequence has nothing to count), a random 54-bit node, never 0.
CREATE FUNCTION uuidv8_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN pg_catalog.encode(pg_catalog.int8send(idtypes_sql_internal.idtypes_sql_uuid_hi(idtypes_sql_internal.idtypes_sql_uuid_next('uuidv8',
		idtypes_sql_internal.idtypes_sql_clock_ticks(62500000)), B'1000'))
	|| pg_catalog.int8send((-9223372036854775808)
		| GREATEST(idtypes_sql_internal.idtypes_sql_lo(pg_catalog.gen_random_uuid()) & 18014398509481983::pg_catalog.int8, 1::pg_catalog.int8)), 'hex')::pg_catalog.uuid;
COMMENT ON FUNCTION uuidv8_next() IS
	'new UUIDv8 (draft-02 recipe): 60 most significant bits of the Unix nanosecond time, strictly increasing, clock sequence 0, 54-bit random node';

-- companion/src/tid62.sql: SimpleDB's tid62 on core bytea, bit for bit the
-- C extension's tid62 (src/tid62.c): 12 bytes, big-endian, uint32 seconds
-- since 2020-01-01 then 8 bytes of entropy.  bytea compares byte by byte
-- whatever the collation, so a bytea column of tid62s sorts in time order
-- under every collation (the base62 text sorts so under "C" only), in 13
-- bytes rather than 18, and is the same 12 bytes as the C type's cast to
-- and from bytea.  Text is the 12 bytes as one unsigned 96-bit number in
-- base62 (0-9A-Za-z), 17 digits.

---------------------------------------------------------------------------
-- tid62 bytes and text
---------------------------------------------------------------------------

-- A tid62's 12 bytes, or 22P03 for any other length (as the C type's cast
-- from bytea).
CREATE FUNCTION idtypes_sql_tid62(id pg_catalog.bytea) RETURNS pg_catalog.bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF octet_length(id) <> 12 THEN
		RAISE EXCEPTION 'invalid length for type tid62: % bytes, expected 12', octet_length(id) USING ERRCODE = '22P03';
	END IF;
	RETURN id;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62(pg_catalog.bytea) IS 'internal: the bytes of a tid62, or 22P03 unless there are 12';

-- The 12 bytes as one unsigned 96-bit number in base62, 17 digits: as C's
-- codec_base62_encode96(), the number as three 32-bit limbs divided by
-- 62^5 three times (each remainder five digits), and two digits left.
CREATE FUNCTION tid62_to_text(id pg_catalog.bytea) RETURNS pg_catalog.text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	alphabet CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	hex text := encode(idtypes_sql_internal.idtypes_sql_tid62(id), 'hex');
	l0 int8 := ('x' || substr(hex, 1, 8))::bit(32)::int8;
	l1 int8 := ('x' || substr(hex, 9, 8))::bit(32)::int8;
	l2 int8 := ('x' || substr(hex, 17, 8))::bit(32)::int8;
	r int8;
	digits text := '';
BEGIN
	FOR round IN 1..3 LOOP
		r := l0 % 916132832;
		l0 := l0 / 916132832;
		l1 := r << 32 | l1;
		r := l1 % 916132832;
		l1 := l1 / 916132832;
		l2 := r << 32 | l2;
		r := l2 % 916132832;
		l2 := l2 / 916132832;
		digits := substr(alphabet, (r / 14776336)::int + 1, 1) || substr(alphabet, (r / 238328 % 62)::int + 1, 1)
			|| substr(alphabet, (r / 3844 % 62)::int + 1, 1) || substr(alphabet, (r / 62 % 62)::int + 1, 1)
			|| substr(alphabet, (r % 62)::int + 1, 1) || digits;
	END LOOP;
	-- what is left is below 62^2
	RETURN substr(alphabet, (l2 / 62)::int + 1, 1) || substr(alphabet, (l2 % 62)::int + 1, 1) || digits;
END
$fn$;
COMMENT ON FUNCTION tid62_to_text(pg_catalog.bytea) IS 'tid62 text of 12 bytes: 17 base62 digits';

-- The 12 bytes of 17 base62 digits, NULL if they are not that or their
-- value does not fit in 96 bits: the value in numeric, then its limbs.
CREATE FUNCTION idtypes_sql_tid62_decode(digits pg_catalog.text) RETURNS pg_catalog.bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	alphabet CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	n numeric := 0;
BEGIN
	IF NOT digits COLLATE "C" ~ '^[0-9A-Za-z]{17}$' THEN
		RETURN NULL;
	END IF;
	FOR i IN 1..17 LOOP
		n := n * 62 + (strpos(alphabet COLLATE "C", substr(digits, i, 1)) - 1);
	END LOOP;
	IF n >= 79228162514264337593543950336 THEN
		RETURN NULL;
	END IF;
	RETURN decode(lpad(to_hex(div(n, 18446744073709551616)::int8), 8, '0')
				  || lpad(to_hex(mod(div(n, 4294967296), 4294967296)::int8), 8, '0')
				  || lpad(to_hex(mod(n, 4294967296)::int8), 8, '0'), 'hex');
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_decode(pg_catalog.text) IS
	'internal: the 12 bytes of 17 base62 digits that fit in 96 bits, else NULL';

-- 17 base62 digits whose value fits in 96 bits; else 22P02.
CREATE FUNCTION tid62_from_text(str pg_catalog.text) RETURNS pg_catalog.bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	id bytea := idtypes_sql_internal.idtypes_sql_tid62_decode(str);
BEGIN
	IF id IS NOT NULL THEN
		RETURN id;
	END IF;
	RAISE EXCEPTION 'invalid input syntax for type tid62: "%"', str USING ERRCODE = '22P02',
		DETAIL = CASE WHEN str COLLATE "C" ~ '^[0-9A-Za-z]{17}$'
					  THEN 'The value does not fit in 96 bits: the largest tid62 is 1f2SI9UJPXvb7vdJ1.'
					  ELSE 'A tid62 is 17 base62 digits (0-9, A-Z, a-z).' END;
END
$fn$;
COMMENT ON FUNCTION tid62_from_text(pg_catalog.text) IS 'the 12 bytes of a tid62 text: 17 base62 digits';

---------------------------------------------------------------------------
-- tid62 extraction and construction
---------------------------------------------------------------------------

CREATE FUNCTION tid62_timestamp(id pg_catalog.bytea) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_ts((1577836800000000)::pg_catalog.int8
	+ ('x' || pg_catalog.encode(pg_catalog.substr(idtypes_sql_internal.idtypes_sql_tid62(id), 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8
	  * 1000000);
COMMENT ON FUNCTION tid62_timestamp(pg_catalog.bytea) IS 'timestamp of a tid62 (seconds)';

CREATE FUNCTION tid62_entropy(id pg_catalog.bytea) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.substr(idtypes_sql_internal.idtypes_sql_tid62(id), 5, 8);
COMMENT ON FUNCTION tid62_entropy(pg_catalog.bytea) IS 'the 8 bytes after the timestamp of a tid62';

-- The 4 bytes of a count of seconds.
CREATE FUNCTION idtypes_sql_tid62_prefix(seconds pg_catalog.int8) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(seconds), 8, '0'), 'hex');
COMMENT ON FUNCTION idtypes_sql_tid62_prefix(pg_catalog.int8) IS 'internal: the first 4 bytes of a tid62 of a second';

CREATE FUNCTION tid62_from_parts(ts pg_catalog.timestamptz, entropy pg_catalog.bytea) RETURNS pg_catalog.bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	seconds int8 := idtypes_sql_internal.idtypes_sql_tick(ts, 'tid62', 'A tid62 holds times from 2020-01-01 00:00:00+00 to 2156-02-07 06:28:15+00.', 1577836800000000, 1000000, 4294967295, false);
BEGIN
	IF octet_length(entropy) <> 8 THEN
		RAISE EXCEPTION 'tid62 entropy must be 8 bytes, not %', octet_length(entropy) USING ERRCODE = '22P03';
	END IF;
	RETURN idtypes_sql_internal.idtypes_sql_tid62_prefix(seconds) || entropy;
END
$fn$;
COMMENT ON FUNCTION tid62_from_parts(pg_catalog.timestamptz, pg_catalog.bytea) IS
	'tid62 (as bytea) of a timestamp (truncated to the second, 2020-01-01 to 2156-02-07 06:28:15 UTC) and 8 bytes of entropy';

CREATE FUNCTION tid62_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_tid62_prefix(idtypes_sql_internal.idtypes_sql_tick(ts, 'tid62', 'A tid62 holds times from 2020-01-01 00:00:00+00 to 2156-02-07 06:28:15+00.', 1577836800000000, 1000000, 4294967295, true))
	|| '\x0000000000000000'::pg_catalog.bytea;
COMMENT ON FUNCTION tid62_floor(pg_catalog.timestamptz) IS
	'smallest tid62 whose time is the given one or later (the first of its second, or of the next)';

CREATE FUNCTION tid62_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_tid62_prefix(idtypes_sql_internal.idtypes_sql_tick(ts, 'tid62', 'A tid62 holds times from 2020-01-01 00:00:00+00 to 2156-02-07 06:28:15+00.', 1577836800000000, 1000000, 4294967295, false))
	|| '\xffffffffffffffff'::pg_catalog.bytea;
COMMENT ON FUNCTION tid62_ceil(pg_catalog.timestamptz) IS
	'largest tid62 whose time is the given one or earlier (the last of its second)';

CREATE FUNCTION tid62_date_bin(stride pg_catalog.interval, id pg_catalog.bytea, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_date_bin(stride, idtypes_sql_internal.tid62_timestamp(id), origin);
COMMENT ON FUNCTION tid62_date_bin(pg_catalog.interval, pg_catalog.bytea, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a tid62 (like date_bin)';

---------------------------------------------------------------------------
-- tid62 generation
---------------------------------------------------------------------------

-- The clock word is seconds << 32 | counter, the first 8 bytes; the last 4
-- are random.  The step, as C's tid62_step(), for the session's clock and
-- the database's (idtypes_sql.sql): a new second starts the counter at a
-- random value below 2^31; within a second (or while the system clock is
-- behind the last id) it advances by a random step of 1 to 256; when it
-- would pass 2^32 - 1 the id moves to the next second.
CREATE FUNCTION idtypes_sql_tid62_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	r int8 := ('x' || translate(substr(gen_random_uuid()::text, 1, 18), '-', ''))::bit(64)::int8;
	start int8 := r >> 32 & 2147483647;
	s int8 := last >> 32 & 4294967295;
BEGIN
	IF last IS NULL OR now_word >> 32 & 4294967295 > s THEN
		RETURN now_word | start;
	ELSIF (last & 4294967295) + (r & 255) + 1 <= 4294967295 THEN
		RETURN last + (r & 255) + 1;
	ELSIF s >= 4294967295 THEN
		RAISE EXCEPTION 'tid62 clock exhausted' USING ERRCODE = '22008',
			DETAIL = 'Every tid62 of the last second a tid62 can hold, 2156-02-07 06:28:15+00, has been issued.';
	END IF;
	RETURN (s + 1) << 32 | start;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of a tid62 clock';
CREATE FUNCTION idtypes_sql_tid62_id_word(id pg_catalog.bytea) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_hex_int8(pg_catalog.encode(pg_catalog.substr(id, 1, 8), 'hex'));
COMMENT ON FUNCTION idtypes_sql_tid62_id_word(pg_catalog.bytea) IS 'internal: the tid62 clock''s word of a tid62';

-- A new tid62: the next word of the session's clock (kept XOR 2^63 in
-- idtypes_sql.tid62, so that it stays in order past 2088, 2^31 seconds) or
-- of the database's, then 4 random bytes.
CREATE FUNCTION gen_tid62() RETURNS pg_catalog.bytea
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := idtypes_sql_internal.idtypes_sql_now_us();
	word int8;
	ignored text;
BEGIN
	IF us - 1577836800000000 >= (4294967295 + 1) * 1000000 THEN
		RAISE EXCEPTION 'system clock is beyond the range of type tid62' USING ERRCODE = '22008',
			DETAIL = 'A tid62 holds times up to 2156-02-07 06:28:15+00.';
	END IF;
	IF idtypes_sql_internal.idtypes_sql_clock_mode() = 'sequence' THEN
		word := idtypes_sql_internal.idtypes_sql_tid62_clock_next();
	ELSE
		word := idtypes_sql_internal.idtypes_sql_tid62_step(
			NULLIF(current_setting('idtypes_sql.tid62', true), '')::int8 # (-9223372036854775808),
			idtypes_sql_internal.idtypes_sql_tid62_now_word(us));
		ignored := set_config('idtypes_sql.tid62', (word # (-9223372036854775808))::text, false);
	END IF;
	RETURN decode(lpad(to_hex(word), 16, '0') || substr(gen_random_uuid()::text, 29, 8), 'hex');
END
$fn$;
COMMENT ON FUNCTION gen_tid62() IS
	'new tid62 (as bytea): the current second, then a counter that increases within the second and 4 random bytes';

---------------------------------------------------------------------------
-- prefixed tid62s
---------------------------------------------------------------------------

-- A prefix is one or more segments of [A-Za-z0-9_] separated by single
-- dashes; else 22023.
CREATE FUNCTION idtypes_sql_tid62_check_prefix(prefix pg_catalog.text) RETURNS pg_catalog.text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF prefix COLLATE "C" ~ '^[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*$' THEN
		RETURN prefix;
	END IF;
	RAISE EXCEPTION 'invalid tid62 prefix: "%"', prefix USING ERRCODE = '22023',
		DETAIL = 'A prefix is letters, digits and underscores, in one or more segments separated by single dashes.';
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_check_prefix(pg_catalog.text) IS 'internal: the prefix if it is valid, else 22023';

-- (the id's text first: the C function's argument is a tid62 before the
-- prefix is looked at)
CREATE FUNCTION tid62_prefixed(prefix pg_catalog.text, id pg_catalog.bytea) RETURNS pg_catalog.text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	digits text := idtypes_sql_internal.tid62_to_text(id);
BEGIN
	RETURN idtypes_sql_internal.idtypes_sql_tid62_check_prefix(prefix) || '-' || digits;
END
$fn$;
COMMENT ON FUNCTION tid62_prefixed(pg_catalog.text, pg_catalog.bytea) IS
	'prefixed id: the prefix, a dash and the tid62 (user-04XVaYIJisigHzUpr)';

CREATE FUNCTION gen_tid62_prefixed(prefix pg_catalog.text) RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN idtypes_sql_internal.idtypes_sql_tid62_check_prefix(prefix) || '-' || idtypes_sql_internal.tid62_to_text(idtypes_sql_internal.gen_tid62());
COMMENT ON FUNCTION gen_tid62_prefixed(pg_catalog.text) IS 'new prefixed id: the prefix, a dash and a new tid62';

-- The tid62 is the last 17 characters, and the prefix what comes before
-- the dash in front of them (NULL for a bare tid62); else 22P02.
CREATE FUNCTION tid62_split(prefixed pg_catalog.text, OUT prefix pg_catalog.text, OUT id pg_catalog.bytea)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	len int := length(prefixed);
BEGIN
	IF len = 17 OR prefixed COLLATE "C" ~ '^[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*-[0-9A-Za-z]{17}$' THEN
		id := idtypes_sql_internal.idtypes_sql_tid62_decode(substr(prefixed, len - 16));
		prefix := NULLIF(substr(prefixed, 1, greatest(len - 18, 0)), '');
	END IF;
	IF id IS NULL THEN
		RAISE EXCEPTION 'invalid input syntax for a prefixed tid62: "%"', prefixed USING ERRCODE = '22P02',
			DETAIL = 'A prefixed tid62 is a prefix (letters, digits and underscores, in segments separated by single dashes), a dash and a tid62 of 17 base62 digits.';
	END IF;
END
$fn$;
COMMENT ON FUNCTION tid62_split(pg_catalog.text) IS 'the prefix (NULL if none) and the tid62 of a prefixed id';

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
RETURN idtypes_sql_internal.uuid464(pg_catalog.gen_random_uuid());
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
RETURN idtypes_sql_internal.idtypes_sql_seq($1, 'seq10', 10, 10, '9999999999');
COMMENT ON FUNCTION seq10(pg_catalog.int8) IS 'ordinal as 10 zero-padded decimal digits (0 to 9999999999)';

CREATE FUNCTION seq36(pg_catalog.int8) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN idtypes_sql_internal.idtypes_sql_seq($1, 'seq36', 36, 7, '78364164095 (zzzzzzz)');
COMMENT ON FUNCTION seq36(pg_catalog.int8) IS 'ordinal as 7 zero-padded lowercase base-36 digits (0 to 78364164095)';

-- companion/src/interface.sql: the companion's interface, in the schema it
-- is installed in (@extschema@).  Last in the install script: everything
-- before it is in idtypes_sql_internal (idtypes_sql.sql, "Who owns what").
--
-- For each function of idtypes_sql_internal that is not internal (its comment does
-- not start with "internal:"), a function of the same name, arguments,
-- defaults, result, volatility, strictness, parallel safety and comment,
-- whose body is SQL with a standard body that calls it: bound when it is
-- created, and inlined into the calling query where PostgreSQL inlines
-- (so the generators cost what they did).  One that returns void or a
-- record of OUT arguments is PL/pgSQL, its search path pinned, naming
-- only idtypes_sql_internal: an SQL function returns NULL for void when it is not
-- inlined, and one that returns a record never is.  One that PUBLIC may not call
-- (hlculid_observe(), the clock moves) is SECURITY DEFINER instead, with
-- its search path pinned, so that a role granted it needs no privilege in
-- idtypes_sql_internal; the role that installed the extension may call and grant it.
-- Then the views of the settings and the node identity, and the domain of
-- SimpleDB ids.

SET LOCAL search_path = pg_catalog, pg_temp;

DO $interface$
DECLARE
	f record;
	call text;
	plpgsql bool;
BEGIN
	FOR f IN
		SELECT p.oid, p.proname, p.pronargs, p.provolatile, p.proisstrict, p.proparallel,
			   has_function_privilege('public', p.oid, 'EXECUTE') AS public_may_call,
			   (SELECT string_agg(quote_ident(a.name), ', ' ORDER BY a.i)
				  FROM unnest(p.proargnames, p.proargmodes) WITH ORDINALITY a(name, mode, i) WHERE a.mode = 'o') AS outs,
			   pg_get_function_arguments(p.oid) AS args, pg_get_function_result(p.oid) AS result,
			   obj_description(p.oid, 'pg_proc') AS comment
		FROM pg_proc p
		WHERE p.pronamespace OPERATOR(pg_catalog.=) 'idtypes_sql_internal'::regnamespace
		  AND NOT starts_with(COALESCE(obj_description(p.oid, 'pg_proc'), 'internal:'), 'internal:')
		ORDER BY p.proname, p.oid
	LOOP
		call := format('idtypes_sql_internal.%I(%s)', f.proname,
					   (SELECT string_agg('$' || i, ', ' ORDER BY i) FROM generate_series(1, f.pronargs) i));
		plpgsql := f.result = 'void' OR f.outs IS NOT NULL;
		EXECUTE format('CREATE FUNCTION @extschema@.%I(%s) RETURNS %s LANGUAGE %s %s %s PARALLEL %s %s %s',
			f.proname, f.args, f.result, CASE WHEN plpgsql THEN 'plpgsql' ELSE 'sql' END,
			CASE f.provolatile WHEN 'i' THEN 'IMMUTABLE' WHEN 's' THEN 'STABLE' ELSE 'VOLATILE' END,
			CASE WHEN f.proisstrict THEN 'STRICT' ELSE 'CALLED ON NULL INPUT' END,
			CASE f.proparallel WHEN 's' THEN 'SAFE' WHEN 'r' THEN 'RESTRICTED' ELSE 'UNSAFE' END,
			CASE WHEN f.public_may_call THEN '' ELSE 'SECURITY DEFINER' END
			|| CASE WHEN f.public_may_call AND NOT plpgsql THEN '' ELSE ' SET search_path = pg_catalog, pg_temp' END,
			CASE WHEN f.outs IS NOT NULL THEN format('AS %L', format('BEGIN SELECT * INTO %s FROM %s; END', f.outs, call))
				 WHEN plpgsql THEN format('AS %L', format('BEGIN PERFORM %s; END', call))
				 ELSE 'RETURN ' || call END);
		EXECUTE format('COMMENT ON FUNCTION @extschema@.%I(%s) IS %L', f.proname, pg_get_function_identity_arguments(f.oid),
			f.comment);
		IF NOT f.public_may_call THEN
			EXECUTE format('REVOKE EXECUTE ON FUNCTION @extschema@.%I(%s) FROM PUBLIC', f.proname,
				pg_get_function_identity_arguments(f.oid));
		END IF;
	END LOOP;
END
$interface$;

-- the role that installed the extension calls and grants what PUBLIC may
-- not (a plain install's owner may already)

-- The settings, as a view that the role that installed the extension
-- updates (UPDATE, or an INSERT that replaces the row); and the identity
-- in effect.
CREATE VIEW @extschema@.idtypes_sql_settings AS SELECT * FROM idtypes_sql_internal.idtypes_sql_settings;
COMMENT ON VIEW @extschema@.idtypes_sql_settings IS
	'the node identity and clock mode of the idtypes_sql companion in this database (one row; the role that installed it may update it)';
GRANT SELECT ON @extschema@.idtypes_sql_settings TO PUBLIC;
CREATE VIEW @extschema@.idtypes_node_identity AS SELECT * FROM idtypes_sql_internal.idtypes_node_identity;
COMMENT ON VIEW @extschema@.idtypes_node_identity IS
	'node identity of this database in generated ids, its clock mode, and where each comes from';
GRANT SELECT ON @extschema@.idtypes_node_identity TO PUBLIC;

-- the SimpleDB id characters; COLLATE "C" so that the character ranges are
-- byte ranges whatever the database's collation
CREATE DOMAIN @extschema@.simpledb_id AS pg_catalog.text
	CONSTRAINT simpledb_id_check
	CHECK (VALUE COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^[A-Za-z0-9_-]+$');
COMMENT ON DOMAIN @extschema@.simpledb_id IS 'SimpleDB id: one or more of A-Z, a-z, 0-9, _ and -';
$idtypes_sql_script$, '@extschema@', 'idtypes_sql'), '@extowner@', pg_catalog.quote_ident(current_user));
END
$idtypes_sql_install$;
