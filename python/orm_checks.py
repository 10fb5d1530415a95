"""The checks of the ORM tests (test_idtypes_sqlalchemy.py,
test_idtypes_django.py), and the values they use.

Each check prints "ok - what" or "not ok - what: details" (t/024_orm_python.pl
turns them into TAP assertions); run() runs a test's main() and ends with
"ran N checks", or reports a crash as a failed check, and exits non-zero on
any failure.
"""

import datetime
import sys
import traceback

checks = 0
failures = 0

UTC = datetime.timezone.utc


def check(what, ok, details=""):
    global checks, failures
    checks += 1
    if ok:
        print(f"ok - {what}", flush=True)
    else:
        failures += 1
        details = str(details)
        if len(details) > 500:
            details = details[:500] + "..."
        print(f"not ok - {what}: {details}", flush=True)


def same(what, got, want):
    check(what, got == want, f"got {got!r}, want {want!r}")


def run(main):
    try:
        main()
        print(f"ran {checks} checks", flush=True)
    except Exception:  # noqa: BLE001 - report any crash as a failed check
        check("the ORM test ran to its end", False, traceback.format_exc().replace("\n", " | "))
    sys.exit(1 if failures else 0)


# Known values of each type: the SQL type, its text, its time, another part
# (SQL function suffix, value), the SQL that builds an id of a given time
# ({t} is a timestamptz), and whether the key compares with timestamptz.
KNOWN = {
    "muid": ("05D5EAC793E61F17B9F5B9479DF94AC0",
             datetime.datetime(2022, 1, 19, 8, 0, 30, 975519, tzinfo=UTC),
             ("medallion", 417399343184351), "muid_from_parts({t}, 42, 1)", True),
    "hlculid": ("01K0RS6SB4000002NAM48H248H",
                datetime.datetime(2025, 7, 22, 10, 0, 0, 100000, tzinfo=UTC),
                ("publisher", 10), "hlculid_from_parts({t}, 0, 10, 0)", True),
    "uid8": ("cb54ecf2840a0015",
             datetime.datetime(1974, 7, 14, 19, 42, 16, 275000, tzinfo=UTC),
             ("cluster", 5), "uid8_from_parts({t}, 0, 1, 5, 'time_sequential')", False),
    "tid62": ("04XVaYIJisigHzUpr",
              datetime.datetime(2025, 12, 30, 12, 0, tzinfo=UTC),
              ("entropy", bytes.fromhex("0123456789abcdef")), "tid62_from_parts({t}, decode('0000000000000000', 'hex'))", True),
}

# ten instants one second apart, and a range [3, 6) of them
T0 = datetime.datetime(2025, 7, 22, 10, 0, tzinfo=UTC)
INSTANTS = [T0 + datetime.timedelta(seconds=n) for n in range(10)]
RANGE = (INSTANTS[3], INSTANTS[6])
