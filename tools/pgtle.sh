# tools/pgtle.sh: make pg_tle (AWS's Trusted Language Extensions) available
# to the PostgreSQL under test, for the companion's pg_tle test
# (t/094_companion_pgtle.pl).  Sourced after tools/common.sh; pgtle_setup
# never fails the caller: when pg_tle cannot be had it exports
# IDTYPES_PGTLE_SKIP with the reason, and the test reports itself skipped
# with it (tools/test.sh counts that as a failure where it is required).
#
# - A pg_tle already installed for this PostgreSQL (pg_tle.control in its
#   extension directory, pg_tle.so in its library directory) is used as it is.
# - Otherwise pg_tle is built from its source archive and installed:
#   IDTYPES_PGTLE_ARCHIVE, by default shared/deps/pg_tle-1.5.3.tar.gz in the
#   directory beside the repository (where CI puts it), which must match the
#   .sha256 file beside it when there is one (PGTLE_BUILD_PACKAGES).  The
#   build happens in a throwaway directory; the archive is not changed.

IDTYPES_PGTLE_ARCHIVE=${IDTYPES_PGTLE_ARCHIVE:-$IDTYPES_ROOT/../shared/deps/pg_tle-1.5.3.tar.gz}
# What building pg_tle needs on top of IDTYPES_PACKAGES (Debian names: its
# lexer's generator, and the headers that the server's include: GSSAPI's
# and ICU's).
PGTLE_BUILD_PACKAGES=(flex libkrb5-dev libicu-dev)
# The PostgreSQL versions that the archive's release supports.
PGTLE_MAJORS="12 13 14 15 16 17 18"

pgtle_installed() {
	[ -f "$($PG_CONFIG --sharedir)/extension/pg_tle.control" ] &&
		[ -f "$($PG_CONFIG --pkglibdir)/pg_tle.so" ]
}

pgtle_skip() {
	export IDTYPES_PGTLE_SKIP="$*"
	log "pg_tle tests will be skipped: $*"
}

# pgtle_supports MAJOR: whether the archive's pg_tle supports this version.
pgtle_supports() {
	case " $PGTLE_MAJORS " in *" $1 "*) return 0 ;; esac
	return 1
}

pgtle_build() {
	local archive=$IDTYPES_PGTLE_ARCHIVE build src major
	major=$($PG_CONFIG --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
	if [ ! -f "$archive" ]; then
		pgtle_skip "pg_tle is not installed for PostgreSQL $major and its source archive $archive is missing (set IDTYPES_PGTLE_ARCHIVE)"
		return 1
	fi
	if ! pgtle_supports "$major"; then
		pgtle_skip "$(basename "$archive") supports PostgreSQL $PGTLE_MAJORS, not $major"
		return 1
	fi
	if [ -f "$archive.sha256" ] &&
		! (cd "$(dirname "$archive")" && sha256sum --quiet -c "$(basename "$archive").sha256" >/dev/null 2>&1); then
		pgtle_skip "$archive does not match $archive.sha256"
		return 1
	fi
	install_missing "to build pg_tle" "${PGTLE_BUILD_PACKAGES[@]}" ||
		{ pgtle_skip "could not install ${PGTLE_BUILD_PACKAGES[*]}, which building pg_tle needs"; return 1; }
	build=$(mktemp -d /tmp/idtypes-pgtle.XXXXXX)
	tar -C "$build" -xzf "$archive" || { pgtle_skip "could not unpack $archive"; return 1; }
	src=$(find "$build" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	# with_llvm=no: no bitcode, which only JIT inlining uses
	if ! (cd "$src" && make -j"$(nproc)" PG_CONFIG="$PG_CONFIG" with_llvm=no &&
		as_root make PG_CONFIG="$PG_CONFIG" with_llvm=no install) >"$build.log" 2>&1; then
		tail -n 30 "$build.log" >&2
		pgtle_skip "building pg_tle from $archive failed (see $build.log)"
		return 1
	fi
	log "built and installed pg_tle from $(basename "$archive")"
	rm -rf "$build"
}

pgtle_setup() {
	unset IDTYPES_PGTLE_SKIP
	pgtle_installed && return 0
	pgtle_build && { pgtle_installed || pgtle_skip "pg_tle was built but is not found in $($PG_CONFIG --pkglibdir)"; }
	return 0
}
