/*-------------------------------------------------------------------------
 *
 * hlculid.h
 *	  The hlculid type: ts:48 ms | counter:16 | publisher:16 | entropy:48,
 *	  big-endian.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/hlculid.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_HLCULID_H
#define IDTYPES_HLCULID_H

#include "fmgr.h"

#include "scheme.h"

#define HLCULID_TS_MAX			idscheme_tick_max(&idschemes[IDSCHEME_HLCULID])
#define HLCULID_COUNTER_MAX		0xFFFF
#define HLCULID_PUBLISHER_MAX	0xFFFF
#define HLCULID_ENTROPY_MAX		((UINT64CONST(1) << 48) - 1)

typedef struct hlculid
{
	uint8		data[HLCULID_LEN];
} hlculid;

#define DatumGetHlculidP(X)		((hlculid *) DatumGetPointer(X))
#define HlculidPGetDatum(X)		PointerGetDatum(X)
#define PG_GETARG_HLCULID_P(n)	DatumGetHlculidP(PG_GETARG_DATUM(n))
#define PG_RETURN_HLCULID_P(x)	return HlculidPGetDatum(x)

/*
 * The settings: idtypes.publisher_id (-1: automatic),
 * idtypes.hlculid_max_drift (ms; -1: no limit), idtypes.hlculid_observe_role
 * (empty: superusers).
 */
extern int	idtypes_publisher_id;
extern int	idtypes_hlculid_max_drift;
extern char *idtypes_hlculid_observe_role;

/* Define the settings (from _PG_init). */
extern void hlculid_init(void);

/* The publisher of this node: the configured one or the automatic one. */
extern uint32 hlculid_node_publisher(void);

#endif							/* IDTYPES_HLCULID_H */
