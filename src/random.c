/*-------------------------------------------------------------------------
 *
 * random.c
 *	  Cryptographically strong random bytes for the generators, buffered.
 *
 * Every byte comes from pg_strong_random() (OpenSSL's CSPRNG or the
 * kernel's), but it is fetched 64 kB at a time: one call per id
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

uint8		idrandom_buf[IDRANDOM_BUFSIZE];
int			idrandom_pos = IDRANDOM_BUFSIZE;
int			idrandom_owner = 0; /* MyProcPid of the process that filled it */

static void
strong_random(void *dst, size_t len)
{
	if (!pg_strong_random(dst, len))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
}

/* Refill the buffer: it is used up, or another process filled it (a fork). */
void
idrandom_refill(void)
{
	strong_random(idrandom_buf, IDRANDOM_BUFSIZE);
	idrandom_pos = 0;
	idrandom_owner = MyProcPid;
}

void
idrandom_bytes(void *dst, size_t len)
{
	if (unlikely(len > IDRANDOM_BUFSIZE / 4))
	{
		strong_random(dst, len);
		return;
	}
	if (unlikely(!idrandom_available(len)))
		idrandom_refill();
	memcpy(dst, idrandom_buf + idrandom_pos, len);
	memset(idrandom_buf + idrandom_pos, 0, len);
	idrandom_pos += len;
}
