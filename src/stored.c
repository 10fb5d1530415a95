/*-------------------------------------------------------------------------
 *
 * stored.c
 *	  idtypes_advance_clocks_past_stored(): every scheme's clock past the
 *	  newest id stored in the current database, in one call.
 *
 * A logical dump restored, or a cutover by logical replication, brings the
 * rows but not the WAL that carries the clocks (wal.c): the new server's
 * clocks start from its system clock, which may be behind the ids it now
 * holds.  This function finds every column that holds the ids of a scheme,
 * reads the newest id of each, and moves each scheme's clock past the
 * newest of all, with the checks of idtypes_advance_clock()
 * (src/clock/sql.c).  It knows every scheme's SQL, so it sits above them.
 *
 * The columns: those of ordinary, partitioned and populated materialized
 * tables outside the system schemas, not temporary, whose type is a type of
 * the extension (in its schema) or core's uuid, a domain over one, or an
 * array of either (its elements are read).  A column that a table inherits
 * is read through the table that defines it, which reads its partitions
 * and children too.  A uuid column is read once per UUID version with a
 * clock (the version nibble, RFC 9562 variant only).
 *
 * The newest id of a column is the greatest in the type's order, which a
 * btree index on the column finds at its end; a UUID version's, the
 * greatest of that version, which a backward scan of such an index finds
 * (the planner's choice).  A scheme whose ids do not all sort by time
 * (scheme.h: unordered_layout) is read in full, by its timestamp function.
 *
 * It runs with the caller's rights (SECURITY INVOKER): a column the caller
 * may not read, or a table whose rows row-level security hides from the
 * caller, is an error naming it, before any table is read.  Every clock is
 * checked (the caller's right, how far ahead) before any clock moves.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/stored.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/rls.h"
#include "utils/syscache.h"
#include "utils/tuplestore.h"
#include "utils/uuid.h"

#include "clock/clock.h"
#include "compat.h"
#include "uuid.h"

#define STORED_FUNCTION		"idtypes_advance_clocks_past_stored()"
#define STORED_COLUMNS		4

/*
 * The columns that may hold ids: every column a table defines (not one it
 * inherits), outside the system schemas; the types are sorted out in C.
 */
#define STORED_CATALOG_QUERY \
	"SELECT c.oid, n.nspname, c.relname, a.attnum, a.attname, a.atttypid " \
	"FROM pg_catalog.pg_class c " \
	"JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace " \
	"JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid " \
	"WHERE c.relkind IN ('r', 'p', 'm') AND c.relpersistence <> 't' " \
	"AND (c.relkind <> 'm' OR c.relispopulated) " \
	"AND a.attnum > 0 AND NOT a.attisdropped AND a.attinhcount = 0 " \
	"AND n.nspname <> 'information_schema' AND n.nspname !~ '^pg_' " \
	"ORDER BY n.nspname, c.relname, a.attnum"

/* A column to read: its table, its name, and how its ids are held. */
typedef struct StoredColumn
{
	Oid			relid;
	char	   *table;			/* quoted, schema-qualified */
	AttrNumber	attnum;
	char	   *attname;
	Oid			type;			/* the id type (domains and arrays removed) */
	bool		array;
} StoredColumn;

/* The newest id of a scheme found so far, as its clock's word. */
typedef struct StoredNewest
{
	bool		found;
	uint64		word;
} StoredNewest;

/*
 * The type of each scheme's ids: core's uuid for the UUID versions, else
 * the type of that name in the extension's schema (that of this function).
 */
static Oid
scheme_type(const IdScheme *s, Oid nsp)
{
	Oid			type;

	if (s->uuid_version != 0)
		return UUIDOID;
	type = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid, CStringGetDatum(s->type), ObjectIdGetDatum(nsp));
	if (!OidIsValid(type))
		elog(ERROR, "type %s of idtypes not found in schema %s", s->type, get_namespace_name(nsp));
	return type;
}

/*
 * The caller may read the column (SELECT on the table or the column) and
 * sees every row of its table: else an error naming it.
 */
static void
check_readable(const StoredColumn *col)
{
	Oid			user = GetUserId();

	if (pg_class_aclcheck(col->relid, user, ACL_SELECT) != ACLCHECK_OK &&
		pg_attribute_aclcheck(col->relid, col->attnum, user, ACL_SELECT) != ACLCHECK_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied for table %s", col->table),
				 errdetail("%s reads column %s of every table that holds ids, and this role may not read it.",
						   STORED_FUNCTION, quote_identifier(col->attname)),
				 errhint("Grant SELECT on the table, or call it as a role that may read every table "
						 "(a member of pg_read_all_data).")));
	if (check_enable_rls(col->relid, InvalidOid, true) == RLS_ENABLED)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("row-level security hides rows of table %s", col->table),
				 errdetail("%s must read every id of column %s, and a policy limits the rows this role sees.",
						   STORED_FUNCTION, quote_identifier(col->attname)),
				 errhint("Call it as the table's owner, a superuser or a role with BYPASSRLS.")));
}

/*
 * The newest id of scheme s in the column, as text (NULL when it holds
 * none) and as its clock's word in *word: the greatest by the type's order
 * (of the UUID version), or by time where a layout does not sort by time.
 */
static char *
newest_id(const StoredColumn *col, const IdScheme *s, const char *nsp, uint64 *word)
{
	StringInfoData sql;
	const char *attname = quote_identifier(col->attname);
	const char *e = col->array ? "u.e" : psprintf("t.%s", attname);
	HeapTuple	tuple;
	bool		isnull;
	Datum		value;

	/*
	 * The id is qualified (t.col, u.e): an output column's name would be
	 * ambiguous in ORDER BY.
	 */
	initStringInfo(&sql);
	/* the id's text, and its UUID or its time */
	appendStringInfo(&sql, "SELECT %s::pg_catalog.text, ", e);
	if (s->uuid_version != 0)
		appendStringInfoString(&sql, e);
	else
		appendStringInfo(&sql, "%s.%s(%s)", nsp, quote_identifier(s->timestamp_fn), e);
	appendStringInfo(&sql, " FROM %s AS t", col->table);
	if (col->array)
		appendStringInfo(&sql, ", pg_catalog.unnest(t.%s) AS u(e)", attname);
	appendStringInfo(&sql, " WHERE %s IS NOT NULL", e);
	if (s->uuid_version != 0)
		appendStringInfo(&sql, " AND %s.uuidv_version(%s) = %d", nsp, e, s->uuid_version);
	appendStringInfoString(&sql, " ORDER BY ");
	if (s->unordered_layout)
		appendStringInfo(&sql, "%s.%s(%s) DESC, ", nsp, quote_identifier(s->timestamp_fn), e);
	appendStringInfo(&sql, "%s DESC LIMIT 1", e);

	if (SPI_execute(sql.data, true, 1) != SPI_OK_SELECT)
		elog(ERROR, "%s: could not read %s", STORED_FUNCTION, col->table);
	if (SPI_processed == 0)
		return NULL;
	tuple = SPI_tuptable->vals[0];
	value = SPI_getbinval(tuple, SPI_tuptable->tupdesc, 2, &isnull);
	Assert(!isnull);
	/* a UUID's 60-bit time field is its version's clock word (scheme.h) */
	if (s->uuid_version != 0)
		*word = uuid_time_hi_tick(uuid_get_hi(DatumGetUUIDP(value)));
	else
		*word = idclock_word_past(s->id, DatumGetTimestampTz(value));
	return SPI_getvalue(tuple, SPI_tuptable->tupdesc, 1);
}

/*
 * idtypes_advance_clocks_past_stored(): one row per column and scheme read
 * (table, column, scheme, the newest id as text or NULL), after moving
 * each scheme's clock past the newest id of all its columns.
 */
PG_FUNCTION_INFO_V1(idtypes_advance_clocks_past_stored);
Datum
idtypes_advance_clocks_past_stored(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Oid			nsp_oid = get_func_namespace(fcinfo->flinfo->fn_oid);
	const char *nsp = quote_identifier(get_namespace_name(nsp_oid));
	Oid			types[IDSCHEME_COUNT];
	StoredNewest newest[IDSCHEME_COUNT] = {0};
	List	   *columns = NIL;
	ListCell   *lc;

	InitMaterializedSRF(fcinfo, 0);
	if (rsinfo->setDesc->natts != STORED_COLUMNS)
		elog(ERROR, "%s returns %d columns, the module expects %d: "
			 "the extension's SQL script and its module do not match",
			 STORED_FUNCTION, rsinfo->setDesc->natts, STORED_COLUMNS);

	/* the caller may move every clock, before anything is read */
	idclock_check_shared(STORED_FUNCTION);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		idclock_check_mover((IdSchemeId) i, STORED_FUNCTION " moves the clocks of every database of this server.");
		types[i] = scheme_type(&idschemes[i], nsp_oid);
	}

	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");

	/* the columns of the ids' types, each readable, before any is read */
	if (SPI_execute(STORED_CATALOG_QUERY, true, 0) != SPI_OK_SELECT)
		elog(ERROR, "%s: could not read the catalog", STORED_FUNCTION);
	for (uint64 r = 0; r < SPI_processed; r++)
	{
		HeapTuple	tuple = SPI_tuptable->vals[r];
		TupleDesc	desc = SPI_tuptable->tupdesc;
		bool		isnull;
		Oid			type = getBaseType(DatumGetObjectId(SPI_getbinval(tuple, desc, 6, &isnull)));
		Oid			element = get_element_type(type);
		StoredColumn *col;
		bool		holds_ids = false;

		if (OidIsValid(element))
			type = getBaseType(element);
		for (int i = 0; i < IDSCHEME_COUNT; i++)
			holds_ids |= type == types[i];
		if (!holds_ids)
			continue;
		col = palloc(sizeof(StoredColumn));
		col->relid = DatumGetObjectId(SPI_getbinval(tuple, desc, 1, &isnull));
		col->table = quote_qualified_identifier(SPI_getvalue(tuple, desc, 2), SPI_getvalue(tuple, desc, 3));
		col->attnum = DatumGetInt16(SPI_getbinval(tuple, desc, 4, &isnull));
		col->attname = SPI_getvalue(tuple, desc, 5);
		col->type = type;
		col->array = OidIsValid(element);
		check_readable(col);
		columns = lappend(columns, col);
	}

	/* the newest id of each scheme in each column */
	foreach(lc, columns)
	{
		StoredColumn *col = (StoredColumn *) lfirst(lc);

		for (int i = 0; i < IDSCHEME_COUNT; i++)
		{
			Datum		values[STORED_COLUMNS];
			bool		nulls[STORED_COLUMNS] = {0};
			uint64		word = 0;
			char	   *id;

			if (col->type != types[i])
				continue;
			id = newest_id(col, &idschemes[i], nsp, &word);
			if (id != NULL && (!newest[i].found || word > newest[i].word))
			{
				newest[i].found = true;
				newest[i].word = word;
			}
			values[0] = ObjectIdGetDatum(col->relid);
			values[1] = CStringGetDatum(col->attname);
			values[1] = DirectFunctionCall1(namein, values[1]);
			values[2] = CStringGetTextDatum(idschemes[i].name);
			nulls[3] = id == NULL;
			values[3] = id == NULL ? (Datum) 0 : CStringGetTextDatum(id);
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		}
	}
	SPI_finish();

	/* every clock checked before any moves: all of them, or none */
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (newest[i].found)
			idclock_check_ahead((IdSchemeId) i, newest[i].word, STORED_FUNCTION);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (newest[i].found)
			idclock_move((IdSchemeId) i, newest[i].word);
	return (Datum) 0;
}
