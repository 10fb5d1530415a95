/*-------------------------------------------------------------------------
 *
 * simpledb.c
 *	  The SimpleDB specification's text ids besides tid62: uuid464 (a uuid's
 *	  16 bytes in unpadded base64url), seq10 and seq36 (zero-padded decimal
 *	  and base-36 ordinals).  Its id character rule is the simpledb_id
 *	  domain, in SQL alone; tid62 and prefixed ids are in tid62.c.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/simpledb.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/builtins.h"
#include "utils/uuid.h"

#include "codec.h"
#include "compat.h"
#include "random.h"

/* ---------- uuid464 ---------- */

#define UUID464_LEN		CODEC_BASE64URL_LEN(UUID_LEN)	/* 22 */

static text *
uuid464_text(const pg_uuid_t *u)
{
	text	   *result = palloc(VARHDRSZ + UUID464_LEN);

	SET_VARSIZE(result, VARHDRSZ + UUID464_LEN);
	codec_base64url_encode(VARDATA(result), u->data, UUID_LEN);
	return result;
}

PG_FUNCTION_INFO_V1(idtypes_uuid464);
Datum
idtypes_uuid464(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(uuid464_text(PG_GETARG_UUID_P(0)));
}

PG_FUNCTION_INFO_V1(idtypes_uuid464_decode);
Datum
idtypes_uuid464_decode(PG_FUNCTION_ARGS)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	if (!codec_base64url_decode(result->data, UUID_LEN, VARDATA_ANY(arg), VARSIZE_ANY_EXHDR(arg)))
	{
		const char *detail;

		/*
		 * 22 base64url characters that still fail: the last one sets unused
		 * bits
		 */
		if (VARSIZE_ANY_EXHDR(arg) == UUID464_LEN &&
			codec_base64url_all_digits(VARDATA_ANY(arg), UUID464_LEN))
			detail = "The last character of a uuid464 is one of A, Q, g and w: the other characters leave unused bits set, and each uuid has one uuid464.";
		else
			detail = "A uuid464 is 22 base64url characters (A-Z, a-z, 0-9, - and _), without padding.";
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for uuid464: \"%s\"", text_to_cstring(arg)),
				 errdetail_internal("%s", detail)));
	}
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(idtypes_gen_uuid464);
Datum
idtypes_gen_uuid464(PG_FUNCTION_ARGS)
{
	pg_uuid_t	u;

	/* a random (version 4) uuid, RFC 9562 section 5.4 */
	idrandom_bytes(u.data, UUID_LEN);
	u.data[6] = (u.data[6] & 0x0F) | 0x40;
	u.data[8] = (u.data[8] & 0x3F) | 0x80;
	PG_RETURN_TEXT_P(uuid464_text(&u));
}

/* ---------- seq10, seq36 ---------- */

/* An ordinal as exactly width digits of base; 22003 if it does not fit. */
static text *
seq_text(const char *name, int64 v, int base, int width, const char *max)
{
	text	   *result = palloc(VARHDRSZ + width);

	SET_VARSIZE(result, VARHDRSZ + width);
	if (v < 0 || !codec_uint_encode(VARDATA(result), (uint64) v, base, width))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value " INT64_FORMAT " is out of range for %s", v, name),
				 errdetail("%s takes integers from 0 to %s.", name, max)));
	return result;
}

PG_FUNCTION_INFO_V1(idtypes_seq10);
Datum
idtypes_seq10(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(seq_text("seq10", PG_GETARG_INT64(0), 10, 10, "9999999999"));
}

PG_FUNCTION_INFO_V1(idtypes_seq36);
Datum
idtypes_seq36(PG_FUNCTION_ARGS)
{
	/* 36^7 - 1 = 78364164095, "zzzzzzz" */
	PG_RETURN_TEXT_P(seq_text("seq36", PG_GETARG_INT64(0), 36, 7, "78364164095 (zzzzzzz)"));
}
