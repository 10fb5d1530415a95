/*-------------------------------------------------------------------------
 *
 * uid8.h
 *	  The uid8 type: the eight-byte id of LableOrg's java-uniqueid (v4.x
 *	  layout), one unsigned 64-bit value passed by value like int8.
 *
 * V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12
 *	   | (gen & 0xFF) << 4 | cluster
 *
 * where T = bitreverse64(ts) in SPREAD mode (0) and ts << 22 in
 * TIME_SEQUENTIAL mode (1): a full 64-bit bit reversal (Java's
 * Long.reverse), as java-uniqueid 4.x does.
 *
 * The type is src/uid8.c; its generator, with its settings, is
 * src/uid8gen.c.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/uid8.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_UID8_H
#define IDTYPES_UID8_H

#include "fmgr.h"
#include "utils/guc.h"

#include "scheme.h"

#include "port/pg_bswap.h"

/*
 * The fields, low to high (see the layout above): the cluster id, the low
 * bits of the generator id, the mode bit, its high bits, the sequence, and
 * above them the timestamp (time_sequential; spread reverses all 64 bits of
 * it instead).
 */
#define UID8_CLUSTER_BITS	4
#define UID8_GEN_LOW_SHIFT	UID8_CLUSTER_BITS
#define UID8_GEN_LOW_BITS	8
#define UID8_MODE_SHIFT		(UID8_GEN_LOW_SHIFT + UID8_GEN_LOW_BITS)	/* 12 */
#define UID8_GEN_HIGH_SHIFT	(UID8_MODE_SHIFT + 1)	/* 13 */
#define UID8_GENERATOR_BITS	11
#define UID8_SEQ_SHIFT		(UID8_GEN_HIGH_SHIFT + UID8_GENERATOR_BITS - UID8_GEN_LOW_BITS) /* 16 */
#define UID8_SEQ_BITS		6
#define UID8_TS_SHIFT		(UID8_SEQ_SHIFT + UID8_SEQ_BITS)	/* 22: 64 - tick_bits */

#define UID8_TS_MAX			idscheme_tick_max(&idschemes[IDSCHEME_UID8])
#define UID8_SEQ_MAX		((1 << UID8_SEQ_BITS) - 1)	/* 63 */
#define UID8_GENERATOR_MAX	((1 << UID8_GENERATOR_BITS) - 1)	/* 2047 */
#define UID8_GENERATORS		(UID8_GENERATOR_MAX + 1)
#define UID8_CLUSTER_MAX	((1 << UID8_CLUSTER_BITS) - 1)	/* 15 */

/* the bits below the timestamp: seq, generator, mode, cluster */
#define UID8_LOW_MASK		((UINT64CONST(1) << UID8_TS_SHIFT) - 1)
#define UID8_MODE_BIT		(UINT64CONST(1) << UID8_MODE_SHIFT)
#define UID8_GEN_LOW_MASK	((1 << UID8_GEN_LOW_BITS) - 1)
#define UID8_GEN_HIGH_MASK	(UID8_GENERATOR_MAX >> UID8_GEN_LOW_BITS)

#define DatumGetUid8(X)		DatumGetUInt64(X)
#define Uid8GetDatum(X)		UInt64GetDatum(X)
#define PG_GETARG_UID8(n)	DatumGetUid8(PG_GETARG_DATUM(n))
#define PG_RETURN_UID8(x)	return Uid8GetDatum(x)

typedef enum Uid8Mode
{
	UID8_MODE_SPREAD = 0,
	UID8_MODE_TIME_SEQUENTIAL = 1
} Uid8Mode;

/*
 * The settings (idtypes.uid8_*): the cluster id, the configured generator
 * id (-1: automatic) and how many generator ids a generator uses, the most
 * a backend claims, and the layout mode of generated ids (a Uid8Mode).
 */
extern int	idtypes_uid8_cluster_id;
extern int	idtypes_uid8_generator_id;
extern int	idtypes_uid8_generator_count;
extern int	idtypes_uid8_generator_count_max;
extern int	idtypes_uid8_mode;

/* idtypes.uid8_mode's values, which name the modes (uid8_mode()) */
extern const struct config_enum_entry uid8_mode_options[];

/* Define the settings (from _PG_init). */
extern void uid8_init(void);

/*
 * Where automatic generator ids come from in this transaction: the cluster
 * id they are issued with and the generator ids they are claimed from
 * (first to first + count - 1), and the node's Citus group (-1: none).
 */
typedef struct Uid8Identity
{
	int			cluster;
	int			first;
	int			count;
	int			citus_group;
} Uid8Identity;

extern void uid8_automatic_identity(Uid8Identity *id);

/* Java's Long.reverse: bit i goes to bit 63 - i. */
static inline uint64
uid8_bitreverse64(uint64 v)
{
	v = ((v >> 1) & UINT64CONST(0x5555555555555555)) | ((v & UINT64CONST(0x5555555555555555)) << 1);
	v = ((v >> 2) & UINT64CONST(0x3333333333333333)) | ((v & UINT64CONST(0x3333333333333333)) << 2);
	v = ((v >> 4) & UINT64CONST(0x0F0F0F0F0F0F0F0F)) | ((v & UINT64CONST(0x0F0F0F0F0F0F0F0F)) << 4);
	return pg_bswap64(v);
}

/*
 * The id of its fields, with T = bitreverse64(ts) (spread: the 42 timestamp
 * bits fill bits 63..22 lowest first) or ts << 22 (time_sequential).
 */
static inline uint64
uid8_build(uint64 ts, uint32 seq, uint32 gen, uint32 cluster, Uid8Mode mode)
{
	uint64		t = mode == UID8_MODE_SPREAD ? uid8_bitreverse64(ts) : ts << UID8_TS_SHIFT;

	return t | (uint64) seq << UID8_SEQ_SHIFT |
		(uint64) ((gen >> UID8_GEN_LOW_BITS) & UID8_GEN_HIGH_MASK) << UID8_GEN_HIGH_SHIFT |
		(mode == UID8_MODE_SPREAD ? 0 : UID8_MODE_BIT) |
		(uint64) (gen & UID8_GEN_LOW_MASK) << UID8_GEN_LOW_SHIFT | cluster;
}

/* Every 64-bit value parses: the fields cover all 64 bits once. */
static inline Uid8Mode
uid8_mode_of(uint64 v)
{
	return (v & UID8_MODE_BIT) ? UID8_MODE_TIME_SEQUENTIAL : UID8_MODE_SPREAD;
}

static inline uint64
uid8_ts_of(uint64 v)
{
	return uid8_mode_of(v) == UID8_MODE_SPREAD ?
		uid8_bitreverse64(v & ~UID8_LOW_MASK) : v >> UID8_TS_SHIFT;
}

static inline uint32
uid8_seq_of(uint64 v)
{
	return (uint32) (v >> UID8_SEQ_SHIFT) & UID8_SEQ_MAX;
}

static inline uint32
uid8_generator_of(uint64 v)
{
	return ((uint32) (v >> UID8_GEN_LOW_SHIFT) & UID8_GEN_LOW_MASK) |
		((uint32) (v >> UID8_GEN_HIGH_SHIFT) & UID8_GEN_HIGH_MASK) << UID8_GEN_LOW_BITS;
}

static inline uint32
uid8_cluster_of(uint64 v)
{
	return (uint32) v & UID8_CLUSTER_MAX;
}

#endif							/* IDTYPES_UID8_H */
