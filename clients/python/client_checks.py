"""The checks of the Python client programs (test_idtypes_psycopg.py,
test_idtypes_asyncpg.py, and the ORM tests through orm_checks.py).

Each check prints one line, "ok - what" or "not ok - what: details", which
the TAP test that runs the program turns into an assertion (client_checks
of t/IdtypesTest/Clients.pm).  run() runs the program's main() (a function,
or a coroutine function, which it runs with asyncio), ends with "ran N
checks" when main() returned, reports a crash as a failed check instead,
and exits non-zero on any failure: a program cut short prints no "ran"
line, which the TAP test sees.
"""

import asyncio
import inspect
import sys
import traceback

checks = 0
failures = 0

# the longest details printed: a traceback's start and its end (where the
# error is) are kept, with "..." between
DETAILS_MAX = 700


def check(what, ok, details=""):
    """One check: prints it, and counts it and its failure."""
    global checks, failures
    checks += 1
    if ok:
        print(f"ok - {what}", flush=True)
        return
    failures += 1
    # one line per check: the TAP test reads them line by line
    details = " | ".join(str(details).splitlines())
    if len(details) > DETAILS_MAX:
        details = details[:DETAILS_MAX // 2 - 50] + " ... " + details[-(DETAILS_MAX // 2 + 50):]
    print(f"not ok - {what}: {details}", flush=True)


def same(what, got, want):
    check(what, got == want, f"got {got!r}, want {want!r}")


def raises(what, exc, fn):
    """fn() raises exc."""
    try:
        fn()
    except exc:
        check(what, True)
    except Exception as e:  # noqa: BLE001 - any other exception is the failure
        check(what, False, f"raised {type(e).__name__}: {e}")
    else:
        check(what, False, f"no {exc.__name__} raised")


def run(main):
    """Run main() and exit: 0 when every check passed."""
    try:
        if inspect.iscoroutinefunction(main):
            asyncio.run(main())
        else:
            main()
        # the last line: a client cut short prints none (client_checks)
        print(f"ran {checks} checks", flush=True)
    except Exception:  # noqa: BLE001 - report any crash as a failed check
        check("the client test ran to its end", False, traceback.format_exc())
    sys.exit(1 if failures else 0)
