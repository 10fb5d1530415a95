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
RETURN (id >> 22 & @uid8.tick_max@::pg_catalog.int8) * (id >> 12 & 1::pg_catalog.int8)
	+ @internal@.idtypes_sql_bitreverse64(id & -4194304::pg_catalog.int8) * (1 - (id >> 12 & 1::pg_catalog.int8));
COMMENT ON FUNCTION idtypes_sql_uid8_ms(pg_catalog.int8) IS 'internal: the milliseconds of a uid8';

CREATE FUNCTION uid8_timestamp(id pg_catalog.int8) RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_ts(@internal@.idtypes_sql_uid8_ms(id) * 1000);
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
RETURN ((ms << 22 | 4096::pg_catalog.int8) * time_sequential + @internal@.idtypes_sql_bitreverse64(ms) * (1 - time_sequential))
	| (seq << 16) | ((generator >> 8 & 7::pg_catalog.int8) << 13) | ((generator & 255::pg_catalog.int8) << 4) | cluster;
COMMENT ON FUNCTION idtypes_sql_uid8(pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8, pg_catalog.int8) IS
	'internal: the uid8 of its milliseconds, sequence, generator, cluster and mode (1: time_sequential, 0: spread)';

CREATE FUNCTION uid8_from_parts(ts pg_catalog.timestamptz, seq pg_catalog.int4, generator pg_catalog.int4,
								cluster pg_catalog.int4, mode pg_catalog.text DEFAULT 'time_sequential') RETURNS pg_catalog.int8
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	ms int8 := @internal@.idtypes_sql_tick(ts, '@uid8.label@',
		'@uid8.range@', @uid8.epoch_us@, @uid8.tick_us@, @uid8.tick_max@, false);
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
		WHEN 'time_sequential' THEN RETURN @internal@.idtypes_sql_uid8(ms, seq, generator, cluster, 1);
		WHEN 'spread' THEN RETURN @internal@.idtypes_sql_uid8(ms, seq, generator, cluster, 0);
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
RETURN (@internal@.idtypes_sql_tick(ts, '@uid8.label@', '@uid8.range@', @uid8.epoch_us@, @uid8.tick_us@, @uid8.tick_max@, true) << 22) | 4096::pg_catalog.int8;
COMMENT ON FUNCTION uid8_floor(pg_catalog.timestamptz) IS 'smallest time_sequential uid8 whose time is the given one or later';

CREATE FUNCTION uid8_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (@internal@.idtypes_sql_tick(ts, '@uid8.label@', '@uid8.range@', @uid8.epoch_us@, @uid8.tick_us@, @uid8.tick_max@, false) << 22) | 4194303::pg_catalog.int8;
COMMENT ON FUNCTION uid8_ceil(pg_catalog.timestamptz) IS 'largest time_sequential uid8 whose time is the given one or earlier';

CREATE FUNCTION uid8_date_bin(stride pg_catalog.interval, id pg_catalog.int8, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_date_bin(stride, @internal@.uid8_timestamp(id), origin);
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
	IF last IS NULL OR now_word >> @uid8.counter_bits@ > last >> @uid8.counter_bits@ THEN
		RETURN now_word;
	ELSIF (last & 2047) + 1 < (SELECT s.uid8_generator_count FROM @internal@.idtypes_sql_settings s) THEN
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
RETURN (@internal@.idtypes_sql_uid8_ms(id) << @uid8.counter_bits@) | ((id >> 16 & 63::pg_catalog.int8) << 11) | 2047::pg_catalog.int8;
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
	w int8 := @internal@.idtypes_sql_uid8_clock_next();
	s @internal@.idtypes_node_identity;
BEGIN
	IF w >> @uid8.counter_bits@ > @uid8.tick_max@ THEN
		RAISE EXCEPTION 'uid8 timestamp out of range' USING ERRCODE = '22008',
			DETAIL = 'A uid8 holds times up to 2109-05-15 07:35:11.103+00.';
	END IF;
	SELECT * INTO s FROM @internal@.idtypes_node_identity;
	RETURN @internal@.idtypes_sql_uid8(w >> 17, w >> 11 & 63, lower(s.uid8_generators) + (w & 2047), s.uid8_cluster_id,
										CASE WHEN s.uid8_mode = 'time_sequential' THEN 1 ELSE 0 END);
END
$fn$;
COMMENT ON FUNCTION gen_uid8() IS
	'new uid8 (as bigint): the current millisecond, the next sequence, this node''s generator and cluster ids and mode';
