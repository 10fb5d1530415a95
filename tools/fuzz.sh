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
# The sources: the codecs, the byte-id functions, the C code of each scheme
# of the Makefile's SCHEMES (its parsers; the harness's list of text types
# is checked against the schemes by t/009_contract.pl), SimpleDB's helpers.
schemes=$(sed -n 's/^SCHEMES = //p' "$root/Makefile")
[ -n "$schemes" ] || { echo "no SCHEMES line in $root/Makefile" >&2; exit 1; }
sources=("$root/src/codec.c" "$root/src/byteid.c")
for s in $schemes; do sources+=("$root/src/$s.c"); done
sources+=("$root/src/simpledb.c" "$root/tools/fuzz/fuzz_idtypes.c")
objs=()
for src in "${sources[@]}"; do
	obj="$out/obj/$(basename "${src%.c}").o"
	"$CC" "${cflags[@]}" -c "$src" -o "$obj"
	objs+=("$obj")
done
"$CC" -fsanitize=fuzzer,address,undefined -fuse-ld=lld -Wl,--gc-sections \
	"${objs[@]}" -o "$out/fuzz_idtypes"

# Seeds: a valid input of each target (the first byte chooses the target;
# see the harness).
seed() { printf "$2" "$3" >"$out/seeds/$1"; }
seed muid '\000%s' 05D5EAC793E61F17B9F5B9479DF94AC0
seed muid-dashed '\000%s' 05d5eac793e61f-17b9f5b9479df-94ac0
seed hlculid '\001%s' 01K0RS6SB4000002NAM48H248H
seed hlculid-dashed '\001%s' 019831936564-0000-000A-AAA111111111
seed hlculid-hex '\001%s' 0198319365640000000AAAA111111111
seed uid8 '\002%s' cb54ecf2840a0015
seed tid62 '\003%s' 04XVaYIJisigHzUpr
seed tid62-max '\003%s' 1f2SI9UJPXvb7vdJ1
seed recv16 '\004%s' 0123456789abcdef
seed recv12 '\005%s' 0123456789ab
seed recv8 '\006%s' 01234567
seed bytea16 '\007%s' 0123456789abcdef
seed bytea12 '\010%s' 0123456789ab
seed bytea8 '\011%s' 01234567
seed uuid464 '\012%s' VQ6EAOKbQdSnFkRmVUQAAQ
seed base62 '\013%s' 1f2SI9UJPXvb7vdJ1
seed base32 '\014O%s' 7ZZZZZZZZZZZZZZZZZZZZZZZZZ
seed base64url '\015A%s' VQ6EAOKbQdSnFkRmVUQAAQ
seed roundtrip '\016\020%s' 0123456789abcdef0123456789abcdef

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
