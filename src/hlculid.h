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

#define HLCULID_LEN				16
#define HLCULID_TS_MAX			((UINT64CONST(1) << 48) - 1)
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

/* The publisher of this node: the configured one or the automatic one. */
extern uint32 hlculid_node_publisher(void);

#endif							/* IDTYPES_HLCULID_H */
