"""Client test of idtypes with psycopg 3 and the adapters of idtypes_psycopg.

Usage: python3 test_idtypes_psycopg.py CONNINFO

Connects to a database where the idtypes extension can be created, and
checks, for every type (muid, hlculid, uid8, tid62, and UUIDv6/v7/v8 on
uuid): inserts with server-side defaults, reading back, ids as parameters,
text and binary formats both ways, text and binary COPY both ways, arrays,
NULLs, and that the Python values sort like the SQL ones.  Prints one line
per check, "ok - what" or "not ok - what: details" (t/020_psycopg.pl turns
them into TAP assertions), then, if it ran to its end, "ran N checks" with
the number of checks it made, and exits non-zero if any check failed.
"""

import sys
import uuid

import psycopg
from psycopg import errors
from psycopg.adapt import PyFormat
from psycopg.pq import Format

import idtypes_psycopg as ip
from client_checks import check, raises, run, same
from idtypes_psycopg import HlcUlid, Muid, Tid62, Uid8

# the SQL type, Python class, generator, and a known value with its parts
TYPES = [
    ("muid", Muid, "gen_muid()", "05D5EAC793E61F17B9F5B9479DF94AC0"),
    ("hlculid", HlcUlid, "gen_hlculid()", "01K0RS6SB4000002NAM48H248H"),
    ("uid8", Uid8, "gen_uid8()", "cb54ecf2840a0015"),
    ("tid62", Tid62, "gen_tid62()", "04XVaYIJisigHzUpr"),
]
UUIDS = [("v6", "uuidv6_next()", 6), ("v7", "uuidv7_next()", 7), ("v8", "uuidv8_next()", 8)]
COLUMNS = ["m", "h", "u8", "t62", "v6", "v7", "v8"]


def classes_alone():
    """The Python classes without a server."""
    m = Muid("05D5EAC793E61F17B9F5B9479DF94AC0")
    same("Muid text", str(m), "05D5EAC793E61F17B9F5B9479DF94AC0")
    same("Muid of lowercase and dashed text", Muid("05d5eac793e61f-17b9f5b9479df-94ac0"), m)
    same("Muid is the uuid.UUID of its bytes", uuid.UUID(bytes=m.bytes), m)
    same("Muid repr round-trips", eval(repr(m), {"Muid": Muid}), m)
    raises("Muid of bad text", ValueError, lambda: Muid("05D5EAC793E61F17B9F5B9479DF94AC"))
    h = HlcUlid("01K0RS6SB4000002NAM48H248H")
    same("HlcUlid bytes", h.hex, "0198319365640000000aaaa111111111")
    same("HlcUlid of dashed hex", HlcUlid("019831936564-0000-000A-AAA111111111"), h)
    same("HlcUlid of lowercase ULID with look-alikes", HlcUlid("0lk0rs6sb4ooooo2nam48h248h"), h)
    raises("HlcUlid above 128 bits", ValueError, lambda: HlcUlid("8ZZZZZZZZZZZZZZZZZZZZZZZZZ"))
    raises("HlcUlid with U", ValueError, lambda: HlcUlid("01K0RS6SB4000002NAM48H248U"))
    u = Uid8("ffffffffffffefff")
    same("Uid8 is the unsigned value", int(u), 2**64 - 4097)
    same("Uid8 text", str(Uid8(42)), "000000000000002a")
    raises("Uid8 below zero", ValueError, lambda: Uid8(-1))
    raises("Uid8 of 2**64", ValueError, lambda: Uid8(2**64))
    t = Tid62("04XVaYIJisigHzUpr")
    same("Tid62 bytes", t.bytes.hex(), "0b47ddc00123456789abcdef")
    same("Tid62 of its bytes", Tid62(t.bytes), t)
    same("largest Tid62", Tid62(b"\xff" * 12), "1f2SI9UJPXvb7vdJ1")
    raises("Tid62 above 96 bits", ValueError, lambda: Tid62("1f2SI9UJPXvb7vdJ2"))
    raises("Tid62 of 16 characters", ValueError, lambda: Tid62("04XVaYIJisigHzUp"))


def server(conn):
    conn.execute("CREATE EXTENSION IF NOT EXISTS idtypes")
    ip.register(conn)
    conn.execute("""
        CREATE TEMP TABLE ids (
            n int,
            m muid DEFAULT gen_muid(), h hlculid DEFAULT gen_hlculid(),
            u8 uid8 DEFAULT gen_uid8(), t62 tid62 DEFAULT gen_tid62(),
            v6 uuid DEFAULT uuidv6_next(), v7 uuid DEFAULT uuidv7_next(), v8 uuid DEFAULT uuidv8_next())""")

    # server-side defaults, read back in text and in binary
    row = conn.execute("INSERT INTO ids (n) VALUES (1) RETURNING " + ", ".join(COLUMNS)).fetchone()
    for (name, cls, _, _), value in zip(TYPES, row):
        check(f"{name} default arrives as {cls.__name__}", type(value) is cls, repr(value))
    for (label, _, version), value in zip(UUIDS, row[4:]):
        check(f"uuid{label} default arrives as uuid.UUID", type(value) is uuid.UUID
              and value.version == version, repr(value))
    texts = conn.execute("SELECT " + ", ".join(f"{c}::text" for c in COLUMNS) + " FROM ids").fetchone()
    for c, value, text in zip(COLUMNS, row, texts):
        same(f"{c}: str() of the Python value is the SQL text", str(value), text)
    for binary in (False, True):
        with conn.cursor(binary=binary) as cur:
            again = cur.execute("SELECT " + ", ".join(COLUMNS) + " FROM ids").fetchone()
            fmt = "binary" if binary else "text"
            same(f"all types read back in {fmt} format", tuple(again), tuple(row))
            check(f"classes in {fmt} format", [type(v) for v in again[:4]] == [Muid, HlcUlid, Uid8, Tid62],
                  [type(v) for v in again])

    # parameters: the classes are sent as their types, in text (%t) and binary (%b)
    for name, cls, _, _ in TYPES:
        oid = conn.execute("SELECT %s::regtype::oid", [name]).fetchone()[0]
        dumpers = [conn.adapters.get_dumper(cls, f) for f in (PyFormat.TEXT, PyFormat.BINARY)]
        same(f"{name}: text and binary dumpers of {cls.__name__} with the type's OID",
             [(d.format, d.oid) for d in dumpers], [(Format.TEXT, oid), (Format.BINARY, oid)])
    for ph in ("%t", "%b"):
        for name, cls, _, known in TYPES:
            value = cls(known)
            t = conn.execute(f"SELECT pg_typeof({ph})::text, {ph}::text", [value, value]).fetchone()
            same(f"{name} parameter ({ph}) keeps its type and value", t, (name, known))
        conn.execute("TRUNCATE ids")
        params = [2] + [cls(known) for _, cls, _, known in TYPES]
        conn.execute(f"INSERT INTO ids (n, m, h, u8, t62) VALUES ({', '.join([ph] * 5)})", params)
        parts = conn.execute("""
            SELECT muid_timestamp(m)::text, muid_medallion(m), muid_offset(m),
                   hlculid_publisher(h), hlculid_entropy(h), uid8_generator(u8), uid8_cluster(u8),
                   tid62_entropy(t62) FROM ids WHERE n = 2""").fetchone()
        same(f"ids inserted as parameters ({ph}) keep their parts", parts,
             ("2022-01-19 08:00:30.975519+00", 417399343184351, 608960, 10, 0xAAA111111111, 1, 5,
              bytes.fromhex("0123456789abcdef")))
        found = conn.execute(f"SELECT count(*) FROM ids WHERE m = {ph} AND h = {ph} AND u8 = {ph} AND t62 = {ph}",
                             params[1:]).fetchone()[0]
        same(f"lookup by id parameters ({ph})", found, 1)

    # the extreme values survive both formats
    extremes = [("muid", Muid(b"\xff" * 16)), ("hlculid", HlcUlid(2**128 - 1)), ("uid8", Uid8(2**64 - 1)),
                ("uid8", Uid8(2**63)), ("tid62", Tid62(b"\xff" * 12)), ("tid62", Tid62(bytes(12)))]
    for name, value in extremes:
        for binary in (False, True):
            with conn.cursor(binary=binary) as cur:
                back = cur.execute(f"SELECT %s::{name}", [value]).fetchone()[0]
                same(f"{name} {value} round trip ({'binary' if binary else 'text'})", back, value)

    # plain Python values: uuid.UUID is sent as uuid, bytes as bytea, a
    # 64-bit int as bigint, which the server converts into an id only where
    # the statement casts them (%s::muid); stored into an id column as they
    # are they are refused (42804), wrapped in the classes they store
    u = uuid.UUID("05d5eac7-93e6-1f17-b9f5-b9479df94ac0")
    t62 = bytes.fromhex("0000000b3a7c6e3a9f0f1e2d")
    for ph in ("%t", "%b"):
        conn.execute("DELETE FROM ids WHERE n = 3")
        for col, plain in (("m", u), ("h", u), ("u8", 2**62 + 5), ("t62", t62), ("u8", Uid8(7).bytes)):
            def store_plain(ph=ph, col=col, plain=plain):
                with conn.transaction():
                    conn.execute(f"INSERT INTO ids (n, {col}) VALUES (3, {ph})", [plain])
            raises(f"a plain {type(plain).__name__} ({ph}) is not stored into a {col} column as it is",
                   errors.DatatypeMismatch, store_plain)
        conn.execute(f"INSERT INTO ids (n, m, h, u8, t62) VALUES (3, {ph}, {ph}, {ph}, {ph})",
                     [Muid(u), HlcUlid(u), Uid8(2**62 + 5), Tid62(t62)])
        same(f"wrapped uuid.UUID, int and bytes parameters ({ph}) store into id columns",
             conn.execute("SELECT m, h, u8, t62 FROM ids WHERE n = 3").fetchone(),
             (Muid(u), HlcUlid(u), Uid8(2**62 + 5), Tid62(t62)))
        conn.execute(f"UPDATE ids SET u8 = {ph}::uid8, m = {ph}::muid, h = {ph}::hlculid WHERE n = 3",
                     [Uid8(7).bytes, Muid(u).bytes, u])
        same(f"8 and 16 bytes and a uuid.UUID ({ph}) cast in the statement update id columns",
             conn.execute("SELECT u8, m, h FROM ids WHERE n = 3").fetchone(), (Uid8(7), Muid(u), HlcUlid(u)))

        def compare_plain(ph=ph):
            with conn.transaction():
                conn.execute(f"SELECT count(*) FROM ids WHERE m = {ph}", [u])
        raises(f"comparing a muid with a plain uuid.UUID ({ph}) stays explicit", errors.UndefinedFunction,
               compare_plain)
        same(f"comparing with Muid(uuid.UUID) ({ph})",
             conn.execute(f"SELECT count(*) FROM ids WHERE n = 3 AND m = {ph}", [Muid(u)]).fetchone()[0], 1)

    # a plain str works where the server infers the type; bad text is 22P02
    same("plain str parameter compared with a muid",
         conn.execute("SELECT %s = m FROM ids WHERE n = 2", ["05D5EAC793E61F17B9F5B9479DF94AC0"]).fetchone()[0], True)

    def bad_text():
        with conn.transaction():    # a savepoint: the error rolls back only this
            conn.execute("SELECT %s::muid", ["not a muid"])
    raises("bad muid text from the client is invalid_text_representation", errors.InvalidTextRepresentation,
           bad_text)

    # many generated rows: Python order is SQL order, lists are arrays
    conn.execute("TRUNCATE ids")
    conn.execute("INSERT INTO ids (n) SELECT g FROM generate_series(1, 200) g")
    for c, cls in [("m", Muid), ("h", HlcUlid), ("u8", Uid8), ("t62", Tid62), ("v7", uuid.UUID)]:
        ordered = [r[0] for r in conn.execute(f"SELECT {c} FROM ids ORDER BY {c}")]
        same(f"{c}: Python sorts like ORDER BY", sorted(ordered), ordered)
        array = conn.execute(f"SELECT array_agg({c} ORDER BY {c}) FROM ids").fetchone()[0]
        check(f"{c}: an array arrives as a list of {cls.__name__}",
              array == ordered and all(type(v) is cls for v in array), repr(array[:2]))
        typ, count = conn.execute("SELECT pg_typeof(%s)::text, cardinality(%s)", [ordered, ordered]).fetchone()
        same(f"{c}: a list parameter is an array", (typ, count),
             ({"m": "muid[]", "h": "hlculid[]", "u8": "uid8[]", "t62": "tid62[]", "v7": "uuid[]"}[c], 200))
        hits = conn.execute(f"SELECT count(*) FROM ids WHERE {c} = ANY(%s)", [ordered[::2]]).fetchone()[0]
        same(f"{c} = ANY(list parameter)", hits, 100)

    # NULLs
    conn.execute("INSERT INTO ids VALUES (%s, %s, %s, %s, %s, %s, %s, %s)", [0] + [None] * 7)
    same("NULLs read back as None",
         conn.execute("SELECT " + ", ".join(COLUMNS) + " FROM ids WHERE n = 0").fetchone(), (None,) * 7)

    # COPY, text and binary, both ways
    rows = [tuple(r) for r in conn.execute("SELECT n, " + ", ".join(COLUMNS) + " FROM ids WHERE n > 0 ORDER BY n")]
    types = ["int4", "muid", "hlculid", "uid8", "tid62", "uuid", "uuid", "uuid"]
    for fmt in ("text", "binary"):
        copied = []
        query = f"SELECT n, {', '.join(COLUMNS)} FROM ids WHERE n > 0"
        with conn.cursor().copy(f"COPY ({query}) TO STDOUT (FORMAT {fmt})") as copy:
            copy.set_types(types)
            copied = [tuple(r) for r in copy.rows()]
        copied.sort()
        same(f"COPY TO ({fmt}) gives the same rows", copied, rows)
        check(f"COPY TO ({fmt}) gives the classes",
              all([type(v) for v in r[1:5]] == [Muid, HlcUlid, Uid8, Tid62] for r in copied),
              [type(v) for v in copied[0]])
        conn.execute("CREATE TEMP TABLE ids_copy (LIKE ids)")
        with conn.cursor().copy(f"COPY ids_copy (n, {', '.join(COLUMNS)}) FROM STDIN (FORMAT {fmt})") as copy:
            copy.set_types(types)
            for r in rows:
                copy.write_row(r)
        diff = conn.execute("""
            SELECT count(*) FROM (SELECT * FROM ids WHERE n > 0 EXCEPT SELECT * FROM ids_copy) d""").fetchone()[0]
        count = conn.execute("SELECT count(*) FROM ids_copy").fetchone()[0]
        same(f"COPY FROM ({fmt}) stores the same rows", (count, diff), (200, 0))
        conn.execute("DROP TABLE ids_copy")
    conn.commit()


def main():
    classes_alone()
    with psycopg.connect(sys.argv[1]) as conn:
        server(conn)


if __name__ == "__main__":
    run(main)
