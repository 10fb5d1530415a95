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

#include "scheme.h"

#define MUID_TS_MAX			idscheme_tick_max(&idschemes[IDSCHEME_MUID])
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

/* idtypes.medallion: -1 for automatic. */
extern int64 idtypes_medallion;

/* Define the settings (from _PG_init). */
extern void muid_init(void);

/* The automatic medallion of a server start, in shared memory. */
extern Size muid_shmem_size(void);
extern void muid_shmem_init(void *area, bool found);

/* The medallion of this node (or, without shared memory, this backend). */
extern uint64 muid_node_medallion(void);

#endif							/* IDTYPES_MUID_H */
