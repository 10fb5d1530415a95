/*-------------------------------------------------------------------------
 *
 * idtypes.h
 *	  Module-wide state of idtypes: node identity settings and shared memory.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/idtypes.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_H
#define IDTYPES_H

#include "compat.h"

/* Node identity, from the idtypes.* settings (-1 means automatic). */
extern int64 idtypes_medallion;
extern int	idtypes_publisher_id;
extern int	idtypes_uid8_cluster_id;
extern int	idtypes_uid8_generator_id;
extern int	idtypes_uid8_generator_count;
extern int	idtypes_uid8_generator_count_max;
extern int	idtypes_uid8_mode;

/* How far ahead of this server's clock hlculid_observe() accepts ids (ms; -1: no limit). */
extern int	idtypes_hlculid_max_drift;

/* Role whose members may move the shared hlculid clock (empty: superusers). */
extern char *idtypes_hlculid_observe_role;

typedef enum Uid8Mode
{
	UID8_MODE_SPREAD = 0,
	UID8_MODE_TIME_SEQUENTIAL = 1
} Uid8Mode;

/* True when loaded through shared_preload_libraries. */
extern bool idtypes_preloaded;

/*
 * Server-wide state in shared memory (NULL without shared_preload_libraries).
 * The id clocks follow it in the same segment (clock.c).
 */
typedef struct IdtypesShared
{
	uint64		medallion;		/* automatic medallion of this server start */
} IdtypesShared;

extern IdtypesShared *idtypes_shared;

/*
 * Raise the error for a configured node identity that cannot be honoured
 * because every backend generates on its own.
 */
pg_noreturn extern void idtypes_identity_needs_preload(const char *guc);

/*
 * Raise the error for generation during recovery with an identity that a
 * standby shares with its primary: what (e.g. "muids") could repeat the
 * primary's because they carry the same identity (e.g. "medallion").
 */
pg_noreturn extern void idtypes_identity_copied(const char *what, const char *identity,
												const char *hint);

#endif							/* IDTYPES_H */
