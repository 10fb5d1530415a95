#!/usr/bin/env bash
# bench/uid8.sh [N]: uid8 generation rate, in ids per second, for the
# generator configurations of the README: automatic generator ids (one per
# backend), a configured generator id, and configured ranges of generator
# ids (idtypes.uid8_generator_count).  Each configuration gets a throwaway
# server with shared_preload_libraries = 'idtypes'; N ids (default 1000000)
# are generated in one statement in one backend, and for automatic ids also
# in two backends at once.  Prints one line per configuration.
source "$(dirname "${BASH_SOURCE[0]}")/../tools/common.sh"

n=${1:-1000000}

install_packages
build_install

# rate SQL: ids per second of one "SELECT count(gen_uid8()) ..." of n ids
rate_sql="DO \$\$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
	PERFORM count(gen_uid8()) FROM generate_series(1, $n);
	RAISE NOTICE 'rate %', round($n / extract(epoch FROM clock_timestamp() - t0));
END \$\$;"

psql_rate() {
	"$PG_BINDIR/psql" -X -q -h "$1" -U postgres -d postgres -c "$rate_sql" 2>&1 |
		sed -n 's/.*rate \([0-9]*\).*/\1/p'
}

# bench NAME BACKENDS CONF...: start a server with CONF, report the rate
bench() {
	local name=$1 backends=$2 dir total=0 r pids=() i
	shift 2
	dir=$(make_workdir bench)
	start_server "$dir" "shared_preload_libraries = 'idtypes'" "$@"
	"$PG_BINDIR/psql" -X -q -h "$dir" -U postgres -d postgres -c 'CREATE EXTENSION idtypes' >/dev/null
	for i in $(seq "$backends"); do
		psql_rate "$dir" >"$dir/rate.$i" &
		pids+=($!)
	done
	wait "${pids[@]}"
	for i in $(seq "$backends"); do
		r=$(cat "$dir/rate.$i")
		total=$((total + r))
	done
	stop_server "$dir"
	rm -rf "$dir"
	printf '%-46s %3d backend(s) %12d ids/s\n' "$name" "$backends" "$total"
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
