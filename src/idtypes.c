/*-------------------------------------------------------------------------
 *
 * idtypes.c
 *	  Module entry point: each scheme's settings, and shared memory.
 *
 * With shared_preload_libraries = 'idtypes' the module reserves a little
 * shared memory at server start: the id clocks of every scheme, their state
 * file's and their safe bounds' (src/clock/), and muid's automatic
 * medallion of this server start, each under a name of its own.  Loaded
 * any other way, everything still works with per-backend state, and a
 * configured node identity, which only a shared clock can honour, is
 * refused with a hint (node.c).
 *
 * The clocks (idclock_init()) and each scheme (<scheme>_init()) define
 * their own settings; this file only calls them, in the canonical scheme
 * order.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/idtypes.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/guc.h"

#include "clock/clock.h"
#include "hlculid.h"
#include "muid.h"
#include "node.h"
#include "uid8.h"

PG_MODULE_MAGIC;

static shmem_request_hook_type prev_shmem_request_hook = NULL;
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

void		_PG_init(void);

/*
 * Without shared_preload_libraries, a backend defines the idtypes settings
 * when it first loads the library, and PostgreSQL then applies to each the
 * values its placeholder collected.  A placeholder keeps one default value,
 * the one from the source of highest priority: a value given at connection
 * start (options '-c ...') or stored with ALTER ROLE / DATABASE SET replaces
 * the one from the configuration file.  These settings can only come from
 * the configuration, so PostgreSQL refuses that value, and the setting is
 * left at its built-in default: the file's value is lost.  Any client could
 * so make its backend generate with the default identity (uid8 cluster id
 * 0, automatic publisher, one uid8 mode for another) instead of the server's.  Each
 * backend therefore applies this module's settings (every idtypes.* one)
 * from the configuration files again after defining them, as a reload does.
 */
static void
reapply_file_settings(void)
{
	ConfigVariable *head = NULL;
	ConfigVariable *tail = NULL;

	/* parse errors were reported when the server read the files */
	if (ConfigFileName != NULL &&
		ParseConfigFile(ConfigFileName, true, NULL, 0, 0, DEBUG2, &head, &tail) &&
		(DataDir == NULL ||
		 ParseConfigFile(PG_AUTOCONF_FILENAME, false, NULL, 0, 0, DEBUG2, &head, &tail)))
	{
		/* in file order, so that the last occurrence wins, as in a reload */
		for (ConfigVariable *item = head; item != NULL; item = item->next)
		{
			if (item->name == NULL || item->ignore)
				continue;
			if (pg_strncasecmp(item->name, "idtypes.", strlen("idtypes.")) == 0)
				(void) set_config_option(item->name, item->value, PGC_SIGHUP,
										 PGC_S_FILE, GUC_ACTION_SET, true,
										 DEBUG2, false);
		}
	}
	FreeConfigVariables(head);
}

/*
 * Shared memory: each module's under a name of its own, muid's and the
 * clock subsystem's (the clocks, the state file, the safe bound).
 */
static void
idtypes_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(CACHELINEALIGN(muid_shmem_size()));
	idclock_shmem_request();
}

/*
 * Runs in the postmaster at start and after each crash reinitialisation
 * (the clocks then resume from the state file).
 */
static void
idtypes_shmem_startup(void)
{
	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	muid_shmem_init();
	idclock_shmem_startup();
	LWLockRelease(AddinShmemInitLock);
}

void
_PG_init(void)
{
	/* the clocks' settings, then each scheme's, in the canonical order */
	idclock_init();
	muid_init();
	hlculid_init();
	uid8_init();

	MarkGUCPrefixReserved("idtypes");

	if (!process_shared_preload_libraries_in_progress)
	{
		reapply_file_settings();
		return;
	}

	node_preloaded = true;
	idclock_preload();
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = idtypes_shmem_request;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = idtypes_shmem_startup;
}
