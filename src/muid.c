/*-------------------------------------------------------------------------
 *
 * muid.c
 *	  The muid type: 16-byte ids of a timestamp in microseconds, the
 *	  medallion of the node that made it, and an offset within the
 *	  transaction (Muid specification).
 *
 * value = ts << 72 | medallion << 20 | offset, stored big-endian, so byte
 * order is (time, node, offset) order.  Comparison, sorting, hashing,
 * binary I/O and bytea casts are the shared idtypes_byteid16_* functions.
 *
 * Generation: one timestamp per transaction, taken from the muid clock at
 * the first gen_muid() (strictly increasing across the server with
 * shared_preload_libraries), then offsets 1, 2, 3, ...; offset 0 is the
 * transaction itself (muid_transaction()).
 *
 * The medallion (node id) is the idtypes.medallion setting, or automatic: a
 * random one per server start, kept in shared memory with
 * shared_preload_libraries, else per backend.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/muid.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/parallel.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "storage/shmem.h"
#include "utils/guc.h"
#include "utils/timestamp.h"

#include "byteid.h"
#include "clock/clock.h"
#include "codec.h"
#include "muid.h"
#include "node.h"
#include "random.h"

/* the time of a muid (scheme.h) */
static const IdScheme *const muid_scheme = &idschemes[IDSCHEME_MUID];

static muid *
muid_build(uint64 ts, uint64 medallion, uint32 offset)
{
	muid	   *m = palloc(sizeof(muid));

	uint64		hi = ts << MUID_MEDALLION_HIGH_BITS | medallion >> MUID_MEDALLION_LOW_BITS;
	uint64		lo = (medallion & ((UINT64CONST(1) << MUID_MEDALLION_LOW_BITS) - 1)) << MUID_OFFSET_BITS | offset;

	codec_put_be(m->data, hi, sizeof(uint64));
	codec_put_be(m->data + sizeof(uint64), lo, sizeof(uint64));
	return m;
}

static inline uint64
muid_medallion_of(const muid *m)
{
	uint64		hi = codec_get_be(m->data, sizeof(uint64));
	uint64		lo = codec_get_be(m->data + sizeof(uint64), sizeof(uint64));

	return (hi & ((UINT64CONST(1) << MUID_MEDALLION_HIGH_BITS) - 1)) << MUID_MEDALLION_LOW_BITS |
		lo >> MUID_OFFSET_BITS;
}

static inline uint32
muid_offset_of(const muid *m)
{
	return (uint32) (codec_get_be(m->data + sizeof(uint64), sizeof(uint64)) & MUID_OFFSET_MAX);
}

/* ---------- I/O ---------- */

PG_FUNCTION_INFO_V1(muid_in);
Datum
muid_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	static const int plain[] = {32};
	static const int dashed[] = {14, 13, 5};
	muid	   *result = palloc(sizeof(muid));
	size_t		len = strlen(str);

	if (!((len == 32 && codec_hex_decode_groups(result->data, MUID_LEN, str, plain, 1)) ||
		  (len == 34 && codec_hex_decode_groups(result->data, MUID_LEN, str, dashed, 3))))
		BYTEID_RETURN_BAD_TEXT(fcinfo, "muid", str,
							   "A muid is 32 hexadecimal digits, or 14, 13 and 5 digits separated by dashes.");
	PG_RETURN_MUID_P(result);
}

PG_FUNCTION_INFO_V1(muid_out);
Datum
muid_out(PG_FUNCTION_ARGS)
{
	muid	   *m = PG_GETARG_MUID_P(0);
	char	   *result = palloc(2 * MUID_LEN + 1);

	codec_hex_encode(result, m->data, MUID_LEN, true);
	result[2 * MUID_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

/* ---------- time: comparisons with timestamptz, extraction, bins, bounds ---------- */

BYTEID_TIME_FUNCTIONS(muid, muid_scheme)

/* ---------- settings ---------- */

int64		idtypes_medallion = -1;
static char *medallion_setting = NULL;

/*
 * idtypes.medallion is 52 bits wide, more than an integer setting holds, so
 * it is a string: decimal or 0x-prefixed hex, empty for automatic.
 */
static bool
check_medallion(char **newval, void **extra, GucSource source)
{
	const char *s = *newval;
	int64	   *value;
	int64		parsed = -1;

	if (s != NULL && *s != '\0')
	{
		int			base = 10;
		uint64		v = 0;
		bool		ok = true;

		/* exactly [0-9]+ or 0x[0-9a-fA-F]+: no sign, blanks or octal */
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		{
			base = 16;
			s += 2;
		}
		if (*s == '\0')
			ok = false;
		for (; ok && *s != '\0'; s++)
		{
			int			d;

			if (*s >= '0' && *s <= '9')
				d = *s - '0';
			else if (base == 16 && *s >= 'a' && *s <= 'f')
				d = *s - 'a' + 10;
			else if (base == 16 && *s >= 'A' && *s <= 'F')
				d = *s - 'A' + 10;
			else
				break;
			v = v * base + d;
			if (v > MUID_MEDALLION_MAX)
				ok = false;
		}
		if (!ok || *s != '\0')
		{
			GUC_check_errdetail("idtypes.medallion must be a decimal integer or a 0x-prefixed hexadecimal one from 0 to "
								UINT64_FORMAT " (0xFFFFFFFFFFFFF), or empty for an automatic one.",
								(uint64) MUID_MEDALLION_MAX);
			return false;
		}
		parsed = (int64) v;
	}
	value = idtypes_guc_malloc(sizeof(int64));
	if (value == NULL)
	{
		GUC_check_errmsg("out of memory");
		return false;
	}
	*value = parsed;
	*extra = value;
	return true;
}

static void
assign_medallion(const char *newval, void *extra)
{
	idtypes_medallion = *(int64 *) extra;
}

void
muid_init(void)
{
	/*
	 * Node identity is configuration, not something an ordinary session may
	 * change: PGC_SIGHUP, set in postgresql.conf or with ALTER SYSTEM.
	 */
	DefineCustomStringVariable("idtypes.medallion",
							   "Medallion (node id) of this server in muids, 0 to 2^52-1; empty: automatic.",
							   "Automatic: a random medallion from the Muid specification's range, "
							   "new at each server start (per backend without shared_preload_libraries).",
							   &medallion_setting,
							   "",
							   PGC_SIGHUP,
							   0,
							   check_medallion, assign_medallion, NULL);
}

/* The automatic medallion of this server start, in shared memory. */
static uint64 *shared_medallion = NULL;

Size
muid_shmem_size(void)
{
	return sizeof(uint64);
}

/* In the postmaster, at start and after each crash reinitialisation. */
void
muid_shmem_init(void)
{
	bool		found;

	shared_medallion = ShmemInitStruct("idtypes muid medallion", muid_shmem_size(), &found);
	if (!found)
	{
		uint64		r;

		if (!pg_strong_random(&r, sizeof(r)))
			ereport(FATAL,
					(errcode(ERRCODE_INTERNAL_ERROR),
					 errmsg("could not generate random values")));
		*shared_medallion = muid_random_medallion(r);
	}
}

/* ---------- generation ---------- */

/* The transaction the current muid timestamp belongs to. */
typedef struct MuidXact
{
	LocalTransactionId lxid;
	TimestampTz xact_start;		/* with lxid, tells transactions apart */
	uint64		ts;
	uint64		medallion;
	uint32		next_offset;
} MuidXact;

static MuidXact muid_xact = {InvalidLocalTransactionId};

/* This backend's own medallion, when it generates without shared memory. */
static uint64 backend_medallion = 0;

/*
 * The medallion gen_muid() uses here: the configured one, the automatic one
 * of this server start, or (without shared memory) this backend's own.
 * Whether a configured one may be used is the caller's question.
 */
uint64
muid_node_medallion(void)
{
	if (idtypes_medallion >= 0)
		return (uint64) idtypes_medallion;
	if (shared_medallion != NULL)
		return *shared_medallion;
	if (backend_medallion == 0)
		backend_medallion = muid_random_medallion(idrandom_u64());
	return backend_medallion;
}

/*
 * The first muid of a transaction: its timestamp and medallion.  Not
 * inlined, so that gen_muid() stays a test and a store on every other call.
 */
static pg_noinline void
muid_xact_start(LocalTransactionId lxid, TimestampTz xact_start)
{
	uint64		medallion;
	uint64		ts;

	/* the offsets are this backend's: a worker would repeat them */
	if (IsParallelWorker())
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TRANSACTION_STATE),
				 errmsg("cannot generate muids in a parallel worker")));

	/*
	 * A configured medallion is the node's alone only when one clock serves
	 * it (the shared one), and only on the server it was configured for (a
	 * standby's is its primary's).
	 */
	if (idtypes_medallion >= 0)
	{
		if (!node_preloaded)
			node_identity_needs_preload("idtypes.medallion");
		if (RecoveryInProgress())
			node_identity_copied("muids", "medallion",
								 "Generate muids on the primary, or reset idtypes.medallion on this standby "
								 "so that it uses an automatic medallion of its own.");
	}
	medallion = muid_node_medallion();
	ts = idclock_next(IDSCHEME_MUID, (uint64) idscheme_tick_at_ns(idclock_now_ns(), muid_scheme));
	if (ts > MUID_TS_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("muid timestamp out of range")));

	muid_xact.lxid = lxid;
	muid_xact.xact_start = xact_start;
	muid_xact.ts = ts;
	muid_xact.medallion = medallion;
	muid_xact.next_offset = 1;
}

/* Give the current transaction its timestamp, once. */
static inline void
muid_xact_begin(void)
{
	LocalTransactionId lxid = IDTYPES_MY_LXID;
	TimestampTz xact_start = GetCurrentTransactionStartTimestamp();

	if (unlikely(muid_xact.lxid != lxid || muid_xact.xact_start != xact_start))
		muid_xact_start(lxid, xact_start);
}

PG_FUNCTION_INFO_V1(idtypes_gen_muid);
Datum
idtypes_gen_muid(PG_FUNCTION_ARGS)
{
	muid_xact_begin();
	if (unlikely(muid_xact.next_offset > MUID_OFFSET_MAX))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("too many muids in one transaction"),
				 errdetail("A transaction can generate at most %d muids: the offset has 20 bits.",
						   MUID_OFFSET_MAX)));
	PG_RETURN_MUID_P(muid_build(muid_xact.ts, muid_xact.medallion,
								muid_xact.next_offset++));
}

PG_FUNCTION_INFO_V1(muid_transaction);
Datum
muid_transaction(PG_FUNCTION_ARGS)
{
	muid_xact_begin();
	PG_RETURN_MUID_P(muid_build(muid_xact.ts, muid_xact.medallion, 0));
}

/* ---------- extraction and construction ---------- */

PG_FUNCTION_INFO_V1(muid_medallion);
Datum
muid_medallion(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) muid_medallion_of(PG_GETARG_MUID_P(0)));
}

PG_FUNCTION_INFO_V1(muid_offset);
Datum
muid_offset(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) muid_offset_of(PG_GETARG_MUID_P(0)));
}

PG_FUNCTION_INFO_V1(muid_from_parts);
Datum
muid_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ts = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), muid_scheme, false);
	int64		medallion = PG_GETARG_INT64(1);
	int32		offset = PG_GETARG_INT32(2);

	byteid_check_part(muid_scheme, "medallion", "A medallion", medallion, MUID_MEDALLION_MAX);
	byteid_check_part(muid_scheme, "offset", "An offset", offset, MUID_OFFSET_MAX);
	PG_RETURN_MUID_P(muid_build(ts, (uint64) medallion, (uint32) offset));
}
