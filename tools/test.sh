#!/usr/bin/env bash
# tools/test.sh: install what is missing, build and install idtypes, then run
# the whole test suite: pg_regress (sql/, against a throwaway server with
# shared_preload_libraries = 'idtypes'), the isolation specs (specs/), and
# the TAP tests (t/, which start their own servers; among them the Python
# client, the README's examples, and the packaging checks, for which this
# script makes the PGXN archive in a git checkout).  Prints every failure's
# details, ends with one line "N passed, N failed" (a regress file or an
# isolation spec counts as one test, a TAP test by its assertions) and exits
# non-zero on any failure.
#
# Options: --keep      keep the work directory (results, logs) even on success.
#          --sanitize  build idtypes with UndefinedBehaviorSanitizer for every
#                      server of the suite, and run the server of pg_regress
#                      and the isolation specs under valgrind's memcheck.  A
#                      sanitizer or valgrind report is printed at the end and
#                      counts as a failure.  The idtypes installed afterwards
#                      is the sanitized one: run the suite without --sanitize
#                      to put the plain one back.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

keep=false
sanitize=false
for arg in "$@"; do
	case "$arg" in
		--keep) keep=true ;;
		--sanitize) sanitize=true ;;
		*) echo "usage: $0 [--keep] [--sanitize]" >&2; exit 2 ;;
	esac
done

dir=""
passed=0
failed=0
summary_done=false
srv=""

# Whatever happens (a failed build, a server that does not start, Ctrl-C),
# stop the server and end with the summary line.
finish() {
	local rc=$?
	[ -n "$srv" ] && stop_server "$srv"
	if ! $summary_done; then
		echo "$passed passed, $((failed + 1)) failed"
		log "the suite stopped early${dir:+; work directory: $dir}"
		exit 1
	fi
	exit "$rc"
}
trap finish EXIT

install_packages
$sanitize || build_install
# Citus for t/060_citus.pl: the installed one, or built from its archive
# (IDTYPES_CITUS_SKIP says why not)
source "$(dirname "${BASH_SOURCE[0]}")/citus.sh"
citus_setup

# The server account must be able to write results, so the suites run in a
# copy of the tree that it owns.
dir=$(make_workdir test)
tar -C "$IDTYPES_ROOT" --exclude=.git --exclude='*.o' --exclude='*.so' --exclude='*.bc' \
	--exclude=results --exclude=output_iso --exclude=tmp_check --exclude=tools/fuzz/out -cf - . |
	as_user tar -C "$dir" -xf -
mkdir -p "$dir/out"
[ "$(id -u)" = 0 ] && chown postgres: "$dir/out"

# The PGXN archive (make dist) of what git tracks, uncommitted changes to
# tracked files included, for t/030_packaging.pl to check and build; outside
# a git checkout there is none, and that test says so and skips.
if git -C "$IDTYPES_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	log "making the PGXN archive"
	ref=$(git -C "$IDTYPES_ROOT" stash create)
	make -s -C "$IDTYPES_ROOT" PG_CONFIG="$PG_CONFIG" dist DIST_REF="${ref:-HEAD}" \
		DISTDIR="$dir/dist" >/dev/null
	export IDTYPES_DIST_DIR=$dir/dist
fi

# The sanitized build is made in the copy, so that the tree's own objects
# stay plain.  Reports go to out/ubsan.PID and out/valgrind.PID.
SERVER_WRAPPER=""
if $sanitize; then
	build_install "$dir" IDTYPES_SANITIZE=1
	export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1:log_path=$dir/out/ubsan"
	SERVER_WRAPPER="$dir/out/postgres-valgrind"
	cat >"$SERVER_WRAPPER" <<EOF
#!/bin/sh
exec valgrind --quiet --leak-check=no --track-origins=yes --num-callers=30 --gen-suppressions=all \\
	--suppressions="$dir/tools/valgrind.supp" --log-file="$dir/out/valgrind.%p" \\
	"$PG_BINDIR/postgres" "\$@"
EOF
	chmod 755 "$SERVER_WRAPPER"
	log "UndefinedBehaviorSanitizer on; the first server runs under valgrind"
fi

# count_results LOG STATUS: add a suite's ok / failed lines to the totals
# (pg_regress prints "... ok" before PostgreSQL 16, "ok N - name" after); a
# suite that failed without a failed line (a crash, a script that died)
# counts as one failure.
count_results() {
	local ok bad
	ok=$(grep -cE '(\.\.\. ok|^ok [0-9]+)' "$1" || true)
	bad=$(grep -cE '(\.\.\. FAILED|\.\.\. failed|^not ok [0-9]+)' "$1" || true)
	if [ "$2" != 0 ] && [ "$bad" = 0 ]; then bad=1; fi
	passed=$((passed + ok))
	failed=$((failed + bad))
}

run_make() {
	as_user env -C "$dir" make -s PG_CONFIG="$PG_CONFIG" "$@"
}

log "starting a throwaway server for pg_regress and the isolation specs"
srv="$dir/server"
as_user mkdir "$srv"
start_server "$srv" "shared_preload_libraries = 'idtypes'" "max_connections = 50" "jit = off"
SERVER_WRAPPER=""
export PGHOST=$srv PGPORT=5432 PGUSER=postgres

log "pg_regress"
rc=0
run_make installcheck-regress >"$dir/out/regress.log" 2>&1 || rc=$?
cat "$dir/out/regress.log"
count_results "$dir/out/regress.log" "$rc"
[ -f "$dir/regression.diffs" ] && cat "$dir/regression.diffs"

log "isolation specs"
rc=0
run_make installcheck-isolation >"$dir/out/isolation.log" 2>&1 || rc=$?
cat "$dir/out/isolation.log"
count_results "$dir/out/isolation.log" "$rc"
[ -f "$dir/output_iso/regression.diffs" ] && cat "$dir/output_iso/regression.diffs"

stop_server "$srv"
srv=""
unset PGHOST PGPORT PGUSER

log "TAP tests"
rc=0
run_make installcheck-tap PROVE_FLAGS=--verbose >"$dir/out/tap.log" 2>&1 || rc=$?
cat "$dir/out/tap.log"
count_results "$dir/out/tap.log" "$rc"
if [ "$rc" != 0 ]; then
	for f in "$dir"/tmp_check/log/*; do
		[ -f "$f" ] || continue
		echo "----- $f (last 40 lines)"
		tail -n 40 "$f"
	done
fi

if $sanitize; then
	unset UBSAN_OPTIONS
	reports=0
	for f in "$dir"/out/ubsan.* "$dir"/out/valgrind.*; do
		[ -s "$f" ] || continue
		reports=$((reports + 1))
		echo "----- sanitizer report $f"
		cat "$f"
	done
	log "sanitizer reports: $reports"
	failed=$((failed + reports))
fi

if [ "$failed" = 0 ] && ! $keep; then
	rm -rf "$dir"
else
	log "results kept in $dir"
fi
summary_done=true
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
