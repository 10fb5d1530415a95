/*-------------------------------------------------------------------------
 *
 * uid8.c
 *	  The uid8 type: the eight-byte ids of LableOrg's java-uniqueid, a
 *	  millisecond timestamp, a sequence within the millisecond, the
 *	  generator and cluster that made it, and the layout mode (DESIGN.md
 *	  section 1).
 *
 * A uid8 is one unsigned 64-bit integer, passed by value like int8:
 * comparison is unsigned integer comparison (which is the byte order of the
 * big-endian form, so time_sequential ids sort by time and spread ids
 * deliberately do not), sorting uses the server's unsigned-Datum
 * comparator, hashing is int8's (a uid8 and its bigint cast hash alike).
 * Text is 16 lowercase hex digits, binary the 8 bytes big-endian.
 *
 * Generation: a generator issues (ms, seq) pairs, 64 per millisecond per
 * generator id, from a 64-bit clock word advanced by idclock_advance() (see
 * "generation" below for the two kinds of generator and what makes their
 * ids unique).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/uid8.c
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
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "port/pg_bswap.h"
#include "storage/lock.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/sortsupport.h"
#include "utils/timestamp.h"

#include "byteid.h"
#include "clock.h"
#include "codec.h"
#include "compat.h"
#include "idtypes.h"
#include "timebin.h"
#include "uid8.h"

/* the 42-bit millisecond count, for the shared timestamp conversions */
static const ByteIdTime uid8_time = {
	.typname = "uid8",
	.len = UID8_LEN,
	.ts_bytes = 0,				/* not a byte prefix: tick_max instead */
	.unit_usec = 1000,
	.epoch_unix_usec = 0,
	.tick_max = UID8_TS_MAX,
};

/* ---------- layout (DESIGN.md section 1) ---------- */

/* the bits below the timestamp: seq, generator, mode, cluster */
#define UID8_LOW_MASK		((UINT64CONST(1) << 22) - 1)
#define UID8_MODE_BIT		(UINT64CONST(1) << 12)

/* Java's Long.reverse: bit i goes to bit 63 - i. */
static inline uint64
bitreverse64(uint64 v)
{
	v = ((v >> 1) & UINT64CONST(0x5555555555555555)) | ((v & UINT64CONST(0x5555555555555555)) << 1);
	v = ((v >> 2) & UINT64CONST(0x3333333333333333)) | ((v & UINT64CONST(0x3333333333333333)) << 2);
	v = ((v >> 4) & UINT64CONST(0x0F0F0F0F0F0F0F0F)) | ((v & UINT64CONST(0x0F0F0F0F0F0F0F0F)) << 4);
	return pg_bswap64(v);
}

/*
 * V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12
 *	   | (gen & 0xFF) << 4 | cluster
 * with T = bitreverse64(ts) (spread: the 42 timestamp bits fill bits 63..22
 * lowest first) or ts << 22 (time_sequential).
 */
static inline uint64
uid8_build(uint64 ts, uint32 seq, uint32 gen, uint32 cluster, Uid8Mode mode)
{
	uint64		t = mode == UID8_MODE_SPREAD ? bitreverse64(ts) : ts << 22;

	return t | (uint64) seq << 16 | (uint64) ((gen >> 8) & 7) << 13 |
		(mode == UID8_MODE_SPREAD ? 0 : UID8_MODE_BIT) |
		(uint64) (gen & 0xFF) << 4 | cluster;
}

/* Every 64-bit value parses: the fields cover all 64 bits once. */
static inline Uid8Mode
uid8_mode_of(uint64 v)
{
	return (v & UID8_MODE_BIT) ? UID8_MODE_TIME_SEQUENTIAL : UID8_MODE_SPREAD;
}

static inline uint64
uid8_ts_of(uint64 v)
{
	return uid8_mode_of(v) == UID8_MODE_SPREAD ?
		bitreverse64(v & ~UID8_LOW_MASK) : v >> 22;
}

static inline uint32
uid8_seq_of(uint64 v)
{
	return (uint32) (v >> 16) & UID8_SEQ_MAX;
}

static inline uint32
uid8_generator_of(uint64 v)
{
	return ((uint32) (v >> 4) & 0xFF) | ((uint32) (v >> 13) & 7) << 8;
}

static inline uint32
uid8_cluster_of(uint64 v)
{
	return (uint32) v & UID8_CLUSTER_MAX;
}

/* ---------- I/O ---------- */

PG_FUNCTION_INFO_V1(uid8_in);
Datum
uid8_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	static const int plain[] = {2 * UID8_LEN};
	uint8		bytes[UID8_LEN];

	if (!codec_hex_decode_groups(bytes, UID8_LEN, str, plain, 1))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: \"%s\"", "uid8", str),
				 errdetail("A uid8 is 16 hexadecimal digits.")));
	PG_RETURN_UID8(codec_get_be(bytes, UID8_LEN));
}

PG_FUNCTION_INFO_V1(uid8_out);
Datum
uid8_out(PG_FUNCTION_ARGS)
{
	uint8		bytes[UID8_LEN];
	char	   *result = palloc(2 * UID8_LEN + 1);

	codec_put_be(bytes, PG_GETARG_UID8(0), UID8_LEN);
	codec_hex_encode(result, bytes, UID8_LEN, false);
	result[2 * UID8_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

PG_FUNCTION_INFO_V1(uid8_recv);
Datum
uid8_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			avail = buf->len - buf->cursor;

	if (avail != UID8_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary value for type %s: %d bytes, expected %d",
						"uid8", avail, UID8_LEN)));
	PG_RETURN_UID8((uint64) pq_getmsgint64(buf));
}

PG_FUNCTION_INFO_V1(uid8_send);
Datum
uid8_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendint64(&buf, (int64) PG_GETARG_UID8(0));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

PG_FUNCTION_INFO_V1(uid8_to_bytea);
Datum
uid8_to_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *result = palloc(VARHDRSZ + UID8_LEN);

	SET_VARSIZE(result, VARHDRSZ + UID8_LEN);
	codec_put_be((uint8 *) VARDATA(result), PG_GETARG_UID8(0), UID8_LEN);
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(uid8_from_bytea);
Datum
uid8_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);

	if (VARSIZE_ANY_EXHDR(b) != UID8_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid length for type %s: %d bytes, expected %d",
						"uid8", (int) VARSIZE_ANY_EXHDR(b), UID8_LEN)));
	PG_RETURN_UID8(codec_get_be((const uint8 *) VARDATA_ANY(b), UID8_LEN));
}

/* ---------- comparison: unsigned 64-bit ---------- */

PG_FUNCTION_INFO_V1(uid8_eq);
Datum
uid8_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(PG_GETARG_UID8(0) == PG_GETARG_UID8(1));
}

PG_FUNCTION_INFO_V1(uid8_ne);
Datum
uid8_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(PG_GETARG_UID8(0) != PG_GETARG_UID8(1));
}

PG_FUNCTION_INFO_V1(uid8_lt);
Datum
uid8_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(PG_GETARG_UID8(0) < PG_GETARG_UID8(1));
}

PG_FUNCTION_INFO_V1(uid8_le);
Datum
uid8_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(PG_GETARG_UID8(0) <= PG_GETARG_UID8(1));
}

PG_FUNCTION_INFO_V1(uid8_gt);
Datum
uid8_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(PG_GETARG_UID8(0) > PG_GETARG_UID8(1));
}

PG_FUNCTION_INFO_V1(uid8_ge);
Datum
uid8_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(PG_GETARG_UID8(0) >= PG_GETARG_UID8(1));
}

PG_FUNCTION_INFO_V1(uid8_cmp);
Datum
uid8_cmp(PG_FUNCTION_ARGS)
{
	uint64		a = PG_GETARG_UID8(0);
	uint64		b = PG_GETARG_UID8(1);

	PG_RETURN_INT32((a > b) - (a < b));
}

PG_FUNCTION_INFO_V1(uid8_smaller);
Datum
uid8_smaller(PG_FUNCTION_ARGS)
{
	uint64		a = PG_GETARG_UID8(0);
	uint64		b = PG_GETARG_UID8(1);

	PG_RETURN_UID8(a <= b ? a : b);
}

PG_FUNCTION_INFO_V1(uid8_larger);
Datum
uid8_larger(PG_FUNCTION_ARGS)
{
	uint64		a = PG_GETARG_UID8(0);
	uint64		b = PG_GETARG_UID8(1);

	PG_RETURN_UID8(a >= b ? a : b);
}

/* ---------- sortsupport ---------- */

/*
 * The Datum is the value itself, so the sort compares Datums as unsigned
 * integers, with no abbreviation needed; tuplesort recognises this
 * comparator and runs its specialised quicksort (PostgreSQL 15 and later).
 */
PG_FUNCTION_INFO_V1(uid8_sortsupport);
Datum
uid8_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = ssup_datum_unsigned_cmp;
	PG_RETURN_VOID();
}

/* ---------- hash ---------- */

/* Equal uid8s are equal 64-bit patterns, exactly as for int8. */
PG_FUNCTION_INFO_V1(uid8_hash);
Datum
uid8_hash(PG_FUNCTION_ARGS)
{
	return hashint8(fcinfo);
}

PG_FUNCTION_INFO_V1(uid8_hash_extended);
Datum
uid8_hash_extended(PG_FUNCTION_ARGS)
{
	return hashint8extended(fcinfo);
}

/* ---------- generation ---------- */

/*
 * A generator's state is one clock word (IDCLOCK_UID8 in clock.h):
 *
 *	 ms << 17 | seq << 11 | slot
 *
 * where slot indexes the generator ids the generator uses (usually just
 * one; idtypes.uid8_generator_count for bulk loads).  Each id issued is a
 * word no other issue of the generator returns, and the word maps one to
 * one onto (ms, seq, generator id), so the ids are distinct.  Stepping the
 * word goes through the slots, then the sequences of a millisecond, so
 * that successive time_sequential ids compare in the order they were made
 * ((ts, seq, generator) is their order).
 *
 * The two kinds of generator:
 *
 * - The server's: idtypes.uid8_generator_id configured, with
 *   shared_preload_libraries.  The word is the shared IDCLOCK_UID8 clock,
 *   advanced lock-free by every backend and persisted ahead by clock.c, so
 *   ids are never reissued across backends, restarts or clock steps.
 *
 * - A backend's own (idtypes.uid8_generator_id = -1, and always without
 *   preloading): the backend claims free generator ids through the lock
 *   manager for as long as it lives and keeps its word in local memory.  A
 *   generator id is used by one backend at a time; when it passes to
 *   another, that one must not repeat what its previous holder issued, so
 *   a claim starts past every millisecond the previous holder used: with
 *   preloading, every backend raises the shared IDCLOCK_UID8 word (which is
 *   persisted, so it also survives restarts) to the end of each millisecond
 *   it issues in, and a claim starts above it; without, a claim starts at
 *   the next millisecond of the wall clock, which holds as long as the
 *   previous holder did not run ahead of the wall clock (see below).
 *
 * A generator never issues a word twice, even when the wall clock steps
 * back: it keeps issuing from the last millisecond it used (the remaining
 * sequences) until the clock catches up.  When that millisecond is used up
 * it does not wait for the clock (which may be minutes): it moves on to
 * the next millisecond once a millisecond has really passed, measured on
 * the monotonic clock, so the ids' time runs ahead of the stepped-back wall
 * clock by a constant amount rather than running away.  When the wall clock
 * is right and a millisecond is used up, it sleeps to the next one.
 */
#define UID8_WORD(ms, seq, slot) \
	((uint64) (ms) << 17 | (uint64) (seq) << 11 | (uint64) (slot))
#define UID8_WORD_MS(w)		((w) >> 17)
#define UID8_WORD_SEQ(w)	((uint32) ((w) >> 11) & UID8_SEQ_MAX)
#define UID8_WORD_SLOT(w)	((uint32) (w) & UID8_GENERATOR_MAX)
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

/* A backend's own generator. */
static struct
{
	int			ngens;			/* generator ids claimed, ascending */
	uint16		gens[UID8_GENERATORS];
	uint64		last;			/* clock word */
	uint64		raised_ms;		/* last millisecond raised into IDCLOCK_UID8 */
	int			cluster;		/* cluster id of the claim */
	int			first;			/* first generator id it was claimed from */
} uid8_backend;

/*
 * The next word of a generator: the server's (shared) or this backend's.
 * Waits (sleeping, never spinning) while the last millisecond is used up.
 */
static uint64
uid8_next_word(bool shared, uint32 nslots)
{
	Uid8Step	s = {.pass_ms = PG_UINT64_MAX,.nslots = nslots};
	uint64		seen_ms = PG_UINT64_MAX;
	int64		seen_at = 0;

	for (;;)
	{
		int64		now_ns = idclock_now_ns();
		uint64		word;

		s.now_ms = now_ns > 0 ? (uint64) now_ns / 1000000 : 0;
		if (shared)
			word = idclock_advance(IDCLOCK_UID8, uid8_step, &s);
		else if ((word = uid8_step(uid8_backend.last, &s)) != 0)
			uid8_backend.last = word;
		if (word != 0)
			return word;

		/* s.used_up_ms is used up: when did we first see that? */
		if (s.used_up_ms != seen_ms)
		{
			seen_ms = s.used_up_ms;
			seen_at = idclock_monotonic_ns();
		}
		if (s.now_ms == seen_ms)
		{
			/* the wall clock is in that millisecond: sleep to its end */
			pg_usleep(1000 - ((uint64) now_ns / 1000) % 1000);
		}
		else
		{
			/*
			 * The wall clock is behind (it was stepped back): leave the
			 * millisecond once a millisecond has really passed since we saw
			 * it used up.  Whoever moves a generator to its next millisecond
			 * has waited so, so its time advances no faster than real time.
			 */
			int64		waited = idclock_monotonic_ns() - seen_at;

			if (waited >= 1000000)
				s.pass_ms = seen_ms;
			else
				pg_usleep((1000000 - waited) / 1000 + 1);
		}
		CHECK_FOR_INTERRUPTS();
	}
}

/*
 * A claimed generator id is a session-level lock on an advisory lock tag of
 * database 0, which no SQL-level advisory lock can name (those carry the
 * current database), shown in pg_locks as locktype 'advisory', database 0,
 * classid UID8_LOCK_CLASSID, objid the generator id, objsubid
 * UID8_LOCK_SUBID (uid8_claimed_generators() lists them).  Session-level
 * advisory locks survive transaction aborts, but pg_advisory_unlock_all()
 * and DISCARD ALL release them, so an id is checked before each use.
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

static void
uid8_release_claims(void)
{
	LOCKTAG		tag;

	for (int i = 0; i < uid8_backend.ngens; i++)
	{
		uid8_lock_tag(&tag, uid8_backend.gens[i]);
		if (IDTYPES_LOCK_HELD_BY_ME(&tag, ExclusiveLock))
			LockRelease(&tag, ExclusiveLock, true);
	}
	uid8_backend.ngens = 0;
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

static Uid8Identity uid8_identity;
static bool uid8_identity_valid = false;
static bool uid8_xact_callback_registered = false;

static void
uid8_identity_xact_callback(XactEvent event, void *arg)
{
	uid8_identity_valid = false;
}

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

/*
 * The cluster id and the generator ids that automatic generator ids are
 * claimed from in this transaction.
 */
void
uid8_automatic_identity(Uid8Identity *id)
{
	if (!uid8_identity_valid || !IsTransactionState())
	{
		id->citus_group = -1;
		id->cluster = idtypes_uid8_cluster_id;
		id->first = 0;
		id->count = UID8_GENERATORS;
		if (IsTransactionState() &&
			idtypes_guc_source("idtypes.uid8_cluster_id") == PGC_S_DEFAULT &&
			(id->citus_group = uid8_citus_group()) >= 0)
		{
			id->cluster = id->citus_group % (UID8_CLUSTER_MAX + 1);
			id->first = UID8_CITUS_SLICE * (id->citus_group / (UID8_CLUSTER_MAX + 1));
			id->count = UID8_CITUS_SLICE;
		}
		if (!IsTransactionState())
			return;
		if (!uid8_xact_callback_registered)
		{
			RegisterXactCallback(uid8_identity_xact_callback, NULL);
			uid8_xact_callback_registered = true;
		}
		uid8_identity = *id;
		uid8_identity_valid = true;
	}
	*id = uid8_identity;
}

/* Claim the lowest count free generator ids of id for this backend. */
static void
uid8_claim(int count, const Uid8Identity *id)
{
	LOCKTAG		tag;
	uint64		start;

	uid8_release_claims();
	if (id->citus_group >= UID8_CITUS_GROUPS)
		ereport(ERROR,
				(errcode(ERRCODE_CONFIGURATION_LIMIT_EXCEEDED),
				 errmsg("no automatic uid8 identity for Citus group %d", id->citus_group),
				 errdetail("Automatic uid8 cluster and generator ids tell Citus groups 0 to %d apart.",
						   UID8_CITUS_GROUPS - 1),
				 errhint("Set idtypes.uid8_cluster_id, or idtypes.uid8_generator_id, on every node of the "
						 "cluster so that no two nodes share a cluster id and generator id.")));
	uid8_backend.cluster = id->cluster;
	uid8_backend.first = id->first;
	for (int gen = id->first; gen < id->first + id->count && uid8_backend.ngens < count; gen++)
	{
		uid8_lock_tag(&tag, gen);
		if (LockAcquire(&tag, ExclusiveLock, true, true) == LOCKACQUIRE_NOT_AVAIL)
			continue;
		uid8_backend.gens[uid8_backend.ngens++] = (uint16) gen;
	}
	if (uid8_backend.ngens < count)
	{
		int			found = uid8_backend.ngens;

		uid8_release_claims();
		ereport(ERROR,
				(errcode(ERRCODE_CONFIGURATION_LIMIT_EXCEEDED),
				 errmsg("no free uid8 generator id"),
				 errdetail("This backend needs %d generator ids, and %d of the %d are free: "
						   "the others are claimed by other backends.",
						   count, found, id->count),
				 errhint("Lower idtypes.uid8_generator_count, or set idtypes.uid8_generator_id "
						 "with shared_preload_libraries so that all backends share one generator.")));
	}

	/*
	 * Start past everything the ids' previous holders issued (see above).
	 * Our lock acquisition came after their release, so we see what they
	 * raised the shared clock to.
	 */
	if (idclock_is_shared())
		start = UID8_WORD_END(UID8_WORD_MS(idclock_last(IDCLOCK_UID8)));
	else
	{
		int64		now_ns = idclock_now_ns();

		start = UID8_WORD_END(now_ns > 0 ? (uint64) now_ns / 1000000 : 0);
	}

	/*
	 * A word's slot means a generator id only under the claim that issued
	 * it: with another set of ids, the rest of its millisecond could name
	 * (ms, seq, generator) triples already issued.  So a new claim starts
	 * after the end of the last millisecond, even when the wall clock is
	 * behind it.
	 */
	uid8_backend.last = Max(UID8_WORD_END(UID8_WORD_MS(uid8_backend.last)), start);
}

PG_FUNCTION_INFO_V1(gen_uid8);
Datum
gen_uid8(PG_FUNCTION_ARGS)
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
		idtypes_identity_copied("uid8 ids", "cluster id and generator ids",
								"Generate uid8 ids on the primary.");

	if (idtypes_uid8_generator_id >= 0)
	{
		/* the server's generator, shared by all backends */
		if (!idtypes_preloaded)
			idtypes_identity_needs_preload("idtypes.uid8_generator_id");
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
	{
		Uid8Identity id;

		/*
		 * A parallel worker is in its leader's lock group, so it could claim
		 * the generator ids its leader holds.
		 */
		if (IsParallelWorker())
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TRANSACTION_STATE),
					 errmsg("cannot generate uid8 ids in a parallel worker")));
		uid8_automatic_identity(&id);
		for (;;)
		{
			if (uid8_backend.ngens != count || uid8_backend.cluster != id.cluster ||
				uid8_backend.first != id.first)
				uid8_claim(count, &id);
			word = uid8_next_word(false, count);
			gen = uid8_backend.gens[UID8_WORD_SLOT(word)];
			if (likely(uid8_holds(gen)))
				break;
			/* released by pg_advisory_unlock_all() or DISCARD ALL */
			uid8_release_claims();
		}
		if (idclock_is_shared() && UID8_WORD_MS(word) != uid8_backend.raised_ms)
		{
			idclock_observe(IDCLOCK_UID8, UID8_WORD_END(UID8_WORD_MS(word)));
			uid8_backend.raised_ms = UID8_WORD_MS(word);
		}
		cluster = (uint32) uid8_backend.cluster;
	}

	if (UID8_WORD_MS(word) > UID8_TS_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("uid8 timestamp out of range"),
				 errdetail("A uid8 holds times up to %s.",
						   timestamptz_to_str(byteid_tick_to_timestamptz(UID8_TS_MAX, &uid8_time)))));
	PG_RETURN_UID8(uid8_build(UID8_WORD_MS(word), UID8_WORD_SEQ(word), gen, cluster,
							  (Uid8Mode) idtypes_uid8_mode));
}

/* ---------- extraction and construction ---------- */

PG_FUNCTION_INFO_V1(uid8_timestamp);
Datum
uid8_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(byteid_tick_to_timestamptz(uid8_ts_of(PG_GETARG_UID8(0)),
													 &uid8_time));
}

/*
 * The start of the stride-wide bin, aligned on an origin, that holds its
 * time (in either mode: the timestamp is read from the id, not its order).
 */
PG_FUNCTION_INFO_V1(uid8_date_bin);
Datum
uid8_date_bin(PG_FUNCTION_ARGS)
{
	TimestampTz ts = byteid_tick_to_timestamptz(uid8_ts_of(PG_GETARG_UID8(1)), &uid8_time);

	PG_RETURN_TIMESTAMPTZ(idtypes_date_bin(PG_GETARG_INTERVAL_P(0), ts, PG_GETARG_TIMESTAMPTZ(2)));
}

PG_FUNCTION_INFO_V1(uid8_sequence);
Datum
uid8_sequence(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) uid8_seq_of(PG_GETARG_UID8(0)));
}

PG_FUNCTION_INFO_V1(uid8_generator);
Datum
uid8_generator(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) uid8_generator_of(PG_GETARG_UID8(0)));
}

PG_FUNCTION_INFO_V1(uid8_cluster);
Datum
uid8_cluster(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) uid8_cluster_of(PG_GETARG_UID8(0)));
}

PG_FUNCTION_INFO_V1(uid8_mode);
Datum
uid8_mode(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(uid8_mode_of(PG_GETARG_UID8(0)) == UID8_MODE_SPREAD ?
									 "spread" : "time_sequential"));
}

static void
check_part(const char *what, int32 value, int32 max)
{
	if (value < 0 || value > max)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("uid8 %s %d is out of range", what, value),
				 errdetail("A uid8 %s is from 0 to %d.", what, max)));
}

PG_FUNCTION_INFO_V1(uid8_from_parts);
Datum
uid8_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ts = byteid_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0), &uid8_time, false);
	int32		seq = PG_GETARG_INT32(1);
	int32		gen = PG_GETARG_INT32(2);
	int32		cluster = PG_GETARG_INT32(3);
	char	   *mode = text_to_cstring(PG_GETARG_TEXT_PP(4));
	Uid8Mode	m;

	check_part("sequence", seq, UID8_SEQ_MAX);
	check_part("generator", gen, UID8_GENERATOR_MAX);
	check_part("cluster", cluster, UID8_CLUSTER_MAX);
	if (pg_strcasecmp(mode, "spread") == 0)
		m = UID8_MODE_SPREAD;
	else if (pg_strcasecmp(mode, "time_sequential") == 0)
		m = UID8_MODE_TIME_SEQUENTIAL;
	else
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid uid8 mode: \"%s\"", mode),
				 errhint("The mode is \"spread\" or \"time_sequential\".")));
	PG_RETURN_UID8(uid8_build(ts, (uint32) seq, (uint32) gen, (uint32) cluster, m));
}

/*
 * Bounds for time ranges on a column of time_sequential ids, following the
 * rule of the other types' bounds: uid8_floor(t) is the smallest
 * time_sequential id whose time is t or later (the first of t's millisecond
 * when t falls on one, else the first of the next), uid8_ceil(t) the largest
 * whose time is t or earlier (the last of t's millisecond).  So on such a
 * column "id >= uid8_floor(t)" means the id's time is >= t, and
 * "id <= uid8_ceil(t)" that it is <= t.
 */
PG_FUNCTION_INFO_V1(uid8_floor);
Datum
uid8_floor(PG_FUNCTION_ARGS)
{
	uint64		ts = byteid_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0), &uid8_time, true);

	PG_RETURN_UID8(uid8_build(ts, 0, 0, 0, UID8_MODE_TIME_SEQUENTIAL));
}

PG_FUNCTION_INFO_V1(uid8_ceil);
Datum
uid8_ceil(PG_FUNCTION_ARGS)
{
	uint64		ts = byteid_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0), &uid8_time, false);

	PG_RETURN_UID8(uid8_build(ts, UID8_SEQ_MAX, UID8_GENERATOR_MAX, UID8_CLUSTER_MAX,
							  UID8_MODE_TIME_SEQUENTIAL));
}
