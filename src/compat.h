/*-------------------------------------------------------------------------
 *
 * compat.h
 *	  The one place where idtypes adapts to PostgreSQL versions 15 to 19.
 *
 * Every PG_VERSION_NUM test in the project lives here, so that the rest of
 * the code is written against one (the newest) server API.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/compat.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_COMPAT_H
#define IDTYPES_COMPAT_H

#include "postgres.h"

/*
 * The supported majors (README.md, "Supported versions"): those the
 * community still supports, 15 and later.  The Makefile says so before
 * compiling; this is for builds that do not go through it.
 */
#if PG_VERSION_NUM < 150000
#error "idtypes requires PostgreSQL 15 or later (13 and 14 are end of life)"
#endif

/*
 * A 64-bit Datum: the uid8 type is PASSEDBYVALUE with INTERNALLENGTH 8, and
 * the byte-string ids' abbreviated sort keys are their first 8 bytes.
 */
#if SIZEOF_DATUM < 8
#error "idtypes needs a 64-bit Datum"
#endif

/* The varlena macros (VARSIZE_ANY_EXHDR, VARDATA_ANY...) left postgres.h in 16. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "storage/lock.h"
#include "storage/proc.h"
#include "utils/guc_tables.h"
#include "utils/sortsupport.h"

/*
 * What the library exports.  It is compiled with -fvisibility=hidden (the
 * Makefile; PGXS does it on 16 and later), so that its helpers do not take
 * part in the dynamic linker's symbol search: under RTLD_GLOBAL, a module
 * loaded later that defines a function of the same name would otherwise
 * call ours.  PostgreSQL must still find Pg_magic_func, _PG_init and the
 * SQL-callable functions with their info records.  On 16 and later, the
 * headers mark all of them PGDLLEXPORT; on 15, PGDLLEXPORT (which the
 * Makefile defines as default visibility, c.h leaving it empty) marks only
 * the magic and info functions, so the macro and _PG_init are declared here
 * as 16 does.
 */
#include "fmgr.h"

#if PG_VERSION_NUM < 160000
#undef PG_FUNCTION_INFO_V1
#define PG_FUNCTION_INFO_V1(funcname) \
extern PGDLLEXPORT Datum funcname(PG_FUNCTION_ARGS); \
extern PGDLLEXPORT const Pg_finfo_record *CppConcat(pg_finfo_,funcname)(void); \
const Pg_finfo_record * \
CppConcat(pg_finfo_,funcname) (void) \
{ \
	static const Pg_finfo_record my_finfo = { 1 }; \
	return &my_finfo; \
} \
extern int no_such_variable

extern PGDLLEXPORT void _PG_init(void);
#endif

/*
 * A set-returning function's tuplestore: InitMaterializedSRF() is 15.1's
 * name (funcapi.h) for 15.0's SetSingleFuncCall().
 */
#if PG_VERSION_NUM < 150001
#define InitMaterializedSRF SetSingleFuncCall
#endif

/* The local transaction id of the current top-level transaction. */
#if PG_VERSION_NUM >= 170000
#define IDTYPES_MY_LXID		(MyProc->vxid.lxid)
#else
#define IDTYPES_MY_LXID		(MyProc->lxid)
#endif

/* Whether this backend holds a lock (exactly that mode). */
#if PG_VERSION_NUM >= 170000
#define IDTYPES_LOCK_HELD_BY_ME(tag, mode)	LockHeldByMe((tag), (mode), false)
#else
#define IDTYPES_LOCK_HELD_BY_ME(tag, mode)	LockHeldByMe((tag), (mode))
#endif

/*
 * A lock that is not waited for: PostgreSQL 18 added LockAcquireExtended()'s
 * logLockFailure argument (log_lock_failures), which such a try leaves off.
 */
#if PG_VERSION_NUM >= 180000
#define IDTYPES_LOCK_TRY(tag, mode, session, report_memory_error) \
	LockAcquireExtended((tag), (mode), (session), true, (report_memory_error), NULL, false)
#else
#define IDTYPES_LOCK_TRY(tag, mode, session, report_memory_error) \
	LockAcquireExtended((tag), (mode), (session), true, (report_memory_error), NULL)
#endif

/*
 * Soft input errors (PostgreSQL 16): before that, every error is hard.  (The
 * libFuzzer harness, tools/fuzz/, stands in for errsave_start() and
 * errsave_finish() where they exist.)
 */
#if PG_VERSION_NUM >= 160000
#define IDTYPES_HAVE_SOFT_ERRORS
#else
#define ereturn(context, dummy_value, ...) \
	do { \
		ereport(ERROR, __VA_ARGS__); \
		return dummy_value; \
	} while (0)
#endif

/*
 * Skip support (PostgreSQL 18): what a btree opclass's support function 6
 * fills in for skip scans, the lowest and highest values of the type and
 * the step to the next value down or up.  Before 18, no server calls such
 * a function, and the install script registers none (src/byteid.sql.in);
 * the same declarations stand in for the server's so that the functions
 * compile, and exist, on every version.
 */
#if PG_VERSION_NUM >= 180000
#include "utils/skipsupport.h"
#else
#include "utils/relcache.h"

typedef Datum (*SkipSupportIncDec) (Relation rel, Datum existing, bool *overflow);

typedef struct SkipSupportData
{
	Datum		low_elem;
	Datum		high_elem;
	SkipSupportIncDec decrement;
	SkipSupportIncDec increment;
} SkipSupportData;

typedef SkipSupportData *SkipSupport;
#endif

/* "Does not return": a prefix since PostgreSQL 18, a suffix before. */
#ifndef pg_noreturn
#define pg_noreturn __attribute__((noreturn))
#endif

/*
 * GUC "extra" data: PostgreSQL 16 frees it with guc_free() (pfree), so it
 * must come from guc_malloc(); before, from malloc().
 */
#if PG_VERSION_NUM >= 160000
#define idtypes_guc_malloc(size) guc_malloc(LOG, (size))
#else
#define idtypes_guc_malloc(size) malloc(size)
#endif

/*
 * Where a setting's current value comes from (PGC_S_DEFAULT: nowhere).
 * PostgreSQL 16 keeps the settings in a hash table and exports its lookup;
 * before, they are a sorted array that can be searched.
 */
static inline GucSource
idtypes_guc_source(const char *name)
{
#if PG_VERSION_NUM >= 160000
	struct config_generic *gconf = find_option(name, false, true, ERROR);

	return gconf != NULL ? gconf->source : PGC_S_DEFAULT;
#else
	struct config_generic **vars = get_guc_variables();
	int			n = GetNumConfigOptions();

	for (int i = 0; i < n; i++)
	{
		if (strcmp(vars[i]->name, name) == 0)
			return vars[i]->source;
	}
	return PGC_S_DEFAULT;
#endif
}

/*
 * A setting's record by name: find_option() is exported from PostgreSQL 16
 * on; before, the array of every record is searched.
 */
#if PG_VERSION_NUM >= 160000
#define IDTYPES_FIND_GUC(name)	find_option((name), false, true, ERROR)
#else
static inline struct config_generic *
idtypes_find_guc(const char *name)
{
	struct config_generic **vars = get_guc_variables();
	int			n = GetNumConfigOptions();

	for (int i = 0; i < n; i++)
		if (strcmp(vars[i]->name, name) == 0)
			return vars[i];
	return NULL;
}
#define IDTYPES_FIND_GUC(name)	idtypes_find_guc(name)
#endif

/* A plain sequential scan: PostgreSQL 19 added table_beginscan()'s flags. */
#if PG_VERSION_NUM >= 190000
#define IDTYPES_TABLE_BEGINSCAN(rel, snapshot)	table_beginscan((rel), (snapshot), 0, NULL, SO_NONE)
#else
#define IDTYPES_TABLE_BEGINSCAN(rel, snapshot)	table_beginscan((rel), (snapshot), 0, NULL)
#endif

#endif							/* IDTYPES_COMPAT_H */
