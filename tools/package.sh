# tools/package.sh: the Debian packages of debian/, built and tested in the
# roots of the version matrix (tools/roots.sh).  Sourced by tools/test.sh
# after tools/common.sh and tools/roots.sh, not run.
#
# package_test VERSION ARCHIVE, for PostgreSQL VERSION and the PGXN archive
# ARCHIVE (make dist: what git tracks, as a fresh clone has it):
#
# 1. Build, in the root of the version's Debian release (made if missing,
#    with the packages of the "deb" list of tools/common.sh): the archive
#    unpacked, pg_buildext updatecontrol, dpkg-buildpackage, for that
#    version alone (PG_SUPPORTED_VERSIONS), into ROOT/idtypes-deb/VERSION.
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
	local pass=0 fail=0 skip=0 t0=$SECONDS t
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

	# 1. the build
	make_root "$v" || { echo "not ok - $v package: the $release root"; echo "0 passed, 1 failed, 0 skipped"; return 1; }
	if [ ! -f "$clean/.idtypes-root" ]; then
		# a root made before roots kept their clean copy
		make_root_at "$clean" "$release" ||
			{ echo "not ok - $v package: the clean $release root"; echo "0 passed, 1 failed, 0 skipped"; return 1; }
	fi
	copy_tree "$root"
	rm -rf "$root/idtypes-deb/$v"
	mkdir -p "$out/src"
	cp "$archive" "$out/"
	mount_root "$root"
	t=$SECONDS
	local rc=0
	in_root "$root" env PG_MAJOR="$v" IDTYPES_CLIENTS=no bash -c 'source /idtypes/tools/common.sh && install_packages deb' \
		>"$out/packages.log" 2>&1 || rc=$?
	check "the build packages install in the $release root" [ "$rc" = 0 ]
	local t_deps=$((SECONDS - t))
	t=$SECONDS
	rc=0
	in_root_sh "$root" "cd /idtypes-deb/$v/src && unzip -q ../$(basename "$archive") && cd idtypes-* &&
		export PG_SUPPORTED_VERSIONS=$v && pg_buildext updatecontrol && dpkg-buildpackage -us -uc -b" \
		>"$out/build.log" 2>&1 || rc=$?
	check "dpkg-buildpackage builds postgresql-$v-idtypes" [ "$rc" = 0 ] || tail -n 30 "$out/build.log"
	check "without a compiler warning" eval '! grep -E "\.[ch]:[0-9]+:([0-9]+:)? warning:" "$out/build.log"'
	unmount_root "$root"
	local t_build=$((SECONDS - t))
	local debs=("$out/src/postgresql-$v-idtypes_"*.deb "$out/src/postgresql-idtypes-common_"*_all.deb)
	check "it made the packages postgresql-$v-idtypes and postgresql-idtypes-common" [ -f "${debs[0]}" -a -f "${debs[1]}" ]
	if [ "$fail" != 0 ]; then
		echo "$pass passed, $fail failed, $skip skipped"
		return 1
	fi

	# 2. the install into a clean root
	t=$SECONDS
	unmount_root "$work"
	rm -rf --one-file-system "$work"
	cp -a "$clean" "$work"
	rm -rf "$work/etc/apt" "$work/var/lib/apt/lists"
	cp -a "$root/etc/apt" "$work/etc/apt"
	cp -a "$root/var/lib/apt/lists" "$work/var/lib/apt/lists"
	cp -l "$root"/var/cache/apt/archives/*.deb "$work/var/cache/apt/archives/" 2>/dev/null || true
	mkdir -p "$work/debs"
	local others=() d ov
	# the packages of the release's older versions built in this run (from
	# the same archive), in its root or roots, for step 4
	for d in "$root"/idtypes-deb/*/src/postgresql-*-idtypes_*.deb; do
		[ -f "$d" ] || continue
		ov=$(basename "$d" | sed 's/^postgresql-\([0-9]*\)-idtypes_.*/\1/')
		[ "$ov" -lt "$v" ] && cmp -s "$archive" "$(dirname "$d")/../$(basename "$archive")" && others+=("$d")
	done
	cp "${debs[@]}" "$work/debs/"
	mount_root "$work"
	# a server that only Debian's experimental suite has (a release
	# candidate) comes from there with its client library, and nothing else
	local suite=""
	if ! in_root "$work" apt-cache madison "postgresql-$v" 2>/dev/null | grep -qv experimental; then
		printf 'Package: postgresql-%s* postgresql-client-%s libpq*\nPin: release a=experimental\nPin-Priority: 500\n' \
			"$v" "$v" >"$work/etc/apt/preferences.d/90idtypes-experimental"
	fi
	rc=0
	in_root_sh "$work" "apt-get install -y -q /debs/$(basename "${debs[0]}") /debs/$(basename "${debs[1]}")" \
		>"$out/install.log" 2>&1 || rc=$?
	check "apt installs the packages into a clean $release root" [ "$rc" = 0 ] || tail -n 20 "$out/install.log"
	check "which brings postgresql-$v" eval "in_root '$work' dpkg-query -W 'postgresql-$v' >/dev/null"
	check "and no compiler, server headers or make" eval "! in_root '$work' dpkg-query -W gcc make 'postgresql-server-dev-$v' >/dev/null 2>&1"
	check "the module is the package's" eval "in_root '$work' dpkg -S /usr/lib/postgresql/$v/lib/idtypes.so | grep -q '^postgresql-$v-idtypes:'"
	check "the pg_upgradecluster hook is installed" [ -x "$work/etc/postgresql-common/pg_upgradecluster.d/idtypes" ]
	local t_install=$((SECONDS - t))

	# 3. the tests, against the installed packages
	t=$SECONDS
	local got
	got=$(in_root_sh "$work" "cd /tmp && NONROOT=1 pg_virtualenv -v $v -o shared_preload_libraries=idtypes \
		psql -XAtq -c 'CREATE EXTENSION idtypes' \
		-c \"SELECT extversion FROM pg_extension WHERE extname = 'idtypes'\" \
		-c 'SELECT gen_muid() < gen_muid(), uuidv7_next() < uuidv7_next()'" 2>"$out/create.log" |
		grep -vE '^(Creating new|Dropping) ') || true
	check "CREATE EXTENSION idtypes on a cluster of the installed server: version, ids in order" \
		[ "$got" = "$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$IDTYPES_ROOT/idtypes.control")"$'\n'"t|t" ] ||
		{ echo "got: $got"; tail -n 20 "$out/create.log"; }
	local test_deps
	test_deps=$(awk '/^Depends:/ { on = 1; sub(/^Depends:/, "") } on && /^[A-Z]/ && !/^Depends:/ { on = 0 }
		on { gsub(/[,@]/, " "); printf "%s ", $0 }' "$out"/src/idtypes-*/debian/tests/control)
	rc=0
	# shellcheck disable=SC2086
	in_root_sh "$work" "apt-get install -y -q $test_deps" >"$out/test-depends.log" 2>&1 || rc=$?
	check "the test's dependencies install ($(echo $test_deps))" [ "$rc" = 0 ]
	mkdir -p "$work/idtypes-src"
	unzip -q "$archive" -d "$work/idtypes-src"
	rc=0
	in_root_sh "$work" "cd /idtypes-src/idtypes-* && debian/tests/installcheck" >"$out/installcheck.log" 2>&1 || rc=$?
	check "debian/tests/installcheck: the regression suite passes against the packages" [ "$rc" = 0 ] ||
		tail -n 40 "$out/installcheck.log"
	check "and it ran the regression files" grep -qE "All [0-9]+ tests passed|# All [0-9]+ tests passed" "$out/installcheck.log"
	local t_test=$((SECONDS - t))

	# 4. pg_upgradecluster from an older version of the release
	t=$SECONDS
	if [ ${#others[@]} = 0 ]; then
		package_skip "pg_upgradecluster: no older PostgreSQL of $release whose packages this run built (the hook needs two versions of one release)"
	else
		local old=${others[-1]}
		ov=$(basename "$old" | sed 's/^postgresql-\([0-9]*\)-idtypes_.*/\1/')
		cp "$old" "$work/debs/"
		rc=0
		in_root_sh "$work" "apt-get install -y -q /debs/$(basename "$old")" >"$out/upgrade.log" 2>&1 || rc=$?
		check "postgresql-$ov-idtypes installs beside it" [ "$rc" = 0 ]
		local method
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
	fi
	local t_upgrade=$((SECONDS - t))

	# 5. an image volume: PostgreSQL 18's extension directories
	t=$SECONDS
	if [ "$v" -lt 18 ]; then
		package_skip "extension_control_path: PostgreSQL $v has none (18 and later)"
	else
		extension_dirs_test "$v" "$work" "$out" "/debs/$(basename "${debs[0]}")"
	fi
	local t_extdirs=$((SECONDS - t))

	unmount_root "$work"
	rm -rf --one-file-system "$work"
	echo "time: package build $t_build s (its packages $t_deps s), install $t_install s, tests $t_test s, pg_upgradecluster $t_upgrade s, extension directories $t_extdirs s, in all $((SECONDS - t0)) s"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" = 0 ]
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
	local list=${1//,/ } v logs rc=0 line p f s total_p=0 total_f=0 total_s=0
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
		line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$logs/package-$v.log" | tail -n 1)
		[ -n "$line" ] || line="0 passed, 1 failed, 0 skipped"
		read -r p _ f _ s _ <<<"${line//,/}"
		[ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
		total_p=$((total_p + p)) total_f=$((total_f + f)) total_s=$((total_s + s))
	done
	echo "$total_p passed, $total_f failed, $total_s skipped"
	if [ "$total_f" = 0 ]; then rm -rf "$logs"; else log "logs kept in $logs"; fi
	[ "$total_f" = 0 ]
}
