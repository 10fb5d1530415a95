/*-------------------------------------------------------------------------
 *
 * random.c
 *	  Cryptographically strong random bytes for the generators, buffered.
 *
 * Every byte comes from pg_strong_random() (OpenSSL's CSPRNG or the
 * kernel's), but it is fetched a few kilobytes at a time: one call per id
 * would cost more than the rest of the id.  The buffer belongs to one
 * process: a process that finds it filled by another (its parent, before a
 * fork) throws it away, so two backends never hand out the same bytes.
 * Bytes are wiped as they are handed out.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/random.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "miscadmin.h"

#include "random.h"

#define IDRANDOM_BUFSIZE 4096

static uint8 random_buf[IDRANDOM_BUFSIZE];
static int	random_pos = IDRANDOM_BUFSIZE;
static int	random_owner = 0;		/* MyProcPid of the process that filled it */

static void
strong_random(void *dst, size_t len)
{
	if (!pg_strong_random(dst, len))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
}

/* Refill the buffer: it is used up, or another process filled it (a fork). */
static void
random_refill(void)
{
	strong_random(random_buf, IDRANDOM_BUFSIZE);
	random_pos = 0;
	random_owner = MyProcPid;
}

static inline bool
random_available(size_t len)
{
	return random_owner == MyProcPid && random_pos + len <= IDRANDOM_BUFSIZE;
}

void
idrandom_bytes(void *dst, size_t len)
{
	if (unlikely(len > IDRANDOM_BUFSIZE / 4))
	{
		strong_random(dst, len);
		return;
	}
	if (unlikely(!random_available(len)))
		random_refill();
	memcpy(dst, random_buf + random_pos, len);
	memset(random_buf + random_pos, 0, len);
	random_pos += len;
}

/*
 * The generators' usual request, 8 bytes: with a constant size the copy and
 * the wipe are one load and one store each, not two library calls (which
 * cost more than the rest of a UUIDv7).
 */
uint64
idrandom_u64(void)
{
	uint64		v;

	if (unlikely(!random_available(sizeof(v))))
		random_refill();
	memcpy(&v, random_buf + random_pos, sizeof(v));
	memset(random_buf + random_pos, 0, sizeof(v));
	random_pos += sizeof(v);
	return v;
}
