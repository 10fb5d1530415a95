/*-------------------------------------------------------------------------
 *
 * bound.c
 *	  The safe bound of each scheme: below it, every id that this server's
 *	  generators made is committed and visible to any later snapshot, or
 *	  never will be.
 *
 * A reader that tails a table with WHERE id > $last loses the rows of a
 * transaction that took its ids early and committed late: the ids are
 * strictly increasing in generation order, not in commit order.  Every id
 * of a scheme comes from one clock in shared memory (clock.c), so this
 * server can know the smallest id any open transaction may hold.
 *
 * Shared memory holds one slot per PGPROC, indexed like ProcGlobal's
 * allProcs: the backends', the auxiliary processes' (never used) and the
 * prepared transactions' dummy processes'.  A slot holds, per scheme, the
 * smallest clock word its open top-level transaction may hold (0: none).
 *
 * The protocol, for a scheme's clock word "last":
 *
 * - A generator, at its first id of a scheme in a transaction, reads last
 *   (L), stores L + 1 into its slot, issues a full memory barrier, and only
 *   then advances the clock (so its ids are all > L).  Afterwards each id
 *   costs one test of a backend-local bit (clock.h), no lock, no write to
 *   shared memory.
 * - The bound function reads last (C) first, issues a full barrier, then
 *   reads every slot: bound = min(C + 1, the smallest value published).
 *   If it missed a slot's store, the barriers (the store, barrier, then the
 *   clock's compare-and-swap; the clock read, barrier, then the slot read)
 *   mean that it also read last from before that transaction's first id, so
 *   that transaction's ids are all >= C + 1 >= bound.
 * - The slot is cleared at the end of the transaction by an XactCallback:
 *   XACT_EVENT_COMMIT and XACT_EVENT_ABORT run after ProcArrayEndTransaction()
 *   (CommitTransaction() and AbortTransaction() in xact.c), so once the slot
 *   reads as clear, a snapshot taken afterwards sees the transaction as
 *   committed (or it aborted, and its rows are never seen).  A barrier
 *   before clearing keeps the clear from being seen before the ProcArray
 *   update on weakly ordered processors.
 * - Subtransactions: the slot lives until the top-level transaction ends
 *   (rolled-back subtransactions only make the bound more careful).
 * - Parallel workers: their ids belong to the leader's transaction, so they
 *   publish into the lock group leader's slot (a compare-and-swap that only
 *   lowers it) and never clear it; the leader clears it at its end, after
 *   its workers have exited.
 * - PREPARE TRANSACTION: at XACT_EVENT_PREPARE the transaction's xid has
 *   moved to the dummy PGPROC of the prepared transaction (and is still in
 *   progress); the values move into that dummy's slot, tagged with the xid,
 *   before the backend's slot is cleared.  Every PREPARE is tagged so, also
 *   of a transaction that generated no ids (its slot then holds none).  No
 *   extension code runs when another backend runs COMMIT PREPARED, so the
 *   bound function clears a prepared slot lazily, when its xid is no longer
 *   in progress (then TransactionIdIsInProgress() has seen it leave the
 *   ProcArray).  A spinlock per slot keeps that clear from wiping the values
 *   of a later transaction prepared into the same dummy.
 * - Prepared transactions are known by their xid, never by time.  One that
 *   this server did not see being prepared (recovered at start after a
 *   restart or a crash, or replayed from another server's WAL: a promoted
 *   standby, a restored backup) published nothing here, and its ids could
 *   be anywhere below the clocks: while any such one is open there is no
 *   safe bound, and the bound function says so with an error naming it (a
 *   reader retries until it is committed or rolled back).  Between the
 *   moment a transaction being prepared appears in the list of prepared
 *   transactions and its tag, the backend's slot says which xid it is
 *   preparing (marked at XACT_EVENT_PRE_PREPARE, the xid assigned there if
 *   it had none yet), so that a reader neither misses it nor refuses it;
 *   the mark is cleared after the tag, and a reader looks at the marks
 *   before the tags.
 * - Synchronous replication: a bound is returned only once the synchronous
 *   standbys have confirmed, at the session's synchronous_commit level, a
 *   reservation that covers every clock word below it (clock.h,
 *   idclock_sync_cover()), as a generated id is.
 * - The bound returned never goes back: each one stays safe forever (later
 *   ids are above the clock it read), so the highest one returned so far is
 *   kept per scheme and returned when the scan finds less (a transaction
 *   that read last just before an earlier call, and published just after
 *   it, lowers the scan's result but holds no id below the earlier bound).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock/bound.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/parallel.h"
#include "access/twophase.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "miscadmin.h"
#include "postmaster/autovacuum.h"
#include "replication/walsender.h"
#include "storage/proc.h"
#include "storage/procarray.h"
#include "storage/shmem.h"
#include "storage/spin.h"

#include "internal.h"

typedef struct BoundSlot
{
	pg_atomic_uint64 floor[IDSCHEME_COUNT]; /* smallest word it may hold; 0:
											 * none */
	slock_t		mutex;			/* a prepared transaction's slot: xid and
								 * floor */
	TransactionId xid;			/* the prepared transaction, or invalid */
	pg_atomic_uint32 preparing; /* a backend's slot: the xid it is preparing,
								 * or invalid */
} BoundSlot;

/* Slots on cache lines of their own: each backend writes its own. */
#define BOUND_SLOT_SIZE		CACHELINEALIGN(sizeof(BoundSlot))

typedef struct BoundArea
{
	pg_atomic_uint64 returned[IDSCHEME_COUNT];	/* highest bound returned */
	pg_atomic_uint32 all_known; /* every open prepared transaction was tagged
								 * here */
	int			nslots;			/* slots: every PGPROC */
	int			first_prepared; /* the first prepared transaction's slot */
} BoundArea;

uint32		idbound_entered = 0;

static BoundArea *area = NULL;
static char *slots = NULL;

static inline BoundSlot *
slot_at(int i)
{
	return (BoundSlot *) (slots + (Size) i * BOUND_SLOT_SIZE);
}

Size
idbound_shmem_size(void)
{
	/*
	 * the PGPROCs: backends, then auxiliary processes, then prepared
	 * transactions
	 */
	Size		n = (Size) MaxBackends + NUM_AUXILIARY_PROCS + max_prepared_xacts;

	return add_size(CACHELINEALIGN(sizeof(BoundArea)), mul_size(n, BOUND_SLOT_SIZE));
}

static void bound_xact_callback(XactEvent event, void *arg);

/*
 * In the postmaster, at start and after a crash reinitialisation: the slots.
 * Backends inherit the pointers.
 */
void
idbound_shmem_init(void)
{
	bool		found;
	char	   *shared = ShmemInitStruct("idtypes safe bound", idbound_shmem_size(), &found);

	area = (BoundArea *) shared;
	slots = shared + CACHELINEALIGN(sizeof(BoundArea));
	if (!found)
	{
		area->first_prepared = MaxBackends + NUM_AUXILIARY_PROCS;
		area->nslots = area->first_prepared + max_prepared_xacts;
		for (int i = 0; i < area->nslots; i++)
		{
			BoundSlot  *s = slot_at(i);

			for (int k = 0; k < IDSCHEME_COUNT; k++)
				pg_atomic_init_u64(&s->floor[k], 0);
			SpinLockInit(&s->mutex);
			s->xid = InvalidTransactionId;
			pg_atomic_init_u32(&s->preparing, InvalidTransactionId);
		}
		for (int k = 0; k < IDSCHEME_COUNT; k++)
			pg_atomic_init_u64(&area->returned[k], 0);
		pg_atomic_init_u32(&area->all_known, max_prepared_xacts == 0);
	}
}

/* From _PG_init() under shared_preload_libraries: every process inherits it. */
void
idbound_init(void)
{
	RegisterXactCallback(bound_xact_callback, NULL);
}

/*
 * The slot of this process's top-level transaction (its leader's, in a
 * worker), or NULL for a process that has none (cannot happen: every
 * process that runs transactions is one of MaxBackends).
 */
static BoundSlot *
my_slot(void)
{
	PGPROC	   *proc = MyProc;
	int			i;

	if (proc->lockGroupLeader != NULL)
		proc = proc->lockGroupLeader;
	i = (int) (proc - ProcGlobal->allProcs);
	if (i < 0 || i >= area->first_prepared)
		return NULL;
	return slot_at(i);
}

void
idbound_enter(IdSchemeId id)
{
	BoundSlot  *s;
	uint64		want;
	uint64		cur;

	/*
	 * without shared clocks, or in a process without a PGPROC: nothing to
	 * publish
	 */
	if (area == NULL || !idclock_is_shared() || MyProc == NULL)
	{
		idbound_entered = PG_UINT32_MAX;
		return;
	}
	s = my_slot();
	if (s == NULL)
		elog(ERROR, "idtypes: process %d has no safe bound slot", MyProcPid);
	want = idclock_last(id);
	want = want == PG_UINT64_MAX ? want : want + 1;

	/* only ever lowered while the transaction is open (a worker shares it) */
	cur = pg_atomic_read_u64(&s->floor[id]);
	while (cur == 0 || cur > want)
	{
		if (pg_atomic_compare_exchange_u64(&s->floor[id], &cur, want))
			break;
	}
	/* the published floor before the clock moves (see the top of the file) */
	pg_memory_barrier();
	idbound_entered |= ((uint32) 1) << id;
}

/* Clear a backend's slot at the end of its transaction. */
static void
clear_slot(BoundSlot *s)
{
	/* the ProcArray update before the clear */
	pg_memory_barrier();
	for (int k = 0; k < IDSCHEME_COUNT; k++)
	{
		if (pg_atomic_read_u64(&s->floor[k]) != 0)
			pg_atomic_write_u64(&s->floor[k], 0);
	}
}

static bool
slot_in_use(BoundSlot *s)
{
	for (int k = 0; k < IDSCHEME_COUNT; k++)
	{
		if (pg_atomic_read_u64(&s->floor[k]) != 0)
			return true;
	}
	return false;
}

/*
 * Before PREPARE TRANSACTION makes the transaction a prepared one (its xid,
 * assigned here if it has none yet, as the PREPARE would): the slot says
 * which xid it is preparing, until its tag is in place.
 */
static void
mark_preparing(BoundSlot *mine)
{
	pg_atomic_write_u32(&mine->preparing, GetTopTransactionId());
	/* before the prepared transaction can be listed */
	pg_memory_barrier();
}

static void
clear_preparing(BoundSlot *mine)
{
	if (pg_atomic_read_u32(&mine->preparing) == InvalidTransactionId)
		return;
	/* after the tag */
	pg_memory_barrier();
	pg_atomic_write_u32(&mine->preparing, InvalidTransactionId);
}

/*
 * PREPARE TRANSACTION: the transaction's xid now belongs to the dummy
 * PGPROC of the prepared transaction (its proc->xid); tag that slot with
 * the xid and hand the values over to it before clearing ours, so that no
 * reader finds neither.
 */
static void
move_to_prepared(BoundSlot *mine)
{
	TransactionId xid = GetTopTransactionIdIfAny();
	BoundSlot  *d = NULL;

	if (TransactionIdIsValid(xid))
	{
		for (int i = area->first_prepared; i < area->nslots; i++)
		{
			if (ProcGlobal->allProcs[i].xid == xid)
			{
				d = slot_at(i);
				break;
			}
		}
	}
	if (d == NULL)
	{
		/*
		 * Cannot happen.  The values stay, and the next transaction clears
		 * them; the bound refuses while the untagged transaction is open.
		 */
		pg_atomic_write_u32(&area->all_known, 0);
		elog(WARNING, "idtypes: prepared transaction %u not found: no safe bound until it ends", xid);
		return;
	}
	SpinLockAcquire(&d->mutex);
	d->xid = xid;
	for (int k = 0; k < IDSCHEME_COUNT; k++)
		pg_atomic_write_u64(&d->floor[k], pg_atomic_read_u64(&mine->floor[k]));
	SpinLockRelease(&d->mutex);
	clear_slot(mine);
}

/*
 * Registered in every process (inherited from the postmaster).  A backend
 * that generated nothing still looks at its slot at the end of a
 * transaction: its parallel workers may have published into it.
 */
static void
bound_xact_callback(XactEvent event, void *arg)
{
	BoundSlot  *mine;

	switch (event)
	{
		case XACT_EVENT_PRE_PREPARE:
		case XACT_EVENT_COMMIT:
		case XACT_EVENT_ABORT:
		case XACT_EVENT_PREPARE:
			break;
		case XACT_EVENT_PARALLEL_COMMIT:
		case XACT_EVENT_PARALLEL_ABORT:
			/* the leader's slot: the leader clears it */
			idbound_entered = 0;
			return;
		default:
			return;
	}
	if (area == NULL || MyProc == NULL || !idclock_is_shared())
		return;
	mine = my_slot();
	if (mine == NULL)
		return;
	if (event == XACT_EVENT_PRE_PREPARE)
	{
		mark_preparing(mine);
		return;
	}
	if (event == XACT_EVENT_PREPARE)
		move_to_prepared(mine);
	else if (idbound_entered != 0 || slot_in_use(mine))
		clear_slot(mine);
	/* a PREPARE that failed ends here too */
	clear_preparing(mine);
	idbound_entered = 0;
}

/*
 * Whether this server tagged a prepared transaction at its PREPARE, or is
 * preparing it now: the marks first, then the tags (see the top of the
 * file).
 */
static bool
prepared_known(TransactionId xid)
{
	bool		found = false;

	for (int i = 0; i < area->first_prepared; i++)
	{
		if (pg_atomic_read_u32(&slot_at(i)->preparing) == xid)
			return true;
	}
	pg_memory_barrier();
	for (int i = area->first_prepared; i < area->nslots && !found; i++)
	{
		BoundSlot  *s = slot_at(i);

		SpinLockAcquire(&s->mutex);
		found = s->xid == xid;
		SpinLockRelease(&s->mutex);
	}
	return found;
}

/*
 * Refuse while a prepared transaction is open that this server did not tag
 * at its PREPARE (see the top of the file), naming it.  Asked until every
 * open one is known, which then stays true: outside recovery, every new one
 * is tagged.
 */
static void
check_prepared(void)
{
	MemoryContext caller = CurrentMemoryContext;
	TransactionId unknown = InvalidTransactionId;
	char	   *gid = NULL;
	int			nunknown = 0;

	if (pg_atomic_read_u32(&area->all_known))
		return;
	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");
	if (SPI_execute("SELECT transaction, gid FROM pg_catalog.pg_prepared_xact()", true, 0) != SPI_OK_SELECT)
		elog(ERROR, "idtypes: could not list the prepared transactions");
	for (uint64 i = 0; i < SPI_processed; i++)
	{
		HeapTuple	tuple = SPI_tuptable->vals[i];
		bool		isnull;
		TransactionId xid = DatumGetTransactionId(SPI_getbinval(tuple, SPI_tuptable->tupdesc, 1, &isnull));

		if (isnull || prepared_known(xid))
			continue;
		/* finished since the list was read */
		if (!TransactionIdIsInProgress(xid))
			continue;
		if (nunknown++ == 0)
		{
			unknown = xid;
			gid = SPI_getvalue(tuple, SPI_tuptable->tupdesc, 2);
			/* past SPI_finish() */
			gid = MemoryContextStrdup(caller, gid != NULL ? gid : "");
		}
	}
	SPI_finish();
	if (nunknown == 0)
	{
		pg_atomic_write_u32(&area->all_known, 1);
		return;
	}
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("no safe bound while prepared transaction \"%s\" (xid %u) is open", gid, unknown),
			 nunknown == 1 ?
			 errdetail("This server did not see it being prepared: it was recovered at a start, or replayed from another server's WAL.  "
					   "The ids it holds are not known here.") :
			 errdetail_plural("This server did not see it being prepared: it was recovered at a start, or replayed from another server's WAL.  "
							  "The ids it holds are not known here.  %d more prepared transaction is in the same state.",
							  "This server did not see it being prepared: it was recovered at a start, or replayed from another server's WAL.  "
							  "The ids it holds are not known here.  %d more prepared transactions are in the same state.",
							  nunknown - 1, nunknown - 1),
			 errhint("Finish it with COMMIT PREPARED or ROLLBACK PREPARED (see pg_prepared_xacts), then ask again.")));
}

void
idbound_clock_rewound(IdSchemeId id)
{
	if (area != NULL)
		pg_atomic_write_u64(&area->returned[id], 0);
}

uint64
idbound_safe_word(IdSchemeId id)
{
	uint64		bound;
	uint64		clock;
	uint64		seen;

	if (area == NULL || !idclock_is_shared())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("the safe bound of %s ids needs idtypes in shared_preload_libraries",
						idschemes[id].label),
				 errdetail("Without it each backend has a clock of its own, and none sees the ids that the others' open transactions hold."),
				 errhint("Add idtypes to shared_preload_libraries and restart the server.")));

	/* a standby's ids arrive by replication: its clocks never saw them */
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("no safe bound of %s ids during recovery", idschemes[id].label),
				 errdetail("The bound covers the ids generated on this server, and a standby generates none of the rows it replays."),
				 errhint("Take the bound on the primary.")));
	check_prepared();

	/* the clock first, then the slots (see the top of the file) */
	bound = idclock_last(id);
	pg_memory_barrier();
	if (bound != PG_UINT64_MAX)
		bound++;
	clock = bound;

	for (int i = 0; i < area->first_prepared; i++)
	{
		uint64		v = pg_atomic_read_u64(&slot_at(i)->floor[id]);

		if (v != 0 && v < bound)
			bound = v;
	}

	/*
	 * after the backends' slots: a PREPARE fills its slot before clearing
	 * theirs
	 */
	for (int i = area->first_prepared; i < area->nslots; i++)
	{
		BoundSlot  *s = slot_at(i);
		TransactionId xid;
		uint64		v;

		SpinLockAcquire(&s->mutex);
		xid = s->xid;
		v = pg_atomic_read_u64(&s->floor[id]);
		SpinLockRelease(&s->mutex);
		if (!TransactionIdIsValid(xid))
			continue;
		if (TransactionIdIsInProgress(xid))
		{
			if (v != 0 && v < bound)
				bound = v;
			continue;
		}
		/* committed or rolled back: visible to every later snapshot, or never */
		SpinLockAcquire(&s->mutex);
		if (s->xid == xid)
		{
			for (int k = 0; k < IDSCHEME_COUNT; k++)
				pg_atomic_write_u64(&s->floor[k], 0);
			s->xid = InvalidTransactionId;
		}
		SpinLockRelease(&s->mutex);
	}

	/*
	 * never below a bound already returned, nor above the clock: a bound
	 * above it was returned before the clock was moved back, by a call that
	 * raced with idbound_clock_rewound()
	 */
	seen = pg_atomic_read_u64(&area->returned[id]);
	while (seen < bound && !pg_atomic_compare_exchange_u64(&area->returned[id], &seen, bound))
		;
	bound = Min(Max(seen, bound), clock);

	/*
	 * Under synchronous replication, only once the standbys have confirmed a
	 * reservation that covers every word below it: a server promoted after a
	 * failover resumes above that reservation, so no id it makes sorts below
	 * a bound a reader has used.
	 */
	if (bound > 0)
		idclock_sync_cover(id, idclock_get(id), bound - 1);
	return bound;
}
