"""asyncpg codecs for the idtypes PostgreSQL extension.

After ``await register(conn)``, the extension's ids arrive as the Python
values of idtypes_values (``Muid``, ``HlcUlid``, ``Uid8``, ``Tid62``) and
parameters of those types are sent from them or from anything their classes
take (a ``uuid.UUID`` or its text for muid and hlculid, an ``int`` from 0 to
2**64 - 1 for uid8, the types' text forms, their bytes).  asyncpg learns
every parameter's type from the server, so a plain ``int``, ``uuid.UUID`` or
``str`` is encoded as the id type wherever the statement needs one, in a
column or in a comparison (``WHERE id = $1``).

The codecs are binary by default: the ids travel as their 8, 12 or 16 bytes,
the form asyncpg also uses for COPY (``copy_records_to_table``), with no text
to format or parse.  ``register(conn, format="text")`` sends and reads the
text forms instead.  UUIDv6, v7 and v8 are core ``uuid`` values, which
asyncpg already decodes (as ``uuid.UUID``).

Example::

    import asyncpg
    import idtypes_asyncpg

    conn = await asyncpg.connect("postgresql:///app")
    await idtypes_asyncpg.register(conn)
    row = await conn.fetchrow("SELECT gen_uid8() AS id")
    # <Record id=Uid8('3ecf2ec045800000')>

Needs asyncpg 0.27 or later (Debian 12: python3-asyncpg).
"""

from idtypes_values import TYPES, HlcUlid, Muid, Tid62, Uid8

__all__ = ["Muid", "HlcUlid", "Uid8", "Tid62", "register"]



def _of(cls):
    return lambda value: value if isinstance(value, cls) else cls(value)


async def register(conn, *, format="binary", schema=None):
    """Set the codecs of the idtypes types on conn (an asyncpg connection).

    schema names the extension's schema; by default it is found from the
    search path.  Types that do not exist (the extension is not installed)
    raise LookupError.
    """
    if format not in ("binary", "text"):
        raise ValueError(f"format must be 'binary' or 'text', not {format!r}")
    for cls, name in TYPES:
        qualified = f'"{schema}".{name}' if schema else name
        nsp = await conn.fetchval(
            "SELECT n.nspname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace"
            " WHERE t.oid = to_regtype($1)", qualified)
        if nsp is None:
            raise LookupError(f"type {qualified} not found: is the idtypes extension installed?")
        make = _of(cls)
        if format == "binary":
            encoder, decoder = (lambda v, make=make: make(v).bytes), cls
        else:
            encoder, decoder = (lambda v, make=make: str(make(v))), cls
        await conn.set_type_codec(name, schema=nsp, encoder=encoder, decoder=decoder,
                                  format=format)
