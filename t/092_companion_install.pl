# The pure-SQL companion where users of managed platforms run it: a server
# started from a copy of the PostgreSQL installation without any file of
# the C extension (no library to load, no shared_preload_libraries), the
# companion installed by roles that are not superusers, into schemas of
# their choice, both ways (CREATE EXTENSION of the trusted extension by a
# database owner; psql -f of the plain script by a role that may create a
# schema), and among look-alikes planted in the target schema and in
# pg_temp, as t/012_security.pl plants them for the C extension: none is
# called, at install or at use, and every function body binds only to
# pg_catalog and the companion's own schemas.  Then pg_dump and a restore
# keep the settings and the clocks, and draw new random identities.  Last,
# the role that installed the trusted extension attacks everyone else who
# uses it: she can replace, alter or add nothing that another role's call
# runs (not even by renaming her schema and planting look-alikes under its
# name), and neither she nor any role can hold the database's clocks;
# she calls and grants every clock move.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);

my $started = time();
my $install = companion_clean_install(PostgreSQL::Test::Utils::tempdir() . '/pg');
my $node = PostgreSQL::Test::Cluster->new('clean', install_path => $install);
$node->init;
$node->start;
my @schemes = companion_schemes();

# 1. Nothing of idtypes on this server.
is(companion_sqlstate($node, 'postgres', undef, q{LOAD 'idtypes'}), '58P01', 'the C extension\'s library is not there');
is($node->safe_psql('postgres', q{
	SELECT string_agg(name || ' ' || default_version, ', ' ORDER BY name) FROM pg_available_extensions
	WHERE name LIKE 'idtypes%'}),
	'idtypes_sql 1.0.0', 'the companion is the only idtypes extension available');
is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'), '', 'and nothing is preloaded');

# Roles that are not superusers: alice owns databases, bob may create
# schemas in some, mallory may create objects in public of the hostile ones.
$node->safe_psql('postgres', q{
	CREATE ROLE alice LOGIN;
	CREATE ROLE bob LOGIN;
	CREATE ROLE mallory LOGIN;
	CREATE DATABASE ext OWNER alice;
	CREATE DATABASE hostile_ext OWNER alice;
	CREATE DATABASE plain;
	CREATE DATABASE hostile_plain;
	GRANT CREATE ON DATABASE plain, hostile_plain TO bob;
});
$node->safe_psql($_, 'GRANT CREATE ON SCHEMA public TO mallory') for qw(hostile_ext hostile_plain);
$node->safe_psql('hostile_plain', 'GRANT CREATE ON SCHEMA public TO bob');

# Every generator, then each id read back by its scheme's functions, in a
# schema $s (quoted), as one query that returns 't'.
sub use_all
{
	my ($s) = @_;
	return 'SELECT '
	  . join(' AND ', map {
			my $f = $_->{name} =~ /^uuid/ ? ($_->{name} eq 'uuidv8' ? 'uuidv8_timestamp' : 'uuidv_timestamp') : "$_->{name}_timestamp";
			"$s.$f($_->{gen} ) IS NOT NULL" =~ s/idtypes_sql\./$s./gr
		} @schemes)
	  . " AND $s.muid_to_text($s.gen_muid()) IS NOT NULL AND $s.tid62_split($s.gen_tid62_prefixed('x')) IS NOT NULL";
}

# 2. The two ways to install, by roles that are not superusers.
my ($ret, $out, $err) = $node->psql('ext', "CREATE SCHEMA ids;\nCREATE EXTENSION idtypes_sql SCHEMA ids;\n" . use_all('ids'),
	extra_params => [ '-U', 'alice' ]);
is($ret, 0, 'the database owner, not a superuser, creates the trusted extension in a schema of hers, and uses it')
  or diag($err);
is($out, 't', 'every generator works, every id reads back');

($ret, $out, $err) = companion_plain_install($node, 'plain', 'My Ids', 'bob');
is($ret, 0, 'a role that may create schemas installs the plain script (psql -f) into a new schema "My Ids"') or diag($err);
is($node->safe_psql('plain', use_all('"My Ids"'), extra_params => [ '-U', 'bob' ]), 't',
	'every generator works there, every id reads back');
($ret, $out, $err) = companion_plain_install($node, 'plain', q{it's}, 'bob');
isnt($ret, 0, 'the plain script refuses a schema name with a quote');
like($err . $out, qr/a schema name with a quote/, 'and says why');

# 3. Look-alikes: mallory plants, in public, functions named like every
# built-in that the companion's SQL bodies call, with arguments of many
# types, and operators of every symbol they use on many pairs of types,
# each recording its call; alice and bob plant types and relations in
# pg_temp of the installing session.  The names come from the sources.
my %builtins;
foreach my $file (glob("$FindBin::RealBin/../companion/src/*.sql"))
{
	my $text = slurp_file($file);
	$builtins{$1} = 1 while $text =~ /pg_catalog\.(\w+)\(/g;
}
my @builtins = sort grep { !/^(int2|int4|int8|text|bytea|bit|uuid|numeric|float8|bool|timestamptz|interval)$/ } keys %builtins;
cmp_ok(scalar(@builtins), '>', 20, 'the sources call many built-ins (' . scalar(@builtins) . ')');
my $names = join ', ', map { "'$_'" } @builtins;
my $decoys = qq{
	CREATE TABLE public.decoy_calls (what text);
	GRANT SELECT, INSERT ON public.decoy_calls TO PUBLIC;
	CREATE FUNCTION public.decoy(what text) RETURNS boolean LANGUAGE plpgsql AS
		\$\$ BEGIN INSERT INTO public.decoy_calls VALUES (what); RETURN true; END \$\$;
	DO \$do\$
	DECLARE
		types text[] := ARRAY['int2', 'int4', 'int8', 'numeric', 'float8', 'text', 'varchar', 'bytea', 'bit', 'uuid',
							  'timestamptz', 'interval'];
		few text[] := ARRAY['int4', 'int8', 'text', 'bytea', 'bit', 'numeric'];
		ops text[] := ARRAY['=', '<>', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', '&', '|', '#', '<<', '>>', '||', '~', '~~'];
		f text;
		a text;
		b text;
		c text;
		n int := 0;
	BEGIN
		FOREACH f IN ARRAY ARRAY[$names] LOOP
			FOREACH a IN ARRAY types LOOP
				EXECUTE format('CREATE FUNCTION public.%I(%s) RETURNS text LANGUAGE sql AS \$\$ SELECT public.decoy(%L)::text \$\$',
							   f, a, f || '(' || a || ')');
				FOREACH b IN ARRAY types LOOP
					EXECUTE format('CREATE FUNCTION public.%I(%s, %s) RETURNS text LANGUAGE sql AS \$\$ SELECT public.decoy(%L)::text \$\$',
								   f, a, b, f || '(' || a || ', ' || b || ')');
				END LOOP;
			END LOOP;
			FOREACH a IN ARRAY few LOOP
				FOREACH b IN ARRAY few LOOP
					FOREACH c IN ARRAY few LOOP
						EXECUTE format('CREATE FUNCTION public.%I(%s, %s, %s) RETURNS text LANGUAGE sql AS \$\$ SELECT public.decoy(%L)::text \$\$',
									   f, a, b, c, f || '(' || a || ', ' || b || ', ' || c || ')');
					END LOOP;
				END LOOP;
			END LOOP;
		END LOOP;
		FOREACH a IN ARRAY types LOOP
			FOREACH b IN ARRAY types LOOP
				EXECUTE format('CREATE FUNCTION public.decoy_op(%s, %s) RETURNS boolean LANGUAGE sql AS \$\$ SELECT public.decoy(%L) \$\$',
							   a, b, 'operator(' || a || ', ' || b || ')');
				FOREACH f IN ARRAY ops LOOP
					EXECUTE format('CREATE OPERATOR public.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = public.decoy_op)', f, a, b);
					n := n + 1;
				END LOOP;
			END LOOP;
		END LOOP;
	END
	\$do\$;
	CREATE COLLATION public."C" (provider = libc, locale = 'POSIX');
};
my $temp_decoys = q{
	CREATE DOMAIN pg_temp.int4 AS text;
	CREATE DOMAIN pg_temp.int8 AS text;
	CREATE DOMAIN pg_temp.bool AS text;
	CREATE DOMAIN pg_temp.text AS int;
	CREATE DOMAIN pg_temp.bytea AS text;
	CREATE DOMAIN pg_temp.uuid AS text;
	CREATE DOMAIN pg_temp.timestamptz AS text;
	CREATE DOMAIN pg_temp.regclass AS text;
	CREATE TEMP TABLE idtypes_sql_settings (only_row bool, clock text, medallion int8);
	CREATE TEMP TABLE idtypes_sql_node (only_row bool, medallion int8);
	CREATE TEMP SEQUENCE idtypes_sql_uuidv7_clock;
	CREATE TEMP VIEW pg_locks AS SELECT public.decoy('pg_temp.pg_locks') AS granted;
};
foreach my $db (qw(hostile_ext hostile_plain))
{
	my $t0 = time();
	($ret, $out, $err) = $node->psql($db, $decoys, extra_params => [ '-U', 'mallory' ]);
	is($ret, 0, sprintf('%s: mallory plants %d look-alikes in public (%.1f s)', $db,
			$node->safe_psql($db, q{SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace}), time() - $t0))
	  or diag($err);
}
($ret, $out, $err) = $node->psql('hostile_ext',
	$temp_decoys . "SET search_path = pg_temp, public;\nCREATE EXTENSION idtypes_sql SCHEMA public;\n",
	extra_params => [ '-U', 'alice' ]);
is($ret, 0, 'hostile_ext: alice creates the extension in public among the look-alikes') or diag($err);
my $decoy_file = $node->basedir . '/temp_decoys.sql';
append_to_file($decoy_file, "$temp_decoys\nSET search_path = pg_temp, public, pg_catalog;\n");
# The plain script refuses a schema that is not the installer's alone:
# public (pg_database_owner's), mallory's, or bob's own where another role
# may create objects (each could replace or shadow the functions that every
# caller runs).
$node->safe_psql('hostile_plain', 'GRANT CREATE ON DATABASE hostile_plain TO mallory');
$node->safe_psql('hostile_plain', 'CREATE SCHEMA mallorys', extra_params => [ '-U', 'mallory' ]);
$node->safe_psql('hostile_plain', 'CREATE SCHEMA bobs; GRANT CREATE ON SCHEMA bobs TO mallory, PUBLIC', extra_params => [ '-U', 'bob' ]);
foreach my $case ([ 'public', 'schema public belongs to role pg_database_owner, not to bob' ],
	[ 'mallorys', 'schema mallorys belongs to role mallory, not to bob' ],
	[ 'bobs', 'other roles may create objects in schema bobs: PUBLIC, mallory' ])
{
	($ret, $out, $err) = companion_plain_install($node, 'hostile_plain', $case->[0], 'bob');
	isnt($ret, 0, "hostile_plain: the plain script refuses schema $case->[0]");
	like($err, qr/ERROR:  \Q$case->[1]\E/, '42501, saying why');
}
is($node->safe_psql('hostile_plain', q{SELECT count(*) FROM pg_namespace WHERE nspname = 'idtypes_sql_internal'}), '0',
	'and installs nothing');
$node->safe_psql('postgres', 'CREATE DATABASE bobs OWNER bob');
($ret, $out, $err) = companion_plain_install($node, 'bobs', 'public', 'bob');
is($ret, 0, 'public of a database he owns (pg_database_owner\'s, where no other role may create) is his') or diag($err);
$node->safe_psql('postgres', 'DROP DATABASE bobs');
$node->safe_psql('hostile_plain', 'REVOKE CREATE ON SCHEMA bobs FROM mallory, PUBLIC', extra_params => [ '-U', 'bob' ]);
IPC::Run::run([ $node->installed_command('psql'), '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('hostile_plain'),
		'-U', 'bob', '-v', 'schema=bobs', '-f', $decoy_file, '-f', companion_plain_script() ], '>', \$out, '2>', \$err);
is($?, 0, 'hostile_plain: bob installs the plain script into his schema among the look-alikes of public, in the same session')
  or diag($err);

# Used through a search path that puts the look-alikes first.
foreach my $db (qw(hostile_ext hostile_plain))
{
	my $user = $db eq 'hostile_ext' ? 'alice' : 'bob';
	($ret, $out, $err) = $node->psql($db, "$temp_decoys\nSET search_path = pg_temp, public, pg_catalog;\n"
		  . use_all($db eq 'hostile_ext' ? 'public' : 'bobs'),
		extra_params => [ '-U', $user ]);
	is($out, 't', "$db: the companion works through that search path") or diag($err);
	is($node->safe_psql($db, 'SELECT count(*) FROM public.decoy_calls'), '0',
		"$db: no look-alike was called, at install or at use");
}

# 4. What the bodies bind to.  Every object a companion function's body
# depends on is pg_catalog's or the companion's (the interface's schema or
# idtypes_sql_internal); and the definitions of every function, deparsed
# with pg_catalog alone on the search path (so that anything else would
# show with its schema), are the same in the four databases, whichever way
# and among whatever the companion was installed.
my %schema = (ext => 'ids', plain => 'My Ids', hostile_ext => 'public', hostile_plain => 'bobs');
my $internal = 'idtypes_sql_internal';
my %defs;
foreach my $db (sort keys %schema)
{
	my $s = $schema{$db};
	my ($outside, $deps) = split /\|/, $node->safe_psql($db, qq{
		SELECT count(*) FILTER (WHERE o.schema NOT IN ('pg_catalog', quote_ident('$s'), '$internal')), count(*)
		FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid,
			 LATERAL pg_identify_object(d.refclassid, d.refobjid, 0) o
		WHERE p.pronamespace IN ('"$s"'::regnamespace, '$internal'::regnamespace) AND d.deptype = 'n' AND o.schema IS NOT NULL});
	is($outside, '0', "$db: none of the $deps objects that the function bodies depend on is outside pg_catalog, \"$s\" and $internal");
	$defs{$db} = $node->safe_psql($db, qq{
		SET search_path = pg_catalog;
		SELECT string_agg(replace(pg_get_functiondef(p.oid), quote_ident('$s') || '.', 'SCHEMA.'), E'\\n' ORDER BY p.pronamespace = '$internal'::regnamespace, p.proname, p.oid::regprocedure::text)
		FROM pg_proc p WHERE p.pronamespace IN ('"$s"'::regnamespace, '$internal'::regnamespace)
		  AND p.proname <> ALL (ARRAY[$names, 'decoy', 'decoy_op'])});
}
cmp_ok(length($defs{ext}), '>', 50000, 'the function definitions are many');
same_text($defs{$_}, $defs{ext}, "$_: every function's definition is the same as in ext") for qw(plain hostile_ext hostile_plain);

# 5. Who owns what.  Every object of both schemas belongs to the role that
# ran the script: for the trusted extension, the bootstrap superuser (not
# alice, who created it); for the plain script, bob.  SECURITY DEFINER only
# where a clock moves (the three internal functions, and the interface's
# functions that PUBLIC may not call), search path pinned.
my $bootstrap = $node->safe_psql('postgres', 'SELECT rolname FROM pg_roles WHERE oid = 10');
foreach my $db (qw(ext plain))
{
	my $s = $schema{$db};
	my $owner = $db eq 'ext' ? $bootstrap : 'bob';
	is($node->safe_psql($db, qq{
		SELECT string_agg(DISTINCT o::text, ',') FROM (
			SELECT proowner::regrole o FROM pg_proc WHERE pronamespace IN ('"$s"'::regnamespace, '$internal'::regnamespace)
			UNION ALL SELECT relowner::regrole FROM pg_class WHERE relnamespace IN ('"$s"'::regnamespace, '$internal'::regnamespace)
			UNION ALL SELECT typowner::regrole FROM pg_type WHERE typnamespace IN ('"$s"'::regnamespace, '$internal'::regnamespace)
			UNION ALL SELECT nspowner::regrole FROM pg_namespace WHERE nspname = '$internal') x}),
		$owner, "$db: every function, relation and type of the companion, and $internal, belong to $owner");
	is($node->safe_psql($db, qq{
		SELECT string_agg(format('%s %s', p.oid::regprocedure, array_to_string(p.proconfig, ',')), '; '
						  ORDER BY p.pronamespace = '"$s"'::regnamespace, p.oid::regprocedure::text)
		FROM pg_proc p WHERE p.pronamespace IN ('"$s"'::regnamespace, '$internal'::regnamespace) AND p.prosecdef})
		  =~ s/"My Ids"\.|ids\.|$internal\.//gr,
		join('; ', map { "$_ search_path=pg_catalog, pg_temp" }
			sort('hlculid_observe(uuid)',
				map { ("idtypes_sql_$_->{name}_clock_next()", "idtypes_sql_$_->{name}_clock_raise(bigint)") } schemes()),
			'hlculid_observe(uuid)', map { "idtypes_advance_clock(text,$_)" } 'bigint', 'bytea', 'timestamp with time zone', 'uuid'),
		"$db: SECURITY DEFINER only where a clock moves, search path pinned");
	is($node->safe_psql($db, qq{
		SELECT count(*) FROM pg_proc p WHERE p.pronamespace IN ('"$s"'::regnamespace, '$internal'::regnamespace)
		  AND p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'plpgsql')
		  AND (p.proconfig IS NULL OR NOT 'search_path=pg_catalog, pg_temp' = ANY (p.proconfig))}),
		'0', "$db: every PL/pgSQL function pins its search path");
	is($node->safe_psql($db, qq{
		SELECT string_agg(p.proname, ', ' ORDER BY p.proname) FROM pg_proc p WHERE p.pronamespace = '"$s"'::regnamespace AND p.prosqlbody IS NULL}),
		'hlculid_observe, tid62_split', "$db: every function of the interface has a standard body, bound at creation, but those that return void or a record");
}

# 6. pg_dump and a restore: the settings (a configuration table, whose
# INSERT replaces its row) and the clocks (sequences) come back; the random
# identities are drawn anew (a restored database is a new node).
$node->safe_psql('ext', q{
	UPDATE ids.idtypes_sql_settings SET clock = 'sequence', publisher_id = 77, uid8_generator_count = 3;
	SELECT ids.uuidv7_next(), ids.gen_muid(), ids.gen_uid8();
}, extra_params => [ '-U', 'alice' ]);
my $dump = $node->basedir . '/ext.dump';
$node->command_ok([ 'pg_dump', '-Fc', '-f', $dump, '-d', $node->connstr('ext') ], 'pg_dump of the database');
$node->safe_psql('postgres', 'CREATE DATABASE restored OWNER alice');
$node->command_ok([ 'pg_restore', '--exit-on-error', '--role=alice', '-d', $node->connstr('restored'), $dump ],
	'pg_restore as the owner of the database, without an error');
my $state = qq{SELECT s::text, (SELECT string_agg(c.relname || ' ' || pg_sequence_last_value(c.oid::regclass), ', ' ORDER BY c.relname)
	FROM pg_class c WHERE c.relkind = 'S' AND c.relname LIKE '%\\_clock' AND c.relnamespace = '$internal'::regnamespace) FROM ids.idtypes_sql_settings s};
is($node->safe_psql('restored', $state), $node->safe_psql('ext', $state), 'the settings and every clock come back');
isnt($node->safe_psql('restored', "SELECT n::text FROM $internal.idtypes_sql_node n"),
	$node->safe_psql('ext', "SELECT n::text FROM $internal.idtypes_sql_node n"), 'the random identities are new');
is($node->safe_psql('restored', q{SELECT publisher_id || ' ' || uid8_generators::text FROM ids.idtypes_node_identity}) =~ /^77 \[\d+,\d+\)$/
	  ? 1 : 0, 1, 'the configured publisher is kept');

# 7. alice, who installed the trusted extension (and owns the database and
# the schema ids), against every other role that uses it.  A superuser's
# table takes an id of every generator by default (bound to the functions
# when it was created, as an index or a view would be); the clocks are in
# the sequence mode (section 6), so every generator takes its clock's lock.
my @gens = map { $_->{gen} =~ s/idtypes_sql\./ids./r } @schemes;
$node->safe_psql('ext', 'CREATE TABLE public.su_ids (n int, '
	  . join(', ', map { "$schemes[$_]{name} $schemes[$_]{type} DEFAULT $gens[$_]" } 0 .. $#schemes) . ')');
my $su_insert = "SET statement_timeout = '30s';\nINSERT INTO public.su_ids (n) VALUES (1);\n"
  . 'SELECT count(*) FILTER (WHERE ' . join(' AND ', map { "$_->{name} IS NOT NULL" } @schemes) . ') FROM public.su_ids';

# She may replace, alter, add or drop nothing: every function of both
# schemas, the tables, views and sequences, and the internal schema.
my $attempts = $node->safe_psql('ext', qq{
	CREATE TEMP TABLE tried (what text, sqlstate text);
	DO \$do\$
	DECLARE
		f record;
		stmts text[] := ARRAY[
			'CREATE FUNCTION $internal.idtypes_sql_now_us(int) RETURNS int8 LANGUAGE sql AS \$\$ SELECT 0::int8 \$\$',
			'ALTER SCHEMA $internal RENAME TO elsewhere', 'DROP SCHEMA $internal CASCADE',
			'ALTER TABLE $internal.idtypes_sql_settings ADD COLUMN x int',
			'CREATE TRIGGER t BEFORE UPDATE ON $internal.idtypes_sql_settings FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()',
			'CREATE RULE r AS ON UPDATE TO $internal.idtypes_sql_settings DO INSTEAD NOTHING',
			'ALTER VIEW ids.idtypes_sql_settings RENAME TO x', 'CREATE OR REPLACE VIEW ids.idtypes_node_identity AS SELECT 1',
			'ALTER SEQUENCE $internal.idtypes_sql_uuidv7_clock RESTART', 'DROP TABLE $internal.idtypes_sql_uid8_lock',
			'LOCK TABLE $internal.idtypes_sql_uid8_lock IN ACCESS SHARE MODE'];
		stmt text;
	BEGIN
		FOR f IN SELECT p.oid::regprocedure AS sig, pg_get_function_result(p.oid) AS result FROM pg_proc p
				 WHERE p.pronamespace IN ('ids'::regnamespace, '$internal'::regnamespace) LOOP
			stmts := stmts || ARRAY[
				format('CREATE OR REPLACE FUNCTION %s RETURNS %s LANGUAGE sql AS \$\$ SELECT NULL \$\$', f.sig, f.result),
				format('ALTER FUNCTION %s SECURITY INVOKER', f.sig),
				format('ALTER FUNCTION %s SET search_path = public', f.sig),
				format('ALTER FUNCTION %s OWNER TO alice', f.sig),
				format('ALTER EXTENSION idtypes_sql DROP FUNCTION %s', f.sig)];
		END LOOP;
		FOREACH stmt IN ARRAY stmts LOOP
			BEGIN
				EXECUTE stmt;
				INSERT INTO tried VALUES (stmt, 'ok');
			EXCEPTION WHEN OTHERS THEN
				INSERT INTO tried VALUES (stmt, SQLSTATE);
			END;
		END LOOP;
	END
	\$do\$;
	SELECT count(*) || ' ' || count(*) FILTER (WHERE sqlstate = '42501')
	  || coalesce(' ' || string_agg(what || ': ' || sqlstate, '; ') FILTER (WHERE sqlstate <> '42501'), '') FROM tried},
	extra_params => [ '-U', 'alice' ]);
my ($tried, $refused) = split / /, $attempts;
cmp_ok($tried, '>', 900, "alice tries $tried replacements, alterations and additions");
is($attempts, "$tried $tried", 'every one is refused for want of privilege (42501)');

# She renames her schema and puts look-alikes of every function of the
# interface under its name, each trying to make her a superuser and
# recording the role that runs it: the superuser's table still calls the
# companion.
$node->safe_psql('ext', q{
	CREATE TABLE public.trap_calls (who text);
	GRANT INSERT ON public.trap_calls TO PUBLIC;}, extra_params => [ '-U', 'alice' ]);
$node->safe_psql('ext', qq{
	ALTER SCHEMA ids RENAME TO ids_old;
	CREATE SCHEMA ids;
	DO \$do\$
	DECLARE
		f record;
	BEGIN
		FOR f IN SELECT p.proname, pg_get_function_arguments(p.oid) AS args, pg_get_function_result(p.oid) AS result,
						p.proallargtypes IS NOT NULL AS has_out
				 FROM pg_proc p WHERE p.pronamespace = 'ids_old'::regnamespace LOOP
			EXECUTE format(\$f\$CREATE FUNCTION ids.%I(%s) RETURNS %s LANGUAGE plpgsql AS \$b\$
				BEGIN
					INSERT INTO public.trap_calls VALUES (current_user);
					BEGIN ALTER ROLE alice SUPERUSER; EXCEPTION WHEN OTHERS THEN NULL; END;
					RETURN%s;
				END \$b\$\$f\$, f.proname, f.args, f.result, CASE WHEN f.has_out OR f.result = 'void' THEN '' ELSE ' NULL' END);
		END LOOP;
	END
	\$do\$;}, extra_params => [ '-U', 'alice' ]);
cmp_ok($node->safe_psql('ext', q{SELECT count(*) FROM pg_proc WHERE pronamespace = 'ids'::regnamespace}), '>', 70,
	'alice has renamed her schema and planted look-alikes of every function of the interface under its name');
is($node->safe_psql('ext', $su_insert), '1', 'the superuser\'s table gets an id of every generator');
is($node->safe_psql('ext', 'SELECT count(*) FROM public.trap_calls'), '0', 'and no look-alike ran');
is($node->safe_psql('ext', q{SELECT rolsuper FROM pg_roles WHERE rolname = 'alice'}), 'f', 'alice is no superuser');
$node->safe_psql('ext', 'DROP SCHEMA ids CASCADE; ALTER SCHEMA ids_old RENAME TO ids', extra_params => [ '-U', 'alice' ]);

# Nobody can hold the clocks: mallory (no privilege in the database) holds
# every advisory lock of the class that the clocks used, and in an open
# transaction prepares statements on every lock table (which PostgreSQL
# locks before it checks privileges) and tries to ANALYZE them; a
# superuser's ids come all the same.
my $hold = $node->background_psql('ext', on_error_stop => 0, extra_params => [ '-U', 'mallory' ]);
$hold->query_safe('SELECT pg_advisory_lock(1768190833, k) FROM generate_series(0, 16) k');
$hold->query('BEGIN');
$hold->query("PREPARE p_$_ AS SELECT * FROM $internal.idtypes_sql_${_}_lock") for map { $_->{name} } @schemes;
$hold->query("PREPARE u_$_ AS DELETE FROM $internal.idtypes_sql_${_}_lock") for map { $_->{name} } @schemes;
$hold->query("ANALYZE $internal.idtypes_sql_${_}_lock") for map { $_->{name} } @schemes;
is($node->safe_psql('ext', q{SELECT count(DISTINCT l.relation) FROM pg_locks l JOIN pg_class c ON l.relation = c.oid
	WHERE l.granted AND c.relname LIKE 'idtypes_sql_%_lock'}), scalar(@schemes),
	'mallory holds a lock on every lock table (ACCESS SHARE and ROW EXCLUSIVE, by her prepared statements)')
  or diag($node->safe_psql('ext', 'SELECT * FROM pg_locks'));
is($node->safe_psql('ext', q{SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted}), '17',
	'and 17 advisory locks');
is($node->safe_psql('ext', $su_insert), '2', 'the superuser\'s table still gets an id of every generator');
$hold->quit;

# alice calls every clock move and hlculid_observe(), and grants them.
$node->safe_psql('ext', 'CREATE ROLE clock_user LOGIN');
$node->safe_psql('ext', 'GRANT USAGE ON SCHEMA ids TO clock_user', extra_params => [ '-U', 'alice' ]);
is(companion_sqlstate($node, 'ext', 'clock_user', 'SELECT ids.gen_muid(), ids.gen_uid8(), ids.gen_hlculid()'), 'ok',
	'a role granted nothing but the schema generates ids');
my $moves = q{
	SELECT ids.idtypes_advance_clock('uuidv7', now()) IS NOT NULL, ids.idtypes_advance_clock('muid', ids.gen_muid()) IS NOT NULL,
		   ids.idtypes_advance_clock('uid8', ids.gen_uid8()) IS NOT NULL, ids.idtypes_advance_clock('tid62', ids.gen_tid62()) IS NOT NULL;
	SELECT ids.hlculid_observe(ids.gen_hlculid());};
is(companion_sqlstate($node, 'ext', 'clock_user', $moves), '42501', 'a role granted nothing may not move a clock');
is(companion_sqlstate($node, 'ext', 'alice', $moves), 'ok', 'alice moves every clock');
is(companion_sqlstate($node, 'ext', 'alice', q{
	GRANT EXECUTE ON FUNCTION ids.hlculid_observe(uuid), ids.idtypes_advance_clock(text, timestamptz),
		ids.idtypes_advance_clock(text, uuid), ids.idtypes_advance_clock(text, bigint), ids.idtypes_advance_clock(text, bytea)
		TO clock_user}), 'ok', 'and grants them');
is(companion_sqlstate($node, 'ext', 'clock_user', $moves), 'ok', 'to a role who then moves every clock');

# 8. A run-time role of each route, granted INSERT and SELECT on a table of
# the owner's whose defaults call every generator: it inserts without any
# grant on the companion's schemas (a default is bound to its functions,
# whose internal schema every role may use); to call the functions by name
# in its own queries it needs USAGE on the schema (42501 before).
foreach my $route ([ 'ext', 'ids', 'alice' ], [ 'plain', 'My Ids', 'bob' ])
{
	my ($db, $schema, $owner) = @$route;
	my $q = qq{"$schema"};
	my $web = "web_$db";
	$node->safe_psql($db, "CREATE ROLE $web LOGIN");
	my @defaults = map { $_->{gen} =~ s/^idtypes_sql\./$q./r } @schemes;
	$node->safe_psql($db, qq{
		CREATE SCHEMA app;
		CREATE TABLE app.events (n int, }
		  . join(', ', map { "$schemes[$_]{name} $schemes[$_]{type} DEFAULT $defaults[$_]" } 0 .. $#schemes) . qq{);
		GRANT USAGE ON SCHEMA app TO $web;
		GRANT INSERT, SELECT ON app.events TO $web;}, extra_params => [ '-U', $owner ]);
	my $insert = 'INSERT INTO app.events (n) VALUES (1) RETURNING '
	  . join(' AND ', map { "$_->{name} IS NOT NULL" } @schemes);
	is($node->safe_psql($db, $insert, extra_params => [ '-U', $web ]), 't',
		"$db: $web, granted nothing on the companion, inserts a row with an id of every generator");
	my $call = 'SELECT ' . join(', ', @defaults);
	is(companion_sqlstate($node, $db, $web, $call), '42501', "$db: but calls none by name without USAGE on $q");
	$node->safe_psql($db, "GRANT USAGE ON SCHEMA $q TO $web", extra_params => [ '-U', $owner ]);
	is(companion_sqlstate($node, $db, $web, $call), 'ok', "$db: after GRANT USAGE ON SCHEMA $q, $web calls every generator");
}

# 9. The single file and the uninstall file, sent as a web console or a
# migration tool sends them (the whole file as one query), by carol, who
# owns her database and is no superuser: installed into idtypes_sql; sent
# again, a NOTICE and no change; over another version, refused naming the
# upgrade file.  The uninstall file refuses, naming them, while a default,
# an index or a view depends on the companion; then removes every object
# and both schemas; sent again, a NOTICE.  It also removes a psql install
# from a schema of the installer's choice.
$node->safe_psql('postgres', 'CREATE ROLE carol LOGIN; CREATE DATABASE console OWNER carol');
# Not over another role's schema of either name: eve's idtypes_sql could
# hold her own functions of the companion's names, and her
# idtypes_sql_internal her own idtypes_sql_version().
$node->safe_psql('console', 'CREATE ROLE eve LOGIN; GRANT CREATE ON DATABASE console TO eve');
$node->safe_psql('console', 'CREATE SCHEMA idtypes_sql', extra_params => [ '-U', 'eve' ]);
my $sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-install.sql');
is(join('|', @{$sent}{qw(sqlstate message)}), '42501|schema idtypes_sql belongs to role eve, not to carol',
	'the single file refuses a schema idtypes_sql of another role');
$node->safe_psql('console', q{DROP SCHEMA idtypes_sql; CREATE SCHEMA idtypes_sql_internal;
	CREATE FUNCTION idtypes_sql_internal.idtypes_sql_version() RETURNS text LANGUAGE sql RETURN '1.0.0'},
	extra_params => [ '-U', 'eve' ]);
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-install.sql');
is(join('|', @{$sent}{qw(sqlstate message)}), '42501|schema idtypes_sql_internal belongs to role eve, not to carol',
	'and a schema idtypes_sql_internal of another role, whatever version it claims');
$node->safe_psql('console', 'DROP SCHEMA idtypes_sql_internal CASCADE; REVOKE CREATE ON DATABASE console FROM eve');
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-install.sql');
is($sent->{sqlstate}, 'ok', 'the single file installs sent as one query') or diag(explain($sent));
is(companion_sqlstate($node, 'console', 'carol', 'SELECT ' . join(', ', map { $_->{gen} } @schemes)), 'ok',
	'its generators work');
$node->safe_psql('console', 'CREATE ROLE web_console LOGIN');
$node->safe_psql('console', 'CREATE TABLE ids_of_all (' . join(', ', map { "$_->{name} $_->{type} DEFAULT $_->{gen}" } @schemes)
	  . '); GRANT INSERT, SELECT ON ids_of_all TO web_console', extra_params => [ '-U', 'carol' ]);
is($node->safe_psql('console', 'INSERT INTO ids_of_all DEFAULT VALUES RETURNING ' . join(' AND ', map { "$_->{name} IS NOT NULL" } @schemes),
		extra_params => [ '-U', 'web_console' ]), 't',
	'a run-time role granted only INSERT and SELECT on her table inserts through every default');
$node->safe_psql('console', 'DROP TABLE ids_of_all', extra_params => [ '-U', 'carol' ]);
my $catalog = q{SELECT count(*), sum(p.oid::int8), max(p.xmin::text::int8) FROM pg_proc p
	WHERE p.pronamespace IN ('idtypes_sql'::regnamespace, 'idtypes_sql_internal'::regnamespace)};
my $before = $node->safe_psql('console', $catalog);
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-install.sql');
is(join('|', $sent->{sqlstate}, @{ $sent->{notices} }), 'ok|idtypes_sql 1.0.0 is installed here already: nothing to do',
	'sent again: a NOTICE');
is($node->safe_psql('console', $catalog), $before, 'and no function changed');
$node->safe_psql('console', q{CREATE OR REPLACE FUNCTION idtypes_sql_internal.idtypes_sql_version() RETURNS text
	LANGUAGE sql IMMUTABLE RETURN '0.9.0'}, extra_params => [ '-U', 'carol' ]);
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-install.sql');
is(join('|', @{$sent}{qw(sqlstate message hint)}), '42710|idtypes_sql 0.9.0 is installed here, not 1.0.0|'
	  . 'Run idtypes_sql--0.9.0--1.0.0.sql to upgrade it, or idtypes_sql-uninstall.sql to remove it.',
	'over another version it refuses, naming the upgrade file');
$node->safe_psql('console', q{CREATE OR REPLACE FUNCTION idtypes_sql_internal.idtypes_sql_version() RETURNS text
	LANGUAGE sql IMMUTABLE RETURN '1.0.0'}, extra_params => [ '-U', 'carol' ]);
$node->safe_psql('console', qq{
	CREATE TABLE events (id uuid DEFAULT idtypes_sql.uuidv7_next(), n bigint DEFAULT idtypes_sql.gen_uid8());
	CREATE INDEX events_time ON events (idtypes_sql.uuidv_timestamp(id));
	CREATE VIEW recent AS SELECT * FROM events WHERE id >= idtypes_sql.uuidv7_floor(now() - interval '1 hour');},
	extra_params => [ '-U', 'carol' ]);
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-uninstall.sql');
is(join('|', @{$sent}{qw(sqlstate detail)}), '2BP01|default value for column id of table public.events; '
	  . 'default value for column n of table public.events; index public.events_time; view public.recent',
	'the uninstall file refuses while a default, an index or a view depends on the companion, naming each');
is($node->safe_psql('console', 'SELECT count(*) FROM pg_namespace WHERE nspname LIKE \'idtypes_sql%\''), '2', 'and removes nothing');
$node->safe_psql('console', 'DROP VIEW recent; DROP TABLE events', extra_params => [ '-U', 'carol' ]);
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-uninstall.sql');
is(join('|', $sent->{sqlstate}, @{ $sent->{notices} }), 'ok|idtypes_sql removed', 'then it removes the companion');
is($node->safe_psql('console', q{
	SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'idtypes_sql%'
	UNION ALL SELECT count(*) FROM pg_proc WHERE proname LIKE ANY (ARRAY['gen_%', 'uuidv%', 'idtypes_%'])
		  AND pronamespace <> 'pg_catalog'::regnamespace
	UNION ALL SELECT count(*) FROM pg_class WHERE relname LIKE 'idtypes_%'}), "0\n0\n0", 'every object and both schemas');
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-uninstall.sql');
is(join('|', $sent->{sqlstate}, @{ $sent->{notices} }), 'ok|idtypes_sql is not installed here: nothing to do',
	'sent again: a NOTICE');
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-install.sql');
is($sent->{sqlstate}, 'ok', 'the single file installs again');
$sent = companion_send_file($node, 'plain', 'bob', 'companion/idtypes_sql-uninstall.sql');
is(join('|', $sent->{sqlstate}), '2BP01', 'the psql install into "My Ids": refused while the run-time role\'s table uses it');
$node->safe_psql('plain', 'DROP SCHEMA app CASCADE', extra_params => [ '-U', 'bob' ]);
$sent = companion_send_file($node, 'plain', 'bob', 'companion/idtypes_sql-uninstall.sql');
is(join('|', $sent->{sqlstate}, @{ $sent->{notices} }), 'ok|idtypes_sql removed', 'then removed');
is($node->safe_psql('plain', q{SELECT count(*) FROM pg_namespace WHERE nspname IN ('My Ids', 'idtypes_sql_internal')}), '0',
	'with its schemas');
$sent = companion_send_file($node, 'ext', 'alice', 'companion/idtypes_sql-uninstall.sql');
is(join('|', @{$sent}{qw(sqlstate hint)}), '55000|Remove it with DROP EXTENSION idtypes_sql.',
	'an install by CREATE EXTENSION is left to DROP EXTENSION');
$sent = companion_send_file($node, 'ext', 'alice', 'companion/idtypes_sql-install.sql');
is(join('|', @{$sent}{qw(sqlstate hint)}), '42710|Update it with ALTER EXTENSION idtypes_sql UPDATE.',
	'and the single file does not install beside it');

note(sprintf('the install tests took %.1f s', time() - $started));
$node->stop;
done_testing();
