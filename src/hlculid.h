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

/*
 * The clock word, ts << counter_bits | counter (scheme.h), is the first 8
 * bytes; then the publisher, then the entropy.
 */
#define HLCULID_COUNTER_BITS	(idschemes[IDSCHEME_HLCULID].counter_bits)
#define HLCULID_CLOCK_BYTES \
	((idschemes[IDSCHEME_HLCULID].tick_bits + HLCULID_COUNTER_BITS) / 8)
#define HLCULID_PUBLISHER_OFF	HLCULID_CLOCK_BYTES
#define HLCULID_PUBLISHER_LEN	2
#define HLCULID_ENTROPY_OFF		(HLCULID_PUBLISHER_OFF + HLCULID_PUBLISHER_LEN)
#define HLCULID_ENTROPY_LEN		(HLCULID_LEN - HLCULID_ENTROPY_OFF)

#define HLCULID_TS_MAX			idscheme_tick_max(&idschemes[IDSCHEME_HLCULID])
#define HLCULID_COUNTER_MAX		((1 << HLCULID_COUNTER_BITS) - 1)
#define HLCULID_PUBLISHER_MAX	((1 << (8 * HLCULID_PUBLISHER_LEN)) - 1)
#define HLCULID_ENTROPY_MAX		((UINT64CONST(1) << (8 * HLCULID_ENTROPY_LEN)) - 1)

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
 * idtypes.hlculid_max_drift (ms; -1: no limit of its own; who may move the
 * clock, and how far, are the settings of every clock: clock.h).
 */
extern int	idtypes_publisher_id;
extern int	idtypes_hlculid_max_drift;

/* Define the settings (from _PG_init). */
extern void hlculid_init(void);

/* The publisher of this node: the configured one or the automatic one. */
extern uint32 hlculid_node_publisher(void);

#endif							/* IDTYPES_HLCULID_H */
