/*-------------------------------------------------------------------------
 *
 * uuid.c
 *	  UUIDv6, v7 and v8 on PostgreSQL's own uuid type: generators, timestamp
 *	  extraction, the smallest and largest UUID of an instant, and the v1/v6
 *	  conversions.
 *
 * - v7 (RFC 9562 section 5.7): 48-bit Unix milliseconds, version, a 12-bit
 *	 sub-millisecond fraction in rand_a (section 6.2, method 3), variant, 62
 *	 random bits.  Byte for byte the layout of PostgreSQL 18's uuidv7(), so a
 *	 table can move to core's generator later.
 * - v6 (RFC 9562 section 5.6): the 60-bit count of 100 ns since 1582-10-15,
 *	 most significant bits first, version, variant, then a 14-bit clock
 *	 sequence and a 48-bit node, both random for each UUID (never a MAC).
 * - v8: the recipe of draft-peabody-dispatch-new-uuid-format-02 section 4.5
 *	 ("64 bit timestamp, 8 bit sequence counter, 54 bit node"): the 60 most
 *	 significant bits of the 64-bit Unix nanosecond count (16 ns ticks), in
 *	 timestamp_32|timestamp_48|time_or_seq, version, variant, an 8-bit clock
 *	 sequence in seq_or_node, a 54-bit random node.
 *
 * The three share a shape: a 60-bit time field (called the tick count
 * below: for v7, the milliseconds and the fraction under them) with the
 * version nibble inserted at bits 48-51, then the variant and 62 bits that
 * do not take part in time.  A tick count comes from the scheme's id clock
 * (clock/clock.c), whose word is that field itself, so every UUID a server
 * generates has a timestamp of its own and sorts after every UUID generated
 * before it (across all backends with shared_preload_libraries, per backend
 * without), whatever the system clock does.
 *
 * Timestamps: a UUID's timestamp is the start of its time unit, truncated
 * to the microsecond: 100 ns for v1 and v6, 16 ns for v8, and the
 * millisecond for v7 (the sub-millisecond fraction only orders UUIDs within
 * it; see its description in scheme.h).  The floor of a timestamp t is the first UUID whose
 * timestamp is t or later and the ceiling the last whose timestamp is t or
 * earlier, so
 *	   id >= floor(t1) AND id < floor(t2)
 * holds exactly when t1 <= uuidv_timestamp(id) < t2, for every t1 and t2,
 * and is an index range scan on core's btree.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/uuid.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "clock/clock.h"
#include "codec.h"
#include "compat.h"
#include "random.h"
#include "timebin.h"
#include "uuid.h"

/*
 * The time field of one version, by its description (scheme.h): a UUID's
 * timestamp is its 60-bit tick count without the counter_bits lowest bits,
 * in units of tick_ns, which scheme.h converts like every scheme's ticks;
 * generation fills the whole field at the clock's resolution, the units
 * and the fraction of a unit below them (v7's 12 bits), which only this
 * file handles.  A unit is den / num microseconds (num / den in lowest
 * terms, so that no product below overflows).
 */
#define uuidv6_scheme	(&idschemes[IDSCHEME_UUIDV6])
#define uuidv7_scheme	(&idschemes[IDSCHEME_UUIDV7])
#define uuidv8_scheme	(&idschemes[IDSCHEME_UUIDV8])

#define NUM(tm)		idscheme_ticks_per_usec_num(tm)
#define DEN(tm)		idscheme_ticks_per_usec_den(tm)

/*
 * A UUID of two halves, hi with its version (uuid_time_hi(), uuid_v1_hi()),
 * lo with the RFC 9562 variant put in its top two bits: the one place that
 * sets them, for every UUID made here.
 */
static inline pg_uuid_t *
uuid_make(uint64 hi, uint64 lo)
{
	pg_uuid_t  *u = palloc(sizeof(pg_uuid_t));

	codec_put_be(u->data, hi, 8);
	codec_put_be(u->data + 8, UUID_VARIANT_RFC | (lo & UUID_LOW_BITS_MASK), 8);
	return u;
}

/* ---------- time ---------- */

/*
 * A timestamp unit is a tick of the scheme's table (scheme.h), whose
 * conversions from and to microseconds (idscheme_usec_of_tick(),
 * idscheme_tick_at_usec()) are every scheme's; a UUID's tick is the unit
 * shifted left by counter_bits, with the sub-unit fraction below it.
 */

/*
 * The tick that contains a point in time given as whole timestamp units
 * plus rem / per of num units: floor((units + rem * num / per) * 2^counter_bits).
 */
static inline uint64
uuid_tick_of(uint64 units, uint64 rem, uint64 per, const IdScheme *tm)
{
	return (units << tm->counter_bits) + (rem * (NUM(tm) << tm->counter_bits)) / per;
}

static TimestampTz
uuid_tick_to_timestamptz(uint64 tick, const IdScheme *tm)
{
	/* 60-bit ticks end well inside timestamptz's range (year 10889 at most) */
	return idscheme_tick_to_timestamptz(tick >> tm->counter_bits, tm);
}

/* The tick that contains t (for the v7 of a given time). */
static uint64
uuid_tick_containing(TimestampTz t, const IdScheme *tm)
{
	uint64		usec = idscheme_usec_in_range(t, tm);

	return uuid_tick_of(usec / DEN(tm) * NUM(tm), usec % DEN(tm), DEN(tm), tm);
}

/*
 * The tick of the smallest UUID whose timestamp is t or later (for a t
 * between two timestamp units, the first tick of the next unit), so that
 * "id >= floor(t)" holds exactly when uuidv_timestamp(id) >= t.
 */
static uint64
uuid_tick_floor(TimestampTz t, const IdScheme *tm)
{
	return idscheme_tick_of_timestamptz(t, tm, true) << tm->counter_bits;
}

/*
 * The tick of the largest UUID whose timestamp is t or earlier (the last
 * tick of that unit), so that "id <= ceil(t)" holds exactly when
 * uuidv_timestamp(id) <= t.  The last microsecond of a version's range may
 * be only partly covered by ticks.
 */
static uint64
uuid_tick_ceil(TimestampTz t, const IdScheme *tm)
{
	uint64		next = idscheme_tick_at_usec(idscheme_usec_in_range(t, tm) + 1, tm, true);
	uint64		last = (next << tm->counter_bits) - 1;

	return Min(last, UUID_TICK_MAX);
}

/* ---------- generation ---------- */

/*
 * A Unix time in ticks of the version's field, without overflow.  Always
 * inlined, like uuid_next_tick(), so that each generator divides by its
 * version's constants (multiplications) rather than by variables.
 */
static pg_attribute_always_inline uint64
uuid_tick_at_ns(int64 ns, const IdScheme *tm)
{
	uint64		per = 1000 * DEN(tm);	/* nanoseconds in num units */

	/* a clock before 1970 is broken; the id clock carries on from its last */
	if (ns < 0)
		ns = 0;
	return uuid_tick_of((uint64) ns / per * NUM(tm), (uint64) ns % per, per, tm) +
		((uint64) idscheme_unix_epoch_ticks(tm) << tm->counter_bits);
}

/*
 * How far a version's clock may run ahead of real time when UUIDs are asked
 * for faster than its ticks pass (more than 4096 a millisecond for v7, ten
 * million a second for v6, 62.5 million for v8, on the whole server with
 * shared_preload_libraries): beyond it, generation waits for the clock.
 * Real time here is the clock's steady time, which does not go back with the
 * system clock, so that a clock stepped back, or a restart that resumes
 * ahead of it, does not make generation wait.
 */
#define UUID_LEAD_MAX_NS	(10 * INT64CONST(1000000))

typedef struct UuidStep
{
	uint64		floor;			/* the tick of now */
	uint64		ceiling;		/* the last tick the lead allows */
} UuidStep;

/* The next tick: now, or the last + 1; 0 (wait) past the lead's bound. */
static inline uint64
uuid_step(uint64 last, void *arg)
{
	const UuidStep *s = (const UuidStep *) arg;
	uint64		next;

	if (unlikely(last >= UUID_TICK_MAX))
		return 0;
	next = Max(s->floor, last + 1);
	if (unlikely(next > s->ceiling))
		return 0;
	return next;
}

pg_noreturn static pg_noinline void
uuid_out_of_range(const IdScheme *tm)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("%s timestamp out of range", tm->label)));
}

/*
 * A tick no other generation on this server (or backend) gets.  The bound
 * on the lead is first taken from the wall clock (steady time is never
 * behind it, so a tick within now + the lead is within the bound); only a
 * clock that runs ahead of that reads the steady time.
 */
static pg_attribute_always_inline uint64
uuid_next_tick(const IdScheme *tm)
{
	/* the lead in ticks, rounded down: tick(t + lead) >= tick(t) + this */
	const uint64 lead_ticks = uuid_tick_at_ns(UUID_LEAD_MAX_NS, tm) - uuid_tick_at_ns(0, tm);

	for (;;)
	{
		int64		now = idclock_now_ns();
		UuidStep	s;
		uint64		tick;

		idclock_steady_note(tm->id, now);
		s.floor = uuid_tick_at_ns(now, tm);
		if (unlikely(s.floor > UUID_TICK_MAX))
			uuid_out_of_range(tm);
		s.ceiling = s.floor + lead_ticks;
		tick = idclock_advance(tm->id, uuid_step, &s);
		if (likely(tick != 0))
			return tick;
		s.ceiling = uuid_tick_at_ns(idclock_steady_ns(tm->id, now) + UUID_LEAD_MAX_NS, tm);
		tick = idclock_advance(tm->id, uuid_step, &s);
		if (tick != 0)
			return tick;
		if (idclock_last(tm->id) >= UUID_TICK_MAX)
			uuid_out_of_range(tm);
		/* ahead by the bound: wait for the clock to catch up */
		pg_usleep(100);
		CHECK_FOR_INTERRUPTS();
	}
}

/* 62 random bits under the variant (uuid_make() drops the top two). */
static inline uint64
uuid_random_lo(void)
{
	return idrandom_u64();
}

PG_FUNCTION_INFO_V1(idtypes_gen_uuidv6);
Datum
idtypes_gen_uuidv6(PG_FUNCTION_ARGS)
{
	uint64		tick = uuid_next_tick(uuidv6_scheme);

	/*
	 * clock_seq and node are random for each UUID (RFC 9562 section 5.6): the
	 * timestamp already never repeats, and a MAC would reveal the host.
	 */
	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(tick, uuidv6_scheme->uuid_version), uuid_random_lo()));
}

/*
 * The clock word is ms << 12 | fraction, so a v7 is the next word, its
 * 62-bit tail random: PostgreSQL 18's uuidv7() layout.  4096 words a
 * millisecond: a server that generates faster runs ahead of the wall clock
 * until it slows down (as core's does, per backend).
 */
PG_FUNCTION_INFO_V1(idtypes_gen_uuidv7);
Datum
idtypes_gen_uuidv7(PG_FUNCTION_ARGS)
{
	uint64		tick = uuid_next_tick(uuidv7_scheme);

	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(tick, uuidv7_scheme->uuid_version), uuid_random_lo()));
}

/*
 * uuidv7_next(interval): PostgreSQL 18's uuidv7(shift) on every version:
 * the next UUIDv7 of the server's clock, its time moved by the interval as
 * timestamptz + interval moves a time (months and days in the session's
 * time zone).  The clock's millisecond moves by that difference, and the
 * fraction under it by the difference's sub-millisecond part, so that the
 * UUIDs of one shift keep the order of their generation; a time outside
 * the UUIDv7 range (1970 to 10889) is 22008.
 */
PG_FUNCTION_INFO_V1(idtypes_gen_uuidv7_shifted);
Datum
idtypes_gen_uuidv7_shifted(PG_FUNCTION_ARGS)
{
	const IdScheme *tm = uuidv7_scheme;
	Interval   *shift = PG_GETARG_INTERVAL_P(0);
	uint64		tick = uuid_next_tick(tm);
	TimestampTz start = uuid_tick_to_timestamptz(tick, tm);
	TimestampTz shifted;
	int64		delta;
	uint64		ms;
	uint64		fraction;

	shifted = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
													  TimestampTzGetDatum(start),
													  IntervalPGetDatum(shift)));
	/* 22008 outside the range; then the millisecond of shifted is valid */
	(void) idscheme_usec_in_range(shifted, tm);
	delta = shifted - start;
	ms = (tick >> tm->counter_bits) + (delta - (delta % 1000 + 1000) % 1000) / 1000;
	fraction = (tick & ((UINT64CONST(1) << tm->counter_bits) - 1)) +
		(uint64) ((delta % 1000 + 1000) % 1000) * (UINT64CONST(1) << tm->counter_bits) / 1000;
	ms += fraction >> tm->counter_bits;
	fraction &= (UINT64CONST(1) << tm->counter_bits) - 1;
	/* the fraction carried past the last millisecond */
	if (ms > (UUID_TICK_MAX >> tm->counter_bits))
		uuid_out_of_range(tm);
	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(ms << tm->counter_bits | fraction, tm->uuid_version),
							   uuid_random_lo()));
}

/*
 * uuidv7_at(timestamptz): a UUIDv7 of a given time, for backfilling: its
 * millisecond and sub-millisecond fraction (so backfilled UUIDs sort by
 * their microsecond) and a random tail.  The server's clock is neither read
 * nor moved.
 */
PG_FUNCTION_INFO_V1(idtypes_gen_uuidv7_at);
Datum
idtypes_gen_uuidv7_at(PG_FUNCTION_ARGS)
{
	uint64		tick = uuid_tick_containing(PG_GETARG_TIMESTAMPTZ(0), uuidv7_scheme);

	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(tick, uuidv7_scheme->uuid_version), uuid_random_lo()));
}

/*
 * The draft's clock sequence counts UUIDs within one timestamp and restarts
 * at 0 on the next.  Here a timestamp is never used twice (the id clock
 * issues each 16 ns tick once, running ahead of the wall clock when needed),
 * so the sequence is always 0: the order it exists to give is given by the
 * timestamp itself.  The node is random and, as the draft requires, never
 * all zeros.
 */
PG_FUNCTION_INFO_V1(idtypes_gen_uuidv8);
Datum
idtypes_gen_uuidv8(PG_FUNCTION_ARGS)
{
	uint64		tick = uuid_next_tick(uuidv8_scheme);
	uint64		node;

	do
		node = idrandom_u64() & UUIDV8_NODE_MASK;
	while (unlikely(node == 0));
	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(tick, uuidv8_scheme->uuid_version),
							   (uint64) 0 << UUIDV8_SEQ_SHIFT | node));
}

/*
 * The safe bounds (bound.c): the smallest UUID of the version at the first
 * tick that an open transaction may still hold (the tick fills the
 * timestamp and, for v7, the sub-millisecond fraction: the order the
 * generators give).  Ids made by gen_uuidv7(timestamptz) do not come from
 * the clock, and are not covered.
 */
static Datum
uuid_safe_bound_common(const IdScheme *tm)
{
	uint64		tick = Min(idbound_safe_word(tm->id), UUID_TICK_MAX);

	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(tick, tm->uuid_version), 0));
}

/*
 * idtypes_advance_clock(past uuid): the clock of the UUID's version (one of
 * scheme.h's with a uuid_version) past the UUID itself, so that every UUID
 * of that version generated afterwards sorts after it.
 */
PG_FUNCTION_INFO_V1(idtypes_advance_clock_uuid);
Datum
idtypes_advance_clock_uuid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);
	int			version = uuid_version_of(u);
	int			id = -1;

	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (idschemes[i].uuid_version != 0 && idschemes[i].uuid_version == version)
			id = i;
	if (id < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a UUID of version %d has no idtypes clock", version),
				 errhint("idtypes has clocks for UUID versions %s; "
						 "for a time, call idtypes_advance_clock(scheme, timestamptz).",
						 idclock_names(true))));
	if (!uuid_is_rfc_variant(u))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("UUID is not of the RFC 9562 variant"),
				 errdetail("Its version bits say %d, but only a UUID of the RFC 9562 variant has a time in them.", version)));
	/* the 60-bit time field is the clock word of every version (scheme.h) */
	PG_RETURN_DATUM(idclock_advance_to_word((IdSchemeId) id, uuid_time_hi_tick(uuid_get_hi(u))));
}

/* ---------- extraction and construction ---------- */

PG_FUNCTION_INFO_V1(idtypes_uuid_version);
Datum
idtypes_uuid_version(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);

	/* other variants (NCS, Microsoft, Nil, Max) have no version field */
	if (!uuid_is_rfc_variant(u))
		PG_RETURN_NULL();
	PG_RETURN_INT16((int16) uuid_version_of(u));
}

/*
 * The timestamp of a v1, v6 or v7 (NULL for other versions and variants):
 * to the microsecond for v1 and v6 (truncating their 100 ns), to the
 * millisecond for v7 (see scheme.h).  The same values as core's
 * uuid_extract_timestamp(), which reads v1 since PostgreSQL 17 and v7 since
 * 18, and never v6.  False when it has none.
 */
static bool
uuid_timestamp_of(const pg_uuid_t *u, TimestampTz *ts)
{
	uint64		hi = uuid_get_hi(u);

	if (!uuid_is_rfc_variant(u))
		return false;
	switch (uuid_version_of(u))
	{
		case 1:
			*ts = uuid_tick_to_timestamptz(uuid_v1_hi_tick(hi), uuidv6_scheme);
			return true;
		case 6:
			*ts = uuid_tick_to_timestamptz(uuid_time_hi_tick(hi), uuidv6_scheme);
			return true;
		case 7:
			*ts = uuid_tick_to_timestamptz(uuid_time_hi_tick(hi), uuidv7_scheme);
			return true;
		default:
			return false;
	}
}

PG_FUNCTION_INFO_V1(idtypes_uuid_timestamp);
Datum
idtypes_uuid_timestamp(PG_FUNCTION_ARGS)
{
	TimestampTz ts;

	if (!uuid_timestamp_of(PG_GETARG_UUID_P(0), &ts))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(ts);
}

/*
 * The start of the stride-wide bin, aligned on an origin, that holds the
 * timestamp of a v1, v6 or v7 (as uuidv_timestamp() reads it); NULL for other
 * versions and variants.
 */
PG_FUNCTION_INFO_V1(idtypes_uuid_date_bin);
Datum
idtypes_uuid_date_bin(PG_FUNCTION_ARGS)
{
	TimestampTz ts;

	if (!uuid_timestamp_of(PG_GETARG_UUID_P(1), &ts))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(timebin_date_bin(PG_GETARG_INTERVAL_P(0), ts, PG_GETARG_TIMESTAMPTZ(2)));
}

/*
 * The timestamp of a v8 made by uuidv8_next(), to the microsecond; NULL for
 * other versions and variants.  v8 layouts are the producer's own, so this
 * is meaningful only for UUIDs made with the draft-02 recipe.
 */
PG_FUNCTION_INFO_V1(uuidv8_timestamp);
Datum
uuidv8_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);

	if (!uuid_is_rfc_variant(u) || uuid_version_of(u) != 8)
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(uuid_tick_to_timestamptz(uuid_time_hi_tick(uuid_get_hi(u)),
												   uuidv8_scheme));
}

/*
 * Any 16 bytes as a UUIDv8: the version and variant bits are overwritten,
 * the other 122 bits kept (custom layouts, name-based hashes as in RFC 9562
 * appendix B.2).
 */
PG_FUNCTION_INFO_V1(uuidv8_from_bytes);
Datum
uuidv8_from_bytes(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	const pg_uuid_t *u = (const pg_uuid_t *) VARDATA_ANY(b);

	if (VARSIZE_ANY_EXHDR(b) != UUID_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid length for a UUIDv8: %d bytes, expected %d",
						(int) VARSIZE_ANY_EXHDR(b), UUID_LEN)));
	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(uuid_time_hi_tick(uuid_get_hi(u)), 8), uuid_get_lo(u)));
}

/* ---------- the smallest and largest UUID of an instant ---------- */

static Datum
uuid_floor_common(FunctionCallInfo fcinfo, const IdScheme *tm)
{
	uint64		tick = uuid_tick_floor(PG_GETARG_TIMESTAMPTZ(0), tm);

	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(tick, tm->uuid_version), 0));
}

static Datum
uuid_ceil_common(FunctionCallInfo fcinfo, const IdScheme *tm)
{
	uint64		tick = uuid_tick_ceil(PG_GETARG_TIMESTAMPTZ(0), tm);

	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(tick, tm->uuid_version), UUID_LOW_BITS_MASK));
}

/* The floor, ceiling and safe bound (above) of one version. */
#define UUID_VERSION_BOUNDS(v) \
PG_FUNCTION_INFO_V1(uuidv##v##_floor); \
Datum \
uuidv##v##_floor(PG_FUNCTION_ARGS) \
{ \
	return uuid_floor_common(fcinfo, uuidv##v##_scheme); \
} \
PG_FUNCTION_INFO_V1(uuidv##v##_ceil); \
Datum \
uuidv##v##_ceil(PG_FUNCTION_ARGS) \
{ \
	return uuid_ceil_common(fcinfo, uuidv##v##_scheme); \
} \
PG_FUNCTION_INFO_V1(uuidv##v##_safe_bound); \
Datum \
uuidv##v##_safe_bound(PG_FUNCTION_ARGS) \
{ \
	return uuid_safe_bound_common(uuidv##v##_scheme); \
}

UUID_VERSION_BOUNDS(6)
UUID_VERSION_BOUNDS(7)
UUID_VERSION_BOUNDS(8)

/* ---------- v1 <-> v6 ---------- */

/* 22023 unless u is an RFC 9562 UUID of the given version. */
static void
uuid_check_version(const pg_uuid_t *u, int version)
{
	if (uuid_is_rfc_variant(u) && uuid_version_of(u) == version)
		return;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("\"%s\" is not a version %d UUID",
					DatumGetCString(DirectFunctionCall1(uuid_out, UUIDPGetDatum(u))),
					version),
			 uuid_is_rfc_variant(u) ?
			 errdetail("Its version is %d.", uuid_version_of(u)) :
			 errdetail("It is not of the RFC 9562 variant, so it has no version.")));
}

/*
 * RFC 9562 section 5.6: the same 60-bit timestamp with its fields in
 * significance order; clock sequence and node are kept as they are, so the
 * conversion is lossless both ways.
 */
PG_FUNCTION_INFO_V1(uuidv1_to_uuidv6);
Datum
uuidv1_to_uuidv6(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);

	uuid_check_version(u, 1);
	PG_RETURN_UUID_P(uuid_make(uuid_time_hi(uuid_v1_hi_tick(uuid_get_hi(u)), 6),
							   uuid_get_lo(u)));
}

PG_FUNCTION_INFO_V1(uuidv6_to_uuidv1);
Datum
uuidv6_to_uuidv1(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);

	uuid_check_version(u, 6);
	PG_RETURN_UUID_P(uuid_make(uuid_v1_hi(uuid_time_hi_tick(uuid_get_hi(u))),
							   uuid_get_lo(u)));
}
