/*-------------------------------------------------------------------------
 *
 * node.h
 *	  What every scheme shares about this server as a generating node: how
 *	  the module was loaded, and the errors for a node identity it cannot
 *	  honour.
 *
 * A leaf module: the schemes use it, and it uses none of them.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/node.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_NODE_H
#define IDTYPES_NODE_H

#include "compat.h"

/* True when loaded through shared_preload_libraries (set by _PG_init). */
extern bool node_preloaded;

/*
 * Raise the error for a configured node identity that cannot be honoured
 * because every backend generates on its own.
 */
pg_noreturn extern void node_identity_needs_preload(const char *guc);

/*
 * Raise the error for generation during recovery with an identity that a
 * standby shares with its primary: what (e.g. "muids") could repeat the
 * primary's because they carry the same identity (e.g. "medallion").
 */
pg_noreturn extern void node_identity_copied(const char *what, const char *identity,
											 const char *hint);

#endif							/* IDTYPES_NODE_H */
