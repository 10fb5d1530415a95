/*-------------------------------------------------------------------------
 *
 * castguard.c
 *	  The event trigger that keeps ALTER TABLE ... ALTER COLUMN ... TYPE
 *	  from turning a column of bigints, bytes or UUIDs into ids silently.
 *
 * The casts into the id types from bigint (uid8), bytea (muid, hlculid,
 * uid8, tid62) and uuid (muid, hlculid) apply on assignment, so that a
 * driver's plain parameter stores into an id column.  A change of a
 * column's type without USING converts the column's values by the same
 * assignment casts, which would reinterpret every value's bits as an id (a
 * UUIDv7 read as a muid is dated 1984, a bigint a spread uid8 of 1970).
 * So, at the start of every ALTER TABLE, such a change without USING is
 * refused, as PostgreSQL refuses one for which no assignment cast exists;
 * with USING the user has said how, and it runs.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/castguard.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "commands/event_trigger.h"
#include "nodes/parsenodes.h"
#include "parser/parse_type.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

#include "compat.h"
#include "scheme.h"

/* The element type of a type, through domains (the type itself if none). */
static Oid
element_of(Oid type)
{
	Oid			elem = get_base_element_type(type);

	return getBaseType(OidIsValid(elem) ? elem : type);
}

/*
 * Whether type is one of the extension's id types that such casts reach:
 * those of src/scheme.h's schemes that have a type of their own.
 */
static bool
is_id_type(Oid type, Oid nsp)
{
	HeapTuple	tup = SearchSysCache1(TYPEOID, ObjectIdGetDatum(type));
	bool		result = false;

	if (HeapTupleIsValid(tup))
	{
		Form_pg_type t = (Form_pg_type) GETSTRUCT(tup);
		const char *name = NameStr(t->typname);

		/* a type of the extension's own: a scheme not on core's uuid */
		if (t->typnamespace == nsp)
			for (int i = 0; i < IDSCHEME_COUNT; i++)
				if (idschemes[i].uuid_version == 0 &&
					strcmp(name, idschemes[i].name) == 0)
					result = true;
		ReleaseSysCache(tup);
	}
	return result;
}

PG_FUNCTION_INFO_V1(idtypes_alter_column_type);
Datum
idtypes_alter_column_type(PG_FUNCTION_ARGS)
{
	EventTriggerData *trigdata;
	AlterTableStmt *stmt;
	Oid			nsp;
	Oid			relid = InvalidOid;
	ListCell   *lc;

	if (!CALLED_AS_EVENT_TRIGGER(fcinfo))
		ereport(ERROR,
				(errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
				 errmsg("idtypes_alter_column_type() can only be called as an event trigger")));
	trigdata = (EventTriggerData *) fcinfo->context;
	if (!IsA(trigdata->parsetree, AlterTableStmt))
		PG_RETURN_NULL();
	stmt = (AlterTableStmt *) trigdata->parsetree;
	/* the id types are in the schema of this function */
	nsp = get_func_namespace(fcinfo->flinfo->fn_oid);

	foreach(lc, stmt->cmds)
	{
		AlterTableCmd *cmd = (AlterTableCmd *) lfirst(lc);
		ColumnDef  *def;
		Oid			target;
		Oid			source;
		AttrNumber	attnum;

		if (cmd->subtype != AT_AlterColumnType)
			continue;
		def = (ColumnDef *) cmd->def;
		/* USING says how: the user's conversion */
		if (def == NULL || def->raw_default != NULL || def->typeName == NULL)
			continue;
		target = LookupTypeNameOid(NULL, def->typeName, true);
		if (!OidIsValid(target) || !is_id_type(element_of(target), nsp))
			continue;
		/* whatever ALTER TABLE will say about a missing table or column */
		if (!OidIsValid(relid))
			relid = RangeVarGetRelid(stmt->relation, NoLock, true);
		if (!OidIsValid(relid) || cmd->name == NULL ||
			(attnum = get_attnum(relid, cmd->name)) == InvalidAttrNumber)
			continue;
		source = element_of(get_atttype(relid, attnum));
		if (source != INT8OID && source != BYTEAOID && source != UUIDOID)
			continue;
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("column \"%s\" cannot be cast automatically to type %s",
						cmd->name, format_type_be(target)),
				 errdetail("The cast from %s into %s applies on assignment so that drivers can store their parameters, "
						   "but a change of a column's type would read every value's bits as an id.",
						   format_type_be(source), format_type_be(element_of(target))),
				 errhint("Say how with USING: \"USING %s::%s\" keeps the bits.",
						 quote_identifier(cmd->name), format_type_be(target))));
	}
	PG_RETURN_NULL();
}
