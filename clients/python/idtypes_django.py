"""Django model fields for the idtypes PostgreSQL extension (Django 5.0+,
which has ``db_default``; PostgreSQL backend with psycopg 3).

================  ========  ===============  ============================
field             SQL type  Python value     database default
================  ========  ===============  ============================
``MuidField``     muid      ``Muid``         ``db_default=GenMuid()``
``HlcUlidField``  hlculid   ``HlcUlid``      ``db_default=GenHlcUlid()``
``Uid8Field``     uid8      ``Uid8`` (int)   ``db_default=GenUid8()``
``Tid62Field``    tid62     ``Tid62`` (str)  ``db_default=GenTid62()``
``UUIDField``     uuid      ``uuid.UUID``    ``db_default=GenUuidV7()``
================  ========  ===============  ============================

The values are those of idtypes_values; a field also takes what their
classes take (the text forms, a ``uuid.UUID`` for a muid, an ``int`` for a
uid8).  Migrations create the column with ``DEFAULT gen_muid()`` and the
like, and the value the database chose is read back on ``save()``.

Lookups:

- ``id__gte=t1, id__lt=t2`` with ``datetime`` values, or
  ``id__time_range=(t1, t2)`` (``[t1, t2)``): a time range on the key itself,
  which the extension compares with ``timestamptz`` (an index range scan),
  for muid, hlculid and tid62;
- ``id__time``: the id's time (``muid_timestamp(id)``), for ``values()``,
  ``annotate()`` and the datetime lookups (``id__time__date=...``);
- the other parts by name: ``id__medallion``, ``id__offset`` (muid),
  ``id__counter``, ``id__publisher``, ``id__entropy`` (hlculid),
  ``id__sequence``, ``id__generator``, ``id__cluster``, ``id__mode`` (uid8),
  ``id__entropy`` (tid62).

Forms and the admin show and take the text form (``str()`` of the value).
"""

import datetime

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Func, Lookup, Transform

from idtypes_values import HlcUlid, Muid, Tid62, Uid8

__all__ = [
    "MuidField", "HlcUlidField", "Uid8Field", "Tid62Field",
    "GenMuid", "GenHlcUlid", "GenUid8", "GenTid62", "GenUuidV6", "GenUuidV7",
]


class _IdField(models.Field):
    sql_name = None
    value_class = None
    # text length, for forms
    text_length = None

    def db_type(self, connection):
        return self.sql_name

    def from_db_value(self, value, expression, connection):
        if value is None or isinstance(value, self.value_class):
            return value
        return self.value_class(value)

    def to_python(self, value):
        if value is None or value == "":
            return None
        if isinstance(value, self.value_class):
            return value
        try:
            return self.value_class(value)
        except (ValueError, TypeError) as e:
            raise ValidationError(f"not a valid {self.sql_name}: {e}", code="invalid") from e

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        # a datetime is a time bound of a lookup (id__gte=t): sent as one,
        # for the extension's comparisons of the key with timestamptz
        if value is None or isinstance(value, datetime.datetime):
            return value
        return str(self.to_python(value))

    def value_to_string(self, obj):
        value = self.value_from_object(obj)
        return "" if value is None else str(value)

    def formfield(self, **kwargs):
        return super().formfield(**{
            "form_class": forms.CharField,
            "max_length": self.text_length,
            **kwargs,
        })


class MuidField(_IdField):
    description = "muid (time-ordered 16-byte id)"
    sql_name = "muid"
    value_class = Muid
    text_length = 34


class HlcUlidField(_IdField):
    description = "hlculid (hybrid-logical-clock ULID)"
    sql_name = "hlculid"
    value_class = HlcUlid
    text_length = 35


class Uid8Field(_IdField):
    description = "uid8 (java-uniqueid's eight-byte id)"
    sql_name = "uid8"
    value_class = Uid8
    text_length = 16


class Tid62Field(_IdField):
    description = "tid62 (time-ordered 12-byte id, base62 text)"
    sql_name = "tid62"
    value_class = Tid62
    text_length = 17


# The generators, as db_default (and any other expression).

class GenMuid(Func):
    function = "gen_muid"
    arity = 0
    output_field = MuidField()


class GenHlcUlid(Func):
    function = "gen_hlculid"
    arity = 0
    output_field = HlcUlidField()


class GenUid8(Func):
    function = "gen_uid8"
    arity = 0
    output_field = Uid8Field()


class GenTid62(Func):
    function = "gen_tid62"
    arity = 0
    output_field = Tid62Field()


class GenUuidV6(Func):
    function = "uuidv6_next"
    arity = 0
    output_field = models.UUIDField()


class GenUuidV7(Func):
    function = "uuidv7_next"
    arity = 0
    output_field = models.UUIDField()


class TimeRange(Lookup):
    """id__time_range=(t1, t2): t1 <= the id's time < t2, on the key itself."""

    lookup_name = "time_range"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        start, end = self.rhs
        return (f"({lhs} >= %s::timestamptz AND {lhs} < %s::timestamptz)",
                [*lhs_params, start, *lhs_params, end])


def _part(field_class, name, function, output_field):
    """Register the transform id__<name>, function(id) of output_field."""
    transform = type(f"{field_class.__name__}_{name}", (Transform,), {
        "lookup_name": name,
        "function": function,
        "arity": 1,
        "output_field": output_field,
    })
    field_class.register_lookup(transform)


for _field, _parts in [
    (MuidField, {"medallion": models.BigIntegerField(), "offset": models.IntegerField()}),
    (HlcUlidField, {"counter": models.IntegerField(), "publisher": models.IntegerField(),
                    "entropy": models.BigIntegerField()}),
    (Uid8Field, {"sequence": models.IntegerField(), "generator": models.IntegerField(),
                 "cluster": models.IntegerField(), "mode": models.TextField()}),
    (Tid62Field, {"entropy": models.BinaryField()}),
]:
    _part(_field, "time", f"{_field.sql_name}_timestamp", models.DateTimeField())
    for _name, _output in _parts.items():
        _part(_field, _name, f"{_field.sql_name}_{_name}", _output)
for _field in (MuidField, HlcUlidField, Tid62Field):
    _field.register_lookup(TimeRange)
