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

/*
 * value = ts << 72 | medallion << 20 | offset: the timestamp is the first
 * tick_bits (56) bits (scheme.h), so the first 8 bytes hold it and the
 * medallion's high bits, the last 8 the medallion's low bits and the offset.
 */
#define MUID_TS_BITS		(idschemes[IDSCHEME_MUID].tick_bits)
#define MUID_MEDALLION_BITS	52
#define MUID_OFFSET_BITS	20
#define MUID_TS_MAX			idscheme_tick_max(&idschemes[IDSCHEME_MUID])
#define MUID_MEDALLION_MAX	((UINT64CONST(1) << MUID_MEDALLION_BITS) - 1)
#define MUID_OFFSET_MAX		((1 << MUID_OFFSET_BITS) - 1)
/* the medallion's bits in the first 8 bytes (hi), and in the last 8 (lo) */
#define MUID_MEDALLION_HIGH_BITS	(64 - MUID_TS_BITS)
#define MUID_MEDALLION_LOW_BITS		(MUID_MEDALLION_BITS - MUID_MEDALLION_HIGH_BITS)

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
extern void muid_shmem_init(void);

/* The medallion of this node (or, without shared memory, this backend). */
extern uint64 muid_node_medallion(void);

#endif							/* IDTYPES_MUID_H */
