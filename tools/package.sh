# tools/package.sh: the Debian packages of debian/, built and tested in the
# roots of the version matrix (tools/roots.sh).  Sourced by tools/test.sh
# after tools/common.sh and tools/roots.sh, not run.
#
# package_test VERSION ARCHIVE, for PostgreSQL VERSION and the PGXN archive
# ARCHIVE (make dist: what git tracks, as a fresh clone has it, without
# debian/, which comes from the repository beside it, as a distribution's
# packaging does):
#
# 1. Build, in the root of the version's Debian release (made if missing,
#    with the packages of the "deb" list of tools/common.sh): the archive
#    unpacked with debian/, pg_buildext updatecontrol, dpkg-buildpackage,
#    for that version alone (PG_SUPPORTED_VERSIONS), into
#    ROOT/idtypes-deb/VERSION.
# 2. Install, into a copy of ROOT.clean (the release as debootstrap made
#    it): apt installs the packages and, as their dependencies, the server
#    and nothing else (no compiler, no server headers, no source tree).  The
#    copy takes the build root's apt lists and downloaded packages, so that
#    nothing is fetched twice.
# 3. Test there: CREATE EXTENSION on a throwaway cluster (pg_virtualenv)
#    with the module preloaded; then, as autopkgtest would, what
#    debian/tests/control names and debian/tests/installcheck: the
#    regression suite, in the unpacked archive, against what the packages
#    installed (the archive has no module and no install script).
# 4. pg_upgradecluster, when the release has an older matrix version whose
#    packages this run built (sid: 18, then 19): clusters of it (one for
#    each of pg_upgradecluster's methods, upgrade and dump) whose hlculid
#    clock was moved 2 minutes ahead are upgraded to VERSION, and the new
#    cluster's ids must sort after the old ones, which only the hook
#    (debian/pg_upgradecluster.d/idtypes, carrying idtypes.state over) makes
#    so.  Otherwise skipped, with the reason.
# 5. Extension directories (18 and later): extension_dirs_test.
# 6. The source package (in unstable's root, once a run): the archive as
#    the orig tarball and debian/, built by dpkg-source; lintian reports no
#    error or warning on it, nor on the binary packages of step 1.
#
# Prints a line per check (ok / not ok / skipped: with the reason), the
# time of each step, and "N passed, N failed, N skipped"; returns non-zero
# on a failure.  The copy is removed at the end; the build root keeps the
# packages, the logs stay in ROOT/idtypes-deb/VERSION.

# in_root_sh ROOT SCRIPT: run the shell script in the root, as root.
in_root_sh() {
	in_root "$1" sh -ec "$2"
}

package_test() {
	# each check counts its failure and goes on: no set -e here
	local -
	set +e
	local v=$1 archive=$2 root clean work out release
	root=$(root_dir "$v")
	clean=$root.clean
	work=$root.pkgtest
	release=$(release_of "$v")
	out=$root/idtypes-deb/$v
	local pass=0 fail=0 skip=0 t0=$SECONDS t debs=() others=() times=()
	check() { # check NAME COMMAND...: one check, counted
		local name=$1
		shift
		if "$@"; then echo "ok - $v package: $name"; pass=$((pass + 1));
		else echo "not ok - $v package: $name"; fail=$((fail + 1)); return 1; fi
	}
	package_skip() {
		echo "skipped: $v package: $1"
		skip=$((skip + 1))
	}
	# timed NAME STEP...: a step, and its time in the summary
	timed_step() {
		local name=$1 t=$SECONDS
		shift
		"$@"
		times+=("$name $((SECONDS - t)) s")
	}

	make_root "$v" || { echo "not ok - $v package: the $release root"; echo "0 passed, 1 failed, 0 skipped"; return 1; }
	if [ ! -f "$clean/.idtypes-root" ]; then
		# a root made before roots kept their clean copy
		make_root_at "$clean" "$release" ||
			{ echo "not ok - $v package: the clean $release root"; echo "0 passed, 1 failed, 0 skipped"; return 1; }
	fi
	timed_step "package build" package_build
	if [ "$fail" != 0 ]; then
		echo "$pass passed, $fail failed, $skip skipped"
		return 1
	fi
	timed_step "source package" source_package_test
	timed_step install package_install
	timed_step tests package_installed_tests
	timed_step pg_upgradecluster package_upgrade_test
	if [ "$v" -lt 18 ]; then
		package_skip "extension_control_path: PostgreSQL $v has none (18 and later)"
	else
		timed_step "extension directories" extension_dirs_test "$v" "$work" "$out" "/debs/$(basename "${debs[0]}")"
	fi
	unmount_root "$work"
	rm -rf --one-file-system "$work"
	echo "time: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g'), in all $((SECONDS - t0)) s"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" = 0 ]
}

# The steps of package_test, which call its check and package_skip and share
# its variables (v, archive, root, clean, work, out, release, debs, others).

# unpack_source DIR: the archive unpacked in DIR (a path in the root), with
# the repository's debian/ (which the PGXN archive leaves out): the Debian
# source tree of idtypes-VERSION.
unpack_source() {
	in_root_sh "$root" "mkdir -p $1 && cd $1 && unzip -q /idtypes-deb/$v/$(basename "$archive") && cp -r /idtypes/debian idtypes-*/"
}

# 1. The build, in the version's release root: the build packages, then
# dpkg-buildpackage for that version alone; sets debs.
package_build() {
	copy_tree "$root"
	rm -rf "$root/idtypes-deb/$v"
	mkdir -p "$out/src"
	cp "$archive" "$out/"
	mount_root "$root"
	local rc=0
	in_root "$root" env PG_MAJOR="$v" IDTYPES_CLIENTS=no bash -c 'source /idtypes/tools/common.sh && install_packages deb' \
		>"$out/packages.log" 2>&1 || rc=$?
	check "the build packages install in the $release root" [ "$rc" = 0 ]
	[ "$release" != "$(host_release)" ] || newcomer_test
	rc=0
	{ unpack_source "/idtypes-deb/$v/src" && in_root_sh "$root" "cd /idtypes-deb/$v/src/idtypes-* &&
		export PG_SUPPORTED_VERSIONS=$v && pg_buildext updatecontrol && dpkg-buildpackage -us -uc -b"; } \
		>"$out/build.log" 2>&1 || rc=$?
	check "dpkg-buildpackage builds postgresql-$v-idtypes" [ "$rc" = 0 ] || tail -n 30 "$out/build.log"
	check "without a compiler warning" eval '! grep -E "\.[ch]:[0-9]+:([0-9]+:)? warning:" "$out/build.log"'
	debs=("$out/src/postgresql-$v-idtypes_"*.deb "$out/src/postgresql-idtypes-common_"*_all.deb)
	check "it made the packages postgresql-$v-idtypes and postgresql-idtypes-common" [ -f "${debs[0]}" -a -f "${debs[1]}" ]
	unmount_root "$root"
}

# 1b. In the root of the release this machine runs, which stands for a
# newcomer's fresh machine: the README's test command installs every
# package that the suite's list has there (tools/common.sh, computed in the
# root as the command computes it: node and npm included, since the root
# has none), and the required TAP files need nothing else (required_tap:
# the list is installed for them).  apt simulates the install: nothing is
# installed into the root.
newcomer_test() {
	local out rc=0 p missing=()
	out=$(in_root "$root" env PG_MAJOR="$v" bash -c 'source /idtypes/tools/common.sh &&
		echo "list: ${IDTYPES_TEST_PACKAGES[*]}" &&
		apt-get -s -q install --no-install-recommends "${IDTYPES_TEST_PACKAGES[@]}"' 2>&1) || rc=$?
	check "a newcomer's test command: apt can install the suite's packages in the $release root" [ "$rc" = 0 ] ||
		tail -n 10 <<<"$out"
	for p in $(sed -n 's/^list: //p' <<<"$out"); do
		in_root "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			grep -q "^Inst $p " <<<"$out" || missing+=("$p")
	done
	check "and every one of them would be there afterwards (node and npm among them)" \
		eval '[ ${#missing[@]} = 0 ] && grep -Eq "^list: (.* )?nodejs( |$)" <<<"$out" && grep -Eq "^list: (.* )?npm( |$)" <<<"$out"' ||
		echo "missing: ${missing[*]}"
}

# 2. The install into a copy of the clean root: the packages of this
# version, and the packages of the release's older versions built in this
# run from the same archive (for step 4: others).
package_install() {
	unmount_root "$work"
	rm -rf --one-file-system "$work"
	cp -a "$clean" "$work"
	rm -rf "$work/etc/apt" "$work/var/lib/apt/lists"
	cp -a "$root/etc/apt" "$work/etc/apt"
	cp -a "$root/var/lib/apt/lists" "$work/var/lib/apt/lists"
	cp -l "$root"/var/cache/apt/archives/*.deb "$work/var/cache/apt/archives/" 2>/dev/null || true
	mkdir -p "$work/debs"
	local d ov rc=0
	for d in "$root"/idtypes-deb/*/src/postgresql-*-idtypes_*.deb; do
		[ -f "$d" ] || continue
		ov=$(basename "$d" | sed 's/^postgresql-\([0-9]*\)-idtypes_.*/\1/')
		[ "$ov" -lt "$v" ] && cmp -s "$archive" "$(dirname "$d")/../$(basename "$archive")" && others+=("$d")
	done
	cp "${debs[@]}" "$work/debs/"
	mount_root "$work"
	# a server that only Debian's experimental suite has (a release
	# candidate) comes from there with its client library, and nothing else
	if ! in_root "$work" apt-cache madison "postgresql-$v" 2>/dev/null | grep -qv experimental; then
		printf 'Package: postgresql-%s* postgresql-client-%s libpq*\nPin: release a=experimental\nPin-Priority: 500\n' \
			"$v" "$v" >"$work/etc/apt/preferences.d/90idtypes-experimental"
	fi
	in_root_sh "$work" "apt-get install -y -q /debs/$(basename "${debs[0]}") /debs/$(basename "${debs[1]}")" \
		>"$out/install.log" 2>&1 || rc=$?
	check "apt installs the packages into a clean $release root" [ "$rc" = 0 ] || tail -n 20 "$out/install.log"
	check "which brings postgresql-$v" eval "in_root '$work' dpkg-query -W 'postgresql-$v' >/dev/null"
	check "and no compiler, server headers or make" eval "! in_root '$work' dpkg-query -W gcc make 'postgresql-server-dev-$v' >/dev/null 2>&1"
	check "the module is the package's" eval "in_root '$work' dpkg -S /usr/lib/postgresql/$v/lib/idtypes.so | grep -q '^postgresql-$v-idtypes:'"
	check "the pg_upgradecluster hook is installed" [ -x "$work/etc/postgresql-common/pg_upgradecluster.d/idtypes" ]
}

# 3. The tests, against the installed packages: CREATE EXTENSION on a
# cluster of the installed server, then debian/tests as autopkgtest runs it.
package_installed_tests() {
	local got test_deps rc=0
	got=$(in_root_sh "$work" "cd /tmp && NONROOT=1 pg_virtualenv -v $v -o shared_preload_libraries=idtypes \
		psql -XAtq -c 'CREATE EXTENSION idtypes' \
		-c \"SELECT extversion FROM pg_extension WHERE extname = 'idtypes'\" \
		-c 'SELECT gen_muid() < gen_muid(), uuidv7_next() < uuidv7_next()'" 2>"$out/create.log" |
		grep -vE '^(Creating new|Dropping) ') || true
	check "CREATE EXTENSION idtypes on a cluster of the installed server: version, ids in order" \
		[ "$got" = "$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$IDTYPES_ROOT/idtypes.control")"$'\n'"t|t" ] ||
		{ echo "got: $got"; tail -n 20 "$out/create.log"; }
	test_deps=$(awk '/^Depends:/ { on = 1; sub(/^Depends:/, "") } on && /^[A-Z]/ && !/^Depends:/ { on = 0 }
		on { gsub(/[,@]/, " "); printf "%s ", $0 }' "$out"/src/idtypes-*/debian/tests/control)
	# shellcheck disable=SC2086
	in_root_sh "$work" "apt-get install -y -q $test_deps" >"$out/test-depends.log" 2>&1 || rc=$?
	check "the test's dependencies install ($(echo $test_deps))" [ "$rc" = 0 ]
	mkdir -p "$work/idtypes-src"
	unzip -q "$archive" -d "$work/idtypes-src"
	cp -r "$root/idtypes/debian" "$work"/idtypes-src/idtypes-*/
	rc=0
	in_root_sh "$work" "cd /idtypes-src/idtypes-* && debian/tests/installcheck" >"$out/installcheck.log" 2>&1 || rc=$?
	check "debian/tests/installcheck: the regression suite passes against the packages" [ "$rc" = 0 ] ||
		tail -n 40 "$out/installcheck.log"
	check "and it ran the regression files" grep -qE "All [0-9]+ tests passed|# All [0-9]+ tests passed" "$out/installcheck.log"
}

# 4. pg_upgradecluster from the release's older version built in this run.
package_upgrade_test() {
	if [ ${#others[@]} = 0 ]; then
		package_skip "pg_upgradecluster: no older PostgreSQL of $release whose packages this run built (the hook needs two versions of one release)"
		return
	fi
	local old=${others[-1]} ov rc=0 method got
	ov=$(basename "$old" | sed 's/^postgresql-\([0-9]*\)-idtypes_.*/\1/')
	cp "$old" "$work/debs/"
	in_root_sh "$work" "apt-get install -y -q /debs/$(basename "$old")" >"$out/upgrade.log" 2>&1 || rc=$?
	check "postgresql-$ov-idtypes installs beside it" [ "$rc" = 0 ]
	for method in upgrade dump; do
		rc=0
		got=$(in_root_sh "$work" "
			pg_createcluster $ov $method >/dev/null
			pg_conftool $ov $method set shared_preload_libraries idtypes
			pg_ctlcluster $ov $method start
			runuser -u postgres -- psql -XAtq --cluster $ov/$method -c 'CREATE EXTENSION idtypes' \
				-c \"SELECT hlculid_observe(hlculid_floor(now() + interval '2 minutes'))\" \
				-c 'CREATE TABLE before AS SELECT gen_hlculid() AS id' >/dev/null
			pg_ctlcluster $ov $method stop
			pg_upgradecluster -m $method $ov $method >&2
			runuser -u postgres -- psql -XAtq --cluster $v/$method \
				-c 'SELECT gen_hlculid() > (SELECT id FROM before), (SELECT count(*) FROM before)'
			ls /var/lib/postgresql/$v/$method/idtypes.state.upgraded 2>/dev/null >&2 && echo flag-left
			pg_dropcluster --stop $v $method; pg_dropcluster $ov $method" 2>>"$out/upgrade.log") || rc=$?
		check "pg_upgradecluster -m $method $ov to $v: the clocks resume after the old cluster's ids" \
			[ "$rc" = 0 -a "$got" = "t|1" ] || { echo "got: $got"; tail -n 20 "$out/upgrade.log"; }
	done
}

# The release whose lintian checks the packages: unstable's, the one that
# the Debian archive checks uploads with.
LINTIAN_RELEASE=sid

# 6. The source package, as a distribution takes it: the PGXN archive,
# repacked as the orig tarball (what debian/watch does), and the
# repository's debian/; dpkg-source builds it, and lintian reports no
# error and no warning on it, nor on the binary packages of step 1.  Once a
# run, in the first version of LINTIAN_RELEASE that it builds.
source_package_test() {
	if [ "$release" != "$LINTIAN_RELEASE" ]; then
		package_skip "the source package and lintian: checked in the $LINTIAN_RELEASE root (its lintian is the one Debian's archive checks uploads with)"
		return
	fi
	local d
	for d in "$root"/idtypes-deb/*/lintian.log; do
		if [ -f "$d" ] && [ "$d" != "$out/lintian.log" ] && cmp -s "$archive" "$(dirname "$d")/$(basename "$archive")"; then
			package_skip "the source package and lintian: checked with PostgreSQL $(basename "$(dirname "$d")")'s packages, of the same archive"
			return
		fi
	done
	local upstream rc=0
	upstream=$(basename "$archive" .zip)
	mount_root "$root"
	{ unpack_source "/idtypes-deb/$v/source" && in_root_sh "$root" "cd /idtypes-deb/$v/source &&
		tar -cJf idtypes_${upstream#idtypes-}.orig.tar.xz --exclude=$upstream/debian $upstream &&
		cd $upstream && dpkg-source -b ."; } >"$out/source.log" 2>&1 || rc=$?
	check "dpkg-source builds the source package (3.0 quilt: the PGXN archive and debian/)" [ "$rc" = 0 ] ||
		tail -n 20 "$out/source.log"
	rc=0
	in_root_sh "$root" "cd /idtypes-deb/$v/source && lintian --fail-on error,warning --display-info idtypes_*.dsc" \
		>"$out/lintian.log" 2>&1 || rc=$?
	check "lintian: no error or warning on the source package" [ "$rc" = 0 ] || cat "$out/lintian.log"
	# initial-upload-closes-no-bugs: the first upload to Debian closes its
	# ITP bug, which only a Debian maintainer files; nothing to fix here
	rc=0
	in_root_sh "$root" "cd /idtypes-deb/$v/src && lintian --fail-on error,warning --display-info \
		--suppress-tags initial-upload-closes-no-bugs *.deb" >>"$out/lintian.log" 2>&1 || rc=$?
	check "lintian: no error or warning on the binary packages" [ "$rc" = 0 ] || cat "$out/lintian.log"
	unmount_root "$root"
}

# extension_dirs_test VERSION WORK OUT DEB: in the clean root WORK, the
# files of the package DEB (postgresql-VERSION-idtypes, uninstalled first)
# where an image volume has them, outside the server's tree (the layout of
# CloudNativePG's extension images: /extensions/idtypes/share/extension and
# /extensions/idtypes/lib), found through extension_control_path and
# dynamic_library_path, with shared_preload_libraries: the regression
# suite, then the upgrade test (t/013_upgrade.pl, whose servers get the
# same settings through TEMP_CONFIG) against them.  Called by package_test,
# whose check and package_skip it uses.
extension_dirs_test() {
	local v=$1 work=$2 out=$3 deb=$4 rc=0 version
	version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$IDTYPES_ROOT/idtypes.control")
	local settings="shared_preload_libraries = 'idtypes'
extension_control_path = '\$system:/extensions/idtypes/share'
dynamic_library_path = '\$libdir:/extensions/idtypes/lib'"
	in_root_sh "$work" "
		apt-get purge -y -q postgresql-$v-idtypes
		apt-get install -y -q libipc-run-perl
		rm -rf /tmp/volume /extensions && dpkg-deb -x $deb /tmp/volume
		mkdir -p /extensions/idtypes/share /extensions/idtypes/lib
		mv /tmp/volume/usr/share/postgresql/$v/extension /extensions/idtypes/share/
		mv /tmp/volume/usr/lib/postgresql/$v/lib/idtypes.so /extensions/idtypes/lib/
		! ls /usr/share/postgresql/$v/extension/idtypes* /usr/lib/postgresql/$v/lib/idtypes.so 2>/dev/null" \
		>"$out/extdirs.log" 2>&1 || rc=$?
	check "the package's files in an image volume's layout, none in the server's tree" [ "$rc" = 0 ] ||
		{ tail -n 20 "$out/extdirs.log"; return; }
	printf '%s\n' "$settings" >"$work/tmp/volume.conf"
	rc=0
	in_root_sh "$work" "cd /idtypes-src/idtypes-* && rm -rf results regression.* &&
		NONROOT=1 pg_virtualenv -v $v -o shared_preload_libraries=idtypes \
			-o 'extension_control_path=\$system:/extensions/idtypes/share' \
			-o 'dynamic_library_path=\$libdir:/extensions/idtypes/lib' -o max_connections=50 -o jit=off \
			make installcheck PG_CONFIG=/usr/lib/postgresql/$v/bin/pg_config USE_PGXS=1 ISOLATION= TAP_TESTS=" \
		>>"$out/extdirs.log" 2>&1 || rc=$?
	check "the regression suite passes with idtypes found through extension_control_path and dynamic_library_path" \
		[ "$rc" = 0 ] || tail -n 40 "$out/extdirs.log"
	rc=0
	in_root_sh "$work" "rm -rf /tmp/tap && cp -r /idtypes-src/idtypes-* /tmp/tap && chown -R postgres: /tmp/tap &&
		cd /tmp/tap && runuser -u postgres -- make -s PG_CONFIG=/usr/lib/postgresql/$v/bin/pg_config idtypes--$version.sql &&
		runuser -u postgres -- env TEMP_CONFIG=/tmp/volume.conf LANG=C.UTF-8 LC_ALL=C.UTF-8 \
			make PG_CONFIG=/usr/lib/postgresql/$v/bin/pg_config installcheck-tap PROVE_TESTS=t/013_upgrade.pl" \
		>>"$out/extdirs.log" 2>&1 || rc=$?
	check "the upgrade test passes against the image volume" [ "$rc" = 0 ] || tail -n 40 "$out/extdirs.log"
}

# run_packages LIST: tools/test.sh --packages LIST: package_test for each
# version, and the summary line of them all.
run_packages() {
	local list=${1//,/ } v logs rc=0 counts
	total_p=0 total_f=0 total_s=0
	[ "$list" = all ] && list="${MATRIX_VERSIONS[*]}"
	for v in $list; do
		release_of "$v" >/dev/null ||
			{ echo "PostgreSQL $v is not in the matrix (${MATRIX_VERSIONS[*]})" >&2; return 2; }
	done
	if [ "$(id -u)" != 0 ]; then
		log "the roots need root (debootstrap, mount, chroot): running with sudo"
		exec sudo --preserve-env=IDTYPES_ROOTS bash "$IDTYPES_ROOT/tools/test.sh" --packages "${list// /,}"
	fi
	command -v debootstrap >/dev/null || { apt-get update -qq;
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
	logs=$(mktemp -d /tmp/idtypes-packages.XXXXXX)
	# whatever happens, nothing stays mounted
	# shellcheck disable=SC2064
	trap "for v in $list; do unmount_root \"\$(root_dir \$v)\"; unmount_root \"\$(root_dir \$v).pkgtest\"; done" EXIT
	trap 'exit 130' INT TERM
	make_dist "$logs/dist"
	for v in $list; do
		rc=0
		package_test "$v" "$(ls "$logs"/dist/*.zip)" 2>&1 | tee "$logs/package-$v.log" || rc=$?
		# (tally of tools/roots.sh, which tools/test.sh sources with this)
		tally "$logs/package-$v.log" "$rc"
	done
	echo "$total_p passed, $total_f failed, $total_s skipped"
	if [ "$total_f" = 0 ]; then rm -rf "$logs"; else log "logs kept in $logs"; fi
	[ "$total_f" = 0 ]
}
