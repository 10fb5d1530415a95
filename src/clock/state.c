/*-------------------------------------------------------------------------
 *
 * state.c
 *	  The clocks' state file: its format, reading and writing it, the marker
 *	  of a data directory whose clocks have run, and what the start trusts.
 *
 * The file (idtypes.state in the data directory) holds, for every clock, a
 * value that covers every id issued: the clocks resume from it after a
 * restart or a crash, even with the system clock stepped back.  clock.c
 * rewrites it, fsynced, whenever it extends a clock's reservation, and a
 * clean shutdown writes the exact last values.  The file is text, one
 * "name value" line per clock, then a CRC-32C of everything before it, so
 * that a damaged file is recognised as such; the lines of clocks that a
 * newer version added are carried, whole, through every rewrite.
 *
 * At start a file that cannot be trusted (damaged, too large) is moved
 * aside and the clocks resume from the time it was written plus the
 * reservation window; one that cannot be read stops the start, and so does
 * a missing file where the clocks have run before (the marker file says
 * so).  After a backend crash, the postmaster keeps what the clocks held
 * for the reinitialisation of shared memory.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock/state.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "miscadmin.h"
#include "port/pg_crc32c.h"
#include "storage/fd.h"
#include "storage/shmem.h"

#include "compat.h"
#include "internal.h"

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
 * Shared memory: the state file lines of clocks this version does not know
 * (written by a newer one), carried through every rewrite.
 */
typedef struct IdClockStateArea
{
	char		carried[IDCLOCK_CARRIED_MAX + 1];
} IdClockStateArea;

static IdClockStateArea *state = NULL;

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

pg_noreturn static void state_file_inaccessible(const char *what);
static StateFileResult read_state_file(uint64 *values);

Size
idclock_state_shmem_size(void)
{
	return sizeof(IdClockStateArea);
}

void
idclock_state_shmem_init(void)
{
	bool		found;

	state = ShmemInitStruct("idtypes clock state file", sizeof(IdClockStateArea), &found);
	if (!found)
		state->carried[0] = '\0';
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
 * The values the clocks resume from, at the first attach (in the postmaster,
 * at start and after a crash reinitialisation, before any connection is
 * accepted), and a state file covering them on disk before any id is
 * issued: a damaged file's replacement is written at once, so that a crash
 * before the first id cannot lose what the replacement values cover, and a
 * missing file in a data directory that has run the clocks before stops
 * the start.
 */
void
idclock_state_start(uint64 *values)
{
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
				strlcpy(state->carried, reinit_carried, sizeof(state->carried));
				idclock_state_write(values, FATAL);
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
			idclock_state_write(values, FATAL);
			break;
		case STATE_FILE_UNTRUSTED:
			warn_if_future(values);
			/* the replacement values are on disk before any id is issued */
			idclock_state_write(values, FATAL);
			break;
	}

	/*
	 * After a backend crash: never behind what the server held, and the file
	 * covers what the clocks resume from.
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
			idclock_state_write(values, FATAL);
		reinit_known = false;
	}
	write_marker();
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
idclock_state_save(int code, Datum arg)
{
	uint64		values[IDSCHEME_COUNT];

	if (IsUnderPostmaster || !idclock_shared)
		return;
	if (code != 0)
	{
		for (int i = 0; i < IDSCHEME_COUNT; i++)
			reinit_values[i] = Max(pg_atomic_read_u64(&idclock_array[i].last),
								   pg_atomic_read_u64(&idclock_array[i].reserved));
		strlcpy(reinit_carried, state->carried, sizeof(reinit_carried));
		reinit_known = true;
		return;
	}
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		values[i] = pg_atomic_read_u64(&idclock_array[i].last);
	idclock_state_write(values, LOG);
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
	len += snprintf(buf + len, IDCLOCK_STATE_MAXLEN - len, "%s", state->carried);
	INIT_CRC32C(crc);
	COMP_CRC32C(crc, buf, len);
	FIN_CRC32C(crc);
	len += snprintf(buf + len, IDCLOCK_STATE_MAXLEN - len, "crc %08x\n", crc);
	return len;
}

bool
idclock_state_write(const uint64 *values, int elevel)
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
		values[i] = idclock_add_saturating(idclock_word_at(i, written_ns), idclock_reserve_window(i));
	state->carried[0] = '\0';

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
			memcpy(state->carried + carried, line, l);
			state->carried[carried + l] = '\n';
			carried += l + 1;
			state->carried[carried] = '\0';
		}
	}
	return STATE_FILE_OK;

damaged:
	state_file_untrusted(values, "is damaged");
	return STATE_FILE_UNTRUSTED;
}
