/*-------------------------------------------------------------------------
 *
 * sql.c
 *	  Who may move the server-wide clocks, and how far: the settings that
 *	  govern every clock, idtypes_advance_clock() (a scheme's clock past a
 *	  time or an id, by hand) and idtypes_rewind_clock() (a clock back, the
 *	  way out of one moved too far).
 *
 * The clocks' reservations reach the WAL (wal.c), so a server that
 * replays another's WAL resumes above it.  Where no WAL carries them, an
 * administrator moves the clock instead: a logical dump restored into a
 * server that keeps generating with the old identity, a platform that does
 * not let idtypes' resource manager be loaded, a server whose clock is
 * behind the ids it holds for any other reason.  The function raises the
 * clock (never lowers it), and the new value is durable (state file, and
 * WAL where there is one) before it returns, as every reservation is.
 *
 * Every function that moves a clock (these, hlculid_observe()) is refused
 * to anyone but superusers and members of idtypes.clock_mover_role, and
 * takes a clock no further ahead of the system clock than
 * idtypes.clock_max_ahead for anyone but superusers: a clock never comes
 * back by itself, so one moved years ahead (or to the end of its range,
 * where it issues nothing) would stay there.  idtypes_rewind_clock(), for
 * superusers only, moves one clock back, and the WAL carries that to
 * standbys and crash recovery (wal.c).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock/sql.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/xlog.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/timestamp.h"

#include "compat.h"
#include "internal.h"

/* ---------- the settings of every clock ---------- */

/*
 * How far ahead of the system clock any clock may be moved by anyone but a
 * superuser, and the start's tolerance for a state file ahead of it.  Five
 * minutes by default: hlculid_observe()'s epsilon (idtypes.hlculid_max_drift
 * has the same default) and a restore's clocks a little ahead both fit.
 * At most a day: a clock further ahead issues ids dated in the future for
 * that long, and no legitimate skew between servers (a clock set in local
 * time instead of UTC is at most 14 hours off) needs more.  No "unlimited":
 * only a superuser goes further, on purpose.
 */
#define IDCLOCK_MAX_AHEAD_DEFAULT_MS	(5 * 60 * 1000)
#define IDCLOCK_MAX_AHEAD_MAX_MS		(24 * 60 * 60 * 1000)

int			idtypes_clock_max_ahead = IDCLOCK_MAX_AHEAD_DEFAULT_MS;
int			idtypes_debug_advance_pause = 0;
char	   *idtypes_clock_mover_role = NULL;

void
idclock_init(void)
{
	/*
	 * With shared_preload_libraries the clocks are the server's: a function
	 * that moves one moves it for every database, so only a role the
	 * superuser named may call it, not whoever created the extension in one
	 * database.
	 */
	DefineCustomStringVariable("idtypes.clock_mover_role",
							   "Role whose members may move the server-wide clocks (hlculid_observe(), idtypes_advance_clock()); empty: superusers only.",
							   "With shared_preload_libraries the clocks are shared by every database of the server. "
							   "Without it, hlculid_observe() moves only the calling backend's clock and this is not checked.",
							   &idtypes_clock_mover_role,
							   "",
							   PGC_SIGHUP,
							   0,
							   NULL, NULL, NULL);
	DefineCustomIntVariable("idtypes.clock_max_ahead",
							"How far ahead of the system clock a clock may be moved by anyone but a superuser.",
							"Every function that moves a clock obeys it, whatever a scheme's settings say; "
							"the start warns about a state file further ahead (plus the reservation window).",
							&idtypes_clock_max_ahead,
							IDCLOCK_MAX_AHEAD_DEFAULT_MS, 0, IDCLOCK_MAX_AHEAD_MAX_MS,
							PGC_SIGHUP,
							GUC_UNIT_MS,
							NULL, NULL, NULL);
	DefineCustomIntVariable("idtypes.debug_advance_pause",
							"For tests: a pause of every advance of a shared clock between reading it and swapping in the next value.",
							"Widens the window that the compare-and-swap closes.  Never set it in production.",
							&idtypes_debug_advance_pause,
							0, 0, 10000,
							PGC_SUSET,
							GUC_UNIT_MS | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE,
							NULL, NULL, NULL);
}

/* clock.h: idtypes.debug_advance_pause; the whole pause, whatever signal
 * cuts a sleep short */
void
idclock_debug_pause(void)
{
	TimestampTz until = GetCurrentTimestamp() + (TimestampTz) idtypes_debug_advance_pause * 1000;
	TimestampTz now;

	while ((now = GetCurrentTimestamp()) < until)
		pg_usleep((long) (until - now));
}

/* ---------- who may move a clock, and how far ---------- */

void
idclock_check_mover(IdSchemeId id, const char *detail)
{
	const char *rolename = idtypes_clock_mover_role;
	Oid			role;

	/* a backend's own clock is nobody else's */
	if (!idclock_is_shared() || superuser())
		return;
	role = (rolename != NULL && rolename[0] != '\0') ? get_role_oid(rolename, true) : InvalidOid;
	if (!OidIsValid(role) || !has_privs_of_role(GetUserId(), role))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to move the server-wide %s clock", idschemes[id].name),
				 errdetail("%s", detail),
				 errhint("Only superusers and members of the role named by idtypes.clock_mover_role (%s) may call it.",
						 OidIsValid(role) ? rolename : "not set")));
}

void
idclock_check_ahead(IdSchemeId id, uint64 word, const char *function)
{
	const IdScheme *s = &idschemes[id];
	int64		ns = idclock_ns_of_word(id, word);
	int64		ahead_ns = ns - idclock_now_ns();
	int64		limit_ns = (int64) idtypes_clock_max_ahead * INT64CONST(1000000);

	if (ahead_ns <= limit_ns)
		return;
	if (superuser())
	{
		ereport(WARNING,
				(errmsg("the %s clock is moved " INT64_FORMAT " s ahead of this server's clock", s->name,
						ahead_ns / INT64CONST(1000000000)),
				 errdetail("Every %s id generated from now on carries a time at least that far ahead, until the system clock passes %s; "
						   "idtypes.clock_max_ahead allows others " INT64_FORMAT " ms.",
						   s->label, timestamptz_to_str(idscheme_ns_to_timestamptz(ns)), (int64) idtypes_clock_max_ahead),
				 errhint("If that was a mistake, idtypes_rewind_clock('%s', ...) moves the clock back.", s->name)));
		return;
	}
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("%s cannot move the %s clock that far ahead of this server's clock", function, s->name),
			 errdetail("The target is %s, " INT64_FORMAT " s ahead; idtypes.clock_max_ahead allows " INT64_FORMAT " ms, "
					   "and only a superuser may move a clock further.",
					   timestamptz_to_str(idscheme_ns_to_timestamptz(ns)), ahead_ns / INT64CONST(1000000000),
					   (int64) idtypes_clock_max_ahead),
			 errhint("A clock never comes back by itself: every later %s id would carry that time.  "
					 "If this server's clock is wrong, correct it first.", s->label)));
}

/*
 * A clock moved to word can still generate for a day (the longest
 * idtypes.clock_max_ahead) before the end of its scheme's range or of the
 * clocks' count (2262): else 22008, for function.
 */
void
idclock_check_room(IdSchemeId id, uint64 word, const char *function)
{
	const IdScheme *s = &idschemes[id];
	int64		ns = idclock_ns_of_word(id, word);

	if (ns <= IDCLOCK_LAST_SEC * IDSCHEME_NS_PER_SEC - IDSCHEME_NS_PER_DAY &&
		idscheme_tick_at_ns(ns + IDSCHEME_NS_PER_DAY, s) < (int64) idscheme_tick_max(s))
		return;
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("%s cannot move the %s clock to %s", function, s->name,
					timestamptz_to_str(idscheme_ns_to_timestamptz(Min(ns, IDCLOCK_LAST_SEC * IDSCHEME_NS_PER_SEC)))),
			 errdetail("The clock would be within a day of the end of its range, and could generate no more %s ids.",
					   s->label)));
}

/* ---------- moving a clock by hand ---------- */

/* The time of the clock's last value, as the functions return it. */
static Datum
clock_time(IdSchemeId id)
{
	return TimestampTzGetDatum(idscheme_ns_to_timestamptz(idclock_ns_of_word(id, idclock_last(id))));
}

void
idclock_check_shared(const char *function)
{
	if (!idclock_is_shared())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s needs idtypes in shared_preload_libraries", function),
				 errdetail("Without it every backend has a clock of its own, which starts from the system clock: "
						   "there is no server-wide clock to move."),
				 errhint("Add idtypes to shared_preload_libraries and restart the server.")));
}

/*
 * Raise clock id to word (so that its next value is above it), after the
 * checks every call makes: shared clocks, the caller's right, and how far
 * ahead of this server's clock the word is.
 */
Datum
idclock_advance_to_word(IdSchemeId id, uint64 word)
{
	idclock_check_shared("idtypes_advance_clock()");
	idclock_check_mover(id, "idtypes_advance_clock() moves a clock of every database of this server.");
	idclock_check_ahead(id, word, "idtypes_advance_clock()");
	idclock_move(id, word);
	return clock_time(id);
}

/*
 * The clocks of src/scheme.h for a hint, "a, b and c": their names, or with
 * uuid_versions the UUID versions that have one.
 */
char *
idclock_names(bool uuid_versions)
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

/* The clock of a scheme's name (one of src/scheme.h's), or an error. */
static IdSchemeId
clock_by_name(text *scheme)
{
	char	   *name = text_to_cstring(scheme);

	for (int i = 0; i < IDSCHEME_COUNT; i++)
		if (strcmp(name, idschemes[i].name) == 0)
			return (IdSchemeId) i;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown idtypes clock \"%s\"", name),
			 errhint("The clocks are %s.", idclock_names(false))));
	pg_unreachable();
}

/*
 * The word whose ids all have a time after t (the end of t's microsecond:
 * an id of a finer scheme whose timestamptz is t is passed too), for
 * idtypes_advance_clock() and idtypes_rewind_clock(); 0 before 1970 (and
 * so before every epoch but the UUIDv6's: nothing to pass).  what says what
 * the function does with the clock, for the errors.
 */
static uint64
word_past(IdSchemeId id, TimestampTz t, const char *what)
{
	const IdScheme *s = &idschemes[id];
	int64		ns;
	int64		ticks;

	if (TIMESTAMP_NOT_FINITE(t))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("cannot move the %s clock %s an infinite time", s->name, what)));
	if (t < -IDSCHEME_UNIX_TO_PG_USECS)
		return 0;
	/* the clocks count nanoseconds since 1970 in 64 bits: up to 2262 */
	if (t >= idscheme_ns_to_timestamptz((IDCLOCK_LAST_SEC + 1) * IDSCHEME_NS_PER_SEC))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("cannot move the %s clock %s %s", s->name, what, pstrdup(timestamptz_to_str(t))),
				 errdetail("The clocks reach no further than %s.",
						   timestamptz_to_str(idscheme_ns_to_timestamptz(IDCLOCK_LAST_SEC * IDSCHEME_NS_PER_SEC)))));

	/*
	 * the last nanosecond of t's microsecond, in ticks, then the end of that
	 * tick
	 */
	ns = idscheme_timestamptz_to_ns(t) + 999;
	ticks = idscheme_tick_at_ns(ns, s);
	if (ticks >= (int64) idscheme_tick_max(s))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("cannot move the %s clock %s %s", s->name, what, timestamptz_to_str(t)),
				 errdetail("No %s id can hold a later time.", s->label)));
	return (((uint64) ticks + 1) << s->counter_bits) - 1;
}

/* word_past() for the clocks moved past the ids stored (src/stored.c) */
uint64
idclock_word_past(IdSchemeId id, TimestampTz t)
{
	return word_past(id, t, "past");
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
	IdSchemeId	id = clock_by_name(PG_GETARG_TEXT_PP(0));

	PG_RETURN_DATUM(idclock_advance_to_word(id, word_past(id, PG_GETARG_TIMESTAMPTZ(1), "past")));
}

/*
 * idtypes_advance_clock(past <type>) of each type (the per-type templates:
 * byteid.h's BYTEID_TIME_FUNCTIONS, uid8.c, uuid.c): the scheme's clock past
 * an id's time t, so that every id of the scheme generated afterwards has a
 * later time than it (the end of its microsecond, or of its tick when that
 * is longer), and sorts after it.
 */
Datum
idclock_advance_past(IdSchemeId id, TimestampTz t)
{
	return idclock_advance_to_word(id, word_past(id, t, "past"));
}

/*
 * idtypes_rewind_clock(scheme text, past timestamptz): the way out of a
 * clock moved too far ahead (or to the end of its range, where it issues
 * nothing): moves that one clock back, so that the ids it generates
 * afterwards have a time just after past, and keeps every other clock where
 * it is.  For superusers only, on a primary: the state file and the WAL
 * record make it durable before it returns, and standbys and crash recovery
 * follow the record (wal.c).
 *
 * What it gives up, which doc/operations.md spells out: the ids made while
 * the clock was ahead sort above the new ones, and the new ones could meet
 * them again once the clock reaches their time.  What it refuses: a past
 * before the system clock plus idtypes.clock_max_ahead, up to which any
 * mover could have issued ids, so that the new ids sort above every id
 * issued before the clock was moved out of that bound; and a clock that is
 * not ahead of past (nothing to move back).
 */
PG_FUNCTION_INFO_V1(idtypes_rewind_clock);
Datum
idtypes_rewind_clock(PG_FUNCTION_ARGS)
{
	IdSchemeId	id = clock_by_name(PG_GETARG_TEXT_PP(0));
	TimestampTz past = PG_GETARG_TIMESTAMPTZ(1);
	const IdScheme *s = &idschemes[id];
	int64		floor_ns;
	uint64		word;
	uint64		last;

	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to move the %s clock back", s->name),
				 errdetail("Only a superuser may move a clock back: the ids made while it was ahead sort above the new ones.")));
	idclock_check_shared("idtypes_rewind_clock()");
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("cannot move the %s clock back during recovery", s->name),
				 errdetail("A standby's clocks follow its primary's WAL."),
				 errhint("Move it back on the primary: its standbys follow.")));
	word = word_past(id, past, "back to");

	/* up to here any mover may have issued ids: never below it */
	floor_ns = idclock_now_ns() + (int64) idtypes_clock_max_ahead * INT64CONST(1000000);
	if (past < -IDSCHEME_UNIX_TO_PG_USECS ||
		idscheme_timestamptz_to_ns(past) < floor_ns)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot move the %s clock back to %s", s->name, timestamptz_to_str(past)),
				 errdetail("A clock is moved back no further than the system clock plus idtypes.clock_max_ahead (%s): "
						   "up to there ids may have been issued by any member of idtypes.clock_mover_role, and new ones could repeat them.",
						   timestamptz_to_str(idscheme_ns_to_timestamptz(floor_ns))),
				 errhint("Choose a time after the last %s id issued before the clock went too far ahead.", s->label)));
	last = idclock_last(id);
	if (word >= last)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the %s clock is not ahead of %s", s->name, timestamptz_to_str(past)),
				 errdetail("It stands at %s: there is nothing to move back.",
						   timestamptz_to_str(idscheme_ns_to_timestamptz(idclock_ns_of_word(id, last)))),
				 errhint("idtypes_advance_clock() moves a clock forward.")));
	idclock_rewind(id, word);
	PG_RETURN_DATUM(clock_time(id));
}
