/*-------------------------------------------------------------------------
 *
 * idtypes.c
 *	  Module entry point: settings (node identity) and shared memory.
 *
 * With shared_preload_libraries = 'idtypes' the module reserves a small
 * shared memory segment at server start: the id clocks of every scheme
 * (clock.c) and the automatic node identity of this server start.  Loaded
 * any other way, everything still works with per-backend state, and a
 * configured node identity, which only a shared clock can honour, is
 * refused with a hint.
 *
 * idtypes_node_identity() shows the identity in effect, so that servers
 * that share one can be found with a query across them.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/idtypes.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <stdlib.h>

#include "access/htup_details.h"
#include "access/xlog.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/guc.h"

#include "clock.h"
#include "hlculid.h"
#include "idtypes.h"
#include "muid.h"
#include "uid8.h"

PG_MODULE_MAGIC;

int64		idtypes_medallion = -1;
int			idtypes_publisher_id = -1;
int			idtypes_uid8_cluster_id = 0;
int			idtypes_uid8_generator_id = -1;
int			idtypes_uid8_generator_count = 1;
int			idtypes_uid8_generator_count_max = 512;
int			idtypes_uid8_mode = UID8_MODE_TIME_SEQUENTIAL;
int			idtypes_hlculid_max_drift = 5 * 60 * 1000;
char	   *idtypes_hlculid_observe_role = NULL;
bool		idtypes_preloaded = false;
IdtypesShared *idtypes_shared = NULL;

static char *medallion_setting = NULL;

static const struct config_enum_entry uid8_mode_options[] = {
	{"spread", UID8_MODE_SPREAD, false},
	{"time_sequential", UID8_MODE_TIME_SEQUENTIAL, false},
	{NULL, 0, false}
};

#ifdef IDTYPES_HAVE_SHMEM_REQUEST_HOOK
static shmem_request_hook_type prev_shmem_request_hook = NULL;
#endif
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

void		_PG_init(void);

/*
 * idtypes.medallion is 52 bits wide, more than an integer setting holds, so
 * it is a string: decimal or 0x-prefixed hex, empty for automatic.
 */
static bool
check_medallion(char **newval, void **extra, GucSource source)
{
	const char *s = *newval;
	int64	   *value;
	int64		parsed = -1;

	if (s != NULL && *s != '\0')
	{
		int			base = 10;
		uint64		v = 0;
		bool		ok = true;

		/* exactly [0-9]+ or 0x[0-9a-fA-F]+: no sign, blanks or octal */
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		{
			base = 16;
			s += 2;
		}
		if (*s == '\0')
			ok = false;
		for (; ok && *s != '\0'; s++)
		{
			int			d;

			if (*s >= '0' && *s <= '9')
				d = *s - '0';
			else if (base == 16 && *s >= 'a' && *s <= 'f')
				d = *s - 'a' + 10;
			else if (base == 16 && *s >= 'A' && *s <= 'F')
				d = *s - 'A' + 10;
			else
				break;
			v = v * base + d;
			if (v > MUID_MEDALLION_MAX)
				ok = false;
		}
		if (!ok || *s != '\0')
		{
			GUC_check_errdetail("idtypes.medallion must be a decimal integer or a 0x-prefixed hexadecimal one from 0 to "
								UINT64_FORMAT " (0xFFFFFFFFFFFFF), or empty for an automatic one.",
								(uint64) MUID_MEDALLION_MAX);
			return false;
		}
		parsed = (int64) v;
	}
	value = idtypes_guc_malloc(sizeof(int64));
	if (value == NULL)
	{
		GUC_check_errmsg("out of memory");
		return false;
	}
	*value = parsed;
	*extra = value;
	return true;
}

static void
assign_medallion(const char *newval, void *extra)
{
	idtypes_medallion = *(int64 *) extra;
}

/*
 * The settings defined below, for reapply_file_settings().
 */
static const char *const idtypes_settings[] = {
	"idtypes.medallion",
	"idtypes.publisher_id",
	"idtypes.hlculid_max_drift",
	"idtypes.uid8_cluster_id",
	"idtypes.uid8_generator_id",
	"idtypes.uid8_generator_count",
	"idtypes.uid8_generator_count_max",
	"idtypes.uid8_mode",
};

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
 * backend therefore applies this module's settings from the configuration
 * files again after defining them, as a reload does.
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
			for (int i = 0; i < (int) lengthof(idtypes_settings); i++)
			{
				if (pg_strcasecmp(item->name, idtypes_settings[i]) == 0)
					(void) set_config_option(item->name, item->value, PGC_SIGHUP,
											 PGC_S_FILE, GUC_ACTION_SET, true,
											 DEBUG2, false);
			}
		}
	}
	FreeConfigVariables(head);
}

static Size
shared_header_size(void)
{
	return CACHELINEALIGN(sizeof(IdtypesShared));
}

static Size
idtypes_shmem_size(void)
{
	return add_size(shared_header_size(), idclock_shmem_size());
}

#ifdef IDTYPES_HAVE_SHMEM_REQUEST_HOOK
static void
idtypes_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(idtypes_shmem_size());
	RequestNamedLWLockTranche("idtypes", 1);
}
#endif

/*
 * Runs in the postmaster at start and after each crash reinitialisation
 * (the clocks then resume from the state file).
 */
static void
idtypes_shmem_startup(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	idtypes_shared = ShmemInitStruct("idtypes", idtypes_shmem_size(), &found);
	if (!found)
	{
		uint64		r;

		if (!pg_strong_random(&r, sizeof(r)))
			ereport(FATAL,
					(errcode(ERRCODE_INTERNAL_ERROR),
					 errmsg("could not generate random values")));
		idtypes_shared->medallion = muid_random_medallion(r);
	}
	idclock_shmem_init((char *) idtypes_shared + shared_header_size(),
					   &(GetNamedLWLockTranche("idtypes"))->lock, found);
	LWLockRelease(AddinShmemInitLock);

	if (!IsUnderPostmaster)
		on_shmem_exit(idclock_save_state, (Datum) 0);
}

void
idtypes_identity_needs_preload(const char *guc)
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
idtypes_identity_copied(const char *what, const char *identity, const char *hint)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("cannot generate %s during recovery", what),
			 errdetail("A standby is a copy of its primary, configuration included, so its %s could repeat "
					   "the primary's: they would carry the same %s.", what, identity),
			 errhint("%s", hint)));
}

/*
 * The node identity in effect in this backend, one row: what each scheme
 * puts in its ids to tell this server's ids from other servers', and where
 * it comes from ("configured", "automatic", or for the uid8 cluster id,
 * automatic only on a Citus node, "default").  The system identifier and the
 * recovery state tell a copy of a data directory from an independent server.
 */
PG_FUNCTION_INFO_V1(idtypes_node_identity);
Datum
idtypes_node_identity(PG_FUNCTION_ARGS)
{
	TupleDesc	tupdesc;
	Datum		values[12];
	bool		nulls[12] = {0};
	char		generators[32];
	int			first;
	int			count;
	Uid8Identity uid8_id;
	int			i = 0;

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	if (tupdesc->natts != lengthof(values))
		elog(ERROR, "idtypes_node_identity() returns %d columns, the module expects %d: "
			 "the extension's SQL script and its module do not match",
			 tupdesc->natts, (int) lengthof(values));

	/*
	 * Automatic generator ids: each backend claims free ones, from all of
	 * them, or from its Citus group's share (see uid8.c).
	 */
	uid8_automatic_identity(&uid8_id);
	if (idtypes_uid8_generator_id >= 0)
	{
		first = idtypes_uid8_generator_id;
		count = idtypes_uid8_generator_count;
		uid8_id.cluster = idtypes_uid8_cluster_id;
		uid8_id.citus_group = -1;
	}
	else
	{
		first = uid8_id.first;
		count = uid8_id.count;
	}
	snprintf(generators, sizeof(generators), "[%d,%d)", first, first + count);

	values[i++] = Int64GetDatum((int64) GetSystemIdentifier());
	values[i++] = BoolGetDatum(RecoveryInProgress());
	values[i++] = BoolGetDatum(idtypes_preloaded);
	values[i++] = Int64GetDatum((int64) muid_node_medallion());
	values[i++] = CStringGetTextDatum(idtypes_medallion >= 0 ? "configured" : "automatic");
	values[i++] = Int32GetDatum((int32) hlculid_node_publisher());
	values[i++] = CStringGetTextDatum(idtypes_publisher_id >= 0 ? "configured" : "automatic");
	values[i++] = Int32GetDatum(uid8_id.cluster);
	values[i++] = CStringGetTextDatum(idtypes_guc_source("idtypes.uid8_cluster_id") != PGC_S_DEFAULT ?
									  "configured" : uid8_id.citus_group >= 0 ? "automatic" : "default");
	values[i++] = OidInputFunctionCall(F_RANGE_IN, generators, INT4RANGEOID, -1);
	values[i++] = CStringGetTextDatum(idtypes_uid8_generator_id >= 0 ? "configured" : "automatic");
	values[i++] = CStringGetTextDatum(idtypes_uid8_mode == UID8_MODE_SPREAD ? "spread" : "time_sequential");

	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}

void
_PG_init(void)
{
	/*
	 * Node identity is configuration, not something an ordinary session may
	 * change: PGC_SIGHUP, set in postgresql.conf or with ALTER SYSTEM.
	 */
	DefineCustomStringVariable("idtypes.medallion",
							   "Medallion (node id) of this server in muids, 0 to 2^52-1; empty: automatic.",
							   "Automatic: a random medallion from the Muid specification's range, "
							   "new at each server start (per backend without shared_preload_libraries).",
							   &medallion_setting,
							   "",
							   PGC_SIGHUP,
							   0,
							   check_medallion, assign_medallion, NULL);

	DefineCustomIntVariable("idtypes.publisher_id",
							"Publisher id of this server in hlculids, 0 to 65535; -1: automatic.",
							"Automatic: derived from the host name, port and system identifier of the server.",
							&idtypes_publisher_id,
							-1, -1, 65535,
							PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	/*
	 * The bound epsilon of a hybrid logical clock: hlculid_observe() refuses
	 * an id further ahead of this server's clock than this, so that one id
	 * from a broken clock (or a forged one) cannot drag the server's clock,
	 * and with it every id it generates, far into the future.  Server-wide,
	 * like the clock it protects.
	 */
	DefineCustomIntVariable("idtypes.hlculid_max_drift",
							"How far ahead of this server's clock hlculid_observe() accepts an id; -1: no limit.",
							"An id further ahead is refused, so that one id from a broken clock cannot drag "
							"every later id of this server into the future.",
							&idtypes_hlculid_max_drift,
							5 * 60 * 1000, -1, INT_MAX,
							PGC_SIGHUP,
							GUC_UNIT_MS,
							NULL, NULL, NULL);

	/*
	 * With shared_preload_libraries the hybrid logical clock is the server's:
	 * hlculid_observe() moves it for every database, so only a role the
	 * superuser named may call it, not whoever created the extension in one
	 * database.
	 */
	DefineCustomStringVariable("idtypes.hlculid_observe_role",
							   "Role whose members may move the server-wide hlculid clock with hlculid_observe(); empty: superusers only.",
							   "With shared_preload_libraries the clock is shared by every database of the server. "
							   "Without it, hlculid_observe() moves only the calling backend's clock and this is not checked.",
							   &idtypes_hlculid_observe_role,
							   "",
							   PGC_SIGHUP,
							   0,
							   NULL, NULL, NULL);

	DefineCustomIntVariable("idtypes.uid8_cluster_id",
							"Cluster id of this server in uid8 ids, 0 to 15.",
							"Automatic generator ids are negotiated within one server: servers that generate "
							"uid8 ids need different cluster ids (or disjoint configured generator ids).",
							&idtypes_uid8_cluster_id,
							0, 0, 15,
							PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	/*
	 * With shared_preload_libraries, the server's uid8 generator (a range of
	 * generator ids sharing one clock) is fixed for the life of the server:
	 * if a reload could move it, backends that had not yet seen the reload
	 * would generate with the old range while others use the new one, and
	 * the two could overlap.  Restart-only settings cannot be defined after
	 * startup, so without preloading they stay reloadable (each backend then
	 * claims its own generator ids anyway).
	 */
	DefineCustomIntVariable("idtypes.uid8_generator_id",
							"Generator id of this server in uid8 ids, 0 to 2047; -1: automatic.",
							"Automatic: each backend claims free generator ids through the lock manager. "
							"A configured id needs shared_preload_libraries (all backends then share one generator).",
							&idtypes_uid8_generator_id,
							-1, -1, 2047,
							process_shared_preload_libraries_in_progress ? PGC_POSTMASTER : PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	DefineCustomIntVariable("idtypes.uid8_generator_count",
							"Number of generator ids a uid8 generator uses, 1 to 2048: 64 ids per millisecond each.",
							"With idtypes.uid8_generator_id set, the server's generator uses this many ids from it up; "
							"with automatic generator ids, each backend claims this many.",
							&idtypes_uid8_generator_count,
							1, 1, 2048,
							process_shared_preload_libraries_in_progress ? PGC_POSTMASTER : PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	/*
	 * With automatic generator ids, a backend that uses up a millisecond's
	 * ids claims more, up to this many (uid8.c): a resource limit rather
	 * than identity, but set like the rest of the uid8 generator.
	 */
	DefineCustomIntVariable("idtypes.uid8_generator_count_max",
							"The most generator ids a backend claims with automatic uid8 generator ids, 1 to 2048.",
							"A backend that uses up the 64 ids per millisecond of each of its generator ids "
							"claims as many again, up to this many, and gives them back when it no longer needs them.",
							&idtypes_uid8_generator_count_max,
							512, 1, 2048,
							PGC_SIGHUP,
							0,
							NULL, NULL, NULL);

	/*
	 * time_sequential by default: a key column's B-tree wants its new keys
	 * at the right edge.  (java-uniqueid defaults to spread, which scatters
	 * row keys over the regions of an HBase table.)
	 */
	DefineCustomEnumVariable("idtypes.uid8_mode",
							 "Layout of generated uid8 ids: time_sequential or spread.",
							 "time_sequential puts the timestamp first, so that ids sort by time; spread reverses "
							 "the bits of the timestamp, so that successive ids scatter over the key space.",
							 &idtypes_uid8_mode,
							 UID8_MODE_TIME_SEQUENTIAL,
							 uid8_mode_options,
							 PGC_SIGHUP,
							 0,
							 NULL, NULL, NULL);

	MarkGUCPrefixReserved("idtypes");

	if (!process_shared_preload_libraries_in_progress)
	{
		reapply_file_settings();
		return;
	}

	idtypes_preloaded = true;
#ifdef IDTYPES_HAVE_SHMEM_REQUEST_HOOK
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = idtypes_shmem_request;
#else
	RequestAddinShmemSpace(idtypes_shmem_size());
	RequestNamedLWLockTranche("idtypes", 1);
#endif
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = idtypes_shmem_startup;
}
