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
