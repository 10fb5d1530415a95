# tools/common.sh: shared by tools/demo.sh, tools/test.sh and bench/run.sh.
#
# Installs what is missing (Debian 12 packages), builds and installs idtypes,
# and starts and stops throwaway PostgreSQL servers, each in its own
# directory with a private Unix socket, so that no port can clash.
# Sourced, not run.

set -euo pipefail

IDTYPES_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PG_MAJOR=${PG_MAJOR:-15}
# PG_BINDIR may point at another installation (a relocated copy, say).
PG_BINDIR=${PG_BINDIR:-/usr/lib/postgresql/$PG_MAJOR/bin}
PG_CONFIG=$PG_BINDIR/pg_config

# Packages (Debian 12): what building idtypes and running the demo need
# (tools/demo.sh), and what the test suite needs on top of that
# (tools/test.sh; bench/run.sh adds its own to the test list).
IDTYPES_DEMO_PACKAGES=(
	"postgresql-$PG_MAJOR" "postgresql-server-dev-$PG_MAJOR" "postgresql-client-$PG_MAJOR"
	make gcc libc6-dev
)
IDTYPES_TEST_PACKAGES=(
	"${IDTYPES_DEMO_PACKAGES[@]}"
	perl libipc-run-perl libsemver-perl faketime python3 python3-psycopg git unzip
)
# The sanitizers' and the fuzzer's tools (tools/test.sh --sanitize,
# t/015_libfuzzer.pl), which only this machine's suite uses: the roots
# (IDTYPES_CLIENTS=no, below) leave them out, as they leave t/015 out
# (tools/roots.sh, MATRIX_HOST_ONLY).
[ "${IDTYPES_CLIENTS:-yes}" = no ] || IDTYPES_TEST_PACKAGES+=(clang lld libclang-rt-dev valgrind)
# The drivers of the client tests (t/020 to t/023), and node and npm for
# t/021: Debian's, where the machine has none of its own (a machine may
# bring its own Node.js; Debian's npm would not install beside it).
# IDTYPES_CLIENTS=no leaves them out: the
# roots of the version matrix do, since the drivers speak the same protocol
# to every version and the run on this machine tests them; there those
# tests say that the driver is missing and skip.
IDTYPES_CLIENT_PACKAGES=(openjdk-17-jdk-headless libpostgresql-jdbc-java python3-asyncpg)
command -v node >/dev/null || IDTYPES_CLIENT_PACKAGES+=(nodejs)
command -v npm >/dev/null || IDTYPES_CLIENT_PACKAGES+=(npm)
[ "${IDTYPES_CLIENTS:-yes}" = no ] || IDTYPES_TEST_PACKAGES+=("${IDTYPES_CLIENT_PACKAGES[@]}")
# What building the Debian packages needs (tools/package.sh, in the root of
# the version's Debian release): debian/control.in's Build-Depends, with the
# version's server headers, and unzip for the PGXN archive they are built
# from.
IDTYPES_DEB_PACKAGES=(
	"postgresql-server-dev-$PG_MAJOR" postgresql-server-dev-all debhelper build-essential unzip
)
# lintian, which checks the source and binary packages in unstable's root
# (tools/package.sh: the lintian that Debian's archive checks uploads with).
[ "$PG_MAJOR" -ge 18 ] && IDTYPES_DEB_PACKAGES+=(lintian)
# wal2json, for the change data capture test (t/055_cdc.pl), on every
# version whose Debian release packages it (15, 17, 18; not 19, which only
# experimental has: there the test says so and skips its wal2json part).
IDTYPES_TEST_PACKAGES+=("postgresql-$PG_MAJOR-wal2json")
# pg_partman, for the partitioning tests that run where it is installed (the
# versions of the test matrix that package it: 17 and 18).
[ "$PG_MAJOR" -ge 17 ] && IDTYPES_TEST_PACKAGES+=("postgresql-$PG_MAJOR-partman")
# pg_uuidv7, for the side-by-side part of t/095_pg_uuidv7_names.pl, on the
# one version of the matrix that Debian packages it for (18, in unstable):
# the list is what a newcomer's apt installs, so it names no package that
# the version's release lacks.
[ "$PG_MAJOR" = 18 ] && IDTYPES_TEST_PACKAGES+=("postgresql-$PG_MAJOR-pg-uuidv7")
# The ORMs of the ORM tests (t/024_orm_python.pl, t/025_orm_js.pl), which run
# once, against PostgreSQL 17, whose Debian release (13) packages SQLAlchemy
# 2.0, Alembic and Django 5.2; node and npm install the JavaScript ORMs of
# clients/js/orm/package-lock.json.
[ "$PG_MAJOR" = 17 ] && IDTYPES_TEST_PACKAGES+=(python3-sqlalchemy python3-alembic python3-django nodejs npm)
# ActiveRecord 7.2 and ruby-pg for the Rails test (t/028_rails.pl), with
# the ORMs: Debian 13 packages them (Debian 12 has ActiveRecord 6.1).
[ "$PG_MAJOR" = 17 ] && IDTYPES_TEST_PACKAGES+=(ruby-activerecord ruby-pg)
# The Go and Rust drivers of the client tests (t/026_pgx.pl, t/027_rust.pl),
# each installed in one root of the version matrix, where its test runs
# once (the drivers speak the same protocol to every version; elsewhere the
# test says the driver is missing and skips): pgx v5 is packaged from
# Debian 14 "forky" on, so Go runs in the unstable root (PostgreSQL 18);
# Rust with tokio-postgres and sqlx in the trixie root (PostgreSQL 17).
[ "$PG_MAJOR" = 18 ] && IDTYPES_TEST_PACKAGES+=(golang-go golang-github-jackc-pgx-v5-dev)
[ "$PG_MAJOR" = 17 ] && IDTYPES_TEST_PACKAGES+=(cargo rustc librust-tokio-postgres-dev librust-sqlx-dev)

# required_tap: the TAP files that a run of the suite on this version is
# there to run, each with why ("FILE<Tab>WHY" lines, or "FILE<Tab>WHY<Tab>
# WORD" when only the skips whose reason has WORD count): the packages above
# are installed for them, and tools/test.sh counts a skip of one of them (a
# package that could not be installed, npm ci without the registry, a
# failed build of Citus) as a failure, with its reason, and so does a
# file of the list that the tree does not have.  The clients' tests on
# this machine (the roots leave the clients out), the ORMs and Rust and
# ActiveRecord in the trixie root (17), Go in the sid root (18),
# pg_partman, wal2json and pg_uuidv7 where Debian packages them, skip support on 18
# and later, Citus where it is built from the archive that tools/citus.sh
# takes (15 to 17) or installed, pg_tle likewise (tools/pgtle.sh, 15 to
# 18); the cutover and hostile-database tests everywhere.
required_tap() {
	local f
	if [ "${IDTYPES_CLIENTS:-yes}" != no ]; then
		for f in t/020_psycopg.pl t/021_node_pg.pl t/022_jdbc.pl t/023_asyncpg.pl; do
			printf '%s\t%s\n' "$f" "the client tests run on this machine's version"
		done
	fi
	if [ "$PG_MAJOR" = 17 ]; then
		for f in t/024_orm_python.pl t/025_orm_js.pl; do
			printf '%s\t%s\n' "$f" "the ORM tests run against PostgreSQL 17"
		done
		printf '%s\t%s\n' t/027_rust.pl "the Rust drivers are tested in the root of PostgreSQL 17"
		printf '%s\t%s\n' t/028_rails.pl "ActiveRecord is tested in the root of PostgreSQL 17"
	fi
	# libfaketime (package faketime) is installed for every run
	printf '%s\t%s\n' t/058_cutover.pl "the cutover test needs only libfaketime, installed for every version"
	printf '%s\t%s\n' t/033_hostile_database.pl "the hostile-database test needs nothing but the server"
	# (its wal2json part: a skip that names wal2json)
	apt_has "postgresql-$PG_MAJOR-wal2json" &&
		printf '%s\t%s\t%s\n' t/055_cdc.pl "wal2json is packaged for PostgreSQL $PG_MAJOR" wal2json
	# (its side-by-side part: a skip that names it)
	apt_has "postgresql-$PG_MAJOR-pg-uuidv7" &&
		printf '%s\t%s\t%s\n' t/095_pg_uuidv7_names.pl "pg_uuidv7 is packaged for PostgreSQL $PG_MAJOR" side-by-side
	[ "$PG_MAJOR" -ge 18 ] &&
		printf '%s\t%s\n' t/034_skip_scan.pl "PostgreSQL $PG_MAJOR has skip scans"
	[ "$PG_MAJOR" = 18 ] && printf '%s\t%s\n' t/026_pgx.pl "the Go driver is tested in the root of PostgreSQL 18"
	[ "$PG_MAJOR" -ge 17 ] && [ "$PG_MAJOR" -le 18 ] &&
		printf '%s\t%s\n' t/061_partman.pl "pg_partman is packaged for PostgreSQL $PG_MAJOR"
	if [ "$PG_MAJOR" -ge 15 ] && [ "$PG_MAJOR" -le 17 ] && [ -f "${IDTYPES_CITUS_ARCHIVE:-$IDTYPES_ROOT/../shared/deps/citus-13.2.2.tar.gz}" ]; then
		printf '%s\t%s\n' t/060_citus.pl "Citus is built for PostgreSQL $PG_MAJOR from its archive"
	fi
	if [ "$PG_MAJOR" -le 18 ] && [ -f "${IDTYPES_PGTLE_ARCHIVE:-$IDTYPES_ROOT/../shared/deps/pg_tle-1.5.3.tar.gz}" ]; then
		printf '%s\t%s\n' t/094_companion_pgtle.pl "pg_tle is built for PostgreSQL $PG_MAJOR from its archive"
	fi
	return 0
}

# The Python that python3-psycopg is installed for (not another one on the
# PATH): the client tests run with it.
export IDTYPES_PYTHON=/usr/bin/python3

# Servers that the tests create (initdb in the TAP tests) take their encoding
# from the locale: a fresh machine's root shell often has none, which gives
# SQL_ASCII databases without ICU collations.  C.UTF-8 is always there.
export LANG=C.UTF-8 LC_ALL=C.UTF-8

log() { printf '==> %s\n' "$*" >&2; }

as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The servers refuse to run as root: root runs them as the postgres account
# that the Debian packages create; anybody else runs them as themselves.
run_user() {
	if [ "$(id -u)" = 0 ]; then echo postgres; else id -un; fi
}

as_user() {
	if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The packages of the list that the release's archive does not have (python3-
# psycopg before Debian 12, say): install_packages leaves them out and names
# them here, space-separated, and the tests that need them say so and skip.
export IDTYPES_UNAVAILABLE=""

# IDTYPES_APT_SUITE: a suite of the archive that apt prefers for what it
# installs (-t: experimental, for a major version that Debian has only as a
# release candidate); unset, the release's own.
apt_target=()
[ -z "${IDTYPES_APT_SUITE:-}" ] || apt_target=(-t "$IDTYPES_APT_SUITE")

# apt has a version of package $1 to install.
apt_has() {
	local policy
	policy=$(apt-cache "${apt_target[@]}" policy "$1" 2>/dev/null) || return 1
	[[ "$policy" == *$'\n  Candidate: '[^\(]* ]]
}

# install_packages demo|test: install what is missing of that list.
install_packages() {
	local missing=() install=() p
	local -n wanted="IDTYPES_${1^^}_PACKAGES"
	IDTYPES_UNAVAILABLE=""
	for p in "${wanted[@]}"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	# Refresh the package lists unless they are there and lack exactly the
	# packages already known to be missing from the release.
	local refresh=false
	compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null || refresh=true
	for p in "${missing[@]}"; do
		apt_has "$p" && refresh=true
	done
	if $refresh; then
		as_root apt-get update -qq
	fi
	for p in "${missing[@]}"; do
		if apt_has "$p"; then install+=("$p"); else IDTYPES_UNAVAILABLE+="${IDTYPES_UNAVAILABLE:+ }$p"; fi
	done
	[ -z "$IDTYPES_UNAVAILABLE" ] ||
		log "not in this release's archive, so not installed: $IDTYPES_UNAVAILABLE"
	if [ ${#install[@]} -gt 0 ]; then
		log "installing ${install[*]}"
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends "${apt_target[@]}" "${install[@]}" >/dev/null
	fi
}

# install_missing WHAT PACKAGE...: install the packages that are not yet,
# for WHAT (a log line names it); fails if apt does.
install_missing() {
	local what=$1 p missing=()
	shift
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	log "installing ${missing[*]} ($what)"
	as_root apt-get update -qq &&
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends "${missing[@]}" >/dev/null
}

# build_install [DIR [MAKE ARGUMENTS...]]: build the tree in DIR (default:
# this one) and install it; with IDTYPES_WERROR=1 (CI), a compiler warning
# fails the build (the Makefile's WERROR=1).
build_install() {
	local tree=${1:-$IDTYPES_ROOT}
	[ $# -gt 0 ] && shift
	[ "${IDTYPES_WERROR:-}" = 1 ] && set -- "$@" WERROR=1
	log "building idtypes${*:+ ($*)}"
	make -s -C "$tree" PG_CONFIG="$PG_CONFIG" "$@" >/dev/null
	log "installing idtypes into $($PG_CONFIG --pkglibdir)"
	# exactly this tree's scripts: none left over from another tree's install
	as_root sh -c 'rm -f "$1"/extension/idtypes--*.sql' sh "$($PG_CONFIG --sharedir)"
	as_root make -s -C "$tree" PG_CONFIG="$PG_CONFIG" "$@" install >/dev/null
	# the pure-SQL companion: its scripts, for CREATE EXTENSION idtypes_sql
	make -s -C "$tree/companion" PG_CONFIG="$PG_CONFIG" >/dev/null
	as_root make -s -C "$tree/companion" PG_CONFIG="$PG_CONFIG" install >/dev/null
	# pg_uuidv7's names over both (CREATE EXTENSION idtypes_pg_uuidv7,
	# idtypes_sql_pg_uuidv7)
	make -s -C "$tree/pg_uuidv7" PG_CONFIG="$PG_CONFIG" >/dev/null
	as_root make -s -C "$tree/pg_uuidv7" PG_CONFIG="$PG_CONFIG" install >/dev/null
}

# pg_install_copy DIR: a copy of this PostgreSQL installation (PG_BINDIR's
# parent and the share directory) under DIR, at the same paths below it,
# whose programs find their libraries and shared files relative to
# themselves, and a link to its headers there, so that an extension builds
# against the copy's pg_config.  Prints the copy's bindir.
pg_install_copy() {
	local dir=$1 sharedir includedir
	sharedir=$("$PG_CONFIG" --sharedir)
	includedir=$("$PG_CONFIG" --includedir)
	mkdir -p "$dir$(dirname "$PG_BINDIR")" "$dir$sharedir" "$dir$(dirname "$includedir")"
	cp -a "$(dirname "$PG_BINDIR")/." "$dir$(dirname "$PG_BINDIR")/"
	cp -a "$sharedir/." "$dir$sharedir/"
	ln -s "$includedir" "$dir$includedir"
	echo "$dir$PG_BINDIR"
}

# make_dist DIR: in DIR, the PGXN archive (make dist) of what git tracks,
# uncommitted changes to tracked files included; and in DIR/previous/ the
# source of the previous release, which t/013_upgrade.pl builds: the tag
# v<V> of the newest release frozen in released/ before the current
# version, or, before a second release exists, the same tree as the
# archive.  A release without its tag is an error.
make_dist() {
	local ref prev name
	# the index refreshed first: a tracked file that a build wrote again
	# with the same content (the companion's committed scripts) would make
	# git stash create fail without a word
	git -C "$IDTYPES_ROOT" update-index -q --refresh >/dev/null 2>&1 || :
	ref=$(git -C "$IDTYPES_ROOT" stash create)
	ref=${ref:-HEAD}
	make -s -C "$IDTYPES_ROOT" dist DIST_REF="$ref" DISTDIR="$1" >/dev/null
	prev=$(previous_release)
	if [ -n "$prev" ]; then
		git -C "$IDTYPES_ROOT" rev-parse -q --verify "refs/tags/v$prev" >/dev/null ||
			{ echo "released/ holds $prev, but git has no tag v$prev (doc/contributing.md, Releasing)" >&2; return 1; }
		ref=v$prev name=v$prev
	else
		name=$(git -C "$IDTYPES_ROOT" rev-parse --short=12 "$ref")
	fi
	mkdir -p "$1/previous"
	git -C "$IDTYPES_ROOT" archive --format=tar --prefix="idtypes-$name/" -o "$1/previous/idtypes-$name.tar" "$ref"
}

# previous_release: the newest version frozen in released/ other than the
# current one (default_version), if any.
previous_release() {
	local current f v
	current=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$IDTYPES_ROOT/idtypes.control")
	for f in "$IDTYPES_ROOT"/released/idtypes--*.sql; do
		[ -e "$f" ] || continue
		v=${f##*/idtypes--}
		v=${v%.sql}
		[ "$v" = "$current" ] || echo "$v"
	done | sort -V | tail -n 1
}

# tar_source_tree: the source tree as a tar stream on standard output,
# without git's files, build products and the output of earlier test runs
# (those directories only at the top: bench/results/ belongs to the tree).
tar_source_tree() {
	tar -C "$IDTYPES_ROOT" --exclude=.git --exclude='*.o' --exclude='*.so' --exclude='*.bc' \
		--anchored --exclude=./results --exclude=./output_iso --exclude=./tmp_check \
		--exclude=./tools/fuzz/out --exclude=./dist -cf - .
}

# A directory the server account owns (world-readable, for root's psql).
make_workdir() {
	local d
	d=$(mktemp -d "/tmp/idtypes-$1.XXXXXX")
	chmod 755 "$d"
	[ "$(id -u)" = 0 ] && chown postgres: "$d"
	echo "$d"
}

# start_server DIR [extra postgresql.conf lines...]: initdb DIR/data and
# start it with its socket in DIR, port 5432 (the socket path is private).
start_server() {
	local dir=$1
	shift
	as_user "$PG_BINDIR/initdb" -D "$dir/data" -U postgres -A trust \
		--locale=C.UTF-8 --encoding=UTF8 >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; return 1; }
	{
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$dir'"
		echo "port = 5432"
		echo "fsync = off"
		local line
		for line in "$@"; do echo "$line"; done
	} | as_user tee -a "$dir/data/postgresql.conf" >/dev/null
	# SERVER_WRAPPER: a program that pg_ctl starts instead of postgres (and
	# that runs postgres with the same arguments), e.g. under valgrind
	as_user "$PG_BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" ${SERVER_WRAPPER:+-p "$SERVER_WRAPPER"} \
		-t 600 -w start >/dev/null ||
		{ cat "$dir/server.log" >&2; return 1; }
}

stop_server() {
	as_user "$PG_BINDIR/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
}
