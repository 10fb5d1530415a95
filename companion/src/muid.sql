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
RETURN @internal@.idtypes_sql_ts(@internal@.idtypes_sql_hi(id) >> (64 - @muid.tick_bits@) & @muid.tick_max@::pg_catalog.int8);
COMMENT ON FUNCTION muid_timestamp(pg_catalog.uuid) IS 'timestamp of a muid, to the microsecond';

CREATE FUNCTION muid_medallion(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (@internal@.idtypes_sql_hi(id) & 255::pg_catalog.int8) << 44
	| (@internal@.idtypes_sql_lo(id) >> 20 & 17592186044415::pg_catalog.int8);
COMMENT ON FUNCTION muid_medallion(pg_catalog.uuid) IS 'medallion (node id) of a muid';

CREATE FUNCTION muid_offset(id pg_catalog.uuid) RETURNS pg_catalog.int4
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (@internal@.idtypes_sql_lo(id) & 1048575::pg_catalog.int8)::pg_catalog.int4;
COMMENT ON FUNCTION muid_offset(pg_catalog.uuid) IS 'offset of a muid within its transaction (0 is the transaction)';

-- The uuid of a muid's three fields (no range checks).
CREATE FUNCTION idtypes_sql_muid(ts pg_catalog.int8, medallion pg_catalog.int8, "offset" pg_catalog.int8)
	RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid((ts << 8) | (medallion >> 44),
	(medallion & 17592186044415::pg_catalog.int8) << 20 | "offset");
COMMENT ON FUNCTION idtypes_sql_muid(pg_catalog.int8, pg_catalog.int8, pg_catalog.int8) IS
	'internal: the muid of a timestamp in microseconds, a medallion and an offset';

CREATE FUNCTION muid_from_parts(ts pg_catalog.timestamptz, medallion pg_catalog.int8, "offset" pg_catalog.int4)
	RETURNS pg_catalog.uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	tick int8 := @internal@.idtypes_sql_tick(ts, '@muid.label@',
		'@muid.range@', @muid.epoch_us@, @muid.tick_us@, @muid.tick_max@, false);
BEGIN
	IF medallion NOT BETWEEN 0 AND 4503599627370495 THEN
		RAISE EXCEPTION 'muid medallion % is out of range', medallion USING ERRCODE = '22003',
			DETAIL = 'A medallion is from 0 to 4503599627370495.';
	END IF;
	IF "offset" NOT BETWEEN 0 AND 1048575 THEN
		RAISE EXCEPTION 'muid offset % is out of range', "offset" USING ERRCODE = '22003',
			DETAIL = 'An offset is from 0 to 1048575.';
	END IF;
	RETURN @internal@.idtypes_sql_muid(tick, medallion, "offset");
END
$fn$;
COMMENT ON FUNCTION muid_from_parts(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.int4) IS
	'muid (as uuid) of a timestamp, medallion (0 to 2^52-1) and offset (0 to 1048575)';

CREATE FUNCTION muid_floor(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid(@internal@.idtypes_sql_tick(ts, '@muid.label@', '@muid.range@', @muid.epoch_us@, @muid.tick_us@, @muid.tick_max@, true) << 8, 0);
COMMENT ON FUNCTION muid_floor(pg_catalog.timestamptz) IS 'smallest muid of a microsecond (medallion and offset 0)';

CREATE FUNCTION muid_ceil(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_uuid(@internal@.idtypes_sql_tick(ts, '@muid.label@', '@muid.range@', @muid.epoch_us@, @muid.tick_us@, @muid.tick_max@, false) << 8 | 255::pg_catalog.int8, -1);
COMMENT ON FUNCTION muid_ceil(pg_catalog.timestamptz) IS 'largest muid of a microsecond';

CREATE FUNCTION muid_date_bin(stride pg_catalog.interval, id pg_catalog.uuid, origin pg_catalog.timestamptz)
	RETURNS pg_catalog.timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_date_bin(stride, @internal@.muid_timestamp(id), origin);
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
RETURN @internal@.idtypes_sql_clock_step(last, now_word);
COMMENT ON FUNCTION idtypes_sql_muid_step(pg_catalog.int8, pg_catalog.int8) IS 'internal: the next word of the muid clock';
CREATE FUNCTION idtypes_sql_muid_id_word(id pg_catalog.uuid) RETURNS pg_catalog.int8
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @internal@.idtypes_sql_hi(id) >> (64 - @muid.tick_bits@) & @muid.tick_max@::pg_catalog.int8;
COMMENT ON FUNCTION idtypes_sql_muid_id_word(pg_catalog.uuid) IS 'internal: the muid clock''s word of a muid';

-- The transaction's muid begun: its timestamp and medallion, offset 0.
CREATE FUNCTION idtypes_sql_muid_begin() RETURNS pg_catalog.text
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
	ts int8 := @internal@.idtypes_sql_muid_clock_next();
	medallion int8;
	ignored text;
BEGIN
	IF ts > @muid.tick_max@ THEN
		RAISE EXCEPTION 'muid timestamp out of range' USING ERRCODE = '22008';
	END IF;
	SELECT s.medallion INTO medallion FROM @internal@.idtypes_node_identity s;
	ignored := set_config('idtypes_sql.muid_offset', '0', true);
	ignored := set_config('idtypes_sql.muid_mark', nextval('@internal@.idtypes_sql_muid_marks')::text, true);
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
			+ currval('@internal@.idtypes_sql_muid_marks') - current_setting('idtypes_sql.muid_mark')::int8;
		IF off >= 1048575 THEN
			muid := NULL;
		END IF;
	END IF;
	IF muid IS NULL THEN
		muid := @internal@.idtypes_sql_muid_begin();
		off := 0;
	END IF;
	PERFORM set_config('idtypes_sql.muid_offset', (off + 1)::text, true),
		set_config('idtypes_sql.muid_mark', nextval('@internal@.idtypes_sql_muid_marks')::text, true);
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
					<> pg_catalog.currval('@internal@.idtypes_sql_muid_marks')
			THEN @internal@.idtypes_sql_muid_next()
			WHEN pg_catalog.current_setting('idtypes_sql.muid_offset', true)::pg_catalog.int4 >= 1048575
			THEN @internal@.idtypes_sql_error('54000', 'too many muids in one transaction',
				'A transaction can generate at most 1048575 muids: the offset has 20 bits.', NULL::pg_catalog.uuid,
				pg_catalog.current_setting('idtypes_sql.muid_offset', true) IS NULL)
			ELSE (pg_catalog.current_setting('idtypes_sql.muid', true)
				  || pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.set_config('idtypes_sql.muid_offset',
						(pg_catalog.current_setting('idtypes_sql.muid_offset', true)::pg_catalog.int4 + 1)::pg_catalog.text,
						true)::pg_catalog.int4), 5, '0')
				  || pg_catalog.left(pg_catalog.set_config('idtypes_sql.muid_mark',
						pg_catalog.nextval('@internal@.idtypes_sql_muid_marks')::pg_catalog.text, true), 0)
				 )::pg_catalog.uuid END;
COMMENT ON FUNCTION gen_muid() IS
	'new muid (as uuid): this transaction''s timestamp and this node''s medallion, with the next offset (1, 2, 3, ...)';

CREATE FUNCTION muid_transaction() RETURNS pg_catalog.uuid
	LANGUAGE sql STABLE PARALLEL UNSAFE
RETURN (COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.muid', true), ''), @internal@.idtypes_sql_muid_begin())
		|| '00000')::pg_catalog.uuid;
COMMENT ON FUNCTION muid_transaction() IS 'the muid (as uuid) of the current transaction itself (offset 0)';
