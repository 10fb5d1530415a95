/*-------------------------------------------------------------------------
 *
 * identity.c
 *	  idtypes_node_identity(): the node identity in effect, so that servers
 *	  that share one can be found with a query across them.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/identity.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/xlog.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"

#include "hlculid.h"
#include "muid.h"
#include "node.h"
#include "uid8.h"

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
	/* a row of type record: its descriptor registered, for whoever reads it */
	tupdesc = BlessTupleDesc(tupdesc);

	/*
	 * Automatic generator ids: each backend claims free ones, from all of
	 * them, or from its Citus group's share (see uid8gen.c).
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
	values[i++] = BoolGetDatum(node_preloaded);
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
