"""Python values of the idtypes PostgreSQL extension's ids, for any driver.

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
=========  ==========  ==================================================

Each class takes the SQL text forms (and bytes, int or uuid.UUID where they
make sense), compares and sorts like the SQL type, and ``repr()`` round-trips;
``.bytes`` is the binary form.  The driver adapters (idtypes_psycopg,
idtypes_asyncpg) send and receive these.
"""

import uuid

__all__ = ["Muid", "HlcUlid", "Uid8", "Tid62"]

_HEX = frozenset("0123456789abcdefABCDEF")

# Crockford base32: decoding reads lowercase, I and L as 1, O as 0; no U
_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_B32_VALUE = {c: i for i, c in enumerate(_B32)}
_B32_VALUE.update({c.lower(): i for i, c in enumerate(_B32)})
_B32_VALUE.update({"I": 1, "i": 1, "L": 1, "l": 1, "O": 0, "o": 0})

_B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_B62_VALUE = {c: i for i, c in enumerate(_B62)}


def _hex_int(text, groups):
    """The value of hex digits in groups of the given lengths joined by '-'."""
    parts = text.split("-")
    if [len(p) for p in parts] != groups or not all(set(p) <= _HEX for p in parts):
        return None
    return int("".join(parts), 16)


def _uuid_int(cls, value, parse_text):
    """The 128-bit value of a uuid.UUID, 16 bytes, an int or a text form."""
    if isinstance(value, uuid.UUID):
        return value.int
    if isinstance(value, (bytes, bytearray, memoryview)):
        value = bytes(value)
        if len(value) != 16:
            raise ValueError(f"a {cls.__name__} is 16 bytes, not {len(value)}")
        return int.from_bytes(value, "big")
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < 1 << 128:
            raise ValueError(f"{value} is out of range for {cls.__name__}")
        return value
    if isinstance(value, str):
        n = parse_text(value)
        if n is None:
            raise ValueError(f"invalid {cls.__name__}: {value!r}")
        return n
    raise TypeError(f"cannot make a {cls.__name__} of {type(value).__name__}")


class Muid(uuid.UUID):
    """A muid: 16 bytes, ts:56 | medallion:52 | offset:20.

    Takes 32 hex digits (either case), the dashed form
    TTTTTTTTTTTTTT-MMMMMMMMMMMMM-OOOOO, 16 bytes, an int or a uuid.UUID.
    """

    __slots__ = ()

    def __init__(self, value):
        n = _uuid_int(Muid, value,
                      lambda s: _hex_int(s, [32]) if len(s) == 32 else _hex_int(s, [14, 13, 5]))
        super().__init__(int=n)

    def __str__(self):
        return "%032X" % self.int


class HlcUlid(uuid.UUID):
    """An hlculid: 16 bytes, ts:48 | counter:16 | publisher:16 | entropy:48.

    Takes the 26-character ULID text (Crockford base32, any case, I and L
    read as 1, O as 0), 32 hex digits, the dashed hex
    TTTTTTTTTTTT-CCCC-PPPP-RRRRRRRRRRRR, 16 bytes, an int or a uuid.UUID.
    """

    __slots__ = ()

    def __init__(self, value):
        super().__init__(int=_uuid_int(HlcUlid, value, HlcUlid._parse))

    @staticmethod
    def _parse(s):
        if len(s) == 26:
            n = 0
            for c in s:
                v = _B32_VALUE.get(c)
                if v is None:
                    return None
                n = n << 5 | v
            return n if n < 1 << 128 else None
        if len(s) == 32:
            return _hex_int(s, [32])
        return _hex_int(s, [12, 4, 4, 12])

    def __str__(self):
        n = self.int
        return "".join(_B32[(n >> (5 * i)) & 31] for i in range(25, -1, -1))


class Uid8(int):
    """A uid8: one unsigned 64-bit value (java-uniqueid's eight-byte id).

    Takes 16 hex digits (either case), 8 bytes (big-endian) or an int from
    0 to 2**64 - 1.
    """

    __slots__ = ()

    def __new__(cls, value):
        if isinstance(value, str):
            if len(value) != 16 or not set(value) <= _HEX:
                raise ValueError(f"invalid Uid8: {value!r}")
            n = int(value, 16)
        elif isinstance(value, (bytes, bytearray, memoryview)):
            value = bytes(value)
            if len(value) != 8:
                raise ValueError(f"a Uid8 is 8 bytes, not {len(value)}")
            n = int.from_bytes(value, "big")
        elif isinstance(value, int) and not isinstance(value, bool):
            n = int(value)
            if not 0 <= n < 1 << 64:
                raise ValueError(f"{n} is out of range for Uid8")
        else:
            raise TypeError(f"cannot make a Uid8 of {type(value).__name__}")
        return super().__new__(cls, n)

    @property
    def bytes(self):
        return int(self).to_bytes(8, "big")

    def __str__(self):
        return "%016x" % self

    def __repr__(self):
        return f"Uid8('{self}')"


class Tid62(str):
    """A tid62: 12 bytes (seconds since 2020, 8 bytes of entropy) written as
    17 base62 digits.  Takes that text or 12 bytes.
    """

    __slots__ = ()

    def __new__(cls, value):
        if isinstance(value, (bytes, bytearray, memoryview)):
            value = bytes(value)
            if len(value) != 12:
                raise ValueError(f"a Tid62 is 12 bytes, not {len(value)}")
            n = int.from_bytes(value, "big")
            digits = []
            for _ in range(17):
                n, d = divmod(n, 62)
                digits.append(_B62[d])
            return super().__new__(cls, "".join(reversed(digits)))
        if isinstance(value, str):
            n = 0
            for c in value:
                v = _B62_VALUE.get(c)
                if v is None:
                    break
                n = n * 62 + v
            else:
                if len(value) == 17 and n < 1 << 96:
                    return super().__new__(cls, value)
            raise ValueError(f"invalid Tid62: {value!r}")
        raise TypeError(f"cannot make a Tid62 of {type(value).__name__}")

    @property
    def bytes(self):
        n = 0
        for c in self:
            n = n * 62 + _B62_VALUE[c]
        return n.to_bytes(12, "big")

    def __repr__(self):
        return f"Tid62({str(self)!r})"


# Each class and the SQL type it stands for, in the extension's order: what
# the driver adapters register.
TYPES = [
    (Muid, "muid"),
    (HlcUlid, "hlculid"),
    (Uid8, "uid8"),
    (Tid62, "tid62"),
]
