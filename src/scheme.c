/*-------------------------------------------------------------------------
 *
 * scheme.c
 *	  idtypes_schemes(): the table of the schemes (scheme.h) as SQL sees it.
 *
 * The one list of the schemes reaches SQL here: the regression files and
 * the tests that cover every scheme iterate over this function instead of
 * naming the schemes, so that a new scheme is its own files and its entry
 * in scheme.h.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/scheme.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "compat.h"
#include "scheme.h"

#define IDSCHEMES_COLUMNS	14

/*
 * The 22008 of a time outside a scheme's range.  The range ends with the
 * last microsecond of the last tick (a millisecond's 999th, say).
 */
pg_noreturn static void
out_of_range(const IdScheme *s)
{
	int64		tick_usec = (s->tick_ns + 999) / 1000;
	TimestampTz last = idscheme_tick_to_timestamptz(idscheme_tick_max(s), s);

	last += tick_usec - 1;

	/* (timestamptz_to_str() returns a static buffer: both are copied) */
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range for %s%s", s->uuid_version ? "" : "type ", s->label),
			 errdetail("A %s holds times from %s to %s.", s->label,
					   pstrdup(timestamptz_to_str(idscheme_epoch(s))),
					   pstrdup(timestamptz_to_str(last)))));
}

/*
 * In range: a microsecond that holds (part of) a tick of the scheme.  The
 * first test keeps the conversion to ticks from overflowing far past the
 * range.
 */
uint64
idscheme_usec_in_range(TimestampTz t, const IdScheme *s)
{
	uint64		usec = 0;
	uint64		last = idscheme_usec_of_tick(idscheme_tick_max(s), s);

	if (idscheme_usec_since_epoch(t, s, &usec) != 0 ||
		usec > last + (uint64) (s->tick_ns + 999) / 1000 ||
		idscheme_tick_at_usec(usec, s, false) > idscheme_tick_max(s))
		out_of_range(s);
	return usec;
}

uint64
idscheme_tick_of_timestamptz(TimestampTz t, const IdScheme *s, bool round_up)
{
	uint64		tick = idscheme_tick_at_usec(idscheme_usec_in_range(t, s), s, round_up);

	/* rounded up past the last tick: no id of the scheme is that late */
	if (tick > idscheme_tick_max(s))
		out_of_range(s);
	return tick;
}

static Datum
text_or_null(const char *s, bool *isnull)
{
	*isnull = s == NULL;
	return s == NULL ? (Datum) 0 : CStringGetTextDatum(s);
}

/* "<name>_<what>": the functions every scheme has by rule */
static Datum
function_of(const IdScheme *s, const char *what)
{
	return CStringGetTextDatum(psprintf("%s_%s", s->name, what));
}

/*
 * One row per scheme, in the canonical order: its name (that of its clock),
 * label, SQL type, width in bytes, UUID version (NULL but for UUIDs), tick
 * in nanoseconds, the time of its first and of its last tick, and its SQL
 * functions.
 */
PG_FUNCTION_INFO_V1(idtypes_schemes);
Datum
idtypes_schemes(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;

	InitMaterializedSRF(fcinfo, 0);
	if (rsinfo->setDesc->natts != IDSCHEMES_COLUMNS)
		elog(ERROR, "idtypes_schemes() returns %d columns, the module expects %d: "
			 "the extension's SQL script and its module do not match",
			 rsinfo->setDesc->natts, IDSCHEMES_COLUMNS);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		const IdScheme *s = &idschemes[i];
		Datum		values[IDSCHEMES_COLUMNS];
		bool		nulls[IDSCHEMES_COLUMNS] = {0};
		int			n = 0;

		values[n++] = CStringGetTextDatum(s->name);
		values[n++] = CStringGetTextDatum(s->label);
		values[n++] = CStringGetTextDatum(s->type);
		values[n++] = Int32GetDatum(s->len);
		nulls[n] = s->uuid_version == 0;
		values[n++] = Int32GetDatum(s->uuid_version);
		values[n++] = Int64GetDatum(s->tick_ns);
		values[n++] = TimestampTzGetDatum(idscheme_epoch(s));
		values[n++] = TimestampTzGetDatum(idscheme_tick_to_timestamptz(idscheme_tick_max(s), s));
		values[n++] = CStringGetTextDatum(s->generator);
		values[n++] = CStringGetTextDatum(s->timestamp_fn);
		values[n++] = function_of(s, "floor");
		values[n++] = function_of(s, "ceil");
		values[n++] = function_of(s, "safe_bound");
		values[n] = text_or_null(s->date_bin_fn, &nulls[n]);
		n++;
		Assert(n == IDSCHEMES_COLUMNS);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
