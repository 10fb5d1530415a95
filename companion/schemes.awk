# companion/schemes.awk: the companion's scheme placeholders (build.sh).
#
#   awk -f schemes.awk SCHEME_H SOURCE...
#
# Reads the table of the schemes from src/scheme.h (SCHEME_H), the one
# description of each scheme's layout, and writes the sources with:
#
#   - each block between a line "-- @each scheme" and a line "-- @end"
#     written once for each scheme, in the table's order, or with
#     "-- @each scheme FIELD=VALUE" (or FIELD!=VALUE) for each scheme of
#     which that holds;
#     in it @scheme@ is the scheme's name and @scheme.FIELD@ its FIELD;
#   - @NAME.FIELD@, anywhere, the FIELD of the scheme NAME;
#   - @schemes.names@ (muid, hlculid, ... and tid62), @schemes.array@
#     (the names quoted, for ARRAY[...]), @schemes.ctypes@ (their
#     companion types quoted, in the same order) and @schemes.types@ (in
#     words: "a uuid for muid, ..., a bigint for uid8, ...").
#
# The fields: the table's own (name, label, type, generator, timestamp_fn,
# len, uuid_version, tick_ns, epoch_jdate, tick_bits, counter_bits) and
# what follows from them:
#
#   key          the scheme's place in the table, from 1
#   ctype        the companion's type of its ids: bigint for 8 bytes, uuid
#                for 16, else bytea
#   tick_us      a tick in microseconds (0 for a tick shorter than 1)
#   tick_max     the largest tick count, 2^tick_bits - 1
#   counter_max  2^counter_bits - 1
#   word_max     the largest clock word, as an int8 (two's complement: -1
#                for a word of 64 bits)
#   epoch_s      tick 0 in seconds since 1970 (negative before it)
#   epoch_us     the same in microseconds
#   word_num, word_den   clock words per microsecond, in lowest terms
#                (1000 * 2^counter_bits / tick_ns): for the schemes whose
#                bits below the tick count are a fraction of it, or that
#                have none
#   unix_words   words from tick 0 to 1970-01-01 (epoch_us * word_num /
#                word_den, negated)
#   tick_num, tick_den   ticks per microsecond, in lowest terms
#   last_us      the last microsecond of the last tick, from tick 0
#   first_time, last_tick_time, last_us_time   the start of tick 0, of the
#                last tick, and the last microsecond of the last tick, as
#                PostgreSQL writes a timestamptz in UTC
#   range, range_us   "A <label> holds times from <first_time> to
#                <last_tick_time>." (with last_us_time: range_us), the
#                detail of a time out of the range
#
# Integers are decimal strings, multiplied and divided digit by digit:
# awk's numbers are doubles, exact only below 2^53.  POSIX awk only.

# ---- decimal strings (non-negative) ----
function bmul(s, k,    out, i, carry, d) {
	out = ""; carry = 0
	for (i = length(s); i >= 1; i--) {
		d = substr(s, i, 1) * k + carry
		out = (d % 10) out
		carry = int(d / 10)
	}
	while (carry > 0) { out = (carry % 10) out; carry = int(carry / 10) }
	sub(/^0+/, "", out)
	return out == "" ? "0" : out
}
function bdiv(s, k,    out, i, rem, d) {
	out = ""; rem = 0
	for (i = 1; i <= length(s); i++) {
		d = rem * 10 + substr(s, i, 1)
		out = out int(d / k)
		rem = d % k
	}
	sub(/^0+/, "", out)
	return out == "" ? "0" : out
}
function bpow2(n,    s, i) { s = "1"; for (i = 0; i < n; i++) s = bmul(s, 2); return s }
# a + b, and a - b for a >= b
function badd(a, b,    out, i, j, carry, d) {
	out = ""; carry = 0
	for (i = length(a); i >= 1 || length(b) - length(a) + i >= 1; i--) {
		j = length(b) - length(a) + i
		d = (i >= 1 ? substr(a, i, 1) : 0) + (j >= 1 ? substr(b, j, 1) : 0) + carry
		out = (d % 10) out; carry = int(d / 10)
	}
	if (carry) out = carry out
	return out
}
function bsub(a, b,    out, i, j, borrow, d) {
	out = ""; borrow = 0
	for (i = length(a); i >= 1; i--) {
		j = length(b) - length(a) + i
		d = substr(a, i, 1) - (j >= 1 ? substr(b, j, 1) : 0) - borrow
		borrow = d < 0; if (d < 0) d += 10
		out = d out
	}
	sub(/^0+/, "", out)
	return out == "" ? "0" : out
}
# the remainder of the last bdiv()
function bmod(s, k,    i, rem) { rem = 0; for (i = 1; i <= length(s); i++) rem = (rem * 10 + substr(s, i, 1)) % k; return rem }

# The date of a Julian day, by PostgreSQL's j2date().
function jdate_text(jd,    julian, quad, extra, y, month, day) {
	julian = jd + 32044
	quad = int(julian / 146097)
	extra = (julian - quad * 146097) * 4 + 3
	julian += 60 + quad * 3 + int(extra / 146097)
	quad = int(julian / 1461)
	julian -= quad * 1461
	y = int(julian * 4 / 1461)
	julian = (y != 0 ? (julian + 305) % 365 : (julian + 306) % 366) + 123
	y += quad * 4
	quad = int(julian * 2141 / 65536)
	day = julian - int(7834 * quad / 256)
	month = (quad + 10) % 12 + 1
	return sprintf("%04d-%02d-%02d", y - 4800, month, day)
}

# A time in microseconds since 1970 (a decimal string, not negative) as
# PostgreSQL writes a timestamptz in UTC: the date, the time, the fraction
# without its trailing zeros.
function timestamp_text(us,    rem, frac) {
	if (us ~ /^-/) fail("a time before 1970 at the end of a range")
	rem = bmod(us, 86400000000)
	frac = sprintf("%06d", rem % 1000000)
	sub(/0+$/, "", frac)
	return sprintf("%s %02d:%02d:%02d", jdate_text(bdiv(us, 86400000000) + UNIX_EPOCH_JDATE),
				   int(rem / 3600000000), int(rem / 60000000) % 60, int(rem / 1000000) % 60) \
		(frac == "" ? "" : "." frac) "+00"
}
# a signed decimal string plus a non-negative one
function sadd(a, b) { return a ~ /^-/ ? bsub(b, substr(a, 2)) : badd(a, b) }
# s - 1, for s > 0 whose last digit is not 0 (a power of two)
function bdec(s) { return substr(s, 1, length(s) - 1) (substr(s, length(s)) - 1) }
function gcd(a, b,    t) { while (b) { t = a % b; a = b; b = t } return a }

function fail(msg) { print "companion: " msg > "/dev/stderr"; failed = 1; exit 1 }

# an integer of the table: a number, a #define of the header or of
# PostgreSQL's, INT64CONST(n), or a sum of products of those
function value(v,    terms, factors, i, j, n, m, sum, prod, t) {
	gsub(/[()]/, " ", v); gsub(/INT64CONST/, "", v)
	n = split(v, terms, "+"); sum = 0
	for (i = 1; i <= n; i++) {
		m = split(terms[i], factors, "*"); prod = 1
		for (j = 1; j <= m; j++) {
			t = factors[j]; gsub(/[ \t]/, "", t)
			if (t ~ /^[0-9]+$/) prod *= t
			else if (t in define) prod *= value(define[t])
			else fail(SCHEME_H ": unknown value " t)
		}
		sum += prod
	}
	return sum
}

function field(name, f) {
	if (!((name, f) in S)) fail("no field " f " of scheme " name)
	return S[name, f]
}

function derive(name,    cb, num, den, g, eus, neg, last) {
	S[name, "ctype"] = S[name, "len"] == 8 ? "bigint" : S[name, "len"] == 16 ? "uuid" : "bytea"
	S[name, "tick_us"] = S[name, "tick_ns"] % 1000 == 0 ? S[name, "tick_ns"] / 1000 : 0
	S[name, "tick_max"] = bdec(bpow2(S[name, "tick_bits"]))
	cb = S[name, "counter_bits"]
	S[name, "counter_max"] = cb ? bdec(bpow2(cb)) : "0"
	S[name, "word_max"] = S[name, "tick_bits"] + cb == 64 ? "-1" : bdec(bpow2(S[name, "tick_bits"] + cb))
	S[name, "epoch_s"] = sprintf("%.0f", (S[name, "epoch_jdate"] - UNIX_EPOCH_JDATE) * 86400)
	neg = S[name, "epoch_s"] < 0
	eus = bmul(neg ? substr(S[name, "epoch_s"], 2) : S[name, "epoch_s"], 1000000)
	S[name, "epoch_us"] = (neg && eus != "0" ? "-" : "") eus
	num = 1000 * 2 ^ cb; den = S[name, "tick_ns"]
	g = gcd(num, den); num /= g; den /= g
	S[name, "word_num"] = sprintf("%.0f", num); S[name, "word_den"] = sprintf("%.0f", den)
	S[name, "unix_words"] = (neg ? "" : (eus != "0" ? "-" : "")) bdiv(bmul(eus, num), den)
	S[name, "first_time"] = jdate_text(S[name, "epoch_jdate"]) " 00:00:00+00"
	last = bmul(S[name, "tick_max"], S[name, "tick_ns"])
	S[name, "last_tick_time"] = timestamp_text(sadd(S[name, "epoch_us"], bdiv(last, 1000)))
	last = bmul(badd(S[name, "tick_max"], "1"), S[name, "tick_ns"])
	last = bmod(last, 1000) == 0 ? bsub(bdiv(last, 1000), "1") : bdiv(last, 1000)
	S[name, "last_us"] = last
	S[name, "last_us_time"] = timestamp_text(sadd(S[name, "epoch_us"], last))
	g = gcd(1000, S[name, "tick_ns"])
	S[name, "tick_num"] = sprintf("%.0f", 1000 / g); S[name, "tick_den"] = sprintf("%.0f", S[name, "tick_ns"] / g)
	S[name, "range"] = "A " S[name, "label"] " holds times from " S[name, "first_time"] " to " S[name, "last_tick_time"] "."
	S[name, "range_us"] = "A " S[name, "label"] " holds times from " S[name, "first_time"] " to " S[name, "last_us_time"] "."
}

function read_table(file,    line, in_entry, name, f, v, kv) {
	while ((getline line < file) > 0) {
		if (line ~ /^#define[ \t]+[A-Z0-9_]+[ \t]+/) {
			split(line, kv, /[ \t]+/)
			v = line; sub(/^#define[ \t]+[A-Z0-9_]+[ \t]+/, "", v); sub(/[ \t]*\/\*.*$/, "", v)
			define[kv[2]] = v
		}
		if (line ~ /^\t\[IDSCHEME_[A-Z0-9_]+\][ \t]*=[ \t]*\{/) { in_entry = 1; name = ""; delete E; continue }
		if (in_entry && line ~ /^\t\}/) {
			in_entry = 0
			if (!("name" in E)) fail(file ": an entry without a name")
			name = E["name"]
			NS++; NAMES[NS] = name; S[name, "key"] = NS
			for (f in E) S[name, f] = E[f]
			if (!((name, "uuid_version") in S)) S[name, "uuid_version"] = 0
			if (!((name, "counter_bits") in S)) S[name, "counter_bits"] = 0
			for (f in NUMERIC) S[name, f] = value(S[name, f])
			derive(name)
			continue
		}
		if (in_entry && line ~ /^\t\t\.[a-z_]+[ \t]*=/) {
			f = line; sub(/^\t\t\./, "", f); sub(/[ \t]*=.*$/, "", f)
			v = line; sub(/^[^=]*=[ \t]*/, "", v); sub(/,[ \t]*$/, "", v); gsub(/"/, "", v)
			E[f] = v
		}
	}
	close(file)
	if (NS == 0) fail(file ": no entries in idschemes[]")
}

# @NAME.FIELD@ in a line, for the scheme cur as @scheme...@
function expand(line, cur,    out, m, key, name, f, dot) {
	if (cur != "") { gsub(/@scheme@/, cur, line); gsub(/@scheme\./, "@" cur ".", line) }
	out = ""
	while (match(line, /@[a-z0-9_]+\.[a-z0-9_]+@/)) {
		key = substr(line, RSTART + 1, RLENGTH - 2)
		dot = index(key, "."); name = substr(key, 1, dot - 1); f = substr(key, dot + 1)
		out = out substr(line, 1, RSTART - 1) (name == "schemes" ? LIST[f] : field(name, f))
		if (name == "schemes" && !(f in LIST)) fail("unknown list @schemes." f "@")
		line = substr(line, RSTART + RLENGTH)
	}
	return out line
}

function flush_block(    i, name, j, fv, ok) {
	for (i = 1; i <= NS; i++) {
		name = NAMES[i]
		if (block_filter != "") {
			split(block_filter, fv, "!?=")
			if ((field(name, fv[1]) == fv[2]) != (block_filter !~ /!=/)) continue
		}
		for (j = 1; j <= block_n; j++) print expand(block[j], name)
	}
	block_n = 0
}

BEGIN {
	UNIX_EPOCH_JDATE = 2440588
	define["UNIX_EPOCH_JDATE"] = UNIX_EPOCH_JDATE	# PostgreSQL's datatype/timestamp.h
	define["POSTGRES_EPOCH_JDATE"] = 2451545
	define["UUID_LEN"] = 16						# PostgreSQL's utils/uuid.h
	split("len uuid_version tick_ns epoch_jdate tick_bits counter_bits", t, " ")
	for (i in t) NUMERIC[t[i]] = 1
	SCHEME_H = ARGV[1]; ARGV[1] = ""
	read_table(SCHEME_H)
	for (i = 1; i <= NS; i++) {
		LIST["names"] = LIST["names"] (i == 1 ? "" : i == NS ? " and " : ", ") NAMES[i]
		LIST["array"] = LIST["array"] (i == 1 ? "" : ", ") "'" NAMES[i] "'"
		LIST["ctypes"] = LIST["ctypes"] (i == 1 ? "" : ", ") "'" S[NAMES[i], "ctype"] "'"
		c = S[NAMES[i], "ctype"]
		if (!(c in n_of_type)) { ctypes[++nctypes] = c; n_of_type[c] = 0; of_type[c] = "" }
		of_type[c] = of_type[c] (n_of_type[c]++ ? SUBSEP : "") S[NAMES[i], "label"]
	}
	for (i = 1; i <= nctypes; i++) {
		n = split(of_type[ctypes[i]], t, SUBSEP)
		c = ""
		for (j = 1; j <= n; j++) c = c (j == 1 ? "" : j == n ? " and " : ", ") t[j]
		LIST["types"] = LIST["types"] (i == 1 ? "" : i == nctypes ? " and " : ", ") "a " ctypes[i] " for " c
	}
}

/^-- @each scheme( [a-z_]+!?=[A-Za-z0-9_]+)?[ \t]*$/ {
	if (in_block) fail(FILENAME ": a block in a block")
	in_block = 1; block_n = 0
	block_filter = $0; sub(/^-- @each scheme[ \t]*/, "", block_filter); sub(/[ \t]*$/, "", block_filter)
	next
}
/^-- @end[ \t]*$/ {
	if (!in_block) fail(FILENAME ": -- @end without -- @each scheme")
	in_block = 0; flush_block(); next
}
/^-- @(each|end)/ { fail(FILENAME ": unknown directive: " $0) }
in_block { block[++block_n] = $0; next }
{ print expand($0, "") }
END { if (!failed && in_block) fail("a block without its -- @end") }
