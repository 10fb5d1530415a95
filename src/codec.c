/*-------------------------------------------------------------------------
 *
 * codec.c
 *	  Text encodings of identifiers, table-driven and allocation-free.
 *
 * These run once per value in COPY, so they avoid snprintf, per-digit
 * branches and allocation: a lookup table each way.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/codec.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "codec.h"

static const char hex_upper[] = "0123456789ABCDEF";
static const char hex_lower[] = "0123456789abcdef";

/* digit value of each byte, or -1 */
static const int8 hex_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

void
codec_hex_encode(char *dst, const uint8 *src, int n, bool upper)
{
	const char *digits = upper ? hex_upper : hex_lower;

	for (int i = 0; i < n; i++)
	{
		dst[2 * i] = digits[src[i] >> 4];
		dst[2 * i + 1] = digits[src[i] & 0x0F];
	}
}

bool
codec_hex_decode_groups(uint8 *dst, int nbytes, const char *src,
						const int *groups, int ngroups)
{
	int			nibble = 0;

	memset(dst, 0, nbytes);
	for (int g = 0; g < ngroups; g++)
	{
		if (g > 0 && *src++ != '-')
			return false;
		for (int i = 0; i < groups[g]; i++)
		{
			int			v = hex_value[(unsigned char) *src];

			/* also stops at the terminating NUL */
			if (v < 0 || nibble >= 2 * nbytes)
				return false;
			dst[nibble >> 1] |= (nibble & 1) ? v : v << 4;
			nibble++;
			src++;
		}
	}
	return nibble == 2 * nbytes && *src == '\0';
}

/* ---------- base62, 96 bits (tid62) ---------- */

static const char base62_digits[] =
"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* digit value of each byte, or -1 */
static const int8 base62_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, -1, -1, -1, -1, -1,
	-1, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
	51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

/*
 * 62^5 is below 2^30, so a 5-digit group fits in 32 bits and a remainder
 * shifted by 32 bits still fits in 64: the 96-bit value is divided as three
 * 32-bit limbs, with the 64-bit divisions by a constant that the compiler
 * turns into multiplications.  Three rounds give 15 digits and leave a value
 * below 2^96 / 62^15 < 103, the first two digits.  (One 128-bit division by
 * 62^10 is a library call, __udivti3, and measured twice as slow.)
 */
#define BASE62_POW5		UINT64CONST(916132832)	/* 62^5 */
#define BASE62_POW2		3844	/* 62^2 */

/* the two digits of each value below 62^2, built on first use */
static char base62_pairs[BASE62_POW2][2];
static bool base62_pairs_ready = false;

static void
base62_build_pairs(void)
{
	for (int i = 0; i < BASE62_POW2; i++)
	{
		base62_pairs[i][0] = base62_digits[i / 62];
		base62_pairs[i][1] = base62_digits[i % 62];
	}
	base62_pairs_ready = true;
}

void
codec_base62_encode96(char *dst, const uint8 *src)
{
	uint32		limb[3];
	char	   *p = dst + CODEC_BASE62_96_LEN;

	if (unlikely(!base62_pairs_ready))
		base62_build_pairs();

	for (int i = 0; i < 3; i++)
		limb[i] = (uint32) codec_get_be(src + 4 * i, 4);

	for (int round = 0; round < 3; round++)
	{
		uint64		rem = 0;
		uint32		group;

		/* limb / 62^5, carrying the remainder into the next limb */
		for (int i = 0; i < 3; i++)
		{
			uint64		cur = rem << 32 | limb[i];

			limb[i] = (uint32) (cur / BASE62_POW5);
			rem = cur % BASE62_POW5;
		}
		/* the group's five digits: two pairs and one digit */
		group = (uint32) rem;
		p -= 2;
		memcpy(p, base62_pairs[group % BASE62_POW2], 2);
		group /= BASE62_POW2;
		p -= 2;
		memcpy(p, base62_pairs[group % BASE62_POW2], 2);
		*--p = base62_digits[group / BASE62_POW2];
	}
	/* what is left is below 103 (limb[0] and limb[1] are zero) */
	p -= 2;
	memcpy(p, base62_pairs[limb[2]], 2);
}

/* Five digits as a number below 62^5; negative if one is not a digit. */
static inline int32
base62_group5(const char *s)
{
	int32		v = 0;
	int32		bad = 0;

	for (int i = 0; i < 5; i++)
	{
		int32		d = base62_value[(unsigned char) s[i]];

		bad |= d;
		v = v * 62 + d;
	}
	return bad < 0 ? -1 : v;
}

CodecBase62Result
codec_base62_decode96(uint8 *dst, const char *src, size_t len)
{
	int32		d0,
				d1;
	int32		g1,
				g2,
				g3;
	uint64		x,
				t,
				hi,
				carry;
	uint32		lo;

	if (len != CODEC_BASE62_96_LEN)
		return CODEC_BASE62_BAD_SYNTAX;
	d0 = base62_value[(unsigned char) src[0]];
	d1 = base62_value[(unsigned char) src[1]];
	g1 = base62_group5(src + 2);
	g2 = base62_group5(src + 7);
	g3 = base62_group5(src + 12);
	if ((d0 | d1) < 0 || g1 < 0 || g2 < 0 || g3 < 0)
		return CODEC_BASE62_BAD_SYNTAX;

	/*
	 * value = ((d0 * 62 + d1) * 62^5 + g1) * 62^5 + g2) * 62^5 + g3.  The
	 * first seven digits fit in 64 bits; the last two multiply-accumulate
	 * steps keep the value as (hi << 32 | lo), and the value fits in 96 bits
	 * exactly when hi fits in 64.
	 */
	x = ((uint64) (d0 * 62 + d1)) * BASE62_POW5 + (uint64) g1;	/* < 62^7 < 2^43 */

	t = (x & 0xFFFFFFFF) * BASE62_POW5 + (uint64) g2;
	lo = (uint32) t;
	hi = (x >> 32) * BASE62_POW5 + (t >> 32);	/* < 2^41 */

	t = (uint64) lo * BASE62_POW5 + (uint64) g3;
	lo = (uint32) t;
	carry = t >> 32;
	if (hi > PG_UINT64_MAX / BASE62_POW5)
		return CODEC_BASE62_OVERFLOW;
	hi *= BASE62_POW5;
	if (hi > PG_UINT64_MAX - carry)
		return CODEC_BASE62_OVERFLOW;
	hi += carry;

	codec_put_be(dst, hi, 8);
	codec_put_be(dst + 8, lo, 4);
	return CODEC_BASE62_OK;
}

/* ---------- base64url (uuid464) ---------- */

static const char base64url_digits[] =
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* digit value of each byte, or -1 */
static const int8 base64url_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 62, -1, -1,
	52, 53, 54, 55, 56, 57, 58, 59, 60, 61, -1, -1, -1, -1, -1, -1,
	-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
	15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, -1, -1, -1, -1, 63,
	-1, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
	41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

void
codec_base64url_encode(char *dst, const uint8 *src, int n)
{
	int			i = 0;

	for (; i + 3 <= n; i += 3)
	{
		uint32		w = (uint32) src[i] << 16 | (uint32) src[i + 1] << 8 | src[i + 2];

		*dst++ = base64url_digits[w >> 18];
		*dst++ = base64url_digits[(w >> 12) & 0x3F];
		*dst++ = base64url_digits[(w >> 6) & 0x3F];
		*dst++ = base64url_digits[w & 0x3F];
	}
	if (n - i == 1)
	{
		*dst++ = base64url_digits[src[i] >> 2];
		*dst++ = base64url_digits[(src[i] & 0x03) << 4];
	}
	else if (n - i == 2)
	{
		uint32		w = (uint32) src[i] << 8 | src[i + 1];

		*dst++ = base64url_digits[w >> 10];
		*dst++ = base64url_digits[(w >> 4) & 0x3F];
		*dst++ = base64url_digits[(w & 0x0F) << 2];
	}
}

bool
codec_base64url_decode(uint8 *dst, int nbytes, const char *src, int len)
{
	uint32		acc = 0;
	int			bits = 0;
	int			out = 0;

	if (len != CODEC_BASE64URL_LEN(nbytes))
		return false;
	for (int i = 0; i < len; i++)
	{
		int			v = base64url_value[(unsigned char) src[i]];

		if (v < 0)
			return false;
		acc = (acc << 6) | (uint32) v;
		bits += 6;
		if (bits >= 8)
		{
			bits -= 8;
			dst[out++] = (uint8) (acc >> bits);
		}
	}
	/* canonical: the bits left over after the last byte are zero */
	return (acc & ((1U << bits) - 1)) == 0;
}

bool
codec_base64url_all_digits(const char *src, int len)
{
	for (int i = 0; i < len; i++)
		if (base64url_value[(unsigned char) src[i]] < 0)
			return false;
	return true;
}

/* ---------- zero-padded integers (seq10, seq36) ---------- */

static const char base36_digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

bool
codec_uint_encode(char *dst, uint64 v, int base, int width)
{
	Assert(base >= 2 && base <= 36);
	for (int i = width - 1; i >= 0; i--)
	{
		dst[i] = base36_digits[v % base];
		v /= base;
	}
	return v == 0;
}

/*
 * Crockford base32.  Both directions walk the digits from the least
 * significant end with a small bit accumulator, so any byte count works and
 * the padding bits land in the first digit, as ULID specifies.
 */
static const char base32_digits[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/* digit value of each byte, or -1: either case, I and L read as 1, O as 0 */
static const int8 base32_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
	22, 23, 24, 25, 26, -1, 27, 28, 29, 30, 31, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
	22, 23, 24, 25, 26, -1, 27, 28, 29, 30, 31, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

void
codec_base32_encode(char *dst, const uint8 *src, int n)
{
	uint32		acc = 0;		/* bits not yet emitted, lowest first */
	int			bits = 0;
	int			si = n - 1;

	for (int i = CODEC_BASE32_CHARS(n) - 1; i >= 0; i--)
	{
		if (bits < 5 && si >= 0)
		{
			acc |= (uint32) src[si--] << bits;
			bits += 8;
		}
		dst[i] = base32_digits[acc & 0x1F];
		acc >>= 5;
		bits -= 5;
	}
}

bool
codec_base32_decode(uint8 *dst, int nbytes, const char *src, size_t len)
{
	uint32		acc = 0;		/* bits not yet stored, lowest first */
	int			bits = 0;
	int			di = nbytes - 1;

	if (len != (size_t) CODEC_BASE32_CHARS(nbytes))
		return false;
	for (int i = (int) len - 1; i >= 0; i--)
	{
		int			v = base32_value[(unsigned char) src[i]];

		if (v < 0)
			return false;
		acc |= (uint32) v << bits;
		bits += 5;
		if (bits >= 8)
		{
			/* 5 * CODEC_BASE32_CHARS(n) < 8 * n + 8: never past dst[0] */
			dst[di--] = (uint8) acc;
			acc >>= 8;
			bits -= 8;
		}
	}
	/* the first digit's high bits beyond 8 * nbytes must be zero */
	return di < 0 && acc == 0;
}
