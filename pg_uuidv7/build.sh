#!/bin/sh
# pg_uuidv7/build.sh c|sql|pgtle|single OUT VERSION: the scripts that install
# pg_uuidv7's names (names.sql) on idtypes' UUIDv7 functions, all from the
# same text, run by one DO statement that finds the schema of the functions
# they call and the parallel safety of its uuidv7_next(), and writes them
# into names.sql (pg_uuidv7/Makefile runs it):
#
#   c       the script of CREATE EXTENSION idtypes_pg_uuidv7
#           (idtypes_pg_uuidv7--VERSION.sql), which requires idtypes: the
#           names call idtypes' functions, in the schema of that extension;
#           PostgreSQL replaces @extschema@ with the schema given to CREATE
#           EXTENSION.
#   sql     the script of CREATE EXTENSION idtypes_sql_pg_uuidv7
#           (idtypes_sql_pg_uuidv7--VERSION.sql), likewise over the
#           companion, idtypes_sql.
#   pgtle   that script registered with pg_tle
#           (idtypes_sql_pg_uuidv7-pgtle.sql): pgtle.install_extension(),
#           requiring idtypes_sql, run by a member of pgtle_admin.
#   single  for the companion installed without CREATE EXTENSION (its
#           single file or psql script), from any client, sent as one query
#           (idtypes_sql_pg_uuidv7-install.sql): into public, over the
#           companion installed by the same role (the schema of its
#           interface is found from its internal schema's uuidv7_next()),
#           after companion/schema-check.sql and the owner check of
#           companion/internal-check.sql; sent again, a NOTICE.
#
# sh only, no pg_config.

set -eu
[ $# -eq 3 ] || { echo "usage: $0 c|sql|pgtle|single OUT VERSION" >&2; exit 2; }
kind=$1
out=$2
version=$3
dir=$(dirname "$0")
names=$(grep -v -e '^-- ' -e '^--$' "$dir/names.sql")
case "$names" in
	*'$names$'*) echo "$0: names.sql holds \$names\$, which quotes it" >&2; exit 1 ;;
esac

# the parallel safety of uuidv7_next() in the schema $target, and the
# names written with it and the schema (the extension kinds leave
# @extschema@ to CREATE EXTENSION)
install_names() {
	cat <<EOS
	SELECT CASE p.proparallel WHEN 's' THEN 'SAFE' WHEN 'r' THEN 'RESTRICTED' ELSE 'UNSAFE' END INTO parallel
	  FROM pg_catalog.pg_proc p WHERE p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(target OPERATOR(pg_catalog.||) '.uuidv7_next()');
	EXECUTE pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(\$names\$
$names
\$names\$, '@idtypes@', target), '@parallel@', parallel), '@extschema@', $1);
EOS
}

# the script of CREATE EXTENSION $1, over the extension $2
ext_script() {
	echo "/* $1--$version.sql */"
	echo ""
	echo "-- Built by make from pg_uuidv7/names.sql (pg_uuidv7/build.sh): edit that,"
	echo "-- not this file."
	echo ""
	printf '%s\n' "\\echo Use \"CREATE EXTENSION $1\" to load this file. \\quit"
	echo ""
	echo "DO \$$1\$"
	echo "DECLARE"
	echo "	target pg_catalog.text;"
	echo "	parallel pg_catalog.text;"
	echo "BEGIN"
	echo "	SELECT pg_catalog.quote_ident(n.nspname) INTO STRICT target"
	echo "	  FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace"
	echo "	 WHERE e.extname OPERATOR(pg_catalog.=) '$2';"
	install_names "'@extschema@'"
	echo "END"
	echo "\$$1\$;"
}

case "$kind" in
c)
	ext_script idtypes_pg_uuidv7 idtypes >"$out.tmp"
	;;
sql)
	ext_script idtypes_sql_pg_uuidv7 idtypes_sql >"$out.tmp"
	;;
pgtle)
	comment=$(sed -n "s/^comment = '\(.*\)'\$/\1/p" "$dir/idtypes_sql_pg_uuidv7.control")
	{
		cat <<EOS
-- $(basename "$out"): pg_uuidv7's names $version over the idtypes_sql companion
-- as a pg_tle extension, for a server with pg_tle where the companion is
-- registered (companion/idtypes_sql-pgtle.sql).  Run it as a member of
-- pgtle_admin, from any client; then, as any role that may create it:
--
--   CREATE EXTENSION idtypes_sql_pg_uuidv7;
--
-- Built by make from pg_uuidv7/names.sql (pg_uuidv7/build.sh): edit that,
-- not this file.
SELECT pgtle.install_extension('idtypes_sql_pg_uuidv7', '$version', '$comment', \$_idtypes_sql_pg_uuidv7_pgtle_\$
EOS
		ext_script idtypes_sql_pg_uuidv7 idtypes_sql
		echo "\$_idtypes_sql_pg_uuidv7_pgtle_\$, '{idtypes_sql}');"
	} >"$out.tmp"
	;;
single)
	schema_check=$(grep -v '^-- ' "$dir/../companion/schema-check.sql")
	internal_check=$(grep -v '^-- ' "$dir/../companion/internal-check.sql")
	cat >"$out.tmp" <<EOS
-- $(basename "$out"): pg_uuidv7's names (uuid_generate_v7() and its
-- conversions) $version on the idtypes_sql companion installed without
-- CREATE EXTENSION (companion/idtypes_sql-install.sql or idtypes_sql.sql),
-- from any client: send the whole file as one query, or psql -f it.
--
-- Installs them into public, as the role that installed the companion
-- (public must be the database owner's, and no other role may create
-- objects in it).  Sent again, it changes nothing (a NOTICE says so).
-- Where public holds pg_uuidv7's own functions it refuses (42723).  Built by
-- make from pg_uuidv7/names.sql (pg_uuidv7/build.sh): edit that, not this
-- file.
DO \$idtypes_sql_pg_uuidv7_install\$
DECLARE
	internal pg_catalog.oid := pg_catalog.to_regnamespace('idtypes_sql_internal');
	target pg_catalog.text;
	parallel pg_catalog.text;
BEGIN
	IF EXISTS (SELECT FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'idtypes_sql') THEN
		RAISE EXCEPTION 'idtypes_sql is installed here as an extension' USING ERRCODE = '55000',
			HINT = 'Install pg_uuidv7''s names with CREATE EXTENSION idtypes_sql_pg_uuidv7.';
	END IF;
	IF internal IS NULL THEN
		RAISE EXCEPTION 'idtypes_sql is not installed here' USING ERRCODE = '55000',
			HINT = 'Install it first: companion/idtypes_sql-install.sql.';
	END IF;
$internal_check
	-- the companion's interface: the schema of the uuidv7_next() that calls
	-- the internal one
	SELECT pg_catalog.quote_ident(n.nspname) INTO STRICT target
	  FROM pg_catalog.pg_depend d
	  JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) d.objid
	  JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) p.pronamespace
	 WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
	   AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
	   AND d.refobjid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('idtypes_sql_internal.uuidv7_next()')
	   AND p.proname OPERATOR(pg_catalog.=) 'uuidv7_next' AND p.pronargs OPERATOR(pg_catalog.=) 0
	   AND p.pronamespace OPERATOR(pg_catalog.<>) internal;
	IF pg_catalog.to_regprocedure('public.uuid_generate_v7()') IS NOT NULL THEN
		IF EXISTS (SELECT FROM pg_catalog.pg_depend d
					WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
					  AND d.objid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('public.uuid_generate_v7()')
					  AND d.refobjid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(target OPERATOR(pg_catalog.||) '.uuidv7_next()')) THEN
			RAISE NOTICE 'pg_uuidv7''s names $version are installed in public already: nothing to do';
			RETURN;
		END IF;
		RAISE EXCEPTION 'function public.uuid_generate_v7() exists and is not the companion''s' USING ERRCODE = '42723',
			HINT = 'Is pg_uuidv7 installed in public?  Its functions and these cannot share a schema.';
	END IF;
	EXECUTE pg_catalog.replace(\$names\$
$schema_check
\$names\$, '@extschema@', 'public');
$(install_names "'public'")
END
\$idtypes_sql_pg_uuidv7_install\$;
EOS
	;;
*) echo "$0: unknown kind $kind" >&2; exit 2 ;;
esac
mv "$out.tmp" "$out"
