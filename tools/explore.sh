#!/usr/bin/env bash
# tools/explore.sh: run the fault explorer (t/080_fault_explorer.pl, with
# t/IdtypesTest/Explorer.pm) on random schedules: each seed makes one
# schedule of client transactions and faults, the same on every machine,
# run on a new cluster of a primary and three standbys and checked against
# the guarantees.  A violation prints its seed, the schedule (to replay
# with --schedule) and what happened.  Ends with the line "N passed, N
# failed" (one per schedule).
#
# Usage: bash tools/explore.sh [--seeds N] [--seed S] [--faults LIST]
#                              [--schedule 'STEP; STEP; ...'] [--no-install]
#   --seeds N       how many seeds (default 10), from --seed S (default 1)
#   --faults LIST   the faults the schedules draw from, comma-separated:
#                   kill, promote, stall, clock, restart, rewind, pitr, sync
#                   (default: all)
#   --schedule S    run this one schedule instead (as a violation prints it)
#   --no-install    test the idtypes already installed, without building it
#
# It builds and installs idtypes into the PostgreSQL of PG_BINDIR (default:
# this machine's 15) first, like tools/test.sh, so it takes the host lock:
#   flock /tmp/idtypes-host.lock bash tools/explore.sh --seeds 50
# A schedule takes about 5 to 15 s on 2 cores.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

seeds=10
first=1
faults=""
schedule=""
install=true
while [ $# -gt 0 ]; do
	case "$1" in
		--seeds) seeds=$2; shift ;;
		--seed) first=$2; shift ;;
		--faults) faults=$2; shift ;;
		--schedule) schedule=$2; shift ;;
		--no-install) install=false ;;
		*) echo "usage: $0 [--seeds N] [--seed S] [--faults LIST] [--schedule STEPS] [--no-install]" >&2; exit 2 ;;
	esac
	shift
done
[[ "$seeds" =~ ^[0-9]+$ && "$first" =~ ^[0-9]+$ ]] || { echo "$0: --seeds and --seed take numbers" >&2; exit 2; }

$install && build_install
dir=$(make_workdir explore)
tar_source_tree | as_user tar -C "$dir" -xf -
if [ -n "$schedule" ]; then
	log "exploring in $dir: the schedule $schedule"
else
	log "exploring in $dir: $seeds seeds from $first${faults:+, faults $faults}"
fi
t=$SECONDS
rc=0
as_user env -C "$dir" IDTYPES_EXPLORE_SEEDS="$([ -n "$schedule" ] || echo "$seeds")" IDTYPES_EXPLORE_FIRST="$first" \
	IDTYPES_EXPLORE_FAULTS="$faults" IDTYPES_EXPLORE_SCHEDULE="$schedule" \
	make -s PG_CONFIG="$PG_CONFIG" installcheck-tap PROVE_FLAGS=--verbose PROVE_TESTS=t/080_fault_explorer.pl \
	>"$dir/explore.log" 2>&1 || rc=$?
# each schedule's line, then the violations with their schedules
grep -E '^# (seed [0-9]+|replay): ' "$dir/explore.log" || true
grep -E '^#( |   )' "$dir/explore.log" | grep -v -E '^# (seed [0-9]+|replay): |^# t/080' || true
passed=$(grep -c -E '^ok [0-9]+ - (seed|replay)' "$dir/explore.log" || true)
failed=$(grep -c -E '^not ok [0-9]+ - (seed|replay)' "$dir/explore.log" || true)
if [ "$rc" != 0 ] && [ "$failed" = 0 ]; then
	failed=1
	tail -n 40 "$dir/explore.log"
fi
if [ "$failed" = 0 ]; then
	log "$((SECONDS - t)) s"
	rm -rf "$dir"
else
	log "$((SECONDS - t)) s; log and the violating clusters' directories kept in $dir"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$rc" = 0 ]
