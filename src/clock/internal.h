/*-------------------------------------------------------------------------
 *
 * internal.h
 *	  What the files of the clock subsystem (src/clock/) share, and nothing
 *	  outside it sees: the state file (state.c), the WAL (wal.c), the
 *	  clocks' side of both (clock.c), and the safe bound's (bound.c).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock/internal.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_CLOCK_INTERNAL_H
#define IDTYPES_CLOCK_INTERNAL_H

#include "clock.h"

/* A sum that stops at the largest value instead of wrapping. */
static inline uint64
idclock_add_saturating(uint64 a, uint64 b)
{
	return a > PG_UINT64_MAX - b ? PG_UINT64_MAX : a + b;
}

/* ---------- the state file (state.c) ---------- */

#define IDCLOCK_STATE_FILE "idtypes.state"

/*
 * Its shared memory (the lines of clocks this version does not know,
 * carried through every rewrite); the values the clocks resume from at the
 * first attach after a start or a crash reinitialisation, with a file on
 * disk that covers them before any id is issued; a rewrite of the file
 * (false, after a report at elevel, if it could not be written); and the
 * postmaster's on_shmem_exit callback.
 */
extern Size idclock_state_shmem_size(void);
extern void idclock_state_shmem_init(void);
extern void idclock_state_start(uint64 *values);
extern bool idclock_state_write(const uint64 *values, int elevel);
extern void idclock_state_save(int code, Datum arg);

/* ---------- the clocks' side (clock.c) ---------- */

/*
 * Move a shared clock back to word (idtypes_rewind_clock(), sql.c): its
 * value and reservation, the state file, the WAL, the safe bound's highest
 * value returned, and idclock_rewinds().  The only way a clock goes back;
 * the caller has checked that no id it could issue again is below word.
 */
extern void idclock_rewind(IdSchemeId id, uint64 word);

/*
 * The redo of the WAL records (wal.c) in the startup process: a clock
 * raised to a reservation, a clock moved back.  clock is the record's
 * clock number, which may be one a newer version added.
 */
extern void idclock_redo_raise(int clock, uint64 reserved);
extern void idclock_redo_rewind(int clock, uint64 word);

/* ---------- the WAL (wal.c) ---------- */

/*
 * Register the resource manager (under shared_preload_libraries); log and
 * flush a clock's new reservation: false when the server cannot write WAL
 * (a hot standby), else true with the end of the record in *lsn; log a
 * clock moved back.
 */
extern void idclock_wal_register(void);
extern bool idclock_wal_log(IdSchemeId id, uint64 reserved, XLogRecPtr *lsn);
extern void idclock_wal_log_rewind(IdSchemeId id, uint64 word);

/*
 * Log and flush a record that changes nothing (a reservation of the first
 * clock as it stands), for its position: the barrier after a change of the
 * synchronous standbys (clock.c).  InvalidXLogRecPtr where no WAL can be
 * written.
 */
extern XLogRecPtr idclock_wal_log_barrier(void);

/*
 * Synchronous replication: how far the synchronous standbys have confirmed
 * the WAL at a level (a wait mode of syncrep.h), and the wait for a
 * record's end at a level: true once confirmed, false if synchronous
 * replication is no longer in effect (as a commit then stops waiting); a
 * cancelled or terminated wait raises the error a cancelled query gets.
 */
extern XLogRecPtr idclock_wal_confirmed(int level);
extern bool idclock_wal_wait(XLogRecPtr lsn, int level);

/* ---------- the safe bound (bound.c) ---------- */

/*
 * A clock moved back (idclock_rewind()): the bounds of its scheme start
 * again from the clock, below those returned before.  The transaction
 * callback, registered under shared_preload_libraries; the shared memory.
 */
extern void idbound_clock_rewound(IdSchemeId id);
extern void idbound_init(void);
extern Size idbound_shmem_size(void);
extern void idbound_shmem_init(void);

#endif							/* IDTYPES_CLOCK_INTERNAL_H */
