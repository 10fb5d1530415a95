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
	for d in "$IDTYPES_ROOTS/$release"-pg*/idtypes-deb/*/src/postgresql-*-idtypes_*.deb; do
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
		-c 'SELECT gen_muid() < gen_muid(), gen_uuidv7() < gen_uuidv7()'" 2>"$out/create.log" |
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

	unmount_root "$work"
	rm -rf --one-file-system "$work"
	echo "time: package build $t_build s (its packages $t_deps s), install $t_install s, tests $t_test s, pg_upgradecluster $t_upgrade s, in all $((SECONDS - t0)) s"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" = 0 ]
}
