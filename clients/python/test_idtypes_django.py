"""ORM test of idtypes with Django (5.0 or later: db_default) and the model
fields of idtypes_django.

Usage: python3 test_idtypes_django.py WORKDIR

Connects with the PG* environment variables.  In WORKDIR, writes a project
with one app whose models have a key of each type (muid, hlculid, uid8,
tid62, and UUIDv7 on core uuid) with the generator as db_default, and two
legacy tables (a uuid key, a bigserial key); makemigrations and migrate
create them (checked: the migration's text, the columns' defaults).  Then a
second version of the models migrates the legacy keys (uuid to UUIDv7
defaults, bigserial to uid8).  Then, with the final models: saving reads the
generated key back as the value class; known values in each form stored and
read; lookups by key, by a time range (id__gte/id__lt with datetimes,
id__time_range), the time and parts as transforms (id__time, ...); the admin's
display and forms show and take the text form.  Prints one line per check
(orm_checks), then "ran N checks".
"""

import os
import subprocess
import sys
import uuid

from orm_checks import INSTANTS, KNOWN, RANGE, check, run, same

WORKDIR = sys.argv[1] if len(sys.argv) > 1 else "."

SETTINGS = """
import os
SECRET_KEY = "test"
USE_TZ = True
TIME_ZONE = "UTC"
INSTALLED_APPS = ["django.contrib.contenttypes", "django.contrib.auth", "django.contrib.sessions",
                  "django.contrib.messages", "django.contrib.admin", "shop"]
MIDDLEWARE = ["django.contrib.sessions.middleware.SessionMiddleware",
              "django.contrib.auth.middleware.AuthenticationMiddleware",
              "django.contrib.messages.middleware.MessageMiddleware"]
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True,
              "OPTIONS": {"context_processors": ["django.template.context_processors.request",
                                                 "django.contrib.auth.context_processors.auth",
                                                 "django.contrib.messages.context_processors.messages"]}}]
DATABASES = {"default": {
    "ENGINE": "django.db.backends.postgresql",
    "NAME": os.environ.get("PGDATABASE", "postgres"),
    "HOST": os.environ.get("PGHOST", ""), "PORT": os.environ.get("PGPORT", ""),
    "USER": os.environ.get("PGUSER", ""),
}}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
"""

MODELS_COMMON = """
import uuid
from django.db import models
import idtypes_django as idt


class Event(models.Model):
    id = idt.MuidField(primary_key=True, db_default=idt.GenMuid())
    n = models.IntegerField(default=0)


class Origin(models.Model):
    id = idt.HlcUlidField(primary_key=True, db_default=idt.GenHlcUlid())
    n = models.IntegerField(default=0)


class Parcel(models.Model):
    id = idt.Uid8Field(primary_key=True, db_default=idt.GenUid8())
    n = models.IntegerField(default=0)


class Ref(models.Model):
    id = idt.Tid62Field(primary_key=True, db_default=idt.GenTid62())
    n = models.IntegerField(default=0)


class Doc(models.Model):
    id = models.UUIDField(primary_key=True, db_default=idt.GenUuidV7())
    n = models.IntegerField(default=0)
"""

LEGACY_V1 = """

class LegacyU(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4)
    n = models.IntegerField(default=0)


class LegacyS(models.Model):
    n = models.IntegerField(default=0)
"""

LEGACY_V2 = """

class LegacyU(models.Model):
    id = models.UUIDField(primary_key=True, db_default=idt.GenUuidV7())
    n = models.IntegerField(default=0)


class LegacyS(models.Model):
    id = idt.Uid8Field(primary_key=True, db_default=idt.GenUid8())
    n = models.IntegerField(default=0)
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def manage(*args):
    """django-admin in the project, in a process of its own (each version of
    the models is imported once)."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="settings",
               PYTHONPATH=os.pathsep.join([WORKDIR, os.environ.get("PYTHONPATH", "")]))
    p = subprocess.run([sys.executable, "-m", "django", *args], cwd=WORKDIR, env=env,
                       capture_output=True, text=True)
    check(f"django-admin {' '.join(args)}", p.returncode == 0, p.stdout + p.stderr)
    return p.stdout


def migrations():
    write(f"{WORKDIR}/settings.py", SETTINGS)
    write(f"{WORKDIR}/shop/__init__.py", "")
    write(f"{WORKDIR}/shop/models.py", MODELS_COMMON + LEGACY_V1)
    manage("makemigrations", "shop")
    with open(f"{WORKDIR}/shop/migrations/0001_initial.py") as f:
        code = f.read()
    for want in ("idtypes_django.MuidField(db_default=idtypes_django.GenMuid(), primary_key=True",
                 "idtypes_django.HlcUlidField(db_default=idtypes_django.GenHlcUlid()",
                 "idtypes_django.Uid8Field(db_default=idtypes_django.GenUid8()",
                 "idtypes_django.Tid62Field(db_default=idtypes_django.GenTid62()",
                 "models.UUIDField(db_default=idtypes_django.GenUuidV7()",
                 "import idtypes_django"):
        check(f"makemigrations writes {want}", want in code, code)
    manage("migrate")
    import psycopg

    with psycopg.connect(autocommit=True) as conn:
        defaults = dict(conn.execute("""
            SELECT table_name, column_default FROM information_schema.columns
            WHERE table_name LIKE 'shop\\_%' AND column_name = 'id'""").fetchall())
        for table, default in [("shop_event", "gen_muid()"), ("shop_origin", "gen_hlculid()"),
                               ("shop_parcel", "gen_uid8()"), ("shop_ref", "gen_tid62()"),
                               ("shop_doc", "uuidv7_next()")]:
            same(f"migrate creates {table}.id with DEFAULT {default}", defaults.get(table), default)
        conn.execute("INSERT INTO shop_legacyu (id, n) VALUES ('05d5eac7-93e6-1f17-b9f5-b9479df94ac0', 1)")
        conn.execute("INSERT INTO shop_legacys (n) VALUES (1), (2)")
        # the legacy keys, migrated
        write(f"{WORKDIR}/shop/models.py", MODELS_COMMON + LEGACY_V2)
        manage("makemigrations", "shop", "--name", "legacy_keys")
        manage("migrate")
        rows = conn.execute("SELECT id::text, n FROM shop_legacys ORDER BY n").fetchall()
        same("a bigserial key migrated to uid8 keeps its values", rows,
             [("0000000000000001", 1), ("0000000000000002", 2)])
        id_ = conn.execute("INSERT INTO shop_legacys (n) VALUES (3) RETURNING id::text").fetchone()[0]
        check("new keys of the migrated table come from gen_uid8()", id_ > "0000000000400000", id_)
        version = conn.execute("INSERT INTO shop_legacyu (n) VALUES (2) RETURNING id").fetchone()[0].version
        same("a uuid key's new default is UUIDv7 (old keys kept)", version, 7)


def orm():
    sys.path.insert(0, WORKDIR)
    os.environ["DJANGO_SETTINGS_MODULE"] = "settings"
    import django

    django.setup()
    from django.contrib import admin
    from django.contrib.admin.utils import display_for_field
    from django.contrib.auth.models import User
    from django.db import connection, transaction
    from django.forms import modelform_factory
    from django.test import RequestFactory
    from shop.models import Doc, Event, LegacyS, Origin, Parcel, Ref

    from idtypes_values import HlcUlid, Muid, Tid62, Uid8

    same("Django is 5.x or later", django.VERSION[0] >= 5, True)
    models = {"muid": (Event, Muid), "hlculid": (Origin, HlcUlid), "uid8": (Parcel, Uid8),
              "tid62": (Ref, Tid62), "uuid": (Doc, uuid.UUID)}
    for name, (model, cls) in models.items():
        with transaction.atomic():
            obj = model.objects.create(n=1)
            check(f"{name}: save() reads the db_default key back as {cls.__name__}",
                  type(obj.pk) is cls, repr(obj.pk))
            same(f"{name}: get(pk=...) finds it", model.objects.get(pk=obj.pk).n, 1)
            same(f"{name}: filter(pk__in=...) finds it", list(model.objects.filter(pk__in=[obj.pk]).values_list("n", flat=True)), [1])
            transaction.set_rollback(True)
        if name == "uuid":
            continue
        text, time, (part, part_value), build, time_first = KNOWN[name]
        forms = [("its value class", cls(text)), ("its text", text)]
        if name in ("muid", "hlculid"):
            forms.append(("a uuid.UUID", uuid.UUID(int=cls(text).int)))
        if name == "uid8":
            forms.append(("an int", int(cls(text))))
        for label, value in forms:
            with transaction.atomic():
                model.objects.create(id=value, n=2)
                got = model.objects.get(n=2).pk
                same(f"{name}: {label} stores the value, read back as {cls.__name__}",
                     (type(got), str(got)), (cls, text))
                transaction.set_rollback(True)
        with transaction.atomic():
            model.objects.create(id=text, n=2)
            got = model.objects.filter(pk=text).values_list("id__time", f"id__{part}").get()
            if isinstance(got[1], memoryview):
                got = (got[0], bytes(got[1]))
            same(f"{name}: the transforms id__time and id__{part} read the parts", got, (time, part_value))
            field = model._meta.get_field("id")
            obj = model.objects.get(pk=text)
            same(f"{name}: the admin displays the text form", display_for_field(obj.pk, field, "-"), text)
            same(f"{name}: value_to_string (serializers, dumpdata) is the text form", field.value_to_string(obj), text)
            transaction.set_rollback(True)

        # a time range on the key
        with transaction.atomic():
            with connection.cursor() as cur:
                for n, t in enumerate(INSTANTS):
                    cur.execute(f"INSERT INTO {model._meta.db_table} (id, n) VALUES ({build.format(t='%s')}, %s)",
                                [t, n])
            t1, t2 = RANGE
            if time_first:
                got = list(model.objects.filter(id__gte=t1, id__lt=t2).order_by("id").values_list("n", flat=True))
                same(f"{name}: filter(id__gte=t1, id__lt=t2) with datetimes", got, [3, 4, 5])
                got = list(model.objects.filter(id__time_range=RANGE).order_by("id").values_list("n", flat=True))
                same(f"{name}: filter(id__time_range=(t1, t2))", got, [3, 4, 5])
            got = list(model.objects.filter(id__time__gte=t1, id__time__lt=t2).order_by("id")
                       .values_list("n", flat=True))
            same(f"{name}: filter(id__time__gte=t1, id__time__lt=t2)", got, [3, 4, 5])
            transaction.set_rollback(True)

    # forms and the admin take and show the text form
    with transaction.atomic():
        event = Event.objects.create(n=5)
        Form = modelform_factory(Event, fields=["id", "n"])
        check("a model form shows the key's text form", f'value="{event.pk}"' in str(Form(instance=event)["id"]),
              str(Form(instance=event)["id"]))
        form = Form(data={"id": "05d5eac7-93e6-1f17-b9f5-b9479df94ac0".replace("-", ""), "n": 6})
        check("a model form takes the text form", form.is_valid(), form.errors)
        form.save()
        same("and saves it", str(Event.objects.get(n=6).pk), "05D5EAC793E61F17B9F5B9479DF94AC0")
        same("a uid8 of 0 is a value, not an empty field",
             Parcel._meta.get_field("id").to_python(Uid8(0)), Uid8(0))
        form = Form(data={"id": "not a muid", "n": 7})
        check("a model form refuses bad text", not form.is_valid() and "id" in form.errors, form.errors)
        request = RequestFactory().get("/")
        request.user = User(is_superuser=True, is_staff=True, is_active=True)
        AdminForm = admin.ModelAdmin(Event, admin.site).get_form(request, event)
        html = str(AdminForm(instance=event)["id"])
        check("the admin's change form shows the key's text form", f'value="{event.pk}"' in html, html)
        transaction.set_rollback(True)
    with transaction.atomic():
        obj = LegacyS.objects.create(n=9)
        check("the migrated bigserial table's model saves with a uid8 key", type(obj.pk) is Uid8, repr(obj.pk))
        transaction.set_rollback(True)


def main():
    import psycopg

    with psycopg.connect(autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS idtypes")
    migrations()
    orm()


run(main)
