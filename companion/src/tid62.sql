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
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN pg_catalog.octet_length(id) = 12 THEN id
			ELSE @extschema@.idtypes_sql_error('22P03', 'invalid length for type tid62: '
				|| pg_catalog.octet_length(id)::pg_catalog.text || ' bytes, expected 12', '', NULL::pg_catalog.bytea) END;
COMMENT ON FUNCTION idtypes_sql_tid62(pg_catalog.bytea) IS 'internal: the bytes of a tid62, or 22P03 unless there are 12';

-- The 12 bytes as a number: three 32-bit limbs.
CREATE FUNCTION idtypes_sql_tid62_number(id pg_catalog.bytea) RETURNS pg_catalog.numeric
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (('x' || pg_catalog.encode(pg_catalog.substr(id, 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8::pg_catalog.numeric
		* 4294967296::pg_catalog.numeric
		+ ('x' || pg_catalog.encode(pg_catalog.substr(id, 5, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8::pg_catalog.numeric)
	* 4294967296::pg_catalog.numeric
	+ ('x' || pg_catalog.encode(pg_catalog.substr(id, 9, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8::pg_catalog.numeric;
COMMENT ON FUNCTION idtypes_sql_tid62_number(pg_catalog.bytea) IS 'internal: 12 bytes as one unsigned number';

CREATE FUNCTION tid62_to_text(id pg_catalog.bytea) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT pg_catalog.string_agg(pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
			pg_catalog.mod(pg_catalog.div(n, 62::pg_catalog.numeric ^ (16 - i)::pg_catalog.numeric), 62::pg_catalog.numeric)::pg_catalog.int4 + 1, 1),
			'' ORDER BY i)
	  FROM (SELECT @extschema@.idtypes_sql_tid62_number(@extschema@.idtypes_sql_tid62(id)) AS n) s,
		   pg_catalog.generate_series(0, 16) i;
END;
COMMENT ON FUNCTION tid62_to_text(pg_catalog.bytea) IS 'tid62 text of 12 bytes: 17 base62 digits';

-- The value of 17 base62 digits (valid ones: the caller checks).
CREATE FUNCTION idtypes_sql_tid62_number_of_text(str pg_catalog.text) RETURNS pg_catalog.numeric
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT pg_catalog.sum((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz' COLLATE pg_catalog."C",
							   pg_catalog.substr(str, i, 1)) - 1)::pg_catalog.numeric
						  * 62::pg_catalog.numeric ^ (17 - i)::pg_catalog.numeric)
	  FROM pg_catalog.generate_series(1, 17) i;
END;
COMMENT ON FUNCTION idtypes_sql_tid62_number_of_text(pg_catalog.text) IS 'internal: the value of 17 base62 digits';

-- 17 base62 digits whose value fits in 96 bits; else 22P02.
CREATE FUNCTION tid62_from_text(str pg_catalog.text) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT CASE
		WHEN NOT str COLLATE pg_catalog."C" ~ '^[0-9A-Za-z]{17}$' THEN
			@extschema@.idtypes_sql_error('22P02', 'invalid input syntax for type tid62: "' || str || '"',
				'A tid62 is 17 base62 digits (0-9, A-Z, a-z).', NULL::pg_catalog.bytea)
		ELSE (SELECT CASE WHEN n >= 79228162514264337593543950336::pg_catalog.numeric THEN
						@extschema@.idtypes_sql_error('22P02', 'invalid input syntax for type tid62: "' || str || '"',
							'The value does not fit in 96 bits: the largest tid62 is 1f2SI9UJPXvb7vdJ1.', NULL::pg_catalog.bytea)
					ELSE pg_catalog.decode(
						pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.div(n, 18446744073709551616::pg_catalog.numeric)::pg_catalog.int8), 8, '0')
						|| pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.mod(pg_catalog.div(n, 4294967296::pg_catalog.numeric),
																			4294967296::pg_catalog.numeric)::pg_catalog.int8), 8, '0')
						|| pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.mod(n, 4294967296::pg_catalog.numeric)::pg_catalog.int8), 8, '0'),
						'hex') END
				FROM (SELECT @extschema@.idtypes_sql_tid62_number_of_text(str) AS n) s) END;
END;
COMMENT ON FUNCTION tid62_from_text(pg_catalog.text) IS 'the 12 bytes of a tid62 text: 17 base62 digits';

---------------------------------------------------------------------------
-- tid62 extraction and construction
---------------------------------------------------------------------------

-- The seconds since 2020 of a tid62's first 4 bytes.
CREATE FUNCTION idtypes_sql_tid62_seconds(id pg_catalog.bytea) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('x' || pg_catalog.encode(pg_catalog.substr(@extschema@.idtypes_sql_tid62(id), 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_tid62_seconds(pg_catalog.bytea) IS 'internal: the seconds since 2020 of a tid62';

CREATE FUNCTION tid62_timestamp(id pg_catalog.bytea) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_ts(1577836800000000::pg_catalog.int8 + @extschema@.idtypes_sql_tid62_seconds(id) * 1000000);
COMMENT ON FUNCTION tid62_timestamp(pg_catalog.bytea) IS 'timestamp of a tid62 (seconds)';

CREATE FUNCTION tid62_entropy(id pg_catalog.bytea) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.substr(@extschema@.idtypes_sql_tid62(id), 5, 8);
COMMENT ON FUNCTION tid62_entropy(pg_catalog.bytea) IS 'the 8 bytes after the timestamp of a tid62';

-- The 4 bytes of a count of seconds.
CREATE FUNCTION idtypes_sql_tid62_prefix(seconds pg_catalog.int8) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(seconds), 8, '0'), 'hex');
COMMENT ON FUNCTION idtypes_sql_tid62_prefix(pg_catalog.int8) IS 'internal: the first 4 bytes of a tid62 of a second';

CREATE FUNCTION tid62_from_parts(ts pg_catalog.timestamptz, entropy pg_catalog.bytea) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT CASE
		WHEN seconds IS NULL THEN NULL::pg_catalog.bytea
		WHEN pg_catalog.octet_length(entropy) <> 8 THEN
			@extschema@.idtypes_sql_error('22P03', 'tid62 entropy must be 8 bytes, not '
				|| pg_catalog.octet_length(entropy)::pg_catalog.text, '', NULL::pg_catalog.bytea)
		ELSE @extschema@.idtypes_sql_tid62_prefix(seconds) || entropy END
	  FROM (SELECT @extschema@.idtypes_sql_tick(ts, 'tid62', 1577836800000000, 1000000, 4294967295, false) AS seconds) t;
END;
COMMENT ON FUNCTION tid62_from_parts(pg_catalog.timestamptz, pg_catalog.bytea) IS
	'tid62 (as bytea) of a timestamp (truncated to the second, 2020-01-01 to 2156-02-07 06:28:15 UTC) and 8 bytes of entropy';

CREATE FUNCTION tid62_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_tid62_prefix(@extschema@.idtypes_sql_tick(ts, 'tid62', 1577836800000000, 1000000, 4294967295, true))
	|| '\x0000000000000000'::pg_catalog.bytea;
COMMENT ON FUNCTION tid62_floor(pg_catalog.timestamptz) IS
	'smallest tid62 whose time is the given one or later (the first of its second, or of the next)';

CREATE FUNCTION tid62_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_tid62_prefix(@extschema@.idtypes_sql_tick(ts, 'tid62', 1577836800000000, 1000000, 4294967295, false))
	|| '\xffffffffffffffff'::pg_catalog.bytea;
COMMENT ON FUNCTION tid62_ceil(pg_catalog.timestamptz) IS
	'largest tid62 whose time is the given one or earlier (the last of its second)';

CREATE FUNCTION tid62_date_bin(stride pg_catalog.interval, id pg_catalog.bytea, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_date_bin(stride, @extschema@.tid62_timestamp(id), origin);
COMMENT ON FUNCTION tid62_date_bin(pg_catalog.interval, pg_catalog.bytea, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a tid62 (like date_bin)';

---------------------------------------------------------------------------
-- tid62 generation
---------------------------------------------------------------------------

-- The clock word is seconds << 32 | counter, the first 8 bytes; the last 4
-- are random.  As C's tid62_step(): a new second starts the counter at a
-- random value below 2^31; within a second (or while the system clock is
-- behind the last id) it advances by a random step of 1 to 256; when it
-- would pass 2^32 - 1 the id moves to the next second.  The session's word
-- is kept XOR 2^63, so that it stays in order past 2088 (2^31 seconds).
CREATE FUNCTION gen_tid62() RETURNS pg_catalog.bytea
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
BEGIN ATOMIC
	SELECT pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(w), 16, '0') || pg_catalog.substr(r, 29, 8), 'hex')
	  FROM (SELECT CASE WHEN @extschema@.idtypes_sql_clock_mode() = 'sequence'
						THEN @extschema@.idtypes_sql_clock_next('tid62')
						ELSE pg_catalog.set_config('idtypes_sql.tid62',
								(CASE WHEN last IS NULL OR now_s > last >> 32 & 4294967295::pg_catalog.int8 THEN (now_s << 32) | start
									  WHEN (last & 4294967295::pg_catalog.int8) + step <= 4294967295 THEN last + step
									  WHEN (last >> 32 & 4294967295::pg_catalog.int8) >= 4294967295 THEN
										@extschema@.idtypes_sql_error('22008', 'tid62 clock exhausted',
											'Every tid62 of the last second a tid62 can hold, 2156-02-07 06:28:15+00, has been issued.',
											NULL::pg_catalog.int8)
									  ELSE (((last >> 32 & 4294967295::pg_catalog.int8) + 1) << 32) | start END
								 # (-9223372036854775808))::pg_catalog.text, false)::pg_catalog.int8
							 # (-9223372036854775808) END AS w,
				   r
			  FROM (SELECT r,
						   CASE WHEN s > 4294967295 THEN
								@extschema@.idtypes_sql_error('22008', 'system clock is beyond the range of type tid62',
									'A tid62 holds times up to 2156-02-07 06:28:15+00.', NULL::pg_catalog.int8)
								ELSE GREATEST(s, 0) END AS now_s,
						   ('x' || pg_catalog.substr(r, 1, 8))::pg_catalog.bit(32)::pg_catalog.int8 & 2147483647::pg_catalog.int8 AS start,
						   ('x' || pg_catalog.substr(r, 10, 2))::pg_catalog.bit(8)::pg_catalog.int8 + 1 AS step,
						   NULLIF(pg_catalog.current_setting('idtypes_sql.tid62', true), '')::pg_catalog.int8
							 # (-9223372036854775808) AS last
					  FROM (SELECT pg_catalog.gen_random_uuid()::pg_catalog.text AS r,
								   pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()))::pg_catalog.int8
								   - 1577836800 AS s) g) a) b;
END;
COMMENT ON FUNCTION gen_tid62() IS
	'new tid62 (as bytea): the current second, then a counter that increases within the second and 4 random bytes';

---------------------------------------------------------------------------
-- prefixed tid62s
---------------------------------------------------------------------------

-- A prefix is one or more segments of [A-Za-z0-9_] separated by single
-- dashes; else 22023.
CREATE FUNCTION idtypes_sql_tid62_check_prefix(prefix pg_catalog.text) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN prefix COLLATE pg_catalog."C" ~ '^[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*$' THEN prefix
			ELSE @extschema@.idtypes_sql_error('22023', 'invalid tid62 prefix: "' || prefix || '"',
				'A prefix is letters, digits and underscores, in one or more segments separated by single dashes.',
				NULL::pg_catalog.text) END;
COMMENT ON FUNCTION idtypes_sql_tid62_check_prefix(pg_catalog.text) IS 'internal: the prefix if it is valid, else 22023';

CREATE FUNCTION tid62_prefixed(prefix pg_catalog.text, id pg_catalog.bytea) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT @extschema@.idtypes_sql_tid62_check_prefix(prefix) || '-' || @extschema@.tid62_to_text(b)
	  FROM (SELECT @extschema@.idtypes_sql_tid62(id) AS b) i;
END;
COMMENT ON FUNCTION tid62_prefixed(pg_catalog.text, pg_catalog.bytea) IS
	'prefixed id: the prefix, a dash and the tid62 (user-04XVaYIJisigHzUpr)';

CREATE FUNCTION gen_tid62_prefixed(prefix pg_catalog.text) RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
BEGIN ATOMIC
	SELECT p || '-' || @extschema@.tid62_to_text(@extschema@.gen_tid62())
	  FROM (SELECT @extschema@.idtypes_sql_tid62_check_prefix(prefix) AS p) c;
END;
COMMENT ON FUNCTION gen_tid62_prefixed(pg_catalog.text) IS 'new prefixed id: the prefix, a dash and a new tid62';

-- The tid62 is the last 17 characters, and the prefix what comes before
-- the dash in front of them (NULL for a bare tid62); else 22P02.
CREATE FUNCTION tid62_split(prefixed pg_catalog.text, OUT prefix pg_catalog.text, OUT id pg_catalog.bytea)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT CASE WHEN ok THEN NULLIF(pg_catalog.substr(prefixed, 1, GREATEST(len - 18, 0)), '') END,
		   CASE WHEN ok THEN @extschema@.tid62_from_text(pg_catalog.substr(prefixed, len - 16))
				ELSE @extschema@.idtypes_sql_error('22P02', 'invalid input syntax for a prefixed tid62: "' || prefixed || '"',
					'A prefixed tid62 is a prefix (letters, digits and underscores, in segments separated by single dashes), a dash and a tid62 of 17 base62 digits.',
					NULL::pg_catalog.bytea) END
	  FROM (SELECT len,
				   (len = 17 OR prefixed COLLATE pg_catalog."C" ~ '^[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*-[0-9A-Za-z]{17}$')
				   AND pg_catalog.substr(prefixed, len - 16) COLLATE pg_catalog."C" ~ '^[0-9A-Za-z]{17}$'
				   AND @extschema@.idtypes_sql_tid62_number_of_text(pg_catalog.substr(prefixed, len - 16))
					   < 79228162514264337593543950336::pg_catalog.numeric AS ok
			  FROM (SELECT pg_catalog.length(prefixed) AS len) l) s;
END;
COMMENT ON FUNCTION tid62_split(pg_catalog.text) IS 'the prefix (NULL if none) and the tid62 of a prefixed id';
