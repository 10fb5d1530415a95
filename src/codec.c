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
