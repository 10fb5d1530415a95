/*-------------------------------------------------------------------------
 *
 * scheme.h
 *	  The one description of each id scheme's time: its name, width, time
 *	  unit, epoch and clock word.
 *
 * Every piece of code that turns a time into ticks or ticks into a time
 * does it with the conversions below the table, the one time arithmetic of
 * the project: between a scheme's ticks, microseconds since its tick 0,
 * the clocks' Unix nanoseconds and timestamptz.  The id clocks and their
 * state file (src/clock/), the comparisons of the byte-string ids with a
 * timestamptz and their floor and ceiling functions (byteid.c), the UUIDs
 * (uuid.c adds only the fraction of a tick that v7 carries) and each
 * scheme's generator use them, so an id's clock word and the timestamp
 * extracted from it cannot disagree.
 *
 * The table is defined in this header, static const, rather than once in a
 * .c file: each generator then divides by its scheme's constants, which the
 * compiler folds, instead of loading them from another object at every id.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/scheme.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_SCHEME_H
#define IDTYPES_SCHEME_H

#include "datatype/timestamp.h"
#include "utils/uuid.h"

/*
 * The schemes, in the project's canonical order (the UUID versions are one
 * scheme with a clock each).  The order is also the order of the clocks in
 * the state file; a new scheme goes before IDSCHEME_COUNT.
 */
typedef enum IdSchemeId
{
	IDSCHEME_MUID,
	IDSCHEME_HLCULID,
	IDSCHEME_UID8,
	IDSCHEME_UUIDV6,
	IDSCHEME_UUIDV7,
	IDSCHEME_UUIDV8,
	IDSCHEME_TID62,
	IDSCHEME_COUNT
} IdSchemeId;

/*
 * What SQL knows of a scheme: its type (the source src/<type>.sql and
 * src/<type>.c hold it; core's uuid for the UUID versions), the functions
 * that make a new id, give an id's time and its time bin (none: NULL), and,
 * by rule, <name>_floor(), <name>_ceil() and <name>_safe_bound().  The SQL
 * function idtypes_schemes() lists them (scheme.c); the regression files
 * and the tests that cover every scheme iterate over it, and the Makefile
 * and the tests' t/IdtypesTest/Schemes.pm read this table.
 *
 * A scheme's ids carry a count of ticks of tick_ns nanoseconds since tick 0,
 * midnight UTC at the start of Julian day epoch_jdate, in tick_bits bits.
 * Its clock (clock/clock.c) is one 64-bit word, the tick count shifted left by
 * counter_bits, with what the scheme counts within a tick below it (a
 * counter, a sequence and generator slot, or a sub-tick fraction).  For the
 * byte-string ids (muid, hlculid, tid62) the tick count is also the id's
 * leading tick_bits / 8 bytes, big-endian.
 */
typedef struct IdScheme
{
	IdSchemeId	id;
	const char *name;			/* lowercase: its clock's key in the state
								 * file */
	const char *label;			/* how messages name its ids */
	const char *type;			/* its SQL type */
	const char *generator;		/* SQL: a new id */
	const char *timestamp_fn;	/* SQL: an id's time */
	const char *date_bin_fn;	/* SQL: an id's time bin, or NULL */
	int			len;			/* bytes in an id */
	int			uuid_version;	/* the UUID version; 0 for the other types */
	int64		tick_ns;		/* the unit of its timestamps */
	int32		epoch_jdate;	/* tick 0 */
	int			tick_bits;		/* width of the tick count */
	int			counter_bits;	/* clock word bits below the tick count */

	/*
	 * The bits below the tick count mean something only under the
	 * configuration that issued them (uid8's slot names a generator id of the
	 * configured range): after a restart, resume at the end of the tick, not
	 * inside it.
	 */
	bool		resume_after_tick;

	/*
	 * Some layout of its ids does not sort by time (uid8's spread mode): the
	 * newest of them is the one with the latest time, not the greatest.
	 */
	bool		unordered_layout;
} IdScheme;

/* 1582-10-15, the Gregorian epoch of UUID versions 1 and 6 (RFC 9562 section 5.1). */
#define IDSCHEME_GREGORIAN_JDATE	2299161
/* 2020-01-01, tid62's epoch: 20 years of 365 days and 5 leap days after 2000 */
#define IDSCHEME_TID62_JDATE		(POSTGRES_EPOCH_JDATE + 20 * 365 + 5)

/* Bytes in an id: also the sizes of the C types of the byte-string ids. */
#define MUID_LEN			16
#define HLCULID_LEN			16
#define UID8_LEN			8
#define TID62_LEN			12
/* UUIDs: core's UUID_LEN */

#define IDSCHEME_NS_PER_SEC		INT64CONST(1000000000)
#define IDSCHEME_NS_PER_DAY		(USECS_PER_DAY * 1000)

static const IdScheme idschemes[IDSCHEME_COUNT] = {
	/* microseconds since the Unix epoch (Muid specification) */
	[IDSCHEME_MUID] = {
		.id = IDSCHEME_MUID,
		.name = "muid",
		.label = "muid",
		.type = "muid",
		.generator = "gen_muid",
		.timestamp_fn = "muid_timestamp",
		.date_bin_fn = "muid_date_bin",
		.len = MUID_LEN,
		.tick_ns = 1000,
		.epoch_jdate = UNIX_EPOCH_JDATE,
		.tick_bits = 56,
		.counter_bits = 0,
	},
	/* Unix milliseconds, then the 16-bit counter of the hybrid logical clock */
	[IDSCHEME_HLCULID] = {
		.id = IDSCHEME_HLCULID,
		.name = "hlculid",
		.label = "hlculid",
		.type = "hlculid",
		.generator = "gen_hlculid",
		.timestamp_fn = "hlculid_timestamp",
		.date_bin_fn = "hlculid_date_bin",
		.len = HLCULID_LEN,
		.tick_ns = 1000000,
		.epoch_jdate = UNIX_EPOCH_JDATE,
		.tick_bits = 48,
		.counter_bits = 16,
	},

	/*
	 * 42-bit Unix milliseconds; the clock word's low 17 bits are the 6-bit
	 * sequence and the 11-bit generator slot (uid8gen.c).  Not a byte prefix:
	 * the layout mode decides where the milliseconds go.
	 */
	[IDSCHEME_UID8] = {
		.id = IDSCHEME_UID8,
		.name = "uid8",
		.label = "uid8",
		.type = "uid8",
		.generator = "gen_uid8",
		.timestamp_fn = "uid8_timestamp",
		.date_bin_fn = "uid8_date_bin",
		.len = UID8_LEN,
		.tick_ns = 1000000,
		.epoch_jdate = UNIX_EPOCH_JDATE,
		.tick_bits = 42,
		.counter_bits = 17,
		.resume_after_tick = true,
		.unordered_layout = true,
	},
	/* 100 ns since 1582-10-15 (RFC 9562 section 5.6) */
	[IDSCHEME_UUIDV6] = {
		.id = IDSCHEME_UUIDV6,
		.name = "uuidv6",
		.label = "UUIDv6",
		.type = "uuid",
		.generator = "uuidv6_next",
		.timestamp_fn = "uuidv_timestamp",
		.date_bin_fn = "uuidv_date_bin",
		.len = UUID_LEN,
		.uuid_version = 6,
		.tick_ns = 100,
		.epoch_jdate = IDSCHEME_GREGORIAN_JDATE,
		.tick_bits = 60,
		.counter_bits = 0,
	},

	/*
	 * Unix milliseconds, then the 12-bit sub-millisecond fraction (RFC 9562
	 * sections 5.7 and 6.2, method 3).  The timestamp is the millisecond: the
	 * RFC defines the v7 time as unix_ts_ms alone, and the fraction is one of
	 * several things a producer may put in rand_a (the RFC's own example has
	 * random bits there).  So the timestamp is right for every producer's v7,
	 * as PostgreSQL 18's uuid_extract_timestamp() reads it, and the fraction
	 * only orders UUIDs within their millisecond.
	 */
	[IDSCHEME_UUIDV7] = {
		.id = IDSCHEME_UUIDV7,
		.name = "uuidv7",
		.label = "UUIDv7",
		.type = "uuid",
		.generator = "uuidv7_next",
		.timestamp_fn = "uuidv_timestamp",
		.date_bin_fn = "uuidv_date_bin",
		.len = UUID_LEN,
		.uuid_version = 7,
		.tick_ns = 1000000,
		.epoch_jdate = UNIX_EPOCH_JDATE,
		.tick_bits = 48,
		.counter_bits = 12,
	},

	/*
	 * the 60 most significant bits of Unix nanoseconds: 16 ns (draft-02
	 * section 4.5)
	 */
	[IDSCHEME_UUIDV8] = {
		.id = IDSCHEME_UUIDV8,
		.name = "uuidv8",
		.label = "UUIDv8",
		.type = "uuid",
		.generator = "uuidv8_next",
		.timestamp_fn = "uuidv8_timestamp",
		.len = UUID_LEN,
		.uuid_version = 8,
		.tick_ns = 16,
		.epoch_jdate = UNIX_EPOCH_JDATE,
		.tick_bits = 60,
		.counter_bits = 0,
	},

	/*
	 * seconds since 2020-01-01, then the 32-bit counter of the clock word
	 * (tid62.c)
	 */
	[IDSCHEME_TID62] = {
		.id = IDSCHEME_TID62,
		.name = "tid62",
		.label = "tid62",
		.type = "tid62",
		.generator = "gen_tid62",
		.timestamp_fn = "tid62_timestamp",
		.date_bin_fn = "tid62_date_bin",
		.len = TID62_LEN,
		.tick_ns = IDSCHEME_NS_PER_SEC,
		.epoch_jdate = IDSCHEME_TID62_JDATE,
		.tick_bits = 32,
		.counter_bits = 32,
	},
};

/* The largest tick count. */
static inline uint64
idscheme_tick_max(const IdScheme *s)
{
	return (UINT64CONST(1) << s->tick_bits) - 1;
}

/* Tick 0 as a timestamptz (microseconds since 2000-01-01). */
static inline TimestampTz
idscheme_epoch(const IdScheme *s)
{
	return (TimestampTz) (s->epoch_jdate - POSTGRES_EPOCH_JDATE) * USECS_PER_DAY;
}

/* Ticks from tick 0 to the Unix epoch (negative for an epoch after 1970). */
static inline int64
idscheme_unix_epoch_ticks(const IdScheme *s)
{
	return (int64) (UNIX_EPOCH_JDATE - s->epoch_jdate) * (IDSCHEME_NS_PER_DAY / s->tick_ns);
}

/*
 * A tick as a fraction of a microsecond, num / den ticks per microsecond in
 * lowest terms (1000 / tick_ns reduced by their greatest common divisor,
 * whose factors can only be those of 1000: 2 and 5), so that the UUID code's
 * products do not overflow.  Constant expressions for a constant scheme.
 */
#define IDSCHEME_GCD1000(n) \
	(((n) % 8 == 0 ? 8 : (n) % 4 == 0 ? 4 : (n) % 2 == 0 ? 2 : 1) * \
	 ((n) % 125 == 0 ? 125 : (n) % 25 == 0 ? 25 : (n) % 5 == 0 ? 5 : 1))

static inline uint64
idscheme_ticks_per_usec_num(const IdScheme *s)
{
	return (uint64) (1000 / IDSCHEME_GCD1000(s->tick_ns));
}

static inline uint64
idscheme_ticks_per_usec_den(const IdScheme *s)
{
	return (uint64) (s->tick_ns / IDSCHEME_GCD1000(s->tick_ns));
}

/*
 * The conversions between a tick count and microseconds since tick 0, for
 * every scheme: ticks of whole microseconds (all but UUIDv6's and v8's) by
 * one product or quotient, shorter ones through num / den, whole groups of
 * num ticks first, so that no product overflows.
 */

/* Microseconds from tick 0 to the start of a tick, truncated. */
static inline uint64
idscheme_usec_of_tick(uint64 tick, const IdScheme *s)
{
	uint64		num,
				den;

	if (s->tick_ns % 1000 == 0)
		return tick * (uint64) (s->tick_ns / 1000);
	num = idscheme_ticks_per_usec_num(s);
	den = idscheme_ticks_per_usec_den(s);
	return tick / num * den + tick % num * den / num;
}

/*
 * The tick that holds the microsecond usec (from tick 0), or with round_up
 * the first tick that starts at or after it.
 */
static inline uint64
idscheme_tick_at_usec(uint64 usec, const IdScheme *s, bool round_up)
{
	uint64		num,
				den;

	if (s->tick_ns % 1000 == 0)
	{
		uint64		unit = (uint64) (s->tick_ns / 1000);

		return usec / unit + (round_up && usec % unit != 0);
	}
	num = idscheme_ticks_per_usec_num(s);
	den = idscheme_ticks_per_usec_den(s);
	return usec / den * num + (usec % den * num + (round_up ? den - 1 : 0)) / den;
}

/* The start of a tick as a timestamptz (to the microsecond, truncated). */
static inline TimestampTz
idscheme_tick_to_timestamptz(uint64 tick, const IdScheme *s)
{
	/* every scheme's ticks end well inside timestamptz's range */
	return idscheme_epoch(s) + (int64) idscheme_usec_of_tick(tick, s);
}

/*
 * Where a timestamptz stands from tick 0: -1 before every tick (before tick
 * 0, or -infinity), 1 after (+infinity), else 0 with *usec the microseconds
 * since tick 0 (which may be past the last tick: the caller checks).
 */
static inline int
idscheme_usec_since_epoch(TimestampTz t, const IdScheme *s, uint64 *usec)
{
	if (unlikely(TIMESTAMP_IS_NOBEGIN(t)) || t < idscheme_epoch(s))
		return -1;
	if (unlikely(TIMESTAMP_IS_NOEND(t)))
		return 1;
	/* unsigned: t - epoch cannot overflow once t >= epoch */
	*usec = (uint64) t - (uint64) idscheme_epoch(s);
	return 0;
}

/*
 * A timestamptz's tick, within the scheme's range (scheme.c): the tick it
 * falls in, or with round_up the first that starts at or after it; 22008
 * outside the range.  And its microseconds since tick 0, within the range
 * (before the end of the last tick), or 22008.
 */
extern uint64 idscheme_tick_of_timestamptz(TimestampTz t, const IdScheme *s, bool round_up);
extern uint64 idscheme_usec_in_range(TimestampTz t, const IdScheme *s);

/*
 * The clocks count nanoseconds since the Unix epoch (clock.h).  A time as
 * those nanoseconds and as a timestamptz, and a scheme's tick at a time.
 */
#define IDSCHEME_UNIX_TO_PG_USECS \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

/* Unix nanoseconds as a timestamptz, truncated to the microsecond. */
static inline TimestampTz
idscheme_ns_to_timestamptz(int64 ns)
{
	return ns / 1000 - IDSCHEME_UNIX_TO_PG_USECS;
}

/*
 * The first nanosecond of a timestamptz's microsecond, since the Unix
 * epoch: the caller keeps t between 1970 and 2262 (where the count ends).
 */
static inline int64
idscheme_timestamptz_to_ns(TimestampTz t)
{
	return (t + IDSCHEME_UNIX_TO_PG_USECS) * 1000;
}

/*
 * The tick at a Unix time in nanoseconds (a time before 1970 reads as
 * 1970).  Inline, so that a generator, which names its scheme, divides by
 * that scheme's constant tick length (a multiplication) at every id.
 */
static inline int64
idscheme_tick_at_ns(int64 ns, const IdScheme *s)
{
	return Max(ns, 0) / s->tick_ns + idscheme_unix_epoch_ticks(s);
}

/*
 * The Unix time in nanoseconds of a tick's start: 0 for a tick before 1970,
 * PG_INT64_MAX for one past 2262, never a wrapped time.
 */
static inline int64
idscheme_ns_of_tick(uint64 tick, const IdScheme *s)
{
	int64		ticks = (int64) tick - idscheme_unix_epoch_ticks(s);

	if (ticks <= 0)
		return 0;
	if (ticks > PG_INT64_MAX / s->tick_ns)
		return PG_INT64_MAX;
	return ticks * s->tick_ns;
}

#endif							/* IDTYPES_SCHEME_H */
