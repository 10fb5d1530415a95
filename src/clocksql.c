/*-------------------------------------------------------------------------
 *
 * clocksql.c
 *	  idtypes_advance_clock(): move a scheme's server-wide clock past a time
 *	  or an id, by hand.
 *
 * The clocks' reservations reach the WAL (clockwal.c), so a server that
 * replays another's WAL resumes above it.  Where no WAL carries them, an
 * administrator moves the clock instead: a logical dump restored into a
 * server that keeps generating with the old identity, a platform that does
 * not let idtypes' resource manager be loaded, a server whose clock is
 * behind the ids it holds for any other reason.  The function raises the
 * clock (never lowers it), and the new value is durable (state file, and
 * WAL where there is one) before it returns, as every reservation is.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clocksql.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "fmgr.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "clock.h"
#include "compat.h"
#include "hlculid.h"
#include "node.h"
#include "uuid.h"

/* Microseconds from the Unix epoch to PostgreSQL's (2000-01-01). */
#define UNIX_TO_PG_USECS	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

static TimestampTz
timestamptz_of_ns(int64 ns)
{
	return ns / 1000 - UNIX_TO_PG_USECS;
}

/* The time of the clock's last value, as the function returns it. */
static Datum
clock_time(IdSchemeId id)
{
	return TimestampTzGetDatum(timestamptz_of_ns(idclock_ns_of_word(id, idclock_last(id))));
}

/*
 * Raise clock id to word (so that its next value is above it), after the
 * checks every call makes: shared clocks, the caller's right, and how far
 * ahead of this server's clock the word is (ns, its time).
 */
static Datum
advance_to(IdSchemeId id, uint64 word, int64 ns)
{
	const IdScheme *s = &idschemes[id];
	int64		limit_ms = Max(idtypes_hlculid_max_drift, IDCLOCK_FUTURE_MIN_MS);
	int64		ahead_ns = ns - idclock_now_ns();

	if (!idclock_is_shared())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("idtypes_advance_clock() needs idtypes in shared_preload_libraries"),
				 errdetail("Without it every backend has a clock of its own, which starts from the system clock: "
						   "there is no server-wide clock to move."),
				 errhint("Add idtypes to shared_preload_libraries and restart the server.")));
	node_check_clock_mover(s->name,
						   "idtypes_advance_clock() moves a clock of every database of this server.");
	if (ahead_ns > limit_ms * INT64CONST(1000000))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("cannot move the %s clock that far ahead of this server's clock", s->name),
				 errdetail("The target is %s, " INT64_FORMAT " s ahead; a clock may be moved at most " INT64_FORMAT
						   " s ahead (idtypes.hlculid_max_drift, at least %d s).",
						   timestamptz_to_str(timestamptz_of_ns(ns)), ahead_ns / INT64CONST(1000000000),
						   limit_ms / 1000, IDCLOCK_FUTURE_MIN_MS / 1000),
				 errhint("A clock never comes back: every later %s id would carry that time.  "
						 "If this server's clock is wrong, correct it first.", s->label)));
	idclock_move(id, word);
	return clock_time(id);
}

/*
 * The clocks of src/scheme.h for a hint, "a, b and c": their names, or with
 * uuid_versions the UUID versions that have one.
 */
static char *
clock_list(bool uuid_versions)
{
	StringInfoData list;
	int			total = 0;
	int			n = 0;

	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (!uuid_versions || idschemes[i].uuid_version != 0)
			total++;
	initStringInfo(&list);
	for (int i = 0; i < IDSCHEME_COUNT; i++)
	{
		if (uuid_versions && idschemes[i].uuid_version == 0)
			continue;
		appendStringInfoString(&list, n == 0 ? "" : n == total - 1 ? " and " : ", ");
		if (uuid_versions)
			appendStringInfo(&list, "%d", idschemes[i].uuid_version);
		else
			appendStringInfoString(&list, idschemes[i].name);
		n++;
	}
	return list.data;
}

/*
 * idtypes_advance_clock(scheme text, past timestamptz): every id the scheme
 * generates afterwards has a time after past (the end of its microsecond:
 * an id of a finer scheme whose timestamptz is past is passed too).  The
 * scheme is a clock's name, one of src/scheme.h's.
 */
PG_FUNCTION_INFO_V1(idtypes_advance_clock);
Datum
idtypes_advance_clock(PG_FUNCTION_ARGS)
{
	char	   *name = text_to_cstring(PG_GETARG_TEXT_PP(0));
	TimestampTz past = PG_GETARG_TIMESTAMPTZ(1);
	int			id = -1;
	const IdScheme *s;
	int64		ns;
	int64		ticks;

	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (strcmp(name, idschemes[i].name) == 0)
			id = i;
	if (id < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown idtypes clock \"%s\"", name),
				 errhint("The clocks are %s.", clock_list(false))));
	s = &idschemes[id];
	if (TIMESTAMP_NOT_FINITE(past))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("cannot move the %s clock past an infinite time", s->name)));

	/*
	 * before 1970 (and so before every epoch but the UUIDv6's): nothing to
	 * pass
	 */
	if (past < -UNIX_TO_PG_USECS)
		PG_RETURN_DATUM(advance_to(id, 0, 0));

	/*
	 * the last nanosecond of past's microsecond, in ticks, then the end of
	 * that tick
	 */
	ns = (past + UNIX_TO_PG_USECS) * 1000 + 999;
	ticks = idclock_ticks_at(id, ns);
	if (ticks >= (int64) idscheme_tick_max(s))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("cannot move the %s clock past %s", s->name, timestamptz_to_str(past)),
				 errdetail("No %s id can hold a later time.", s->label)));
	PG_RETURN_DATUM(advance_to(id, (((uint64) ticks + 1) << s->counter_bits) - 1, ns));
}

/*
 * idtypes_advance_clock(past uuid): the clock of the UUID's version (6, 7
 * or 8) past the UUID itself, so that every UUID of that version generated
 * afterwards sorts after it.
 */
PG_FUNCTION_INFO_V1(idtypes_advance_clock_uuid);
Datum
idtypes_advance_clock_uuid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);
	int			version = uuid_version_of(u);
	int			id = -1;
	uint64		word;

	/* the UUID versions with a clock, from src/scheme.h */
	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (idschemes[i].uuid_version != 0 && idschemes[i].uuid_version == version)
			id = i;
	if (id < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a UUID of version %d has no idtypes clock", version),
				 errhint("idtypes has clocks for UUID versions %s; "
						 "for a time, call idtypes_advance_clock(scheme, timestamptz).",
						 clock_list(true))));
	if (!uuid_is_rfc_variant(u))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("UUID is not of the RFC 9562 variant"),
				 errdetail("Its version bits say %d, but only a UUID of the RFC 9562 variant has a time in them.", version)));
	/* the 60-bit tick field is the clock word of all three (scheme.h) */
	word = uuid_time_hi_tick(uuid_get_hi(u));
	PG_RETURN_DATUM(advance_to(id, word, idclock_ns_of_word(id, word)));
}

/*
 * idtypes_advance_clock(past muid), and hlculid, uid8, tid62: the scheme's
 * clock past the id's time (the end of its microsecond, or of its tick when
 * that is longer), so that every id of the scheme generated afterwards has
 * a later time than it, and sorts after it (uid8: in time-sequential mode).
 */
#define ADVANCE_CLOCK_PAST_ID(type, scheme) \
extern PGDLLEXPORT Datum type##_timestamp(PG_FUNCTION_ARGS); \
PG_FUNCTION_INFO_V1(idtypes_advance_clock_##type); \
Datum \
idtypes_advance_clock_##type(PG_FUNCTION_ARGS) \
{ \
	Datum		ts = DirectFunctionCall1(type##_timestamp, PG_GETARG_DATUM(0)); \
\
	return DirectFunctionCall2(idtypes_advance_clock, \
							   CStringGetTextDatum(scheme), ts); \
}

ADVANCE_CLOCK_PAST_ID(muid, "muid")
ADVANCE_CLOCK_PAST_ID(hlculid, "hlculid")
ADVANCE_CLOCK_PAST_ID(uid8, "uid8")
ADVANCE_CLOCK_PAST_ID(tid62, "tid62")
