#!/usr/bin/env bash
# bench/instructions.sh [--before REF] [--no-build] [--only LIST] [--annotate DIR] [--companion]:
# instructions per call of every idtypes generator, counted by callgrind.
#
# Timings on a shared machine move with the other load; instruction counts
# do not.  For each generator f, a single-user backend (postgres --single,
# with shared_preload_libraries = 'idtypes') runs
#   SELECT count(f()) FROM generate_series(1, N)
# under valgrind --tool=callgrind, counting only inside the statement's
# execution (PortalRun), for N = 100,000 and 200,000; the difference,
# less the same difference for count(1), divided by 100,000, is f's cost
# per call: the start, the first call's set-up and the executor's own work
# cancel out.  Prints a Markdown table.
#
#   --before REF  also REF's build (a git commit, bench/before.sh), in a
#                 column of its own, on a data directory of its own
#   --no-build    measure the idtypes already installed (default: build
#                 and install this tree first)
#   --only LIST   these generators only (comma-separated function names)
#   --annotate DIR  keep the callgrind files of the 200,000-call runs in
#                 DIR (for callgrind_annotate --inclusive=yes)
#   --companion   instead, the pure-SQL companion's generators (companion/,
#                 in both clock modes) next to the C extension's
#                 uuidv7_next(), gen_random_uuid() and the PL/pgSQL UUIDv7
#                 (bench/plpgsql_uuidv7.sql): per call as above (over
#                 10,000 and 20,000 calls), and per
#                 statement, a prepared SELECT f() run 1,000 and 3,000 times
#                 (EXECUTE), the difference over 2,000: what a one-row
#                 statement costs, the executor's set-up of f's expression
#                 included (an inlined SQL function's nodes are set up at
#                 every statement; a PL/pgSQL function's per transaction)
#
# PG_BINDIR as for tools/common.sh.  Takes about 3 minutes per build on the
# 2-core machine doc/performance.md describes.  Not part of the test suite.
source "$(dirname "${BASH_SOURCE[0]}")/../tools/common.sh"
source "$IDTYPES_ROOT/bench/before.sh"

before_ref=""
build=true
annotate=""
only=""
companion=false
while [ $# -gt 0 ]; do
	case "$1" in
		--before) before_ref=$2; shift ;;
		--no-build) build=false ;;
		--only) only=$2; shift ;;
		--annotate) annotate=$2; shift ;;
		--companion) companion=true ;;
		*) echo "usage: bench/instructions.sh [--before REF] [--no-build] [--only LIST] [--annotate DIR] [--companion]" >&2; exit 2 ;;
	esac
	shift
done

GENERATORS=(gen_uid8 gen_muid gen_hlculid uuidv7_next uuidv6_next uuidv8_next gen_tid62)
[ -z "$only" ] || IFS=, read -r -a GENERATORS <<<"$only"
SMALL=100000
LARGE=200000

command -v valgrind >/dev/null || { IDTYPES_TEST_PACKAGES=(valgrind); install_packages test; }
$build && build_install

dir=$(make_workdir instructions)
trap 'rm -rf "$dir"' EXIT
[ -z "$annotate" ] || mkdir -p "$annotate"

# init BINDIR DATA: a data directory with idtypes preloaded and created.
init() {
	as_user "$1/initdb" -D "$2" -U postgres -A trust --locale=C.UTF-8 --encoding=UTF8 >/dev/null
	echo "shared_preload_libraries = 'idtypes'" | as_user tee -a "$2/postgresql.conf" >/dev/null
	echo "CREATE EXTENSION idtypes" | as_user "$1/postgres" --single -D "$2" postgres >"$dir/init.log" 2>&1 ||
		{ cat "$dir/init.log" >&2; return 1; }
}

# count BINDIR DATA EXPR N [KEEP]: instructions of SELECT count(EXPR) over N rows.
count() {
	local out=$dir/callgrind.out
	echo "SELECT count($3) FROM generate_series(1, $4)" |
		as_user valgrind --tool=callgrind --callgrind-out-file="$out" \
			--toggle-collect=PortalRun "$1/postgres" --single -D "$2" postgres \
			>/dev/null 2>&1
	[ -z "${5:-}" ] || cp "$out" "$5"
	awk '/^(summary|totals):/ { print $2; exit }' "$out"
	rm -f "$out"
}

# per_call BINDIR DATA EXPR [KEEP]: instructions per call over count(1)'s.
per_call() {
	local a b
	a=$(count "$1" "$2" "$3" $SMALL)
	b=$(count "$1" "$2" "$3" $LARGE "${4:-}")
	echo $(((b - a) - base_diff))
}

# measure BINDIR DATA ARRAY: fill ARRAY[generator] with the cost per call.
measure() {
	local -n res=$3
	local a b g keep
	a=$(count "$1" "$2" 1 $SMALL)
	b=$(count "$1" "$2" 1 $LARGE)
	base_diff=$((b - a))
	for g in "${GENERATORS[@]}"; do
		keep=""
		[ -z "$annotate" ] || keep=$annotate/${4:-}$g.out
		res[$g]=$(per_call "$1" "$2" "$g()" "$keep")
	done
}

# The companion: per call and per statement, each alternative with the
# statement that sets its session up (the clock mode) before it.
if $companion; then
	init "$PG_BINDIR" "$dir/comp"
	{
		echo "CREATE SCHEMA idtypes_sql;"
		echo ""
		echo "CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;"
		echo ""
		echo "UPDATE idtypes_sql.idtypes_sql_settings SET uid8_generator_id = 0, uid8_generator_count = 2048;"
		echo ""
		cat "$IDTYPES_ROOT/bench/plpgsql_uuidv7.sql"
		echo ""
	} | as_user "$PG_BINDIR/postgres" --single -j -D "$dir/comp" postgres >"$dir/init.log" 2>&1 ||
		{ cat "$dir/init.log" >&2; exit 1; }
	grep -q ERROR "$dir/init.log" && { cat "$dir/init.log" >&2; exit 1; }
	# run BINDIR DATA SQL: instructions of the statements on standard input
	run() {
		local out=$dir/callgrind.out
		as_user valgrind --tool=callgrind --callgrind-out-file="$out" \
			--toggle-collect=PortalRun "$1/postgres" --single -D "$2" postgres >/dev/null 2>&1
		awk '/^(summary|totals):/ { print $2; exit }' "$out"
		rm -f "$out"
	}
	# bulk SETUP EXPR N; stmt SETUP EXPR N
	bulk() { { echo "$1"; echo "SELECT count($2) FROM generate_series(1, $3)"; } | run "$PG_BINDIR" "$dir/comp"; }
	stmt() { { echo "$1"; echo "PREPARE p AS SELECT $2"; for ((i = 0; i < $3; i++)); do echo "EXECUTE p"; done; } |
		run "$PG_BINDIR" "$dir/comp"; }
	alts=("|gen_random_uuid()" "|bench_plpgsql_uuidv7()" "|public.uuidv7_next()")
	for g in "${GENERATORS[@]}"; do
		alts+=("|idtypes_sql.$g()" "SET idtypes_sql.clock = 'sequence'|idtypes_sql.$g()")
	done
	# fewer calls than the C generators' (the sequence mode costs tens of
	# thousands of instructions a call)
	SMALL=10000 LARGE=20000
	log "counting the instructions of the companion's generators"
	b1=$(bulk "SELECT 1" 1 $SMALL); b2=$(bulk "SELECT 1" 1 $LARGE)
	s1=$(stmt "SELECT 1" 1 1000); s2=$(stmt "SELECT 1" 1 3000)
	echo "| generator | clock | instructions per call | per one-row statement |"
	echo "|---|---|---|---|"
	echo "| \`SELECT 1\` | | | $(((s2 - s1) / 2000)) |"
	for a in "${alts[@]}"; do
		setup=${a%%|*} expr=${a#*|}
		x1=$(bulk "${setup:-SELECT 1}" "$expr" $SMALL); x2=$(bulk "${setup:-SELECT 1}" "$expr" $LARGE)
		y1=$(stmt "${setup:-SELECT 1}" "$expr" 1000); y2=$(stmt "${setup:-SELECT 1}" "$expr" 3000)
		clock=""
		case "$expr" in idtypes_sql.*) clock=${setup:+sequence}; clock=${clock:-session} ;; esac
		echo "| \`$expr\` | $clock | $((((x2 - x1) - (b2 - b1)) / (LARGE - SMALL))) | $(((y2 - y1) / 2000)) |"
	done
	exit 0
fi

declare -A after before
if [ -n "$before_ref" ]; then
	before_bin=$(build_before "$before_ref" "$dir")
	init "$before_bin" "$dir/before"
	log "counting the instructions of $before_ref"
	measure "$before_bin" "$dir/before" before before-
fi
init "$PG_BINDIR" "$dir/after"
log "counting the instructions of this build"
measure "$PG_BINDIR" "$dir/after" after

# hundredths of an instruction per call, printed with two decimals
fmt() { printf '%d.%02d' $(($1 / 100000)) $((($1 % 100000) / 1000)); }

if [ -n "$before_ref" ]; then
	echo "| generator | before ($(git -C "$IDTYPES_ROOT" rev-parse --short "$before_ref")) | after |"
	echo "|---|---|---|"
	for g in "${GENERATORS[@]}"; do
		echo "| \`$g()\` | $(fmt "${before[$g]}") | $(fmt "${after[$g]}") |"
	done
else
	echo "| generator | instructions per call |"
	echo "|---|---|"
	for g in "${GENERATORS[@]}"; do
		echo "| \`$g()\` | $(fmt "${after[$g]}") |"
	done
fi
