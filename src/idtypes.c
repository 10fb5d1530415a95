/*-------------------------------------------------------------------------
 *
 * idtypes.c
 *	  Module entry point: each scheme's settings, and shared memory.
 *
 * With shared_preload_libraries = 'idtypes' the module reserves a small
 * shared memory segment at server start: the id clocks of every scheme
 * (clock.c) and muid's automatic medallion of this server start.  Loaded
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

#include "bound.h"
#include "clock.h"
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
 * The segment: muid's part, then the clocks, then the safe bound's slots
 * (bound.c), each on its own cache lines.
 */
static Size
muid_part_size(void)
{
	return CACHELINEALIGN(muid_shmem_size());
}

static Size
idtypes_shmem_size(void)
{
	return add_size(add_size(muid_part_size(), CACHELINEALIGN(idclock_shmem_size())),
					idbound_shmem_size());
}

static void
idtypes_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(idtypes_shmem_size());
	RequestNamedLWLockTranche("idtypes", 1);
}

/*
 * Runs in the postmaster at start and after each crash reinitialisation
 * (the clocks then resume from the state file).
 */
static void
idtypes_shmem_startup(void)
{
	char	   *shared;
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	shared = ShmemInitStruct("idtypes", idtypes_shmem_size(), &found);
	muid_shmem_init(shared, found);
	idclock_shmem_init(shared + muid_part_size(),
					   &(GetNamedLWLockTranche("idtypes"))->lock, found);
	idbound_shmem_init(shared + muid_part_size() + CACHELINEALIGN(idclock_shmem_size()), found);
	LWLockRelease(AddinShmemInitLock);

	if (!IsUnderPostmaster)
		on_shmem_exit(idclock_save_state, (Datum) 0);
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
	idbound_init();
	/* the clocks' reservations in the WAL */
	idclock_wal_register();
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = idtypes_shmem_request;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = idtypes_shmem_startup;
}
