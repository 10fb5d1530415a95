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

#include "miscadmin.h"
#include "utils/acl.h"

#include "hlculid.h"
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

/*
 * A shared clock is every database's: EXECUTE on a function that moves it
 * (which whoever created the extension in one database holds) is not
 * enough; a superuser names who else may.
 */
void
node_check_clock_mover(const char *clock, const char *detail)
{
	const char *rolename = idtypes_hlculid_observe_role;
	Oid			role;

	if (superuser())
		return;
	role = (rolename != NULL && rolename[0] != '\0') ? get_role_oid(rolename, true) : InvalidOid;
	if (!OidIsValid(role) || !has_privs_of_role(GetUserId(), role))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to move the server-wide %s clock", clock),
				 errdetail("%s", detail),
				 errhint("Only superusers and members of the role named by idtypes.hlculid_observe_role (%s) may call it.",
						 OidIsValid(role) ? rolename : "not set")));
}
