# Makefile for idtypes (PGXS): the module from src/*.c, the install script
# from the SQL sources in src/ (SQL_SOURCES below), the tests, and the PGXN
# archive (make dist).

EXTENSION = idtypes
EXTVERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" $(EXTENSION).control)

# The schemes' sources, in the canonical order that the install script,
# the regression files and the isolation specs follow: the types of
# src/scheme.h's table, in its order (the UUID versions share uuid).
SCHEMES := $(shell sed -n 's/^[[:space:]]*\.type = "\([a-z0-9_]*\)",.*/\1/p' src/scheme.h | awk '!seen[$$0]++')

MODULE_big = idtypes
# src/ and the clock subsystem's folder (src/clock/, whose one header for
# the rest is clock/clock.h: #include "clock/clock.h")
OBJS = $(patsubst %.c,%.o,$(sort $(wildcard src/*.c src/clock/*.c)))

# The install script of the current version (default_version in the
# control file) is built, not tracked: the SQL of each scheme is in src/,
# beside its C code, and tools/sqlscript.sh puts the sources together in
# this order (the order of the schemes, then what uses them), writing the
# fixed-width byte-id block of src/byteid.sql.in once for each type whose
# source asks for it ("@byteid muid 16 a").  The install scripts of the
# released versions are tracked, frozen as each release built them, in
# released/ (released/SHA256SUMS holds their digests, which t/030 checks),
# and the upgrade scripts (idtypes--A--B.sql, one per step from a release
# to the next) at the top; both are installed as they are, so that a
# server offers every released version and the path from each to this one
# (doc/contributing.md, "Releasing").  Right after a release, before
# default_version moves on, released/ holds the current version too: the
# built script is installed, and t/030 checks that the two are equal.
SQL_SOURCES = src/idtypes.sql src/identity.sql $(patsubst %,src/%.sql,$(SCHEMES)) \
	src/clock/clock.sql src/simpledb.sql src/partition.sql
DATA_built = $(EXTENSION)--$(EXTVERSION).sql
RELEASED = $(filter-out released/$(DATA_built),$(wildcard released/$(EXTENSION)--*.sql))
DATA = $(RELEASED) $(filter-out $(DATA_built),$(wildcard $(EXTENSION)--*--*.sql))

# Regression tests: setup first (it creates the extension), then one file
# per scheme, then every other file in sql/ in name order, and clock_advance
# last: it moves the server's clocks ahead of the wall clock for good (their
# steady time never goes back), which the comparisons with core's uuidv7()
# in core_uuid would see; the isolation specs likewise.
REGRESS_LAST = clock_advance
REGRESS = setup $(SCHEMES) \
	$(sort $(filter-out setup $(SCHEMES) $(REGRESS_LAST),$(basename $(notdir $(wildcard sql/*.sql))))) \
	$(REGRESS_LAST)
REGRESS_OPTS = --inputdir=. --dbname=contrib_regression
ISOLATION = $(patsubst %,%_concurrent,$(SCHEMES)) \
	$(sort $(filter-out $(patsubst %,%_concurrent,$(SCHEMES)),$(basename $(notdir $(wildcard specs/*.spec)))))
ISOLATION_OPTS = --load-extension=$(EXTENSION)
TAP_TESTS = 1

# -Wno-unused-parameter: the server headers and the fmgr, GUC and sortsupport
# callback signatures have parameters a given function does not use.
PG_CFLAGS = -Wall -Wextra -Wno-unused-parameter
# The library exports only what PostgreSQL looks up by name (Pg_magic_func,
# _PG_init, the SQL-callable functions and their info records): the rest is
# hidden, so that no helper of ours answers for another module's function
# of the same name (src/compat.h).  PGXS passes -fvisibility=hidden on 16
# and later, and c.h defines PGDLLEXPORT to default visibility there; 15's
# leaves it empty, hence the definition here (the same as 16's).
PG_CFLAGS += -fvisibility=hidden
PG_CPPFLAGS += -I$(srcdir)/src
PG_CPPFLAGS += -DPGDLLEXPORT='__attribute__((visibility("default")))'
# WERROR=1: a compiler warning is an error.  CI builds so on every version
# of the matrix (tools/test.sh passes it when IDTYPES_WERROR=1, which .ci/run
# sets), so that a warning that only one version's headers or compiler gives
# stops the run.  It is opt-in: Debian's package builds, and anyone's build
# with a newer compiler, must not fail on a warning that compiler adds.
ifeq ($(WERROR),1)
PG_CFLAGS += -Werror
endif
EXTRA_CLEAN = results output_iso tmp_check tmp_check_iso regression.diffs regression.out dist

# IDTYPES_SANITIZE=1 (bash tools/test.sh --sanitize): build with
# UndefinedBehaviorSanitizer, stopping at the first report.  (Its runtime
# is an ordinary shared library, loaded with the module; AddressSanitizer's
# would have to be preloaded into the server, and hangs the Debian server
# binaries at start.  Memory errors are valgrind's part of that test mode.)
ifdef IDTYPES_SANITIZE
PG_CFLAGS += -fsanitize=undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SHLIB_LINK += -fsanitize=undefined
endif

# The regression files and the isolation specs run against a server that
# loads idtypes at start (shared_preload_libraries = 'idtypes': the
# server-wide clocks, the identity settings, the safe bound's slots).  On a
# server without it they would fail file after file with errors that do not
# say why; the check asks the server first (psql, with the connection
# pg_regress uses: PGHOST, PGPORT, PGUSER) and stops with the reason and
# the fix.  tools/test.sh starts a server that has the setting;
# make installcheck ISOLATION= REGRESS= (the TAP tests alone, which start
# servers of their own) skips the check.
ifneq ($(strip $(REGRESS) $(ISOLATION)),)
REGRESS_PREP = preload-check
endif
# make dist alone needs git, not PostgreSQL: tools/test.sh --pg makes the
# archive on a machine that has only the servers of the test matrix.
ifneq ($(MAKECMDGOALS),dist)
PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# The supported majors (README.md, "Supported versions"): the ones the
# community supports, 15 and later, up to the newest that the test matrix
# runs.  A newer major can be tried with IDTYPES_UNTESTED_MAJOR=1.
IDTYPES_MAJORS = 15 16 17 18 19
ifeq ($(filter $(MAJORVERSION),$(IDTYPES_MAJORS)),)
ifeq ($(shell test "$(MAJORVERSION)" -gt 19 2>/dev/null && echo newer),newer)
ifndef IDTYPES_UNTESTED_MAJOR
$(error idtypes is tested on PostgreSQL 15 to 19, and $(PG_CONFIG) is PostgreSQL $(VERSION): to build it anyway, add IDTYPES_UNTESTED_MAJOR=1)
endif
else
$(error idtypes requires PostgreSQL 15 to 19, and $(PG_CONFIG) is PostgreSQL $(VERSION): 13 and 14 are end of life)
endif
endif
endif

# PGXS tracks header dependencies only in servers built with
# --enable-depend: rebuild every object when any of our headers changes.
$(OBJS): $(wildcard src/*.h src/clock/*.h)

# The install script: rebuilt when a source, the template, the tool or the
# version (the control file) changes; make clean removes it (DATA_built).
$(DATA_built): $(SQL_SOURCES) src/byteid.sql.in tools/sqlscript.sh $(EXTENSION).control
	$(SHELL) tools/sqlscript.sh $@ src/byteid.sql.in $(SQL_SOURCES)

# preload-check: see REGRESS_PREP above.
PRELOAD_QUERY = SELECT current_setting('shared_preload_libraries') || '|' || \
	EXISTS (SELECT FROM unnest(string_to_array(current_setting('shared_preload_libraries'), ',')) l \
		WHERE regexp_replace(btrim(l, ' ' || chr(34)), '^.*/|[.]so$$', '', 'g') = '$(MODULE_big)')
.PHONY: preload-check
preload-check:
	@out=$$('$(bindir)/psql' -X -A -t -q -d postgres -c "$(PRELOAD_QUERY)" 2>&1) || { \
		echo "installcheck: could not ask the server for shared_preload_libraries: $$out" >&2; exit 1; }; \
	case "$$out" in \
	*'|true') ;; \
	*) echo "installcheck: the server (PGHOST=$${PGHOST:-default}, PGPORT=$${PGPORT:-default}) does not load idtypes at start: its shared_preload_libraries is '$${out%|*}'." >&2; \
	   echo "The regression files and isolation specs need shared_preload_libraries = 'idtypes' (added to the list it has, if any) in its postgresql.conf, and a restart; or run bash tools/test.sh, which starts a server with it." >&2; \
	   exit 1 ;; \
	esac

# The three suites one by one, so that a failure in one does not hide the
# others (tools/test.sh runs them this way and counts the results).
.PHONY: installcheck-regress installcheck-isolation installcheck-tap
installcheck-regress: $(REGRESS_PREP)
	$(pg_regress_installcheck) $(REGRESS_OPTS) $(REGRESS)
installcheck-isolation: $(REGRESS_PREP)
	$(pg_isolation_regress_installcheck) $(ISOLATION_OPTS) $(ISOLATION)
installcheck-tap:
	$(prove_installcheck)

# The PGXN distribution: the files git tracks at DIST_REF (HEAD unless told
# otherwise) under $(EXTENSION)-$(EXTVERSION)/, as
# $(DISTDIR)/$(EXTENSION)-$(EXTVERSION).zip.  .gitattributes keeps what only
# the repository needs out of it (export-ignore).
DIST_REF ?= HEAD
DISTDIR ?= dist
.PHONY: dist
dist:
	@mkdir -p $(DISTDIR)
	git archive --format=zip --prefix=$(EXTENSION)-$(EXTVERSION)/ \
		-o $(DISTDIR)/$(EXTENSION)-$(EXTVERSION).zip $(DIST_REF)
	@echo "$(DISTDIR)/$(EXTENSION)-$(EXTVERSION).zip"
