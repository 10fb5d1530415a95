/*-------------------------------------------------------------------------
 *
 * clock.h
 *	  Monotonic id clocks shared by every generator of idtypes.
 *
 * Each scheme keeps its generation state in one 64-bit word (for example
 * hlculid's 48-bit millisecond and 16-bit counter) and advances it with a
 * compare-and-swap, so that the values a server issues are strictly
 * increasing in generation order.  With shared_preload_libraries the words
 * live in shared memory and are persisted ahead of use in a small state file
 * and in the WAL (clockwal.c); without it each backend has its own.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_CLOCK_H
#define IDTYPES_CLOCK_H

#include "port/atomics.h"
#include "storage/lwlock.h"

#include "scheme.h"

/*
 * One clock per scheme (scheme.h: IdSchemeId names it, and its description
 * says how its word relates to time).
 */

typedef struct IdClock
{
	pg_atomic_uint64 last;		/* highest value issued */
	pg_atomic_uint64 reserved;	/* highest value the state file covers */
	pg_atomic_uint64 steady_offset; /* int64: steady time - monotonic time */
	pg_atomic_uint64 moves;		/* times idclock_move() raised it */
	/* keep clocks on separate cache lines: backends hammer them */
	char		pad[PG_CACHE_LINE_SIZE - 4 * sizeof(pg_atomic_uint64)];
} IdClock;

/*
 * A step computes the clock's next value from its last one.  It returns a
 * value greater than last, or 0 to refuse (the caller waits and retries).
 * It may run several times for one advance when backends race, so it must
 * not have side effects.
 */
typedef uint64 (*IdClockStep) (uint64 last, void *arg);

/*
 * Wall clock, nanoseconds since the Unix epoch (never negative: a clock
 * before 1970 reads as 1970).  idclock_now_ns(), for generators, raises
 * 22008 past 2262-04-11 23:47:16 UTC, where the count ends;
 * idclock_wall_ns(), for what must not raise an error (callbacks, the
 * start), returns PG_INT64_MAX there.
 */
extern int64 idclock_now_ns(void);
extern int64 idclock_wall_ns(void);

/*
 * A clock's ticks (its word without the counter bits) at a Unix time in
 * nanoseconds.  Inline, so that a generator, which names its scheme,
 * divides by that scheme's constant tick length (a multiplication) at every
 * id.
 */
static inline int64
idclock_ticks_at(IdSchemeId id, int64 ns)
{
	const IdScheme *s = &idschemes[id];

	return Max(ns, 0) / s->tick_ns + idscheme_unix_epoch_ticks(s);
}

/*
 * The word of the first id at a Unix time in nanoseconds (saturating at the
 * largest word: a time past the clock's range never wraps to an early word).
 */
extern uint64 idclock_word_at(IdSchemeId id, int64 ns);

/*
 * A clock's steady time in Unix nanoseconds, given the system clock's now:
 * now, but never going back (see clock.c); how far ahead of it a clock may
 * run is the scheme's choice.
 */
extern int64 idclock_steady_ns(IdSchemeId id, int64 now);

/* Monotonic clock (not stepped with the wall clock), nanoseconds. */
extern int64 idclock_monotonic_ns(void);

extern uint64 idclock_advance(IdSchemeId id, IdClockStep step, void *arg);
extern uint64 idclock_next(IdSchemeId id, uint64 floor);
extern void idclock_observe(IdSchemeId id, uint64 value);
extern uint64 idclock_last(IdSchemeId id);

/*
 * Raise a clock by hand (idtypes_advance_clock()), as idclock_observe()
 * does, and count it: a generator that keeps a word of its own (uid8's
 * automatic generator ids) compares idclock_moves() with the count it saw
 * and carries its word past the clock when it changed.
 */
extern void idclock_move(IdSchemeId id, uint64 value);
extern uint64 idclock_moves(IdSchemeId id);
extern bool idclock_is_shared(void);

/*
 * Called by idtypes.c to place the clocks in shared memory.  A state file
 * whose clocks reach further than future_ms ahead of the system clock gets a
 * warning at start.
 */
extern Size idclock_shmem_size(void);
extern void idclock_shmem_init(void *area, LWLock *lock, bool found, int64 future_ms);
extern void idclock_save_state(int code, Datum arg);

/*
 * How far ahead of the system clock a state file may reach before the start
 * warns: the reservation window, plus how far a clock may legitimately be
 * moved ahead (idclock_shmem_init()'s future_ms, hlculid_observe()'s bound),
 * or this, if that is less or unlimited.  idtypes_advance_clock() moves a
 * clock at most as far.
 */
#define IDCLOCK_FUTURE_MIN_MS	(5 * 60 * 1000)

/* The Unix time in nanoseconds of a clock word (its tick's start). */
extern int64 idclock_ns_of_word(IdSchemeId id, uint64 word);

/*
 * The reservations in the WAL (clockwal.c, PostgreSQL 15 and later; no-ops
 * before): register the resource manager (from _PG_init() when preloaded),
 * and log and flush a clock's new reservation.  Redo raises the clock with
 * idclock_redo_raise() (clock.c); clock is the record's clock number, which
 * may be one a newer version added.
 */
extern void idclock_wal_register(void);
extern void idclock_wal_log(IdSchemeId id, uint64 reserved);
extern void idclock_redo_raise(int clock, uint64 reserved);

#define IDCLOCK_STATE_FILE "idtypes.state"

#endif							/* IDTYPES_CLOCK_H */
