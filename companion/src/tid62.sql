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
	hex text := encode(@internal@.idtypes_sql_tid62(id), 'hex');
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
	id bytea := @internal@.idtypes_sql_tid62_decode(str);
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
RETURN @internal@.idtypes_sql_ts((@tid62.epoch_us@)::pg_catalog.int8
	+ ('x' || pg_catalog.encode(pg_catalog.substr(@internal@.idtypes_sql_tid62(id), 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8
	  * 1000000);
COMMENT ON FUNCTION tid62_timestamp(pg_catalog.bytea) IS 'timestamp of a tid62 (seconds)';

CREATE FUNCTION tid62_entropy(id pg_catalog.bytea) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.substr(@internal@.idtypes_sql_tid62(id), 5, 8);
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
	seconds int8 := @internal@.idtypes_sql_tick(ts, '@tid62.label@', '@tid62.range@', @tid62.epoch_us@, @tid62.tick_us@, @tid62.tick_max@, false);
BEGIN
	IF octet_length(entropy) <> 8 THEN
		RAISE EXCEPTION 'tid62 entropy must be 8 bytes, not %', octet_length(entropy) USING ERRCODE = '22P03';
	END IF;
	RETURN @internal@.idtypes_sql_tid62_prefix(seconds) || entropy;
END
$fn$;
COMMENT ON FUNCTION tid62_from_parts(pg_catalog.timestamptz, pg_catalog.bytea) IS
	'tid62 (as bytea) of a timestamp (truncated to the second, 2020-01-01 to 2156-02-07 06:28:15 UTC) and 8 bytes of entropy';

CREATE FUNCTION tid62_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_tid62_prefix(@internal@.idtypes_sql_tick(ts, '@tid62.label@', '@tid62.range@', @tid62.epoch_us@, @tid62.tick_us@, @tid62.tick_max@, true))
	|| '\x0000000000000000'::pg_catalog.bytea;
COMMENT ON FUNCTION tid62_floor(pg_catalog.timestamptz) IS
	'smallest tid62 whose time is the given one or later (the first of its second, or of the next)';

CREATE FUNCTION tid62_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_tid62_prefix(@internal@.idtypes_sql_tick(ts, '@tid62.label@', '@tid62.range@', @tid62.epoch_us@, @tid62.tick_us@, @tid62.tick_max@, false))
	|| '\xffffffffffffffff'::pg_catalog.bytea;
COMMENT ON FUNCTION tid62_ceil(pg_catalog.timestamptz) IS
	'largest tid62 whose time is the given one or earlier (the last of its second)';

CREATE FUNCTION tid62_date_bin(stride pg_catalog.interval, id pg_catalog.bytea, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_date_bin(stride, @internal@.tid62_timestamp(id), origin);
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
	s int8 := last >> @tid62.counter_bits@ & @tid62.tick_max@;
BEGIN
	IF last IS NULL OR now_word >> @tid62.counter_bits@ & @tid62.tick_max@ > s THEN
		RETURN now_word | start;
	ELSIF (last & @tid62.counter_max@) + (r & 255) + 1 <= @tid62.counter_max@ THEN
		RETURN last + (r & 255) + 1;
	ELSIF s >= @tid62.tick_max@ THEN
		RAISE EXCEPTION 'tid62 clock exhausted' USING ERRCODE = '22008',
			DETAIL = 'Every tid62 of the last second a tid62 can hold, 2156-02-07 06:28:15+00, has been issued.';
	END IF;
	RETURN (s + 1) << @tid62.counter_bits@ | start;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_tid62_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of a tid62 clock';
CREATE FUNCTION idtypes_sql_tid62_id_word(id pg_catalog.bytea) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_hex_int8(pg_catalog.encode(pg_catalog.substr(id, 1, 8), 'hex'));
COMMENT ON FUNCTION idtypes_sql_tid62_id_word(pg_catalog.bytea) IS 'internal: the tid62 clock''s word of a tid62';

-- A new tid62: the next word of the session's clock (kept XOR 2^63 in
-- idtypes_sql.tid62, so that it stays in order past 2088, 2^31 seconds) or
-- of the database's, then 4 random bytes.
CREATE FUNCTION gen_tid62() RETURNS pg_catalog.bytea
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	us int8 := @internal@.idtypes_sql_now_us();
	word int8;
	ignored text;
BEGIN
	IF us - @tid62.epoch_us@ >= (@tid62.tick_max@ + 1) * @tid62.tick_us@ THEN
		RAISE EXCEPTION 'system clock is beyond the range of type tid62' USING ERRCODE = '22008',
			DETAIL = 'A tid62 holds times up to 2156-02-07 06:28:15+00.';
	END IF;
	IF @internal@.idtypes_sql_clock_mode() = 'sequence' THEN
		word := @internal@.idtypes_sql_tid62_clock_next();
	ELSE
		word := @internal@.idtypes_sql_tid62_step(
			NULLIF(current_setting('idtypes_sql.tid62', true), '')::int8 # (-9223372036854775808),
			@internal@.idtypes_sql_tid62_now_word(us));
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
	digits text := @internal@.tid62_to_text(id);
BEGIN
	RETURN @internal@.idtypes_sql_tid62_check_prefix(prefix) || '-' || digits;
END
$fn$;
COMMENT ON FUNCTION tid62_prefixed(pg_catalog.text, pg_catalog.bytea) IS
	'prefixed id: the prefix, a dash and the tid62 (user-04XVaYIJisigHzUpr)';

CREATE FUNCTION gen_tid62_prefixed(prefix pg_catalog.text) RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN @internal@.idtypes_sql_tid62_check_prefix(prefix) || '-' || @internal@.tid62_to_text(@internal@.gen_tid62());
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
		id := @internal@.idtypes_sql_tid62_decode(substr(prefixed, len - 16));
		prefix := NULLIF(substr(prefixed, 1, greatest(len - 18, 0)), '');
	END IF;
	IF id IS NULL THEN
		RAISE EXCEPTION 'invalid input syntax for a prefixed tid62: "%"', prefixed USING ERRCODE = '22P02',
			DETAIL = 'A prefixed tid62 is a prefix (letters, digits and underscores, in segments separated by single dashes), a dash and a tid62 of 17 base62 digits.';
	END IF;
END
$fn$;
COMMENT ON FUNCTION tid62_split(pg_catalog.text) IS 'the prefix (NULL if none) and the tid62 of a prefixed id';
