/*-------------------------------------------------------------------------
 *
 * hlculid.c
 *	  The hlculid type: 16-byte ids of a hybrid logical clock (a millisecond
 *	  timestamp and a logical counter), the publisher that made it, and 48
 *	  random bits (HLC-ULID).
 *
 * Bytes 0-5 are the milliseconds since the Unix epoch, 6-7 the counter, 8-9
 * the publisher and 10-15 the entropy, all big-endian, so byte order is
 * (time, counter, publisher, entropy) order.  Comparison, sorting, hashing,
 * binary I/O and bytea casts are the shared idtypes_byteid16_* functions.  The text
 * form is the 26-digit Crockford base32 of ULID.
 *
 * Generation is a hybrid logical clock.  Its state, (ms, counter), is
 * exactly the first 8 bytes of an id read as one integer, ms << 16 |
 * counter, so the HLC send rule -- (now, 0) if the wall clock is ahead of
 * the last issued (ms, counter), else (last ms, last counter + 1), and on
 * counter overflow (last ms + 1, 0) -- is idclock_next(now_ms << 16): the
 * carry out of the counter is the step to the next millisecond.  The
 * receive rule, hlculid_observe(), raises the clock to an observed id, so
 * that every id generated afterwards sorts after it.  With
 * shared_preload_libraries the clock is the server's, lock-free and
 * persisted ahead of use (clock/clock.c); without, each backend has its own and
 * the 48 random bits keep backends apart.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/hlculid.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <unistd.h>

#include "access/xlog.h"
#include "miscadmin.h"
#include "port/pg_crc32c.h"
#include "postmaster/postmaster.h"
#include "utils/acl.h"
#include "utils/guc.h"
#include "utils/timestamp.h"

#include "byteid.h"
#include "clock/clock.h"
#include "codec.h"
#include "compat.h"
#include "hlculid.h"
#include "node.h"
#include "random.h"

/* the time of an hlculid (scheme.h) */
static const IdScheme *const hlculid_scheme = &idschemes[IDSCHEME_HLCULID];

static inline hlculid *
hlculid_build(uint64 ts, uint32 counter, uint32 publisher, uint64 entropy)
{
	hlculid    *h = palloc(sizeof(hlculid));

	codec_put_be(h->data, ts << HLCULID_COUNTER_BITS | counter, HLCULID_CLOCK_BYTES);
	codec_put_be(h->data + HLCULID_PUBLISHER_OFF, publisher, HLCULID_PUBLISHER_LEN);
	codec_put_be(h->data + HLCULID_ENTROPY_OFF, entropy, HLCULID_ENTROPY_LEN);
	return h;
}

static inline uint64
hlculid_clock_of(const hlculid *h)
{
	return codec_get_be(h->data, HLCULID_CLOCK_BYTES);
}

/* ---------- I/O ---------- */

/*
 * Input: the 26-digit Crockford base32 of ULID (any case, I and L read as 1,
 * O as 0; the first digit at most 7, since 26 digits hold 130 bits), the
 * dashed hex of the HLC-ULID proposal TTTTTTTTTTTT-CCCC-PPPP-RRRRRRRRRRRR, or
 * 32 hex digits.  The three are told apart by their length.
 */
PG_FUNCTION_INFO_V1(hlculid_in);
Datum
hlculid_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	static const int plain[] = {32};
	static const int dashed[] = {12, 4, 4, 12};
	hlculid    *result = palloc(sizeof(hlculid));
	size_t		len = strlen(str);
	bool		ok;

	switch (len)
	{
		case CODEC_BASE32_CHARS(HLCULID_LEN):
			ok = codec_base32_decode(result->data, HLCULID_LEN, str, len);
			break;
		case 32:
			ok = codec_hex_decode_groups(result->data, HLCULID_LEN, str, plain, 1);
			break;
		case 35:
			ok = codec_hex_decode_groups(result->data, HLCULID_LEN, str, dashed, 4);
			break;
		default:
			ok = false;
			break;
	}
	if (!ok)
		BYTEID_RETURN_BAD_TEXT(fcinfo, "hlculid", str,
							   "An hlculid is 26 Crockford base32 digits (the first at most 7), "
							   "32 hexadecimal digits, or 12, 4, 4 and 12 hexadecimal digits separated by dashes.");
	PG_RETURN_HLCULID_P(result);
}

PG_FUNCTION_INFO_V1(hlculid_out);
Datum
hlculid_out(PG_FUNCTION_ARGS)
{
	hlculid    *h = PG_GETARG_HLCULID_P(0);
	char	   *result = palloc(CODEC_BASE32_CHARS(HLCULID_LEN) + 1);

	codec_base32_encode(result, h->data, HLCULID_LEN);
	result[CODEC_BASE32_CHARS(HLCULID_LEN)] = '\0';
	PG_RETURN_CSTRING(result);
}

/* ---------- time: comparisons with timestamptz, extraction, bins, bounds ---------- */

BYTEID_TIME_FUNCTIONS(hlculid, hlculid_scheme)

/* ---------- settings ---------- */

int			idtypes_publisher_id = -1;

/*
 * The HLC's epsilon by default: 5 minutes, what a fleet whose clocks are
 * kept by NTP never reaches; the limit of every clock move
 * (idtypes.clock_max_ahead) has the same default.
 */
#define HLCULID_MAX_DRIFT_DEFAULT_MS	(5 * 60 * 1000)

int			idtypes_hlculid_max_drift = HLCULID_MAX_DRIFT_DEFAULT_MS;

void
hlculid_init(void)
{
	/*
	 * Node identity is configuration, not something an ordinary session may
	 * change: PGC_SIGHUP, set in postgresql.conf or with ALTER SYSTEM.
	 */
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
	 * like the clock it protects.  -1 leaves only the limit of every clock
	 * move (idtypes.clock_max_ahead, clock/sql.c), which binds every role but
	 * superusers.
	 */
	DefineCustomIntVariable("idtypes.hlculid_max_drift",
							"How far ahead of this server's clock hlculid_observe() accepts an id; -1: no limit of its own.",
							"An id further ahead is refused, so that one id from a broken clock cannot drag "
							"every later id of this server into the future.  Whatever it says, only superusers "
							"move a clock further ahead than idtypes.clock_max_ahead.",
							&idtypes_hlculid_max_drift,
							HLCULID_MAX_DRIFT_DEFAULT_MS, -1, INT_MAX,
							PGC_SIGHUP,
							GUC_UNIT_MS,
							NULL, NULL, NULL);
}

/* ---------- generation ---------- */

/* This server's automatic publisher, once computed (-1 before). */
static int32 auto_publisher = -1;

/*
 * The automatic publisher: the CRC-32C of the text "host:port:sysid" (the
 * host name, the server's port, and the system identifier that initdb gave
 * the cluster), folded to 16 bits as (crc >> 16) ^ (crc & 0xFFFF).  Every
 * backend computes the same value, and it stays the same across restarts;
 * two clusters on one host differ by port and system identifier.
 */
static uint32
hlculid_auto_publisher(void)
{
	if (auto_publisher < 0)
	{
		char		host[256];
		char		buf[384];
		int			len;
		pg_crc32c	crc;

		if (gethostname(host, sizeof(host)) != 0)
			host[0] = '\0';
		host[sizeof(host) - 1] = '\0';
		len = snprintf(buf, sizeof(buf), "%s:%d:" UINT64_FORMAT,
					   host, PostPortNumber, GetSystemIdentifier());
		len = Min(len, (int) sizeof(buf) - 1);
		INIT_CRC32C(crc);
		COMP_CRC32C(crc, buf, len);
		FIN_CRC32C(crc);
		auto_publisher = (int32) ((crc >> (8 * HLCULID_PUBLISHER_LEN)) ^ (crc & HLCULID_PUBLISHER_MAX));
	}
	return (uint32) auto_publisher;
}

/*
 * A configured publisher needs no shared memory: the publisher only tells
 * where an id came from, and backends that share one are kept apart by the
 * 48 random bits, as independent publishers of the proposal are.
 */
uint32
hlculid_node_publisher(void)
{
	if (idtypes_publisher_id >= 0)
		return (uint32) idtypes_publisher_id;
	return hlculid_auto_publisher();
}

/* The wall clock in milliseconds since the Unix epoch, as a clock floor. */
static inline uint64
hlculid_now_floor(void)
{
	int64		now_ms = idscheme_tick_at_ns(idclock_now_ns(), hlculid_scheme);

	/* before 1970 the logical clock simply goes on from its last value */
	if (now_ms < 0)
		return 0;
	if ((uint64) now_ms > HLCULID_TS_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is beyond the range of type hlculid")));

	/*
	 * Without shared memory every backend runs a clock of its own, so two
	 * backends often issue the same (ms, counter), and only the random bits
	 * keep their ids apart.  Starting each new millisecond's counter at a
	 * random value below 2^15 (leaving half the counter to count up) makes
	 * such coincidences rare without changing the order of a backend's ids.
	 */
	if (!idclock_is_shared())
	{
		uint16		r;

		idrandom_bytes(&r, sizeof(r));
		return (uint64) now_ms << HLCULID_COUNTER_BITS | (r & (HLCULID_COUNTER_MAX >> 1));
	}
	return (uint64) now_ms << HLCULID_COUNTER_BITS;
}

PG_FUNCTION_INFO_V1(idtypes_gen_hlculid);
Datum
idtypes_gen_hlculid(PG_FUNCTION_ARGS)
{
	uint32		publisher = hlculid_node_publisher();
	uint64		clock = idclock_next(IDSCHEME_HLCULID, hlculid_now_floor());

	/* 48 of 64 random bits: idrandom_u64() is the fast path */
	PG_RETURN_HLCULID_P(hlculid_build(clock >> HLCULID_COUNTER_BITS,
									  (uint32) (clock & HLCULID_COUNTER_MAX), publisher,
									  idrandom_u64() & HLCULID_ENTROPY_MAX));
}

/*
 * The receive rule of the hybrid logical clock: raise this node's clock to
 * the observed id's (ms, counter), so that the next id generated here gets
 * at least (ms, counter + 1) and sorts after it.  An id further ahead of the
 * wall clock than idtypes.hlculid_max_drift is refused rather than merged,
 * because the clock never comes back from the future; and, whatever that
 * says, one further ahead than idtypes.clock_max_ahead unless the caller is
 * a superuser.
 */
PG_FUNCTION_INFO_V1(hlculid_observe);
Datum
hlculid_observe(PG_FUNCTION_ARGS)
{
	hlculid    *h = PG_GETARG_HLCULID_P(0);
	uint64		clock = hlculid_clock_of(h);

	/* the shared clock is every database's (idclock_check_mover()) */
	idclock_check_mover(IDSCHEME_HLCULID,
						"hlculid_observe() moves the hybrid logical clock of every database of this server.");
	if (idtypes_hlculid_max_drift >= 0)
	{
		int64		now_ms = idscheme_tick_at_ns(idclock_now_ns(), hlculid_scheme);
		int64		ahead = (int64) (clock >> HLCULID_COUNTER_BITS) - now_ms;

		if (ahead > idtypes_hlculid_max_drift)
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("hlculid is too far ahead of this server's clock"),
					 errdetail("Its time is %s, " INT64_FORMAT " ms ahead; idtypes.hlculid_max_drift allows %d ms.",
							   timestamptz_to_str(idscheme_tick_to_timestamptz(clock >> HLCULID_COUNTER_BITS, hlculid_scheme)),
							   ahead, idtypes_hlculid_max_drift),
					 errhint("Check the clock of the node that made it.  If that clock is right, raise idtypes.hlculid_max_drift.")));
	}
	/* whatever the drift allows: every clock move's limit */
	idclock_check_ahead(IDSCHEME_HLCULID, clock, "hlculid_observe()");
	idclock_observe(IDSCHEME_HLCULID, clock);
	PG_RETURN_VOID();
}

/* ---------- extraction and construction ---------- */

PG_FUNCTION_INFO_V1(hlculid_counter);
Datum
hlculid_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) (hlculid_clock_of(PG_GETARG_HLCULID_P(0)) & HLCULID_COUNTER_MAX));
}

PG_FUNCTION_INFO_V1(hlculid_publisher);
Datum
hlculid_publisher(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) codec_get_be(PG_GETARG_HLCULID_P(0)->data + HLCULID_PUBLISHER_OFF,
										 HLCULID_PUBLISHER_LEN));
}

PG_FUNCTION_INFO_V1(hlculid_entropy);
Datum
hlculid_entropy(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) codec_get_be(PG_GETARG_HLCULID_P(0)->data + HLCULID_ENTROPY_OFF,
										 HLCULID_ENTROPY_LEN));
}

PG_FUNCTION_INFO_V1(hlculid_from_parts);
Datum
hlculid_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ts = idscheme_tick_of_timestamptz(PG_GETARG_TIMESTAMPTZ(0), hlculid_scheme, false);
	int32		counter = PG_GETARG_INT32(1);
	int32		publisher = PG_GETARG_INT32(2);
	int64		entropy = PG_GETARG_INT64(3);

	byteid_check_part(hlculid_scheme, "counter", "A counter", counter, HLCULID_COUNTER_MAX);
	byteid_check_part(hlculid_scheme, "publisher", "A publisher", publisher, HLCULID_PUBLISHER_MAX);
	byteid_check_part(hlculid_scheme, "entropy", "The entropy", entropy, HLCULID_ENTROPY_MAX);
	PG_RETURN_HLCULID_P(hlculid_build(ts, (uint32) counter, (uint32) publisher, (uint64) entropy));
}
