/*-------------------------------------------------------------------------
 *
 * stored.c
 *	  idtypes_advance_clocks_past_stored(): every scheme's clock past the
 *	  newest id of this server's stored in the current database, in one
 *	  call.
 *
 * A logical dump restored, or a cutover by logical replication, brings the
 * rows but not the WAL that carries the clocks (wal.c): the new server's
 * clocks start from its system clock, which may be behind the ids it now
 * holds.  This function reads the newest id of each column that holds the
 * ids of a scheme and moves each scheme's clock past the newest of all,
 * with the checks of idtypes_advance_clock() (src/clock/sql.c).  It knows
 * every scheme's SQL, so it sits above them.
 *
 * Which columns hold this server's ids is the operator's word, not the
 * data's: by default the columns whose default (or their domain's) calls a
 * generator of the scheme; else the schemas, tables and columns the caller
 * names.  A column's type is a type of the extension (in its schema) or
 * core's uuid, a domain over one, or an array of either (its elements are
 * read).  A table is read with its partitions and children (foreign
 * ones and other sessions' temporary ones excepted); by default, a column
 * a table inherits is read through its parent, unless its own default
 * calls a generator.  An id further ahead of the system clock than
 * idtypes.clock_max_ahead is reported and not followed, unless the caller
 * names its column in follow: the newest id within the limit is followed
 * instead.  A clock is never moved within a day of the end of its range.
 *
 * It runs no code of the tables' owners, whoever calls it (a superuser, a
 * member of the mover role, of pg_read_all_data): the ids are read in C,
 * from the table or from the end of a btree index on the column, without
 * the planner, the executor, a function or an operator looked up by name.
 * The caller must have SELECT on each column read, and no row-level
 * security policy may hide a row of its table from the caller; each table
 * is locked by OID at that check and read by OID.  The one query it runs,
 * on the catalog, qualifies every name, operators included, under a
 * search_path pinned to pg_catalog, pg_temp.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/stored.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/heapam.h"
#include "access/nbtree.h"
#include "access/htup_details.h"
#include "access/relscan.h"
#include "access/table.h"
#include "access/tableam.h"
#include "catalog/dependency.h"
#include "catalog/index.h"
#include "catalog/namespace.h"
#include "catalog/pg_am.h"
#include "catalog/pg_class.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_index.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "commands/extension.h"
#include "executor/spi.h"
#include "executor/tuptable.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "parser/parse_func.h"
#include "storage/lmgr.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/catcache.h"
#include "utils/datum.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/rls.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"
#include "utils/uuid.h"
#include "utils/varlena.h"

#include "clock/clock.h"
#include "compat.h"
#include "uuid.h"

#define STORED_FUNCTION		"idtypes_advance_clocks_past_stored()"
#define STORED_COLUMNS		7

/*
 * The columns that may hold ids: every column a table defines (not one it
 * inherits), outside the system schemas, with its default's expression;
 * the types are sorted out in C.  Every operator is qualified: the
 * database's or the role's search_path is not the one this query runs
 * under, but a pinned one, and neither decides what it calls.
 */
#define STORED_CATALOG_QUERY \
	"SELECT c.oid, n.oid, n.nspname, c.relname, a.attnum, a.attname, a.atttypid, " \
	"a.attinhcount OPERATOR(pg_catalog.>) 0, d.adbin::pg_catalog.text " \
	"FROM pg_catalog.pg_class c " \
	"JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace " \
	"JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.oid " \
	"LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid OPERATOR(pg_catalog.=) c.oid " \
	"AND d.adnum OPERATOR(pg_catalog.=) a.attnum " \
	"WHERE c.relkind OPERATOR(pg_catalog.=) ANY ('{r,p,m}'::pg_catalog.\"char\"[]) " \
	"AND c.relpersistence OPERATOR(pg_catalog.<>) 't' " \
	"AND a.attnum OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped " \
	"AND n.nspname OPERATOR(pg_catalog.<>) 'information_schema' " \
	"AND n.nspname OPERATOR(pg_catalog.!~) '^pg_' " \
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
	uint32		schemes;		/* a bit per scheme whose ids it holds */
	bool		follow;			/* named in follow */
} StoredColumn;

/*
 * What a column holds of one scheme: its newest id (by time where the
 * layout does not sort by it), and the newest within the limit, as text,
 * each with an order key (the UUID's time field, else the timestamptz).
 */
typedef struct StoredRead
{
	StoredColumn *col;
	IdSchemeId	scheme;
	bool		found;
	uint64		newest_key;
	Datum		newest;			/* copied into the function's context */
	bool		beyond;			/* newest is past the limit */
	bool		within_found;
	uint64		within_key;
	Datum		within;
	uint64		word;			/* the clock word past within */
} StoredRead;

/* How the ids of one type are read. */
typedef struct StoredType
{
	Oid			type;
	int16		typlen;
	bool		typbyval;
	char		typalign;
	FmgrInfo	out;
	FmgrInfo	cmp;			/* btree order: ties of time broken by it */
	FmgrInfo	timestamp[IDSCHEME_COUNT];	/* of the schemes of the type */
	Oid			btree_family;
} StoredType;

/* ---------- which columns ---------- */

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
 * The function of a scheme of that name in the extension's schema, taking
 * the given argument types, which belongs to the extension: never one
 * another role made (an overload in the same schema, or in another).
 */
static Oid
extension_function(const char *name, Oid nsp, Oid ext, int nargs, Oid *args)
{
	Oid			fn = LookupFuncName(list_make2(makeString(get_namespace_name(nsp)), makeString(pstrdup(name))),
									nargs, args, false);

	if (getExtensionOfObject(ProcedureRelationId, fn) != ext)
		elog(ERROR, "function %s of idtypes is not the extension's", name);
	return fn;
}

/* Does the expression call one of the functions? */
typedef struct CallsContext
{
	List	   *functions;
} CallsContext;

static bool
calls_walker(Node *node, CallsContext *context)
{
	if (node == NULL)
		return false;
	if (IsA(node, FuncExpr) && list_member_oid(context->functions, ((FuncExpr *) node)->funcid))
		return true;
	return expression_tree_walker(node, calls_walker, (void *) context);
}

static bool
expression_calls(const char *expression, List *functions)
{
	CallsContext context = {functions};

	return expression != NULL && calls_walker((Node *) stringToNode(expression), &context);
}

/*
 * The schemes whose generator a column's default calls: its own default,
 * else the nearest default of the domains it is declared with (as INSERT
 * takes it).
 */
static uint32
default_schemes(char *adbin, Oid atttype, List **generators)
{
	char	   *expression = adbin;
	Oid			type = atttype;
	uint32		schemes = 0;

	while (expression == NULL && get_typtype(type) == TYPTYPE_DOMAIN)
	{
		HeapTuple	tup = SearchSysCache1(TYPEOID, ObjectIdGetDatum(type));
		bool		isnull;
		Datum		bin;

		if (!HeapTupleIsValid(tup))
			elog(ERROR, "cache lookup failed for type %u", type);
		bin = SysCacheGetAttr(TYPEOID, tup, Anum_pg_type_typdefaultbin, &isnull);
		if (!isnull)
			expression = TextDatumGetCString(bin);
		type = ((Form_pg_type) GETSTRUCT(tup))->typbasetype;
		ReleaseSysCache(tup);
	}
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (expression_calls(expression, generators[i]))
			schemes |= (uint32) 1 << i;
	return schemes;
}

/* A name of the columns or follow argument, split: 1 to 3 identifiers. */
typedef struct StoredName
{
	const char *text;
	Oid			nsp;
	Oid			relid;			/* InvalidOid: the whole schema */
	AttrNumber	attnum;			/* 0: the whole table */
	bool		used;
} StoredName;

static List *
names_of(ArrayType *array, const char *argument, bool columns_only)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n;
	List	   *names = NIL;

	deconstruct_array(array, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &n);
	for (int i = 0; i < n; i++)
	{
		StoredName *name = palloc0(sizeof(StoredName));
		List	   *parts;
		int			len;

		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s: %s holds a NULL", STORED_FUNCTION, argument)));
		name->text = TextDatumGetCString(elems[i]);
		if (!SplitIdentifierString(pstrdup(name->text), '.', &parts))
			parts = NIL;
		len = list_length(parts);
		if (len == 0 || len > 3 || (columns_only && len != 3))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s: \"%s\" in %s is not the name of %s", STORED_FUNCTION, name->text, argument,
							columns_only ? "a column" : "a schema, a table or a column"),
					 errhint("%s", columns_only ? "Name a column as schema.table.column."
							 : "Name a schema, a table as schema.table, or a column as schema.table.column.")));
		name->nsp = get_namespace_oid((char *) linitial(parts), false);
		if (len >= 2)
		{
			name->relid = get_relname_relid((char *) lsecond(parts), name->nsp);
			if (!OidIsValid(name->relid))
				ereport(ERROR,
						(errcode(ERRCODE_UNDEFINED_TABLE),
						 errmsg("relation \"%s.%s\" does not exist", (char *) linitial(parts), (char *) lsecond(parts))));
		}
		if (len == 3)
		{
			name->attnum = get_attnum(name->relid, (char *) lthird(parts));
			if (name->attnum <= 0)
				ereport(ERROR,
						(errcode(ERRCODE_UNDEFINED_COLUMN),
						 errmsg("column \"%s\" of relation \"%s.%s\" does not exist", (char *) lthird(parts),
								(char *) linitial(parts), (char *) lsecond(parts))));
		}
		names = lappend(names, name);
	}
	return names;
}

/* The names of the list that name a column (exactly, or its table or schema). */
static bool
names_match(List *names, Oid nsp, Oid relid, AttrNumber attnum, bool exact)
{
	ListCell   *lc;
	bool		match = false;

	foreach(lc, names)
	{
		StoredName *name = lfirst(lc);

		if (name->nsp == nsp &&
			(exact ? name->relid == relid && name->attnum == attnum
			 : (!OidIsValid(name->relid) || name->relid == relid) && (name->attnum == 0 || name->attnum == attnum)))
			match = name->used = true;
	}
	return match;
}

/* Every name of the list matched something: else 22023, naming it. */
static void
names_used(List *names, const char *what, const char *hint)
{
	ListCell   *lc;

	foreach(lc, names)
	{
		StoredName *name = lfirst(lc);

		if (!name->used)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s: \"%s\" in %s", STORED_FUNCTION, name->text, what),
					 errhint("%s", hint)));
	}
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
				 errdetail("%s reads column %s of the table, and this role may not read it.",
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

/* ---------- reading the ids ---------- */

/* A copy of an id in the function's memory, the copy it replaces freed. */
static Datum
keep(const StoredType *st, Datum value, Datum old, bool had, MemoryContext cxt)
{
	MemoryContext old_cxt;
	Datum		copy;

	if (st->typbyval)
		return value;
	if (had)
		pfree(DatumGetPointer(old));
	old_cxt = MemoryContextSwitchTo(cxt);
	copy = datumCopy(value, false, st->typlen);
	MemoryContextSwitchTo(old_cxt);
	return copy;
}

/*
 * One value of a column (an array's element): the schemes' reads that it
 * belongs to take it.  A UUID belongs to the version it carries (RFC 9562
 * variant only).  Returns whether every read of the column has found an id
 * within the limit (an index read in order may stop there).
 */
static bool
take_value(StoredType *st, StoredRead *reads, int nreads, Datum value, int64 now, TimestampTz limit_ts,
		   MemoryContext cxt)
{
	bool		done = true;

	for (int i = 0; i < nreads; i++)
	{
		StoredRead *r = &reads[i];
		const IdScheme *s = &idschemes[r->scheme];
		uint64		key;
		bool		beyond;

		if (s->uuid_version != 0)
		{
			pg_uuid_t  *u = DatumGetUUIDP(value);

			if (uuid_version_of(u) != s->uuid_version || !uuid_is_rfc_variant(u))
			{
				done &= r->within_found;
				continue;
			}
			key = uuid_time_hi_tick(uuid_get_hi(u));
			beyond = idclock_ns_of_word(r->scheme, key) - now > (int64) idtypes_clock_max_ahead * INT64CONST(1000000);
		}
		else
		{
			TimestampTz t = DatumGetTimestampTz(FunctionCall1(&st->timestamp[r->scheme], value));

			key = (uint64) t ^ (UINT64CONST(1) << 63);
			beyond = t > limit_ts;
		}
		if (!r->found || key > r->newest_key ||
			(key == r->newest_key && DatumGetInt32(FunctionCall2(&st->cmp, value, r->newest)) > 0))
		{
			r->newest = keep(st, value, r->newest, r->found, cxt);
			r->found = true;
			r->newest_key = key;
			r->beyond = beyond && !r->col->follow;
		}
		if ((!beyond || r->col->follow) &&
			(!r->within_found || key > r->within_key ||
			 (key == r->within_key && DatumGetInt32(FunctionCall2(&st->cmp, value, r->within)) > 0)))
		{
			r->within = keep(st, value, r->within, r->within_found, cxt);
			r->within_found = true;
			r->within_key = key;
		}
		done &= r->within_found;
	}
	return done;
}

/* A value of the column as read from a row: the element of an array. */
static bool
take_datum(StoredType *st, StoredRead *reads, int nreads, bool array, Datum value, int64 now, TimestampTz limit_ts,
		   MemoryContext cxt)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n;

	if (!array)
		return take_value(st, reads, nreads, value, now, limit_ts, cxt);
	deconstruct_array(DatumGetArrayTypeP(value), st->type, st->typlen, st->typbyval, st->typalign, &elems, &nulls, &n);
	for (int i = 0; i < n; i++)
		if (!nulls[i])
			(void) take_value(st, reads, nreads, elems[i], now, limit_ts, cxt);
	return false;
}

/*
 * A btree index whose first key is the column itself, with the default
 * order of its type, valid for every snapshot (not indcheckxmin), and
 * without a predicate or expression (those
 * are checked in the catalog tuple: the relation cache would evaluate
 * them); InvalidOid if there is none.  *backward: the scan direction that
 * meets the greatest first.
 */
static Oid
ordered_index(Relation heap, AttrNumber attnum, Oid family, ScanDirection *direction)
{
	List	   *indexes = RelationGetIndexList(heap);
	ListCell   *lc;
	Oid			found = InvalidOid;

	foreach(lc, indexes)
	{
		Oid			indexoid = lfirst_oid(lc);
		HeapTuple	tup = SearchSysCache1(INDEXRELID, ObjectIdGetDatum(indexoid));
		Form_pg_index index;
		bool		usable;

		if (!HeapTupleIsValid(tup))
			continue;
		index = (Form_pg_index) GETSTRUCT(tup);
		usable = index->indisvalid && index->indisready && index->indislive && !index->indcheckxmin &&
			index->indnkeyatts >= 1 && index->indkey.values[0] == attnum &&
			heap_attisnull(tup, Anum_pg_index_indpred, NULL) &&
			heap_attisnull(tup, Anum_pg_index_indexprs, NULL);
		ReleaseSysCache(tup);
		if (usable)
		{
			Relation	ind = index_open(indexoid, AccessShareLock);

			if (ind->rd_rel->relam == BTREE_AM_OID && ind->rd_opfamily[0] == family)
			{
				*direction = (ind->rd_indoption[0] & INDOPTION_DESC) ? ForwardScanDirection : BackwardScanDirection;
				found = indexoid;
			}
			index_close(ind, AccessShareLock);
			if (OidIsValid(found))
				break;
		}
	}
	list_free(indexes);
	return found;
}

/*
 * Read a table that holds the column (the table that defines it, or a
 * partition or child of it): from the end of an ordered index where one
 * serves (the greatest first: it stops at the first id within the limit
 * of every scheme), else in full.  Each row's memory (a detoasted array)
 * is freed with the next; what is kept is copied into cxt.
 */
static void
read_relation(Oid relid, const StoredColumn *col, StoredType *st, StoredRead *reads, int nreads,
			  bool ordered, int64 now, TimestampTz limit_ts, MemoryContext cxt)
{
	Relation	rel = table_open(relid, AccessShareLock);
	AttrNumber	attnum = relid == col->relid ? col->attnum : get_attnum(relid, col->attname);
	Snapshot	snapshot = GetActiveSnapshot();
	ScanDirection direction = BackwardScanDirection;
	Oid			indexoid = InvalidOid;
	MemoryContext row_cxt;
	MemoryContext old_cxt;
	Form_pg_attribute attr;
	Oid			type;

	/*
	 * A partitioned table has no rows, a foreign one is not read, nor another
	 * session's temporary table (a child of its owner's).
	 */
	if (!RELKIND_HAS_TABLE_AM(rel->rd_rel->relkind) || attnum <= 0 || RELATION_IS_OTHER_TEMP(rel) ||
		(rel->rd_rel->relkind == RELKIND_MATVIEW && !rel->rd_rel->relispopulated))
	{
		table_close(rel, AccessShareLock);
		return;
	}

	/*
	 * The column as the catalog query saw it, now that the table is locked:
	 * not dropped, of the same name and type (its owner may have changed it
	 * before the lock was granted).
	 */
	attr = TupleDescAttr(RelationGetDescr(rel), attnum - 1);
	type = InvalidOid;
	if (!attr->attisdropped && strcmp(NameStr(attr->attname), col->attname) == 0)
	{
		type = getBaseType(attr->atttypid);
		if (OidIsValid(get_element_type(type)) != col->array)
			type = InvalidOid;
		else if (col->array)
			type = getBaseType(get_element_type(type));
	}
	if (type != col->type)
		ereport(ERROR,
				(errcode(ERRCODE_T_R_SERIALIZATION_FAILURE),
				 errmsg("%s: column %s of %s changed while it was read", STORED_FUNCTION,
						quote_identifier(col->attname), RelationGetRelationName(rel)),
				 errhint("Call it again.")));

	row_cxt = AllocSetContextCreate(CurrentMemoryContext, "idtypes stored row", ALLOCSET_SMALL_SIZES);
	if (ordered && !col->array)
		indexoid = ordered_index(rel, attnum, st->btree_family, &direction);

	/*
	 * The scans allocate in the caller's context (the index's list of dead
	 * tuples lives as long as the scan); only a row's values and what they
	 * take (a detoasted array) go in the row's, freed with the next row.
	 */
	if (OidIsValid(indexoid))
	{
		Relation	ind = index_open(indexoid, AccessShareLock);
		SysScanDesc scan = systable_beginscan_ordered(rel, ind, snapshot, 0, NULL);
		HeapTuple	tuple;

		while ((tuple = systable_getnext_ordered(scan, direction)) != NULL)
		{
			bool		isnull;
			bool		done;
			Datum		value;

			CHECK_FOR_INTERRUPTS();
			old_cxt = MemoryContextSwitchTo(row_cxt);
			value = heap_getattr(tuple, attnum, RelationGetDescr(rel), &isnull);
			done = !isnull && take_datum(st, reads, nreads, false, value, now, limit_ts, cxt);
			MemoryContextSwitchTo(old_cxt);
			MemoryContextReset(row_cxt);
			if (done)
				break;
		}
		systable_endscan_ordered(scan);
		index_close(ind, AccessShareLock);
	}
	else
	{
		TupleTableSlot *slot = table_slot_create(rel, NULL);
		TableScanDesc scan = IDTYPES_TABLE_BEGINSCAN(rel, snapshot);

		while (table_scan_getnextslot(scan, ForwardScanDirection, slot))
		{
			bool		isnull;
			Datum		value;

			CHECK_FOR_INTERRUPTS();
			old_cxt = MemoryContextSwitchTo(row_cxt);
			value = slot_getattr(slot, attnum, &isnull);
			if (!isnull)
				(void) take_datum(st, reads, nreads, col->array, value, now, limit_ts, cxt);
			MemoryContextSwitchTo(old_cxt);
			MemoryContextReset(row_cxt);
		}
		table_endscan(scan);
		ExecDropSingleTupleTableSlot(slot);
	}
	MemoryContextDelete(row_cxt);
	table_close(rel, AccessShareLock);
}

/* ---------- the function ---------- */

/* A column of the catalog query's row, for a message: "col of schema.table". */
static char *
catalog_column(HeapTuple tuple, TupleDesc desc)
{
	return psprintf("%s of %s", quote_identifier(SPI_getvalue(tuple, desc, 6)),
					quote_qualified_identifier(SPI_getvalue(tuple, desc, 3), SPI_getvalue(tuple, desc, 4)));
}

/* An id's text, by its type's output function (the extension's or core's) */
static char *
id_text(const StoredColumn *col, StoredType *types, int ntypes, Datum value)
{
	for (int k = 0; k < ntypes; k++)
		if (types[k].type == col->type)
			return OutputFunctionCall(&types[k].out, value);
	elog(ERROR, "no output function for type %u", col->type);
	return NULL;
}

/*
 * idtypes_advance_clocks_past_stored(columns text[], follow text[]): one
 * row per column and scheme read, after moving each scheme's clock past
 * the newest id followed of all its columns.
 */
PG_FUNCTION_INFO_V1(idtypes_advance_clocks_past_stored);
Datum
idtypes_advance_clocks_past_stored(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Oid			nsp_oid = get_func_namespace(fcinfo->flinfo->fn_oid);
	Oid			ext_oid = getExtensionOfObject(ProcedureRelationId, fcinfo->flinfo->fn_oid);
	bool		listed = !PG_ARGISNULL(0);	/* an empty list reads nothing */
	List	   *selected = listed ? names_of(PG_GETARG_ARRAYTYPE_P(0), "columns", false) : NIL;
	List	   *follow = PG_ARGISNULL(1) ? NIL : names_of(PG_GETARG_ARRAYTYPE_P(1), "follow", true);
	Oid			types[IDSCHEME_COUNT];
	List	   *generators[IDSCHEME_COUNT] = {0};
	StoredType *stored_types = palloc0(sizeof(StoredType) * IDSCHEME_COUNT);
	int			ntypes = 0;
	List	   *columns = NIL;
	List	   *reads = NIL;
	ListCell   *lc;
	int			nestlevel;
	MemoryContext outer;
	MemoryContext old_cxt;
	int64		now;
	TimestampTz limit_ts;
	uint64		target[IDSCHEME_COUNT];
	bool		has_target[IDSCHEME_COUNT] = {0};
	uint64		before[IDSCHEME_COUNT];

	InitMaterializedSRF(fcinfo, 0);
	if (rsinfo->setDesc->natts != STORED_COLUMNS)
		elog(ERROR, "%s returns %d columns, the module expects %d: "
			 "the extension's SQL script and its module do not match",
			 STORED_FUNCTION, rsinfo->setDesc->natts, STORED_COLUMNS);
	if (!OidIsValid(ext_oid))
		elog(ERROR, "%s is not a function of the extension idtypes", STORED_FUNCTION);

	/* the caller may move every clock, before anything is read */
	idclock_check_shared(STORED_FUNCTION);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		idclock_check_mover((IdSchemeId) i, STORED_FUNCTION " moves the clocks of every database of this server.");

	/* no name below is looked up in a search_path another role chose */
	nestlevel = NewGUCNestLevel();
	(void) set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);

	/* each type's output, its schemes' time functions, its btree order */
	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		const IdScheme *s = &idschemes[i];
		CatCList   *list = SearchSysCacheList1(PROCNAMEARGSNSP, CStringGetDatum(s->generator));
		StoredType *st = NULL;

		types[i] = scheme_type(s, nsp_oid);
		for (int k = 0; k < list->n_members; k++)
		{
			Form_pg_proc proc = (Form_pg_proc) GETSTRUCT(&list->members[k]->tuple);

			if (proc->pronamespace == nsp_oid && getExtensionOfObject(ProcedureRelationId, proc->oid) == ext_oid)
				generators[i] = lappend_oid(generators[i], proc->oid);
		}
		ReleaseSysCacheList(list);
		for (int k = 0; k < ntypes; k++)
			if (stored_types[k].type == types[i])
				st = &stored_types[k];
		if (st == NULL)
		{
			Oid			out;
			bool		varlena;
			Oid			opclass = GetDefaultOpClass(types[i], BTREE_AM_OID);

			st = &stored_types[ntypes++];
			st->type = types[i];
			get_typlenbyvalalign(types[i], &st->typlen, &st->typbyval, &st->typalign);
			getTypeOutputInfo(types[i], &out, &varlena);
			fmgr_info(out, &st->out);
			if (!OidIsValid(opclass))
				elog(ERROR, "type %s has no default btree operator class", format_type_be(types[i]));
			st->btree_family = get_opclass_family(opclass);
			fmgr_info(get_opfamily_proc(st->btree_family, types[i], types[i], BTORDER_PROC), &st->cmp);
		}
		if (s->uuid_version == 0)
			fmgr_info(extension_function(s->timestamp_fn, nsp_oid, ext_oid, 1, &types[i]), &st->timestamp[i]);
	}

	outer = CurrentMemoryContext;
	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");

	/* the columns that hold this server's ids (kept past SPI_finish()) */
	if (SPI_execute(STORED_CATALOG_QUERY, true, 0) != SPI_OK_SELECT)
		elog(ERROR, "%s: could not read the catalog", STORED_FUNCTION);
	for (uint64 r = 0; r < SPI_processed; r++)
	{
		HeapTuple	tuple = SPI_tuptable->vals[r];
		TupleDesc	desc = SPI_tuptable->tupdesc;
		bool		isnull;
		Oid			relid = DatumGetObjectId(SPI_getbinval(tuple, desc, 1, &isnull));
		Oid			nsp = DatumGetObjectId(SPI_getbinval(tuple, desc, 2, &isnull));
		AttrNumber	attnum = DatumGetInt16(SPI_getbinval(tuple, desc, 5, &isnull));
		Oid			atttype = DatumGetObjectId(SPI_getbinval(tuple, desc, 7, &isnull));
		bool		inherited = DatumGetBool(SPI_getbinval(tuple, desc, 8, &isnull));
		Oid			type = getBaseType(atttype);
		Oid			element = get_element_type(type);
		uint32		holds = 0;
		uint32		schemes;
		StoredColumn *col;

		if (OidIsValid(element))
			type = getBaseType(element);
		for (int i = 0; i < IDSCHEME_COUNT; i++)
			if (type == types[i])
				holds |= (uint32) 1 << i;
		if (holds == 0)
		{
			if (names_match(selected, nsp, relid, attnum, true))
				ereport(ERROR,
						(errcode(ERRCODE_DATATYPE_MISMATCH),
						 errmsg("%s: column %s holds no ids", STORED_FUNCTION, catalog_column(tuple, desc)),
						 errdetail("Its type is %s.", format_type_be(atttype))));
			continue;
		}
		schemes = holds & default_schemes(SPI_getvalue(tuple, desc, 9), atttype, generators);
		if (listed)
		{
			if (!names_match(selected, nsp, relid, attnum, false))
				continue;

			/*
			 * a uuid column named without a generator's default: every
			 * version
			 */
			if (schemes == 0)
				schemes = holds;
		}
		if (schemes == 0)
			continue;
		if (inherited && !listed)
		{
			char	   *own = SPI_getvalue(tuple, desc, 9);

			/*
			 * By default, read through the table that defines it, unless the
			 * column has a generator's default of its own (a partition's),
			 * which the parent's may not call: then this table is read too.
			 * (A table named is read, inherited columns and all.)
			 */
			if (own == NULL || (holds & default_schemes(own, atttype, generators)) == 0)
				continue;
		}
		col = MemoryContextAllocZero(outer, sizeof(StoredColumn));
		col->relid = relid;
		col->table = MemoryContextStrdup(outer, quote_qualified_identifier(SPI_getvalue(tuple, desc, 3),
																		   SPI_getvalue(tuple, desc, 4)));
		col->attnum = attnum;
		col->attname = MemoryContextStrdup(outer, SPI_getvalue(tuple, desc, 6));
		col->type = type;
		col->array = OidIsValid(element);
		col->schemes = schemes;
		col->follow = names_match(follow, nsp, relid, attnum, true);
		old_cxt = MemoryContextSwitchTo(outer);
		columns = lappend(columns, col);
		MemoryContextSwitchTo(old_cxt);
	}
	SPI_finish();

	names_used(selected, "columns names no column that holds ids",
			   "It reads the tables, partitioned tables and materialized views of this database, "
			   "not views, foreign or temporary tables.");
	names_used(follow, "follow is not a column it reads",
			   "Name it in columns too, or give it a default that calls its scheme's generator.");

	/*
	 * Each table locked by OID, then checked: the caller's rights, and what
	 * row-level security lets the caller see, before anything is read.
	 */
	foreach(lc, columns)
	{
		StoredColumn *col = lfirst(lc);

		LockRelationOid(col->relid, AccessShareLock);
		if (!SearchSysCacheExists1(RELOID, ObjectIdGetDatum(col->relid)))
			ereport(ERROR,
					(errcode(ERRCODE_UNDEFINED_TABLE),
					 errmsg("%s: table %s was dropped while it was read", STORED_FUNCTION, col->table)));
		check_readable(col);
	}

	/*
	 * The rows as they stand now that every table is locked (under READ
	 * COMMITTED, a snapshot after the locks).
	 */
	PushActiveSnapshot(GetTransactionSnapshot());

	/* the newest id of each scheme in each column */
	now = idclock_now_ns();
	limit_ts = idscheme_ns_to_timestamptz(now) + (int64) idtypes_clock_max_ahead * INT64CONST(1000);
	foreach(lc, columns)
	{
		StoredColumn *col = lfirst(lc);
		StoredRead *col_reads = palloc0(sizeof(StoredRead) * IDSCHEME_COUNT);
		int			nreads = 0;
		StoredType *st = NULL;
		bool		ordered = true;
		List	   *relids;
		ListCell   *lr;

		for (int i = 0; i < IDSCHEME_COUNT; i++)
		{
			if (!(col->schemes & ((uint32) 1 << i)))
				continue;
			col_reads[nreads].col = col;
			col_reads[nreads].scheme = (IdSchemeId) i;
			nreads++;
			ordered &= !idschemes[i].unordered_layout;
		}
		for (int k = 0; k < ntypes; k++)
			if (stored_types[k].type == col->type)
				st = &stored_types[k];
		Assert(st != NULL);
		relids = find_all_inheritors(col->relid, AccessShareLock, NULL);
		foreach(lr, relids)
			read_relation(lfirst_oid(lr), col, st, col_reads, nreads, ordered, now, limit_ts, CurrentMemoryContext);
		for (int k = 0; k < nreads; k++)
		{
			StoredRead *rd = &col_reads[k];
			const IdScheme *s = &idschemes[rd->scheme];

			if (rd->within_found)
			{
				if (s->uuid_version != 0)
					rd->word = rd->within_key;
				else
					rd->word = idclock_word_past(rd->scheme,
												 DatumGetTimestampTz(FunctionCall1(&st->timestamp[rd->scheme], rd->within)));
				if (!has_target[rd->scheme] || rd->word > target[rd->scheme])
				{
					has_target[rd->scheme] = true;
					target[rd->scheme] = rd->word;
				}
			}
			reads = lappend(reads, rd);
		}
	}
	PopActiveSnapshot();

	/*
	 * Every clock checked before any moves: all of them, or none.  An id
	 * followed past the limit by name still meets it (a superuser gets a
	 * warning), and no clock goes where it could not generate.
	 */
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (has_target[i])
		{
			idclock_check_room((IdSchemeId) i, target[i], STORED_FUNCTION);
			idclock_check_ahead((IdSchemeId) i, target[i], STORED_FUNCTION);
		}
	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		before[i] = idclock_last((IdSchemeId) i);
		if (has_target[i])
			idclock_move((IdSchemeId) i, target[i]);
	}

	foreach(lc, reads)
	{
		StoredRead *rd = lfirst(lc);
		Datum		values[STORED_COLUMNS];
		bool		nulls[STORED_COLUMNS] = {0};

		values[0] = ObjectIdGetDatum(rd->col->relid);
		values[1] = DirectFunctionCall1(namein, CStringGetDatum(rd->col->attname));
		values[2] = CStringGetTextDatum(idschemes[rd->scheme].name);
		nulls[3] = !rd->found;
		values[3] = rd->found ? CStringGetTextDatum(id_text(rd->col, stored_types, ntypes, rd->newest)) : (Datum) 0;
		values[4] = BoolGetDatum(rd->found && rd->beyond);
		nulls[5] = !rd->within_found;
		values[5] = rd->within_found ? CStringGetTextDatum(id_text(rd->col, stored_types, ntypes, rd->within)) : (Datum) 0;
		values[6] = CStringGetTextDatum(!rd->within_found ? "none"
										: rd->word == target[rd->scheme] && target[rd->scheme] > before[rd->scheme] ? "moved"
										: "already past");
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}

	AtEOXact_GUC(true, nestlevel);
	return (Datum) 0;
}
