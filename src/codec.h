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

/* Hexadecimal: 2 * n digits for n bytes. */
extern void codec_hex_encode(char *dst, const uint8 *src, int n, bool upper);

/*
 * Decode hex digits (any case) into dst[0 .. nbytes - 1].  The digits come
 * in ngroups groups of groups[i] digits separated by one '-', adding up to
 * 2 * nbytes digits; the whole string must be consumed.
 */
extern bool codec_hex_decode_groups(uint8 *dst, int nbytes, const char *src,
									const int *groups, int ngroups);

/* Big-endian integers of 1 to 8 bytes. */
static inline uint64
codec_get_be(const uint8 *p, int n)
{
	uint64		v = 0;

	for (int i = 0; i < n; i++)
		v = (v << 8) | p[i];
	return v;
}

static inline void
codec_put_be(uint8 *p, uint64 v, int n)
{
	for (int i = n - 1; i >= 0; i--)
	{
		p[i] = (uint8) v;
		v >>= 8;
	}
}

#endif							/* IDTYPES_CODEC_H */
