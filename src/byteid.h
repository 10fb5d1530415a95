/*-------------------------------------------------------------------------
 *
 * byteid.h
 *	  The machinery shared by the fixed-width byte-string id types (muid,
 *	  hlculid, tid62): byte-order comparison, sortsupport with abbreviated
 *	  keys, hashing, binary I/O, bytea casts, and the time functions of an
 *	  id's time prefix.
 *
 * The same-type functions exist once per width (idtypes_byteid16_*, idtypes_byteid12_*);
 * the SQL script binds each type's functions to them.  The time functions
 * (comparisons with timestamptz, <type>_timestamp, <type>_date_bin,
 * <type>_floor, <type>_ceil, <type>_safe_bound) are defined once here, by
 * BYTEID_TIME_FUNCTIONS, and each scheme's file instantiates them with its
 * description (scheme.h); src/byteid.sql.in declares them.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/byteid.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_BYTEID_H
#define IDTYPES_BYTEID_H

#include "fmgr.h"
#include "datatype/timestamp.h"
#include "utils/timestamp.h"

#include "clock/clock.h"
#include "scheme.h"

/*
 * The time of an id: the tick count in its leading bits (byteid_tick_of()),
 * as a timestamptz to the scheme's precision by scheme.h's conversions,
 * which also turn a time into ticks (idscheme_tick_of_timestamptz(), with
 * the range rule of the id types: 22008 outside it).
 */
extern uint64 byteid_tick_of(const uint8 *id, const IdScheme *tm);

/* An id's time as a timestamptz, to the type's precision. */
static inline TimestampTz
byteid_timestamptz_of(const uint8 *id, const IdScheme *tm)
{
	return idscheme_tick_to_timestamptz(byteid_tick_of(id, tm), tm);
}

/*
 * The error of a part out of its range in <type>_from_parts(): 22003,
 * "<type> <part> <value> is out of range", "<subject> is from 0 to <max>."
 * (subject: "A counter", "The entropy").
 */
static inline void
byteid_check_part(const IdScheme *tm, const char *part, const char *subject,
				  int64 value, uint64 max)
{
	if (value < 0 || (uint64) value > max)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("%s %s " INT64_FORMAT " is out of range", tm->label, part, value),
				 errdetail("%s is from 0 to " UINT64_FORMAT ".", subject, max)));
}

/*
 * The casts into the id types from bigint and bytea are declared for
 * assignment, with a function of three arguments (value, typmod,
 * explicit), and that function converts only when the cast is written
 * (x::uid8, CAST, USING): every path that applies a cast on assignment
 * (INSERT, UPDATE, ALTER TABLE and ALTER TYPE ... CASCADE, PL/pgSQL's
 * assignments, INTO and RETURN, a function's result) reaches it and is
 * refused, instead of PL/pgSQL's fallback through text, which would read a
 * 16-digit decimal bigint as the hex of a uid8 (doc/contributing.md,
 * design notes).  The error names the source and the target.
 */
extern void byteid_cast_must_be_explicit(FunctionCallInfo fcinfo);

/* Return the soft error of text that is not an id of the type: 22P02. */
#define BYTEID_RETURN_BAD_TEXT(fcinfo, type, str, detail) \
	ereturn((fcinfo)->context, (Datum) 0, \
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION), \
			 errmsg("invalid input syntax for type %s: \"%s\"", (type), (str)), \
			 errdetail(detail)))

/*
 * Where a timestamp stands among a type's ids, the one rule of the
 * comparisons with a timestamptz and of the floor function: at the smallest
 * id of its instant when it falls exactly on a tick, and just after all ids
 * of its tick otherwise (so at the smallest id of the next tick, but not
 * equal to it); before or after every id when outside the range.  So
 * "id >= t" holds exactly when the id's time is >= t, for any precision,
 * "id >= t" is "id >= <type>_floor(t)", and distinct timestamps never equal
 * the same id (a consistent btree family).
 */
extern int	byteid_cmp_timestamptz(const uint8 *id, TimestampTz t, const IdScheme *tm);

/*
 * The SQL-callable bodies behind BYTEID_TIME_FUNCTIONS: the id's time bin
 * (date_bin), the smallest id whose time is t or later (floor) or the
 * largest whose time is t or earlier (ceil), and the safe bound of the
 * scheme's clock (bound.c).
 */
extern Datum byteid_date_bin(FunctionCallInfo fcinfo, const IdScheme *tm);
extern Datum byteid_floor(FunctionCallInfo fcinfo, const IdScheme *tm);
extern Datum byteid_ceil(FunctionCallInfo fcinfo, const IdScheme *tm);
extern Datum byteid_safe_bound(FunctionCallInfo fcinfo, const IdScheme *tm);

/*
 * The cross-type operator functions of one time-first type, against
 * timestamptz in both argument orders: <type>_cmp_timestamptz,
 * <type>_lt_timestamptz, ..., timestamptz_cmp_<type>, timestamptz_lt_<type>, ...
 */
#define BYTEID_TIME_OP(type, tm, op, test) \
PG_FUNCTION_INFO_V1(type##_##op##_timestamptz); \
Datum \
type##_##op##_timestamptz(PG_FUNCTION_ARGS) \
{ \
	int			c = byteid_cmp_timestamptz((const uint8 *) PG_GETARG_POINTER(0), \
										   PG_GETARG_TIMESTAMPTZ(1), (tm)); \
	test; \
} \
PG_FUNCTION_INFO_V1(idtypes_timestamptz_##op##_##type); \
Datum \
idtypes_timestamptz_##op##_##type(PG_FUNCTION_ARGS) \
{ \
	int			c = -byteid_cmp_timestamptz((const uint8 *) PG_GETARG_POINTER(1), \
											PG_GETARG_TIMESTAMPTZ(0), (tm)); \
	test; \
}

/* One SQL-callable function of a type, whose body is a byteid.c one. */
#define BYTEID_TIME_FN(name, body) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	return body; \
}

/*
 * Every time function of a time-first type (the fourteen comparisons with
 * timestamptz, <type>_timestamp, <type>_date_bin, <type>_floor,
 * <type>_ceil, <type>_safe_bound, and idtypes_advance_clock(past <type>),
 * whose C name is idtypes_advance_clock_<type>), from its scheme's
 * description.
 */
#define BYTEID_TIME_FUNCTIONS(type, tm) \
	BYTEID_TIME_OP(type, tm, cmp, PG_RETURN_INT32(c)) \
	BYTEID_TIME_OP(type, tm, lt, PG_RETURN_BOOL(c < 0)) \
	BYTEID_TIME_OP(type, tm, le, PG_RETURN_BOOL(c <= 0)) \
	BYTEID_TIME_OP(type, tm, eq, PG_RETURN_BOOL(c == 0)) \
	BYTEID_TIME_OP(type, tm, ne, PG_RETURN_BOOL(c != 0)) \
	BYTEID_TIME_OP(type, tm, ge, PG_RETURN_BOOL(c >= 0)) \
	BYTEID_TIME_OP(type, tm, gt, PG_RETURN_BOOL(c > 0)) \
	BYTEID_TIME_FN(type##_timestamp, \
				   TimestampTzGetDatum(byteid_timestamptz_of((const uint8 *) PG_GETARG_POINTER(0), (tm)))) \
	BYTEID_TIME_FN(type##_date_bin, byteid_date_bin(fcinfo, (tm))) \
	BYTEID_TIME_FN(type##_floor, byteid_floor(fcinfo, (tm))) \
	BYTEID_TIME_FN(type##_ceil, byteid_ceil(fcinfo, (tm))) \
	BYTEID_TIME_FN(type##_safe_bound, byteid_safe_bound(fcinfo, (tm))) \
	BYTEID_TIME_FN(idtypes_advance_clock_##type, \
				   idclock_advance_past((tm)->id, byteid_timestamptz_of((const uint8 *) PG_GETARG_POINTER(0), (tm))))

#endif							/* IDTYPES_BYTEID_H */
