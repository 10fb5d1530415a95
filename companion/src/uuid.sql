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
	IF @internal@.idtypes_sql_lo(id) >> 62 & 3 = 2 THEN
		RETURN (@internal@.idtypes_sql_hi(id) >> 12 & 15)::int2;
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
	hi int8 := @internal@.idtypes_sql_hi(id);
BEGIN
	IF @internal@.idtypes_sql_lo(id) >> 62 & 3 <> 2 THEN
		RETURN NULL;
	END IF;
	CASE hi >> 12 & 15
		WHEN 1 THEN
			RETURN @internal@.idtypes_sql_ts(@internal@.idtypes_sql_uuidv6_word_us(@internal@.idtypes_sql_v1_hi_tick(hi)));
		WHEN 6 THEN
			RETURN @internal@.idtypes_sql_ts(@internal@.idtypes_sql_uuidv6_word_us(@internal@.idtypes_sql_time_hi_tick(hi)));
		WHEN 7 THEN
			RETURN @internal@.idtypes_sql_ts((hi >> 16 & @uuidv7.tick_max@) * @uuidv7.tick_us@);
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
	hi int8 := @internal@.idtypes_sql_hi(id);
	tick int8;
BEGIN
	IF @internal@.idtypes_sql_lo(id) >> 62 & 3 <> 2 OR hi >> 12 & 15 <> 8 THEN
		RETURN NULL;
	END IF;
	tick := @internal@.idtypes_sql_time_hi_tick(hi);
	RETURN @internal@.idtypes_sql_ts(tick / 125 * 2 + tick % 125 * 2 / 125);
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
	RETURN @internal@.idtypes_sql_uuid(
		(@internal@.idtypes_sql_hex_int8(encode(substr(bytes, 1, 8), 'hex')) & ~61440::int8) | 32768,
		(@internal@.idtypes_sql_hex_int8(encode(substr(bytes, 9, 8), 'hex')) & 4611686018427387903) | (-9223372036854775808));
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
	usec int8 := @internal@.idtypes_sql_uuid_usec(t, label, span, epoch_us, last_us);
	unit int8;
BEGIN
	IF ceil THEN
		-- the first unit after t, less one tick
		usec := usec + 1;
		unit := usec / den * num + (usec % den * num + den - 1) / den;
		RETURN @internal@.idtypes_sql_uuid(
			@internal@.idtypes_sql_time_hi(least((unit << counter_bits) - 1, @uuidv7.word_max@), version),
			-4611686018427387905);
	END IF;
	unit := usec / den * num + (usec % den * num + den - 1) / den;
	IF unit > @uuidv7.word_max@ >> counter_bits THEN
		RAISE EXCEPTION 'timestamp out of range for %', label USING ERRCODE = '22008',
			DETAIL = format('No %s has a timestamp at or after %s.', label, t);
	END IF;
	RETURN @internal@.idtypes_sql_uuid(@internal@.idtypes_sql_time_hi(unit << counter_bits, version), -9223372036854775808);
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
		usec := @internal@.idtypes_sql_us(t) - epoch_us;
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
RETURN @internal@.idtypes_sql_uuid_bound($1, false, @uuidv6.uuid_version@, '@uuidv6.label@', '@uuidv6.range_us@', @uuidv6.epoch_us@, @uuidv6.last_us@, @uuidv6.tick_num@, @uuidv6.tick_den@, @uuidv6.counter_bits@);
COMMENT ON FUNCTION uuidv6_floor(pg_catalog.timestamptz) IS 'smallest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv6_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid_bound($1, true, @uuidv6.uuid_version@, '@uuidv6.label@', '@uuidv6.range_us@', @uuidv6.epoch_us@, @uuidv6.last_us@, @uuidv6.tick_num@, @uuidv6.tick_den@, @uuidv6.counter_bits@);
COMMENT ON FUNCTION uuidv6_ceil(pg_catalog.timestamptz) IS 'largest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv7_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid_bound($1, false, @uuidv7.uuid_version@, '@uuidv7.label@', '@uuidv7.range_us@', @uuidv7.epoch_us@, @uuidv7.last_us@, @uuidv7.tick_num@, @uuidv7.tick_den@, @uuidv7.counter_bits@);
COMMENT ON FUNCTION uuidv7_floor(pg_catalog.timestamptz) IS 'smallest UUIDv7 whose timestamp is the given time or later (the first of its millisecond, or of the next)';
CREATE FUNCTION uuidv7_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid_bound($1, true, @uuidv7.uuid_version@, '@uuidv7.label@', '@uuidv7.range_us@', @uuidv7.epoch_us@, @uuidv7.last_us@, @uuidv7.tick_num@, @uuidv7.tick_den@, @uuidv7.counter_bits@);
COMMENT ON FUNCTION uuidv7_ceil(pg_catalog.timestamptz) IS 'largest UUIDv7 whose timestamp is the given time or earlier (the last of its millisecond)';
CREATE FUNCTION uuidv8_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid_bound($1, false, @uuidv8.uuid_version@, '@uuidv8.label@', '@uuidv8.range_us@', @uuidv8.epoch_us@, @uuidv8.last_us@, @uuidv8.tick_num@, @uuidv8.tick_den@, @uuidv8.counter_bits@);
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest uuidv8_next() UUID of a microsecond';
CREATE FUNCTION uuidv8_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid_bound($1, true, @uuidv8.uuid_version@, '@uuidv8.label@', '@uuidv8.range_us@', @uuidv8.epoch_us@, @uuidv8.last_us@, @uuidv8.tick_num@, @uuidv8.tick_den@, @uuidv8.counter_bits@);
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest uuidv8_next() UUID of a microsecond';

CREATE FUNCTION uuidv_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_date_bin(stride, @internal@.uuidv_timestamp(id), origin);
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
	hi int8 := @internal@.idtypes_sql_hi(id);
	v int2 := @internal@.uuidv_version(id);
BEGIN
	IF v IS DISTINCT FROM version THEN
		RAISE EXCEPTION '"%" is not a version % UUID', id, version USING ERRCODE = '22023',
			DETAIL = CASE WHEN v IS NULL THEN 'It is not of the RFC 9562 variant, so it has no version.'
						  ELSE format('Its version is %s.', v) END;
	END IF;
	IF version = 1 THEN
		RETURN @internal@.idtypes_sql_uuid(@internal@.idtypes_sql_time_hi(@internal@.idtypes_sql_v1_hi_tick(hi), 6),
											@internal@.idtypes_sql_lo(id));
	END IF;
	RETURN @internal@.idtypes_sql_uuid(@internal@.idtypes_sql_v1_hi(@internal@.idtypes_sql_time_hi_tick(hi)),
										@internal@.idtypes_sql_lo(id));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_v1_v6(pg_catalog.uuid, pg_catalog.int4) IS
	'internal: a UUIDv1 (version 1) as a v6, or a v6 (version 6) as a v1';

CREATE FUNCTION uuidv1_to_uuidv6(id pg_catalog.uuid) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_v1_v6(id, 1);
COMMENT ON FUNCTION uuidv1_to_uuidv6(pg_catalog.uuid) IS 'UUIDv6 of a UUIDv1: same timestamp, clock sequence and node';

CREATE FUNCTION uuidv6_to_uuidv1(id pg_catalog.uuid) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_v1_v6(id, 6);
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
-- @each scheme type=uuid
CREATE FUNCTION idtypes_sql_@scheme@_now_word(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (GREATEST(us, 0::pg_catalog.int8) - (@scheme.epoch_us@)::pg_catalog.int8) * @scheme.word_num@::pg_catalog.int8
	/ @scheme.word_den@::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_@scheme@_now_word(pg_catalog.int8) IS
	'internal: the word of the @scheme.label@ clock at a count of microseconds since 1970';
CREATE FUNCTION idtypes_sql_@scheme@_word_us(word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN word / @scheme.word_num@::pg_catalog.int8 * @scheme.word_den@::pg_catalog.int8
	+ word % @scheme.word_num@::pg_catalog.int8 * @scheme.word_den@::pg_catalog.int8 / @scheme.word_num@::pg_catalog.int8
	+ (@scheme.epoch_us@)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_@scheme@_word_us(pg_catalog.int8) IS
	'internal: the time of a word of the @scheme.label@ clock, in microseconds since 1970';
CREATE FUNCTION idtypes_sql_@scheme@_word_past(us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ((us - (@scheme.epoch_us@)::pg_catalog.int8 + 1::pg_catalog.int8) * @scheme.word_num@::pg_catalog.int8
		+ @scheme.word_den@::pg_catalog.int8 - 1::pg_catalog.int8) / @scheme.word_den@::pg_catalog.int8 - 1::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_@scheme@_word_past(pg_catalog.int8) IS
	'internal: the last word of the @scheme.label@ clock in a microsecond since 1970';
CREATE FUNCTION idtypes_sql_@scheme@_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	IF @internal@.uuidv_version(id) IS DISTINCT FROM @scheme.uuid_version@ THEN
		RAISE EXCEPTION '"%" is not a version @scheme.uuid_version@ UUID', id USING ERRCODE = '22023';
	END IF;
	RETURN @internal@.idtypes_sql_time_hi_tick(@internal@.idtypes_sql_hi(id));
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_@scheme@_id_word(pg_catalog.uuid) IS 'internal: the @scheme.label@ clock''s word of a @scheme.label@';
CREATE FUNCTION idtypes_sql_@scheme@_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN @internal@.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_@scheme@_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the @scheme.label@ clock';
-- @end

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
	in_sequence bool := @internal@.idtypes_sql_clock_mode() = 'sequence';
	us int8 := @internal@.idtypes_sql_now_us();
BEGIN
	CASE version
-- @each scheme type=uuid
		WHEN '@scheme@' THEN
			IF in_sequence THEN
				RETURN @internal@.idtypes_sql_@scheme@_clock_next();
			END IF;
			RETURN @internal@.idtypes_sql_session_next('idtypes_sql.@scheme@', @internal@.idtypes_sql_@scheme@_now_word(us));
-- @end
	END CASE;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_uuid_start(pg_catalog.text) IS
	'internal: the next tick of a UUID version''s clock at a session''s first id: the database''s, or the session''s first';
CREATE FUNCTION idtypes_sql_uuid_next_slow(version pg_catalog.text) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN CASE WHEN pg_catalog.current_setting('idtypes_sql.clock', true) = 'sequence'
	THEN CASE version
-- @each scheme type=uuid
		WHEN '@scheme@' THEN @internal@.idtypes_sql_@scheme@_clock_next()
-- @end
		END
	ELSE @internal@.idtypes_sql_uuid_start(version) END;
COMMENT ON FUNCTION idtypes_sql_uuid_next_slow(pg_catalog.text) IS
	'internal: the next tick of a UUID version''s clock, the database''s or (at a session''s first id) the session''s';
CREATE FUNCTION idtypes_sql_uuid_next(version pg_catalog.text, now pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN COALESCE(NULLIF(pg_catalog.set_config('idtypes_sql.' || version,
			pg_catalog.int8larger(now,
				NULLIF(pg_catalog.current_setting('idtypes_sql.' || version, true), '')::pg_catalog.int8 + 1::pg_catalog.int8)::pg_catalog.text,
			false), '')::pg_catalog.int8,
		@internal@.idtypes_sql_uuid_next_slow(version));
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
RETURN pg_catalog.encode(pg_catalog.int8send(@internal@.idtypes_sql_uuid_hi(tick, version))
						 || pg_catalog.substr(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), 9), 'hex')::pg_catalog.uuid;
COMMENT ON FUNCTION idtypes_sql_uuid_of_tick(pg_catalog.int8, pg_catalog.bit) IS
	'internal: a UUID of a 60-bit tick and a version''s 4 bits, with 62 random bits';

CREATE FUNCTION uuidv6_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN @internal@.idtypes_sql_uuid_of_tick(@internal@.idtypes_sql_uuid_next('uuidv6',
	@internal@.idtypes_sql_clock_ticks(10000000) + @uuidv6.unix_words@::pg_catalog.int8), B'0110');
COMMENT ON FUNCTION uuidv6_next() IS
	'new UUIDv6 (RFC 9562): 100-ns Gregorian timestamp, strictly increasing, random clock sequence and node';

CREATE FUNCTION uuidv7_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN @internal@.idtypes_sql_uuid_of_tick(@internal@.idtypes_sql_uuid_next('uuidv7',
	@internal@.idtypes_sql_clock_ticks(4096000)), B'0111');
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
	tick int8 := @internal@.idtypes_sql_uuid_next('uuidv7', @internal@.idtypes_sql_clock_ticks(4096000));
	start timestamptz := @internal@.idtypes_sql_ts((tick >> 12) * 1000);
	delta int8;
	ms int8;
	fraction int8;
BEGIN
	delta := @internal@.idtypes_sql_uuid_usec(start + shift, '@uuidv7.label@', '@uuidv7.range_us@', @uuidv7.epoch_us@, @uuidv7.last_us@) - (tick >> 12) * 1000;
	ms := (tick >> 12) + (delta - (delta % 1000 + 1000) % 1000) / 1000;
	fraction := (tick & 4095) + (delta % 1000 + 1000) % 1000 * 4096 / 1000;
	ms := ms + (fraction >> 12);
	IF ms > @uuidv7.tick_max@ THEN
		RAISE EXCEPTION 'UUIDv7 timestamp out of range' USING ERRCODE = '22008';
	END IF;
	RETURN @internal@.idtypes_sql_uuid_of_tick(ms << 12 | (fraction & 4095), B'0111');
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
	us int8 := @internal@.idtypes_sql_uuid_usec($1, '@uuidv7.label@', '@uuidv7.range_us@', @uuidv7.epoch_us@, @uuidv7.last_us@);
BEGIN
	RETURN @internal@.idtypes_sql_uuid_of_tick((us / 1000) << 12 | us % 1000 * 4096 / 1000, B'0111');
END
$fn$;
COMMENT ON FUNCTION uuidv7_at(pg_catalog.timestamptz) IS
	'UUIDv7 of a given time (backfill): that microsecond and 62 random bits';

-- The draft-02 v8: clock sequence 0 (the clock never gives a tick twice,
-- so the sequence has nothing to count), a random 54-bit node, never 0.
CREATE FUNCTION uuidv8_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN pg_catalog.encode(pg_catalog.int8send(@internal@.idtypes_sql_uuid_hi(@internal@.idtypes_sql_uuid_next('uuidv8',
		@internal@.idtypes_sql_clock_ticks(62500000)), B'1000'))
	|| pg_catalog.int8send((-9223372036854775808)
		| GREATEST(@internal@.idtypes_sql_lo(pg_catalog.gen_random_uuid()) & 18014398509481983::pg_catalog.int8, 1::pg_catalog.int8)), 'hex')::pg_catalog.uuid;
COMMENT ON FUNCTION uuidv8_next() IS
	'new UUIDv8 (draft-02 recipe): 60 most significant bits of the Unix nanosecond time, strictly increasing, clock sequence 0, 54-bit random node';
