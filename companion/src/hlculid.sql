-- companion/src/hlculid.sql: HLC-ULID on core uuid, bit for bit the C
-- extension's hlculid (src/hlculid.c): ts:48 ms | counter:16 |
-- publisher:16 | entropy:48, big-endian; text is the ULID's Crockford
-- base32.

---------------------------------------------------------------------------
-- hlculid text
---------------------------------------------------------------------------

-- The 26 Crockford base32 digits of the 16 bytes read as one number, with
-- two zero bits in front (the first digit is at most 7): five bits each,
-- from a bit string.
CREATE FUNCTION hlculid_to_text(id pg_catalog.uuid) RETURNS pg_catalog.text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT pg_catalog.string_agg(pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ',
			pg_catalog."substring"(b, 5 * i + 1, 5)::pg_catalog.bit(5)::pg_catalog.int4 + 1, 1), '' ORDER BY i)
	  FROM (SELECT B'00'::pg_catalog.varbit || ('x' || pg_catalog.translate(id::pg_catalog.text, '-', ''))::pg_catalog.bit(128)::pg_catalog.varbit AS b) s,
		   pg_catalog.generate_series(0, 25) i;
END;
COMMENT ON FUNCTION hlculid_to_text(pg_catalog.uuid) IS 'hlculid text of a uuid: 26 Crockford base32 digits (ULID)';

-- hlculid's input: 26 Crockford base32 digits in either case (I and L read
-- as 1, O as 0, U refused, the first at most 7), 32 hexadecimal digits, or
-- the dashed hex TTTTTTTTTTTT-CCCC-PPPP-RRRRRRRRRRRR; else 22P02.
CREATE FUNCTION hlculid_from_text(str pg_catalog.text) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT CASE
		WHEN str COLLATE pg_catalog."C" ~ '^([0-9A-Fa-f]{32}|[0-9A-Fa-f]{12}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$' THEN
			pg_catalog.translate(str, '-', '')::pg_catalog.uuid
		WHEN str COLLATE pg_catalog."C" ~ '^[0-7IiLlOo][0-9A-TV-Za-tv-z]{25}$' THEN
			(SELECT @extschema@.idtypes_sql_uuid(pg_catalog."substring"(b, 3, 64)::pg_catalog.int8,
												 pg_catalog."substring"(b, 67, 64)::pg_catalog.int8)
			   FROM (SELECT pg_catalog.string_agg(
						(pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ',
							pg_catalog.substr(d, i, 1)) - 1)::pg_catalog.bit(5)::pg_catalog.text, '' ORDER BY i)::pg_catalog.bit(130) AS b
					   FROM (SELECT pg_catalog.translate(pg_catalog.upper(str COLLATE pg_catalog."C"), 'ILO', '110') AS d) u,
							pg_catalog.generate_series(1, 26) i) s)
		ELSE @extschema@.idtypes_sql_error('22P02', 'invalid input syntax for type hlculid: "' || str || '"',
			'An hlculid is 26 Crockford base32 digits (the first at most 7), 32 hexadecimal digits, or 12, 4, 4 and 12 hexadecimal digits separated by dashes.',
			NULL::pg_catalog.uuid) END;
END;
COMMENT ON FUNCTION hlculid_from_text(pg_catalog.text) IS
	'uuid of an hlculid text: 26 Crockford base32 digits, 32 hexadecimal digits, or the dashed hex';

---------------------------------------------------------------------------
-- hlculid extraction and construction
---------------------------------------------------------------------------

CREATE FUNCTION hlculid_timestamp(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN @extschema@.idtypes_sql_ts((@extschema@.idtypes_sql_hi(id) >> 16 & 281474976710655::pg_catalog.int8) * 1000);
COMMENT ON FUNCTION hlculid_timestamp(pg_catalog.uuid) IS 'timestamp of an hlculid, to the millisecond';

CREATE FUNCTION hlculid_counter(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN (@extschema@.idtypes_sql_hi(id) & 65535::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION hlculid_counter(pg_catalog.uuid) IS 'logical counter of an hlculid (0 to 65535)';

CREATE FUNCTION hlculid_publisher(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN (@extschema@.idtypes_sql_lo(id) >> 48 & 65535::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION hlculid_publisher(pg_catalog.uuid) IS 'publisher (node id) of an hlculid (0 to 65535)';

CREATE FUNCTION hlculid_entropy(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN @extschema@.idtypes_sql_lo(id) & 281474976710655::pg_catalog.int8;
COMMENT ON FUNCTION hlculid_entropy(pg_catalog.uuid) IS 'the 48 random bits of an hlculid';

CREATE FUNCTION hlculid_from_parts(ts pg_catalog.timestamptz, counter pg_catalog.int4, publisher pg_catalog.int4,
								   entropy pg_catalog.int8) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT CASE
		WHEN tick IS NULL THEN NULL::pg_catalog.uuid
		WHEN counter < 0 OR counter > 65535 THEN
			@extschema@.idtypes_sql_error('22003', 'hlculid counter ' || counter::pg_catalog.text || ' is out of range',
				'A counter is from 0 to 65535.', NULL::pg_catalog.uuid)
		WHEN publisher < 0 OR publisher > 65535 THEN
			@extschema@.idtypes_sql_error('22003', 'hlculid publisher ' || publisher::pg_catalog.text || ' is out of range',
				'A publisher is from 0 to 65535.', NULL::pg_catalog.uuid)
		WHEN entropy < 0 OR entropy > 281474976710655 THEN
			@extschema@.idtypes_sql_error('22003', 'hlculid entropy ' || entropy::pg_catalog.text || ' is out of range',
				'The entropy is from 0 to 281474976710655.', NULL::pg_catalog.uuid)
		ELSE @extschema@.idtypes_sql_uuid((tick << 16) | counter::pg_catalog.int8,
										  (publisher::pg_catalog.int8 << 48) | entropy) END
	  FROM (SELECT @extschema@.idtypes_sql_tick(ts, 'hlculid', 0, 1000, 281474976710655, false) AS tick) t;
END;
COMMENT ON FUNCTION hlculid_from_parts(pg_catalog.timestamptz, pg_catalog.int4, pg_catalog.int4, pg_catalog.int8) IS
	'hlculid (as uuid) of a timestamp (truncated to the millisecond), counter (0 to 65535), publisher (0 to 65535) and entropy (0 to 2^48-1)';

CREATE FUNCTION hlculid_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid(@extschema@.idtypes_sql_tick(ts, 'hlculid', 0, 1000, 281474976710655, true) << 16, 0);
COMMENT ON FUNCTION hlculid_floor(pg_catalog.timestamptz) IS
	'smallest hlculid whose time is the given one or later (the first of its millisecond, or of the next)';

CREATE FUNCTION hlculid_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid((@extschema@.idtypes_sql_tick(ts, 'hlculid', 0, 1000, 281474976710655, false) << 16)
	| 65535::pg_catalog.int8, -1);
COMMENT ON FUNCTION hlculid_ceil(pg_catalog.timestamptz) IS
	'largest hlculid whose time is the given one or earlier (the last of its millisecond)';

CREATE FUNCTION hlculid_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_date_bin(stride, @extschema@.hlculid_timestamp(id), origin);
COMMENT ON FUNCTION hlculid_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of an hlculid (like date_bin)';

---------------------------------------------------------------------------
-- hlculid generation
---------------------------------------------------------------------------

-- The hybrid logical clock's word is ms << 16 | counter, the first 8
-- bytes: the next word is the larger of now's and the last + 1, so the
-- counter counts within a millisecond and when the clock goes back, and
-- its overflow carries into the millisecond.  In a session's clock a new
-- millisecond's counter starts at a random value below 2^15, as the C
-- extension's per-backend clocks do, so that two sessions rarely issue the
-- same (millisecond, counter); the 48 random bits keep apart those that do.
CREATE FUNCTION gen_hlculid() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
BEGIN ATOMIC
	SELECT (pg_catalog.lpad(pg_catalog.to_hex(w), 16, '0') || p || pg_catalog.substr(r, 25, 12))::pg_catalog.uuid
	  FROM (SELECT CASE WHEN @extschema@.idtypes_sql_clock_mode() = 'sequence'
						THEN @extschema@.idtypes_sql_clock_next('hlculid')
						ELSE @extschema@.idtypes_sql_session_next('idtypes_sql.hlculid',
							(CASE WHEN ms > 281474976710655
								  THEN @extschema@.idtypes_sql_error('22008', 'system clock is beyond the range of type hlculid', '', NULL::pg_catalog.int8)
								  ELSE GREATEST(ms, 0) END << 16)
							| (('x' || pg_catalog.substr(r, 1, 4))::pg_catalog.bit(16)::pg_catalog.int4 & 32767)::pg_catalog.int8) END AS w,
				   COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.publisher', true), ''), @extschema@.idtypes_sql_load(true)) AS p,
				   r
			  FROM (SELECT pg_catalog.gen_random_uuid()::pg_catalog.text AS r,
						   pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000::pg_catalog.float8)::pg_catalog.int8 AS ms) g) x;
END;
COMMENT ON FUNCTION gen_hlculid() IS
	'new hlculid (as uuid): the next (millisecond, counter) of the hybrid logical clock, this node''s publisher, 48 random bits';

-- The receive rule of the hybrid logical clock: the clock (the session's,
-- or the database's in the sequence mode) is raised to the id's
-- (millisecond, counter), so that every id generated afterwards sorts after
-- it; an id more than hlculid_max_drift ahead of this server's clock is
-- refused (22008).  SECURITY DEFINER for the database's clock, whose
-- sequence only its owner may set; granted as the C extension's: not to
-- PUBLIC, the owner may grant it.
CREATE FUNCTION hlculid_observe(id pg_catalog.uuid) RETURNS pg_catalog.void
	LANGUAGE sql VOLATILE STRICT SECURITY DEFINER PARALLEL UNSAFE
BEGIN ATOMIC
	SELECT CASE
		WHEN drift IS NOT NULL AND ms - now_ms > drift THEN
			@extschema@.idtypes_sql_error('22008', 'hlculid is too far ahead of this server''s clock',
				'Its time is ' || pg_catalog.timezone('UTC', @extschema@.idtypes_sql_ts(ms * 1000))::pg_catalog.text || '+00, '
				|| (ms - now_ms)::pg_catalog.text || ' ms ahead; hlculid_max_drift allows ' || drift::pg_catalog.text || ' ms.',
				NULL::pg_catalog.int8)
		WHEN @extschema@.idtypes_sql_clock_mode() = 'sequence' THEN
			@extschema@.idtypes_sql_clock_observe(word)
		ELSE pg_catalog.set_config('idtypes_sql.hlculid',
			GREATEST(word, NULLIF(pg_catalog.current_setting('idtypes_sql.hlculid', true), '')::pg_catalog.int8)::pg_catalog.text,
			false)::pg_catalog.int8 END
	  FROM (SELECT w AS word, w >> 16 & 281474976710655::pg_catalog.int8 AS ms,
				   pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000::pg_catalog.float8)::pg_catalog.int8 AS now_ms,
				   (EXTRACT(epoch FROM s.hlculid_max_drift) * 1000::pg_catalog.numeric)::pg_catalog.int8 AS drift
			  FROM (SELECT @extschema@.idtypes_sql_hi(id) AS w) i, @extschema@.idtypes_sql_settings s) o;
END;
COMMENT ON FUNCTION hlculid_observe(pg_catalog.uuid) IS
	'merge an hlculid''s (millisecond, counter) into the hybrid logical clock, so that ids generated afterwards sort after it';
REVOKE EXECUTE ON FUNCTION hlculid_observe(pg_catalog.uuid) FROM PUBLIC;
ALTER FUNCTION hlculid_observe(pg_catalog.uuid) OWNER TO @extowner@;
