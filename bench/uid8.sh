#!/usr/bin/env bash
# bench/uid8.sh [N]: uid8 generation rate, in ids per second, for the
# generator configurations of the README: automatic generator ids (one per
# backend), a configured generator id, and configured ranges of generator
# ids (idtypes.uid8_generator_count).  Each configuration gets a throwaway
# server with shared_preload_libraries = 'idtypes'; each of one or two
# backends generates N ids (default 1000000) in one statement,
# "SELECT count(gen_uid8()) FROM generate_series(1, N)".  Prints one line
# per configuration: all the ids over the wall-clock time they took
# (connection set-up included: a few milliseconds).
source "$(dirname "${BASH_SOURCE[0]}")/../tools/common.sh"

n=${1:-1000000}

install_packages
build_install

# bench NAME BACKENDS CONF...: start a server with CONF, then let BACKENDS
# backends generate n ids each at once; the rate is all their ids over the
# time from the first start to the last end (connection set-up included)
bench() {
	local name=$1 backends=$2 dir i start end pids=()
	shift 2
	dir=$(make_workdir bench)
	start_server "$dir" "shared_preload_libraries = 'idtypes'" "$@"
	"$PG_BINDIR/psql" -X -q -h "$dir" -U postgres -d postgres -c 'CREATE EXTENSION idtypes' >/dev/null
	start=$EPOCHREALTIME
	for i in $(seq "$backends"); do
		"$PG_BINDIR/psql" -X -q -At -h "$dir" -U postgres -d postgres \
			-c "SELECT count(gen_uid8()) FROM generate_series(1, $n)" >"$dir/out.$i" &
		pids+=($!)
	done
	wait "${pids[@]}"
	end=$EPOCHREALTIME
	for i in $(seq "$backends"); do
		[ "$(cat "$dir/out.$i")" = "$n" ] || { log "backend $i failed: $(cat "$dir/out.$i")"; return 1; }
	done
	stop_server "$dir"
	rm -rf "$dir"
	awk -v name="$name" -v b="$backends" -v n="$n" -v s="$start" -v e="$end" \
		'BEGIN { printf "%-46s %3d backend(s) %12d ids/s\n", name, b, b * n / (e - s) }'
}

log "generating $n ids per backend"
bench "automatic generator id (1 per backend)" 1
bench "automatic generator id (1 per backend)" 2
bench "configured generator id, count 1" 1 "idtypes.uid8_generator_id = 0"
bench "configured generator id, count 1" 2 "idtypes.uid8_generator_id = 0"
bench "configured generator ids, count 4" 1 "idtypes.uid8_generator_id = 0" "idtypes.uid8_generator_count = 4"
bench "configured generator ids, count 16" 1 "idtypes.uid8_generator_id = 0" "idtypes.uid8_generator_count = 16"
bench "configured generator ids, count 64" 1 "idtypes.uid8_generator_id = 0" "idtypes.uid8_generator_count = 64"
bench "configured generator ids, count 64" 2 "idtypes.uid8_generator_id = 0" "idtypes.uid8_generator_count = 64"
bench "automatic generator ids, count 16 per backend" 1 "idtypes.uid8_generator_count = 16"
bench "configured generator ids, count 2048" 1 "idtypes.uid8_generator_id = 0" "idtypes.uid8_generator_count = 2048"
