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
	hi int8 := @internal@.idtypes_sql_hi(id);
	lo int8 := @internal@.idtypes_sql_lo(id);
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
		RETURN @internal@.idtypes_sql_uuid(hi, lo);
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
RETURN @internal@.idtypes_sql_ts(@internal@.idtypes_sql_hlculid_word_us(@internal@.idtypes_sql_hi(id)));
COMMENT ON FUNCTION hlculid_timestamp(pg_catalog.uuid) IS 'timestamp of an hlculid, to the millisecond';

CREATE FUNCTION hlculid_counter(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (@internal@.idtypes_sql_hi(id) & 65535::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION hlculid_counter(pg_catalog.uuid) IS 'logical counter of an hlculid (0 to 65535)';

CREATE FUNCTION hlculid_publisher(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (@internal@.idtypes_sql_lo(id) >> 48 & 65535::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION hlculid_publisher(pg_catalog.uuid) IS 'publisher (node id) of an hlculid (0 to 65535)';

CREATE FUNCTION hlculid_entropy(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_lo(id) & 281474976710655::pg_catalog.int8;
COMMENT ON FUNCTION hlculid_entropy(pg_catalog.uuid) IS 'the 48 random bits of an hlculid';

CREATE FUNCTION hlculid_from_parts(ts pg_catalog.timestamptz, counter pg_catalog.int4, publisher pg_catalog.int4,
								   entropy pg_catalog.int8) RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	tick int8 := @internal@.idtypes_sql_tick(ts, '@hlculid.label@',
		'@hlculid.range@', @hlculid.epoch_us@, @hlculid.tick_us@, @hlculid.tick_max@, false);
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
	RETURN @internal@.idtypes_sql_uuid(tick << 16 | counter, publisher::int8 << 48 | entropy);
END
$fn$;
COMMENT ON FUNCTION hlculid_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int8) IS
	'hlculid (as uuid) of a timestamp (truncated to the millisecond), counter (0 to 65535), publisher (0 to 65535) and entropy (0 to 2^48-1)';

CREATE FUNCTION hlculid_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid(@internal@.idtypes_sql_tick(ts, '@hlculid.label@', '@hlculid.range@', @hlculid.epoch_us@, @hlculid.tick_us@, @hlculid.tick_max@, true) << 16, 0);
COMMENT ON FUNCTION hlculid_floor(pg_catalog.timestamptz) IS
	'smallest hlculid whose time is the given one or later (the first of its millisecond, or of the next)';

CREATE FUNCTION hlculid_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid((@internal@.idtypes_sql_tick(ts, '@hlculid.label@', '@hlculid.range@', @hlculid.epoch_us@, @hlculid.tick_us@, @hlculid.tick_max@, false) << 16)
	| 65535::pg_catalog.int8, -1);
COMMENT ON FUNCTION hlculid_ceil(pg_catalog.timestamptz) IS
	'largest hlculid whose time is the given one or earlier (the last of its millisecond)';

CREATE FUNCTION hlculid_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_date_bin(stride, @internal@.hlculid_timestamp(id), origin);
COMMENT ON FUNCTION hlculid_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of an hlculid (like date_bin)';

---------------------------------------------------------------------------
-- hlculid generation
---------------------------------------------------------------------------

-- The database's hlculid clock (idtypes_sql.sql): its word is the first 8
-- bytes; the step is the generic one.
CREATE FUNCTION idtypes_sql_hlculid_step(last pg_catalog.int8, now_word pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN @internal@.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_hlculid_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the hlculid clock';
CREATE FUNCTION idtypes_sql_hlculid_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_hi(id);
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
	ms int8 := @internal@.idtypes_sql_now_us() / 1000;
	word int8;
	last int8;
BEGIN
	IF ms > @hlculid.tick_max@ THEN
		RAISE EXCEPTION 'system clock is beyond the range of type hlculid' USING ERRCODE = '22008';
	END IF;
	IF @internal@.idtypes_sql_clock_mode() = 'sequence' THEN
		word := @internal@.idtypes_sql_hlculid_clock_next();
	ELSE
		-- the session's clock, by the same step; at the largest word the
		-- clock is exhausted, as the C extension's
		last := NULLIF(current_setting('idtypes_sql.hlculid', true), '')::int8;
		IF last = @hlculid.word_max@ THEN
			RAISE EXCEPTION 'the hlculid clock is exhausted' USING ERRCODE = '22008',
				DETAIL = 'The clock has reached the largest value its ids can hold.';
		END IF;
		word := @internal@.idtypes_sql_hlculid_step(last,
			greatest(ms, 0) << @hlculid.counter_bits@ | (('x' || substr(r, 1, 4))::bit(16)::int8 & 32767));
		PERFORM set_config('idtypes_sql.hlculid', word::text, false);
	END IF;
	RETURN (lpad(to_hex(word), 16, '0')
			|| COALESCE(NULLIF(current_setting('idtypes_sql.publisher', true), ''), @internal@.idtypes_sql_load(true))
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
	word int8 := @internal@.idtypes_sql_hi(id);
	ms int8 := word >> @hlculid.counter_bits@ & @hlculid.tick_max@;
	now_ms int8 := @internal@.idtypes_sql_now_us() / 1000;
	drift int8;
	ignored text;
BEGIN
	SELECT (EXTRACT(epoch FROM s.hlculid_max_drift) * 1000)::int8 INTO drift FROM @internal@.idtypes_sql_settings s;
	IF drift IS NOT NULL AND ms - now_ms > drift THEN
		RAISE EXCEPTION 'hlculid is too far ahead of this server''s clock' USING ERRCODE = '22008',
			DETAIL = format('Its time is %s, %s ms ahead; hlculid_max_drift allows %s ms.',
							@internal@.idtypes_sql_ts(ms * 1000), ms - now_ms, drift),
			HINT = 'Check the clock of the node that made it.  If that clock is right, raise hlculid_max_drift.';
	END IF;
	IF @internal@.idtypes_sql_clock_mode() = 'sequence' THEN
		PERFORM @internal@.idtypes_sql_hlculid_clock_raise(word);
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
