/*-------------------------------------------------------------------------
 *
 * clock.c
 *	  Monotonic id clocks: the one mechanism every generator uses to never
 *	  issue the same time twice, across backends, restarts and clock steps.
 *
 * A clock is a 64-bit word.  idclock_advance() moves it forward with a
 * compare-and-swap loop (lock-free: no backend ever waits for another on the
 * hot path) and returns the new value, which no other call on this server
 * returns.  The scheme's step function decides what "forward" means, e.g.
 * max(now, last + 1).  That hot path (reading the clocks, advancing,
 * checking the reservation) is inline in clock.h, in every generator; the
 * paths that wait, write or raise errors are here.
 *
 * Persistence ahead of use: in shared memory, each clock also has a
 * "reserved" value that the state file in the data directory covers.  A
 * value above it is only returned after the file has been rewritten (with
 * the value plus IDCLOCK_AHEAD_SECS of headroom) and fsynced, so the file is
 * written at most once every few seconds per busy clock.  At start the
 * clocks resume from the file, so after a crash or restart, even with the
 * system clock stepped back, nothing is reissued.  A clean shutdown writes
 * the exact last values (state.c).  Every extension of a reservation is
 * also a WAL record (wal.c), whose redo raises the clocks of a standby, a
 * restored backup or a server restarted after a crash
 * (idclock_redo_raise()).
 *
 * Under synchronous replication, a value is used only once the synchronous
 * standbys have confirmed a reservation that covers it
 * (idclock_sync_wait()): each clock keeps its two newest reservations with
 * the end of their records, so that a value below the previous one, which
 * the standbys have long confirmed, never waits for the newest.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock/clock.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <time.h>

#include "access/xlog.h"
#include "miscadmin.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "storage/spin.h"

#include "compat.h"
#include "internal.h"

/*
 * A reservation and its WAL record, for synchronous replication: the value
 * the reservation reaches, the end of its record, and whether it has none
 * yet (made during recovery, when no WAL can be written).  A reservation
 * that needs no record (the clock resumed from it, or redo raised it: no
 * value at or below it is used afterwards) has lsn 0 and is not unlogged.
 */
typedef struct IdClockRecord
{
	uint64		reserved;
	XLogRecPtr	lsn;
	bool		unlogged;
} IdClockRecord;

/*
 * A clock's two newest reservations: the newest, and the one before, which
 * covers every value up to its own and whose record is older.  Written
 * under the state file's lock, before the clock's reserved value is raised;
 * read under the spinlock.  A clock moved back (set_clock_back()) starts
 * them afresh, with its confirmed values, and counts it in rewinds, so that
 * a confirmation found for the reservations from before does not raise the
 * confirmed values again.
 */
typedef struct IdClockRecords
{
	slock_t		mutex;
	IdClockRecord newest;
	IdClockRecord previous;
	uint64		rewinds;
} IdClockRecords;

/*
 * Shared memory: the clocks, their reservations' records, and the
 * synchronous standbys their confirmed values speak for.
 */
typedef struct IdClockArea
{
	IdClock		clocks[IDSCHEME_COUNT];
	IdClockRecords records[IDSCHEME_COUNT];
	IdClockSyncView sync_view;
} IdClockArea;

/* The clocks in use: shared ones, or this backend's own. */
static IdClock local_clocks[IDSCHEME_COUNT];
IdClock    *idclock_array = NULL;
static IdClockArea *area = NULL;
static LWLock *state_lock = NULL;
bool		idclock_shared = false;

/* A backend's own: nothing confirmed by standbys, nothing to check. */
static IdClockSyncView local_sync_view = {.n = 0};
IdClockSyncView *idclock_sync_view = &local_sync_view;

static void set_record(IdSchemeId id, uint64 reserved, XLogRecPtr lsn, bool unlogged, bool alone);

int64
idclock_wall_ns(void)
{
	struct timespec ts;

	/* vDSO on Linux: tens of nanoseconds, no system call */
	clock_gettime(CLOCK_REALTIME, &ts);
	return idclock_timespec_ns(&ts);
}

/*
 * Every id a generator takes from a time past the count's range would carry
 * a wrong time (the range's end), so none is issued.
 */
void
idclock_past_range(void)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("the system clock is past the range of the id clocks"),
			 errdetail("The id clocks count nanoseconds since 1970 in 64 bits, until 2262-04-11 23:47:16 UTC."),
			 errhint("Correct the system clock.")));
	pg_unreachable();
}

/*
 * The word of the first id at Unix time ns (0 before the scheme's epoch;
 * the largest word once the ticks no longer fit, never a wrapped one).
 */
uint64
idclock_word_at(IdSchemeId id, int64 ns)
{
	const IdScheme *s = &idschemes[id];
	int64		ticks = idscheme_tick_at_ns(ns, s);

	if (ticks <= 0)
		return 0;
	if ((uint64) ticks > (PG_UINT64_MAX >> s->counter_bits))
		return PG_UINT64_MAX;
	return (uint64) ticks << s->counter_bits;
}

/* This backend's wall time at its last steady check of each clock. */
int64		idclock_steady_checked[IDSCHEME_COUNT];

void
idclock_steady_check(IdSchemeId id, int64 now)
{
	(void) idclock_steady_ns(id, now);
	idclock_steady_checked[id] = now;
}

/*
 * Raise a clock's steady offset (clock.h: idclock_steady_ns()) to ahead;
 * never lowers it.
 */
void
idclock_steady_raise(IdClock *c, int64 ahead)
{
	uint64		seen = pg_atomic_read_u64(&c->steady_offset);

	/* another backend may raise it further */
	while ((int64) seen < ahead &&
		   !pg_atomic_compare_exchange_u64(&c->steady_offset, &seen, (uint64) ahead))
		;
}

/* Backend-local clocks, until idclock_shmem_init() attaches shared ones. */
IdClock *
idclock_use_local(void)
{
	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		pg_atomic_init_u64(&local_clocks[i].last, 0);
		pg_atomic_init_u64(&local_clocks[i].reserved, PG_UINT64_MAX);
		pg_atomic_init_u64(&local_clocks[i].steady_offset, (uint64) PG_INT64_MIN);
		pg_atomic_init_u64(&local_clocks[i].moves, 0);
		pg_atomic_init_u64(&local_clocks[i].rewinds, 0);
		for (int k = 0; k < IDCLOCK_SYNC_LEVELS; k++)
			pg_atomic_init_u64(&local_clocks[i].confirmed[k], PG_UINT64_MAX);
	}
	idclock_array = local_clocks;
	return idclock_array;
}

void
idclock_exhausted(IdSchemeId id)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("the %s clock is exhausted", idschemes[id].name),
			 errdetail("The clock has reached the largest value its ids can hold.")));
	pg_unreachable();
}

/*
 * Raise the clock to at least value, so that everything issued afterwards
 * sorts after it (the receive rule of a hybrid logical clock).
 */
void
idclock_observe(IdSchemeId id, uint64 value)
{
	IdClock    *c = idclock_get(id);
	uint64		last = pg_atomic_read_u64(&c->last);

	if (!idclock_shared)
	{
		if (last < value)
			pg_atomic_write_u64(&c->last, value);
		return;
	}
	while (last < value && !pg_atomic_compare_exchange_u64(&c->last, &last, value))
		;

	/*
	 * Covered before the caller uses it, also when another backend raised the
	 * clock past it first and is still extending the reservation, or waiting
	 * for the standbys (a backend's own uid8 generator issues ids up to the
	 * value it observed).
	 */
	idclock_cover(id, c, value);
}

/*
 * Carry a clock's steady time (idclock_steady_ns()) up to the time of a
 * word it was raised to, as a start from the state file does: a generator
 * that bounds its lead over steady time (the UUIDs) would otherwise wait
 * for the wall clock to catch up.
 */
static void
raise_steady(IdSchemeId id, uint64 value)
{
	idclock_steady_raise(idclock_get(id), idclock_ns_of_word(id, value) - idclock_monotonic_ns());
}

void
idclock_move(IdSchemeId id, uint64 value)
{
	raise_steady(id, value);
	idclock_observe(id, value);
	pg_atomic_fetch_add_u64(&idclock_get(id)->moves, 1);
}

uint64
idclock_moves(IdSchemeId id)
{
	return pg_atomic_read_u64(&idclock_get(id)->moves);
}

uint64
idclock_rewinds(IdSchemeId id)
{
	return pg_atomic_read_u64(&idclock_get(id)->rewinds);
}

/* The highest value a clock has issued or observed (0 at first). */
uint64
idclock_last(IdSchemeId id)
{
	return pg_atomic_read_u64(&idclock_get(id)->last);
}

/*
 * Extend the reservation so that it covers value plus the window, and make
 * it durable.  With wait, before value is used (the slow path, once per
 * window per busy clock when the early extension did not happen); without,
 * only if the lock is free (the early extension).
 */
void
idclock_reserve(IdSchemeId id, uint64 value, bool wait)
{
	IdClock    *c = &idclock_array[id];

	if (wait)
		LWLockAcquire(state_lock, LW_EXCLUSIVE);
	else if (!LWLockConditionalAcquire(state_lock, LW_EXCLUSIVE))
		return;

	/*
	 * A value above the clock was taken before the clock was moved back
	 * (idclock_rewind(), under this lock): reserving it would carry the clock
	 * up again, in the file and in the WAL.
	 */
	if (value > pg_atomic_read_u64(&c->last))
	{
		LWLockRelease(state_lock);
		return;
	}
	if (idclock_add_saturating(value, idclock_reserve_window(id) / 2) > pg_atomic_read_u64(&c->reserved))
	{
		uint64		values[IDSCHEME_COUNT];

		for (int i = 0; i < IDSCHEME_COUNT; i++)
			values[i] = pg_atomic_read_u64(&idclock_array[i].reserved);
		values[id] = idclock_add_saturating(value, idclock_reserve_window(id));

		/*
		 * The early extension only runs ahead of need: if the file cannot be
		 * written now, the value at hand is still covered, so warn and let a
		 * later call try again (the one that needs it raises the error).
		 *
		 * The file first, then the WAL record (wal.c), both durable before
		 * the new reservation is used.  So every record is covered by the
		 * state file of any copy of the data directory made after it was
		 * inserted: a crash restart, a base backup or a snapshot replays the
		 * records after its checkpoint's redo point, and finds those before
		 * it, which were in the file before the checkpoint began, in the
		 * file.
		 */
		if (idclock_state_write(values, wait ? ERROR : WARNING))
		{
			XLogRecPtr	lsn = InvalidXLogRecPtr;
			bool		logged = idclock_wal_log(id, values[id], &lsn);

			/* the record known before the reservation is used */
			set_record(id, values[id], lsn, !logged, false);
			pg_write_barrier();
			pg_atomic_write_u64(&c->reserved, values[id]);
		}
	}
	LWLockRelease(state_lock);
}

/*
 * Note a clock's newest reservation (under the state file's lock); with
 * alone, it replaces the previous one too: nothing at or below the older
 * ones is used afterwards, or their record is this one.
 */
static void
set_record(IdSchemeId id, uint64 reserved, XLogRecPtr lsn, bool unlogged, bool alone)
{
	IdClockRecords *r = &area->records[id];

	SpinLockAcquire(&r->mutex);
	if (!alone)
		r->previous = r->newest;
	r->newest.reserved = reserved;
	r->newest.lsn = lsn;
	r->newest.unlogged = unlogged;
	if (alone)
		r->previous = r->newest;
	SpinLockRelease(&r->mutex);
}

/*
 * Raise a clock's confirmed value of a synchronous_commit level, unless the
 * clock was moved back since its records were read (rewinds).
 */
static void
raise_confirmed(IdSchemeId id, int level, uint64 value, uint64 rewinds, uint32 generation)
{
	IdClock    *c = &idclock_array[id];
	IdClockRecords *r = &area->records[id];
	uint64		seen;

	/*
	 * Not if the synchronous set changed since the wait began
	 * (idclock_sync_changed() drops the values under this spinlock after
	 * raising the generation).
	 */
	SpinLockAcquire(&r->mutex);
	seen = pg_atomic_read_u64(&c->confirmed[level]);
	while (r->rewinds == rewinds && seen < value &&
		   pg_atomic_read_u32(&area->sync_view.generation) == generation &&
		   !pg_atomic_compare_exchange_u64(&c->confirmed[level], &seen, value))
		;
	SpinLockRelease(&r->mutex);
}

/*
 * Record the walsender slots as they are now, if none are recorded (at the
 * first confirmation, and after a change): before the confirmed positions
 * are read, so that a confirmation is never older than the slots it is
 * checked against.
 */
static void
record_sync_view(void)
{
	IdClockSyncView *v = &area->sync_view;
	int			n = Min(max_wal_senders, IDCLOCK_SYNC_VIEW_MAX);
	pid_t		pid[IDCLOCK_SYNC_VIEW_MAX];
	int			priority[IDCLOCK_SYNC_VIEW_MAX];
	WalSndState state[IDCLOCK_SYNC_VIEW_MAX];

	if (v->n >= 0)
		return;
	for (int i = 0; i < n; i++)
	{
		volatile WalSnd *w = &WalSndCtl->walsnds[i];

		SpinLockAcquire(&w->mutex);
		pid[i] = w->pid;
		priority[i] = w->sync_standby_priority;
		state[i] = w->state;
		SpinLockRelease(&w->mutex);
	}
	SpinLockAcquire(&v->mutex);
	if (v->n < 0)
	{
		memcpy(v->pid, pid, n * sizeof(pid_t));
		memcpy(v->priority, priority, n * sizeof(int));
		memcpy(v->state, state, n * sizeof(WalSndState));
		pg_write_barrier();
		v->n = n;
	}
	SpinLockRelease(&v->mutex);
}

/*
 * The hot path found a walsender slot changed (clock.h): drop every clock's confirmed values, and have the next
 * values wait for a record written now, which the standbys synchronous
 * from now on must confirm (WAL is confirmed in order: they then have every
 * reservation before it).  Once per change, for all backends.
 */
void
idclock_sync_changed(void)
{
	IdClockSyncView *v = &area->sync_view;
	XLogRecPtr	barrier;

	if (!idclock_shared || !IsUnderPostmaster || RecoveryInProgress())
		return;
	LWLockAcquire(state_lock, LW_EXCLUSIVE);
	if (idclock_sync_view_holds())
	{
		/* another backend saw it first */
		LWLockRelease(state_lock);
		return;
	}
	barrier = idclock_wal_log_barrier();
	if (XLogRecPtrIsInvalid(barrier))
	{
		/* no WAL can be written: the next call tries again */
		LWLockRelease(state_lock);
		return;
	}
	SpinLockAcquire(&v->mutex);
	pg_atomic_fetch_add_u32(&v->generation, 1);
	v->barrier = barrier;
	v->n = -1;
	SpinLockRelease(&v->mutex);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		SpinLockAcquire(&area->records[i].mutex);
		for (int k = 0; k < IDCLOCK_SYNC_LEVELS; k++)
			pg_atomic_write_u64(&area->clocks[i].confirmed[k], 0);
		SpinLockRelease(&area->records[i].mutex);
	}
	LWLockRelease(state_lock);
}

/*
 * A reservation made during recovery has no WAL record: after promotion,
 * the first value that needs it writes one, for the reservation as it now
 * stands, which then covers every value up to it.  False if the server still
 * cannot write WAL.
 */
static bool
log_unlogged(IdSchemeId id)
{
	IdClockRecords *r = &area->records[id];
	bool		unlogged;
	bool		logged = true;

	LWLockAcquire(state_lock, LW_EXCLUSIVE);
	SpinLockAcquire(&r->mutex);
	unlogged = r->newest.unlogged || r->previous.unlogged;
	SpinLockRelease(&r->mutex);
	if (unlogged)
	{
		uint64		reserved = pg_atomic_read_u64(&idclock_array[id].reserved);
		XLogRecPtr	lsn = InvalidXLogRecPtr;

		logged = idclock_wal_log(id, reserved, &lsn);
		if (logged)
			set_record(id, reserved, lsn, false, true);
	}
	LWLockRelease(state_lock);
	return logged;
}

/*
 * The slow path of idclock_sync_cover() (clock.h): value is above what the
 * synchronous standbys are known to have confirmed at the session's level.
 * Find the oldest of the clock's two newest reservations that covers value,
 * and if the standbys have not confirmed its record yet, wait for them
 * (holding no lock).  Then raise the clock's confirmed value, to the newest
 * reservation if the standbys have confirmed that too, so that the next
 * values do not come here until they pass it.
 */
void
idclock_sync_wait(IdSchemeId id, uint64 value, int commit_level)
{
	IdClockRecords *r = &area->records[id];
	int			level = commit_level - SYNCHRONOUS_COMMIT_REMOTE_WRITE;
	IdClockRecord newest;
	IdClockRecord need;
	uint64		rewinds;
	XLogRecPtr	done;

	/*
	 * Nothing confirms what a server in recovery generates (it writes no
	 * WAL), nor what a single-user server writes (no walsenders).
	 */
	if (!IsUnderPostmaster || RecoveryInProgress())
		return;

	/*
	 * Until a confirmation is found that the walsender slots recorded still
	 * speak for: a change seen on the way (by this backend or another) starts
	 * over, with the barrier written for it.
	 */
	for (int attempt = 0;; attempt++)
	{
		uint32		generation;
		XLogRecPtr	barrier;
		XLogRecPtr	wait_for;

		if (!idclock_sync_view_holds())
		{
			idclock_sync_changed();
			/* a change no barrier could be written for: as without WAL */
			if (!idclock_sync_view_holds() && attempt > 0)
				return;
		}
		record_sync_view();
		SpinLockAcquire(&area->sync_view.mutex);
		generation = pg_atomic_read_u32(&area->sync_view.generation);
		barrier = area->sync_view.barrier;
		SpinLockRelease(&area->sync_view.mutex);

		for (;;)
		{
			/* the reservation idclock_cover() read, then its record */
			pg_memory_barrier();
			SpinLockAcquire(&r->mutex);
			newest = r->newest;
			need = value <= r->previous.reserved ? r->previous : r->newest;
			rewinds = r->rewinds;
			SpinLockRelease(&r->mutex);
			if (!newest.unlogged && !need.unlogged)
				break;
			if (!log_unlogged(id))
				return;
		}

		/*
		 * A value above the newest reservation known here (cannot happen: it
		 * was noted before the reservation was raised): everything flushed so
		 * far, which holds the record that covers it.
		 */
		if (value > newest.reserved)
		{
			need.reserved = value;
			need.lsn = GetFlushRecPtr(NULL);
			newest = need;
		}

		/*
		 * After a change of the synchronous set, a record is confirmed only
		 * with the barrier written then: core's confirmed positions may still
		 * be the old set's.
		 */
		done = idclock_wal_confirmed(level);
		wait_for = Max(need.lsn, barrier);
		if (!(newest.lsn <= done && barrier <= done) && wait_for > done &&
			!idclock_wal_wait(wait_for, level))
			return;				/* no longer in effect: nothing confirmed */
		if (!idclock_sync_view_holds() ||
			pg_atomic_read_u32(&area->sync_view.generation) != generation)
			continue;
		raise_confirmed(id, level, newest.lsn <= done && barrier <= done ? newest.reserved : need.reserved,
						rewinds, generation);
		return;
	}
}

/* clock.h: idclock_commit_level() */
struct config_generic *idclock_commit_guc = NULL;

int
idclock_commit_level_stacked(void)
{
	int			level = synchronous_commit;

	if (idclock_commit_guc == NULL)
	{
		idclock_commit_guc = IDTYPES_FIND_GUC("synchronous_commit");
		if (idclock_commit_guc == NULL)
			elog(ERROR, "setting synchronous_commit not found");
	}
	/* a function's SET clause saved the value its caller had */
	for (GucStack *stack = idclock_commit_guc->stack; stack != NULL; stack = stack->prev)
		if (stack->state == GUC_SAVE && stack->prior.val.intval > level)
			level = stack->prior.val.intval;
	return level;
}

/*
 * Redo of a reservation (wal.c), in the startup process or a
 * single-user server replaying WAL: raise the clock to the reservation of
 * the server that wrote the record, so that nothing issued here afterwards
 * sorts at or below what that server could have issued, and put it in the
 * state file, so that a restart (of a standby, say, which replays only from
 * its last restartpoint) keeps it.  Only ever raises.  The startup process
 * is no backend: no transaction, no catalog, and an error here ends it and
 * the recovery, so the only error is a state file that cannot be written,
 * which must stop recovery rather than let the clock go unrecorded.
 */
void
idclock_redo_raise(int clock, uint64 reserved)
{
	IdClock    *c;
	uint64		value = reserved;
	uint64		last;

	/* a newer version's clock: nothing in this version issues from it */
	if (clock < 0 || clock >= IDSCHEME_COUNT || !idclock_shared)
		return;
	c = &idclock_array[clock];
	/* as at a start from the state file: at the end of the tick */
	if (idschemes[clock].resume_after_tick && value != 0)
		value |= (UINT64CONST(1) << idschemes[clock].counter_bits) - 1;

	LWLockAcquire(state_lock, LW_EXCLUSIVE);
	last = pg_atomic_read_u64(&c->last);
	while (last < value && !pg_atomic_compare_exchange_u64(&c->last, &last, value))
		;
	pg_atomic_fetch_add_u64(&c->moves, 1);
	raise_steady(clock, value);
	if (value > pg_atomic_read_u64(&c->reserved))
	{
		uint64		values[IDSCHEME_COUNT];

		for (int i = 0; i < IDSCHEME_COUNT; i++)
			values[i] = pg_atomic_read_u64(&idclock_array[i].reserved);
		values[clock] = value;
		idclock_state_write(values, ERROR);
		/* nothing at or below it is used here afterwards: no record needed */
		set_record(clock, value, InvalidXLogRecPtr, false, true);
		pg_write_barrier();
		pg_atomic_write_u64(&c->reserved, value);
	}
	LWLockRelease(state_lock);
}

/*
 * A clock moved back to word: its reservations start afresh from there (no
 * value at or below it is used afterwards), and so do its confirmed values;
 * every value above it waits for a new reservation's record, which follows
 * the record of the move back.
 */
static void
reset_records(int clock, uint64 word)
{
	IdClockRecords *r = &area->records[clock];

	SpinLockAcquire(&r->mutex);
	r->newest.reserved = word;
	r->newest.lsn = InvalidXLogRecPtr;
	r->newest.unlogged = false;
	r->previous = r->newest;
	r->rewinds++;
	for (int k = 0; k < IDCLOCK_SYNC_LEVELS; k++)
		pg_atomic_write_u64(&idclock_array[clock].confirmed[k], word);
	SpinLockRelease(&r->mutex);
}

/*
 * Move a shared clock back to word, with the state lock held: the clock's
 * value and reservation, the state file, and what follows a clock's value
 * (its steady time, the safe bound's highest value returned, the counts
 * that generators with a word of their own compare).  A value a backend
 * took above word just before is not reserved (idclock_reserve()).
 */
static void
set_clock_back(int clock, uint64 word)
{
	IdClock    *c = &idclock_array[clock];
	uint64		values[IDSCHEME_COUNT];

	for (int i = 0; i < IDSCHEME_COUNT; i++)
		values[i] = pg_atomic_read_u64(&idclock_array[i].reserved);
	values[clock] = word;
	idclock_state_write(values, ERROR);
	pg_atomic_write_u64(&c->last, word);
	reset_records(clock, word);
	pg_atomic_write_u64(&c->reserved, word);
	pg_atomic_write_u64(&c->steady_offset,
						(uint64) (Max(idclock_ns_of_word(clock, word), idclock_wall_ns()) -
								  idclock_monotonic_ns()));
	pg_atomic_fetch_add_u64(&c->rewinds, 1);
	pg_atomic_fetch_add_u64(&c->moves, 1);
	idbound_clock_rewound(clock);
}

/*
 * idtypes_rewind_clock(): the state file first, then the WAL record, as for
 * a reservation (idclock_reserve()); a crash between the two leaves the
 * clock where it was, since redo raises it again from the records before.
 */
void
idclock_rewind(IdSchemeId id, uint64 word)
{
	Assert(idclock_shared);
	LWLockAcquire(state_lock, LW_EXCLUSIVE);
	set_clock_back(id, word);
	idclock_wal_log_rewind(id, word);
	LWLockRelease(state_lock);
}

/*
 * Redo of a clock moved back, in the startup process: the records before it
 * raised the clock, this one brings it down as it was brought down on the
 * server that wrote it, and the records after it raise it again.
 */
void
idclock_redo_rewind(int clock, uint64 word)
{
	/* a newer version's clock: nothing in this version issues from it */
	if (clock < 0 || clock >= IDSCHEME_COUNT || !idclock_shared)
		return;
	LWLockAcquire(state_lock, LW_EXCLUSIVE);
	set_clock_back(clock, word);
	LWLockRelease(state_lock);
}

/*
 * Shared memory: the clocks' own, the state file's and the safe bound's,
 * each under a name of its own; the lock of the state file and the
 * reservations.
 */
#define IDCLOCK_SHMEM_NAME		"idtypes clocks"

void
idclock_shmem_request(void)
{
	RequestAddinShmemSpace(add_size(add_size(CACHELINEALIGN(sizeof(IdClockArea)),
											 CACHELINEALIGN(idclock_state_shmem_size())),
									CACHELINEALIGN(idbound_shmem_size())));
	RequestNamedLWLockTranche(IDCLOCK_SHMEM_NAME, 1);
}

/*
 * Attach the shared clocks, in the postmaster at start and after a crash
 * reinitialisation (backends inherit the pointers): the first attach
 * resumes them from the state file (idclock_state_start()).
 */
void
idclock_shmem_startup(void)
{
	bool		found;

	area = ShmemInitStruct(IDCLOCK_SHMEM_NAME, sizeof(IdClockArea), &found);
	idclock_sync_view = &area->sync_view;
	idclock_state_shmem_init();
	if (!found)
	{
		uint64		values[IDSCHEME_COUNT] = {0};
		int64		mono = idclock_monotonic_ns();

		SpinLockInit(&area->sync_view.mutex);
		pg_atomic_init_u32(&area->sync_view.generation, 0);
		area->sync_view.n = -1;
		area->sync_view.barrier = InvalidXLogRecPtr;
		idclock_state_start(values);
		for (int i = 0; i < IDSCHEME_COUNT; i++)
		{
			if (idschemes[i].resume_after_tick && values[i] != 0)
				values[i] |= (UINT64CONST(1) << idschemes[i].counter_bits) - 1;
			pg_atomic_init_u64(&area->clocks[i].last, values[i]);
			pg_atomic_init_u64(&area->clocks[i].reserved, values[i]);
			/* every value used from now on is above it: nothing to confirm */
			for (int k = 0; k < IDCLOCK_SYNC_LEVELS; k++)
				pg_atomic_init_u64(&area->clocks[i].confirmed[k], values[i]);
			SpinLockInit(&area->records[i].mutex);
			area->records[i].newest.reserved = values[i];
			area->records[i].newest.lsn = InvalidXLogRecPtr;
			area->records[i].newest.unlogged = false;
			area->records[i].previous = area->records[i].newest;
			area->records[i].rewinds = 0;
			/* steady time starts at the resumed value, if that is ahead */
			pg_atomic_init_u64(&area->clocks[i].moves, 0);
			pg_atomic_init_u64(&area->clocks[i].rewinds, 0);
			pg_atomic_init_u64(&area->clocks[i].steady_offset,
							   (uint64) (idclock_ns_of_word(i, values[i]) - mono));
		}
	}
	idclock_array = area->clocks;
	state_lock = &(GetNamedLWLockTranche(IDCLOCK_SHMEM_NAME))->lock;
	idclock_shared = true;
	idbound_shmem_init();
	/* the postmaster (or a single-user backend) writes the last values */
	if (!IsUnderPostmaster)
		on_shmem_exit(idclock_state_save, (Datum) 0);
}

/*
 * Under shared_preload_libraries, in the postmaster: the WAL's resource
 * manager and the safe bound's transaction callback, which every process
 * inherits.
 */
void
idclock_preload(void)
{
	idbound_init();
	idclock_wal_register();
}
