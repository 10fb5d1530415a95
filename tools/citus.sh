# tools/citus.sh: make Citus available to the PostgreSQL under test, for the
# tests that start a Citus cluster (t/060_citus.pl).  Sourced after
# tools/common.sh; citus_setup never fails the caller: when Citus cannot be
# had it exports IDTYPES_CITUS_SKIP with the reason, and the tests that need
# Citus report themselves skipped with it.
#
# - A Citus already installed for this PostgreSQL (citus.control in its
#   extension directory, citus.so in its library directory: a packaged one,
#   say) is used as it is.
# - Otherwise Citus is built from its release archive and installed:
#   IDTYPES_CITUS_ARCHIVE, by default shared/deps/citus-13.2.2.tar.gz in the
#   directory beside the repository (where CI puts it).  When a .sha256 file
#   lies beside the archive, the archive must match it.  The build happens in
#   a throwaway directory; the archive is not changed.

IDTYPES_CITUS_ARCHIVE=${IDTYPES_CITUS_ARCHIVE:-$IDTYPES_ROOT/../shared/deps/citus-13.2.2.tar.gz}
# What building Citus needs on top of IDTYPES_PACKAGES (Debian names;
# libicu-dev for the server headers, which include ICU's).
CITUS_BUILD_PACKAGES=(liblz4-dev libzstd-dev libkrb5-dev libicu-dev)

citus_installed() {
	[ -f "$($PG_CONFIG --sharedir)/extension/citus.control" ] &&
		[ -f "$($PG_CONFIG --pkglibdir)/citus.so" ]
}

citus_skip() {
	export IDTYPES_CITUS_SKIP="$*"
	log "Citus tests will be skipped: $*"
}

# citus_archive_usable ARCHIVE: whether ARCHIVE can be built for this
# PostgreSQL (it exists, its major supports this one, it matches its
# .sha256 file when there is one); citus_skip says why not.
citus_archive_usable() {
	local archive=$1 major
	if [ ! -f "$archive" ]; then
		citus_skip "Citus is not installed for PostgreSQL $($PG_CONFIG --version | awk '{print $2}')" \
			"and its source archive $archive is missing (set IDTYPES_CITUS_ARCHIVE)"
		return 1
	fi
	major=$($PG_CONFIG --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
	case "$(basename "$archive")" in
		citus-13.*)
			if [ "$major" -lt 15 ] || [ "$major" -gt 17 ]; then
				citus_skip "$(basename "$archive") supports PostgreSQL 15 to 17, not $major"
				return 1
			fi ;;
	esac
	if [ -f "$archive.sha256" ] &&
		! (cd "$(dirname "$archive")" && sha256sum --quiet -c "$(basename "$archive").sha256" >/dev/null 2>&1); then
		citus_skip "$archive does not match $archive.sha256"
		return 1
	fi
}

# citus_build_packages: install what building Citus needs, if missing.
citus_build_packages() {
	install_missing "to build Citus" "${CITUS_BUILD_PACKAGES[@]}" ||
		{ citus_skip "could not install ${CITUS_BUILD_PACKAGES[*]}, which building Citus needs"; return 1; }
}

# citus_compat_fix SRC: Some minor releases (Debian's 15.18 and later, for
# one) declare have_createdb_privilege() in commands/dbcommands.h, which
# Citus 13.2.2's compatibility header also defines for the releases that
# lack it: with the server's declaration present, the server's function is
# the one to use, and Citus's own copy is renamed out of the way.
citus_compat_fix() {
	local compat=$1/src/include/pg_version_compat.h
	if grep -q 'have_createdb_privilege' "$($PG_CONFIG --includedir-server)/commands/dbcommands.h" 2>/dev/null &&
		grep -q '^have_createdb_privilege(void)' "$compat" 2>/dev/null; then
		sed -i 's/^have_createdb_privilege(void)/citus_compat_have_createdb_privilege_unused(void)/' "$compat"
	fi
}

# citus_build ARCHIVE: build and install Citus from its archive, in a
# throwaway directory.
citus_build() {
	local archive=$1 build log_file start src
	build=$(mktemp -d /tmp/idtypes-citus.XXXXXX)
	log_file=$build/build.log
	start=$(date +%s)
	log "building Citus from $archive (a few minutes; log in $log_file)"
	if ! tar -C "$build" -xzf "$archive" >>"$log_file" 2>&1; then
		citus_skip "could not unpack $archive (see $log_file)"
		return 1
	fi
	src=$(find "$build" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	citus_compat_fix "$src"
	# with_llvm=no: no LLVM bitcode of Citus, which only JIT inlining uses
	# and which would double the build time
	if ! (cd "$src" && ./configure --without-libcurl PG_CONFIG="$PG_CONFIG" &&
		make -j"$(nproc)" with_llvm=no && as_root make with_llvm=no install) >>"$log_file" 2>&1; then
		tail -n 30 "$log_file" >&2
		citus_skip "building Citus from $archive failed (see $log_file)"
		return 1
	fi
	log "built and installed Citus in $(($(date +%s) - start)) s"
	rm -rf "$build"
}

citus_setup() {
	unset IDTYPES_CITUS_SKIP
	if citus_installed; then
		log "using the Citus installed in $($PG_CONFIG --pkglibdir)"
		return 0
	fi
	citus_archive_usable "$IDTYPES_CITUS_ARCHIVE" && citus_build_packages &&
		citus_build "$IDTYPES_CITUS_ARCHIVE" &&
		{ citus_installed || citus_skip "Citus was built but is not found in $($PG_CONFIG --pkglibdir)"; }
	return 0
}
