"""Client test of idtypes with asyncpg and the codecs of idtypes_asyncpg.

Usage: python3 test_idtypes_asyncpg.py HOST PORT USER

Connects to database postgres, where the idtypes extension can be created,
and checks with binary and with text codecs, for every type (muid, hlculid,
uid8, tid62, and UUIDv6/v7/v8 on uuid): ids generated in SQL read as Python
values and written back unchanged, plain Python values (int, uuid.UUID,
str, bytes) as parameters in columns and comparisons, ids made in Python
(uid8 in java-uniqueid's layout, an hlculid of a time) stored and read back
with the same parts and time, arrays, NULLs and binary COPY.  Prints one line
per check, "ok - what" or "not ok - what: details" (t/023_asyncpg.pl turns
them into TAP assertions), and exits non-zero if any check failed.
"""

import datetime
import sys
import traceback
import uuid

import asyncpg

import client_checks
import idtypes_asyncpg
from client_checks import check, same
from idtypes_values import HlcUlid, Muid, Tid62, Uid8

# SQL type, class, generator, SQL expression of its parts (x: the id)
TYPES = [
    ("uid8", Uid8, "gen_uid8()",
     "ARRAY[uid8_timestamp(x)::text, uid8_sequence(x)::text, uid8_generator(x)::text,"
     " uid8_cluster(x)::text, uid8_mode(x)]"),
    ("muid", Muid, "gen_muid()",
     "ARRAY[muid_timestamp(x)::text, muid_medallion(x)::text, muid_offset(x)::text]"),
    ("hlculid", HlcUlid, "gen_hlculid()",
     "ARRAY[hlculid_timestamp(x)::text, hlculid_counter(x)::text, hlculid_publisher(x)::text]"),
    ("tid62", Tid62, "gen_tid62()",
     "ARRAY[tid62_timestamp(x)::text, encode(tid62_entropy(x), 'hex')]"),
]


def uid8_of_parts(ms, seq, gen, cluster, mode):
    """A uid8 in java-uniqueid's layout, as its IDBuilder would build it."""
    if mode == "time_sequential":
        t = ms << 22
    else:
        t = int(f"{ms:064b}"[::-1], 2)
    return t | seq << 16 | ((gen >> 8) & 7) << 13 | (mode == "time_sequential") << 12 \
        | (gen & 0xFF) << 4 | cluster


async def run(conn, fmt):
    await idtypes_asyncpg.register(conn, format=fmt)
    await conn.execute("DROP TABLE IF EXISTS ids")
    await conn.execute("CREATE TABLE ids (n serial, u8 uid8, m muid, h hlculid, t62 tid62, v uuid)")
    cols = {"uid8": "u8", "muid": "m", "hlculid": "h", "tid62": "t62"}

    for name, cls, gen, parts in TYPES:
        col = cols[name]
        row = await conn.fetchrow(f"SELECT x, x::text AS t, {parts} AS p FROM (SELECT {gen} AS x) s")
        x = row["x"]
        check(f"{fmt}: {name} arrives as {cls.__name__}", type(x) is cls, repr(x))
        same(f"{fmt}: {name} str() is the SQL text", str(x), row["t"])
        back = await conn.fetchrow(
            f"INSERT INTO ids ({col}) VALUES ($1) RETURNING {col} AS y,"
            f" (SELECT {parts} FROM (SELECT {col} AS x) s) AS p", x)
        same(f"{fmt}: {name} written back unchanged", back["y"], x)
        same(f"{fmt}: {name} written back has the same parts and time", back["p"], row["p"])
        same(f"{fmt}: {name} in a comparison",
             await conn.fetchval(f"SELECT count(*) FROM ids WHERE {col} = $1", x), 1)
        # the plain Python forms its class takes, as parameters
        plain = {"uid8": int, "muid": lambda i: uuid.UUID(bytes=i.bytes),
                 "hlculid": lambda i: uuid.UUID(bytes=i.bytes), "tid62": str}[name](x)
        same(f"{fmt}: {name} of a plain {type(plain).__name__} in a comparison",
             await conn.fetchval(f"SELECT count(*) FROM ids WHERE {col} = $1", plain), 1)
        same(f"{fmt}: {name} of its bytes", await conn.fetchval(f"SELECT $1::{name}::text", x.bytes), row["t"])
        arr = await conn.fetchval(f"SELECT ARRAY[{gen}, NULL, $1]", x)
        check(f"{fmt}: {name}[] arrives as a list of {cls.__name__}",
              len(arr) == 3 and type(arr[0]) is cls and arr[1] is None and arr[2] == x, repr(arr))
        same(f"{fmt}: NULL {name}", await conn.fetchval(f"SELECT NULL::{name}"), None)

    # uid8: Python int order is SQL order; ids in java-uniqueid's layout
    big = await conn.fetchval("INSERT INTO ids (u8) VALUES ($1) RETURNING u8", 2**64 - 2)
    same(f"{fmt}: an int above 2**63 stores into uid8", big, Uid8("fffffffffffffffe"))
    ordered = await conn.fetchval("SELECT array_agg(u8 ORDER BY u8) FROM ids WHERE u8 IS NOT NULL")
    same(f"{fmt}: Python order of Uid8 is SQL order", sorted(ordered), ordered)
    ms = int(datetime.datetime(2025, 7, 22, 10, 0, 0, 123000, tzinfo=datetime.timezone.utc).timestamp() * 1000)
    for mode in ("spread", "time_sequential"):
        made = uid8_of_parts(ms, 17, 1234, 9, mode)
        row = await conn.fetchrow(
            "INSERT INTO ids (u8) VALUES ($1) RETURNING u8, uid8_timestamp(u8) AS ts,"
            " uid8_sequence(u8) AS seq, uid8_generator(u8) AS gen, uid8_cluster(u8) AS cluster,"
            " uid8_mode(u8) AS mode", made.to_bytes(8, "big"))
        same(f"{fmt}: uid8 built in Python ({mode}) read back", row["u8"], made)
        same(f"{fmt}: uid8 built in Python ({mode}) has its parts",
             (int(row["ts"].timestamp() * 1000), row["seq"], row["gen"], row["cluster"], row["mode"]),
             (ms, 17, 1234, 9, mode))

    # hlculid of a time made in Python: the ULID layout, 48-bit milliseconds first
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=123000)
    made = HlcUlid(int(now.timestamp() * 1000) << 80 | 3 << 64 | 10 << 48 | 0xABCDEF)
    row = await conn.fetchrow(
        "INSERT INTO ids (h) VALUES ($1) RETURNING h, hlculid_timestamp(h) AS ts,"
        " hlculid_counter(h) AS c, hlculid_publisher(h) AS p", made)
    same(f"{fmt}: hlculid made in Python read back", row["h"], made)
    same(f"{fmt}: hlculid made in Python has its time and parts", (row["ts"], row["c"], row["p"]), (now, 3, 10))
    same(f"{fmt}: hlculid of its ULID text",
         await conn.fetchval("SELECT $1::hlculid", str(made)), made)

    # UUIDv6/v7/v8 on uuid: asyncpg's own codec
    for v in (6, 7, 8):
        row = await conn.fetchrow(f"SELECT x, x::text AS t, uuidv_timestamp(x) AS ts FROM (SELECT uuidv{v}_next() AS x) s")
        x = row["x"]
        check(f"{fmt}: UUIDv{v} arrives as a uuid.UUID", isinstance(x, uuid.UUID) and x.version == v, repr(x))
        back = await conn.fetchrow("INSERT INTO ids (v) VALUES ($1) RETURNING v, v::text AS t", x)
        same(f"{fmt}: UUIDv{v} written back unchanged", back["t"], row["t"])
        if v == 7:
            epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
            same(f"{fmt}: UUIDv7 time from its bits is the SQL time", x.int >> 80,
                 (row["ts"] - epoch) // datetime.timedelta(milliseconds=1))
    # a plain uuid.UUID into a muid column: encoded as a muid (asyncpg knows the column's type)
    u = uuid.UUID("05d5eac7-93e6-1f17-b9f5-b9479df94ac0")
    same(f"{fmt}: a uuid.UUID into a muid column",
         str(await conn.fetchval("INSERT INTO ids (m) VALUES ($1) RETURNING m", u)), "05D5EAC793E61F17B9F5B9479DF94AC0")

    if fmt == "binary":
        rows = [(Uid8(1), Muid(u), HlcUlid("01K0RS6SB4000002NAM48H248H"), Tid62("04XVaYIJisigHzUpr"))]
        await conn.copy_records_to_table("ids", records=rows, columns=["u8", "m", "h", "t62"])
        got = await conn.fetchrow("SELECT u8, m, h, t62 FROM ids WHERE u8 = $1", 1)
        same("binary: COPY of the ids (copy_records_to_table)", tuple(got), rows[0])
    try:
        await conn.fetchval("SELECT $1::uid8", "123")
        check(f"{fmt}: bad text is refused", False, "no error")
    except asyncpg.DataError as e:
        check(f"{fmt}: bad text is refused", "invalid Uid8" in str(e), e)


async def main():
    host, port, user = sys.argv[1:4]
    for fmt in ("binary", "text"):
        conn = await asyncpg.connect(host=host, port=int(port), user=user, database="postgres")
        try:
            await conn.execute("CREATE EXTENSION IF NOT EXISTS idtypes")
            await run(conn, fmt)
        except Exception:  # noqa: BLE001 - reported as a failed check
            check(f"{fmt}: the checks against the server ran to the end", False, traceback.format_exc())
        finally:
            await conn.close()


client_checks.run(main)
