#!/usr/bin/env bash
# tools/demo.sh [--keep]: install what is missing of what building idtypes and
# running the demo need (not the test tools), build and install idtypes,
# start a throwaway PostgreSQL with shared_preload_libraries = 'idtypes', run
# tools/demo.sql, then stop the server and remove it.  With --keep the server
# stays up and the script prints how to connect to it and how to stop it.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

keep=false
[ "${1:-}" = "--keep" ] && keep=true

install_packages demo
build_install

dir=$(make_workdir demo)
cleanup() { stop_server "$dir"; rm -rf "$dir"; }
$keep || trap cleanup EXIT

log "starting a throwaway server in $dir"
start_server "$dir" "shared_preload_libraries = 'idtypes'"

"$PG_BINDIR/psql" -X -q -h "$dir" -U postgres -d postgres \
	-v ON_ERROR_STOP=1 -f "$IDTYPES_ROOT/tools/demo.sql"

if $keep; then
	cat <<MSG

The server is still running. Connect with:
    $PG_BINDIR/psql -h $dir -U postgres postgres
Stop it and remove it with:
    $(if [ "$(id -u)" = 0 ]; then echo "runuser -u postgres -- "; fi)$PG_BINDIR/pg_ctl -D $dir/data stop && rm -rf $dir
MSG
fi
