/*-------------------------------------------------------------------------
 *
 * muid.h
 *	  The muid type: ts:56 | medallion:52 | offset:20, big-endian.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/muid.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_MUID_H
#define IDTYPES_MUID_H

#include "fmgr.h"

#define MUID_LEN			16
#define MUID_TS_MAX			((UINT64CONST(1) << 56) - 1)
#define MUID_MEDALLION_MAX	((UINT64CONST(1) << 52) - 1)
#define MUID_OFFSET_MAX		0xFFFFF

/* The Muid specification's range for randomly chosen medallions. */
#define MUID_RANDOM_MEDALLION_MIN	UINT64CONST(0x1000000000000)

typedef struct muid
{
	uint8		data[MUID_LEN];
} muid;

#define DatumGetMuidP(X)		((muid *) DatumGetPointer(X))
#define MuidPGetDatum(X)		PointerGetDatum(X)
#define PG_GETARG_MUID_P(n)		DatumGetMuidP(PG_GETARG_DATUM(n))
#define PG_RETURN_MUID_P(x)		return MuidPGetDatum(x)

/* A medallion in the specification's random range, from random bits. */
static inline uint64
muid_random_medallion(uint64 random_bits)
{
	return MUID_RANDOM_MEDALLION_MIN | (random_bits & (MUID_RANDOM_MEDALLION_MIN - 1));
}

/* The medallion of this node (or, without shared memory, this backend). */
extern uint64 muid_node_medallion(void);

#endif							/* IDTYPES_MUID_H */
