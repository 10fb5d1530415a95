/*-------------------------------------------------------------------------
 *
 * tid62.c
 *	  The tid62 type, SimpleDB's recommended id: 12 bytes of uint32 seconds
 *	  since 2020-01-01T00:00:00Z and 8 bytes of entropy, written as 17
 *	  base62 digits, and ids prefixed with a name ("{prefix}-{tid62}").
 *	  The SimpleDB specification's other text ids are in simpledb.c.
 *
 * The bytes are big-endian, so byte order is time order, whatever the
 * collation (a base62 text column sorts differently under a linguistic
 * collation than under "C").  Comparison, sorting, hashing, binary I/O and
 * bytea casts are the shared idtypes_byteid12_* functions.
 *
 * Generation: the specification asks for 8 random bytes after the second.
 * Fully random bytes would scatter the ids of one second over that second's
 * whole key range, so B-tree inserts would split pages in the middle.  Here
 * the first 4 entropy bytes are instead a per-second counter that starts at
 * a random value below 2^31 and advances by a random step of 1 to 256 per
 * id, and only the last 4 are random per id: ids increase in generation
 * order (server-wide with shared_preload_libraries, through the tid62
 * clock, whose word is seconds << 32 | counter), inserts land at the right
 * edge of the index, and an id is still unguessable from the previous one.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/tid62.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "byteid.h"
#include "clock/clock.h"
#include "codec.h"
#include "compat.h"
#include "random.h"
#include "tid62.h"

/* the time of a tid62 (scheme.h) */
static const IdScheme *const tid62_scheme = &idschemes[IDSCHEME_TID62];

static inline tid62 *
tid62_build(uint32 seconds, const uint8 *entropy)
{
	tid62	   *t = palloc(sizeof(tid62));

	codec_put_be(t->data, seconds, TID62_TS_LEN);
	memcpy(t->data + TID62_TS_LEN, entropy, TID62_ENTROPY_LEN);
	return t;
}

static void
tid62_encode(char *dst, const tid62 *t)
{
	codec_base62_encode96(dst, t->data);
}

/* ---------- I/O ---------- */

PG_FUNCTION_INFO_V1(tid62_in);
Datum
tid62_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	tid62	   *result = palloc(sizeof(tid62));

	switch (codec_base62_decode96(result->data, str, strlen(str)))
	{
		case CODEC_BASE62_OK:
			break;
		case CODEC_BASE62_BAD_SYNTAX:
			BYTEID_RETURN_BAD_TEXT(fcinfo, "tid62", str,
								   "A tid62 is 17 base62 digits (0-9, A-Z, a-z).");
		case CODEC_BASE62_OVERFLOW:
			BYTEID_RETURN_BAD_TEXT(fcinfo, "tid62", str,
								   "The value does not fit in 96 bits: the largest tid62 is 1f2SI9UJPXvb7vdJ1.");
	}
	PG_RETURN_TID62_P(result);
}

PG_FUNCTION_INFO_V1(tid62_out);
Datum
tid62_out(PG_FUNCTION_ARGS)
{
	tid62	   *t = PG_GETARG_TID62_P(0);
	char	   *result = palloc(CODEC_BASE62_96_LEN + 1);

	tid62_encode(result, t);
	result[CODEC_BASE62_96_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

/* ---------- time: comparisons with timestamptz, extraction, bins, bounds ---------- */

BYTEID_TIME_FUNCTIONS(tid62, tid62_scheme)

/* ---------- generation ---------- */

/*
 * What one id needs from the clock, drawn before the compare-and-swap loop
 * because the step may run several times.  The start of a new second's
 * counter is drawn only when the step asks for it (once a second on a busy
 * server): the step then refuses and says so in needs_start, the only thing
 * it writes, and the caller draws it and advances again.
 */
typedef struct Tid62Step
{
	uint64		now;			/* seconds since 2020 */
	uint32		start;			/* counter at a new second, below 2^31 */
	uint32		step;			/* counter increment, 1 to 256 */
	bool		has_start;		/* start has been drawn */
	bool		needs_start;	/* set by the step: draw start and retry */
} Tid62Step;

/*
 * The clock word is seconds << counter_bits | counter.  A new second starts the
 * counter at a random value; within a second (or while the system clock is
 * behind the last id) the counter advances by the random step; when it would
 * pass TID62_COUNTER_MAX the id moves to the next second, so the word never
 * wraps and never goes back.  Returns 0 (refused) when the counter of the
 * last second, in 2156, is used up (tid62_generate() refuses a later system
 * clock before the step runs), and when it needs the start of a new second's
 * counter that has not been drawn yet.
 */
static inline uint64
tid62_step(uint64 last, void *arg)
{
	Tid62Step  *s = (Tid62Step *) arg;
	uint64		seconds = last >> TID62_COUNTER_BITS;
	uint64		counter = last & TID62_COUNTER_MAX;

	if (s->now <= seconds && counter + s->step <= TID62_COUNTER_MAX)
		return last + s->step;
	if (s->now <= seconds && seconds >= TID62_SECONDS_MAX)
		return 0;
	if (!s->has_start)
	{
		s->needs_start = true;
		return 0;
	}
	if (s->now > seconds)
		return s->now << TID62_COUNTER_BITS | s->start;
	return (seconds + 1) << TID62_COUNTER_BITS | s->start;
}

static tid62 *
tid62_generate(void)
{
	Tid62Step	s;

	/* the step (8 bits) and the last 4 entropy bytes (the top 32 bits) */
	uint64		r = idrandom_u64();
	int64		ticks = idscheme_tick_at_ns(idclock_now_ns(), tid62_scheme);
	uint64		word;
	uint8		entropy[TID62_ENTROPY_LEN];

	/*
	 * A system clock before 2020 (a reset real-time clock, say) counts as
	 * 2020: the ids then carry on from the clock's last word, as every other
	 * scheme does.  Past 2156 generation fails here: the seconds are taken
	 * whole (not from the clock word, whose 32 bits of seconds would wrap
	 * back to 2020).
	 */
	s.now = (uint64) Min(Max(ticks, 0), (int64) TID62_SECONDS_MAX + 1);
	if (unlikely(s.now > TID62_SECONDS_MAX))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is beyond the range of type tid62"),
				 errdetail("A tid62 holds times up to 2156-02-07 06:28:15+00.")));
	s.step = (uint32) (r & 0xFF) + 1;
	s.has_start = false;
	s.needs_start = false;

	word = idclock_advance(IDSCHEME_TID62, tid62_step, &s);
	if (unlikely(word == 0 && s.needs_start))
	{
		s.start = (uint32) (idrandom_u64() & (TID62_COUNTER_MAX >> 1));
		s.has_start = true;
		word = idclock_advance(IDSCHEME_TID62, tid62_step, &s);
	}
	if (word == 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("tid62 clock exhausted"),
				 errdetail("Every tid62 of the last second a tid62 can hold, 2156-02-07 06:28:15+00, has been issued.")));

	codec_put_be(entropy, word & TID62_COUNTER_MAX, TID62_COUNTER_LEN);
	/* the 32 random bits of r that the step did not take */
	codec_put_be(entropy + TID62_COUNTER_LEN, r >> 32, TID62_ENTROPY_LEN - TID62_COUNTER_LEN);
	return tid62_build((uint32) (word >> TID62_COUNTER_BITS), entropy);
}

PG_FUNCTION_INFO_V1(idtypes_gen_tid62);
Datum
idtypes_gen_tid62(PG_FUNCTION_ARGS)
{
	PG_RETURN_TID62_P(tid62_generate());
}

/* ---------- extraction and construction ---------- */

PG_FUNCTION_INFO_V1(tid62_entropy);
Datum
tid62_entropy(PG_FUNCTION_ARGS)
{
	tid62	   *t = PG_GETARG_TID62_P(0);
	bytea	   *result = palloc(VARHDRSZ + TID62_ENTROPY_LEN);

	SET_VARSIZE(result, VARHDRSZ + TID62_ENTROPY_LEN);
	memcpy(VARDATA(result), t->data + TID62_TS_LEN, TID62_ENTROPY_LEN);
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(tid62_from_parts);
Datum
tid62_from_parts(PG_FUNCTION_ARGS)
{
	uint64		seconds = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), tid62_scheme, false);
	bytea	   *entropy = PG_GETARG_BYTEA_PP(1);

	if (VARSIZE_ANY_EXHDR(entropy) != TID62_ENTROPY_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("tid62 entropy must be %d bytes, not %d",
						TID62_ENTROPY_LEN, (int) VARSIZE_ANY_EXHDR(entropy))));
	PG_RETURN_TID62_P(tid62_build((uint32) seconds, (const uint8 *) VARDATA_ANY(entropy)));
}

/* ---------- prefixed ids ---------- */

/*
 * A prefix is one or more segments of [A-Za-z0-9_] separated by single
 * dashes ("user", "user42-order"): SimpleDB's id characters, with the dash
 * kept as the separator, so that splitting a prefixed id on dashes gives
 * non-empty segments and the last one is the tid62.
 */
static bool
tid62_prefix_is_valid(const char *s, int len)
{
	if (len == 0 || s[0] == '-' || s[len - 1] == '-')
		return false;
	for (int i = 0; i < len; i++)
	{
		char		c = s[i];

		if (c == '-')
		{
			if (s[i - 1] == '-')
				return false;
		}
		else if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
				   (c >= 'a' && c <= 'z') || c == '_'))
			return false;
	}
	return true;
}

static void
tid62_check_prefix(text *prefix)
{
	if (!tid62_prefix_is_valid(VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix)))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid tid62 prefix: \"%s\"", text_to_cstring(prefix)),
				 errdetail("A prefix is letters, digits and underscores, in one or more segments separated by single dashes.")));
}

/* prefix, '-', the id's 17 digits */
static text *
tid62_prefixed_text(text *prefix, const tid62 *t)
{
	int			plen = VARSIZE_ANY_EXHDR(prefix);
	int			len = plen + 1 + CODEC_BASE62_96_LEN;
	text	   *result = palloc(VARHDRSZ + len);
	char	   *p = VARDATA(result);

	SET_VARSIZE(result, VARHDRSZ + len);
	memcpy(p, VARDATA_ANY(prefix), plen);
	p[plen] = '-';
	tid62_encode(p + plen + 1, t);
	return result;
}

PG_FUNCTION_INFO_V1(tid62_prefixed);
Datum
tid62_prefixed(PG_FUNCTION_ARGS)
{
	text	   *prefix = PG_GETARG_TEXT_PP(0);

	tid62_check_prefix(prefix);
	PG_RETURN_TEXT_P(tid62_prefixed_text(prefix, PG_GETARG_TID62_P(1)));
}

PG_FUNCTION_INFO_V1(idtypes_gen_tid62_prefixed);
Datum
idtypes_gen_tid62_prefixed(PG_FUNCTION_ARGS)
{
	text	   *prefix = PG_GETARG_TEXT_PP(0);

	/* before spending an id on it */
	tid62_check_prefix(prefix);
	PG_RETURN_TEXT_P(tid62_prefixed_text(prefix, tid62_generate()));
}

/*
 * tid62_split(text) -> (prefix text, id tid62): the tid62 is the last 17
 * characters, and the prefix what comes before the dash in front of them
 * (NULL for a bare tid62).
 */
PG_FUNCTION_INFO_V1(tid62_split);
Datum
tid62_split(PG_FUNCTION_ARGS)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);
	const char *s = VARDATA_ANY(arg);
	int			len = VARSIZE_ANY_EXHDR(arg);
	int			plen = len - CODEC_BASE62_96_LEN - 1;
	TupleDesc	tupdesc;
	Datum		values[2];
	bool		nulls[2] = {false, false};
	tid62	   *id = palloc(sizeof(tid62));

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");

	if (!((len == CODEC_BASE62_96_LEN ||
		   (plen > 0 && s[plen] == '-' && tid62_prefix_is_valid(s, plen))) &&
		  codec_base62_decode96(id->data, s + len - CODEC_BASE62_96_LEN,
								CODEC_BASE62_96_LEN) == CODEC_BASE62_OK))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for a prefixed tid62: \"%s\"", text_to_cstring(arg)),
				 errdetail("A prefixed tid62 is a prefix (letters, digits and underscores, in segments separated by single dashes), a dash and a tid62 of 17 base62 digits.")));

	if (len == CODEC_BASE62_96_LEN)
		nulls[0] = true;
	else
		values[0] = PointerGetDatum(cstring_to_text_with_len(s, plen));
	values[1] = Tid62PGetDatum(id);
	tupdesc = BlessTupleDesc(tupdesc);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}
