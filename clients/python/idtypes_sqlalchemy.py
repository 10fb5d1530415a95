"""SQLAlchemy 2.0 column types for the idtypes PostgreSQL extension.

========  ===================  ===============  ============================
SQL type  column type          Python value     server-side default
========  ===================  ===============  ============================
muid      ``Muid``             ``Muid``         ``server_default=GEN_MUID``
hlculid   ``HlcUlid``          ``HlcUlid``      ``GEN_HLCULID``
uid8      ``Uid8``             ``Uid8`` (int)   ``GEN_UID8``
tid62     ``Tid62``            ``Tid62`` (str)  ``GEN_TID62``
uuid      ``sqlalchemy.Uuid``  ``uuid.UUID``    ``GEN_UUIDV7``, ``GEN_UUIDV6``
========  ===================  ===============  ============================

The Python values are those of idtypes_values.  A column takes them, or
anything their classes take (a ``uuid.UUID`` or the text for a muid, an
``int`` for a uid8, ...), and is sent as its SQL type's canonical text with
an explicit cast where the dialect renders casts (psycopg 3's does:
``%(id)s::muid``), so comparisons and ``IN`` lists work without the client
adapters.  Results arrive as the value classes whether or not
idtypes_psycopg's adapters are registered on the connection.

Time ranges on the key: a muid, hlculid or tid62 column compared with a
``datetime`` binds the datetime as ``timestamptz``, which the extension
compares with the key (an index range scan)::

    select(Event).where(Event.id >= t1, Event.id < t2)

``Event.id.timestamp()`` is the id's time (``muid_timestamp(id)``, ...), and
``Event.id.part("medallion")`` any other part (``muid_medallion(id)``).

Importing the module also teaches the PostgreSQL dialect the type names, so
that reflection (and Alembic's autogenerate, which compares reflected
columns with the models) sees these types instead of ``NullType``.
"""

import datetime

from sqlalchemy import func, text
from sqlalchemy.dialects.postgresql.base import ischema_names
from sqlalchemy.types import DateTime, UserDefinedType

from idtypes_values import HlcUlid as HlcUlidValue
from idtypes_values import Muid as MuidValue
from idtypes_values import Tid62 as Tid62Value
from idtypes_values import Uid8 as Uid8Value

__all__ = [
    "Muid", "HlcUlid", "Uid8", "Tid62",
    "GEN_MUID", "GEN_HLCULID", "GEN_UID8", "GEN_TID62", "GEN_UUIDV6", "GEN_UUIDV7",
]

# The generators as server_default values (rendered as DEFAULT gen_muid()).
GEN_MUID = text("gen_muid()")
GEN_HLCULID = text("gen_hlculid()")
GEN_UID8 = text("gen_uid8()")
GEN_TID62 = text("gen_tid62()")
GEN_UUIDV6 = text("uuidv6_next()")
GEN_UUIDV7 = text("uuidv7_next()")


class _IdType(UserDefinedType):
    """One idtypes type: its SQL name, Python class, and whether its key
    compares with timestamptz (the time-first types)."""

    cache_ok = True
    # psycopg's dialect renders %(x)s::muid: the parameter's type is stated,
    # not inferred, so it is the same in a comparison and in an insert
    render_bind_cast = True
    sql_name = None
    value_class = None
    time_first = True

    def get_col_spec(self, **kw):
        return self.sql_name

    def bind_processor(self, dialect):
        cls = self.value_class

        def process(value):
            if value is None:
                return None
            return str(value if isinstance(value, cls) else cls(value))

        return process

    def result_processor(self, dialect, coltype):
        cls = self.value_class

        def process(value):
            if value is None or isinstance(value, cls):
                return value
            return cls(value)

        return process

    def coerce_compared_value(self, op, value):
        # a datetime compared with a time-first key is a time bound: bound as
        # timestamptz, for the extension's cross-type operators
        if self.time_first and isinstance(value, datetime.datetime):
            return DateTime(timezone=True)
        return self

    class comparator_factory(UserDefinedType.Comparator):
        def timestamp(self):
            """The id's time: muid_timestamp(id), uid8_timestamp(id), ..."""
            return getattr(func, f"{self.type.sql_name}_timestamp")(self.expr, type_=DateTime(timezone=True))

        def part(self, name):
            """Another part of the id: part("medallion") is muid_medallion(id)."""
            return getattr(func, f"{self.type.sql_name}_{name}")(self.expr)

    def __repr__(self):
        return f"{type(self).__name__}()"


class Muid(_IdType):
    """muid: 16 bytes, ts:56 (microseconds) | medallion:52 | offset:20."""

    cache_ok = True  # SQLAlchemy asks each class
    sql_name = "muid"
    value_class = MuidValue


class HlcUlid(_IdType):
    """hlculid: 16 bytes, ts:48 (ms) | counter:16 | publisher:16 | entropy:48."""

    cache_ok = True  # SQLAlchemy asks each class
    sql_name = "hlculid"
    value_class = HlcUlidValue


class Uid8(_IdType):
    """uid8: java-uniqueid's eight-byte id.  Not time-first (spread ids are
    in no time order): a time range is id >= func.uid8_floor(t1) AND id <
    func.uid8_floor(t2), for time-sequential ids."""

    cache_ok = True  # SQLAlchemy asks each class
    sql_name = "uid8"
    value_class = Uid8Value
    time_first = False


class Tid62(_IdType):
    """tid62: 12 bytes, seconds since 2020 | 8 bytes of entropy."""

    cache_ok = True  # SQLAlchemy asks each class
    sql_name = "tid62"
    value_class = Tid62Value


for _type in (Muid, HlcUlid, Uid8, Tid62):
    ischema_names.setdefault(_type.sql_name, _type)
