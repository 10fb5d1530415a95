#!/usr/bin/env bash
# tools/fuzz.sh: build the libFuzzer harness of the idtypes parsers and run
# it.  The harness (tools/fuzz/fuzz_idtypes.c) calls the real src/codec.c
# and the input paths of the schemes (text input and output, binary
# receive, casts from bytea, uuid464_decode()), compiled outside the server
# with clang, libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer,
# and checks their properties on every input (see the harness's header).
#
# Usage: bash tools/fuzz.sh [--time SECONDS | --runs N] [--jobs N] [--out DIR]
#   --time SECONDS  fuzz for that long (default 600)
#   --runs N        fuzz that many inputs instead
#   --jobs N        that many fuzzing processes in parallel (default 1)
#   --out DIR       build and corpus directory (default tools/fuzz/out): the
#                   corpus grows there from run to run, and a failing input
#                   is written there as crash-* (rerun it with
#                   DIR/fuzz_idtypes DIR/crash-...)
# Needs clang, lld and libFuzzer's runtime (Debian: clang lld
# libclang-rt-dev, which tools/common.sh installs), and the server headers
# of PG_CONFIG (or of PG_BINDIR/pg_config).  Exits non-zero on a failure.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
time=600
runs=""
jobs=1
out="$root/tools/fuzz/out"
while [ $# -gt 0 ]; do
	case "$1" in
		--time) time=$2; shift 2 ;;
		--runs) runs=$2; shift 2 ;;
		--jobs) jobs=$2; shift 2 ;;
		--out) out=$2; shift 2 ;;
		*) echo "usage: $0 [--time SECONDS | --runs N] [--jobs N] [--out DIR]" >&2; exit 2 ;;
	esac
done

if [ -z "${PG_CONFIG:-}" ]; then
	if [ -n "${PG_BINDIR:-}" ]; then
		PG_CONFIG=$PG_BINDIR/pg_config
	else
		PG_CONFIG=$(command -v pg_config || echo /usr/lib/postgresql/15/bin/pg_config)
	fi
fi
CC=${FUZZ_CC:-clang}

mkdir -p "$out/obj" "$out/corpus" "$out/seeds"

# The objects keep each function in a section of its own, and the link
# drops what the harness does not reach (lld then also asks for no
# definition of what only the dropped code uses: the generators, shared
# memory and the rest of the server).
cflags=(-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
	-ffunction-sections -fdata-sections -Wall -Wextra -Wno-unused-parameter
	-Wno-ignored-attributes -Werror
	-I"$root/src" -I"$("$PG_CONFIG" --includedir-server)")
# The types to fuzz: those of the schemes of src/scheme.h with a type of
# their own (not core's uuid), and for each the C functions that its SQL
# (src/<type>.sql, with the byte-id block of src/byteid.sql.in) binds to
# its text input and output, binary receive and cast from bytea, its width
# and whether it is passed by value: the header fuzz_types.h, which the
# harness includes.
types=$(sed -n 's/^[[:space:]]*\.type = "\([a-z0-9_]*\)",.*/\1/p' "$root/src/scheme.h" | awk '$0 != "uuid" && !seen[$0]++')
[ -n "$types" ] || { echo "no types in $root/src/scheme.h" >&2; exit 1; }
sql=()
for t in $types; do sql+=("$root/src/$t.sql"); done
sh "$root/tools/sqlscript.sh" "$out/types.sql" "$root/src/byteid.sql.in" "${sql[@]}"
awk -v types="$types" '
	# the C symbol of each SQL function
	/^CREATE FUNCTION / { f = $3; sub(/\(.*/, "", f) }
	/AS \047MODULE_PATHNAME\047, / && f != "" {
		s = $0; sub(/.*MODULE_PATHNAME\047, \047/, "", s); sub(/\047.*/, "", s)
		if (!(f in sym)) sym[f] = s
		f = ""
	}
	# each type: its functions and width
	/^CREATE TYPE [a-z0-9_]+ \($/ { t = $3 }
	t != "" && /INPUT = / { x = $3; sub(/,$/, "", x); input[t] = x }
	t != "" && /OUTPUT = / { x = $3; sub(/,$/, "", x); output[t] = x }
	t != "" && /RECEIVE = / { x = $3; sub(/,$/, "", x); recv[t] = x }
	t != "" && /INTERNALLENGTH = / { x = $3; sub(/,$/, "", x); len[t] = x }
	t != "" && /PASSEDBYVALUE/ { byval[t] = "true" }
	t != "" && /^\);$/ { t = "" }
	/^CREATE CAST \(pg_catalog\.bytea AS / { c = $5; sub(/\)$/, "", c); cast_pending = c }
	cast_pending != "" && /WITH FUNCTION / { x = $0; sub(/.*WITH FUNCTION /, "", x); sub(/\(.*/, "", x); from_bytea[cast_pending] = x; cast_pending = "" }
	END {
		n = split(types, ts, " ")
		for (i = 1; i <= n; i++) {
			t = ts[i]
			split(input[t] " " output[t] " " recv[t] " " from_bytea[t], fs, " ")
			for (j = 1; j <= 4; j++) {
				if (!(fs[j] in sym)) { print "no C function for " fs[j] " of type " t > "/dev/stderr"; exit 1 }
				printf "extern Datum %s(PG_FUNCTION_ARGS);\n", sym[fs[j]]
			}
		}
		print "static const FuzzType fuzz_types[] = {"
		for (i = 1; i <= n; i++) {
			t = ts[i]
			printf "\t{\"%s\", %s, %s, %s, %s, %s, %s},\n", t, sym[input[t]], sym[output[t]], sym[recv[t]],
				sym[from_bytea[t]], len[t], (t in byval) ? "true" : "false"
		}
		print "};"
	}' "$out/types.sql" >"$out/fuzz_types.h"

# The sources: the codecs, the byte-id functions, the C code of each type,
# SimpleDB's helpers.
sources=("$root/src/codec.c" "$root/src/byteid.c")
for t in $types; do sources+=("$root/src/$t.c"); done
sources+=("$root/src/simpledb.c" "$root/tools/fuzz/fuzz_idtypes.c")
objs=()
for src in "${sources[@]}"; do
	obj="$out/obj/$(basename "${src%.c}").o"
	"$CC" "${cflags[@]}" -I"$out" -c "$src" -o "$obj"
	objs+=("$obj")
done
"$CC" -fsanitize=fuzzer,address,undefined -fuse-ld=lld -Wl,--gc-sections \
	"${objs[@]}" -o "$out/fuzz_idtypes"

# Seeds: a valid input of each target (the first byte chooses the target,
# the second the type; see the harness): the harness writes those of each
# type (IDTYPES_FUZZ_SEEDS, below); the other forms that some types' input
# takes, and the codecs', are here.
seed() { printf "$2" "$3" >"$out/seeds/$1"; }
# seed_text TYPE NAME TEXT: text input of a type, if the harness has it
seed_text() {
	local i=0 t
	for t in $types; do
		[ "$t" = "$1" ] && { printf '\000'"\\$(printf '%03o' "$i")"'%s' "$3" >"$out/seeds/$2"; return; }
		i=$((i + 1))
	done
}
seed_text muid muid-dashed 05d5eac793e61f-17b9f5b9479df-94ac0
seed_text hlculid hlculid-dashed 019831936564-0000-000A-AAA111111111
seed_text hlculid hlculid-hex 0198319365640000000AAAA111111111
seed_text tid62 tid62-max 1f2SI9UJPXvb7vdJ1
seed uuid464 '\003%s' VQ6EAOKbQdSnFkRmVUQAAQ
seed base62 '\004%s' 1f2SI9UJPXvb7vdJ1
seed base32 '\005O%s' 7ZZZZZZZZZZZZZZZZZZZZZZZZZ
seed base64url '\006A%s' VQ6EAOKbQdSnFkRmVUQAAQ
seed roundtrip '\007\020%s' 0123456789abcdef0123456789abcdef
export IDTYPES_FUZZ_SEEDS="$out/seeds"

if [ -n "$runs" ]; then
	limit=(-runs="$runs")
else
	limit=(-max_total_time="$time")
fi
# several jobs share the corpus; each writes its log to fuzz-N.log in $out
parallel=()
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
cd "$out"
echo "fuzzing with $out/fuzz_idtypes: ${runs:+$runs runs}${runs:-$time s}, $jobs job(s)"
"$out/fuzz_idtypes" "${limit[@]}" "${parallel[@]}" -max_len=4096 -timeout=10 \
	-rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 \
	"$out/corpus" "$out/seeds"
