"""The checks of the ORM tests (test_idtypes_sqlalchemy.py,
test_idtypes_django.py), and the values they use.

check(), same() and run() are client_checks.py's, as in the other client
programs (t/024_orm_python.pl turns the checks into TAP assertions).
"""

import datetime

from client_checks import check, run, same  # noqa: F401 - the ORM tests import them from here

UTC = datetime.timezone.utc


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
