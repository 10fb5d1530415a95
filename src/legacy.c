/*-------------------------------------------------------------------------
 *
 * legacy.c
 *	  The C symbols that the scripts of released versions name, under
 *	  names without the project's prefix.
 *
 * An installation of such a version calls these until ALTER EXTENSION
 * UPDATE points its functions at the idtypes_ ones, and a dump or
 * pg_upgrade of it re-creates its functions with them, which PostgreSQL
 * checks against the library: each calls the function of its new name.  A
 * fresh install names none (t/032_symbols.pl).  Written by
 * tools/prefix-symbols.pl, from the released scripts (released/).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/legacy.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "compat.h"

#define IDTYPES_LEGACY_SYMBOL(name) \
extern PGDLLEXPORT Datum CppConcat(idtypes_,name)(PG_FUNCTION_ARGS); \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	return CppConcat(idtypes_,name)(fcinfo); \
}

IDTYPES_LEGACY_SYMBOL(byteid12_cmp)
IDTYPES_LEGACY_SYMBOL(byteid12_eq)
IDTYPES_LEGACY_SYMBOL(byteid12_from_bytea)
IDTYPES_LEGACY_SYMBOL(byteid12_ge)
IDTYPES_LEGACY_SYMBOL(byteid12_gt)
IDTYPES_LEGACY_SYMBOL(byteid12_hash)
IDTYPES_LEGACY_SYMBOL(byteid12_hash_extended)
IDTYPES_LEGACY_SYMBOL(byteid12_larger)
IDTYPES_LEGACY_SYMBOL(byteid12_le)
IDTYPES_LEGACY_SYMBOL(byteid12_lt)
IDTYPES_LEGACY_SYMBOL(byteid12_ne)
IDTYPES_LEGACY_SYMBOL(byteid12_recv)
IDTYPES_LEGACY_SYMBOL(byteid12_send)
IDTYPES_LEGACY_SYMBOL(byteid12_smaller)
IDTYPES_LEGACY_SYMBOL(byteid12_sortsupport)
IDTYPES_LEGACY_SYMBOL(byteid12_to_bytea)
IDTYPES_LEGACY_SYMBOL(byteid16_cmp)
IDTYPES_LEGACY_SYMBOL(byteid16_eq)
IDTYPES_LEGACY_SYMBOL(byteid16_from_bytea)
IDTYPES_LEGACY_SYMBOL(byteid16_ge)
IDTYPES_LEGACY_SYMBOL(byteid16_gt)
IDTYPES_LEGACY_SYMBOL(byteid16_hash)
IDTYPES_LEGACY_SYMBOL(byteid16_hash_extended)
IDTYPES_LEGACY_SYMBOL(byteid16_larger)
IDTYPES_LEGACY_SYMBOL(byteid16_le)
IDTYPES_LEGACY_SYMBOL(byteid16_lt)
IDTYPES_LEGACY_SYMBOL(byteid16_ne)
IDTYPES_LEGACY_SYMBOL(byteid16_recv)
IDTYPES_LEGACY_SYMBOL(byteid16_send)
IDTYPES_LEGACY_SYMBOL(byteid16_smaller)
IDTYPES_LEGACY_SYMBOL(byteid16_sortsupport)
IDTYPES_LEGACY_SYMBOL(byteid16_to_bytea)
IDTYPES_LEGACY_SYMBOL(gen_hlculid)
IDTYPES_LEGACY_SYMBOL(gen_muid)
IDTYPES_LEGACY_SYMBOL(gen_tid62)
IDTYPES_LEGACY_SYMBOL(gen_tid62_prefixed)
IDTYPES_LEGACY_SYMBOL(gen_uid8)
IDTYPES_LEGACY_SYMBOL(gen_uuid464)
IDTYPES_LEGACY_SYMBOL(gen_uuidv6)
IDTYPES_LEGACY_SYMBOL(gen_uuidv7)
IDTYPES_LEGACY_SYMBOL(gen_uuidv7_at)
IDTYPES_LEGACY_SYMBOL(gen_uuidv8)
IDTYPES_LEGACY_SYMBOL(seq10)
IDTYPES_LEGACY_SYMBOL(seq36)
IDTYPES_LEGACY_SYMBOL(timestamptz_cmp_hlculid)
IDTYPES_LEGACY_SYMBOL(timestamptz_cmp_muid)
IDTYPES_LEGACY_SYMBOL(timestamptz_cmp_tid62)
IDTYPES_LEGACY_SYMBOL(timestamptz_eq_hlculid)
IDTYPES_LEGACY_SYMBOL(timestamptz_eq_muid)
IDTYPES_LEGACY_SYMBOL(timestamptz_eq_tid62)
IDTYPES_LEGACY_SYMBOL(timestamptz_ge_hlculid)
IDTYPES_LEGACY_SYMBOL(timestamptz_ge_muid)
IDTYPES_LEGACY_SYMBOL(timestamptz_ge_tid62)
IDTYPES_LEGACY_SYMBOL(timestamptz_gt_hlculid)
IDTYPES_LEGACY_SYMBOL(timestamptz_gt_muid)
IDTYPES_LEGACY_SYMBOL(timestamptz_gt_tid62)
IDTYPES_LEGACY_SYMBOL(timestamptz_le_hlculid)
IDTYPES_LEGACY_SYMBOL(timestamptz_le_muid)
IDTYPES_LEGACY_SYMBOL(timestamptz_le_tid62)
IDTYPES_LEGACY_SYMBOL(timestamptz_lt_hlculid)
IDTYPES_LEGACY_SYMBOL(timestamptz_lt_muid)
IDTYPES_LEGACY_SYMBOL(timestamptz_lt_tid62)
IDTYPES_LEGACY_SYMBOL(timestamptz_ne_hlculid)
IDTYPES_LEGACY_SYMBOL(timestamptz_ne_muid)
IDTYPES_LEGACY_SYMBOL(timestamptz_ne_tid62)
IDTYPES_LEGACY_SYMBOL(uuid464)
IDTYPES_LEGACY_SYMBOL(uuid464_decode)
IDTYPES_LEGACY_SYMBOL(uuid_date_bin)
IDTYPES_LEGACY_SYMBOL(uuid_timestamp)
IDTYPES_LEGACY_SYMBOL(uuid_version)
