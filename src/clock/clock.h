/*-------------------------------------------------------------------------
 *
 * clock.h
 *	  Monotonic id clocks shared by every generator of idtypes: the one
 *	  header of the clock subsystem (src/clock/) for the rest of src/.
 *
 * Each scheme keeps its generation state in one 64-bit word (for example
 * hlculid's 48-bit millisecond and 16-bit counter) and advances it with a
 * compare-and-swap, so that the values a server issues are strictly
 * increasing in generation order.  With shared_preload_libraries the words
 * live in shared memory and are persisted ahead of use in a small state file
 * (state.c) and in the WAL (wal.c); without it each backend has its own.
 * The safe bound of each scheme (bound.c) knows the smallest word an open
 * transaction may hold.  The folder's own declarations are in internal.h.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock/clock.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_CLOCK_H
#define IDTYPES_CLOCK_H

#include <time.h>

#include "access/xact.h"
#include "access/xlogdefs.h"
#include "port/atomics.h"
#include "replication/syncrep.h"
#include "replication/walsender.h"
#include "replication/walsender_private.h"
#include "storage/lwlock.h"
#include "utils/guc_tables.h"

#include "compat.h"
#include "scheme.h"

/*
 * One clock per scheme (scheme.h: IdSchemeId names it, and its description
 * says how its word relates to time).
 */

/*
 * The levels of synchronous_commit that wait for synchronous standbys, in
 * the order of syncrep.h's wait modes: remote_write, on, remote_apply.
 */
#define IDCLOCK_SYNC_LEVELS		3
StaticAssertDecl(SYNCHRONOUS_COMMIT_REMOTE_WRITE - SYNCHRONOUS_COMMIT_REMOTE_WRITE == SYNC_REP_WAIT_WRITE &&
				 SYNCHRONOUS_COMMIT_REMOTE_FLUSH - SYNCHRONOUS_COMMIT_REMOTE_WRITE == SYNC_REP_WAIT_FLUSH &&
				 SYNCHRONOUS_COMMIT_REMOTE_APPLY - SYNCHRONOUS_COMMIT_REMOTE_WRITE == SYNC_REP_WAIT_APPLY &&
				 SYNC_REP_WAIT_APPLY + 1 == IDCLOCK_SYNC_LEVELS,
				 "synchronous_commit's remote levels are the wait modes, in order");

typedef struct IdClock
{
	pg_atomic_uint64 last;		/* highest value issued */
	pg_atomic_uint64 reserved;	/* highest value the state file covers */
	pg_atomic_uint64 steady_offset; /* int64: steady time - monotonic time */
	pg_atomic_uint64 moves;		/* times idclock_move() raised it */
	pg_atomic_uint64 rewinds;	/* times it was moved back (idclock_rewind()) */

	/*
	 * Per wait mode: the highest value whose reservation the synchronous
	 * standbys have confirmed (clock.c, idclock_sync_wait()).  Beside last,
	 * whose cache line a generator has at hand.
	 */
	pg_atomic_uint64 confirmed[IDCLOCK_SYNC_LEVELS];
	/* keep clocks on separate cache lines: backends hammer them */
	char		pad[PG_CACHE_LINE_SIZE - (5 + IDCLOCK_SYNC_LEVELS) * sizeof(pg_atomic_uint64)];
} IdClock;

/*
 * A step computes the clock's next value from its last one.  It returns a
 * value greater than last, or 0 to refuse (the caller waits and retries).
 * It may run several times for one advance when backends race, so the only
 * thing it may write is what its caller reads after a refusal (tid62's
 * request for a new second's counter start, uid8's used-up millisecond).
 */
typedef uint64 (*IdClockStep) (uint64 last, void *arg);

/*
 * The clocks in use: the shared ones (idclock_shmem_init()), or, until a
 * generator first needs them, none, then this backend's own
 * (idclock_use_local()).  Exported for the hot path below, which is inline
 * in every generator: a generator's instructions per call are the budget
 * (doc/performance.md), and each call that the compiler cannot see through
 * costs its arguments, its frame and a branch it cannot fold.
 */
extern IdClock *idclock_array;
extern bool idclock_shared;
extern IdClock *idclock_use_local(void);

static inline IdClock *
idclock_get(IdSchemeId id)
{
	IdClock    *c = idclock_array;

	if (unlikely(c == NULL))
		c = idclock_use_local();
	return &c[id];
}

static inline bool
idclock_is_shared(void)
{
	return idclock_shared;
}

/*
 * The last second whose nanoseconds fit the 64-bit count:
 * 2262-04-11 23:47:16 UTC.
 */
#define IDCLOCK_LAST_SEC		(PG_INT64_MAX / 1000000000 - 1)

/*
 * Wall clock, nanoseconds since the Unix epoch (never negative: a clock
 * before 1970 reads as 1970).  idclock_now_ns(), for generators, raises
 * 22008 past 2262-04-11 23:47:16 UTC, where the count ends;
 * idclock_wall_ns(), for what must not raise an error (callbacks, the
 * start), returns PG_INT64_MAX there.
 */
static inline int64
idclock_timespec_ns(const struct timespec *ts)
{
	/* a clock set before 1970 is treated as 1970, never as a huge time */
	if (ts->tv_sec < 0)
		return 0;
	/* past the count's range: its end, never a wrapped (1970) time */
	if (unlikely(ts->tv_sec > IDCLOCK_LAST_SEC))
		return PG_INT64_MAX;
	return (int64) ts->tv_sec * 1000000000 + ts->tv_nsec;
}

extern int64 idclock_wall_ns(void);
pg_noreturn extern void idclock_past_range(void);

static inline int64
idclock_now_ns(void)
{
	struct timespec ts;
	int64		now;

	/* vDSO on Linux: tens of nanoseconds, no system call */
	clock_gettime(CLOCK_REALTIME, &ts);
	now = idclock_timespec_ns(&ts);
	if (unlikely(now == PG_INT64_MAX))
		idclock_past_range();
	return now;
}

/* Monotonic clock (not stepped with the wall clock), nanoseconds. */
static inline int64
idclock_monotonic_ns(void)
{
	struct timespec ts;

	/* slewed by NTP like the wall clock, but never stepped */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * The word of the first id at a Unix time in nanoseconds (saturating at the
 * largest word: a time past the clock's range never wraps to an early word).
 */
extern uint64 idclock_word_at(IdSchemeId id, int64 ns);

/*
 * A clock's steady time in Unix nanoseconds, given the system clock's now:
 * the system clock, or, when that was stepped back while the server ran
 * (or the server resumed ahead of it from the state file), the highest time
 * it showed, carried on by the monotonic clock.  So it never goes back, and
 * a clock word ahead of it is ahead of real time because ids were issued
 * faster than the clock ticks, not because the system clock moved.  How far
 * ahead of it a clock may run is the scheme's choice.  The clock keeps the
 * highest (system - monotonic) seen; idclock_steady_raise() raises it.
 */
extern void idclock_steady_raise(IdClock *c, int64 ahead);

static inline int64
idclock_steady_ns(IdSchemeId id, int64 now)
{
	IdClock    *c = idclock_get(id);
	int64		mono = idclock_monotonic_ns();
	int64		offset = (int64) pg_atomic_read_u64(&c->steady_offset);

	if (unlikely(now - mono > offset))
	{
		idclock_steady_raise(c, now - mono);
		return now;
	}
	return mono + offset;
}

/*
 * For generators that read the steady time only when they run ahead of the
 * wall clock (the UUIDs): keep the clock's steady offset current at most
 * once per IDCLOCK_STEADY_CHECK_NS of this backend's wall time, and at once
 * whenever the wall clock has jumped out of that window (a forward step is
 * what raises the offset; after a step back the window restarts), so that
 * a step back later finds the offset as the generators found the wall
 * clock before it.
 */
#define IDCLOCK_STEADY_CHECK_NS	INT64CONST(1000000)

extern int64 idclock_steady_checked[IDSCHEME_COUNT];
extern void idclock_steady_check(IdSchemeId id, int64 now);

static inline void
idclock_steady_note(IdSchemeId id, int64 now)
{
	if (unlikely((uint64) (now - idclock_steady_checked[id]) >= (uint64) IDCLOCK_STEADY_CHECK_NS))
		idclock_steady_check(id, now);
}

/* How far ahead of the last issued value the state file reaches. */
#define IDCLOCK_AHEAD_SECS		5

static inline uint64
idclock_reserve_window(IdSchemeId id)
{
	const IdScheme *s = &idschemes[id];

	return (uint64) (IDCLOCK_AHEAD_SECS * IDSCHEME_NS_PER_SEC / s->tick_ns)
		<< s->counter_bits;
}

/*
 * Extend a shared clock's reservation to cover value plus the window, and
 * make it durable (the state file and the WAL): with wait, before value is
 * used; without, only if nobody else is doing so (the early extension).
 */
extern void idclock_reserve(IdSchemeId id, uint64 value, bool wait);

/*
 * Synchronous replication covers every id: when it is in effect for the
 * session, as a commit's wait is (synchronous_commit above local, and
 * synchronous_standby_names set), a shared clock's value is used only once
 * the synchronous standbys have confirmed a reservation that covers it, at
 * the level the transaction's commit will use.  The clock keeps, per level, the highest value so
 * confirmed: the hot path compares with it, and idclock_sync_wait() finds
 * the reservation's record, waits for it if it must (never holding a lock),
 * and raises the value, once per reservation for all backends.  It raises
 * an error, and the value is not used, if the wait is cancelled.
 */
extern void idclock_sync_wait(IdSchemeId id, uint64 value, int level);

/*
 * The level of synchronous_commit that the transaction's commit will use,
 * never lower than the session's: the setting in force, or higher, the
 * value it had when a function whose SET clause changed it was entered
 * (the clause is undone at the function's end, before the commit).
 * idclock_commit_guc is the setting's record (NULL until the first look);
 * without an entry on its stack, no function has changed it.
 */
extern struct config_generic *idclock_commit_guc;
extern int	idclock_commit_level_stacked(void);

static inline int
idclock_commit_level(void)
{
	if (likely(idclock_commit_guc != NULL && idclock_commit_guc->stack == NULL))
		return synchronous_commit;
	return idclock_commit_level_stacked();
}

/*
 * The walsenders a clock's confirmed values speak for: every walsender slot
 * (up to IDCLOCK_SYNC_VIEW_MAX) as it was when the confirmations began,
 * its process, synchronous priority and state.  When a slot changes (a
 * standby failed or came, under FIRST or ANY, a reload of
 * synchronous_standby_names changed a priority, a standby caught up), the
 * confirmations may be another set's, and core's confirmed positions
 * (WalSndCtl->lsn[]) never go back: the values are dropped, and the next
 * ones wait for the standbys synchronous now to confirm a record written
 * after the change (clock.c).  The hot path compares the slots with what
 * it recorded.
 */
#define IDCLOCK_SYNC_VIEW_MAX	64

typedef struct IdClockSyncView
{
	slock_t		mutex;
	pg_atomic_uint32 generation;	/* raised at every change seen */
	int			n;				/* slots recorded; -1: none yet */
	pid_t		pid[IDCLOCK_SYNC_VIEW_MAX];
	int			priority[IDCLOCK_SYNC_VIEW_MAX];
	WalSndState state[IDCLOCK_SYNC_VIEW_MAX];
	XLogRecPtr	barrier;		/* confirmations count from this record on */
} IdClockSyncView;

extern IdClockSyncView *idclock_sync_view;
extern void idclock_sync_changed(void);

static inline bool
idclock_sync_view_holds(void)
{
	IdClockSyncView *v = idclock_sync_view;
	int			n = v->n;

	for (int k = 0; k < n; k++)
	{
		volatile WalSnd *w = &WalSndCtl->walsnds[k];

		if (w->pid != v->pid[k] || w->sync_standby_priority != v->priority[k] || w->state != v->state[k])
			return false;
	}
	return true;
}

static inline void
idclock_sync_cover(IdSchemeId id, IdClock *c, uint64 value)
{
	int			level;

	if (likely(SyncRepStandbyNames == NULL || SyncRepStandbyNames[0] == '\0'))
		return;
	level = idclock_commit_level();
	if (level <= SYNCHRONOUS_COMMIT_LOCAL_FLUSH || max_wal_senders == 0)
		return;
	if (unlikely(!idclock_sync_view_holds()))
		idclock_sync_changed();
	if (unlikely(value > pg_atomic_read_u64(&c->confirmed[level - SYNCHRONOUS_COMMIT_REMOTE_WRITE])))
		idclock_sync_wait(id, value, level);
}

/*
 * Never let a shared clock's value be used before the state file covers it
 * (and, under synchronous replication, the standbys have confirmed that).
 * Past half of the window, extend it early if nobody else is doing so, so
 * that the hot path almost never has to wait for the file, nor for the
 * standbys: they have had half a window to confirm the extension before an
 * id needs it.
 */
static pg_attribute_always_inline void
idclock_cover(IdSchemeId id, IdClock *c, uint64 value)
{
	uint64		reserved = pg_atomic_read_u64(&c->reserved);

	if (unlikely(value > reserved))
		idclock_reserve(id, value, true);
	else if (unlikely(reserved - value < idclock_reserve_window(id) / 2))
		idclock_reserve(id, value, false);
	idclock_sync_cover(id, c, value);
}

/*
 * The safe bound (bound.c).  One bit per scheme whose clock this process has
 * used in its current transaction: read by idclock_advance() at every id,
 * the only cost of the bound on the hot path.  idbound_enter() publishes
 * this transaction's floor for a scheme, before its first id of that
 * scheme.
 */
extern uint32 idbound_entered;
extern void idbound_enter(IdSchemeId id);

static inline void
idbound_before_id(IdSchemeId id)
{
	if (unlikely(!(idbound_entered & (((uint32) 1) << id))))
		idbound_enter(id);
}

/*
 * The safe bound of a scheme as a clock word: every id of the scheme made
 * by this server's generators whose clock word is below it is committed and
 * visible to any snapshot taken afterwards, or will never be.  Raises an
 * error without shared_preload_libraries.
 */
extern uint64 idbound_safe_word(IdSchemeId id);

/*
 * idtypes.debug_advance_pause (milliseconds, superusers, hidden): a pause of
 * every advance of a shared clock between reading it and swapping in the
 * next value, which widens the window that the compare-and-swap closes, so
 * that a test can make two backends race there every time.
 */
extern int	idtypes_debug_advance_pause;
extern void idclock_debug_pause(void);

/*
 * Move a clock forward: the step's value if it is above the last one (with
 * a compare-and-swap loop on a shared clock, lock-free), and covered by the
 * reservation; 0 if the step refuses.  The step is inlined: pass a static
 * inline function.
 */
static pg_attribute_always_inline uint64
idclock_advance(IdSchemeId id, IdClockStep step, void *arg)
{
	IdClock    *c;
	uint64		last;
	uint64		next;

	/* before the clock is read: the transaction's floor for the safe bound */
	idbound_before_id(id);
	c = idclock_get(id);
	last = pg_atomic_read_u64(&c->last);

	if (!idclock_shared)
	{
		next = step(last, arg);
		if (next <= last)
			return 0;
		pg_atomic_write_u64(&c->last, next);
		return next;
	}

	for (;;)
	{
		next = step(last, arg);
		if (next <= last)
			return 0;
		/* a test's pause between the read and the swap (t/010) */
		if (unlikely(idtypes_debug_advance_pause > 0))
			idclock_debug_pause();
		/* on failure, last is refreshed with the current value */
		if (pg_atomic_compare_exchange_u64(&c->last, &last, next))
			break;
	}

	idclock_cover(id, c, next);
	return next;
}

pg_noreturn extern void idclock_exhausted(IdSchemeId id);

static inline uint64
idclock_step_at_least(uint64 last, void *arg)
{
	uint64		floor = *(uint64 *) arg;

	if (unlikely(last == PG_UINT64_MAX))
		return 0;
	return Max(floor, last + 1);
}

/*
 * The next value: the given floor (usually the word of "now"), or last + 1
 * if the clock is not behind it.
 */
static inline uint64
idclock_next(IdSchemeId id, uint64 floor)
{
	uint64		next = idclock_advance(id, idclock_step_at_least, &floor);

	if (unlikely(next == 0))
		idclock_exhausted(id);
	return next;
}

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

/*
 * Who may move a server-wide clock, and how far (sql.c): the settings
 * idtypes.clock_mover_role and idtypes.clock_max_ahead (milliseconds),
 * defined by idclock_init(), which _PG_init() calls.
 *
 * idclock_check_mover() refuses (42501), on shared clocks, anyone but
 * superusers and members of the mover role; detail says what the caller
 * moves.  idclock_check_ahead() refuses (22008) a move of clock id to word
 * further ahead of the system clock than idtypes.clock_max_ahead, unless
 * the caller is a superuser (who gets a warning): the one limit of every
 * function that moves a clock (function names it in the message), whatever
 * a scheme's own settings allow.  Past it the server does not come back to
 * real time by itself within the limit's bound (a day at most), and a clock
 * at the end of its range issues nothing until idtypes_rewind_clock().
 */
extern int	idtypes_clock_max_ahead;

extern char *idtypes_clock_mover_role;
extern void idclock_init(void);
extern void idclock_check_mover(IdSchemeId id, const char *detail);
extern void idclock_check_ahead(IdSchemeId id, uint64 word, const char *function);

/*
 * idclock_check_room() refuses (22008) a move of clock id to a word within
 * a day of the end of its range (that of its ids, or 2262), where the
 * server could soon generate no more of its ids.
 */
extern void idclock_check_room(IdSchemeId id, uint64 word, const char *function);

/*
 * The error of a function that moves a clock on a server without
 * shared_preload_libraries (55000); the word past which clock id moves to
 * pass a time t (the end of its microsecond, or of its tick when that is
 * longer), as idtypes_advance_clock() takes it (src/clock/sql.c).
 */
extern void idclock_check_shared(const char *function);
extern uint64 idclock_word_past(IdSchemeId id, TimestampTz t);

/*
 * The body of idtypes_advance_clock(past <type>), which each type's
 * template defines: clock id moved past time t (an id's time), after the
 * checks of idtypes_advance_clock(); returns the time the clock stands at.
 * idclock_advance_to_word() is the same for a clock word (a UUID's time
 * field).  idclock_names() lists the clocks for a hint ("a, b and c"), or
 * with uuid_versions the UUID versions that have one.
 */
extern Datum idclock_advance_past(IdSchemeId id, TimestampTz t);
extern Datum idclock_advance_to_word(IdSchemeId id, uint64 word);
extern char *idclock_names(bool uuid_versions);

/*
 * The count of the times a shared clock was moved back
 * (idtypes_rewind_clock()): a generator with a word of its own (uid8's
 * automatic generator ids) compares it with the count it saw, to follow the
 * clock down.
 */
extern uint64 idclock_rewinds(IdSchemeId id);

/*
 * The Unix time in nanoseconds of a clock word (its tick's start; 0 before
 * 1970, PG_INT64_MAX past 2262).
 */
static inline int64
idclock_ns_of_word(IdSchemeId id, uint64 word)
{
	return idscheme_ns_of_tick(word >> idschemes[id].counter_bits, &idschemes[id]);
}

/*
 * The subsystem in the module's life (idtypes.c): its settings, defined in
 * every process (idclock_init()); under shared_preload_libraries, what the
 * postmaster sets up (idclock_preload(): the WAL's resource manager, the
 * safe bound's transaction callback), and the shared memory of the clocks,
 * the state file and the safe bound, each under a name of its own, from the
 * server's hooks (idclock_shmem_request(), idclock_shmem_startup(), with
 * AddinShmemInitLock held).  The first startup resumes the clocks from the
 * state file; a state file whose clocks reach further ahead of the system
 * clock than a clock may be moved (idtypes.clock_max_ahead) plus the
 * reservation window gets a warning.
 */
extern void idclock_preload(void);
extern void idclock_shmem_request(void);
extern void idclock_shmem_startup(void);

#endif							/* IDTYPES_CLOCK_H */
