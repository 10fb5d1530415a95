/*-------------------------------------------------------------------------
 *
 * timebin.c
 *	  Binning a timestamp into strides, for the <type>_date_bin() functions.
 *
 * The rule is core's date_bin(stride, source, origin) for timestamptz, with
 * the same errors, written here rather than called because date_bin() only
 * exists since PostgreSQL 14.  Bins run towards minus infinity for times
 * before the origin (PostgreSQL 14 and 15 rounded those towards the
 * origin; 16 fixed it), so every bin is exactly one stride wide.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/timebin.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "common/int.h"
#include "utils/timestamp.h"

#include "timebin.h"

TimestampTz
timebin_date_bin(const Interval *stride, TimestampTz ts, TimestampTz origin)
{
	int64		stride_usecs;
	int64		diff;
	int64		rem;
	TimestampTz result;

	/* months have no fixed length: such bins would not be one stride wide */
	if (stride->month != 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("timestamps cannot be binned into intervals containing months or years"),
				 errhint("Use date_trunc() on the id's timestamp for calendar months and years.")));
	if (pg_mul_s64_overflow(stride->day, USECS_PER_DAY, &stride_usecs) ||
		pg_add_s64_overflow(stride_usecs, stride->time, &stride_usecs))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("interval out of range")));
	if (stride_usecs <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("stride must be greater than zero")));
	if (TIMESTAMP_NOT_FINITE(origin))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("origin out of range")));
	/* (an id's timestamp is always finite) */
	if (pg_sub_s64_overflow(ts, origin, &diff))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("interval out of range")));

	rem = diff % stride_usecs;
	/* ts - rem lies between ts and origin, so it cannot overflow */
	result = ts - rem;
	if (rem < 0 &&
		(pg_sub_s64_overflow(result, stride_usecs, &result) || !IS_VALID_TIMESTAMP(result)))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range")));
	return result;
}
