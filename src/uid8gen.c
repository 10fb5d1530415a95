/*-------------------------------------------------------------------------
 *
 * uid8gen.c
 *	  The uid8 generator: its settings, gen_uid8() with the server's
 *	  generator or a backend's own, the claims of automatic generator ids
 *	  through the lock manager (and their share of a Citus cluster), and
 *	  uid8_safe_bound().
 *
 * A generator issues (ms, seq) pairs, 64 per millisecond per generator id,
 * from a 64-bit clock word advanced by idclock_advance() (see "generation"
 * below for the two kinds of generator and what makes their ids unique).
 * The type itself is uid8.c, the layout of its fields uid8.h.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/uid8gen.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/heapam.h"
#include "access/htup_details.h"
#include "access/parallel.h"
#include "access/table.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "catalog/namespace.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/lock.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "byteid.h"
#include "clock/clock.h"
#include "compat.h"
#include "node.h"
#include "uid8.h"

/* the 42-bit millisecond count and the clock word's layout (scheme.h) */
static const IdScheme *const uid8_scheme = &idschemes[IDSCHEME_UID8];

/* ---------- settings ---------- */

int			idtypes_uid8_cluster_id = 0;
int			idtypes_uid8_generator_id = -1;
int			idtypes_uid8_generator_count = 1;
int			idtypes_uid8_generator_count_max = 512;
int			idtypes_uid8_mode = UID8_MODE_TIME_SEQUENTIAL;

/* by value: uid8_mode() indexes it */
const struct config_enum_entry uid8_mode_options[] = {
	{"spread", UID8_MODE_SPREAD, false},
	{"time_sequential", UID8_MODE_TIME_SEQUENTIAL, false},
	{NULL, 0, false}
};

void
uid8_init(void)
{
	/*
	 * Node identity is configuration, not something an ordinary session may
	 * change: PGC_SIGHUP, set in postgresql.conf or with ALTER SYSTEM.
	 */
	DefineCustomIntVariable("idtypes.uid8_cluster_id",
							"Cluster id of this server in uid8 ids, 0 to 15.",
							"Automatic generator ids are negotiated within one server: servers that generate "
							"uid8 ids need different cluster ids (or disjoint configured generator ids).",
							&idtypes_uid8_cluster_id,
							0, 0, 15,
							PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	/*
	 * With shared_preload_libraries, the server's uid8 generator (a range of
	 * generator ids sharing one clock) is fixed for the life of the server:
	 * if a reload could move it, backends that had not yet seen the reload
	 * would generate with the old range while others use the new one, and the
	 * two could overlap.  Restart-only settings cannot be defined after
	 * startup, so without preloading they stay reloadable (each backend then
	 * claims its own generator ids anyway).
	 */
	DefineCustomIntVariable("idtypes.uid8_generator_id",
							"Generator id of this server in uid8 ids, 0 to 2047; -1: automatic.",
							"Automatic: each backend claims free generator ids through the lock manager. "
							"A configured id needs shared_preload_libraries (all backends then share one generator).",
							&idtypes_uid8_generator_id,
							-1, -1, 2047,
							process_shared_preload_libraries_in_progress ? PGC_POSTMASTER : PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	DefineCustomIntVariable("idtypes.uid8_generator_count",
							"Number of generator ids a uid8 generator uses, 1 to 2048: 64 ids per millisecond each.",
							"With idtypes.uid8_generator_id set, the server's generator uses this many ids from it up; "
							"with automatic generator ids, each backend claims this many.",
							&idtypes_uid8_generator_count,
							1, 1, 2048,
							process_shared_preload_libraries_in_progress ? PGC_POSTMASTER : PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	/*
	 * With automatic generator ids, a backend that uses up a millisecond's
	 * ids claims more, up to this many (see "generation: claims" below): a
	 * resource limit rather than identity, but set like the rest of the uid8
	 * generator.
	 */
	DefineCustomIntVariable("idtypes.uid8_generator_count_max",
							"The most generator ids a backend claims with automatic uid8 generator ids, 1 to 2048.",
							"A backend that uses up the 64 ids per millisecond of each of its generator ids "
							"claims as many again, up to this many, and gives them back when it no longer needs them.",
							&idtypes_uid8_generator_count_max,
							512, 1, 2048,
							PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	/*
	 * time_sequential by default: a key column's B-tree wants its new keys at
	 * the right edge.  (java-uniqueid defaults to spread, which scatters row
	 * keys over the regions of an HBase table.)
	 */
	DefineCustomEnumVariable("idtypes.uid8_mode",
							 "Layout of generated uid8 ids: time_sequential or spread.",
							 "time_sequential puts the timestamp first, so that ids sort by time; spread reverses "
							 "the bits of the timestamp, so that successive ids scatter over the key space.",
							 &idtypes_uid8_mode,
							 UID8_MODE_TIME_SEQUENTIAL,
							 uid8_mode_options,
							 PGC_SIGHUP,
							 0,
							 NULL, NULL, NULL);
}

/* ---------- generation ---------- */

/*
 * A generator's state is one clock word (the IDSCHEME_UID8 clock; scheme.h):
 *
 *	 ms << 17 | seq << 11 | slot	(UID8_WORD below)
 *
 * where slot indexes the generator ids the generator uses, in ascending
 * order.  Each id issued is a word no other issue of the generator returns,
 * and the word maps one to one onto (ms, seq, generator id), so the ids are
 * distinct.  Stepping the word goes through the slots, then the sequences
 * of a millisecond, so that successive time_sequential ids compare in the
 * order they were made ((ts, seq, generator) is their order).
 *
 * The two kinds of generator:
 *
 * - The server's: idtypes.uid8_generator_id configured, with
 *   shared_preload_libraries.  The word is the shared IDSCHEME_UID8 clock,
 *   advanced lock-free by every backend and persisted ahead by clock/clock.c, so
 *   ids are never reissued across backends, restarts or clock steps.  Its
 *   generator ids are fixed: idtypes.uid8_generator_count of them.
 *
 * - A backend's own (idtypes.uid8_generator_id = -1, and always without
 *   preloading): the backend claims free generator ids through the lock
 *   manager and keeps its word in local memory.  A generator id is used by
 *   one backend at a time; when it passes to another, that one must not
 *   repeat what its previous holder issued, so a claim starts past every
 *   millisecond the previous holder used: with preloading, every backend
 *   raises the shared IDSCHEME_UID8 word (which is persisted, so it also
 *   survives restarts) to the end of each millisecond it issues in, and a
 *   claim starts above it; without, a claim starts at the next millisecond
 *   of the wall clock, which holds as long as the previous holder did not
 *   run ahead of the wall clock (see below).  The backend first claims
 *   idtypes.uid8_generator_count ids; when it uses up a millisecond's ids,
 *   it claims as many again, up to idtypes.uid8_generator_count_max, and
 *   gives the extra ones back once it has not needed them for a second
 *   (see "claims" below).
 *
 * A generator never issues a word twice, even when the wall clock steps
 * back: it keeps issuing from the last millisecond it used (the remaining
 * sequences) until the clock catches up.  When that millisecond is used up
 * it does not wait for the clock (which may be minutes): it moves on to
 * the next millisecond once a millisecond has really passed, measured on
 * the monotonic clock, so the ids' time runs ahead of the stepped-back wall
 * clock by a constant amount rather than running away.  When the wall clock
 * is right and a millisecond is used up, it sleeps to the next one (a
 * backend's own generator first claims more generator ids, which serve
 * from the next millisecond on).
 */
/*
 * The word's fields: scheme.h gives the millisecond count its place above
 * counter_bits; below it the sequence, and below that the slot, as wide as
 * what is left (a generator id's width: any generator id can be a slot).
 */
#define UID8_WORD_MS_SHIFT	(uid8_scheme->counter_bits) /* 17 */
#define UID8_SLOT_BITS		(UID8_WORD_MS_SHIFT - UID8_SEQ_BITS)	/* 11 */
#define UID8_SLOT_MASK		((UINT64CONST(1) << UID8_SLOT_BITS) - 1)
#define UID8_WORD(ms, seq, slot) \
	((uint64) (ms) << UID8_WORD_MS_SHIFT | (uint64) (seq) << UID8_SLOT_BITS | (uint64) (slot))
#define UID8_WORD_MS(w)		((w) >> UID8_WORD_MS_SHIFT)
#define UID8_WORD_SEQ(w)	((uint32) ((w) >> UID8_SLOT_BITS) & UID8_SEQ_MAX)
#define UID8_WORD_SLOT(w)	((uint32) ((w) & UID8_SLOT_MASK))
/* the largest word of a millisecond */
#define UID8_WORD_END(ms)	(UID8_WORD((ms) + 1, 0, 0) - 1)

typedef struct Uid8Step
{
	uint64		now_ms;			/* wall clock */
	uint64		pass_ms;		/* a used-up millisecond that we may leave
								 * without the wall clock, or PG_UINT64_MAX */
	uint32		nslots;			/* generator ids of the generator */
	uint64		used_up_ms;		/* out: the millisecond that was used up */
} Uid8Step;

/*
 * The word after last: the current millisecond if the wall clock has moved
 * on, else the next slot or sequence of the last millisecond, else (used
 * up) the next millisecond if allowed, else 0 (wait).  The only side
 * effect is reporting the used-up millisecond to the caller.
 */
static uint64
uid8_step(uint64 last, void *arg)
{
	Uid8Step   *s = (Uid8Step *) arg;
	uint64		ms = UID8_WORD_MS(last);

	if (s->now_ms > ms)
		return UID8_WORD(s->now_ms, 0, 0);
	if (UID8_WORD_SLOT(last) + 1 < s->nslots)
		return last + 1;
	if (UID8_WORD_SEQ(last) < UID8_SEQ_MAX)
		return UID8_WORD(ms, UID8_WORD_SEQ(last) + 1, 0);
	if (s->pass_ms == ms)
		return UID8_WORD(ms + 1, 0, 0);
	s->used_up_ms = ms;
	return 0;
}

/* How a backend holds a generator id (uid8_backend.held). */
#define UID8_HELD_NONE		0
#define UID8_HELD_FIRST		1	/* its first claim */
#define UID8_HELD_MORE		2	/* claimed when it needed more */

/* A backend's own generator. */
typedef struct Uid8Backend
{
	int			nfirst;			/* generator ids of the first claim; 0: none */
	int			ngens;			/* all generator ids claimed */
	uint16		gens[UID8_GENERATORS];	/* by slot: the claimed ids, ascending */
	uint8		held[UID8_GENERATORS];	/* by generator id: UID8_HELD_* */
	uint64		last;			/* clock word */
	uint64		raised_ms;		/* last millisecond raised into IDSCHEME_UID8 */
	uint64		checked_ms;		/* last millisecond the claim was checked in */
	uint64		needed_ms;		/* last millisecond that took more ids than
								 * the first claim's */
	int64		retry_ns;		/* monotonic time before which not to try
								 * claiming more again (none were free) */
	bool		moved;			/* the word was moved to the end of its
								 * millisecond, not used up by ids */
	uint64		clock_moves;	/* idclock_moves() of IDSCHEME_UID8 seen */
	uint64		clock_rewinds;	/* idclock_rewinds() of IDSCHEME_UID8 seen */
	Uid8Identity identity;		/* where automatic generator ids come from:
								 * the claim's, read again in each transaction
								 * (uid8_automatic_identity) */
	bool		identity_valid; /* identity was read in this transaction */
	bool		callback;		/* uid8_xact_callback registered */
} Uid8Backend;

static Uid8Backend uid8_backend;

/* Extra generator ids go back after this long unneeded. */
#define UID8_MORE_KEEP_MS	1000

static bool uid8_claim_more(void);

/*
 * The next word of a generator: the server's (shared) or this backend's.
 * Waits (sleeping, never spinning) while the last millisecond is used up;
 * a backend's own generator first tries to claim more generator ids.
 */
static uint64
uid8_next_word(bool shared, uint32 nslots)
{
	Uid8Step	s = {.pass_ms = PG_UINT64_MAX,.nslots = nslots};
	uint64		seen_ms = PG_UINT64_MAX;
	int64		seen_at = 0;
	bool		grew = false;

	for (;;)
	{
		int64		now_ns = idclock_now_ns();
		uint64		word;

		s.now_ms = (uint64) idscheme_tick_at_ns(now_ns, uid8_scheme);
		if (shared)
			word = idclock_advance(IDSCHEME_UID8, uid8_step, &s);
		else if ((word = uid8_step(uid8_backend.last, &s)) != 0)
		{
			uid8_backend.last = word;
			uid8_backend.moved = false;
		}
		if (word != 0)
			return word;

		/*
		 * Used up by ids: more generator ids serve from the next millisecond
		 * on (a claim starts there), so we still wait for it, but not again.
		 */
		if (!shared && !grew && !uid8_backend.moved)
		{
			grew = true;
			if (uid8_claim_more())
			{
				s.nslots = uid8_backend.ngens;
				continue;
			}
		}

		/* s.used_up_ms is used up: when did we first see that? */
		if (s.used_up_ms != seen_ms)
		{
			seen_ms = s.used_up_ms;
			seen_at = idclock_monotonic_ns();
		}

		/*
		 * Leave the millisecond once a millisecond has really passed since we
		 * saw it used up, whatever the wall clock says: it may be behind
		 * (stepped back), or not moving (set before 1970, which reads as 1970
		 * for ever).  Whoever moves a generator to its next millisecond has
		 * waited so, so its time advances no faster than real time. When the
		 * wall clock is in that millisecond, it usually reaches the next one
		 * first: sleep to whichever comes first.
		 */
		{
			int64		waited = idclock_monotonic_ns() - seen_at;

			if (waited >= 1000000)
				s.pass_ms = seen_ms;
			else if (s.now_ms == seen_ms)
				pg_usleep(Min((int64) (1000 - now_ns / 1000 % 1000),
							  (1000000 - waited) / 1000 + 1));
			else
				pg_usleep((1000000 - waited) / 1000 + 1);
		}
		CHECK_FOR_INTERRUPTS();
	}
}

/* ---------- generation: claims of automatic generator ids ---------- */

/*
 * A claimed generator id is a session-level lock on an advisory lock tag of
 * database 0, which no SQL-level advisory lock can name (those carry the
 * current database), shown in pg_locks as locktype 'advisory', database 0,
 * classid UID8_LOCK_CLASSID, objid the generator id, objsubid
 * UID8_LOCK_SUBID (uid8_claimed_generators() lists them: the tag is
 * defined here only).  Session-level advisory locks survive transaction
 * aborts, but pg_advisory_unlock_all() and DISCARD ALL release them, all at
 * once; so the claim is checked before the first id of each millisecond.  (Until then the backend may go on in
 * the millisecond it was in: a new holder of its ids starts after it.)
 *
 * Every claimed id is a lock table entry, and PostgreSQL visits each of a
 * backend's locks at the end of each of its transactions: that is why the
 * extra ids go back when they are no longer needed.
 */
#define UID8_LOCK_CLASSID	0x75696438	/* "uid8" */
#define UID8_LOCK_SUBID		8

static inline void
uid8_lock_tag(LOCKTAG *tag, int gen)
{
	SET_LOCKTAG_ADVISORY(*tag, InvalidOid, UID8_LOCK_CLASSID, (uint32) gen, UID8_LOCK_SUBID);
}

static bool
uid8_holds(int gen)
{
	LOCKTAG		tag;

	uid8_lock_tag(&tag, gen);
	return IDTYPES_LOCK_HELD_BY_ME(&tag, ExclusiveLock);
}

/* For qsort: the claims by generator id, then process id. */
static int
uid8_claim_cmp(const void *a, const void *b)
{
	const int32 *x = (const int32 *) a;
	const int32 *y = (const int32 *) b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return (x[1] > y[1]) - (x[1] < y[1]);
}

/*
 * uid8_claimed_generators(): the granted claims in the lock manager, as
 * pg_locks shows them, read here so that the lock tag is written once.
 */
PG_FUNCTION_INFO_V1(uid8_claimed_generators);
Datum
uid8_claimed_generators(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	LockData   *locks;
	int32	   *claims;
	int			n = 0;

	InitMaterializedSRF(fcinfo, 0);
	locks = GetLockStatusData();
	claims = palloc(sizeof(int32) * 2 * Max(locks->nelements, 1));
	for (int i = 0; i < locks->nelements; i++)
	{
		const LockInstanceData *l = &locks->locks[i];

		if (l->locktag.locktag_type == LOCKTAG_ADVISORY &&
			l->locktag.locktag_field1 == InvalidOid &&
			l->locktag.locktag_field2 == UID8_LOCK_CLASSID &&
			l->locktag.locktag_field3 < UID8_GENERATORS &&
			l->locktag.locktag_field4 == UID8_LOCK_SUBID &&
			l->holdMask != 0)
		{
			claims[2 * n] = (int32) l->locktag.locktag_field3;
			claims[2 * n + 1] = l->pid;
			n++;
		}
	}
	qsort(claims, n, sizeof(int32) * 2, uid8_claim_cmp);
	for (int i = 0; i < n; i++)
	{
		Datum		values[2] = {Int32GetDatum(claims[2 * i]), Int32GetDatum(claims[2 * i + 1])};
		bool		nulls[2] = {false, false};

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	PG_RETURN_VOID();
}

/*
 * Extra generator ids serve bursts, and must not starve first claims: a
 * backend's first claim that finds too few free ids says so by holding the
 * pressure lock of its identity's ids (ShareLock, which many claims can
 * hold at once) while it waits, up to UID8_PRESSURE_WAIT_MS, for them.  A
 * backend holding extra ids looks for that lock (with RowExclusiveLock,
 * which conflicts with it) at the first id of each millisecond, at the end
 * of each transaction and before it claims more, and under pressure gives
 * its extra ids back and claims none for UID8_MORE_KEEP_MS.  The tag is an
 * objid past every generator id's.
 */
#define UID8_PRESSURE_WAIT_MS	1000
#define UID8_PRESSURE_POLL_US	10000

static inline void
uid8_pressure_tag(LOCKTAG *tag)
{
	SET_LOCKTAG_ADVISORY(*tag, InvalidOid, UID8_LOCK_CLASSID,
						 (uint32) (UID8_GENERATORS + uid8_backend.identity.first), UID8_LOCK_SUBID);
}

/*
 * Whether a first claim is waiting for generator ids of this backend's
 * identity.  (A full lock table counts as pressure too.)
 */
static bool
uid8_under_pressure(void)
{
	LOCKTAG		tag;

	uid8_pressure_tag(&tag);
	if (IDTYPES_LOCK_TRY(&tag, RowExclusiveLock, true, false) == LOCKACQUIRE_NOT_AVAIL)
		return true;
	LockRelease(&tag, RowExclusiveLock, true);
	return false;
}

/*
 * The generator ids a backend may claim: [*lo, *hi), those of its claim's
 * identity (all of them, or its Citus group's share: see below).  Its first
 * claim takes the lowest free ones; more are taken from the top down, and
 * only from the upper half, so that the lower half stays for the first
 * claims of other backends however many backends claim more.
 */
static void
uid8_claimable(int *lo, int *hi)
{
	*lo = uid8_backend.identity.first;
	*hi = uid8_backend.identity.first + uid8_backend.identity.count;
}

/*
 * Automatic identities in a Citus cluster.  Automatic generator ids are
 * negotiated within one server, so servers that generate into the same
 * tables need different (cluster id, generator id) pairs.  A Citus node
 * knows its group (pg_catalog.pg_dist_local_group: 0 on the coordinator,
 * one number per worker, never reused by the cluster): when the cluster id
 * is not configured, group g generates with cluster id g % 16 and
 * generator ids UID8_CITUS_SLICE * (g / 16) and up, so that no two groups
 * share a pair.  Groups beyond what the pairs cover refuse to generate.
 * The table is read, not Citus's functions called, so that idtypes neither
 * links to Citus nor needs it; it is read again in every transaction that
 * generates, so a node added to a cluster (whose group Citus then changes)
 * moves to its new identity at its next transaction.
 */
#define UID8_CITUS_SLICE	256
#define UID8_CITUS_GROUPS	((UID8_CLUSTER_MAX + 1) * (UID8_GENERATORS / UID8_CITUS_SLICE))

/* This node's Citus group, or -1 when this database has no Citus. */
static int
uid8_citus_group(void)
{
	Oid			relid = get_relname_relid("pg_dist_local_group", PG_CATALOG_NAMESPACE);
	Relation	rel;
	TableScanDesc scan;
	HeapTuple	tuple;
	int			group = -1;

	if (!OidIsValid(relid))
		return -1;
	rel = table_open(relid, AccessShareLock);
	scan = table_beginscan_catalog(rel, 0, NULL);
	if ((tuple = heap_getnext(scan, ForwardScanDirection)) != NULL)
	{
		bool		isnull;
		Datum		d = heap_getattr(tuple, 1, RelationGetDescr(rel), &isnull);

		if (!isnull && TupleDescAttr(RelationGetDescr(rel), 0)->atttypid == INT4OID)
			group = DatumGetInt32(d);
	}
	table_endscan(scan);
	table_close(rel, AccessShareLock);
	return group;
}

static void uid8_release(uint8 how);
static void uid8_xact_callback(XactEvent event, void *arg);

/*
 * The cluster id and the generator ids that automatic generator ids are
 * claimed from in this transaction.  When they are not those of the
 * backend's claim (a Citus node's group changed, or the cluster id was
 * configured), the claim goes back: its generator ids are not this
 * identity's.
 */
void
uid8_automatic_identity(Uid8Identity *id)
{
	if (likely(uid8_backend.identity_valid))
	{
		*id = uid8_backend.identity;
		return;
	}
	id->citus_group = -1;
	id->cluster = idtypes_uid8_cluster_id;
	id->first = 0;
	id->count = UID8_GENERATORS;
	if (!IsTransactionState())
		return;
	if (idtypes_guc_source("idtypes.uid8_cluster_id") == PGC_S_DEFAULT &&
		(id->citus_group = uid8_citus_group()) >= 0)
	{
		id->cluster = id->citus_group % (UID8_CLUSTER_MAX + 1);
		id->first = UID8_CITUS_SLICE * (id->citus_group / (UID8_CLUSTER_MAX + 1));
		id->count = UID8_CITUS_SLICE;
	}
	if (!uid8_backend.callback)
	{
		RegisterXactCallback(uid8_xact_callback, NULL);
		uid8_backend.callback = true;
	}
	if (id->cluster != uid8_backend.identity.cluster || id->first != uid8_backend.identity.first ||
		id->count != uid8_backend.identity.count || id->citus_group != uid8_backend.identity.citus_group)
	{
		uid8_release(UID8_HELD_NONE);
		uid8_backend.nfirst = 0;
		uid8_backend.ngens = 0;
		uid8_backend.identity = *id;
	}
	uid8_backend.identity_valid = true;
}

/*
 * Claim one generator id if it is free.  A full lock table is an error for
 * a first claim (the server says which setting to raise), and for a claim
 * of more just a generator id not had.
 */
static bool
uid8_try_claim(int gen, uint8 how)
{
	LOCKTAG		tag;

	Assert(uid8_backend.held[gen] == UID8_HELD_NONE);
	uid8_lock_tag(&tag, gen);
	if (IDTYPES_LOCK_TRY(&tag, ExclusiveLock, true, how == UID8_HELD_FIRST) ==
		LOCKACQUIRE_NOT_AVAIL)
		return false;
	uid8_backend.held[gen] = how;
	return true;
}

/*
 * Give back the generator ids held as how (or all, for UID8_HELD_NONE).
 * (All of held[], not just the slots: a claim that failed half way has
 * ids in held[] that no slot has yet.)
 */
static void
uid8_release(uint8 how)
{
	LOCKTAG		tag;

	for (int gen = 0; gen < UID8_GENERATORS; gen++)
	{
		if (uid8_backend.held[gen] == UID8_HELD_NONE ||
			(how != UID8_HELD_NONE && uid8_backend.held[gen] != how))
			continue;
		uid8_lock_tag(&tag, gen);
		/* not held after pg_advisory_unlock_all() or DISCARD ALL */
		if (IDTYPES_LOCK_HELD_BY_ME(&tag, ExclusiveLock))
			LockRelease(&tag, ExclusiveLock, true);
		uid8_backend.held[gen] = UID8_HELD_NONE;
	}
}

/*
 * After the set of generator ids changed: the slots, and the word.  A
 * word's slot means a generator id only under the set that issued it (with
 * another, the rest of its millisecond could name (ms, seq, generator)
 * triples already issued), so the word moves to the end of its millisecond,
 * even when the wall clock is behind it.  Newly claimed ids must also start
 * past everything their previous holders issued (see above): our lock
 * acquisitions came after their releases, so we see what they raised the
 * shared clock to.
 */
static void
uid8_claims_changed(bool claimed)
{
	uint64		start = 0;
	int			n = 0;

	for (int gen = 0; gen < UID8_GENERATORS; gen++)
		if (uid8_backend.held[gen] != UID8_HELD_NONE)
			uid8_backend.gens[n++] = (uint16) gen;
	uid8_backend.ngens = n;

	if (claimed && idclock_is_shared())
	{
		/* the moves first: one made after this read is seen at the next id */
		uid8_backend.clock_moves = idclock_moves(IDSCHEME_UID8);
		uid8_backend.clock_rewinds = idclock_rewinds(IDSCHEME_UID8);
		start = UID8_WORD_END(UID8_WORD_MS(idclock_last(IDSCHEME_UID8)));
	}
	else if (claimed)
	{
		int64		now_ns = idclock_now_ns();

		start = UID8_WORD_END((uint64) idscheme_tick_at_ns(now_ns, uid8_scheme));
	}
	uid8_backend.last = Max(UID8_WORD_END(UID8_WORD_MS(uid8_backend.last)), start);
	uid8_backend.moved = true;
}

/*
 * Claim the lowest count free generator ids of this transaction's identity
 * (uid8_automatic_identity) for this backend.
 */
static void
uid8_claim_first(int count)
{
	const Uid8Identity *id = &uid8_backend.identity;
	int			lo;
	int			hi;
	volatile int found = 0;
	volatile bool pressing = false;
	LOCKTAG		pressure;

	uid8_release(UID8_HELD_NONE);
	uid8_backend.nfirst = 0;
	uid8_backend.ngens = 0;
	if (id->citus_group >= UID8_CITUS_GROUPS)
		ereport(ERROR,
				(errcode(ERRCODE_CONFIGURATION_LIMIT_EXCEEDED),
				 errmsg("no automatic uid8 identity for Citus group %d", id->citus_group),
				 errdetail("Automatic uid8 cluster and generator ids tell Citus groups 0 to %d apart.",
						   UID8_CITUS_GROUPS - 1),
				 errhint("Set idtypes.uid8_cluster_id, or idtypes.uid8_generator_id, on every node of the "
						 "cluster so that no two nodes share a cluster id and generator id.")));
	uid8_claimable(&lo, &hi);

	/*
	 * A claim that fails half way (a full lock table is an error) gives back
	 * what it got: the session would otherwise hold those ids, and their lock
	 * table entries, until its next gen_uid8() or its end.
	 */
	uid8_pressure_tag(&pressure);
	PG_TRY();
	{
		int64		until = idclock_monotonic_ns() + UID8_PRESSURE_WAIT_MS * INT64CONST(1000000);

		for (;;)
		{
			for (int gen = lo; gen < hi && found < count; gen++)
			{
				if (uid8_backend.held[gen] == UID8_HELD_NONE && uid8_try_claim(gen, UID8_HELD_FIRST))
					found++;
			}
			if (found == count || idclock_monotonic_ns() >= until)
				break;
			/* too few free: ask for extra ids back, and look again */
			if (!pressing &&
				IDTYPES_LOCK_TRY(&pressure, ShareLock, true, false) != LOCKACQUIRE_NOT_AVAIL)
				pressing = true;
			pg_usleep(UID8_PRESSURE_POLL_US);
			CHECK_FOR_INTERRUPTS();
		}
		if (pressing)
			LockRelease(&pressure, ShareLock, true);
		pressing = false;
		uid8_claims_changed(true);
	}
	PG_CATCH();
	{
		if (pressing)
			LockRelease(&pressure, ShareLock, true);
		uid8_release(UID8_HELD_NONE);
		uid8_backend.ngens = 0;
		PG_RE_THROW();
	}
	PG_END_TRY();
	if (found < count)
	{
		uid8_release(UID8_HELD_NONE);
		uid8_backend.ngens = 0;
		ereport(ERROR,
				(errcode(ERRCODE_CONFIGURATION_LIMIT_EXCEEDED),
				 errmsg("no free uid8 generator id"),
				 errdetail("This backend needs %d generator ids, and %d of the %d are free: "
						   "the others are claimed by other backends.",
						   count, found, hi - lo),
				 errhint("Lower idtypes.uid8_generator_count, or set idtypes.uid8_generator_id "
						 "with shared_preload_libraries so that all backends share one generator.")));
	}
	uid8_backend.nfirst = count;
	uid8_backend.needed_ms = 0;
}

/*
 * The backend used up a millisecond: claim as many generator ids again as
 * it has, up to idtypes.uid8_generator_count_max, the highest free ones of
 * the upper half of the claimable ids.  When none (or too few) are free,
 * it does not look again for a second.  Whether it got any.
 */
static bool
uid8_claim_more(void)
{
	int			lo;
	int			hi;
	int			want = Min(uid8_backend.ngens, idtypes_uid8_generator_count_max - uid8_backend.ngens);
	int			found = 0;

	if (want <= 0 || uid8_backend.retry_ns > idclock_monotonic_ns())
		return false;
	if (uid8_under_pressure())
	{
		uid8_backend.retry_ns = idclock_monotonic_ns() + UID8_MORE_KEEP_MS * INT64CONST(1000000);
		return false;
	}
	uid8_claimable(&lo, &hi);
	for (int gen = hi - 1; gen >= lo + (hi - lo) / 2 && found < want; gen--)
	{
		if (uid8_backend.held[gen] == UID8_HELD_NONE && uid8_try_claim(gen, UID8_HELD_MORE))
			found++;
	}
	if (found < want)
		uid8_backend.retry_ns = idclock_monotonic_ns() + INT64CONST(1000000000);
	if (found == 0)
		return false;
	/* a need: the extra ids are kept at least as long as after any other */
	uid8_backend.needed_ms = UID8_WORD_MS(uid8_backend.last);
	uid8_claims_changed(true);
	return true;
}

/*
 * Give back the extra generator ids if they were not needed for a while, or
 * a first claim waits for them (and then claim none for a while).
 */
static bool
uid8_release_unneeded(uint64 now_ms)
{
	if (uid8_backend.ngens == uid8_backend.nfirst)
		return false;
	if (now_ms < uid8_backend.needed_ms + UID8_MORE_KEEP_MS)
	{
		if (!uid8_under_pressure())
			return false;
		uid8_backend.retry_ns = idclock_monotonic_ns() + UID8_MORE_KEEP_MS * INT64CONST(1000000);
	}
	uid8_release(UID8_HELD_MORE);
	uid8_claims_changed(false);
	return true;
}

/*
 * At the end of a transaction: the identity is read again in the next one
 * (so that a node added to a Citus cluster moves to its new identity), and
 * the extra generator ids go back if unneeded, so that idle backends give
 * them back too.  (Registered with the first identity read, which comes
 * before any claim.)
 */
static void
uid8_xact_callback(XactEvent event, void *arg)
{
	uid8_backend.identity_valid = false;
	if (event == XACT_EVENT_COMMIT && uid8_backend.ngens > uid8_backend.nfirst)
	{
		/* after the commit: an error here would be a PANIC */
		int64		now_ns = idclock_wall_ns();

		(void) uid8_release_unneeded((uint64) idscheme_tick_at_ns(now_ns, uid8_scheme));
	}
}

/*
 * The next word of this backend's own generator, and its generator id and
 * cluster id.
 */
static uint64
uid8_backend_word(int count, uint32 *gen, uint32 *cluster)
{
	Uid8Identity id;
	uint64		word;

	/*
	 * A parallel worker is in its leader's lock group, so it could claim the
	 * generator ids its leader holds.
	 */
	if (IsParallelWorker())
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TRANSACTION_STATE),
				 errmsg("cannot generate uid8 ids in a parallel worker")));
	if (unlikely(!uid8_backend.identity_valid))
		uid8_automatic_identity(&id);
	for (;;)
	{
		if (unlikely(uid8_backend.nfirst != count))
			uid8_claim_first(count);

		/*
		 * The server's uid8 clock was moved by hand (idtypes_advance_clock())
		 * or by redo since we last looked: our word, which follows only our
		 * own ids, goes past it, as at a claim.  Moved back
		 * (idtypes_rewind_clock()): our word goes back with it, or we would
		 * carry the clock up again.
		 */
		if (idclock_is_shared() &&
			unlikely(idclock_moves(IDSCHEME_UID8) != uid8_backend.clock_moves))
		{
			bool		rewound;
			uint64		past;

			/* the counts first: a move made after these reads is seen next */
			uid8_backend.clock_moves = idclock_moves(IDSCHEME_UID8);
			rewound = idclock_rewinds(IDSCHEME_UID8) != uid8_backend.clock_rewinds;
			uid8_backend.clock_rewinds = idclock_rewinds(IDSCHEME_UID8);
			past = UID8_WORD_END(UID8_WORD_MS(idclock_last(IDSCHEME_UID8)));
			/* moved, not used up by ids: no reason to claim more */
			if (past > uid8_backend.last || rewound)
			{
				uid8_backend.last = past;
				uid8_backend.moved = true;
				uid8_backend.raised_ms = 0;
			}
		}
		word = uid8_next_word(false, uid8_backend.ngens);
		if (likely(UID8_WORD_MS(word) == uid8_backend.checked_ms))
			break;

		/* the first id of a millisecond: is the claim still ours? */
		if (!uid8_holds(uid8_backend.gens[0]))
		{
			/* released by pg_advisory_unlock_all() or DISCARD ALL */
			uid8_release(UID8_HELD_NONE);
			uid8_backend.nfirst = 0;
			continue;
		}
		/* extra ids not needed for a while go back (this word with them) */
		if (uid8_release_unneeded(UID8_WORD_MS(word)))
			continue;
		uid8_backend.checked_ms = UID8_WORD_MS(word);
		break;
	}

	/* this id is one the first claim's ids could not have issued */
	if (unlikely(UID8_WORD_SEQ(word) * (uint32) uid8_backend.ngens + UID8_WORD_SLOT(word) >=
				 (uint32) (UID8_SEQ_MAX + 1) * (uint32) uid8_backend.nfirst))
		uid8_backend.needed_ms = UID8_WORD_MS(word);

	if (idclock_is_shared() && UID8_WORD_MS(word) != uid8_backend.raised_ms)
	{
		idclock_observe(IDSCHEME_UID8, UID8_WORD_END(UID8_WORD_MS(word)));
		uid8_backend.raised_ms = UID8_WORD_MS(word);
	}
	*gen = uid8_backend.gens[UID8_WORD_SLOT(word)];
	*cluster = (uint32) uid8_backend.identity.cluster;
	return word;
}

PG_FUNCTION_INFO_V1(idtypes_gen_uid8);
Datum
idtypes_gen_uid8(PG_FUNCTION_ARGS)
{
	int			count = idtypes_uid8_generator_count;
	uint64		word;
	uint32		gen;
	uint32		cluster;

	/*
	 * A standby's cluster id and generator ids are its primary's, and
	 * automatic generator ids are negotiated within one server only.
	 */
	if (unlikely(RecoveryInProgress()))
		node_identity_copied("uid8 ids", "cluster id and generator ids",
							 "Generate uid8 ids on the primary.");

	if (idtypes_uid8_generator_id >= 0)
	{
		/* the server's generator, shared by all backends */
		if (!node_preloaded)
			node_identity_needs_preload("idtypes.uid8_generator_id");
		if (idtypes_uid8_generator_id + count > UID8_GENERATORS)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("uid8 generator ids %d to %d are out of range",
							idtypes_uid8_generator_id, idtypes_uid8_generator_id + count - 1),
					 errdetail("Generator ids go up to %d: idtypes.uid8_generator_id plus "
							   "idtypes.uid8_generator_count must be at most %d.",
							   UID8_GENERATOR_MAX, UID8_GENERATORS)));
		word = uid8_next_word(true, count);
		gen = idtypes_uid8_generator_id + UID8_WORD_SLOT(word);
		cluster = (uint32) idtypes_uid8_cluster_id;
	}
	else
		word = uid8_backend_word(count, &gen, &cluster);

	if (UID8_WORD_MS(word) > UID8_TS_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("uid8 timestamp out of range"),
				 errdetail("A uid8 holds times up to %s.",
						   timestamptz_to_str(idscheme_tick_to_timestamptz(UID8_TS_MAX, uid8_scheme)))));
	PG_RETURN_UID8(uid8_build(UID8_WORD_MS(word), UID8_WORD_SEQ(word), gen, cluster,
							  (Uid8Mode) idtypes_uid8_mode));
}

/*
 * The safe bound (bound.c): the smallest time-sequential uid8 of the first
 * (millisecond, sequence) that an open transaction may still hold.  Within
 * a sequence the generator bits do not follow the clock word's slot order,
 * so the bound stops at the sequence: ids of the same millisecond and
 * sequence are at or above it, and are read the next time.  Only the
 * server's generator (idtypes.uid8_generator_id) takes its words from the
 * shared clock; a backend's own generator interleaves with the others
 * within a millisecond.  Spread ids do not sort by time at all.
 */
PG_FUNCTION_INFO_V1(uid8_safe_bound);
Datum
uid8_safe_bound(PG_FUNCTION_ARGS)
{
	uint64		word;

	if (idtypes_uid8_mode != UID8_MODE_TIME_SEQUENTIAL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uid8_safe_bound() needs idtypes.uid8_mode = time_sequential"),
				 errdetail("Spread uid8 ids do not sort by time, so no id bounds the ones still in flight.")));
	if (idtypes_uid8_generator_id < 0)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uid8_safe_bound() needs the server's uid8 generator (idtypes.uid8_generator_id)"),
				 errdetail("Without it each backend generates with generator ids of its own, whose ids interleave within a millisecond in no order the server tracks."),
				 errhint("Set idtypes.uid8_generator_id (and idtypes.uid8_generator_count) in the server configuration.")));
	word = idbound_safe_word(IDSCHEME_UID8);

	/*
	 * A word whose slot names no generator id (the count is fixed while the
	 * server runs) is issued by nobody: the next sequence is the bound, so
	 * that the newest id is below the bound once its transaction has ended.
	 */
	if (UID8_WORD_SLOT(word) >= (uint32) idtypes_uid8_generator_count)
		word = (word | UID8_SLOT_MASK) + 1;
	PG_RETURN_UID8(uid8_build(Min(UID8_WORD_MS(word), UID8_TS_MAX),
							  UID8_WORD_SEQ(word), 0, 0, UID8_MODE_TIME_SEQUENTIAL));
}
