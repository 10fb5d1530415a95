/*-------------------------------------------------------------------------
 *
 * uid8.c
 *	  The uid8 type: the eight-byte ids of LableOrg's java-uniqueid, a
 *	  millisecond timestamp, a sequence within the millisecond, the
 *	  generator and cluster that made it, and the layout mode.
 *
 * A uid8 is one unsigned 64-bit integer, passed by value like int8:
 * comparison is unsigned integer comparison (which is the byte order of the
 * big-endian form, so time_sequential ids sort by time and spread ids
 * deliberately do not), sorting uses the server's unsigned-Datum
 * comparator, hashing is int8's (a uid8 and its bigint cast hash alike).
 * Text is 16 lowercase hex digits, binary the 8 bytes big-endian.  The
 * layout of the fields is uid8.h's; the generator is uid8gen.c.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/uid8.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "libpq/pqformat.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/sortsupport.h"
#include "utils/timestamp.h"

#include "byteid.h"
#include "codec.h"
#include "compat.h"
#include "timebin.h"
#include "uid8.h"

/* the 42-bit millisecond count, for the shared timestamp conversions (scheme.h) */
static const IdScheme *const uid8_scheme = &idschemes[IDSCHEME_UID8];

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

	byteid_cast_must_be_explicit(fcinfo);
	if (VARSIZE_ANY_EXHDR(b) != UID8_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid length for type %s: %d bytes, expected %d",
						"uid8", (int) VARSIZE_ANY_EXHDR(b), UID8_LEN)));
	PG_RETURN_UID8(codec_get_be((const uint8 *) VARDATA_ANY(b), UID8_LEN));
}

/* The cast from bigint: the same 64 bits, where the cast is written. */
PG_FUNCTION_INFO_V1(uid8_from_int8);
Datum
uid8_from_int8(PG_FUNCTION_ARGS)
{
	byteid_cast_must_be_explicit(fcinfo);
	PG_RETURN_UID8((uint64) PG_GETARG_INT64(0));
}

/*
 * The casts from numeric, json and jsonb.  Without them, PL/pgSQL's
 * assignment, INTO and RETURN of such a value go through its text, which
 * reads a 16-digit decimal number as the hex of a uid8.  They are declared
 * for assignment so that those paths reach them, and they refuse unless the
 * cast is written (byteid_cast_must_be_explicit()).  Written, a number is
 * the same 64 bits as the bigint of that value (an integer in bigint's
 * range), and a JSON string is read as a uid8's text.
 */
static uint64
uid8_of_numeric(Datum n)
{
	Datum		whole = DirectFunctionCall2(numeric_trunc, n, Int32GetDatum(0));

	if (!DatumGetBool(DirectFunctionCall2(numeric_eq, n, whole)))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("uid8 out of range: %s is not an integer",
						DatumGetCString(DirectFunctionCall1(numeric_out, n)))));
	return (uint64) DatumGetInt64(DirectFunctionCall1(numeric_int8, n));
}

static uint64
uid8_of_jsonb(Jsonb *jb, const char *type)
{
	JsonbValue	v;

	if (JsonbExtractScalar(&jb->root, &v))
	{
		if (v.type == jbvString)
			return DatumGetUInt64(DirectFunctionCall1(uid8_in,
													  CStringGetDatum(pnstrdup(v.val.string.val, v.val.string.len))));
		if (v.type == jbvNumeric)
			return uid8_of_numeric(NumericGetDatum(v.val.numeric));
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("cannot cast %s %s to type uid8", type,
					JB_ROOT_IS_SCALAR(jb) ? (v.type == jbvBool ? "boolean" : "null")
					: JB_ROOT_IS_ARRAY(jb) ? "array" : "object"),
			 errhint("A uid8 in JSON is a string of its text, or a number of bigint's range.")));
	pg_unreachable();
}

PG_FUNCTION_INFO_V1(uid8_from_numeric);
Datum
uid8_from_numeric(PG_FUNCTION_ARGS)
{
	byteid_cast_must_be_explicit(fcinfo);
	PG_RETURN_UID8(uid8_of_numeric(PG_GETARG_DATUM(0)));
}

PG_FUNCTION_INFO_V1(uid8_from_jsonb);
Datum
uid8_from_jsonb(PG_FUNCTION_ARGS)
{
	byteid_cast_must_be_explicit(fcinfo);
	PG_RETURN_UID8(uid8_of_jsonb(PG_GETARG_JSONB_P(0), "jsonb"));
}

PG_FUNCTION_INFO_V1(uid8_from_json);
Datum
uid8_from_json(PG_FUNCTION_ARGS)
{
	Datum		jb;

	byteid_cast_must_be_explicit(fcinfo);
	jb = DirectFunctionCall1(jsonb_in, CStringGetDatum(text_to_cstring(PG_GETARG_TEXT_PP(0))));
	PG_RETURN_UID8(uid8_of_jsonb(DatumGetJsonbP(jb), "json"));
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
 * comparator and runs its specialised quicksort.
 */
PG_FUNCTION_INFO_V1(uid8_sortsupport);
Datum
uid8_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = ssup_datum_unsigned_cmp;
	PG_RETURN_VOID();
}

/* ---------- skip support ---------- */

/*
 * A skip scan's step from one uid8 to the next, in unsigned order: none
 * below 0 or above the all-ones value.
 */
static Datum
uid8_decrement(Relation rel, Datum existing, bool *underflow)
{
	uint64		v = DatumGetUid8(existing);

	*underflow = (v == 0);
	return Uid8GetDatum(v - 1);
}

static Datum
uid8_increment(Relation rel, Datum existing, bool *overflow)
{
	uint64		v = DatumGetUid8(existing);

	*overflow = (v == PG_UINT64_MAX);
	return Uid8GetDatum(v + 1);
}

PG_FUNCTION_INFO_V1(uid8_skipsupport);
Datum
uid8_skipsupport(PG_FUNCTION_ARGS)
{
	SkipSupport sksup = (SkipSupport) PG_GETARG_POINTER(0);

	sksup->low_elem = Uid8GetDatum(0);
	sksup->high_elem = Uid8GetDatum(PG_UINT64_MAX);
	sksup->decrement = uid8_decrement;
	sksup->increment = uid8_increment;
	PG_RETURN_VOID();
}

/* ---------- hash ---------- */

/*
 * Equal uid8s are equal 64-bit patterns, exactly as for int8: its hash
 * functions, called with the same arguments.
 */
#define UID8_AS_INT8(name, int8_function) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	return int8_function(fcinfo); \
}

UID8_AS_INT8(uid8_hash, hashint8)
UID8_AS_INT8(uid8_hash_extended, hashint8extended)

/* ---------- extraction and construction ---------- */

PG_FUNCTION_INFO_V1(uid8_timestamp);
Datum
uid8_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idscheme_tick_to_timestamptz(uid8_ts_of(PG_GETARG_UID8(0)),
													   uid8_scheme));
}

/*
 * idtypes_advance_clock(past uid8): the uid8 clock past the id's time, so
 * that every uid8 generated afterwards has a later time (and, in
 * time-sequential mode, sorts after it).
 */
PG_FUNCTION_INFO_V1(idtypes_advance_clock_uid8);
Datum
idtypes_advance_clock_uid8(PG_FUNCTION_ARGS)
{
	return idclock_advance_past(IDSCHEME_UID8,
								idscheme_tick_to_timestamptz(uid8_ts_of(PG_GETARG_UID8(0)), uid8_scheme));
}

/*
 * The start of the stride-wide bin, aligned on an origin, that holds its
 * time (in either mode: the timestamp is read from the id, not its order).
 */
PG_FUNCTION_INFO_V1(uid8_date_bin);
Datum
uid8_date_bin(PG_FUNCTION_ARGS)
{
	TimestampTz ts = idscheme_tick_to_timestamptz(uid8_ts_of(PG_GETARG_UID8(1)), uid8_scheme);

	PG_RETURN_TIMESTAMPTZ(timebin_date_bin(PG_GETARG_INTERVAL_P(0), ts, PG_GETARG_TIMESTAMPTZ(2)));
}

/* uid8_sequence(), uid8_generator() and uid8_cluster(): a field, as int4 */
#define UID8_FIELD_FUNCTION(name, field_of) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_INT32((int32) field_of(PG_GETARG_UID8(0))); \
}

UID8_FIELD_FUNCTION(uid8_sequence, uid8_seq_of)
UID8_FIELD_FUNCTION(uid8_generator, uid8_generator_of)
UID8_FIELD_FUNCTION(uid8_cluster, uid8_cluster_of)

/* The names of the modes are idtypes.uid8_mode's (uid8gen.c), by value. */
PG_FUNCTION_INFO_V1(uid8_mode);
Datum
uid8_mode(PG_FUNCTION_ARGS)
{
	Uid8Mode	m = uid8_mode_of(PG_GETARG_UID8(0));

	Assert(uid8_mode_options[m].val == m);
	PG_RETURN_TEXT_P(cstring_to_text(uid8_mode_options[m].name));
}

/* Argument argno of uid8_from_parts(), a field from 0 to max. */
static uint32
uid8_part_arg(FunctionCallInfo fcinfo, int argno, const char *what, int32 max)
{
	int32		value = PG_GETARG_INT32(argno);

	if (value < 0 || value > max)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("uid8 %s %d is out of range", what, value),
				 errdetail("A uid8 %s is from 0 to %d.", what, max)));
	return (uint32) value;
}

/*
 * uid8_from_parts(ts, seq, generator, cluster, mode): the mode is named as
 * in idtypes.uid8_mode, in any case.
 */
PG_FUNCTION_INFO_V1(uid8_from_parts);
Datum
uid8_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ts = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), uid8_scheme, false);
	uint32		seq = uid8_part_arg(fcinfo, 1, "sequence", UID8_SEQ_MAX);
	uint32		gen = uid8_part_arg(fcinfo, 2, "generator", UID8_GENERATOR_MAX);
	uint32		cluster = uid8_part_arg(fcinfo, 3, "cluster", UID8_CLUSTER_MAX);
	char	   *mode = text_to_cstring(PG_GETARG_TEXT_PP(4));

	for (const struct config_enum_entry *o = uid8_mode_options; o->name; o++)
	{
		if (pg_strcasecmp(mode, o->name) == 0)
			PG_RETURN_UID8(uid8_build(ts, seq, gen, cluster, (Uid8Mode) o->val));
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid uid8 mode: \"%s\"", mode),
			 errhint("The mode is \"spread\" or \"time_sequential\".")));
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
	uint64		ts = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), uid8_scheme, true);

	PG_RETURN_UID8(uid8_build(ts, 0, 0, 0, UID8_MODE_TIME_SEQUENTIAL));
}

PG_FUNCTION_INFO_V1(uid8_ceil);
Datum
uid8_ceil(PG_FUNCTION_ARGS)
{
	uint64		ts = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), uid8_scheme, false);

	PG_RETURN_UID8(uid8_build(ts, UID8_SEQ_MAX, UID8_GENERATOR_MAX, UID8_CLUSTER_MAX,
							  UID8_MODE_TIME_SEQUENTIAL));
}
