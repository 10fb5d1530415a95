#!/bin/sh
# tools/sqlscript.sh SCRIPT TEMPLATE SOURCE...: the install script SCRIPT
# (the Makefile's DATA_built), made of the SQL sources in the order given.
# A source line
#	@byteid TYPE WIDTH ARTICLE UNIT
# becomes TEMPLATE (src/byteid.sql.in, without its leading comment) with
# @TYPE@, @WIDTH@, @A@ and @UNIT@ replaced by the four words.  Fails, leaving no
# SCRIPT, on any other line starting with "@" and on a placeholder left
# over, so that a mistake in a source stops the build rather than
# CREATE EXTENSION.
#
# sh and awk only: the PGXN archive holds the sources, not the script, and
# builds it wherever the server headers are (a minimal Debian root, say).

set -eu

[ $# -ge 3 ] || { echo "usage: $0 SCRIPT TEMPLATE SOURCE..." >&2; exit 2; }
script=$1
template=$2
shift 2

awk -v script="$(basename "$script")" -v template="$template" '
function fail(msg) {
	print FILENAME ":" FNR ": " msg | "cat 1>&2"
	failed = 1
	exit 1
}
BEGIN {
	# the template, less the comment at its head (which is about the file)
	head = 1
	while ((r = (getline line < template)) > 0) {
		if (head && line ~ /^--/)
			continue
		if (head && line == "") {
			head = 0
			continue
		}
		head = 0
		body[++n] = line
	}
	if (r < 0 || n == 0) {
		print template ": cannot read it" | "cat 1>&2"
		failed = 1
		exit 1
	}
	print "/* " script " */"
	print ""
	print "-- Built by make from the SQL sources in src/ (tools/sqlscript.sh): edit"
	print "-- those, not this file."
}
FNR == 1 { print "" }
/^@byteid / {
	if (NF != 5 || $3 !~ /^[0-9]+$/ || $4 !~ /^an?$/ || $5 !~ /^[a-z]+$/)
		fail("expected \"@byteid TYPE WIDTH a|an UNIT\"")
	for (i = 1; i <= n; i++) {
		line = body[i]
		gsub(/@TYPE@/, $2, line)
		gsub(/@WIDTH@/, $3, line)
		gsub(/@A@/, $4, line)
		gsub(/@UNIT@/, $5, line)
		if (line ~ /@[A-Z_]+@/)
			fail("a placeholder of " template " left over: " line)
		print line
	}
	next
}
/^@/ { fail("unknown directive: " $0) }
{ print }
END { if (failed) exit 1 }
' "$@" >"$script.tmp" || { rm -f "$script.tmp"; exit 1; }
mv "$script.tmp" "$script"
