#!/usr/bin/env bash
# tools/test.sh: install what is missing, build and install idtypes, then run
# the whole test suite: pg_regress (sql/, against a throwaway server with
# shared_preload_libraries = 'idtypes'), the isolation specs (specs/), and
# the TAP tests (t/, which start their own servers; among them the Python
# client, the documentation's examples, and the packaging checks, for which this
# script makes the PGXN archive in a git checkout).  Prints every failure's
# details, every skipped test with its reason ("skipped: ..."), every failed
# test again in a line ("failed: ..."), the time each part took and each
# TAP file's (longest first),
# and ends with one line "N passed, N failed, N skipped" (a regress file or
# an isolation spec counts as one test, a TAP test by its assertions, a TAP
# file skipped whole as one skipped test); exits non-zero on any failure.
#
# Options: --keep      keep the work directory (results, logs) even on success.
#          --sanitize  build idtypes with UndefinedBehaviorSanitizer for every
#                      server of the suite, and run the server of pg_regress
#                      and the isolation specs under valgrind's memcheck.  A
#                      sanitizer or valgrind report is printed at the end and
#                      counts as a failure.  The sanitized build goes into a
#                      private copy of the PostgreSQL installation, whose
#                      programs every server of the run uses: the system's
#                      installation keeps what it had, and a plain suite
#                      may run at the same time (.ci/run does).
#          --pg LIST   the version matrix (tools/roots.sh): the whole suite
#                      on each PostgreSQL major version of LIST (15, 17, 18,
#                      19, comma-separated, or "all"), each on Debian's own
#                      packages of it: this machine's for its release's
#                      version, a minimal root of the release that packages
#                      it for the others (made with debootstrap, as root).
#                      Prints each version's summary, then the same line for
#                      all of them together.  Each version's Debian packages
#                      are built and tested too (tools/package.sh).
#          --matrix    the same as --pg all.
#          --packages LIST  the Debian packages alone (tools/package.sh),
#                      for each version of LIST, in its release's root (15
#                      too, whose root is made for it).
#          --prepare LIST  make the roots of LIST's versions and install
#                      what --pg and --packages need in them, and nothing
#                      else (.ci/run does it while the suites run here).
#
# IDTYPES_TAP_SKIP (TAP files, space-separated) and IDTYPES_TAP_SKIP_WHY:
# TAP files that this run leaves out, each reported as skipped with that
# reason (the roots leave out what runs the same on every version; the
# sanitizer mode the tests that exercise no other server code than the
# suite's others).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

keep=false
sanitize=false
pg_list=""
pkg_list=""
prepare_list=""
while [ $# -gt 0 ]; do
	case "$1" in
		--keep) keep=true ;;
		--sanitize) sanitize=true ;;
		--pg) [ $# -ge 2 ] || { echo "$0: --pg needs a list of versions" >&2; exit 2; }
			pg_list=$2; shift ;;
		--pg=*) pg_list=${1#--pg=} ;;
		--matrix) pg_list=all ;;
		--prepare) [ $# -ge 2 ] || { echo "$0: --prepare needs a list of versions" >&2; exit 2; }
			prepare_list=$2; shift ;;
		--packages) [ $# -ge 2 ] || { echo "$0: --packages needs a list of versions" >&2; exit 2; }
			pkg_list=$2; shift ;;
		*) echo "usage: $0 [--keep] [--sanitize] [--pg 15,17,18,19|all | --matrix | --packages LIST | --prepare LIST]" >&2; exit 2 ;;
	esac
	shift
done

if [ -n "$prepare_list" ]; then
	source "$IDTYPES_ROOT/tools/roots.sh"
	prepare_ahead "$prepare_list"
	exit $?
fi

if [ -n "$pg_list" ] || [ -n "$pkg_list" ]; then
	$sanitize && { echo "$0: --sanitize runs on this machine's version only, not with --pg" >&2; exit 2; }
	source "$IDTYPES_ROOT/tools/roots.sh"
	source "$IDTYPES_ROOT/tools/package.sh"
	if [ -n "$pkg_list" ]; then
		run_packages "$pkg_list"
	else
		run_matrix "$pg_list"
	fi
	exit $?
fi

dir=""
pg_copy=""
passed=0
failed=0
skipped=0
skip_reasons=()
failures=()
timings=()
# "SECONDS FILE" of each TAP file that ran (prove --timer)
tap_times=()
summary_done=false
srv=""

# skip COUNT REASON: COUNT tests that could not run, and why.
skip() {
	skipped=$((skipped + $1))
	skip_reasons+=("$2")
}

# timed NAME SINCE: the time of a part, from SECONDS at its start.
timed() {
	timings+=("$1 $((SECONDS - $2)) s")
}

print_summary() {
	local r
	for r in "${skip_reasons[@]}"; do echo "skipped: $r"; done
	for r in "${failures[@]}"; do echo "failed: $r"; done
	[ ${#timings[@]} -eq 0 ] || echo "time: $(IFS=,; echo "${timings[*]}" | sed 's/,/, /g')"
	# the TAP files by time, the longest first
	[ ${#tap_times[@]} -eq 0 ] ||
		echo "TAP time: $(printf '%s\n' "${tap_times[@]}" | sort -rn | awk '{ printf "%s%s %d s", (NR > 1 ? ", " : ""), $2, $1 }')"
	echo "$passed passed, $failed failed, $skipped skipped"
}

# Whatever happens (a failed build, a server that does not start, Ctrl-C),
# stop the server and end with the summary line.
finish() {
	local rc=$?
	[ -n "$srv" ] && stop_server "$srv"
	if ! $summary_done; then
		failed=$((failed + 1))
		failures+=("the suite stopped early (exit status $rc)")
		print_summary
		log "the suite stopped early${dir:+; work directory: $dir}"
		exit 1
	fi
	exit "$rc"
}
trap finish EXIT

log "$("$PG_CONFIG" --version 2>/dev/null || echo "PostgreSQL $PG_MAJOR (not installed yet)")"
t=$SECONDS
install_packages test
timed packages "$t"
for p in $IDTYPES_UNAVAILABLE; do
	log "$p: not in this release's archive; the tests that need it skip"
done
t=$SECONDS
$sanitize || build_install
timed build "$t"
# Citus for t/060_citus.pl: the installed one, or built from its archive
# (IDTYPES_CITUS_SKIP says why not); the sanitizer mode does not run it
if ! $sanitize; then
	source "$(dirname "${BASH_SOURCE[0]}")/citus.sh"
	citus_setup
	# pg_tle for t/094_companion_pgtle.pl, likewise (IDTYPES_PGTLE_SKIP)
	source "$(dirname "${BASH_SOURCE[0]}")/pgtle.sh"
	pgtle_setup
fi

# The server account must be able to write results, so the suites run in a
# copy of the tree that it owns.
dir=$(make_workdir test)
tar_source_tree |
	as_user tar -C "$dir" -xf -
mkdir -p "$dir/out"
[ "$(id -u)" = 0 ] && chown postgres: "$dir/out"

# The PGXN archive (make dist) of what git tracks, uncommitted changes to
# tracked files included, for t/030_packaging.pl to check and build; outside
# a git checkout there is none, and that test says so and skips, unless
# IDTYPES_DIST_DIR names one made before (tools/test.sh --pg does, for the
# roots, which have no git checkout).
if [ -n "${IDTYPES_DIST_DIR:-}" ]; then
	as_user cp -r "$IDTYPES_DIST_DIR" "$dir/dist"
	export IDTYPES_DIST_DIR=$dir/dist
elif git -C "$IDTYPES_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	log "making the PGXN archive"
	make_dist "$dir/dist"
	export IDTYPES_DIST_DIR=$dir/dist
fi

# The sanitized build is made in the copy of the tree, so that the tree's own
# objects stay plain, and installed into a copy of the PostgreSQL
# installation (whose programs find their files relative to themselves),
# whose pg_config the pg_regress and TAP runs take (run_make), so that
# every server of the run loads it.  Reports go to out/ubsan.PID and
# out/valgrind.PID.
SERVER_WRAPPER=""
if $sanitize; then
	t=$SECONDS
	pg_copy=$(make_workdir pg)
	PG_BINDIR=$(pg_install_copy "$pg_copy")
	PG_CONFIG=$PG_BINDIR/pg_config
	export PATH="$PG_BINDIR:$PATH"
	build_install "$dir" IDTYPES_SANITIZE=1
	timed "sanitized build" "$t"
	export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1:log_path=$dir/out/ubsan"
	SERVER_WRAPPER="$dir/out/postgres-valgrind"
	cat >"$SERVER_WRAPPER" <<EOF
#!/bin/sh
exec valgrind --quiet --leak-check=no --track-origins=\${IDTYPES_VALGRIND_ORIGINS:-no} --num-callers=30 --gen-suppressions=all \\
	--suppressions="$dir/tools/valgrind.supp" --log-file="$dir/out/valgrind.%p" \\
	"$PG_BINDIR/postgres" "\$@"
EOF
	chmod 755 "$SERVER_WRAPPER"
	log "UndefinedBehaviorSanitizer on; the first server runs under valgrind"
	# the tests whose server side is the suite's SQL again, through a
	# client, a document or another extension: the plain run has them
	: "${IDTYPES_TAP_SKIP=$(cd "$dir" && echo t/009_contract.pl t/02[0-8]_*.pl t/03[0-2]_*.pl t/040_*.pl t/055_cdc.pl \
		t/06[01]_*.pl t/09[1-5]_*.pl t/013_upgrade.pl t/016_load.pl t/080_fault_explorer.pl)}"
	: "${IDTYPES_TAP_SKIP_WHY=the sanitizer mode runs the tests that reach the C code beyond the regression files; this one (the contract, clients, ORMs, packaging, coexistence, the symbols, the documentation, logical decoding, Citus, pg_partman, the companion alone, the pg_uuidv7 names, the upgrade scripts, the 60-second load, the fault explorer) runs in the plain suite}"
	export IDTYPES_TAP_SKIP IDTYPES_TAP_SKIP_WHY
	# the companion's differential test: a fifth of the plain run's inputs,
	# every function's C code reached all the same
	: "${IDTYPES_COMPANION_N:=20000}"
	export IDTYPES_COMPANION_N
fi

# count_results LOG STATUS: add a suite's results to the totals.  pg_regress
# prints "... ok" / "... FAILED" before PostgreSQL 16, "ok N - name" / "not
# ok N - name" after; prove --verbose prints each file's TAP lines after a
# line naming the file: "ok N # skip REASON" is a skipped test, and a file
# that skips whole ("1..0 # SKIP REASON") counts as one skipped test.  A
# TAP file that died without a failed assertion counts as one failure, named
# with the reason of its BAIL_OUT if it called one, and so does a suite that
# failed without any failed line.  (The TAP files that a bail-out left
# unrun are counted after it, below.)
count_results() {
	local counts line ok bad sk
	counts=$(awk '
		function flush() {
			if (file != "" && died[file] && !nok[file]) {
				bad++; print "F\t" file ": died without a failed assertion" (why[file] != "" ? ": " why[file] : "")
			}
		}
		{ sub(/\r$/, "") }
		# prove --timer prefixes the line of each file, and the last line,
		# with the time of day
		{ sub(/^\[[0-9][0-9]:[0-9][0-9]:[0-9][0-9]\] ?/, "") }
		# and ends the lines of each file that passed with its time, which
		# is no test
		/^ok +[0-9]+ ms \(/ { if (file != "") print "T\t" file "\t" int($2 / 1000 + 0.5); next }
		# prove ends with this line after a BAIL_OUT, whose file ran last
		/^FAILED--Further testing stopped: */ {
			r = $0; sub(/^FAILED--Further testing stopped: */, "", r)
			if (file != "") why[file] = "bailed out: " r
			next
		}
		/^t\/[^ ]+\.pl \.+/ {
			flush(); file = $1; rest = $0; sub(/^t\/[^ ]+\.pl \.+ ?/, "", rest); $0 = rest
			# prove --verbose prints a file skipped whole as "FILE .. skipped: REASON"
			if (sub(/^skipped: */, "")) {
				if (!skipped_all[file]++) { sk++; print "R\t" file ": the whole file: " ($0 == "" ? "(no reason given)" : $0) }
				next
			}
		}
		/^ok [0-9]+ +# ?[Ss][Kk][Ii][Pp]/ {
			r = $0; sub(/^ok [0-9]+ +# ?[Ss][Kk][Ii][Pp] */, "", r)
			sk++; print "R\t" file ": " (r == "" ? "(no reason given)" : r); next
		}
		/^1\.\.0 *# ?[Ss][Kk][Ii][Pp]/ {
			r = $0; sub(/^1\.\.0 *# ?[Ss][Kk][Ii][Pp] */, "", r)
			if (!skipped_all[file]++) { sk++; print "R\t" file ": the whole file: " (r == "" ? "(no reason given)" : r) }
			next
		}
		/^not ok [0-9]+ +# ?TODO/ { sk++; print "R\t" file ": to do: " $0; next }
		/^ok [0-9]+/ || /\.\.\. ok/ { ok++; next }
		/^not ok [0-9]+/ || /\.\.\. FAILED/ || /\.\.\. failed/ {
			bad++; if (file != "") nok[file]++
			f = $0; sub(/^ +/, "", f); gsub(/  +/, " ", f); print "F\t" (file != "" ? file ": " : "") f; next
		}
		/^Dubious, test returned|^No subtests run|^Bad plan|^Parse errors:/ { if (file != "") died[file] = 1 }
		END { flush(); print "C\t" ok + 0 "\t" bad + 0 "\t" sk + 0 }' "$1")
	while IFS=$'\t' read -r kind a b c; do
		case "$kind" in
			R) skip_reasons+=("$a") ;;
			F) failures+=("$a") ;;
			C) ok=$a bad=$b sk=$c ;;
			T) tap_times+=("$b $a") ;;
		esac
	done <<<"$counts"
	if [ "$2" != 0 ] && [ "$bad" = 0 ]; then
		bad=1
		failures+=("$1: exit status $2 without a failed test")
	fi
	passed=$((passed + ok))
	failed=$((failed + bad))
	skipped=$((skipped + sk))
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
t=$SECONDS
rc=0
run_make installcheck-regress >"$dir/out/regress.log" 2>&1 || rc=$?
cat "$dir/out/regress.log"
count_results "$dir/out/regress.log" "$rc"
[ -f "$dir/regression.diffs" ] && cat "$dir/regression.diffs"
# A part of a regression file that this version cannot run prints a row
# "skipped: REASON" (with its alternative expected output): one skipped test.
while IFS= read -r line; do
	line=${line# skipped: }
	skip 1 "${line%"${line##*[! ]}"}"
done < <(cat "$dir"/results/*.out 2>/dev/null | grep -E '^ skipped: ' || true)
timed pg_regress "$t"

log "isolation specs"
t=$SECONDS
specs=$(ls "$dir"/specs/*.spec | wc -l)
if [ -x "$($PG_CONFIG --pkglibdir)/pgxs/src/test/isolation/pg_isolation_regress" ]; then
	rc=0
	run_make installcheck-isolation >"$dir/out/isolation.log" 2>&1 || rc=$?
	cat "$dir/out/isolation.log"
	count_results "$dir/out/isolation.log" "$rc"
	[ -f "$dir/output_iso/regression.diffs" ] && cat "$dir/output_iso/regression.diffs"
else
	skip "$specs" "specs/ ($specs isolation specs): PostgreSQL $PG_MAJOR's server development package has no pg_isolation_regress"
	log "no pg_isolation_regress in this PostgreSQL's packages: $specs specs skipped"
fi
timed isolation "$t"

stop_server "$srv"
srv=""
unset PGHOST PGPORT PGUSER

log "TAP tests"
t=$SECONDS
rc=0
tap_tests=()
if [ -n "${IDTYPES_TAP_SKIP:-}" ]; then
	for f in "$dir"/t/*.pl; do
		f=t/${f##*/}
		if [[ " $IDTYPES_TAP_SKIP " == *" $f "* ]]; then
			skip 1 "$f: the whole file: ${IDTYPES_TAP_SKIP_WHY:-left out of this run}"
		else
			tap_tests+=("$f")
		fi
	done
fi
planned=("${tap_tests[@]}")
[ -n "${IDTYPES_TAP_SKIP:-}" ] || for f in "$dir"/t/*.pl; do planned+=("t/${f##*/}"); done
run_make installcheck-tap PROVE_FLAGS="--verbose --timer" ${tap_tests[@]:+PROVE_TESTS="${tap_tests[*]}"} \
	>"$dir/out/tap.log" 2>&1 || rc=$?
cat "$dir/out/tap.log"
count_results "$dir/out/tap.log" "$rc"
# A bail-out stops prove: the files it did not reach count as failed, each
# named, with the reason of the bail-out.
bailed=$(sed -n 's/^FAILED--Further testing stopped: *//p' "$dir/out/tap.log" | tail -n 1)
for f in "${planned[@]}"; do
	grep -qE "^(\[[0-9:]+\] )?${f//./\\.} \.\." "$dir/out/tap.log" && continue
	failed=$((failed + 1))
	failures+=("$f: not run: the TAP run stopped before it${bailed:+ (bailed out: $bailed)}")
done
# A TAP file that this run is there to run (tools/common.sh, required_tap)
# and that skipped, whole or in part, fails, with why it had to run and why
# it skipped.
while IFS=$'\t' read -r f why part; do
	[ -n "$f" ] || continue
	if [ ! -f "$IDTYPES_ROOT/$f" ]; then
		failed=$((failed + 1))
		failures+=("$f: required ($why), and not in the tree")
		continue
	fi
	[[ " ${IDTYPES_TAP_SKIP:-} " == *" $f "* ]] && continue
	for r in "${skip_reasons[@]}"; do
		[[ "$r" == "$f: "* ]] || continue
		[ -z "$part" ] || [[ "$r" == *"$part"* ]] || continue
		failed=$((failed + 1))
		failures+=("$f: skipped where it must run ($why): ${r#"$f: "}")
	done
done < <(required_tap)
# A file that died says why in its own log (the message of die, the server
# log that a failed start prints): its last lines join the failure lines.
for f in "${failures[@]}"; do
	[[ "$f" =~ ^t/([^\ ]+)\.pl:\ died ]] || continue
	f_log=$dir/tmp_check/log/regress_log_${BASH_REMATCH[1]}
	[ -f "$f_log" ] || continue
	while IFS= read -r line; do
		failures+=("t/${BASH_REMATCH[1]}.pl: its log ends: ${line:0:200}")
	done < <(grep -v '^[[:space:]]*$' "$f_log" | tail -n 8)
done
if [ "$rc" != 0 ]; then
	for f in "$dir"/tmp_check/log/*; do
		[ -f "$f" ] || continue
		echo "----- $f (last 40 lines)"
		tail -n 40 "$f"
	done
fi
timed TAP "$t"

if $sanitize; then
	unset UBSAN_OPTIONS
	reports=0
	for f in "$dir"/out/ubsan.* "$dir"/out/valgrind.*; do
		[ -s "$f" ] || continue
		reports=$((reports + 1))
		failures+=("sanitizer report ${f##*/}: $(grep -m 1 -E 'runtime error|^==[0-9]+== [A-Z]' "$f" | cut -c 1-200)")
		echo "----- sanitizer report $f"
		cat "$f"
	done
	log "sanitizer reports: $reports"
	failed=$((failed + reports))
fi

if [ "$failed" = 0 ] && ! $keep; then
	rm -rf "$dir" ${pg_copy:+"$pg_copy"}
else
	log "results kept in $dir"
fi
summary_done=true
print_summary
[ "$failed" = 0 ]
