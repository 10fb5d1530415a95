/*-------------------------------------------------------------------------
 *
 * uuid.h
 *	  UUIDv6, v7 and v8 (RFC 9562; v8 as the draft-02 recipe) on PostgreSQL's
 *	  own uuid type.
 *
 * There is no new type: the values are core uuids, so pg_uuid_t and its
 * DatumGetUUIDP / PG_GETARG_UUID_P / PG_RETURN_UUID_P macros are core's
 * (utils/uuid.h), and so are comparison, sorting, hashing and the operator
 * classes.
 *
 * A UUID is handled here as two big-endian 64-bit halves.  The time-based
 * versions made here (6, 7, 8) all put a 60-bit tick count in the high half
 * with the 4-bit version inserted at bits 48-51 (RFC 9562 sections 5.6, 5.7,
 * draft-02 section 4.5), so one pair of helpers builds and reads all three;
 * version 1 scatters the same 60-bit Gregorian count (RFC 9562 section 5.1).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/uuid.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef IDTYPES_UUID_H
#define IDTYPES_UUID_H

#include "fmgr.h"
#include "utils/uuid.h"

#include "codec.h"

/* Every time field here is 60 bits of ticks. */
#define UUID_TICK_BITS		60
#define UUID_TICK_MAX		((UINT64CONST(1) << UUID_TICK_BITS) - 1)

/* The low half: variant 0b10 in bits 64-65, then 62 free bits. */
#define UUID_VARIANT_RFC	UINT64CONST(0x8000000000000000)
#define UUID_LOW_BITS_MASK	UINT64CONST(0x3FFFFFFFFFFFFFFF)

/* UUIDv8 (draft-02 section 4.5): 8-bit clock sequence, then a 54-bit node. */
#define UUIDV8_SEQ_SHIFT	54
#define UUIDV8_NODE_MASK	((UINT64CONST(1) << UUIDV8_SEQ_SHIFT) - 1)

static inline uint64
uuid_get_hi(const pg_uuid_t *u)
{
	return codec_get_be(u->data, 8);
}

static inline uint64
uuid_get_lo(const pg_uuid_t *u)
{
	return codec_get_be(u->data + 8, 8);
}

/* The RFC 9562 variant (0b10 in the top bits of octet 8). */
static inline bool
uuid_is_rfc_variant(const pg_uuid_t *u)
{
	return (u->data[8] & 0xC0) == 0x80;
}

static inline int
uuid_version_of(const pg_uuid_t *u)
{
	return u->data[6] >> 4;
}

/*
 * High half of a v6, v7 or v8: the top 48 bits of the tick count, the
 * version, the low 12 bits (time_high|time_mid|ver|time_low of v6,
 * unix_ts_ms|ver|rand_a of v7 with the 12-bit fraction in rand_a,
 * timestamp_32|timestamp_48|ver|time_or_seq of v8).
 */
static inline uint64
uuid_time_hi(uint64 tick, int version)
{
	return (tick >> 12) << 16 | (uint64) version << 12 | (tick & 0xFFF);
}

static inline uint64
uuid_time_hi_tick(uint64 hi)
{
	return (hi >> 16) << 12 | (hi & 0xFFF);
}

/*
 * High half of a v1 (RFC 9562 section 5.1): time_low (the low 32 bits of
 * the count), time_mid (the next 16), version, time_high (the top 12).
 */
static inline uint64
uuid_v1_hi(uint64 tick)
{
	return (tick & 0xFFFFFFFF) << 32 | ((tick >> 32) & 0xFFFF) << 16 |
		UINT64CONST(1) << 12 | (tick >> 48 & 0xFFF);
}

static inline uint64
uuid_v1_hi_tick(uint64 hi)
{
	return (hi & 0xFFF) << 48 | (hi >> 16 & 0xFFFF) << 32 | hi >> 32;
}

#endif							/* IDTYPES_UUID_H */
