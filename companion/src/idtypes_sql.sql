-- companion/src/idtypes_sql.sql: what every scheme of the companion uses:
-- the guard against running the script by hand, the clocks (a session's,
-- kept in parameters; the database's, kept in sequences), the conversions
-- between timestamps, integers and bytes, the time bins, and the error
-- helper.  It names no scheme: a clock's functions are written once for
-- every scheme of src/scheme.h (schemes.awk).  First in the install
-- script; the node identity and the settings follow (identity.sql), then
-- the schemes' sources (companion/Makefile's SOURCES).

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
RETURN pg_catalog.set_config(name, @internal@.idtypes_sql_clock_step(
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
-- @each scheme type!=uuid
CREATE FUNCTION idtypes_sql_@scheme@_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN GREATEST(us - (@scheme.epoch_us@)::pg_catalog.int8, 0::pg_catalog.int8) / @scheme.tick_us@::pg_catalog.int8 << @scheme.counter_bits@;
COMMENT ON FUNCTION idtypes_sql_@scheme@_now_word(pg_catalog.int8) IS
	'internal: the word of the @scheme.label@ clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_@scheme@_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (word >> @scheme.counter_bits@ & @scheme.tick_max@::pg_catalog.int8) * @scheme.tick_us@::pg_catalog.int8
	+ (@scheme.epoch_us@)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_@scheme@_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the @scheme.label@ clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_@scheme@_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (((us - (@scheme.epoch_us@)::pg_catalog.int8) / @scheme.tick_us@::pg_catalog.int8 + 1::pg_catalog.int8) << @scheme.counter_bits@)
	- 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_@scheme@_word_past(pg_catalog.int8) IS
	'internal: the last word of the @scheme.label@ clock in the tick of a count of microseconds since 1970';
-- @end

-- A scheme's clock: its number, 22023 for a name that is not a scheme's.
CREATE FUNCTION idtypes_sql_clock_key(scheme pg_catalog.text) RETURNS pg_catalog.int4
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	key int4 := array_position(ARRAY[@schemes.array@], scheme);
BEGIN
	IF key IS NULL THEN
		RAISE EXCEPTION 'unknown idtypes scheme: "%"', scheme USING ERRCODE = '22023',
			HINT = 'The schemes are @schemes.names@.';
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
-- @each scheme
CREATE SEQUENCE idtypes_sql_@scheme@_clock AS pg_catalog.int8
	MINVALUE -9223372036854775808 START WITH -9223372036854775808 NO CYCLE;
COMMENT ON SEQUENCE idtypes_sql_@scheme@_clock IS 'the database''s @scheme.label@ clock: its last word XOR 2^63';
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_@scheme@_clock', ''); -- extension only
GRANT UPDATE ON SEQUENCE idtypes_sql_@scheme@_clock TO @extowner@; -- extension only
CREATE TABLE idtypes_sql_@scheme@_lock ();
COMMENT ON TABLE idtypes_sql_@scheme@_lock IS 'internal: the lock of the database''s @scheme.label@ clock (empty)';

CREATE FUNCTION idtypes_sql_@scheme@_clock_next() RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := @internal@.idtypes_sql_now_us();
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
			LOCK TABLE @internal@.idtypes_sql_@scheme@_lock IN SHARE UPDATE EXCLUSIVE MODE;
			flast := pg_sequence_last_value('@internal@.idtypes_sql_@scheme@_clock'::regclass);
			last := flast # (-9223372036854775808);
			IF last = @scheme.word_max@ THEN
				RAISE EXCEPTION 'the @scheme@ clock is exhausted' USING ERRCODE = '22008',
					DETAIL = 'The clock has reached the largest value its ids can hold.';
			END IF;
			word := COALESCE(@internal@.idtypes_sql_@scheme@_step(last, @internal@.idtypes_sql_@scheme@_now_word(us)),
				-- every word of the last tick used a tick ago: on to the
				-- next tick, whatever the system clock says
				CASE WHEN stuck = last AND waited >= greatest(@scheme.tick_us@, 1)
					THEN ((last >> @scheme.counter_bits@) + 1) << @scheme.counter_bits@ END);
			flast := CASE WHEN word IS NULL THEN flast
				WHEN word # (-9223372036854775808) = flast + 1
				THEN nextval('@internal@.idtypes_sql_@scheme@_clock'::regclass)
				ELSE setval('@internal@.idtypes_sql_@scheme@_clock'::regclass, word # (-9223372036854775808)) END;
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
		pause := greatest(@scheme.tick_us@, 1);
		IF @internal@.idtypes_sql_@scheme@_now_word(us) >> @scheme.counter_bits@ = last >> @scheme.counter_bits@ THEN
			pause := pause - (us - @scheme.epoch_us@) % pause;
		END IF;
		PERFORM pg_sleep(pause / 1000000.0);
		waited := waited + pause;
		us := @internal@.idtypes_sql_now_us();
	END LOOP;
	RETURN word;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_@scheme@_clock_next() IS 'internal: the next word of the database''s @scheme.label@ clock';

CREATE FUNCTION idtypes_sql_@scheme@_clock_raise(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	flast int8;
BEGIN
	BEGIN
		LOCK TABLE @internal@.idtypes_sql_@scheme@_lock IN SHARE UPDATE EXCLUSIVE MODE;
		flast := pg_sequence_last_value('@internal@.idtypes_sql_@scheme@_clock'::regclass);
		IF flast IS NULL OR word # (-9223372036854775808) > flast THEN
			flast := setval('@internal@.idtypes_sql_@scheme@_clock'::regclass, word # (-9223372036854775808));
		END IF;
		-- roll the block back: the lock goes, the sequence keeps its value
		RAISE SQLSTATE 'IDSQ0';
	EXCEPTION WHEN SQLSTATE 'IDSQ0' THEN
		NULL;
	END;
	RETURN flast # (-9223372036854775808);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_@scheme@_clock_raise(pg_catalog.int8) IS
	'internal: raises the database''s @scheme.label@ clock to a word, never back; returns the clock''s word';
REVOKE EXECUTE ON FUNCTION idtypes_sql_@scheme@_clock_raise(pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_@scheme@_advance(word pg_catalog.int8, t pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	drift interval;
	last int8;
BEGIN
	drift := @internal@.idtypes_sql_max_ahead();
	IF NOT isfinite(t) OR t > clock_timestamp() + drift THEN
		RAISE EXCEPTION 'cannot move the @scheme@ clock that far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('The target is %s; at most %s ahead of the server''s clock is allowed.', t, drift);
	END IF;
	IF word IS NULL THEN
		last := pg_sequence_last_value('@internal@.idtypes_sql_@scheme@_clock'::regclass) # (-9223372036854775808);
	ELSE
		last := @internal@.idtypes_sql_@scheme@_clock_raise(word);
	END IF;
	RETURN @internal@.idtypes_sql_ts(@internal@.idtypes_sql_@scheme@_word_us(last));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_@scheme@_advance(pg_catalog.int8, pg_catalog.timestamptz) IS
	'internal: raises the database''s @scheme.label@ clock to a word whose time is t (checked); returns the clock''s time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_@scheme@_advance(pg_catalog.int8, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_@scheme@_advance_past(past pg_catalog.timestamptz) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8;
	word int8;
BEGIN
	IF isfinite(past) THEN
		us := @internal@.idtypes_sql_us(past);
		IF us >= @scheme.epoch_us@ THEN
			word := @internal@.idtypes_sql_@scheme@_word_past(us);
		END IF;
	END IF;
	RETURN @internal@.idtypes_sql_@scheme@_advance(word, past);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_@scheme@_advance_past(pg_catalog.timestamptz) IS
	'internal: moves the database''s @scheme.label@ clock past a time';
REVOKE EXECUTE ON FUNCTION idtypes_sql_@scheme@_advance_past(pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION idtypes_sql_@scheme@_advance_id(past @scheme.ctype@) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN @internal@.idtypes_sql_@scheme@_advance(@internal@.idtypes_sql_@scheme@_id_word(past), @internal@.@scheme.timestamp_fn@(past));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_@scheme@_advance_id(@scheme.ctype@) IS
	'internal: moves the database''s @scheme.label@ clock past an id';
REVOKE EXECUTE ON FUNCTION idtypes_sql_@scheme@_advance_id(@scheme.ctype@) FROM PUBLIC;

-- @end
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
	PERFORM @internal@.idtypes_sql_clock_key(scheme);
	EXECUTE format('SELECT @internal@.%I($1)', 'idtypes_sql_' || scheme || '_advance_past') INTO t USING past;
	RETURN t;
END
$fn$;
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) IS
	'moves the database''s clock of a scheme past a time: every id generated from it afterwards has a later time';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

-- Past an id: the next id of the scheme sorts after it.  The id is of the
-- scheme's companion type (@schemes.types@), else 22023.
CREATE FUNCTION idtypes_sql_advance_id(scheme pg_catalog.text, past anyelement) RETURNS pg_catalog.timestamptz
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	key int4 := @internal@.idtypes_sql_clock_key(scheme);
	t timestamptz;
BEGIN
	IF (ARRAY[@schemes.ctypes@])[key] <> format_type(pg_typeof(past), NULL) THEN
		RAISE EXCEPTION 'a % is not a %', scheme, format_type(pg_typeof(past), NULL) USING ERRCODE = '22023',
			HINT = 'The companion''s ids are @schemes.types@.';
	END IF;
	EXECUTE format('SELECT @internal@.%I($1)', 'idtypes_sql_' || scheme || '_advance_id') INTO t USING past;
	RETURN t;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_advance_id(pg_catalog.text, anyelement) IS
	'internal: moves the database''s clock of a scheme past an id of its type';
REVOKE EXECUTE ON FUNCTION idtypes_sql_advance_id(pg_catalog.text, anyelement) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
RETURN @internal@.idtypes_sql_advance_id(scheme, past);
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.uuid) IS
	'moves the database''s clock of a scheme whose ids are uuids past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.uuid) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.int8) RETURNS pg_catalog.timestamptz
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
RETURN @internal@.idtypes_sql_advance_id(scheme, past);
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.int8) IS
	'moves the database''s clock of a scheme whose ids are bigints past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.int8) FROM PUBLIC;

CREATE FUNCTION idtypes_advance_clock(scheme pg_catalog.text, past pg_catalog.bytea) RETURNS pg_catalog.timestamptz
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
RETURN @internal@.idtypes_sql_advance_id(scheme, past);
COMMENT ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.bytea) IS
	'moves the database''s clock of a scheme whose ids are bytea past an id: the next id sorts after it';
REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(pg_catalog.text, pg_catalog.bytea) FROM PUBLIC;

-- The version of the companion installed here (also for a plain install,
-- which has no pg_extension row).
CREATE FUNCTION idtypes_sql_version() RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN '@version@';
COMMENT ON FUNCTION idtypes_sql_version() IS 'the version of the idtypes_sql companion installed in this schema';
