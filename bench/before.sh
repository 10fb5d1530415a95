# bench/before.sh: the build to compare with, for bench/run.sh --before and
# bench/instructions.sh --before.  Sourced after tools/common.sh, not run.
#
# build_before REF DIR: REF's tree (a git commit), built against this
# PostgreSQL and installed (DESTDIR) into a copy of its installation under
# DIR/before-pg (pg_install_copy of tools/common.sh), so that both builds
# run side by side under the name idtypes.  Prints the copy's bindir.

build_before() {
	local ref=$1 dir=$2
	local pgdir=$dir/before-pg
	log "building idtypes as of $ref for the comparison"
	mkdir -p "$dir/before-src"
	pg_install_copy "$pgdir" >/dev/null
	git -C "$IDTYPES_ROOT" archive "$ref" | tar -C "$dir/before-src" -xf -
	make -s -C "$dir/before-src" PG_CONFIG="$PG_CONFIG" -j2 >/dev/null
	make -s -C "$dir/before-src" PG_CONFIG="$PG_CONFIG" DESTDIR="$pgdir" install >/dev/null
	echo "$pgdir$PG_BINDIR"
}
