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
 * Copyright (c) 2026, idtypes developers
 *
 * src/uid8.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_UID8_H
#define IDTYPES_UID8_H

#include "fmgr.h"

#include "scheme.h"

#define UID8_TS_MAX			idscheme_tick_max(&idschemes[IDSCHEME_UID8])
#define UID8_SEQ_MAX		63
#define UID8_GENERATOR_MAX	2047
#define UID8_GENERATORS		(UID8_GENERATOR_MAX + 1)
#define UID8_CLUSTER_MAX	15

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

#endif							/* IDTYPES_UID8_H */
