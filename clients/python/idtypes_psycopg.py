"""psycopg 3 adapters for the idtypes PostgreSQL extension.

After ``register(conn)``, the extension's ids arrive as Python values and
are sent as their own PostgreSQL types, in text and in binary format
(parameters, results, COPY, arrays):

=========  ==========  ==================================================
SQL type   Python      value
=========  ==========  ==================================================
muid       ``Muid``    a ``uuid.UUID`` (the same 16 bytes); ``str()``
                       gives the 32 uppercase hex digits of the SQL text
hlculid    ``HlcUlid`` a ``uuid.UUID`` (the same 16 bytes); ``str()``
                       gives the 26-character ULID text
uid8       ``Uid8``    an ``int`` from 0 to 2**64 - 1 (unsigned, so Python
                       order is SQL order); ``str()`` gives 16 hex digits
tid62      ``Tid62``   a ``str``: the 17 base62 characters
uuid       ``uuid.UUID`` as psycopg already does (UUIDv6, v7, v8)
=========  ==========  ==================================================

A plain ``str`` parameter still works where PostgreSQL can infer the type
(``WHERE id = %s``).  A plain ``uuid.UUID`` is sent as ``uuid``, plain
``bytes`` as ``bytea`` and a plain ``int`` as an integer type: the server
reads them as an id only where the statement casts them (``%s::muid``), so
wrap them, ``Muid(u)``, ``Uid8(n)``, ``Tid62(b)``, or cast.  The classes are
those of idtypes_values (re-exported here).

Example::

    import psycopg
    import idtypes_psycopg

    with psycopg.connect("dbname=app") as conn:
        idtypes_psycopg.register(conn)
        row = conn.execute("SELECT gen_muid(), gen_uid8()").fetchone()
        # (Muid('0660DD276D135911463B112439400001'), Uid8('3ecf2ec045800000'))
        conn.execute("INSERT INTO events (id) VALUES (%s)",
                     [idtypes_psycopg.Muid("05D5EAC793E61F17B9F5B9479DF94AC0")])

Needs psycopg 3.1 or later (Debian 12: python3-psycopg).
"""

from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from idtypes_values import TYPES, HlcUlid, Muid, Tid62, Uid8

__all__ = ["Muid", "HlcUlid", "Uid8", "Tid62", "register"]



def _adapters(cls, oid):
    """Text and binary loaders and dumpers of one type with its OID."""

    class TextLoader(Loader):
        format = Format.TEXT

        def load(self, data):
            return cls(bytes(data).decode("ascii"))

    class BinaryLoader(Loader):
        format = Format.BINARY

        def load(self, data):
            return cls(bytes(data))

    class TextDumper(Dumper):
        format = Format.TEXT

        def dump(self, obj):
            return str(obj).encode("ascii")

    class BinaryDumper(Dumper):
        format = Format.BINARY

        def dump(self, obj):
            return obj.bytes

    TextDumper.oid = BinaryDumper.oid = oid
    return TextLoader, BinaryLoader, TextDumper, BinaryDumper


def register(conn, context=None, schema=None):
    """Register the idtypes adapters on context (default: conn).

    conn is used to look up the types' OIDs, which differ between databases;
    context may be conn, a cursor, or any psycopg adapters context.  schema
    names the extension's schema if it is not on the search path.  Types that
    do not exist (the extension is not installed) raise LookupError.
    """
    if context is None:
        context = conn
    for cls, name in TYPES:
        qualified = f'"{schema}".{name}' if schema else name
        info = TypeInfo.fetch(conn, qualified)
        if info is None:
            raise LookupError(f"type {qualified} not found: is the idtypes extension installed?")
        # known by name and with its array type, for COPY set_types() and lists
        info.register(context)
        text_loader, binary_loader, text_dumper, binary_dumper = _adapters(cls, info.oid)
        adapters = context.adapters
        adapters.register_loader(info.oid, text_loader)
        adapters.register_loader(info.oid, binary_loader)
        adapters.register_dumper(cls, text_dumper)
        adapters.register_dumper(cls, binary_dumper)
