# tools/roots.sh: the version matrix of tools/test.sh --pg.  Sourced by
# tools/test.sh after tools/common.sh, not run.
#
# Each PostgreSQL major version of the matrix is Debian's own package of it
# in the Debian release that ships it, installed in a minimal root of that
# release made with debootstrap --variant=minbase from the Debian mirror that
# this machine's apt sources name; versions of one release share its root
# (18 and 19: sid, with experimental in its apt sources for 19's release
# candidate).  A root is made once and kept (under IDTYPES_ROOTS, default
# /var/tmp/idtypes-roots): the next run only installs what is missing.  The
# tests run in it with chroot, with /proc, /sys and /dev bound from this
# machine, which are unmounted again whatever happens.

IDTYPES_ROOTS=${IDTYPES_ROOTS:-/var/tmp/idtypes-roots}

# The Citus source archive (tools/citus.sh's IDTYPES_CITUS_ARCHIVE) reaches
# a root as a copy, in ROOT/idtypes-deps (copy_deps), where the root's
# tools/citus.sh is told to find it.
source "$IDTYPES_ROOT/tools/citus.sh"
ROOT_CITUS_ARCHIVE=/idtypes-deps/$(basename "$IDTYPES_CITUS_ARCHIVE")
# pg_tle's likewise (tools/pgtle.sh)
source "$IDTYPES_ROOT/tools/pgtle.sh"
ROOT_PGTLE_ARCHIVE=/idtypes-deps/$(basename "$IDTYPES_PGTLE_ARCHIVE")

# The versions of the matrix, and the Debian release that packages each.
MATRIX_VERSIONS=(15 17 18 19)
# The TAP files that the roots leave to the suite on this machine, since
# what they test does not change with the server's version: the
# repository's contract and the documentation's examples, the input
# fuzzers (the parsers are the module's own code), the clock's behaviour
# under bursts and a clock far off (the module's own arithmetic), the load
# test (60 s of clients), and the PGXN archive's checks (each root builds
# its Debian packages from that archive: tools/package.sh).
MATRIX_HOST_ONLY="t/009_contract.pl t/014_fuzz_input.pl t/015_libfuzzer.pl t/016_load.pl t/017_uuid_burst.pl t/019_clock_range.pl t/030_packaging.pl t/040_doc_examples.pl"
# The fault explorer (t/080_fault_explorer.pl) runs in every root, since
# promotion, pg_rewind and synchronous replication are each version's own;
# there it runs the schedules of the findings, without the random seeds
# that follow them on this machine (about 20 s less per version).
MATRIX_EXPLORE_SEEDS=""
# The companion's differential test (t/090_companion_diff.pl) draws 100,000
# inputs per function on this machine; the roots draw 20,000, which reach
# every version's own code paths (the comparisons are the same queries)
# in a fifth of the time.
MATRIX_COMPANION_N=20000
release_of() {
	case "$1" in
		15) echo bookworm ;;
		17) echo trixie ;;
		18 | 19) echo sid ;;
		*) return 1 ;;
	esac
}

# The suite of the release's archive that has the version's packages, when
# it is not the release itself: apt installs them with -t from there.
apt_suite_of() {
	case "$1" in
		19) echo experimental ;;
	esac
}

# The Debian release this machine runs.
host_release() {
	# shellcheck disable=SC1091
	(. /etc/os-release && echo "${VERSION_CODENAME:-}")
}

# The URI of the Debian archive in this machine's apt sources: the first
# "deb" entry that is not the security archive, in deb822 .sources files or
# one-line sources.list files.
debian_mirror() {
	local f uri=""
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		uri=$(awk '
			/^[ \t]*$/ { if (deb && uri != "" && suites !~ /-security/) { print uri; exit } deb = 0; uri = ""; suites = ""; next }
			tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
			tolower($1) == "uris:" { uri = $2 }
			tolower($1) == "suites:" { suites = $0 }
			END { if (deb && uri != "" && suites !~ /-security/) print uri }' "$f" | head -n 1)
		[ -n "$uri" ] && break
	done
	if [ -z "$uri" ]; then
		uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while ($i !~ /\]$/) i++; if ($2 ~ /^\[/) i++;
				if ($(i + 1) !~ /-security/) { print $i; exit } }')
	fi
	[ -n "$uri" ] || { echo "no Debian archive found in /etc/apt/sources*" >&2; return 1; }
	echo "${uri%/}"
}

# The root of version $1: one per release, shared by its versions.
root_dir() { echo "$IDTYPES_ROOTS/$(release_of "$1")"; }

# Every mount point under root $1, deepest first.
mounts_under() {
	awk -v r="$1/" 'index($5, r) == 1 { print $5 }' /proc/self/mountinfo | sort -r
}

# The processes running in root $1 (their root directory is it): the
# servers of a suite that was stopped half-way.
processes_in() {
	find /proc -mindepth 2 -maxdepth 2 -path '/proc/[0-9]*/root' -lname "$1" 2>/dev/null | cut -d/ -f3
	return 0
}

# unmount_root ROOT: end what still runs in it, unmount everything under it.
unmount_root() {
	local root=$1 pids m
	pids=$(processes_in "$root")
	if [ -n "$pids" ]; then
		log "ending processes left in $root: $(echo $pids)"
		# shellcheck disable=SC2086
		kill -KILL $pids 2>/dev/null || true
		sleep 1
	fi
	for m in $(mounts_under "$root"); do
		umount "$m" 2>/dev/null || umount -l "$m" || log "could not unmount $m"
	done
}

mount_root() {
	local root=$1 d
	for d in proc sys dev; do
		mkdir -p "$root/$d"
		mount --rbind "/$d" "$root/$d"
		mount --make-rslave "$root/$d"
	done
}

# in_root ROOT COMMAND...: run a command in the root with a clean
# environment (root is mounted).
in_root() {
	local root=$1
	shift
	chroot "$root" env -i HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 LC_ALL=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

# make_root VERSION: debootstrap the version's release (once: a root with
# the stamp file .idtypes-root is complete), configure its apt, and keep a
# copy of it as it is then, ROOT.clean (tools/package.sh installs the
# packages of idtypes into copies of that: a system with nothing else).
make_root() {
	local v=$1 root
	root=$(root_dir "$v")
	[ -f "$root/.idtypes-root" ] && return 0
	make_root_at "$root" "$(release_of "$v")" || return 1
	rm -rf --one-file-system "$root.clean"
	cp -a "$root" "$root.clean"
}

# make_root_at DIR RELEASE: a minimal root of the release in DIR.
make_root_at() {
	local root=$1 release=$2 mirror
	mirror=$(debian_mirror)
	unmount_root "$root"
	if [ -n "$(mounts_under "$root")" ]; then
		log "$root still has mounts: not removing it"
		return 1
	fi
	rm -rf --one-file-system "$root"
	mkdir -p "$(dirname "$root")"
	log "debootstrap $release from $mirror into $root"
	debootstrap --variant=minbase "$release" "$root" "$mirror" >"$root.debootstrap.log" 2>&1 ||
		{ tail -n 20 "$root.debootstrap.log" >&2; unmount_root "$root"; return 1; }
	# unstable comes with experimental, where Debian puts the next major's
	# release candidates (apt takes nothing from it unless asked with -t)
	if [ "$release" = sid ]; then
		echo "deb $mirror experimental main" >>"$root/etc/apt/sources.list"
	fi
	# apt: no recommends, retries; unstable's Release file is used past
	# its Valid-Until date (the mirror may serve one that is)
	{
		echo 'APT::Install-Recommends "false";'
		echo 'Acquire::Retries "3";'
		[ "$release" = sid ] && echo 'Acquire::Check-Valid-Until "false";'
	} >"$root/etc/apt/apt.conf.d/90idtypes"
	# dpkg without a sync after each file (a root is a throwaway: after a
	# crash of the machine, remove it and the next run makes it again)
	echo force-unsafe-io >"$root/etc/dpkg/dpkg.cfg.d/90idtypes"
	# no service starts in the root (the packages' own cluster, say)
	printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
	chmod 755 "$root/usr/sbin/policy-rc.d"
	touch "$root/.idtypes-root"
}

# The packages that a version's root takes from its release's backports (the
# release packages an older version): Django 5.2 for the ORM tests, since
# trixie has 4.2, which lacks the database defaults (db_default) they test.
backports_of() {
	case "$1" in
		17) echo python3-django ;;
	esac
}

# backports_pins VERSION: the release's backports in the root's apt sources
# (when it takes packages from there), and a pin that prefers them for those
# packages only; everything else still comes from the release.
backports_pins() {
	local v=$1 root release packages
	root=$(root_dir "$v")
	release=$(release_of "$v")
	packages=$(backports_of "$v")
	[ -n "$packages" ] || return 0
	echo "deb $(debian_mirror) $release-backports main" >"$root/etc/apt/sources.list.d/idtypes-backports.list"
	printf 'Package: %s\nPin: release n=%s-backports\nPin-Priority: 500\n' \
		"$packages" "$release" >"$root/etc/apt/preferences.d/idtypes-backports"
}

# trust_local_cas ROOT: the certificate authorities added to this machine
# (/usr/local/share/ca-certificates: a TLS-inspecting proxy's, say) trusted in
# the root too, so that npm there reaches the registry as it does here.
trust_local_cas() {
	local root=$1
	compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null || return 0
	[ -x "$root/usr/sbin/update-ca-certificates" ] || return 0
	mkdir -p "$root/usr/local/share/ca-certificates"
	cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
	in_root "$root" update-ca-certificates >/dev/null
}

# prepare_root VERSION...: make the root of the versions (one release) and
# install the packages of tools/common.sh for each of them into it, one
# version after the other (one apt at a time in a root), and Citus where
# it supports the version (tools/citus.sh: built from its archive, at the
# lowest CPU priority, since .ci/run prepares the roots while the suites
# run on this machine).  Writes the time of each step beside the root, for
# run_matrix's summary.
prepare_root() {
	local root t0 v rc=0 times
	root=$(root_dir "$1")
	t0=$SECONDS
	make_root "$1"
	times="root $((SECONDS - t0)) s"
	copy_tree "$root"
	copy_deps "$root"
	mount_root "$root"
	for v in "$@"; do
		t0=$SECONDS
		backports_pins "$v"
		in_root "$root" env PG_MAJOR="$v" IDTYPES_CLIENTS=no IDTYPES_APT_SUITE="$(apt_suite_of "$v")" \
			bash -c 'source /idtypes/tools/common.sh && install_packages test' || rc=$?
		times+=", packages $v $((SECONDS - t0)) s"
		[ "$rc" = 0 ] || break
		t0=$SECONDS
		in_root "$root" env PG_MAJOR="$v" IDTYPES_CITUS_ARCHIVE="$ROOT_CITUS_ARCHIVE" nice -n 19 \
			bash -c 'source /idtypes/tools/common.sh && source /idtypes/tools/citus.sh && citus_setup'
		times+=", Citus $v $((SECONDS - t0)) s"
		t0=$SECONDS
		in_root "$root" env PG_MAJOR="$v" IDTYPES_PGTLE_ARCHIVE="$ROOT_PGTLE_ARCHIVE" nice -n 19 \
			bash -c 'source /idtypes/tools/common.sh && source /idtypes/tools/pgtle.sh && pgtle_setup'
		times+=", pg_tle $v $((SECONDS - t0)) s"
	done
	[ "$rc" = 0 ] && { trust_local_cas "$root" || rc=$?; }
	unmount_root "$root"
	echo "$times" >"$root.prepare-times"
	return $rc
}

# copy_tree ROOT: the source tree (without build products) into ROOT/idtypes.
copy_tree() {
	local root=$1
	rm -rf "$root/idtypes"
	mkdir -p "$root/idtypes"
	tar_source_tree | tar -C "$root/idtypes" -xf -
}

# copy_deps ROOT: the third-party archives that tests build from (Citus's
# and pg_tle's, with their .sha256 files) into ROOT/idtypes-deps, as this
# machine has them.
copy_deps() {
	local root=$1 f
	rm -rf "$root/idtypes-deps"
	mkdir -p "$root/idtypes-deps"
	for f in "$IDTYPES_CITUS_ARCHIVE" "$IDTYPES_CITUS_ARCHIVE.sha256" "$IDTYPES_PGTLE_ARCHIVE" "$IDTYPES_PGTLE_ARCHIVE.sha256"; do
		[ -f "$f" ] && cp "$f" "$root/idtypes-deps/"
	done
	[ -f "$IDTYPES_CITUS_ARCHIVE" ] || log "no $IDTYPES_CITUS_ARCHIVE on this machine: the roots build no Citus"
	[ -f "$IDTYPES_PGTLE_ARCHIVE" ] || log "no $IDTYPES_PGTLE_ARCHIVE on this machine: the roots build no pg_tle"
	return 0
}

# tally LOG RC: add the counts of a suite's log (its last "N passed, N
# failed, N skipped" line; a log without one counts as one failure, and so
# does a run that failed, RC not 0, without a failed test) to total_p,
# total_f and total_s, and put them in counts.
tally() {
	local line p f s
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$1" | tail -n 1)
	[ -n "$line" ] || line="0 passed, 1 failed, 0 skipped"
	read -r p _ f _ s _ <<<"${line//,/}"
	[ "$2" != 0 ] && [ "$f" = 0 ] && f=1
	total_p=$((total_p + p)) total_f=$((total_f + f)) total_s=$((total_s + s))
	counts="$p passed, $f failed, $s skipped"
}

# times_of LOG: the times of the parts of a suite (its "time: ..." line).
times_of() {
	grep -E '^time: ' "$1" | tail -n 1 | sed 's/^time: //'
}

# matrix_cleanup: the EXIT trap of run_matrix.  Whatever happens, nothing
# stays mounted: end the preparations still running, then unmount every
# root, those of the packages (tools/package.sh) too.
matrix_cleanup() {
	local j v
	for j in "${jobs[@]}"; do kill "$j" 2>/dev/null || true; done
	wait 2>/dev/null || true
	for v in "${roots[@]}"; do unmount_root "$(root_dir "$v")"; done
	for v in "${versions[@]}"; do unmount_root "$(root_dir "$v")"; unmount_root "$(root_dir "$v").pkgtest"; done
}

# matrix_prepare LOGS: prepare the roots of the versions of roots[],
# concurrently (mostly downloads, and dpkg, which waits on the disk), one
# root per release, each with its own log in LOGS; IDTYPES_PREPARE_JOBS=1:
# one after the other.  The versions whose root failed go to
# failed_prepare[].
matrix_prepare() {
	local logs=$1 t0=$SECONDS release releases=() rv v i rc
	declare -A release_versions=()
	for v in "${roots[@]}"; do
		release=$(release_of "$v")
		[ -n "${release_versions[$release]:-}" ] || releases+=("$release")
		release_versions[$release]+="${release_versions[$release]:+ }$v"
	done
	for release in "${releases[@]}"; do
		rv=${release_versions[$release]}
		log "PostgreSQL ${rv// /, }: preparing the $release root (log: $logs/prepare-$release.log)"
		if [ "${IDTYPES_PREPARE_JOBS:-}" = 1 ]; then
			rc=0
			# shellcheck disable=SC2086
			( prepare_root $rv ) >"$logs/prepare-$release.log" 2>&1 || rc=$?
			( exit "$rc" ) &
		else
			# shellcheck disable=SC2086
			( prepare_root $rv ) >"$logs/prepare-$release.log" 2>&1 &
		fi
		jobs+=("$!")
	done
	for i in "${!releases[@]}"; do
		rc=0
		wait "${jobs[$i]}" || rc=$?
		release=${releases[$i]}
		[ "$rc" = 0 ] && continue
		# shellcheck disable=SC2206
		failed_prepare+=(${release_versions[$release]})
		log "PostgreSQL ${release_versions[$release]// /, }: the $release root could not be prepared:"
		tail -n 30 "$logs/prepare-$release.log" >&2
	done
	jobs=()
	log "roots prepared in $((SECONDS - t0)) s"
}

# matrix_root_suite V LOGS OUT: the suite of version V in its release's
# root (a copy of this tree, the PGXN archive of LOGS), its output in OUT.
matrix_root_suite() {
	local v=$1 logs=$2 out=$3 root rc=0
	root=$(root_dir "$v")
	log "PostgreSQL $v: the suite in the $(release_of "$v") root $root"
	copy_tree "$root"
	copy_deps "$root"
	rm -rf "$root/idtypes-dist"
	cp -r "$logs/dist" "$root/idtypes-dist"
	mount_root "$root"
	in_root "$root" env PG_MAJOR="$v" IDTYPES_CLIENTS=no IDTYPES_FUZZ=no IDTYPES_DIST_DIR=/idtypes-dist \
		IDTYPES_WERROR="${IDTYPES_WERROR:-}" IDTYPES_CITUS_ARCHIVE="$ROOT_CITUS_ARCHIVE" IDTYPES_PGTLE_ARCHIVE="$ROOT_PGTLE_ARCHIVE" \
		IDTYPES_TAP_SKIP="$MATRIX_HOST_ONLY" IDTYPES_EXPLORE_FIXED_SEEDS="$MATRIX_EXPLORE_SEEDS" \
		IDTYPES_COMPANION_N="$MATRIX_COMPANION_N" \
		IDTYPES_TAP_SKIP_WHY="runs on this machine's version only: what it tests does not change with the server's version" \
		IDTYPES_APT_SUITE="$(apt_suite_of "$v")" \
		bash /idtypes/tools/test.sh 2>&1 | tee "$out" || rc=$?
	unmount_root "$root"
	return "$rc"
}

# matrix_version V LOGS: the suite of version V (in its root, or on this
# machine), then its Debian packages (built in its release's root and
# tested in a clean one); their counts go to the totals and results[].
matrix_version() {
	local v=$1 logs=$2 out t=$SECONDS prep="" rc=0 counts
	out="$logs/suite-$v.log"
	if [[ " ${failed_prepare[*]} " == *" $v "* ]]; then
		echo "0 passed, 1 failed, 0 skipped" >"$out"
	elif [[ " ${roots[*]} " == *" $v "* ]]; then
		prep=$(cat "$(root_dir "$v").prepare-times" 2>/dev/null || true)
		matrix_root_suite "$v" "$logs" "$out" || rc=$?
	else
		log "PostgreSQL $v: the suite on this machine"
		PG_MAJOR=$v bash "$IDTYPES_ROOT/tools/test.sh" 2>&1 | tee "$out" || rc=$?
	fi
	tally "$out" "$rc"
	results+=("PostgreSQL $v ($(release_of "$v")): $counts; ${prep:+$prep, }$(times_of "$out"), suite run $((SECONDS - t)) s")

	out="$logs/package-$v.log"
	t=$SECONDS
	rc=0
	log "PostgreSQL $v: the Debian packages"
	package_test "$v" "$(ls "$logs"/dist/*.zip)" 2>&1 | tee "$out" || rc=$?
	tally "$out" "$rc"
	results+=("PostgreSQL $v packages: $counts; $(times_of "$out"), $((SECONDS - t)) s")
}

# matrix_report LOGS: each version's line, every skipped and failed test
# with its version, and the line of all of them together.
matrix_report() {
	local logs=$1 line v
	echo
	echo "Version matrix:"
	for line in "${results[@]}"; do echo "  $line"; done
	for v in "${versions[@]}"; do
		grep -E '^skipped: ' "$logs/suite-$v.log" "$logs/package-$v.log" 2>/dev/null | sed "s/^[^:]*:skipped: /skipped on $v: /" || true
	done
	for v in "${versions[@]}"; do
		grep -E '^failed: |^not ok - ' "$logs/suite-$v.log" "$logs/package-$v.log" 2>/dev/null |
			sed -E "s/^[^:]*:(failed: |not ok - )/failed on $v: /" || true
	done
	echo "$total_p passed, $total_f failed, $total_s skipped"
}

# run_matrix LIST: tools/test.sh --pg LIST.
run_matrix() {
	local list=${1//,/ } v host logs
	# global: the EXIT trap and the functions above read them
	versions=() roots=() jobs=() failed_prepare=() results=() total_p=0 total_f=0 total_s=0
	[ "$list" = all ] && list="${MATRIX_VERSIONS[*]}"
	for v in $list; do
		release_of "$v" >/dev/null ||
			{ echo "PostgreSQL $v is not in the matrix (${MATRIX_VERSIONS[*]})" >&2; return 2; }
		versions+=("$v")
	done
	if [ "$(id -u)" != 0 ]; then
		log "the roots need root (debootstrap, mount, chroot): running with sudo"
		exec sudo --preserve-env=IDTYPES_ROOTS,IDTYPES_PREPARE_JOBS bash "$IDTYPES_ROOT/tools/test.sh" \
			--pg "$(IFS=,; echo "${versions[*]}")"
	fi
	host=$(host_release)
	for v in "${versions[@]}"; do
		[ "$(release_of "$v")" = "$host" ] || roots+=("$v")
	done
	logs=$(mktemp -d /tmp/idtypes-matrix.XXXXXX)
	trap matrix_cleanup EXIT
	trap 'exit 130' INT TERM

	command -v debootstrap >/dev/null || { as_root apt-get update -qq;
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
	# the PGXN archive: the roots' suites test it, and the packages are
	# built from it (tools/package.sh)
	log "making the PGXN archive"
	make_dist "$logs/dist"
	chmod -R a+rX "$logs/dist"
	# the roots first, then the suites, one version after the other (they
	# use every core)
	[ ${#roots[@]} -eq 0 ] || matrix_prepare "$logs"
	for v in "${versions[@]}"; do
		matrix_version "$v" "$logs"
	done
	matrix_report "$logs"
	if [ "$total_f" = 0 ]; then rm -rf "$logs"; else log "logs kept in $logs"; fi
	[ "$total_f" = 0 ]
}

# prepare_ahead LIST: tools/test.sh --prepare LIST.  Makes the roots of the
# versions' releases, all at once, and installs into each what the suites
# of its versions (those of another release than this machine's) and the
# builds of their Debian packages (tools/package.sh) need, so that a later
# tools/test.sh --pg or --packages finds them ready and only checks that
# nothing is missing.  .ci/run starts it while the suites run on this
# machine: making roots is mostly downloads and dpkg, which wait on the
# network and the disk, not on the cores.  Prints each release's log and
# time; returns non-zero if a root could not be prepared (the later run
# then tries again, and says why if it fails too).
prepare_ahead() {
	local list=${1//,/ } v release host rc=0 logs t0=$SECONDS
	local -A release_versions=()
	local releases=() pids=()
	for v in $list; do
		release=$(release_of "$v") ||
			{ echo "PostgreSQL $v is not in the matrix (${MATRIX_VERSIONS[*]})" >&2; return 2; }
		[ -n "${release_versions[$release]:-}" ] || releases+=("$release")
		release_versions[$release]+="${release_versions[$release]:+ }$v"
	done
	command -v debootstrap >/dev/null || { as_root apt-get update -qq;
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
	host=$(host_release)
	logs=$(mktemp -d /tmp/idtypes-prepare.XXXXXX)
	for release in "${releases[@]}"; do
		(
			# shellcheck disable=SC2206
			vs=(${release_versions[$release]})
			root=$(root_dir "${vs[0]}")
			trap 'unmount_root "$root"' EXIT
			if [ "$release" != "$host" ]; then
				prepare_root "${vs[@]}" || exit 1
			else
				make_root "${vs[0]}" || exit 1
				copy_tree "$root"
			fi
			mount_root "$root"
			for v in "${vs[@]}"; do
				in_root "$root" env PG_MAJOR="$v" IDTYPES_CLIENTS=no \
					bash -c 'source /idtypes/tools/common.sh && install_packages deb' || exit 1
			done
		) >"$logs/$release.log" 2>&1 &
		pids+=("$!")
	done
	local i
	for i in "${!releases[@]}"; do
		if wait "${pids[$i]}"; then
			log "the ${releases[$i]} root (PostgreSQL ${release_versions[${releases[$i]}]// /, }) is ready"
		else
			rc=1
			log "the ${releases[$i]} root could not be prepared:"
			tail -n 30 "$logs/${releases[$i]}.log" >&2
		fi
	done
	log "roots prepared ahead in $((SECONDS - t0)) s"
	rm -rf "$logs"
	return $rc
}
