#!/usr/bin/env bash
# tools/pgindent.sh: PostgreSQL's pgindent over the C code of idtypes (src/,
# src/clock/ and the libFuzzer harness in tools/fuzz/), with the server's
# typedefs and those of src/typedefs.list, so that the code reads like the
# server's own.
#
# Usage: bash tools/pgindent.sh [FILE...]   indent the files (default: all
#                                           of them) in place
#        bash tools/pgindent.sh --check     change nothing: print the diff
#                                           that indenting would make, and
#                                           fail if there is one (CI)
#        bash tools/pgindent.sh --typedefs  remake src/typedefs.list
#
# pgindent is two parts: pg_bsd_indent, which Debian packages (pg-bsd-indent,
# installed when missing), and a Perl driver that only PostgreSQL's source
# has (src/tools/pgindent, with the server's typedefs.list).  The driver
# comes from Debian's source package of PostgreSQL 15, whose pgindent is the
# one for Debian 12's pg_bsd_indent 2.1.1, fetched with apt-get source from
# the mirrors of this machine's own apt sources (deb-src lines made from its
# deb lines, in an apt state of its own: the system's apt is not changed),
# and kept in IDTYPES_PGINDENT_DIR (default /var/tmp/idtypes-pgindent).
#
# src/typedefs.list is the typedef names that idtypes' own C files declare,
# sorted; pgindent is given them with the server's typedefs.list of that
# source package, at indent time: pg_bsd_indent formats a declaration of a
# type it does not know as an expression.  --typedefs remakes the file
# after a typedef is added or removed; --check fails while it is out of
# date.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

IDTYPES_INDENT_PACKAGES=(pg-bsd-indent perl bzip2)
PGINDENT_MAJOR=15
PGINDENT_DIR=${IDTYPES_PGINDENT_DIR:-/var/tmp/idtypes-pgindent}
TYPEDEFS=$IDTYPES_ROOT/src/typedefs.list

mode=indent
files=()
while [ $# -gt 0 ]; do
	case "$1" in
		--check) mode=check ;;
		--typedefs) mode=typedefs ;;
		-*) echo "usage: $0 [--check | --typedefs | FILE...]" >&2; exit 2 ;;
		*) files+=("$(realpath "$1")") ;;
	esac
	shift
done
[ ${#files[@]} -gt 0 ] || files=("$IDTYPES_ROOT"/src/*.[ch] "$IDTYPES_ROOT"/src/clock/*.[ch] "$IDTYPES_ROOT"/tools/fuzz/*.c)

# The C files' own typedef names: "typedef ... NAME;", "typedef struct X
# {...} NAME;" and "typedef T (*NAME) (...);", comments and strings aside.
own_typedefs() {
	perl -0777 -ne '
		s{/\*.*?\*/}{ }gs; s{//[^\n]*}{}g; s{"(?:\\.|[^"\\])*"}{""}g;
		while (/\btypedef\b((?:[^;{}]|(\{(?:[^{}]++|(?2))*\}))*);/g)
		{
			my $decl = $1;
			$decl =~ s/\{(?:[^{}]++|(?0))*\}/ /g;
			if ($decl =~ /\(\s*\*\s*(\w+)\s*\)/) { print "$1\n" }
			elsif ($decl =~ /(\w+)\s*(?:\[[^\]]*\]\s*)*$/) { print "$1\n" }
		}' "$IDTYPES_ROOT"/src/*.[ch] "$IDTYPES_ROOT"/src/clock/*.[ch] "$IDTYPES_ROOT"/tools/fuzz/*.c
}

# The pgindent driver and the server's typedefs.list, in $PGINDENT_DIR/pgindent/.
fetch_pgindent() {
	local dir=$PGINDENT_DIR/pgindent
	[ -x "$dir/pgindent" ] && [ -s "$dir/typedefs.list" ] && return 0
	local apt=$PGINDENT_DIR/apt f v
	rm -rf "$apt"
	mkdir -p "$apt/lists/partial" "$apt/parts" "$apt/src"
	: >"$apt/sources.list"
	# deb-src lines for the mirrors and suites of this machine's deb lines
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] && sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" >>"$apt/sources.list"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && sed 's/^Types:.*/Types: deb-src/' "$f" >"$apt/parts/${f##*/}"
	done
	local opts=(-qq -o Dir::Etc::sourcelist="$apt/sources.list" -o Dir::Etc::sourceparts="$apt/parts"
		-o Dir::State::lists="$apt/lists")
	log "pgindent: fetching the source package of PostgreSQL $PGINDENT_MAJOR (apt-get source)"
	apt-get "${opts[@]}" update || { log "apt-get update of the deb-src lines failed"; return 1; }
	# the newest version whose files the mirror has (a security mirror may
	# list a version and not serve it)
	for v in $(apt-cache "${opts[@]}" showsrc "postgresql-$PGINDENT_MAJOR" |
		sed -n 's/^Version: //p' | sort -rV); do
		(cd "$apt/src" && apt-get "${opts[@]}" source --download-only \
			"postgresql-$PGINDENT_MAJOR=$v" >/dev/null 2>&1) && break
		rm -f "$apt"/src/*
	done
	f=$(ls "$apt"/src/postgresql-"$PGINDENT_MAJOR"_*.orig.tar.* 2>/dev/null | head -n 1)
	[ -n "$f" ] || { log "no source package of postgresql-$PGINDENT_MAJOR could be fetched"; return 1; }
	tar -C "$apt/src" -xf "$f" --wildcards '*/src/tools/pgindent/*'
	rm -rf "$dir"
	mv "$apt"/src/postgresql-*/src/tools/pgindent "$dir"
	rm -rf "$apt"
	log "pgindent: $dir (from $(basename "$f"))"
}

install_packages indent
fetch_pgindent

if [ "$mode" = typedefs ]; then
	own_typedefs | LC_ALL=C sort -u >"$TYPEDEFS"
	log "src/typedefs.list: $(wc -l <"$TYPEDEFS") names"
	exit 0
fi

# pgindent writes a temporary file in its working directory, and rewrites
# the files it is given: --check gives it copies.
work=$(mktemp -d /tmp/idtypes-pgindent.XXXXXX)
trap 'rm -rf "$work"' EXIT
status=0
if [ "$mode" = check ]; then
	if ! stale=$(diff <(own_typedefs | LC_ALL=C sort -u) "$TYPEDEFS"); then
		echo "src/typedefs.list is not the typedefs of the C files (bash tools/pgindent.sh --typedefs):"
		echo "$stale"
		status=1
	fi
	targets=()
	for f in "${files[@]}"; do
		rel=${f#"$IDTYPES_ROOT"/}
		mkdir -p "$work/tree/$(dirname "$rel")"
		cp "$f" "$work/tree/$rel"
		targets+=("$work/tree/$rel")
	done
else
	targets=("${files[@]}")
fi
# the server's typedefs and ours
LC_ALL=C sort -u "$PGINDENT_DIR/pgindent/typedefs.list" "$TYPEDEFS" >"$work/typedefs.list"
(cd "$work" && perl "$PGINDENT_DIR/pgindent/pgindent" --typedefs="$work/typedefs.list" \
	--indent="$(command -v pg_bsd_indent)" "${targets[@]}") || status=1
if [ "$mode" = check ]; then
	changed=0
	for f in "${files[@]}"; do
		rel=${f#"$IDTYPES_ROOT"/}
		if ! diff -u --label "a/$rel" --label "b/$rel" "$f" "$work/tree/$rel"; then
			changed=$((changed + 1))
		fi
	done
	if [ "$changed" -gt 0 ]; then
		echo "pgindent would change $changed of ${#files[@]} files (bash tools/pgindent.sh indents them)"
		status=1
	else
		echo "pgindent: all ${#files[@]} files are indented"
	fi
fi
exit "$status"
