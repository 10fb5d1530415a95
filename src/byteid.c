/*-------------------------------------------------------------------------
 *
 * byteid.c
 *	  The machinery shared by the fixed-width byte-string id types.
 *
 * Ids of these types are big-endian, so their order is plain unsigned byte
 * order (memcmp).  Sorting uses abbreviated keys: the first eight bytes as
 * an unsigned integer, which for time-first ids is the time and decides
 * nearly every comparison; tuplesort then runs its specialised
 * unsigned-Datum quicksort.  Skip scans (PostgreSQL 18) step from an id to
 * the next one up or down in that order.  Hashing is hash_any over the bytes.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/byteid.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "port/pg_bswap.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/sortsupport.h"

#include "clock/clock.h"
#include "byteid.h"
#include "codec.h"
#include "compat.h"
#include "timebin.h"

/* ---------- time prefix ---------- */

/*
 * The leading tick_bits bits as a big-endian integer: one unaligned 8-byte
 * load, byte swap and shift (every byte-string id is at least 12 bytes),
 * since the comparisons with a timestamptz run once per index tuple of a
 * time-range scan.
 */
uint64
byteid_tick_of(const uint8 *id, const IdScheme *tm)
{
	uint64		v;

	Assert(tm->len >= 8 && tm->tick_bits % 8 == 0 && tm->tick_bits < 64);
	memcpy(&v, id, sizeof(v));
	return pg_ntoh64(v) >> (64 - tm->tick_bits);
}

/*
 * This is the support function of the cross-type btree operators, so an
 * index range scan calls it for every tuple it returns: it compares the
 * start and end of the id's tick with t in microseconds, by products
 * rather than a division (idscheme_usec_of_tick() of a tick of whole
 * microseconds; no type's last tick times its unit overflows 64 bits: muid
 * 2^56 ticks of 1 us, hlculid 2^48 of 1 ms, tid62 2^32 of 1 s).
 */
int
byteid_cmp_timestamptz(const uint8 *id, TimestampTz t, const IdScheme *tm)
{
	uint64		tick;
	uint64		start;
	uint64		usec = 0;
	int			where = idscheme_usec_since_epoch(t, tm, &usec);

	if (where != 0)
		return -where;
	tick = byteid_tick_of(id, tm);
	start = idscheme_usec_of_tick(tick, tm);
	if (start > usec)
		return 1;				/* the id's tick starts after t */
	if (usec >= idscheme_usec_of_tick(tick + 1, tm))
		return -1;				/* and ends at or before t (also past the
								 * range) */
	if (usec != start)
		return -1;				/* t is inside the tick, after all its ids */
	for (int i = tm->tick_bits / 8; i < tm->len; i++)
		if (id[i] != 0)
			return 1;
	return 0;					/* the smallest id of the instant */
}

/* ---------- time functions ---------- */

/*
 * The id whose leading nbits bits are word, big-endian, and whose other
 * bits are all fill_bit: the smallest (fill_bit 0) or the largest (1) id
 * that starts with the word.
 */
static Datum
byteid_of_word(uint64 word, int nbits, bool fill_bit, const IdScheme *tm)
{
	uint8	   *id = palloc(tm->len);

	Assert(nbits % 8 == 0 && nbits <= 64);
	memset(id, fill_bit ? 0xFF : 0x00, tm->len);
	codec_put_be(id, word, nbits / 8);
	return PointerGetDatum(id);
}

Datum
byteid_date_bin(FunctionCallInfo fcinfo, const IdScheme *tm)
{
	TimestampTz ts = byteid_timestamptz_of((const uint8 *) PG_GETARG_POINTER(1), tm);

	PG_RETURN_TIMESTAMPTZ(timebin_date_bin(PG_GETARG_INTERVAL_P(0), ts, PG_GETARG_TIMESTAMPTZ(2)));
}

/*
 * The smallest id that byteid_cmp_timestamptz() places at or after t: the
 * first of t's tick when t falls on one, else the first of the next tick
 * (rounding up); 22008 where there is none.  Both place t with
 * idscheme_usec_since_epoch() (scheme.h), so they agree.
 */
Datum
byteid_floor(FunctionCallInfo fcinfo, const IdScheme *tm)
{
	uint64		tick = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), tm, true);

	return byteid_of_word(tick, tm->tick_bits, false, tm);
}

/* The largest id of t's tick, the last whose time is t or earlier. */
Datum
byteid_ceil(FunctionCallInfo fcinfo, const IdScheme *tm)
{
	uint64		tick = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), tm, false);

	return byteid_of_word(tick, tm->tick_bits, true, tm);
}

/*
 * The safe bound (bound.c): the smallest id of the first clock word that an
 * open transaction may still hold.  The clock word (the tick count, and the
 * counter_bits of the scheme's counter below it) is the id's first bytes.
 */
Datum
byteid_safe_bound(FunctionCallInfo fcinfo, const IdScheme *tm)
{
	int			nbits = tm->tick_bits + tm->counter_bits;
	uint64		word = idbound_safe_word(tm->id);

	if (nbits < 64)
		word = Min(word, (UINT64CONST(1) << nbits) - 1);
	return byteid_of_word(word, nbits, false, tm);
}

/* ---------- sortsupport ---------- */

typedef struct ByteIdSortState
{
	int64		input_count;	/* keys seen while estimating */
	bool		estimating;
	hyperLogLogState abbr_card; /* cardinality of the abbreviated keys */
} ByteIdSortState;

/* The first 8 bytes as an integer in native order: compares like memcmp. */
static Datum
byteid_abbrev_convert(Datum original, SortSupport ssup)
{
	ByteIdSortState *state = (ByteIdSortState *) ssup->ssup_extra;
	uint64		key;

	memcpy(&key, DatumGetPointer(original), sizeof(key));
	key = pg_ntoh64(key);
	if (state->estimating)
	{
		state->input_count++;
		addHyperLogLog(&state->abbr_card,
					   hash_bytes_uint32((uint32) (key ^ (key >> 32))));
	}
	return UInt64GetDatum(key);
}

/*
 * Give up abbreviation when the keys' first eight bytes are mostly equal
 * (ids from one tick of a coarse clock, say): then every comparison would
 * fall through to the full one and the abbreviation is wasted work.
 */
static bool
byteid_abbrev_abort(int memtupcount, SortSupport ssup)
{
	ByteIdSortState *state = (ByteIdSortState *) ssup->ssup_extra;
	double		cardinality;

	if (memtupcount < 10000 || state->input_count < 10000 || !state->estimating)
		return false;
	cardinality = estimateHyperLogLog(&state->abbr_card);
	/* plainly distinct: stop paying for the estimate */
	if (cardinality > 100000.0)
	{
		state->estimating = false;
		return false;
	}
	return cardinality < state->input_count / 2000.0 + 0.5;
}

static void
byteid_sortsupport_common(SortSupport ssup,
						  int (*full_cmp) (Datum, Datum, SortSupport))
{
	ssup->comparator = full_cmp;
	ssup->ssup_extra = NULL;
	if (ssup->abbreviate)
	{
		ByteIdSortState *state;
		MemoryContext oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);

		state = palloc(sizeof(ByteIdSortState));
		state->input_count = 0;
		state->estimating = true;
		initHyperLogLog(&state->abbr_card, 10);
		MemoryContextSwitchTo(oldcontext);

		ssup->ssup_extra = state;
		ssup->comparator = ssup_datum_unsigned_cmp;
		ssup->abbrev_converter = byteid_abbrev_convert;
		ssup->abbrev_abort = byteid_abbrev_abort;
		ssup->abbrev_full_comparator = full_cmp;
	}
}

/* ---------- skip support ---------- */

/*
 * The id next to an existing one in byte order: the len bytes read as one
 * big-endian integer, plus one (up) or minus one, in a new allocation.
 * Past the last id (all bits set) or before the first (all clear) there is
 * none: *overflow is set and nothing is allocated.
 */
static Datum
byteid_step(Datum existing, int len, bool up, bool *overflow)
{
	const uint8 edge = up ? PG_UINT8_MAX : 0;
	uint8	   *id = palloc(len);

	memcpy(id, DatumGetPointer(existing), len);
	for (int i = len - 1; i >= 0; i--)
	{
		if (id[i] != edge)
		{
			if (up)
				id[i]++;
			else
				id[i]--;
			*overflow = false;
			return PointerGetDatum(id);
		}
		/* this byte wraps around, and the carry moves one byte up */
		id[i] = PG_UINT8_MAX - edge;
	}
	pfree(id);
	*overflow = true;
	return (Datum) 0;
}

/*
 * Fill in a skip scan's support for ids of len bytes: every byte string of
 * that length is a value of the type, from all zeros to all ones.
 */
static void
byteid_skipsupport_common(SkipSupport sksup, int len,
						  SkipSupportIncDec decrement, SkipSupportIncDec increment)
{
	uint8	   *high = palloc(len);

	memset(high, PG_UINT8_MAX, len);
	sksup->low_elem = PointerGetDatum(palloc0(len));
	sksup->high_elem = PointerGetDatum(high);
	sksup->decrement = decrement;
	sksup->increment = increment;
}

/* ---------- binary I/O and casts ---------- */

static const char *
type_name_or(Oid typid, const char *fallback)
{
	return OidIsValid(typid) ? format_type_be(typid) : fallback;
}

static Datum
byteid_recv_common(FunctionCallInfo fcinfo, int len)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			avail = buf->len - buf->cursor;
	uint8	   *result;

	if (avail != len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary value for type %s: %d bytes, expected %d",
						type_name_or(PG_NARGS() > 1 ? PG_GETARG_OID(1) : InvalidOid,
									 "identifier"),
						avail, len)));
	result = palloc(len);
	memcpy(result, pq_getmsgbytes(buf, len), len);
	PG_RETURN_POINTER(result);
}

static Datum
byteid_to_bytea_common(FunctionCallInfo fcinfo, int len)
{
	bytea	   *result = palloc(VARHDRSZ + len);

	SET_VARSIZE(result, VARHDRSZ + len);
	memcpy(VARDATA(result), PG_GETARG_POINTER(0), len);
	PG_RETURN_BYTEA_P(result);
}

void
byteid_cast_must_be_explicit(FunctionCallInfo fcinfo)
{
	const char *target;

	/* a direct call (<type>_from_bytea(b)) and a written cast convert */
	if (PG_NARGS() < 3 || PG_GETARG_BOOL(2))
		return;
	target = type_name_or(get_fn_expr_rettype(fcinfo->flinfo), "an id type");
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("%s is not converted to %s without an explicit cast",
					type_name_or(get_fn_expr_argtype(fcinfo->flinfo, 0), "the value"), target),
			 errdetail("The cast reads the value's bits as an id, which it is only where the statement says so."),
			 errhint("Write the cast (value::%s, or USING column::%s in ALTER TABLE), "
					 "or bind the id with a client adapter.", target, target)));
}

static Datum
byteid_from_bytea_common(FunctionCallInfo fcinfo, int len)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	uint8	   *result;

	byteid_cast_must_be_explicit(fcinfo);

	if (VARSIZE_ANY_EXHDR(b) != (Size) len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid length for type %s: %d bytes, expected %d",
						type_name_or(get_fn_expr_rettype(fcinfo->flinfo), "identifier"),
						(int) VARSIZE_ANY_EXHDR(b), len)));
	result = palloc(len);
	memcpy(result, VARDATA_ANY(b), len);
	PG_RETURN_POINTER(result);
}

/* ---------- the SQL-callable functions, once per width ---------- */

#define BYTEID_FUNCTIONS(N) \
static inline int \
byteid##N##_compare(Datum a, Datum b) \
{ \
	return memcmp(DatumGetPointer(a), DatumGetPointer(b), N); \
} \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_eq); \
Datum idtypes_byteid##N##_eq(PG_FUNCTION_ARGS) \
{ PG_RETURN_BOOL(byteid##N##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)) == 0); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_ne); \
Datum idtypes_byteid##N##_ne(PG_FUNCTION_ARGS) \
{ PG_RETURN_BOOL(byteid##N##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)) != 0); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_lt); \
Datum idtypes_byteid##N##_lt(PG_FUNCTION_ARGS) \
{ PG_RETURN_BOOL(byteid##N##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)) < 0); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_le); \
Datum idtypes_byteid##N##_le(PG_FUNCTION_ARGS) \
{ PG_RETURN_BOOL(byteid##N##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)) <= 0); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_gt); \
Datum idtypes_byteid##N##_gt(PG_FUNCTION_ARGS) \
{ PG_RETURN_BOOL(byteid##N##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)) > 0); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_ge); \
Datum idtypes_byteid##N##_ge(PG_FUNCTION_ARGS) \
{ PG_RETURN_BOOL(byteid##N##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)) >= 0); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_cmp); \
Datum idtypes_byteid##N##_cmp(PG_FUNCTION_ARGS) \
{ \
	int			c = byteid##N##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)); \
	PG_RETURN_INT32((c > 0) - (c < 0)); \
} \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_smaller); \
Datum idtypes_byteid##N##_smaller(PG_FUNCTION_ARGS) \
{ \
	Datum		a = PG_GETARG_DATUM(0), b = PG_GETARG_DATUM(1); \
	PG_RETURN_DATUM(byteid##N##_compare(a, b) <= 0 ? a : b); \
} \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_larger); \
Datum idtypes_byteid##N##_larger(PG_FUNCTION_ARGS) \
{ \
	Datum		a = PG_GETARG_DATUM(0), b = PG_GETARG_DATUM(1); \
	PG_RETURN_DATUM(byteid##N##_compare(a, b) >= 0 ? a : b); \
} \
static int \
byteid##N##_fastcmp(Datum a, Datum b, SortSupport ssup) \
{ \
	return byteid##N##_compare(a, b); \
} \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_sortsupport); \
Datum idtypes_byteid##N##_sortsupport(PG_FUNCTION_ARGS) \
{ \
	byteid_sortsupport_common((SortSupport) PG_GETARG_POINTER(0), byteid##N##_fastcmp); \
	PG_RETURN_VOID(); \
} \
static Datum \
byteid##N##_decrement(Relation rel, Datum existing, bool *underflow) \
{ return byteid_step(existing, N, false, underflow); } \
static Datum \
byteid##N##_increment(Relation rel, Datum existing, bool *overflow) \
{ return byteid_step(existing, N, true, overflow); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_skipsupport); \
Datum idtypes_byteid##N##_skipsupport(PG_FUNCTION_ARGS) \
{ \
	byteid_skipsupport_common((SkipSupport) PG_GETARG_POINTER(0), N, \
							  byteid##N##_decrement, byteid##N##_increment); \
	PG_RETURN_VOID(); \
} \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_hash); \
Datum idtypes_byteid##N##_hash(PG_FUNCTION_ARGS) \
{ return hash_any((const unsigned char *) PG_GETARG_POINTER(0), N); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_hash_extended); \
Datum idtypes_byteid##N##_hash_extended(PG_FUNCTION_ARGS) \
{ \
	return hash_any_extended((const unsigned char *) PG_GETARG_POINTER(0), N, \
							 PG_GETARG_INT64(1)); \
} \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_recv); \
Datum idtypes_byteid##N##_recv(PG_FUNCTION_ARGS) \
{ return byteid_recv_common(fcinfo, N); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_send); \
Datum idtypes_byteid##N##_send(PG_FUNCTION_ARGS) \
{ return byteid_to_bytea_common(fcinfo, N); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_to_bytea); \
Datum idtypes_byteid##N##_to_bytea(PG_FUNCTION_ARGS) \
{ return byteid_to_bytea_common(fcinfo, N); } \
PG_FUNCTION_INFO_V1(idtypes_byteid##N##_from_bytea); \
Datum idtypes_byteid##N##_from_bytea(PG_FUNCTION_ARGS) \
{ return byteid_from_bytea_common(fcinfo, N); }

BYTEID_FUNCTIONS(16)
BYTEID_FUNCTIONS(12)
