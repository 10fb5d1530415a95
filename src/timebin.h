/*-------------------------------------------------------------------------
 *
 * timebin.h
 *	  Binning a timestamp into strides, as core's date_bin() does, for the
 *	  <type>_date_bin() functions that bucket ids by time.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/timebin.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_TIMEBIN_H
#define IDTYPES_TIMEBIN_H

#include "datatype/timestamp.h"

/*
 * The start of the stride-wide bin that holds ts, bins being aligned on
 * origin: the largest origin + k * stride (k any integer) not after ts.
 */
extern TimestampTz timebin_date_bin(const Interval *stride, TimestampTz ts,
									TimestampTz origin);

#endif							/* IDTYPES_TIMEBIN_H */
