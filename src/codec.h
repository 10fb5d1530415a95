/*-------------------------------------------------------------------------
 *
 * codec.h
 *	  Text encodings of identifiers, table-driven and allocation-free.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/codec.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_CODEC_H
#define IDTYPES_CODEC_H

#include "port/pg_bswap.h"

/* Hexadecimal: 2 * n digits for n bytes. */
extern void codec_hex_encode(char *dst, const uint8 *src, int n, bool upper);

/*
 * Decode hex digits (any case) into dst[0 .. nbytes - 1].  The digits come
 * in ngroups groups of groups[i] digits separated by one '-', adding up to
 * 2 * nbytes digits; the whole string must be consumed.
 */
extern bool codec_hex_decode_groups(uint8 *dst, int nbytes, const char *src,
									const int *groups, int ngroups);

/*
 * Base62 (0-9, A-Z, a-z) of a 96-bit big-endian value (tid62): exactly
 * CODEC_BASE62_96_LEN digits, zero-padded.  Decoding takes exactly that many
 * digits and fails on anything else, or on a value of 2^96 or more.
 */
#define CODEC_BASE62_96_LEN 17

typedef enum CodecBase62Result
{
	CODEC_BASE62_OK,
	CODEC_BASE62_BAD_SYNTAX,	/* wrong length or a character not a digit */
	CODEC_BASE62_OVERFLOW		/* 17 digits, but 2^96 or more */
} CodecBase62Result;

extern void codec_base62_encode96(char *dst, const uint8 *src);
extern CodecBase62Result codec_base62_decode96(uint8 *dst, const char *src, size_t len);

/*
 * Unpadded base64url (RFC 4648 section 5) of n bytes: (4 * n + 2) / 3
 * digits.  Decoding takes exactly that many digits for nbytes and accepts
 * only the canonical form: no padding, no '+' or '/', and the unused low
 * bits of the last digit zero, so that each byte string has one text.
 */
#define CODEC_BASE64URL_LEN(n)	((4 * (n) + 2) / 3)

extern void codec_base64url_encode(char *dst, const uint8 *src, int n);
extern bool codec_base64url_decode(uint8 *dst, int nbytes, const char *src, int len);

/* Whether all len characters are base64url digits (to tell why decoding failed). */
extern bool codec_base64url_all_digits(const char *src, int len);

/*
 * An unsigned integer in base 10 or 36 (lowercase), zero-padded to exactly
 * width digits; false if it needs more.
 */
extern bool codec_uint_encode(char *dst, uint64 v, int base, int width);

/*
 * Crockford base32 (the ULID text form): n bytes, read as one big-endian
 * unsigned integer, in CODEC_BASE32_CHARS(n) digits of the alphabet
 * 0-9 A-Z without I, L, O and U; the unused high bits of the first digit
 * are zero (16 bytes: 26 digits, the first at most '7').
 */
#define CODEC_BASE32_CHARS(nbytes)	(((nbytes) * 8 + 4) / 5)

/* Uppercase, CODEC_BASE32_CHARS(n) characters, no terminator. */
extern void codec_base32_encode(char *dst, const uint8 *src, int n);

/*
 * Decode exactly CODEC_BASE32_CHARS(nbytes) digits (len is the length of
 * src), in either case, reading I and L as 1 and O as 0 as Crockford
 * specifies.  False for any other character, a wrong length, or a value
 * that needs more than 8 * nbytes bits.
 */
extern bool codec_base32_decode(uint8 *dst, int nbytes, const char *src, size_t len);

/*
 * Big-endian integers of 1 to 8 bytes.  One byte swap and one copy of n
 * bytes, which for the constant n of every caller is a load or a store or
 * two: the generators store two of these per id.
 */
static inline uint64
codec_get_be(const uint8 *p, int n)
{
	uint64		be = 0;

	Assert(n >= 1 && n <= 8);
	memcpy(&be, p, n);
	return pg_ntoh64(be) >> (64 - 8 * n);
}

static inline void
codec_put_be(uint8 *p, uint64 v, int n)
{
	uint64		be;

	Assert(n >= 1 && n <= 8);
	be = pg_hton64(v << (64 - 8 * n));
	memcpy(p, &be, n);
}

#endif							/* IDTYPES_CODEC_H */
