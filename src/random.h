/*-------------------------------------------------------------------------
 *
 * random.h
 *	  Cryptographically strong random bytes for the generators, buffered.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/random.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_RANDOM_H
#define IDTYPES_RANDOM_H

#include "miscadmin.h"

/*
 * The buffer (random.c), exported for idrandom_u64(), which is inline in
 * the generators: 8 bytes are one load, one store and a test, not a call.
 * 64 kB: OpenSSL's generator costs a quarter less per byte in requests of
 * 64 kB than of 4 kB (about 4 instructions a byte against 5.5), and its
 * refill is most of what 8 random bytes cost.
 */
#define IDRANDOM_BUFSIZE 65536

extern uint8 idrandom_buf[IDRANDOM_BUFSIZE];
extern int	idrandom_pos;
extern int	idrandom_owner;
extern void idrandom_refill(void);

static inline bool
idrandom_available(size_t len)
{
	return idrandom_owner == MyProcPid && idrandom_pos + len <= IDRANDOM_BUFSIZE;
}

extern void idrandom_bytes(void *dst, size_t len);

/*
 * The generators' usual request, 8 bytes: with a constant size the copy and
 * the wipe are one load and one store each, not two library calls (which
 * cost more than the rest of a UUIDv7).
 */
static inline uint64
idrandom_u64(void)
{
	uint64		v;

	if (unlikely(!idrandom_available(sizeof(v))))
		idrandom_refill();
	memcpy(&v, idrandom_buf + idrandom_pos, sizeof(v));
	memset(idrandom_buf + idrandom_pos, 0, sizeof(v));
	idrandom_pos += sizeof(v);
	return v;
}

#endif							/* IDTYPES_RANDOM_H */
