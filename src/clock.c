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
 * the exact last values.  Every extension of a reservation is also a WAL
 * record (clockwal.c), whose redo raises the clocks of a standby, a
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
 * src/clock.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "access/xlog.h"
#include "miscadmin.h"
#include "port/pg_crc32c.h"
#include "storage/fd.h"
#include "storage/ipc.h"
#include "storage/spin.h"

#include "bound.h"
#include "clock.h"
#include "compat.h"

#define IDCLOCK_STATE_HEADER	"idtypes state 1\n"
/*
 * Room for the lines of a newer version's clocks carried through a rewrite
 * (64 kB: a file with more is damaged), and the largest state file read:
 * that much, plus this version's own lines (the header, one line per
 * clock, the CRC), so that every file this version writes it reads back,
 * and a file that carries 64 kB of unknown lines keeps all of them.
 */
#define IDCLOCK_CARRIED_MAX		65536
#define IDCLOCK_OWN_MAX			4096
#define IDCLOCK_STATE_MAXLEN	69632	/* the two above */
StaticAssertDecl(IDCLOCK_STATE_MAXLEN == IDCLOCK_CARRIED_MAX + IDCLOCK_OWN_MAX,
				 "the largest state file holds the carried lines and the own ones");

/*
 * The marker of a data directory whose clocks have been in use: a missing
 * state file beside it is a lost one, never a first start.
 */
#define IDCLOCK_MARKER_FILE		"idtypes.started"
#define IDCLOCK_DAMAGED_FILE	IDCLOCK_STATE_FILE ".damaged"


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
 * Shared memory: the clocks, their reservations' records, and the state
 * file lines of clocks this version does not know (written by a newer one),
 * carried through every rewrite.
 */
typedef struct IdClockArea
{
	IdClock		clocks[IDSCHEME_COUNT];
	IdClockRecords records[IDSCHEME_COUNT];
	char		carried[IDCLOCK_CARRIED_MAX + 1];
} IdClockArea;

/* The clocks in use: shared ones, or this backend's own. */
static IdClock local_clocks[IDSCHEME_COUNT];
IdClock    *idclock_array = NULL;
static IdClockArea *area = NULL;
static LWLock *state_lock = NULL;
bool		idclock_shared = false;

/* What the start found in the data directory. */
typedef enum StateFileResult
{
	STATE_FILE_OK,				/* read and trusted */
	STATE_FILE_MISSING,			/* no file */
	STATE_FILE_UNTRUSTED		/* damaged or unreadable: moved aside */
} StateFileResult;

/* File contents are built and read here, not on the stack (68 kB). */
static char state_buf[IDCLOCK_STATE_MAXLEN + 2];

/*
 * The postmaster's copy of the clocks, taken when a backend crash makes it
 * reinitialise shared memory: the values the state file covered then, which
 * the reinitialisation resumes from even if the file has gone meanwhile.
 */
static uint64 reinit_values[IDSCHEME_COUNT];
static char reinit_carried[IDCLOCK_CARRIED_MAX + 1];
static bool reinit_known = false;

static bool write_state_file(const uint64 *values, int elevel);
static void set_record(IdSchemeId id, uint64 reserved, XLogRecPtr lsn, bool unlogged, bool alone);
pg_noreturn static void state_file_inaccessible(const char *what);
static StateFileResult read_state_file(uint64 *values);

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

static inline uint64
add_saturating(uint64 a, uint64 b)
{
	return a > PG_UINT64_MAX - b ? PG_UINT64_MAX : a + b;
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
	if (add_saturating(value, idclock_reserve_window(id) / 2) > pg_atomic_read_u64(&c->reserved))
	{
		uint64		values[IDSCHEME_COUNT];

		for (int i = 0; i < IDSCHEME_COUNT; i++)
			values[i] = pg_atomic_read_u64(&idclock_array[i].reserved);
		values[id] = add_saturating(value, idclock_reserve_window(id));

		/*
		 * The early extension only runs ahead of need: if the file cannot be
		 * written now, the value at hand is still covered, so warn and let a
		 * later call try again (the one that needs it raises the error).
		 *
		 * The file first, then the WAL record (clockwal.c), both durable
		 * before the new reservation is used.  So every record is covered by
		 * the state file of any copy of the data directory made after it was
		 * inserted: a crash restart, a base backup or a snapshot replays the
		 * records after its checkpoint's redo point, and finds those before
		 * it, which were in the file before the checkpoint began, in the
		 * file.
		 */
		if (write_state_file(values, wait ? ERROR : WARNING))
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
raise_confirmed(IdSchemeId id, int level, uint64 value, uint64 rewinds)
{
	IdClock    *c = &idclock_array[id];
	IdClockRecords *r = &area->records[id];
	uint64		seen;

	SpinLockAcquire(&r->mutex);
	seen = pg_atomic_read_u64(&c->confirmed[level]);
	while (r->rewinds == rewinds && seen < value &&
		   !pg_atomic_compare_exchange_u64(&c->confirmed[level], &seen, value))
		;
	SpinLockRelease(&r->mutex);
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
idclock_sync_wait(IdSchemeId id, uint64 value)
{
	IdClockRecords *r = &area->records[id];
	int			level = synchronous_commit - SYNCHRONOUS_COMMIT_REMOTE_WRITE;
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
	 * A value above the newest reservation known here (cannot happen: it was
	 * noted before the reservation was raised): everything flushed so far,
	 * which holds the record that covers it.
	 */
	if (value > newest.reserved)
	{
		need.reserved = value;
		need.lsn = GetFlushRecPtr(NULL);
		newest = need;
	}

	done = idclock_wal_confirmed(level);
	if (newest.lsn <= done)
	{
		raise_confirmed(id, level, newest.reserved, rewinds);
		return;
	}
	if (need.lsn > done && !idclock_wal_wait(need.lsn, level))
		return;					/* no longer in effect: nothing confirmed */
	raise_confirmed(id, level, need.reserved, rewinds);
}

/*
 * Redo of a reservation (clockwal.c), in the startup process or a
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
		write_state_file(values, ERROR);
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
	write_state_file(values, ERROR);
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

Size
idclock_shmem_size(void)
{
	return sizeof(IdClockArea);
}

/* Whether a file exists in the data directory. */
static bool
data_file_exists(const char *name)
{
	struct stat st;

	return stat(name, &st) == 0;
}

/*
 * Create the marker of a data directory that has run the clocks, durably
 * (fsynced with its directory), if it is not there yet.
 */
static void
write_marker(void)
{
	const char *text = "idtypes id clocks have run in this data directory: "
	IDCLOCK_STATE_FILE " must not be missing\n";
	const char *tmp = IDCLOCK_MARKER_FILE ".tmp";
	int			fd;
	int			len = strlen(text);

	if (data_file_exists(IDCLOCK_MARKER_FILE))
		return;
	fd = OpenTransientFile(tmp, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);
	if (fd < 0)
		ereport(FATAL,
				(errcode_for_file_access(),
				 errmsg("could not create file \"%s\": %m", tmp)));
	errno = 0;
	if (write(fd, text, len) != len)
	{
		if (errno == 0)
			errno = ENOSPC;
		ereport(FATAL,
				(errcode_for_file_access(),
				 errmsg("could not write file \"%s\": %m", tmp)));
	}
	if (CloseTransientFile(fd) != 0)
		ereport(FATAL,
				(errcode_for_file_access(),
				 errmsg("could not close file \"%s\": %m", tmp)));
	(void) durable_rename(tmp, IDCLOCK_MARKER_FILE, FATAL);
}

/*
 * A state file whose values are far ahead of the system clock: the clocks
 * resume from it anyway (going back could reissue ids), but the log says so,
 * and how to start over if the file, not the clock, is wrong.
 */
static void
warn_if_future(const uint64 *values)
{
	int64		now = idclock_wall_ns();
	int64		tolerance_ms = (int64) idtypes_clock_max_ahead + IDCLOCK_AHEAD_SECS * 1000;
	char		ahead[512] = "";
	int			len = 0;

	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		int64		at = idclock_ns_of_word(i, values[i]);

		if (values[i] != 0 && at - now > tolerance_ms * INT64CONST(1000000))
			len += snprintf(ahead + len, sizeof(ahead) - len, "%s%s " INT64_FORMAT " s",
							len > 0 ? ", " : "", idschemes[i].name,
							(at - now) / INT64CONST(1000000000));
		if (len >= (int) sizeof(ahead))
			break;
	}
	if (len == 0)
		return;
	ereport(WARNING,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("idtypes state file \"%s\" is far ahead of the system clock: %s",
					IDCLOCK_STATE_FILE, ahead),
			 errdetail("The id clocks resume from the file, so every new id of these schemes carries a time that far ahead; "
					   "a file may reach at most " INT64_FORMAT " s ahead (idtypes.clock_max_ahead plus %d s).",
					   tolerance_ms / 1000, IDCLOCK_AHEAD_SECS),
			 errhint("If the system clock is wrong, correct it.  If a clock was moved that far by mistake, a superuser can move "
					 "it back with idtypes_rewind_clock(), which keeps the other clocks where they are.  "
					 "If the file is wrong (copied from another server, or edited) "
					 "and no id was issued from it, stop the server, remove \"%s\", \"%s\" and \"%s\" (those of them that exist), "
					 "and start it again: the clocks then start from the system clock.",
					 IDCLOCK_STATE_FILE, IDCLOCK_MARKER_FILE, IDCLOCK_DAMAGED_FILE)));
}

/*
 * Attach the shared clocks.  The first attach (in the postmaster, at start
 * and after a crash reinitialisation, before any connection is accepted)
 * resumes them from the state file, and makes sure that a state file
 * covering them is on disk before any id is issued: a damaged file's
 * replacement is written at once, so that a crash before the first id
 * cannot lose what the damaged file's replacement values cover, and a
 * missing file in a data directory that has run the clocks before stops
 * the start.
 */
void
idclock_shmem_init(void *shared, LWLock *lock, bool found)
{
	area = (IdClockArea *) shared;
	if (!found)
	{
		uint64		values[IDSCHEME_COUNT] = {0};
		int64		mono = idclock_monotonic_ns();

		area->carried[0] = '\0';
		switch (read_state_file(values))
		{
			case STATE_FILE_OK:
				warn_if_future(values);
				break;
			case STATE_FILE_MISSING:
				if (reinit_known)
				{
					/*
					 * A reinitialisation after a backend crash, the file gone
					 * since the start: the postmaster knows what it covered.
					 */
					memcpy(values, reinit_values, sizeof(reinit_values));
					strlcpy(area->carried, reinit_carried, sizeof(area->carried));
					write_state_file(values, FATAL);
					ereport(WARNING,
							(errcode(ERRCODE_DATA_CORRUPTED),
							 errmsg("idtypes state file \"%s\" was missing after a backend crash, and was written again",
									IDCLOCK_STATE_FILE),
							 errdetail("The id clocks resume from the values the server held before the crash.")));
					break;
				}
				if (data_file_exists(IDCLOCK_MARKER_FILE) || data_file_exists(IDCLOCK_DAMAGED_FILE))
					ereport(FATAL,
							(errcode(ERRCODE_DATA_CORRUPTED),
							 errmsg("idtypes state file \"%s\" is missing, but the id clocks have run in this data directory before",
									IDCLOCK_STATE_FILE),
							 errdetail("Without the file, ids issued before could be issued again, or sort after new ones."),
							 errhint("Restore \"%s\" (from a backup or snapshot of this data directory) with its owner "
									 "and mode (\"cp -p\"): the operating system user that runs the server must be able to read it.  "
									 "To start the clocks from the system clock instead, which is safe only if the system clock is "
									 "past every id issued before, remove \"%s\" and \"%s\" (those of them that exist).",
									 IDCLOCK_STATE_FILE, IDCLOCK_MARKER_FILE, IDCLOCK_DAMAGED_FILE)));
				/* a first start: a file, so that a crash cannot look like one */
				write_state_file(values, FATAL);
				break;
			case STATE_FILE_UNTRUSTED:
				warn_if_future(values);
				/* the replacement values are on disk before any id is issued */
				write_state_file(values, FATAL);
				break;
		}

		/*
		 * After a backend crash: never behind what the server held, and the
		 * file covers what the clocks resume from.
		 */
		if (reinit_known)
		{
			bool		raised = false;

			for (int i = 0; i < IDSCHEME_COUNT; i++)
			{
				raised |= reinit_values[i] > values[i];
				values[i] = Max(values[i], reinit_values[i]);
			}
			if (raised)
				write_state_file(values, FATAL);
			reinit_known = false;
		}
		write_marker();
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
	state_lock = lock;
	idclock_shared = true;
}

/*
 * on_shmem_exit callback of the postmaster: on a clean shutdown all backends
 * are gone, so the last values are final and the file can hold them exactly.
 * After a crash (code != 0) the file already covers everything issued; the
 * postmaster, which goes on to reinitialise shared memory, keeps what the
 * clocks held (the larger of issued and covered, for a clock caught between
 * the two) for the reinitialisation, which then needs no file.
 * Only the postmaster (or a single-user backend) may do this: while other
 * backends run, a value below the reservation would break the guarantee.
 */
void
idclock_save_state(int code, Datum arg)
{
	uint64		values[IDSCHEME_COUNT];

	if (IsUnderPostmaster || !idclock_shared)
		return;
	if (code != 0)
	{
		for (int i = 0; i < IDSCHEME_COUNT; i++)
			reinit_values[i] = Max(pg_atomic_read_u64(&idclock_array[i].last),
								   pg_atomic_read_u64(&idclock_array[i].reserved));
		strlcpy(reinit_carried, area->carried, sizeof(reinit_carried));
		reinit_known = true;
		return;
	}
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		values[i] = pg_atomic_read_u64(&idclock_array[i].last);
	write_state_file(values, LOG);
}

/*
 * The state file is text, one "name value" line per clock, then a CRC-32C of
 * everything before it, so that a damaged file is recognised as such.
 */
static int
format_state(char *buf, const uint64 *values)
{
	int			len;
	pg_crc32c	crc;

	len = snprintf(buf, IDCLOCK_STATE_MAXLEN, "%s", IDCLOCK_STATE_HEADER);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		len += snprintf(buf + len, IDCLOCK_STATE_MAXLEN - len, "%s " UINT64_FORMAT "\n",
						idschemes[i].name, values[i]);
	len += snprintf(buf + len, IDCLOCK_STATE_MAXLEN - len, "%s", area->carried);
	INIT_CRC32C(crc);
	COMP_CRC32C(crc, buf, len);
	FIN_CRC32C(crc);
	len += snprintf(buf + len, IDCLOCK_STATE_MAXLEN - len, "crc %08x\n", crc);
	return len;
}

static bool
write_state_file(const uint64 *values, int elevel)
{
	char	   *buf = state_buf;
	const char *tmp = IDCLOCK_STATE_FILE ".tmp";
	int			len = format_state(buf, values);
	int			fd;

	fd = OpenTransientFile(tmp, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);
	if (fd < 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not create idtypes state file \"%s\": %m", tmp)));
		return false;
	}
	errno = 0;
	if (write(fd, buf, len) != len)
	{
		int			save_errno = errno ? errno : ENOSPC;

		CloseTransientFile(fd);
		errno = save_errno;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not write idtypes state file \"%s\": %m", tmp)));
		return false;
	}
	if (CloseTransientFile(fd) != 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not close idtypes state file \"%s\": %m", tmp)));
		return false;
	}

	/*
	 * durable_rename() fsyncs the file, renames it and fsyncs the directory,
	 * so the new contents survive a crash and a torn file is never seen.
	 */
	return durable_rename(tmp, IDCLOCK_STATE_FILE, elevel) == 0;
}

/*
 * A state file that cannot be trusted: keep it for inspection, and resume the
 * clocks from the time it was last written plus the reservation window (what
 * it covered, unless the clocks had run ahead of the wall clock), or from the
 * wall clock if even that is unknown.
 */
static void
state_file_untrusted(uint64 *values, const char *why)
{
	struct stat st;
	int64		written_ns = idclock_wall_ns();
	bool		have_mtime = stat(IDCLOCK_STATE_FILE, &st) == 0;

	/* st_mtime is whole seconds: round up */
	if (have_mtime)
		written_ns = ((int64) st.st_mtime + 1) * INT64CONST(1000000000);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		values[i] = add_saturating(idclock_word_at(i, written_ns), idclock_reserve_window(i));
	area->carried[0] = '\0';

	if (have_mtime && rename(IDCLOCK_STATE_FILE, IDCLOCK_DAMAGED_FILE) != 0)
		ereport(FATAL,
				(errcode_for_file_access(),
				 errmsg("could not rename file \"%s\" to \"%s\": %m",
						IDCLOCK_STATE_FILE, IDCLOCK_DAMAGED_FILE)));
	ereport(WARNING,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("idtypes state file \"%s\" %s", IDCLOCK_STATE_FILE, why),
			 errdetail("The id clocks resume from %s plus %d seconds, and a new state file holding that was written; "
					   "ids issued before this start are only sure to sort before new ones if the clocks were not ahead of the system clock then.",
					   have_mtime ? "the time the file was last written" : "the current time",
					   IDCLOCK_AHEAD_SECS),
			 have_mtime ? errhint("The file was moved to \"%s\" for inspection.",
								  IDCLOCK_DAMAGED_FILE) : 0));
}

/*
 * A state file that exists but cannot be opened or read (its owner or mode,
 * an I/O error) may well hold good values: nothing is known to be wrong
 * with its contents, so it is neither moved aside nor replaced, and the
 * start stops until it can be read.  (Resuming from its time would reissue
 * ids whenever the clocks ran ahead of the system clock.)
 */
static void
state_file_inaccessible(const char *what)
{
	int			save_errno = errno;

	ereport(FATAL,
			(errcode_for_file_access(),
			 errmsg("could not %s idtypes state file \"%s\": %m", what, IDCLOCK_STATE_FILE),
			 errdetail("The id clocks resume from this file; the server does not start until it can read it.  "
					   "The file was left as it is."),
			 save_errno == EACCES || save_errno == EPERM ?
			 errhint("Give the file to the operating system user that runs the server, readable and writable by it "
					 "(chown, chmod 0600); a file restored as another user (root, say) keeps that user unless copied "
					 "with its owner, as \"cp -p\" does.") :
			 errhint("Check the file and the storage under the data directory (the system log may say more), "
					 "then start the server again.")));
}

/*
 * Read the state file into values; lines of clocks this version does not
 * know go, whole, to the carried text.
 */
static StateFileResult
read_state_file(uint64 *values)
{
	char	   *buf = state_buf;
	char	   *crcline;
	char	   *line;
	char	   *saveptr;
	int			fd;
	int			len;
	unsigned int stored;
	pg_crc32c	crc;
	size_t		carried = 0;

	fd = OpenTransientFile(IDCLOCK_STATE_FILE, O_RDONLY | PG_BINARY);
	if (fd < 0)
	{
		if (errno == ENOENT)
			return STATE_FILE_MISSING;
		state_file_inaccessible("open");
	}
	/* one byte more than a file may hold, to see a larger one */
	len = read(fd, buf, IDCLOCK_STATE_MAXLEN + 1);
	if (len < 0)
		state_file_inaccessible("read");
	CloseTransientFile(fd);
	if (len > IDCLOCK_STATE_MAXLEN)
	{
		state_file_untrusted(values, "is larger than " CppAsString2(IDCLOCK_STATE_MAXLEN) " bytes");
		return STATE_FILE_UNTRUSTED;
	}
	buf[len] = '\0';

	crcline = strstr(buf, "\ncrc ");
	if (strncmp(buf, IDCLOCK_STATE_HEADER, strlen(IDCLOCK_STATE_HEADER)) != 0 ||
		crcline == NULL || sscanf(crcline + 1, "crc %8x", &stored) != 1)
		goto damaged;
	crcline++;
	INIT_CRC32C(crc);
	COMP_CRC32C(crc, buf, crcline - buf);
	FIN_CRC32C(crc);
	if (crc != (pg_crc32c) stored)
		goto damaged;

	*crcline = '\0';
	line = strtok_r(buf + strlen(IDCLOCK_STATE_HEADER), "\n", &saveptr);
	for (; line != NULL; line = strtok_r(NULL, "\n", &saveptr))
	{
		size_t		namelen = strcspn(line, " ");
		bool		known = false;

		for (int i = 0; i < IDSCHEME_COUNT; i++)
		{
			unsigned long long value;
			char		extra;

			if (strlen(idschemes[i].name) != namelen ||
				strncmp(line, idschemes[i].name, namelen) != 0)
				continue;
			if (sscanf(line + namelen, " %llu%c", &value, &extra) != 1)
				goto damaged;
			values[i] = (uint64) value;
			known = true;
		}
		/* a newer version's line: keep it, whole, for every rewrite */
		if (!known)
		{
			size_t		l = strlen(line);

			/* more than the room for them: never drop a line silently */
			if (carried + l + 1 > IDCLOCK_CARRIED_MAX)
			{
				state_file_untrusted(values, "has more than " CppAsString2(IDCLOCK_CARRIED_MAX) " bytes of lines of unknown clocks");
				return STATE_FILE_UNTRUSTED;
			}
			memcpy(area->carried + carried, line, l);
			area->carried[carried + l] = '\n';
			carried += l + 1;
			area->carried[carried] = '\0';
		}
	}
	return STATE_FILE_OK;

damaged:
	state_file_untrusted(values, "is damaged");
	return STATE_FILE_UNTRUSTED;
}
