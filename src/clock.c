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
 * max(now, last + 1).
 *
 * Persistence ahead of use: in shared memory, each clock also has a
 * "reserved" value that the state file in the data directory covers.  A
 * value above it is only returned after the file has been rewritten (with
 * the value plus IDCLOCK_AHEAD_SECS of headroom) and fsynced, so the file is
 * written at most once every few seconds per busy clock.  At start the
 * clocks resume from the file, so after a crash or restart, even with the
 * system clock stepped back, nothing is reissued.  A clean shutdown writes
 * the exact last values.
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

#include "miscadmin.h"
#include "port/pg_crc32c.h"
#include "storage/fd.h"
#include "storage/ipc.h"

#include "clock.h"

/* How far ahead of the last issued value the state file reaches. */
#define IDCLOCK_AHEAD_SECS		5

#define IDCLOCK_STATE_HEADER	"idtypes state 1\n"
#define IDCLOCK_STATE_MAXLEN	8192

/*
 * How each clock's word relates to wall time: the word of the first id at
 * Unix time ns is ((ns / ns_per_tick) + tick_offset) << shift (the bits
 * below the shift are the scheme's counter).
 */
typedef struct IdClockSpec
{
	const char *name;			/* key in the state file */
	int64		ns_per_tick;
	int64		tick_offset;	/* ticks from the scheme's epoch to Unix's */
	int			shift;
	/*
	 * The bits below the shift mean something only under the configuration
	 * that issued them (uid8's slot names a generator id of the configured
	 * range): after a restart, resume at the end of the tick, not inside it.
	 */
	bool		resume_after_tick;
} IdClockSpec;

static const IdClockSpec clock_specs[IDCLOCK_COUNT] = {
	[IDCLOCK_MUID] = {"muid", 1000, 0, 0, false},
	[IDCLOCK_HLCULID] = {"hlculid", 1000000, 0, 16, false},
	[IDCLOCK_UID8] = {"uid8", 1000000, 0, 17, true},
	/* 100-ns intervals from 1582-10-15 (Gregorian) to 1970-01-01 */
	[IDCLOCK_UUIDV6] = {"uuidv6", 100, INT64CONST(0x01B21DD213814000), 0, false},
	[IDCLOCK_UUIDV7] = {"uuidv7", 1000000, 0, 12, false},
	[IDCLOCK_UUIDV8] = {"uuidv8", 16, 0, 0, false},
	/* seconds from 2020-01-01 back to 1970-01-01 */
	[IDCLOCK_TID62] = {"tid62", 1000000000, -INT64CONST(1577836800), 32, false},
};

/*
 * Shared memory: the clocks, and the state file lines of clocks this version
 * does not know (written by a newer one), carried through every rewrite.
 */
#define IDCLOCK_CARRIED_MAX		1024

typedef struct IdClockArea
{
	IdClock		clocks[IDCLOCK_COUNT];
	char		carried[IDCLOCK_CARRIED_MAX];
} IdClockArea;

/* The clocks in use: shared ones, or this backend's own. */
static IdClock local_clocks[IDCLOCK_COUNT];
static IdClock *clocks = NULL;
static IdClockArea *area = NULL;
static LWLock *state_lock = NULL;
static bool clocks_shared = false;

static void idclock_reserve(IdClockId id, uint64 value, bool wait);
static bool write_state_file(const uint64 *values, int elevel);
static bool read_state_file(uint64 *values);

int64
idclock_now_ns(void)
{
	struct timespec ts;

	/* vDSO on Linux: tens of nanoseconds, no system call */
	clock_gettime(CLOCK_REALTIME, &ts);
	/* a clock set before 1970 is treated as 1970, never as a huge time */
	if (ts.tv_sec < 0)
		return 0;
	return (int64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64
idclock_monotonic_ns(void)
{
	struct timespec ts;

	/* slewed by NTP like the wall clock, but never stepped */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The word of the first id at Unix time ns (0 before the scheme's epoch). */
uint64
idclock_word_at(IdClockId id, int64 ns)
{
	const IdClockSpec *spec = &clock_specs[id];
	int64		ticks = Max(ns, 0) / spec->ns_per_tick + spec->tick_offset;

	return ticks <= 0 ? 0 : (uint64) ticks << spec->shift;
}

/* How far the state file reaches ahead of the last issued value. */
static inline uint64
reserve_window(IdClockId id)
{
	const IdClockSpec *spec = &clock_specs[id];

	return (uint64) (IDCLOCK_AHEAD_SECS * INT64CONST(1000000000) / spec->ns_per_tick)
		<< spec->shift;
}

static inline uint64
add_saturating(uint64 a, uint64 b)
{
	return a > PG_UINT64_MAX - b ? PG_UINT64_MAX : a + b;
}

/* Use backend-local clocks unless idclock_shmem_init() attached shared ones. */
static inline IdClock *
get_clocks(void)
{
	if (unlikely(clocks == NULL))
	{
		for (int i = 0; i < IDCLOCK_COUNT; i++)
		{
			pg_atomic_init_u64(&local_clocks[i].last, 0);
			pg_atomic_init_u64(&local_clocks[i].reserved, PG_UINT64_MAX);
		}
		clocks = local_clocks;
	}
	return clocks;
}

bool
idclock_is_shared(void)
{
	return clocks_shared;
}

/*
 * Never let a shared clock's value be used before the state file covers it.
 * Past half of the window, extend it early if nobody else is doing so, so
 * that the hot path almost never has to wait for the file.
 */
static inline void
cover(IdClockId id, uint64 value)
{
	uint64		reserved = pg_atomic_read_u64(&clocks[id].reserved);

	if (unlikely(value > reserved))
		idclock_reserve(id, value, true);
	else if (unlikely(reserved - value < reserve_window(id) / 2))
		idclock_reserve(id, value, false);
}

uint64
idclock_advance(IdClockId id, IdClockStep step, void *arg)
{
	IdClock    *c = &get_clocks()[id];
	uint64		last = pg_atomic_read_u64(&c->last);
	uint64		next;

	if (!clocks_shared)
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
		/* on failure, last is refreshed with the current value */
		if (pg_atomic_compare_exchange_u64(&c->last, &last, next))
			break;
	}

	cover(id, next);
	return next;
}

static uint64
step_at_least(uint64 last, void *arg)
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
uint64
idclock_next(IdClockId id, uint64 floor)
{
	uint64		next = idclock_advance(id, step_at_least, &floor);

	if (unlikely(next == 0))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("the %s clock is exhausted", clock_specs[id].name),
				 errdetail("The clock has reached the largest value its ids can hold.")));
	return next;
}

/*
 * Raise the clock to at least value, so that everything issued afterwards
 * sorts after it (the receive rule of a hybrid logical clock).
 */
void
idclock_observe(IdClockId id, uint64 value)
{
	IdClock    *c = &get_clocks()[id];
	uint64		last = pg_atomic_read_u64(&c->last);

	while (last < value)
	{
		if (!clocks_shared)
		{
			pg_atomic_write_u64(&c->last, value);
			return;
		}
		if (pg_atomic_compare_exchange_u64(&c->last, &last, value))
		{
			cover(id, value);
			return;
		}
	}
}

/* The highest value a clock has issued or observed (0 at first). */
uint64
idclock_last(IdClockId id)
{
	return pg_atomic_read_u64(&get_clocks()[id].last);
}

/*
 * Extend the reservation so that it covers value plus the window, and make
 * it durable.  With wait, before value is used (the slow path, once per
 * window per busy clock when the early extension did not happen); without,
 * only if the lock is free (the early extension).
 */
static void
idclock_reserve(IdClockId id, uint64 value, bool wait)
{
	IdClock    *c = &clocks[id];

	if (wait)
		LWLockAcquire(state_lock, LW_EXCLUSIVE);
	else if (!LWLockConditionalAcquire(state_lock, LW_EXCLUSIVE))
		return;
	if (add_saturating(value, reserve_window(id) / 2) > pg_atomic_read_u64(&c->reserved))
	{
		uint64		values[IDCLOCK_COUNT];

		for (int i = 0; i < IDCLOCK_COUNT; i++)
			values[i] = pg_atomic_read_u64(&clocks[i].reserved);
		values[id] = add_saturating(value, reserve_window(id));

		/*
		 * The early extension only runs ahead of need: if the file cannot be
		 * written now, the value at hand is still covered, so warn and let a
		 * later call try again (the one that needs it raises the error).
		 */
		if (write_state_file(values, wait ? ERROR : WARNING))
			pg_atomic_write_u64(&c->reserved, values[id]);
	}
	LWLockRelease(state_lock);
}

Size
idclock_shmem_size(void)
{
	return sizeof(IdClockArea);
}

/*
 * Attach the shared clocks.  The first attach (in the postmaster, at start
 * and after a crash reinitialisation) resumes them from the state file.
 */
void
idclock_shmem_init(void *shared, LWLock *lock, bool found)
{
	area = (IdClockArea *) shared;
	if (!found)
	{
		uint64		values[IDCLOCK_COUNT] = {0};

		area->carried[0] = '\0';
		read_state_file(values);
		for (int i = 0; i < IDCLOCK_COUNT; i++)
		{
			if (clock_specs[i].resume_after_tick && values[i] != 0)
				values[i] |= (UINT64CONST(1) << clock_specs[i].shift) - 1;
			pg_atomic_init_u64(&area->clocks[i].last, values[i]);
			pg_atomic_init_u64(&area->clocks[i].reserved, values[i]);
		}
	}
	clocks = area->clocks;
	state_lock = lock;
	clocks_shared = true;
}

/*
 * on_shmem_exit callback of the postmaster: on a clean shutdown all backends
 * are gone, so the last values are final and the file can hold them exactly.
 * After a crash (code != 0) the file already covers everything issued.
 * Only the postmaster (or a single-user backend) may do this: while other
 * backends run, a value below the reservation would break the guarantee.
 */
void
idclock_save_state(int code, Datum arg)
{
	uint64		values[IDCLOCK_COUNT];

	if (code != 0 || IsUnderPostmaster || !clocks_shared)
		return;
	for (int i = 0; i < IDCLOCK_COUNT; i++)
		values[i] = pg_atomic_read_u64(&clocks[i].last);
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
	for (int i = 0; i < IDCLOCK_COUNT; i++)
		len += snprintf(buf + len, IDCLOCK_STATE_MAXLEN - len, "%s " UINT64_FORMAT "\n",
						clock_specs[i].name, values[i]);
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
	char		buf[IDCLOCK_STATE_MAXLEN];
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
	int64		written_ns = idclock_now_ns();
	bool		have_mtime = stat(IDCLOCK_STATE_FILE, &st) == 0;

	/* st_mtime is whole seconds: round up */
	if (have_mtime)
		written_ns = ((int64) st.st_mtime + 1) * INT64CONST(1000000000);
	for (int i = 0; i < IDCLOCK_COUNT; i++)
		values[i] = idclock_word_at(i, written_ns) + reserve_window(i);

	if (have_mtime)
		(void) rename(IDCLOCK_STATE_FILE, IDCLOCK_STATE_FILE ".damaged");
	ereport(WARNING,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("idtypes state file \"%s\" %s", IDCLOCK_STATE_FILE, why),
			 errdetail("The id clocks resume from %s plus %d seconds; ids issued before this start are only sure to sort before new ones if the clocks were not ahead of the system clock then.",
					   have_mtime ? "the time the file was last written" : "the current time",
					   IDCLOCK_AHEAD_SECS),
			 have_mtime ? errhint("The file was moved to \"%s\" for inspection.",
								  IDCLOCK_STATE_FILE ".damaged") : 0));
}

/*
 * Read the state file into values; lines of clocks this version does not
 * know go to the carried text.  A missing file is a first start.
 */
static bool
read_state_file(uint64 *values)
{
	char		buf[IDCLOCK_STATE_MAXLEN + 1];
	char	   *crcline;
	char	   *line;
	char	   *saveptr;
	int			fd;
	int			len;
	unsigned int stored;
	pg_crc32c	crc;

	fd = OpenTransientFile(IDCLOCK_STATE_FILE, O_RDONLY | PG_BINARY);
	if (fd < 0)
	{
		if (errno == ENOENT)
			return false;
		state_file_untrusted(values, "could not be opened");
		return false;
	}
	len = read(fd, buf, IDCLOCK_STATE_MAXLEN);
	CloseTransientFile(fd);
	if (len < 0)
	{
		state_file_untrusted(values, "could not be read");
		return false;
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
		char		name[32];
		unsigned long long value;
		bool		known = false;

		if (sscanf(line, "%31s %llu", name, &value) != 2)
			goto damaged;
		for (int i = 0; i < IDCLOCK_COUNT; i++)
		{
			if (strcmp(name, clock_specs[i].name) == 0)
			{
				values[i] = (uint64) value;
				known = true;
			}
		}
		/* a newer version's clock: keep its line for the next rewrite */
		if (!known && strlen(area->carried) + strlen(line) + 2 <= IDCLOCK_CARRIED_MAX)
		{
			strcat(area->carried, line);
			strcat(area->carried, "\n");
		}
	}
	return true;

damaged:
	area->carried[0] = '\0';
	state_file_untrusted(values, "is damaged");
	return false;
}
