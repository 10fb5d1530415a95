"""ORM test of idtypes with SQLAlchemy 2.0 (psycopg 3 dialect), Alembic and
the column types of idtypes_sqlalchemy.

Usage: python3 test_idtypes_sqlalchemy.py CONNINFO

For every type (muid, hlculid, uid8, tid62, and UUIDv7 on core uuid): a
mapped class whose key has the generator as server_default, created by
create_all; the generated key read back on flush as the Python value class;
known values written in each form the column takes and read back; lookups
by key (=, IN); the time and another part read with the comparator's
timestamp() and part(); a time range on the key with datetime bounds;
reflection of the columns.  Then Alembic: autogenerate renders the types and
defaults, the rendered migration runs, and a second comparison finds nothing
to do; and the migrations of an existing uuid and bigserial key.  Prints one
line per check (orm_checks), then "ran N checks".
"""

import sys
import uuid

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata, produce_migrations, render_python_code
from alembic.migration import MigrationContext
from alembic.operations import Operations
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

import idtypes_sqlalchemy as ids
from idtypes_values import HlcUlid, Muid, Tid62, Uid8
from orm_checks import INSTANTS, KNOWN, RANGE, check, run, same

COLUMN_TYPES = {
    "muid": (ids.Muid, Muid, ids.GEN_MUID),
    "hlculid": (ids.HlcUlid, HlcUlid, ids.GEN_HLCULID),
    "uid8": (ids.Uid8, Uid8, ids.GEN_UID8),
    "tid62": (ids.Tid62, Tid62, ids.GEN_TID62),
}


class Base(DeclarativeBase):
    pass


def model(name, column_type, default):
    return type(f"Sa{name.capitalize()}", (Base,), {
        "__tablename__": f"sa_{name}",
        "__annotations__": {"id": Mapped[object], "n": Mapped[int]},
        "id": mapped_column(column_type, primary_key=True, server_default=default),
        "n": mapped_column(sa.Integer, default=0),
    })


MODELS = {name: model(name, t(), d) for name, (t, _, d) in COLUMN_TYPES.items()}
MODELS["uuid"] = model("uuid", sa.Uuid(), ids.GEN_UUIDV7)


def other_forms(name, text):
    """What else a column takes for the known text: (label, value)."""
    cls = COLUMN_TYPES[name][1]
    value = cls(text)
    forms = [("its value class", value), ("its text", text)]
    if name in ("muid", "hlculid"):
        forms.append(("a uuid.UUID", uuid.UUID(int=value.int)))
        forms.append(("16 bytes", value.bytes))
    elif name == "uid8":
        forms.append(("an int", int(value)))
    return forms


def types(engine):
    with Session(engine) as s:
        for name, cls in MODELS.items():
            value_class = COLUMN_TYPES[name][1] if name != "uuid" else uuid.UUID
            obj = cls(n=1)
            s.add(obj)
            s.flush()
            check(f"{name}: the server_default key arrives on flush as {value_class.__name__}",
                  type(obj.id) is value_class, repr(obj.id))
            same(f"{name}: the key's text is the SQL text", str(obj.id),
                 s.execute(sa.text(f"SELECT id::text FROM sa_{name} WHERE n = 1")).scalar())
            found = s.scalars(sa.select(cls).where(cls.id == obj.id)).one()
            check(f"{name}: select by key (=) finds it", found is obj)
            found = s.scalars(sa.select(cls.n).where(cls.id.in_([obj.id, obj.id]))).all()
            same(f"{name}: select by key (IN) finds it", found, [1])
            s.rollback()
            if name == "uuid":
                continue
            text, time, (part, part_value), _, _ = KNOWN[name]
            for n, (label, value) in enumerate(other_forms(name, text), start=10):
                s.add(cls(id=value, n=n))
                s.flush()
                got = s.scalars(sa.select(cls.id).where(cls.n == n)).one()
                same(f"{name}: {label} stores the value, read back as {value_class.__name__}",
                     (type(got), str(got)), (value_class, text))
                s.rollback()
            s.add(cls(id=text, n=2))
            s.flush()
            row = s.execute(sa.select(cls.id.timestamp(), cls.id.part(part)).where(cls.id == text)).one()
            same(f"{name}: timestamp() and part('{part}') read the parts", tuple(row), (time, part_value))
            s.rollback()


def time_ranges(engine):
    with Session(engine) as s:
        for name, cls in MODELS.items():
            build = ("uuidv7_at({t})" if name == "uuid" else KNOWN[name][3]).format(t=":t")
            for n, t in enumerate(INSTANTS):
                s.execute(sa.text(f"INSERT INTO sa_{name} (id, n) VALUES ({build}, :n)"), {"t": t, "n": n})
            t1, t2 = RANGE
            if name == "uuid":
                where = (cls.id >= sa.func.uuidv7_floor(t1), cls.id < sa.func.uuidv7_floor(t2))
            elif name == "uid8":
                where = (cls.id >= sa.func.uid8_floor(t1), cls.id < sa.func.uid8_floor(t2))
            else:
                where = (cls.id >= t1, cls.id < t2)
                sql = str(sa.select(cls).where(*where).compile(engine))
                check(f"{name}: a datetime bound is sent as timestamptz",
                      "::TIMESTAMP WITH TIME ZONE" in sql, sql)
            got = s.scalars(sa.select(cls.n).where(*where).order_by(cls.id)).all()
            same(f"{name}: the time range [t3, t6) on the key", got, [3, 4, 5])
            s.rollback()


def reflection(engine):
    columns = {c["name"]: c for c in sa.inspect(engine).get_columns("sa_muid")}
    check("reflection: a muid column's type is idtypes_sqlalchemy.Muid",
          isinstance(columns["id"]["type"], ids.Muid), columns["id"])
    same("reflection: its default is the generator", columns["id"]["default"], "gen_muid()")
    columns = {c["name"]: c for c in sa.inspect(engine).get_columns("sa_uid8")}
    check("reflection: a uid8 column's type is idtypes_sqlalchemy.Uid8",
          isinstance(columns["id"]["type"], ids.Uid8), columns["id"])


def alembic(engine):
    target = sa.MetaData()
    sa.Table("al_events", target,
             sa.Column("id", ids.HlcUlid(), primary_key=True, server_default=ids.GEN_HLCULID),
             sa.Column("trace", ids.Muid(), server_default=ids.GEN_MUID),
             sa.Column("parcel", ids.Uid8()),
             sa.Column("ref", ids.Tid62(), server_default=ids.GEN_TID62))
    opts = {"compare_type": True, "include_name": lambda name, kind, parent: kind != "table" or name == "al_events"}
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE IF EXISTS al_events"))
        context = MigrationContext.configure(conn, opts=opts)
        code = render_python_code(produce_migrations(context, target).upgrade_ops)
        for want in ("idtypes_sqlalchemy.HlcUlid(), server_default=sa.text('gen_hlculid()')",
                     "idtypes_sqlalchemy.Muid(), server_default=sa.text('gen_muid()')",
                     "idtypes_sqlalchemy.Uid8()",
                     "idtypes_sqlalchemy.Tid62(), server_default=sa.text('gen_tid62()')"):
            check(f"alembic autogenerate renders {want}", want in code, code)
        # run the rendered migration as Alembic runs a revision's upgrade()
        lines = [line for line in code.splitlines() if line.strip() and not line.strip().startswith("#")]
        body = "\n".join("    " + line.strip() if not line.startswith("    ") else line for line in lines)
        namespace = {"sa": sa, "idtypes_sqlalchemy": ids, "op": Operations(context)}
        exec("def upgrade():\n" + body + "\n", namespace)
        namespace["upgrade"]()
        row = conn.execute(sa.text(
            "INSERT INTO al_events DEFAULT VALUES RETURNING id::text, trace::text, ref::text")).one()
        check("the rendered migration creates the table with its generator defaults",
              (HlcUlid(row[0]), Muid(row[1]), Tid62(row[2])) and None not in row, row)
        diffs = compare_metadata(MigrationContext.configure(conn, opts=opts), target)
        same("alembic: after the migration, nothing to do (types reflected)", diffs, [])
        conn.execute(sa.text("DROP TABLE al_events"))


def migrations(engine):
    with engine.begin() as conn:
        conn.execute(sa.text("""
            CREATE TABLE legacy_uuid (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int);
            CREATE TABLE legacy_uuid2 (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int);
            CREATE TABLE legacy_serial (id bigserial PRIMARY KEY, n int);
            INSERT INTO legacy_uuid (n) VALUES (1);
            INSERT INTO legacy_uuid2 (id, n) VALUES ('05d5eac7-93e6-1f17-b9f5-b9479df94ac0', 1);
            INSERT INTO legacy_serial (n) VALUES (1), (2)"""))
        op = Operations(MigrationContext.configure(conn))
        # a uuid key keeps its type and values; new keys are UUIDv7
        op.alter_column("legacy_uuid", "id", server_default=ids.GEN_UUIDV7)
        version = conn.execute(sa.text("INSERT INTO legacy_uuid (n) VALUES (2) RETURNING id")).scalar().version
        same("migration: a uuid key's new default is UUIDv7", version, 7)
        # a uuid key becomes a muid: the same 16 bytes; its uuid default
        # goes first (a default is converted without USING, and a uuid is
        # not converted into a muid without a cast)
        op.alter_column("legacy_uuid2", "id", server_default=None)
        op.alter_column("legacy_uuid2", "id", type_=ids.Muid(), server_default=ids.GEN_MUID,
                        postgresql_using="id::muid")
        got = conn.execute(sa.text("SELECT id FROM legacy_uuid2 WHERE n = 1")).scalar()
        same("migration: uuid key to muid keeps the 16 bytes", str(got), "05D5EAC793E61F17B9F5B9479DF94AC0")
        # a bigserial key becomes a uid8: the same 64 bits; the sequence goes
        op.alter_column("legacy_serial", "id", type_=ids.Uid8(), server_default=ids.GEN_UID8,
                        postgresql_using="id::uid8")
        op.execute("DROP SEQUENCE legacy_serial_id_seq")
        conn.execute(sa.text("INSERT INTO legacy_serial (n) VALUES (3)"))
        rows = conn.execute(sa.text("SELECT id::text, n FROM legacy_serial ORDER BY n")).all()
        same("migration: bigserial key to uid8 keeps the values",
             [tuple(r) for r in rows[:2]], [("0000000000000001", 1), ("0000000000000002", 2)])
        check("migration: new uid8 keys come from gen_uid8()", rows[2][0] > "0000000000400000", rows[2])
        conn.execute(sa.text("DROP TABLE legacy_uuid, legacy_uuid2, legacy_serial"))


def main():
    conninfo = sys.argv[1]
    import psycopg

    engine = sa.create_engine("postgresql+psycopg://", creator=lambda: psycopg.connect(conninfo))
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE EXTENSION IF NOT EXISTS idtypes"))
        Base.metadata.drop_all(conn)
        Base.metadata.create_all(conn)
    same("SQLAlchemy is 2.x", sa.__version__.split(".")[0], "2")
    types(engine)
    time_ranges(engine)
    reflection(engine)
    alembic(engine)
    migrations(engine)
    with engine.begin() as conn:
        Base.metadata.drop_all(conn)


run(main)
