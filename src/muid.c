/*-------------------------------------------------------------------------
 *
 * muid.c
 *	  The muid type: 16-byte ids of a timestamp in microseconds, the
 *	  medallion of the node that made it, and an offset within the
 *	  transaction (Muid specification).
 *
 * value = ts << 72 | medallion << 20 | offset, stored big-endian, so byte
 * order is (time, node, offset) order.  Comparison, sorting, hashing,
 * binary I/O and bytea casts are the shared byteid16_* functions.
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
#include "utils/guc.h"
#include "utils/timestamp.h"

#include "byteid.h"
#include "bound.h"
#include "clock.h"
#include "codec.h"
#include "muid.h"
#include "node.h"
#include "random.h"
#include "timebin.h"

/* the time of a muid (scheme.h) */
static const IdScheme *const muid_scheme = &idschemes[IDSCHEME_MUID];

static muid *
muid_build(uint64 ts, uint64 medallion, uint32 offset)
{
	muid	   *m = palloc(sizeof(muid));

	codec_put_be(m->data, ts << 8 | medallion >> 44, 8);
	codec_put_be(m->data + 8, (medallion & ((UINT64CONST(1) << 44) - 1)) << 20 | offset, 8);
	return m;
}

static inline uint64
muid_medallion_of(const muid *m)
{
	return (uint64) m->data[7] << 44 | codec_get_be(m->data + 8, 8) >> 20;
}

static inline uint32
muid_offset_of(const muid *m)
{
	return (uint32) (codec_get_be(m->data + 13, 3) & MUID_OFFSET_MAX);
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
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: \"%s\"", "muid", str),
				 errdetail("A muid is 32 hexadecimal digits, or 14, 13 and 5 digits separated by dashes.")));
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

/* ---------- comparison with timestamptz ---------- */

BYTEID_TIME_COMPARISONS(muid, muid_scheme)

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
muid_shmem_init(void *area, bool found)
{
	shared_medallion = (uint64 *) area;
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
static struct
{
	LocalTransactionId lxid;
	TimestampTz xact_start;		/* with lxid, tells transactions apart */
	uint64		ts;
	uint64		medallion;
	uint32		next_offset;
} muid_xact = {InvalidLocalTransactionId};

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
	ts = idclock_next(IDSCHEME_MUID, (uint64) idclock_ticks_at(IDSCHEME_MUID, idclock_now_ns()));
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

PG_FUNCTION_INFO_V1(gen_muid);
Datum
gen_muid(PG_FUNCTION_ARGS)
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

/*
 * The safe bound (bound.c): the smallest muid of the first timestamp that
 * an open transaction may still hold.  A transaction's muids all carry the
 * one timestamp it took from the clock, so a transaction open since before
 * the bound's timestamp holds ids below none of it.
 */
PG_FUNCTION_INFO_V1(muid_safe_bound);
Datum
muid_safe_bound(PG_FUNCTION_ARGS)
{
	uint64		ts = idbound_safe_word(IDSCHEME_MUID);

	PG_RETURN_MUID_P(muid_build(Min(ts, MUID_TS_MAX), 0, 0));
}

/* ---------- extraction and construction ---------- */

PG_FUNCTION_INFO_V1(muid_timestamp);
Datum
muid_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(byteid_timestamptz_of(PG_GETARG_MUID_P(0)->data, muid_scheme));
}

/* The start of the stride-wide bin, aligned on an origin, that holds its time. */
PG_FUNCTION_INFO_V1(muid_date_bin);
Datum
muid_date_bin(PG_FUNCTION_ARGS)
{
	TimestampTz ts = byteid_timestamptz_of(PG_GETARG_MUID_P(1)->data, muid_scheme);

	PG_RETURN_TIMESTAMPTZ(timebin_date_bin(PG_GETARG_INTERVAL_P(0), ts, PG_GETARG_TIMESTAMPTZ(2)));
}

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
	uint64		ts = byteid_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0), muid_scheme, false);
	int64		medallion = PG_GETARG_INT64(1);
	int32		offset = PG_GETARG_INT32(2);

	if (medallion < 0 || (uint64) medallion > MUID_MEDALLION_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("muid medallion " INT64_FORMAT " is out of range", medallion),
				 errdetail("A medallion is from 0 to " UINT64_FORMAT ".", MUID_MEDALLION_MAX)));
	if (offset < 0 || offset > MUID_OFFSET_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("muid offset %d is out of range", offset),
				 errdetail("An offset is from 0 to %d.", MUID_OFFSET_MAX)));
	PG_RETURN_MUID_P(muid_build(ts, (uint64) medallion, (uint32) offset));
}

PG_FUNCTION_INFO_V1(muid_floor);
Datum
muid_floor(PG_FUNCTION_ARGS)
{
	uint64		ts = byteid_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0), muid_scheme, true);

	PG_RETURN_MUID_P(muid_build(ts, 0, 0));
}

PG_FUNCTION_INFO_V1(muid_ceil);
Datum
muid_ceil(PG_FUNCTION_ARGS)
{
	uint64		ts = byteid_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0), muid_scheme, false);

	PG_RETURN_MUID_P(muid_build(ts, MUID_MEDALLION_MAX, MUID_OFFSET_MAX));
}
