/*-------------------------------------------------------------------------
 *
 * tid62.h
 *	  The tid62 type: uint32 seconds since 2020-01-01T00:00:00Z, then 8
 *	  bytes of entropy, big-endian (SimpleDB's recommended id).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/tid62.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_TID62_H
#define IDTYPES_TID62_H

#include "fmgr.h"

#include "scheme.h"

/* the seconds since 2020 (scheme.h), then the entropy */
#define TID62_ENTROPY_LEN	8
#define TID62_TS_LEN		(TID62_LEN - TID62_ENTROPY_LEN)
/* the last second a tid62 can hold: 2156-02-07T06:28:15Z */
#define TID62_SECONDS_MAX	idscheme_tick_max(&idschemes[IDSCHEME_TID62])
/*
 * The clock word is seconds << counter_bits | counter (scheme.h): the
 * counter is the first TID62_COUNTER_LEN bytes of the entropy.
 */
#define TID62_COUNTER_BITS	(idschemes[IDSCHEME_TID62].counter_bits)
#define TID62_COUNTER_MAX	((UINT64CONST(1) << TID62_COUNTER_BITS) - 1)
#define TID62_COUNTER_LEN	(TID62_COUNTER_BITS / 8)

typedef struct tid62
{
	uint8		data[TID62_LEN];
} tid62;

#define DatumGetTid62P(X)		((tid62 *) DatumGetPointer(X))
#define Tid62PGetDatum(X)		PointerGetDatum(X)
#define PG_GETARG_TID62_P(n)	DatumGetTid62P(PG_GETARG_DATUM(n))
#define PG_RETURN_TID62_P(x)	return Tid62PGetDatum(x)

#endif							/* IDTYPES_TID62_H */
