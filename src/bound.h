/*-------------------------------------------------------------------------
 *
 * bound.h
 *	  The safe bound of each scheme: the smallest id that a transaction still
 *	  in flight on this server may hold, so that a reader can tail a table
 *	  by its key without losing rows that commit late.
 *
 * Every id of a scheme comes from its clock (clock.c).  A transaction
 * publishes, before its first id of a scheme, the clock's next value into a
 * slot of its own in shared memory, and clears it when it ends; the bound
 * is the smallest published value, or the clock's next value when nothing
 * is open.  See bound.c for the ordering that makes this safe.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/bound.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_BOUND_H
#define IDTYPES_BOUND_H

#include "scheme.h"

/*
 * One bit per scheme whose clock this process has used in its current
 * transaction.  Read by idclock_advance() at every id: the only cost of the
 * bound on the hot path.
 */
extern uint32 idbound_entered;

/*
 * Publish this transaction's floor for a scheme, before its first id of
 * that scheme (idclock_advance() calls it when the scheme's bit is clear).
 */
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
 * A clock moved back (clock.c, idclock_rewind()): the bounds of its scheme
 * start again from the clock, below those returned before.
 */
extern void idbound_clock_rewound(IdSchemeId id);

/* Under shared_preload_libraries: the transaction callback; shared memory, after the clocks. */
extern void idbound_init(void);
extern Size idbound_shmem_size(void);
extern void idbound_shmem_init(void *area, bool found);

#endif							/* IDTYPES_BOUND_H */
