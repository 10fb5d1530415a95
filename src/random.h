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

extern void idrandom_bytes(void *dst, size_t len);
extern uint64 idrandom_u64(void);

#endif							/* IDTYPES_RANDOM_H */
