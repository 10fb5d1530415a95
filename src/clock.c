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
#define IDCLOCK_STATE_MAXLEN	2048

typedef struct IdClockSpec
{
	const char *name;			/* key in the state file */
	uint64		ticks_per_sec;	/* clock units in one second */
} IdClockSpec;

static const IdClockSpec clock_specs[IDCLOCK_COUNT] = {
	[IDCLOCK_MUID] = {"muid", UINT64CONST(1000000)},
	[IDCLOCK_HLCULID] = {"hlculid", UINT64CONST(1000) << 16},
	[IDCLOCK_UID8] = {"uid8", UINT64CONST(1000) << 17},
	[IDCLOCK_UUIDV6] = {"uuidv6", UINT64CONST(10000000)},
	[IDCLOCK_UUIDV7] = {"uuidv7", UINT64CONST(1000) << 12},
	[IDCLOCK_UUIDV8] = {"uuidv8", UINT64CONST(1000000000) >> 4},
	[IDCLOCK_TID62] = {"tid62", UINT64CONST(1) << 32},
};

/* The clocks in use: shared ones, or this backend's own. */
static IdClock local_clocks[IDCLOCK_COUNT];
static IdClock *clocks = NULL;
static LWLock *state_lock = NULL;
static bool clocks_shared = false;

static void idclock_reserve(IdClockId id, uint64 value);
static bool write_state_file(const uint64 *values, int elevel);
static bool read_state_file(uint64 *values);

int64
idclock_now_ns(void)
{
	struct timespec ts;

	/* vDSO on Linux: tens of nanoseconds, no system call */
	clock_gettime(CLOCK_REALTIME, &ts);
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

	if (unlikely(next > pg_atomic_read_u64(&c->reserved)))
		idclock_reserve(id, next);
	return next;
}

static uint64
step_at_least(uint64 last, void *arg)
{
	uint64		floor = *(uint64 *) arg;

	return Max(floor, last + 1);
}

/* The next value: the given floor (usually "now"), or last + 1 if not ahead. */
uint64
idclock_next(IdClockId id, uint64 floor)
{
	return idclock_advance(id, step_at_least, &floor);
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
			if (value > pg_atomic_read_u64(&c->reserved))
				idclock_reserve(id, value);
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
 * Slow path, once every IDCLOCK_AHEAD_SECS per busy clock: extend the
 * reservation to cover value and make it durable before value is used.
 */
static void
idclock_reserve(IdClockId id, uint64 value)
{
	IdClock    *c = &clocks[id];

	LWLockAcquire(state_lock, LW_EXCLUSIVE);
	if (value > pg_atomic_read_u64(&c->reserved))
	{
		uint64		values[IDCLOCK_COUNT];

		for (int i = 0; i < IDCLOCK_COUNT; i++)
			values[i] = pg_atomic_read_u64(&clocks[i].reserved);
		values[id] = value + clock_specs[id].ticks_per_sec * IDCLOCK_AHEAD_SECS;
		write_state_file(values, ERROR);
		pg_atomic_write_u64(&c->reserved, values[id]);
	}
	LWLockRelease(state_lock);
}

Size
idclock_shmem_size(void)
{
	return mul_size(IDCLOCK_COUNT, sizeof(IdClock));
}

/*
 * Attach the shared clocks.  The first attach (in the postmaster, at start
 * and after a crash reinitialisation) resumes them from the state file.
 */
void
idclock_shmem_init(IdClock *shared, LWLock *lock, bool found)
{
	if (!found)
	{
		uint64		values[IDCLOCK_COUNT] = {0};

		if (!read_state_file(values))
			memset(values, 0, sizeof(values));
		for (int i = 0; i < IDCLOCK_COUNT; i++)
		{
			pg_atomic_init_u64(&shared[i].last, values[i]);
			pg_atomic_init_u64(&shared[i].reserved, values[i]);
		}
	}
	clocks = shared;
	state_lock = lock;
	clocks_shared = true;
}

/*
 * on_shmem_exit callback of the postmaster: on a clean shutdown all backends
 * are gone, so the last values are final and the file can hold them exactly.
 * After a crash (code != 0) the file already covers everything issued.
 */
void
idclock_save_state(int code, Datum arg)
{
	uint64		values[IDCLOCK_COUNT];

	if (code != 0 || clocks == NULL || !clocks_shared)
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
	if (pg_fsync(fd) != 0)
	{
		int			save_errno = errno;

		CloseTransientFile(fd);
		errno = save_errno;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not fsync idtypes state file \"%s\": %m", tmp)));
		return false;
	}
	if (CloseTransientFile(fd) != 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not close idtypes state file \"%s\": %m", tmp)));
		return false;
	}
	/* rename and fsync the directory, so the new contents survive a crash */
	return durable_rename(tmp, IDCLOCK_STATE_FILE, elevel) == 0;
}

/*
 * Read the state file into values.  A missing file is a first start.  A
 * damaged one is reported and ignored: the clocks then start from the
 * system clock, which is all that is left to go by.
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
		if (errno != ENOENT)
			ereport(WARNING,
					(errcode_for_file_access(),
					 errmsg("could not open idtypes state file \"%s\": %m", IDCLOCK_STATE_FILE),
					 errdetail("The id clocks start from the system clock.")));
		return false;
	}
	len = read(fd, buf, IDCLOCK_STATE_MAXLEN);
	CloseTransientFile(fd);
	if (len < 0)
	{
		ereport(WARNING,
				(errcode_for_file_access(),
				 errmsg("could not read idtypes state file \"%s\": %m", IDCLOCK_STATE_FILE),
				 errdetail("The id clocks start from the system clock.")));
		return false;
	}
	buf[len] = '\0';

	crcline = strstr(buf, "crc ");
	if (strncmp(buf, IDCLOCK_STATE_HEADER, strlen(IDCLOCK_STATE_HEADER)) != 0 ||
		crcline == NULL || (crcline > buf && crcline[-1] != '\n') ||
		sscanf(crcline, "crc %8x", &stored) != 1)
		goto damaged;
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

		if (sscanf(line, "%31s %llu", name, &value) != 2)
			goto damaged;
		/* names this version does not know are from a newer one: skip */
		for (int i = 0; i < IDCLOCK_COUNT; i++)
			if (strcmp(name, clock_specs[i].name) == 0)
				values[i] = (uint64) value;
	}
	return true;

damaged:
	ereport(WARNING,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("idtypes state file \"%s\" is damaged and was ignored", IDCLOCK_STATE_FILE),
			 errdetail("The id clocks start from the system clock; ids issued before this start are not guaranteed to sort before new ones if the clock was stepped back.")));
	return false;
}
