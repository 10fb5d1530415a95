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
#              It and single first refuse a schema for the interface
#              that belongs to another role or in which another role may
#              create objects (schema_check, below).
#   pgtle      the extension's script registered with pg_tle
#              (idtypes_sql-pgtle.sql): pgtle.install_extension() of this
#              version, with the control file's comment, run by a member of
#              pgtle_admin; then CREATE EXTENSION idtypes_sql as for the
#              extension installed from files.
#   single     the same text for any client, psql or not
#              (idtypes_sql-install.sql): one DO statement, sent as one
#              query, that installs it into the schema idtypes_sql, or
#              says that this version is installed already and changes
#              nothing, or refuses another version, naming its upgrade.
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
	extension|plain|single|pgtle) ;;
	*) echo "$0: unknown kind $kind" >&2; exit 2 ;;
esac
pgtle_tag='$_idtypes_sql_pgtle_$'
if grep -qF -e "$tag" -e '$idtypes_sql_install$' -e "$pgtle_tag" "$@"; then
	echo "$0: a source holds $tag, \$idtypes_sql_install\$ or $pgtle_tag, which quote the scripts" >&2
	exit 1
fi

# The first statement of the plain kinds' script text (schema-check.sql).
schema_check() {
	grep -v '^-- ' "$(dirname "$0")/schema-check.sql"
}

# The single file's check of an existing internal schema's owner
# (internal-check.sql), before it reads the version installed there.
internal_check() {
	grep -v '^-- ' "$(dirname "$0")/internal-check.sql" | sed 's/^/	/'
}

{
	if [ "$kind" = extension ]; then
		echo "/* $(basename "$out") */"
		echo ""
		echo "-- Built by make from the SQL sources in companion/src/ (companion/build.sh):"
		echo "-- edit those, not this file."
	elif [ "$kind" = pgtle ]; then
		comment=$(sed -n "s/^comment = '\(.*\)'\$/\1/p" "$(dirname "$0")/idtypes_sql.control")
		cat <<HEAD
-- $(basename "$out"): the idtypes_sql companion $version as a pg_tle extension,
-- for a server with pg_tle (Amazon RDS and Aurora, Supabase, ...), where no
-- extension's files can be installed.  Run it as a member of pgtle_admin,
-- in each database where pg_tle is created (CREATE EXTENSION pg_tle), from
-- any client; then, as any role that may create it there:
--
--   CREATE SCHEMA idtypes_sql;
--   CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;
--
-- Built by make from the SQL sources in companion/src/ (companion/build.sh):
-- edit those, not this file.
SELECT pgtle.install_extension('idtypes_sql', '$version', '$comment', $pgtle_tag
/* idtypes_sql--$version.sql, registered with pg_tle */
HEAD
	elif [ "$kind" = single ]; then
		cat <<HEAD
-- $(basename "$out"): the idtypes_sql companion $version, for a server where
-- no extension can be installed, from any client: send the whole file as
-- one query (a web console's SQL editor, a migration tool, a driver's
-- execute()), or psql -f $(basename "$out").
--
-- Installs the companion's interface into the schema idtypes_sql (created
-- if it does not exist) and its objects into a new schema
-- idtypes_sql_internal, as the current user (who must be allowed to create
-- schemas in the database; an existing idtypes_sql must be theirs, and no
-- other role may create objects in it), in one statement: all or nothing.
-- Run again, it changes nothing (a NOTICE says so); over another version it
-- refuses, naming the upgrade file.  idtypes_sql-uninstall.sql removes it.
-- Built by make from the SQL sources in companion/src/ (companion/build.sh):
-- edit those, not this file.
DO \$idtypes_sql_install\$
DECLARE
	installed pg_catalog.text;
BEGIN
	IF EXISTS (SELECT FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'idtypes_sql') THEN
		RAISE EXCEPTION 'idtypes_sql is installed here as an extension' USING ERRCODE = '42710',
			HINT = 'Update it with ALTER EXTENSION idtypes_sql UPDATE.';
	END IF;
	IF pg_catalog.to_regnamespace('idtypes_sql_internal') IS NOT NULL THEN
$(internal_check)
		IF pg_catalog.to_regprocedure('idtypes_sql_internal.idtypes_sql_version()') IS NOT NULL THEN
			EXECUTE 'SELECT idtypes_sql_internal.idtypes_sql_version()' INTO installed;
		END IF;
		IF installed OPERATOR(pg_catalog.=) '$version' THEN
			RAISE NOTICE 'idtypes_sql $version is installed here already: nothing to do';
			RETURN;
		END IF;
		RAISE EXCEPTION 'idtypes_sql % is installed here, not $version', COALESCE(installed, 'of an unknown version')
			USING ERRCODE = '42710',
			HINT = pg_catalog.format('Run idtypes_sql--%s--$version.sql to upgrade it, or idtypes_sql-uninstall.sql to remove it.',
									 COALESCE(installed, 'VERSION'));
	END IF;
	CREATE SCHEMA IF NOT EXISTS idtypes_sql;
	SET LOCAL search_path = idtypes_sql, pg_temp;
	EXECUTE pg_catalog.replace(pg_catalog.replace($tag
HEAD
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
-- schemas in the database; an existing schema must be its own, and no other
-- role may create objects in it).  Built by make from the SQL sources in
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
	if [ "$kind" = plain ] || [ "$kind" = single ]; then
		schema_check
	fi
	for f in "$@"; do
		echo ""
		awk -f "$awk_schemes" "$scheme_h" "$f" >"$out.part" || { rm -f "$out.part" "$out.all"; exit 1; }
		if [ "$kind" = extension ] || [ "$kind" = pgtle ]; then
			cat "$out.part"
		else
			grep -v -e '^\\echo ' -e '-- extension only$' "$out.part" || :
		fi
	done
	if [ "$kind" = pgtle ]; then
		cat <<TAIL
$pgtle_tag);
TAIL
	elif [ "$kind" = single ]; then
		cat <<TAIL
$tag, '@extschema@', 'idtypes_sql'), '@extowner@', pg_catalog.quote_ident(current_user));
END
\$idtypes_sql_install\$;
TAIL
	elif [ "$kind" = plain ]; then
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
