#!/bin/sh
# companion/build.sh extension|plain OUT VERSION SCHEME_H SOURCE...: the
# install scripts of the idtypes_sql companion, both from the same sources
# (companion/Makefile runs it), each source first written out by
# schemes.awk with the schemes of SCHEME_H (src/scheme.h): its blocks once
# per scheme, its placeholders of a scheme's layout replaced by their values
# there, so that the companion types no layout number of its own:
#
#   extension  the script of CREATE EXTENSION idtypes_sql
#              (idtypes_sql--VERSION.sql): the sources in the order given,
#              @version@ replaced by VERSION and @internal@ by the name of
#              the companion's internal schema, idtypes_sql_internal.
#   plain      the script of psql -v schema=NAME -f idtypes_sql.sql, for a
#              server where no extension can be installed: the same text,
#              less its guard line and the lines that end in
#              "-- extension only", run by psql's \gexec with @extschema@
#              and @extowner@ replaced by the schema and the current user,
#              in one transaction.
#
# sh and awk only, and no pg_config: a user of a managed platform builds the
# plain script with make -C companion plain, without PostgreSQL's headers.

set -eu

[ $# -ge 5 ] || { echo "usage: $0 extension|plain OUT VERSION SCHEME_H SOURCE..." >&2; exit 2; }
kind=$1
out=$2
version=$3
scheme_h=$4
shift 4
awk_schemes="$(dirname "$0")/schemes.awk"
tag='$idtypes_sql_script$'

case "$kind" in
	extension|plain) ;;
	*) echo "$0: unknown kind $kind" >&2; exit 2 ;;
esac
if grep -qF "$tag" "$@"; then
	echo "$0: a source holds $tag, which quotes the plain script" >&2
	exit 1
fi

{
	if [ "$kind" = extension ]; then
		echo "/* $(basename "$out") */"
		echo ""
		echo "-- Built by make from the SQL sources in companion/src/ (companion/build.sh):"
		echo "-- edit those, not this file."
	else
		cat <<HEAD
-- $(basename "$out"): the idtypes_sql companion $version, for a server where
-- no extension can be installed:
--
--   psql -v schema=ids -f $(basename "$out")     (default schema: idtypes_sql)
--
-- Creates the schema if it does not exist and installs the companion's
-- interface into it, and its objects into a new schema idtypes_sql_internal,
-- in one transaction, as the current user (who must be allowed to create
-- schemas in the database, and objects in the schema).  Built by make from the SQL sources in
-- companion/src/ (companion/build.sh): edit those, not this file.
\\set ON_ERROR_STOP on
\\if :{?schema}
\\else
\\set schema idtypes_sql
\\endif
-- the schema's name goes into string literals of the script
SELECT :'schema' OPERATOR(pg_catalog.~) '[''"\$\\\\]' AS idtypes_sql_bad_schema \\gset
\\if :idtypes_sql_bad_schema
DO 'BEGIN RAISE EXCEPTION ''idtypes_sql: a schema name with a quote, a dollar sign or a backslash is not supported''; END';
\\endif
BEGIN;
CREATE SCHEMA IF NOT EXISTS :"schema";
SET LOCAL search_path = :"schema", pg_temp;
SELECT pg_catalog.replace(pg_catalog.replace($tag
HEAD
	fi
	for f in "$@"; do
		echo ""
		awk -f "$awk_schemes" "$scheme_h" "$f" >"$out.part" || { rm -f "$out.part" "$out.all"; exit 1; }
		if [ "$kind" = extension ]; then
			cat "$out.part"
		else
			grep -v -e '^\\echo ' -e '-- extension only$' "$out.part" || :
		fi
	done
	if [ "$kind" = plain ]; then
		cat <<TAIL
$tag, '@extschema@', pg_catalog.quote_ident(:'schema')), '@extowner@', pg_catalog.quote_ident(current_user)) \\gexec
COMMIT;
TAIL
	fi
} >"$out.all" || { rm -f "$out.all" "$out.part"; exit 1; }
rm -f "$out.part"
sed -e "s/@version@/$version/g" -e "s/@internal@/idtypes_sql_internal/g" "$out.all" >"$out.tmp" || { rm -f "$out.all" "$out.tmp"; exit 1; }
rm -f "$out.all"
mv "$out.tmp" "$out"
