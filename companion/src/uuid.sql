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

-- The RFC 9562 variant (0b10 in the top bits of the second half), and the
-- version.
CREATE FUNCTION idtypes_sql_rfc_variant(id pg_catalog.uuid) RETURNS pg_catalog.bool
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (@extschema@.idtypes_sql_lo(id) >> 62 & 3::pg_catalog.int8) = 2;
COMMENT ON FUNCTION idtypes_sql_rfc_variant(pg_catalog.uuid) IS 'internal: whether a uuid is of the RFC 9562 variant';

CREATE FUNCTION uuidv_version(id pg_catalog.uuid) RETURNS pg_catalog.int2
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN CASE WHEN @extschema@.idtypes_sql_rfc_variant(id)
			THEN (@extschema@.idtypes_sql_hi(id) >> 12 & 15::pg_catalog.int8)::pg_catalog.int2 END;
COMMENT ON FUNCTION uuidv_version(pg_catalog.uuid) IS 'version of a UUID (NULL unless of the RFC 9562 variant)';

-- The microseconds since the Unix epoch of a 100 ns tick since 1582-10-15
-- (truncated), and of a 16 ns tick since 1970.
CREATE FUNCTION idtypes_sql_gregorian_us(tick pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN tick / 10 - 12219292800000000::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_gregorian_us(pg_catalog.int8) IS
	'internal: microseconds since 1970 of a count of 100 ns since 1582-10-15';

CREATE FUNCTION uuidv_timestamp(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN CASE WHEN @extschema@.idtypes_sql_rfc_variant(id) THEN
		CASE @extschema@.idtypes_sql_hi(id) >> 12 & 15::pg_catalog.int8
			WHEN 1 THEN @extschema@.idtypes_sql_ts(@extschema@.idtypes_sql_gregorian_us(
				@extschema@.idtypes_sql_v1_hi_tick(@extschema@.idtypes_sql_hi(id))))
			WHEN 6 THEN @extschema@.idtypes_sql_ts(@extschema@.idtypes_sql_gregorian_us(
				@extschema@.idtypes_sql_time_hi_tick(@extschema@.idtypes_sql_hi(id))))
			WHEN 7 THEN @extschema@.idtypes_sql_ts((@extschema@.idtypes_sql_hi(id) >> 16 & 281474976710655::pg_catalog.int8) * 1000)
		END
	END;
COMMENT ON FUNCTION uuidv_timestamp(pg_catalog.uuid) IS
	'timestamp of a version 1, 6 or 7 UUID, to the microsecond (NULL for other versions)';

CREATE FUNCTION uuidv8_timestamp(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
RETURN CASE WHEN @extschema@.idtypes_sql_rfc_variant(id) AND (@extschema@.idtypes_sql_hi(id) >> 12 & 15::pg_catalog.int8) = 8
			THEN (SELECT @extschema@.idtypes_sql_ts(tick / 125 * 2 + tick % 125 * 2 / 125)
					FROM (SELECT @extschema@.idtypes_sql_time_hi_tick(@extschema@.idtypes_sql_hi(id)) AS tick) t) END;
COMMENT ON FUNCTION uuidv8_timestamp(pg_catalog.uuid) IS
	'timestamp of a UUIDv8 made by uuidv8_next(), to the microsecond (NULL for other versions)';

CREATE FUNCTION uuidv8_from_bytes(bytes pg_catalog.bytea) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN pg_catalog.octet_length(bytes) = 16
			THEN @extschema@.idtypes_sql_uuid(
				(@extschema@.idtypes_sql_hex_int8(pg_catalog.encode(pg_catalog.substr(bytes, 1, 8), 'hex')) & -61441::pg_catalog.int8)
					| 32768::pg_catalog.int8,
				(@extschema@.idtypes_sql_hex_int8(pg_catalog.encode(pg_catalog.substr(bytes, 9, 8), 'hex')) & 4611686018427387903::pg_catalog.int8)
					| (-9223372036854775808))
			ELSE @extschema@.idtypes_sql_error('22P03', 'invalid length for a UUIDv8: '
				|| pg_catalog.octet_length(bytes)::pg_catalog.text || ' bytes, expected 16', '', NULL::pg_catalog.uuid) END;
COMMENT ON FUNCTION uuidv8_from_bytes(pg_catalog.bytea) IS
	'UUIDv8 of 16 bytes: version and variant bits set, the other 122 bits kept';

---------------------------------------------------------------------------
-- the smallest and largest UUID of an instant
---------------------------------------------------------------------------

-- The microseconds from a version's epoch (epoch_us since 1970) to t, with
-- C's range rule (uuid_usec_since_epoch()): 22008 outside [epoch, last_us].
CREATE FUNCTION idtypes_sql_uuid_usec(t pg_catalog.timestamptz, label pg_catalog.text, epoch_us pg_catalog.int8,
									  last_us pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT CASE WHEN us IS NOT NULL AND us >= 0 AND us <= last_us THEN us
			ELSE @extschema@.idtypes_sql_error('22008', 'timestamp out of range for ' || label,
				'A ' || label || ' holds times from '
				|| pg_catalog.timezone('UTC', @extschema@.idtypes_sql_ts(epoch_us))::pg_catalog.text || '+00 to '
				|| pg_catalog.timezone('UTC', @extschema@.idtypes_sql_ts(epoch_us + last_us))::pg_catalog.text || '+00.',
				NULL::pg_catalog.int8) END
	  FROM (SELECT CASE WHEN pg_catalog.isfinite(t) THEN @extschema@.idtypes_sql_us(t) - epoch_us END AS us) u;
END;
COMMENT ON FUNCTION idtypes_sql_uuid_usec(pg_catalog.timestamptz, pg_catalog.text, pg_catalog.int8, pg_catalog.int8) IS
	'internal: microseconds from a UUID version''s epoch to a timestamp in its range (22008 outside it)';

-- The tick that holds a microsecond of a version's ticks (num per den
-- microseconds), or with round_up the first tick that starts at or after
-- it: C's idscheme_tick_at_usec().
CREATE FUNCTION idtypes_sql_tick_at_usec(usec pg_catalog.int8, num pg_catalog.int8, den pg_catalog.int8,
										 round_up pg_catalog.bool) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN usec / den * num + (usec % den * num + CASE WHEN round_up THEN den - 1 ELSE 0 END) / den;
COMMENT ON FUNCTION idtypes_sql_tick_at_usec(pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.bool) IS
	'internal: the tick of a microsecond, or the first tick at or after it';

-- The floor of a version: the tick of the smallest UUID whose timestamp is
-- t or later (22008 when no UUID of the version is that late); the ceiling:
-- of the largest whose timestamp is t or earlier.  Ticks are units of the
-- timestamp (num per den microseconds), shifted left by counter_bits.
CREATE FUNCTION idtypes_sql_uuid_floor(t pg_catalog.timestamptz, version pg_catalog.int8, label pg_catalog.text,
									   epoch_us pg_catalog.int8, last_us pg_catalog.int8, num pg_catalog.int8,
									   den pg_catalog.int8, counter_bits pg_catalog.int4) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT CASE WHEN unit > 1152921504606846975::pg_catalog.int8 >> counter_bits THEN
				@extschema@.idtypes_sql_error('22008', 'timestamp out of range for ' || label,
					'No ' || label || ' has a timestamp at or after '
					|| pg_catalog.timezone('UTC', t)::pg_catalog.text || '+00.', NULL::pg_catalog.uuid)
			ELSE @extschema@.idtypes_sql_uuid(@extschema@.idtypes_sql_time_hi(unit << counter_bits, version),
											  (-9223372036854775808)) END
	  FROM (SELECT @extschema@.idtypes_sql_tick_at_usec(@extschema@.idtypes_sql_uuid_usec(t, label, epoch_us, last_us),
														num, den, true) AS unit) u;
END;
COMMENT ON FUNCTION idtypes_sql_uuid_floor(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.text, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int4) IS
	'internal: the smallest UUID of a version whose timestamp is the given one or later';

CREATE FUNCTION idtypes_sql_uuid_ceil(t pg_catalog.timestamptz, version pg_catalog.int8, label pg_catalog.text,
									  epoch_us pg_catalog.int8, last_us pg_catalog.int8, num pg_catalog.int8,
									  den pg_catalog.int8, counter_bits pg_catalog.int4) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid(@extschema@.idtypes_sql_time_hi(
		LEAST((@extschema@.idtypes_sql_tick_at_usec(@extschema@.idtypes_sql_uuid_usec(t, label, epoch_us, last_us) + 1,
													num, den, true) << counter_bits) - 1,
			  1152921504606846975::pg_catalog.int8), version),
	-4611686018427387905::pg_catalog.int8);
COMMENT ON FUNCTION idtypes_sql_uuid_ceil(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.text, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int4) IS
	'internal: the largest UUID of a version whose timestamp is the given one or earlier';

-- Each version: its epoch (microseconds since 1970), its last microsecond
-- (from its epoch), its ticks per microsecond (num / den) and the bits of
-- its tick below the timestamp's unit.
CREATE FUNCTION uuidv6_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid_floor($1, 6, 'UUIDv6', -12219292800000000, 115292150460684697, 10, 1, 0);
COMMENT ON FUNCTION uuidv6_floor(pg_catalog.timestamptz) IS 'smallest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv6_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid_ceil($1, 6, 'UUIDv6', -12219292800000000, 115292150460684697, 10, 1, 0);
COMMENT ON FUNCTION uuidv6_ceil(pg_catalog.timestamptz) IS 'largest UUIDv6 of a microsecond';
CREATE FUNCTION uuidv7_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid_floor($1, 7, 'UUIDv7', 0, 281474976710655999, 1, 1000, 12);
COMMENT ON FUNCTION uuidv7_floor(pg_catalog.timestamptz) IS
	'smallest UUIDv7 whose timestamp is the given time or later (the first of its millisecond, or of the next)';
CREATE FUNCTION uuidv7_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid_ceil($1, 7, 'UUIDv7', 0, 281474976710655999, 1, 1000, 12);
COMMENT ON FUNCTION uuidv7_ceil(pg_catalog.timestamptz) IS
	'largest UUIDv7 whose timestamp is the given time or earlier (the last of its millisecond)';
CREATE FUNCTION uuidv8_floor(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid_floor($1, 8, 'UUIDv8', 0, 18446744073709551, 125, 2, 0);
COMMENT ON FUNCTION uuidv8_floor(pg_catalog.timestamptz) IS 'smallest uuidv8_next() UUID of a microsecond';
CREATE FUNCTION uuidv8_ceil(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid_ceil($1, 8, 'UUIDv8', 0, 18446744073709551, 125, 2, 0);
COMMENT ON FUNCTION uuidv8_ceil(pg_catalog.timestamptz) IS 'largest uuidv8_next() UUID of a microsecond';

CREATE FUNCTION uuidv_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_date_bin(stride, @extschema@.uuidv_timestamp(id), origin);
COMMENT ON FUNCTION uuidv_date_bin(pg_catalog.interval, pg_catalog.uuid, pg_catalog.timestamptz) IS
	'start of the stride-wide time bin, aligned on origin, that holds the timestamp of a version 1, 6 or 7 UUID (NULL for other versions) (like date_bin)';

---------------------------------------------------------------------------
-- v1 <-> v6
---------------------------------------------------------------------------

-- 22023 unless a uuid is an RFC 9562 UUID of a version.
CREATE FUNCTION idtypes_sql_check_version(id pg_catalog.uuid, version pg_catalog.int4) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN @extschema@.uuidv_version(id) = version THEN id
			ELSE @extschema@.idtypes_sql_error('22023', '"' || id::pg_catalog.text || '" is not a version '
				|| version::pg_catalog.text || ' UUID',
				CASE WHEN @extschema@.idtypes_sql_rfc_variant(id)
					 THEN 'Its version is ' || @extschema@.uuidv_version(id)::pg_catalog.text || '.'
					 ELSE 'It is not of the RFC 9562 variant, so it has no version.' END, NULL::pg_catalog.uuid) END;
COMMENT ON FUNCTION idtypes_sql_check_version(pg_catalog.uuid, pg_catalog.int4) IS
	'internal: the uuid if it is of the version, else 22023';

CREATE FUNCTION uuidv1_to_uuidv6(id pg_catalog.uuid) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid(@extschema@.idtypes_sql_time_hi(@extschema@.idtypes_sql_v1_hi_tick(
		@extschema@.idtypes_sql_hi(@extschema@.idtypes_sql_check_version(id, 1))), 6),
	@extschema@.idtypes_sql_lo(id));
COMMENT ON FUNCTION uuidv1_to_uuidv6(pg_catalog.uuid) IS 'UUIDv6 of a UUIDv1: same timestamp, clock sequence and node';

CREATE FUNCTION uuidv6_to_uuidv1(id pg_catalog.uuid) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.idtypes_sql_uuid(@extschema@.idtypes_sql_v1_hi(@extschema@.idtypes_sql_time_hi_tick(
		@extschema@.idtypes_sql_hi(@extschema@.idtypes_sql_check_version(id, 6)))),
	@extschema@.idtypes_sql_lo(id));
COMMENT ON FUNCTION uuidv6_to_uuidv1(pg_catalog.uuid) IS 'UUIDv1 of a UUIDv6: same timestamp, clock sequence and node';

---------------------------------------------------------------------------
-- UUID generation
---------------------------------------------------------------------------

-- A UUID of a tick and a version with 62 random bits after the variant: the
-- tick's 15 hexadecimal digits with the version's inserted after the
-- twelfth, and the last 18 characters of a random (v4) uuid's text, whose
-- variant is the same.  The tick is used once, so that a volatile one can
-- be passed and the function inlined.
CREATE FUNCTION idtypes_sql_uuid_of_tick(tick pg_catalog.int8, version pg_catalog.text) RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL SAFE
RETURN (overlay(pg_catalog.lpad(pg_catalog.to_hex(tick), 15, '0') PLACING version FROM 13 FOR 0)
		|| pg_catalog.substr(pg_catalog.gen_random_uuid()::pg_catalog.text, 19))::pg_catalog.uuid;
COMMENT ON FUNCTION idtypes_sql_uuid_of_tick(pg_catalog.int8, pg_catalog.text) IS
	'internal: a UUID of a 60-bit tick and a version, with 62 random bits';

-- The next tick of a version: the database's clock in the sequence mode,
-- else the session's; floor is now's tick.
CREATE FUNCTION idtypes_sql_uuid_next(scheme pg_catalog.text, floor pg_catalog.int8) RETURNS pg_catalog.int8
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN CASE WHEN @extschema@.idtypes_sql_clock_mode() = 'sequence' THEN @extschema@.idtypes_sql_clock_next(scheme)
			ELSE @extschema@.idtypes_sql_session_next('idtypes_sql.' || scheme, floor) END;
COMMENT ON FUNCTION idtypes_sql_uuid_next(pg_catalog.text, pg_catalog.int8) IS
	'internal: the next tick of a UUID version''s clock (the database''s or the session''s)';

CREATE FUNCTION uuidv6_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN @extschema@.idtypes_sql_uuid_of_tick(@extschema@.idtypes_sql_uuid_next('uuidv6',
	pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 10000000::pg_catalog.float8)::pg_catalog.int8
	+ 122192928000000000::pg_catalog.int8), '6');
COMMENT ON FUNCTION uuidv6_next() IS
	'new UUIDv6 (RFC 9562): 100-ns Gregorian timestamp, strictly increasing, random clock sequence and node';

CREATE FUNCTION uuidv7_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN @extschema@.idtypes_sql_uuid_of_tick(@extschema@.idtypes_sql_uuid_next('uuidv7',
	GREATEST(pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 4096000::pg_catalog.float8)::pg_catalog.int8, 0)), '7');
COMMENT ON FUNCTION uuidv7_next() IS
	'new UUIDv7 (RFC 9562, 12-bit sub-millisecond fraction as in PostgreSQL 18): strictly increasing, 62 random bits';

-- PostgreSQL 18's uuidv7(shift): the next tick with its time moved by the
-- interval as timestamptz + interval moves a time, the fraction by the
-- difference's part of a millisecond (C's uuidv7_next(interval)).
CREATE FUNCTION uuidv7_next(shift pg_catalog.interval) RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
BEGIN ATOMIC
	SELECT CASE WHEN ms > 281474976710655 THEN
				@extschema@.idtypes_sql_error('22008', 'UUIDv7 timestamp out of range', '', NULL::pg_catalog.uuid)
			ELSE @extschema@.idtypes_sql_uuid_of_tick((ms << 12) | fraction, '7') END
	  FROM (SELECT (tick >> 12) + (delta - (delta % 1000 + 1000) % 1000) / 1000 + (f >> 12) AS ms,
				   f & 4095::pg_catalog.int8 AS fraction
			  FROM (SELECT tick, delta, (tick & 4095::pg_catalog.int8) + (delta % 1000 + 1000) % 1000 * 4096 / 1000 AS f
					  FROM (SELECT tick,
								   @extschema@.idtypes_sql_uuid_usec(start + shift, 'UUIDv7', 0, 281474976710655999)
								   - (tick >> 12) * 1000 AS delta
							  FROM (SELECT tick, @extschema@.idtypes_sql_ts((tick >> 12) * 1000) AS start
									  FROM (SELECT @extschema@.idtypes_sql_uuid_next('uuidv7',
												GREATEST(pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
													* 4096000::pg_catalog.float8)::pg_catalog.int8, 0)) AS tick) n) s) d) f) m;
END;
COMMENT ON FUNCTION uuidv7_next(pg_catalog.interval) IS
	'new UUIDv7 as uuidv7_next(), its time shifted by the interval (as PostgreSQL 18''s uuidv7(shift))';

-- A v7 of a given time, for backfilling: no clock is read or moved.
CREATE FUNCTION uuidv7_at(pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT @extschema@.idtypes_sql_uuid_of_tick(((us / 1000) << 12) + us % 1000 * 4096 / 1000, '7')
	  FROM (SELECT @extschema@.idtypes_sql_uuid_usec($1, 'UUIDv7', 0, 281474976710655999) AS us) u;
END;
COMMENT ON FUNCTION uuidv7_at(pg_catalog.timestamptz) IS
	'UUIDv7 of a given time (backfill): that microsecond and 62 random bits';

-- The draft-02 v8: clock sequence 0 (the clock never gives a tick twice,
-- so the sequence has nothing to count), a random 54-bit node, never 0.
CREATE FUNCTION uuidv8_next() RETURNS pg_catalog.uuid
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN (overlay(pg_catalog.lpad(pg_catalog.to_hex(@extschema@.idtypes_sql_uuid_next('uuidv8',
			GREATEST(pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 62500000::pg_catalog.float8)::pg_catalog.int8, 0))),
		15, '0') PLACING '8' FROM 13 FOR 0)
	|| pg_catalog.lpad(pg_catalog.to_hex((-9223372036854775808)
		| GREATEST(@extschema@.idtypes_sql_lo(pg_catalog.gen_random_uuid()) & 18014398509481983::pg_catalog.int8, 1)), 16, '0'))::pg_catalog.uuid;
COMMENT ON FUNCTION uuidv8_next() IS
	'new UUIDv8 (draft-02 recipe): 60 most significant bits of the Unix nanosecond time, strictly increasing, clock sequence 0, 54-bit random node';
