/*-------------------------------------------------------------------------
 *
 * node.c
 *	  What every scheme shares about this server as a generating node: how
 *	  the module was loaded, and the errors for a node identity it cannot
 *	  honour.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/node.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "node.h"

bool		node_preloaded = false;

void
node_identity_needs_preload(const char *guc)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s is set, but idtypes is not loaded through shared_preload_libraries", guc),
			 errdetail("Without shared memory every backend generates ids on its own, "
					   "so a configured node identity would be used by independent generators and could repeat ids."),
			 errhint("Add idtypes to shared_preload_libraries and restart the server, "
					 "or reset %s so that each backend picks an identity of its own.", guc)));
}

/*
 * A standby replays its primary's WAL and reads its primary's configuration
 * (postgresql.auto.conf, and postgresql.conf when it lives in the data
 * directory, come with pg_basebackup or a snapshot), so an identity it
 * generates with is, as far as it can tell, the primary's: the ids would be
 * the primary's too.  Like nextval(), such generation waits for promotion.
 */
void
node_identity_copied(const char *what, const char *identity, const char *hint)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("cannot generate %s during recovery", what),
			 errdetail("A standby is a copy of its primary, configuration included, so its %s could repeat "
					   "the primary's: they would carry the same %s.", what, identity),
			 errhint("%s", hint)));
}
