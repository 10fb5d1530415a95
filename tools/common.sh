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
	perl libipc-run-perl faketime python3 python3-psycopg git unzip
	clang lld libclang-rt-dev valgrind
)
# The drivers of the client tests (t/021 to t/023; node and npm come with
# the machine, not from Debian).  IDTYPES_CLIENTS=no leaves them out: the
# roots of the version matrix do, since the drivers speak the same protocol
# to every version and the run on this machine tests them; there those
# tests say that the driver is missing and skip.
IDTYPES_CLIENT_PACKAGES=(openjdk-17-jdk-headless libpostgresql-jdbc-java python3-asyncpg)
[ "${IDTYPES_CLIENTS:-yes}" = no ] || IDTYPES_TEST_PACKAGES+=("${IDTYPES_CLIENT_PACKAGES[@]}")
# What building the Debian packages needs (tools/package.sh, in the root of
# the version's Debian release): debian/control.in's Build-Depends, with the
# version's server headers, and unzip for the PGXN archive they are built
# from.
IDTYPES_DEB_PACKAGES=(
	"postgresql-server-dev-$PG_MAJOR" postgresql-server-dev-all debhelper build-essential unzip
)
# pg_partman, for the partitioning tests that run where it is installed (the
# versions of the test matrix that package it: 17 and 18).
[ "$PG_MAJOR" -ge 17 ] && IDTYPES_TEST_PACKAGES+=("postgresql-$PG_MAJOR-partman")
# The ORMs of the ORM tests (t/024_orm_python.pl, t/025_orm_js.pl), which run
# once, against PostgreSQL 17, whose Debian release (13) packages SQLAlchemy
# 2.0, Alembic and Django 5.2; node and npm install the JavaScript ORMs of
# js/orm/package-lock.json.
[ "$PG_MAJOR" = 17 ] && IDTYPES_TEST_PACKAGES+=(python3-sqlalchemy python3-alembic python3-django nodejs npm)
# The Go and Rust drivers of the client tests (t/026_pgx.pl, t/027_rust.pl),
# each installed in one root of the version matrix, where its test runs
# once (the drivers speak the same protocol to every version; elsewhere the
# test says the driver is missing and skips): pgx v5 is packaged from
# Debian 14 "forky" on, so Go runs in the unstable root (PostgreSQL 18);
# Rust with tokio-postgres and sqlx in the trixie root (PostgreSQL 17).
[ "$PG_MAJOR" = 18 ] && IDTYPES_TEST_PACKAGES+=(golang-go golang-github-jackc-pgx-v5-dev)
[ "$PG_MAJOR" = 17 ] && IDTYPES_TEST_PACKAGES+=(cargo rustc librust-tokio-postgres-dev librust-sqlx-dev)

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
	as_root make -s -C "$tree" PG_CONFIG="$PG_CONFIG" "$@" install >/dev/null
	# the pure-SQL companion: its scripts, for CREATE EXTENSION idtypes_sql
	make -s -C "$tree/companion" PG_CONFIG="$PG_CONFIG" >/dev/null
	as_root make -s -C "$tree/companion" PG_CONFIG="$PG_CONFIG" install >/dev/null
}

# pg_install_copy DIR: a copy of this PostgreSQL installation (PG_BINDIR's
# parent and the share directory) under DIR, at the same paths below it,
# whose programs find their libraries and shared files relative to
# themselves.  Prints the copy's bindir.
pg_install_copy() {
	local dir=$1 sharedir
	sharedir=$("$PG_CONFIG" --sharedir)
	mkdir -p "$dir$(dirname "$PG_BINDIR")" "$dir$sharedir"
	cp -a "$(dirname "$PG_BINDIR")/." "$dir$(dirname "$PG_BINDIR")/"
	cp -a "$sharedir/." "$dir$sharedir/"
	echo "$dir$PG_BINDIR"
}

# make_dist DIR: the PGXN archive (make dist) of what git tracks, uncommitted
# changes to tracked files included, in DIR.
make_dist() {
	local ref
	ref=$(git -C "$IDTYPES_ROOT" stash create)
	make -s -C "$IDTYPES_ROOT" dist DIST_REF="${ref:-HEAD}" DISTDIR="$1" >/dev/null
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
