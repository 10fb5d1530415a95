#!/usr/bin/env bash
# bench/run.sh [--quick] [--only LIST] [--rounds N] [--rows N] [--out DIR]:
# the idtypes benchmark suite.
#
# Installs what is missing (the packages of tools/common.sh, plus gnuplot for
# the chart), builds and installs idtypes, starts five throwaway servers
# (two tuned ones that differ only in shared_preload_libraries, a preloaded
# one with a single configured uid8 generator id, and two with default
# settings: one with nothing but shared_preload_libraries set, one with not
# even that), runs bench/bench.py against them and stops them.  bench.py
# measures every idtypes generator and type next to gen_random_uuid(),
# uuid-ossp's uuid_generate_v1() and v4(), a PL/pgSQL UUIDv7 of the kind
# pasted from blog posts, core uuid and a bigint sequence: generation cost
# (also with default settings), shared-memory against per-backend mode under
# pgbench, INSERT past shared_buffers and with default settings (time, WAL,
# index size and leaf density), in-memory sort, COPY TO and FROM text, and a time-range query on
# an indexed key; on PostgreSQL 18 also core's uuidv7() against uuidv7_next()
# (generation, INSERT and pgbench, part corev7; skipped on older servers,
# which have no uuidv7()); and the pure-SQL companion's generators
# (companion/, in both clock modes) next to the C ones, gen_random_uuid()
# and the PL/pgSQL UUIDv7 (part companion).  Every measurement is repeated in interleaved rounds
# (each alternative once per round, in a rotating order); the report gives
# medians, min-max and ratios against the issue's targets.
#
#   --quick       small sizes, one or two rounds: a smoke run of a few
#                 minutes that writes to bench/out/quick/ (not committed)
#   --only LIST   comma-separated parts: gen,uid8rate,pgbench,insert,sort,copy,range,corev7,walres,floor,
#                 syncrep,companion
#   --rounds N    N rounds in every part (instead of each part's own number)
#   --rows N      N calls per generation statement and N rows per INSERT
#                 (instead of 1,000,000)
#   --out DIR     where the report (report.md, insert.png, results.json) goes;
#                 default bench/results/ for a full run
#   --before REF  parts walres, floor and syncrep: idtypes as of the git
#                 commit REF (walres: one without the clocks' reservations in
#                 the WAL; floor: one before a change to the generators' hot
#                 paths; syncrep: one whose generators do not wait for the
#                 synchronous standby), built into a copy of the PostgreSQL
#                 installation under the work directory (bench/before.sh), on
#                 a server of its own next to one with this build, both with
#                 the tuned settings and fsync on, and for syncrep two more,
#                 each with a synchronous standby of its own (without REF,
#                 the parts say they were not run)
#
# PG_MAJOR=N selects the PostgreSQL version (tools/common.sh; 15 by default),
# e.g. on Debian with PostgreSQL 18 packages:
#   PG_MAJOR=18 bash bench/run.sh --only corev7 --out bench/results/pg18-uuidv7
#
# Not part of the test suite.  A full run takes about 16 minutes on the
# 2-core machine doc/performance.md describes; the servers' files live in
# /tmp/idtypes-bench.* (up to about 8 GB during the range-query part) and
# are removed at the end.
source "$(dirname "${BASH_SOURCE[0]}")/../tools/common.sh"
source "$IDTYPES_ROOT/bench/before.sh"

quick=false
args=()
before_ref=""
out=""
while [ $# -gt 0 ]; do
	case "$1" in
		--quick) quick=true; args+=(--quick) ;;
		--only) args+=(--only "$2"); shift ;;
		--rounds) args+=(--rounds "$2"); shift ;;
		--rows) args+=(--rows "$2"); shift ;;
		--out) out=$2; shift ;;
		--before) before_ref=$2; shift ;;
		*) echo "usage: bench/run.sh [--quick] [--only LIST] [--rounds N] [--rows N] [--out DIR] [--before REF]" >&2; exit 2 ;;
	esac
	shift
done
if [ -z "$out" ]; then
	if $quick; then out=$IDTYPES_ROOT/bench/out/quick; else out=$IDTYPES_ROOT/bench/results; fi
fi
mkdir -p "$out"

# The chart needs gnuplot; the tests do not, so it is installed here only.
IDTYPES_TEST_PACKAGES+=(gnuplot-nox)
install_packages test
build_install

# start_sync_standby PRIMARY DIR: a streaming standby of the server in
# PRIMARY (start_server's layout), made by a base backup into DIR/data with
# its socket in DIR, which PRIMARY then waits for as its synchronous standby.
start_sync_standby() {
	local primary=$1 dir=$2
	as_user "$PG_BINDIR/pg_basebackup" -h "$primary" -p 5432 -U postgres -D "$dir/data" \
		-R --checkpoint fast --no-sync >/dev/null
	printf "%s\n" "unix_socket_directories = '$dir'" "cluster_name = 'standby'" |
		as_user tee -a "$dir/data/postgresql.conf" >/dev/null
	as_user "$PG_BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -t 600 -w start >/dev/null ||
		{ cat "$dir/server.log" >&2; return 1; }
	as_user "$PG_BINDIR/psql" -X -q -h "$primary" -p 5432 -U postgres -d postgres \
		-c "ALTER SYSTEM SET synchronous_standby_names = 'standby'" -c "SELECT pg_reload_conf()" >/dev/null
}

dir=""
cleanup() {
	if [ -n "$dir" ]; then
		stop_server "$dir/shared"
		stop_server "$dir/local"
		stop_server "$dir/one"
		stop_server "$dir/defpre"
		stop_server "$dir/deflocal"
		stop_server "$dir/after"
		stop_server "$dir/syncafter"
		stop_server "$dir/syncafter_s"
		if [ -d "$dir/before-pg" ]; then
			PG_BINDIR=$dir/before-pg$PG_BINDIR stop_server "$dir/before"
			PG_BINDIR=$dir/before-pg$PG_BINDIR stop_server "$dir/syncbefore"
			PG_BINDIR=$dir/before-pg$PG_BINDIR stop_server "$dir/syncbefore_s"
		fi
		rm -rf "$dir"
	fi
}
trap cleanup EXIT

# All servers: small shared_buffers, so that the INSERT tables and indexes
# are several times larger than the buffer cache; no autovacuum, JIT,
# parallel workers or timed checkpoints, so that nothing runs behind a
# measurement (the suite checkpoints and vacuums where it needs to).
common_conf=(
	"shared_buffers = 16MB"
	"max_wal_size = 2GB"
	"checkpoint_timeout = 1h"
	"autovacuum = off"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
)
dir=$(make_workdir bench)
for s in shared local one defpre deflocal; do
	as_user mkdir "$dir/$s"
done
log "starting a server with shared_preload_libraries = 'idtypes'"
# the server's uid8 generator with all 2048 generator ids, so that the
# layout's 64 ids per millisecond per generator id never limits it
start_server "$dir/shared" "${common_conf[@]}" \
	"shared_preload_libraries = 'idtypes'" \
	"idtypes.uid8_generator_id = 0" "idtypes.uid8_generator_count = 2048"
log "starting a server without it (per-backend clocks)"
# automatic generator ids: each backend claims idtypes.uid8_generator_count
start_server "$dir/local" "${common_conf[@]}" "idtypes.uid8_generator_count = 16"
log "starting a server with one configured uid8 generator id"
# for the uid8 rate of the server's generator with one generator id
start_server "$dir/one" "${common_conf[@]}" "shared_preload_libraries = 'idtypes'" \
	"idtypes.uid8_generator_id = 0"
# What a new user gets: default settings (start_server sets only the
# socket, the port and fsync = off), with and without preloading.
log "starting a server with default settings and shared_preload_libraries"
start_server "$dir/defpre" "shared_preload_libraries = 'idtypes'"
log "starting a server with default settings"
start_server "$dir/deflocal"

# The build to compare with (parts walres and floor): REF's tree, built
# into a copy of this PostgreSQL (bench/before.sh).
if [ -n "$before_ref" ]; then
	as_user mkdir "$dir/before" "$dir/after"
	before_bin=$(build_before "$before_ref" "$dir")
	walres_conf=("${common_conf[@]}" "fsync = on" "shared_preload_libraries = 'idtypes'"
		"idtypes.uid8_generator_id = 0" "idtypes.uid8_generator_count = 2048")
	PG_BINDIR=$before_bin start_server "$dir/before" "${walres_conf[@]}"
	start_server "$dir/after" "${walres_conf[@]}"
	args+=(--before "$dir/before" --after "$dir/after" --before-ref "$(git -C "$IDTYPES_ROOT" rev-parse --short "$before_ref")")
	# part syncrep: each build a primary with a synchronous standby
	log "starting a primary and its synchronous standby of each build"
	as_user mkdir "$dir/syncbefore" "$dir/syncbefore_s" "$dir/syncafter" "$dir/syncafter_s"
	PG_BINDIR=$before_bin start_server "$dir/syncbefore" "${walres_conf[@]}"
	PG_BINDIR=$before_bin start_sync_standby "$dir/syncbefore" "$dir/syncbefore_s"
	start_server "$dir/syncafter" "${walres_conf[@]}"
	start_sync_standby "$dir/syncafter" "$dir/syncafter_s"
	args+=(--sync-before "$dir/syncbefore" --sync-after "$dir/syncafter")
fi

# Debian's python3, which python3-psycopg belongs to
/usr/bin/python3 "$IDTYPES_ROOT/bench/bench.py" "${args[@]}" \
	--shared "$dir/shared" --local "$dir/local" --one "$dir/one" \
	--defpre "$dir/defpre" --deflocal "$dir/deflocal" --pgbin "$PG_BINDIR" \
	--workdir "$dir" --out "$out"
