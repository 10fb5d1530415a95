#!/usr/bin/env bash
# tools/mutate.sh: the mutation runner.  Each mutation switches one
# mechanism of idtypes off, and names the tests that must then fail; the
# runner checks that they do.  A mutation is a file tools/mutations/NAME.patch:
# header lines, then a unified diff against the tree (as git diff writes it;
# git apply skips what comes before the first "diff --git" line):
#
#   # Mutation: <one line: the mechanism it switches off>
#   # Caught by: <tests, space-separated: t/NNN_name.pl, regress:NAME for
#   #            sql/NAME.sql, isolation:NAME for specs/NAME.spec>
#
# For each mutation, the runner:
#   1. copies the committed tree (HEAD; outside a git checkout, the tree as
#      it is) into a scratch directory and applies the patch there.  A patch
#      that does not apply is "stale";
#   2. builds it and installs it, with the companion, into a copy of this
#      PostgreSQL installation (pg_install_copy of tools/common.sh), never
#      into the system's.  A mutation that does not build is "build failed":
#      it must switch a mechanism off, not break the build;
#   3. runs the tests it names: each regression file (after sql/setup.sql)
#      and each isolation spec against a throwaway server with
#      shared_preload_libraries = 'idtypes', each TAP file with the
#      Makefile's installcheck-tap.  As root, the tests run as postgres.
#
# A mutation is caught when at least one of its tests fails, NOT CAUGHT when
# all of them pass.  A test that skips (a TAP file without what it needs,
# an isolation spec without pg_isolation_regress) neither passes nor fails: when no other test of the mutation failed, the
# mutation is "not run".  Prints a line per mutation as it goes, then a
# table (name, the tests that failed, the result, the time) and the
# directory of the logs (one per step and test).  Exits non-zero unless
# every mutation is caught.
#
# Usage: tools/mutate.sh [--list] [NAME...]
#   NAME    a mutation (tools/mutations/NAME.patch); none: every one.
#   --list  print each mutation with what it switches off and its tests,
#           and run nothing.
#
# It does not run the tests on the unmutated tree: the suite (tools/test.sh)
# does, and installs the packages they need.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

MUTATIONS_DIR=$IDTYPES_ROOT/tools/mutations

list=false
names=()
while [ $# -gt 0 ]; do
	case "$1" in
		--list) list=true ;;
		-*) echo "usage: $0 [--list] [NAME...]" >&2; exit 2 ;;
		*) names+=("$1") ;;
	esac
	shift
done
if [ ${#names[@]} -eq 0 ]; then
	for f in "$MUTATIONS_DIR"/*.patch; do
		[ -e "$f" ] && names+=("$(basename "$f" .patch)")
	done
	[ ${#names[@]} -gt 0 ] || { echo "$0: no mutation in $MUTATIONS_DIR" >&2; exit 2; }
fi

# in_tree PATH: the tree under test has PATH (HEAD's, in a git checkout).
in_git=false
git -C "$IDTYPES_ROOT" rev-parse --verify -q HEAD >/dev/null 2>&1 && in_git=true
in_tree() {
	if $in_git; then
		git -C "$IDTYPES_ROOT" cat-file -e "HEAD:$1" 2>/dev/null
	else
		[ -f "$IDTYPES_ROOT/$1" ]
	fi
}

# header FILE FIELD: the value of the header line "# FIELD: ..." of a
# mutation (before its first "diff --git" line).
header() {
	awk -v field="$2" '
		/^diff --git / { exit }
		index($0, "# " field ":") == 1 { v = substr($0, length(field) + 4); sub(/^ +/, "", v); print v; exit }' "$1"
}

# test_path TEST: the file of a test named as in "Caught by".
test_path() {
	case "$1" in
		regress:*) echo "sql/${1#regress:}.sql" ;;
		isolation:*) echo "specs/${1#isolation:}.spec" ;;
		t/*.pl) echo "$1" ;;
		*) return 1 ;;
	esac
}

# Every mutation is checked before any runs: it exists, says what it
# switches off, and names tests that the tree has.
bad=false
declare -A what caught_by
for i in "${!names[@]}"; do
	n=${names[$i]}
	n=${n##*/}
	n=${n%.patch}
	names[i]=$n
	f=$MUTATIONS_DIR/$n.patch
	if [ ! -f "$f" ]; then
		echo "$0: no mutation $n ($f)" >&2
		bad=true
		continue
	fi
	what[$n]=$(header "$f" Mutation)
	caught_by[$n]=$(header "$f" "Caught by")
	[ -n "${what[$n]}" ] || { echo "$0: $n: no \"# Mutation:\" line before the diff" >&2; bad=true; }
	[ -n "${caught_by[$n]}" ] || { echo "$0: $n: no \"# Caught by:\" line, or no test on it" >&2; bad=true; }
	grep -q '^diff --git ' "$f" || { echo "$0: $n: no diff (no \"diff --git\" line)" >&2; bad=true; }
	for t in ${caught_by[$n]}; do
		if ! p=$(test_path "$t"); then
			echo "$0: $n: \"$t\" is not a test name (t/FILE.pl, regress:NAME, isolation:NAME)" >&2
			bad=true
		elif ! in_tree "$p"; then
			echo "$0: $n: $t: the tree has no $p" >&2
			bad=true
		fi
	done
done
$bad && exit 2

if $list; then
	for n in "${names[@]}"; do
		printf '%s\n    switches off: %s\n    caught by: %s\n' "$n" "${what[$n]}" "${caught_by[$n]}"
	done
	exit 0
fi

[ -x "$PG_CONFIG" ] ||
	{ echo "$0: no $PG_CONFIG: PostgreSQL $PG_MAJOR and its server development package (postgresql-server-dev-$PG_MAJOR) must be installed (PG_MAJOR, PG_BINDIR)" >&2; exit 2; }

work=$(make_workdir mutate)
logs=$work/logs
mkdir -p "$logs"
srv=""
results=()
failures=0
started=$SECONDS

# Whatever happens (a failed step, Ctrl-C), stop the server and remove the
# scratch trees and the installation copy; the logs stay.
finish() {
	local rc=$?
	[ -n "$srv" ] && stop_server "$srv"
	rm -rf "$work/pg" "$work/run"
	log "logs in $logs"
	exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The copy of the installation: the same paths below $work/pg, with the
# headers linked (the relocated pg_config names them there too).  Every
# install below goes into it, which this user owns: as_root of
# tools/common.sh (for the system's installation) is not needed.
log "copying PostgreSQL $PG_MAJOR's installation into $work/pg"
PG_BINDIR=$(pg_install_copy "$work/pg")
PG_CONFIG=$PG_BINDIR/pg_config
for d in bindir pkglibdir sharedir includedir-server pgxs; do
	case "$("$PG_CONFIG" --"$d")" in
		"$work/pg/"*) ;;
		*) echo "$0: the copy's pg_config --$d is $("$PG_CONFIG" --"$d"), outside the copy: this PostgreSQL is not relocatable" >&2
		   exit 1 ;;
	esac
done
as_root() { "$@"; }

# Citus, for a mutation caught by t/060_citus.pl: into the copy, as the
# suite does (it says why not when it cannot).
if [[ " ${caught_by[*]} " == *" t/060_citus.pl "* ]]; then
	source "$IDTYPES_ROOT/tools/citus.sh"
	citus_setup
fi

# scratch_tree DIR: the tree under test in DIR, which it makes.
scratch_tree() {
	mkdir -p "$1"
	if $in_git; then
		# every file of HEAD (git archive would leave out the export-ignore
		# ones), through an index of its own
		GIT_INDEX_FILE=$work/run/index git -C "$IDTYPES_ROOT" read-tree HEAD
		GIT_INDEX_FILE=$work/run/index git -C "$IDTYPES_ROOT" checkout-index -a --prefix="$1/"
		rm -f "$work/run/index"
	else
		tar_source_tree | tar -C "$1" -xf -
	fi
}

# test_outcome LOG STATUS NAME: passed, failed or skipped, from the output
# of pg_regress or pg_isolation_regress (NAME's line: "NAME ... ok" before
# PostgreSQL 16, "ok N - NAME" after) or of prove (NAME empty: its status).
# A suite that failed without a line for NAME failed.
test_outcome() {
	local log=$1 rc=$2 name=$3
	if [ -z "$name" ]; then
		if [ "$rc" != 0 ]; then
			echo failed
		elif grep -Eq '^t/[^ ]+\.pl \.+ skipped|^1\.\.0 *# ?[Ss][Kk][Ii][Pp]' "$log"; then
			echo skipped
		else
			echo passed
		fi
	elif grep -Eq "(^|[[:space:]])${name}[[:space:]]+\.\.\.[[:space:]]+ok|^ok [0-9]+[[:space:]]+[-+][[:space:]]+$name([[:space:]]|$)" "$log"; then
		echo passed
	else
		echo failed
	fi
}

run_make() {
	as_user env -C "$1" make -s PG_CONFIG="$PG_CONFIG" "${@:2}"
}

# run_mutation NAME: sets result (caught, NOT CAUGHT, stale, build failed,
# not run) and by (the tests that failed, or those that skipped).
run_mutation() {
	local n=$1 patch=$MUTATIONS_DIR/$1.patch
	local dir=$work/run/$1 log=$logs/$1
	local tree=$dir/tree t name rc outcome caught=() skipped=() regress=() isolation=() tap=()
	result="" by=""
	mkdir -p "$dir" "$log"
	scratch_tree "$tree"
	if ! git -C "$tree" apply "$patch" >"$log/apply.log" 2>&1; then
		result=stale
		return
	fi
	# none of an earlier mutation's build left to test if this one's
	# install fails; build_install in a subshell of its own with set -e in
	# force (a function in a condition runs with it off)
	rm -f "$("$PG_CONFIG" --pkglibdir)/idtypes.so"
	set +e
	(set -e; build_install "$tree" -j"$(nproc)") >"$log/build.log" 2>&1
	rc=$?
	set -e
	if [ "$rc" != 0 ]; then
		result="build failed"
		return
	fi
	[ "$(id -u)" = 0 ] && chown -R postgres: "$dir"
	for t in ${caught_by[$n]}; do
		case "$t" in
			regress:*) regress+=("${t#regress:}") ;;
			isolation:*) isolation+=("${t#isolation:}") ;;
			*) tap+=("$t") ;;
		esac
	done

	if [ ${#regress[@]} -gt 0 ] || [ ${#isolation[@]} -gt 0 ]; then
		srv=$dir/server
		as_user mkdir "$srv"
		if start_server "$srv" "shared_preload_libraries = 'idtypes'" "max_connections = 50" "jit = off" \
			>"$log/server-start.log" 2>&1; then
			for name in "${regress[@]}"; do
				rc=0
				PGHOST=$srv PGPORT=5432 PGUSER=postgres run_make "$tree" installcheck-regress \
					REGRESS="$(printf '%s\n' setup "$name" | awk '!seen[$0]++' | tr '\n' ' ')" \
					>"$log/regress-$name.log" 2>&1 || rc=$?
				[ -f "$tree/regression.diffs" ] && mv "$tree/regression.diffs" "$log/regress-$name.diffs"
				outcome=$(test_outcome "$log/regress-$name.log" "$rc" "$name")
				if [ "$outcome" = failed ]; then
					# failed for want of sql/setup.sql's objects, maybe: said so
					[ "$name" != setup ] && [ "$(test_outcome "$log/regress-$name.log" "$rc" setup)" = failed ] &&
						name="$name(setup failed too)"
					caught+=("regress:$name")
				fi
			done
			for name in "${isolation[@]}"; do
				# as tools/test.sh: some versions' development packages lack it
				if [ ! -x "$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/isolation/pg_isolation_regress" ]; then
					echo "no pg_isolation_regress in PostgreSQL $PG_MAJOR's packages" >"$log/isolation-$name.log"
					skipped+=("isolation:$name")
					continue
				fi
				rc=0
				PGHOST=$srv PGPORT=5432 PGUSER=postgres run_make "$tree" installcheck-isolation \
					ISOLATION="$name" >"$log/isolation-$name.log" 2>&1 || rc=$?
				[ -f "$tree/output_iso/regression.diffs" ] &&
					mv "$tree/output_iso/regression.diffs" "$log/isolation-$name.diffs"
				outcome=$(test_outcome "$log/isolation-$name.log" "$rc" "$name")
				[ "$outcome" = failed ] && caught+=("isolation:$name")
			done
		else
			# the mutated library keeps the server from starting: every
			# test that needs it fails
			for name in "${regress[@]}"; do caught+=("regress:$name"); done
			for name in "${isolation[@]}"; do caught+=("isolation:$name"); done
		fi
		cp "$srv/server.log" "$log/server.log" 2>/dev/null || true
		stop_server "$srv"
		srv=""
	fi

	for t in "${tap[@]}"; do
		name=$(basename "$t" .pl)
		rc=0
		run_make "$tree" installcheck-tap PROVE_TESTS="$t" PROVE_FLAGS=--verbose \
			>"$log/tap-$name.log" 2>&1 || rc=$?
		[ -d "$tree/tmp_check/log" ] && cp -r "$tree/tmp_check/log" "$log/tap-$name"
		outcome=$(test_outcome "$log/tap-$name.log" "$rc" "")
		case "$outcome" in
			failed) caught+=("$t") ;;
			skipped) skipped+=("$t") ;;
		esac
	done

	if [ ${#caught[@]} -gt 0 ]; then
		result=caught by="${caught[*]}"
	elif [ ${#skipped[@]} -gt 0 ]; then
		result="not run" by="${skipped[*]} skipped"
	else
		result="NOT CAUGHT"
	fi
}

log "$("$PG_CONFIG" --version); ${#names[@]} mutation(s); logs in $logs"
for n in "${names[@]}"; do
	t=$SECONDS
	run_mutation "$n"
	secs=$((SECONDS - t))
	[ "$result" = caught ] || failures=$((failures + 1))
	case "$result" in
		caught) line="caught by $by" ;;
		stale) line="stale: the patch does not apply to the tree ($logs/$n/apply.log)" ;;
		"build failed") line="build failed ($logs/$n/build.log)" ;;
		"not run") line="not run: $by" ;;
		*) line="NOT CAUGHT: ${caught_by[$n]} passed" ;;
	esac
	echo "$n: $line ($secs s)"
	results+=("$n"$'\t'"${by:--}"$'\t'"$result"$'\t'"$secs s")
done

echo
printf 'mutation\tcaught by\tresult\ttime\n%s\n' "$(printf '%s\n' "${results[@]}")" |
	awk -F '\t' '
		{ for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } }
		END {
			for (r = 1; r <= NR; r++) {
				line = ""
				for (i = 1; i <= 4; i++) line = line (i > 1 ? " | " : "") sprintf(i < 4 ? "%-" w[i] "s" : "%s", cell[r, i])
				print line
			}
		}'
echo "$((${#names[@]} - failures)) of ${#names[@]} mutation(s) caught; $((SECONDS - started)) s in all"
[ "$failures" = 0 ]
