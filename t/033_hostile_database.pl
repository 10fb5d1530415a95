# Security: every privileged call runs no other role's code.  mallory, who
# is no superuser, owns a database, so its public schema, and sets its
# search_path to public, mallory, pg_catalog.  A superuser installs idtypes
# there, and the pure-SQL companion idtypes_sql, and pg_uuidv7's names over
# both.  mallory then plants every
# trap an ordinary role can plant: partial and expression indexes, check
# constraints and extended statistics whose constant parts call an
# IMMUTABLE wrapper of a trap (the planner evaluates those), domains over
# every argument type with overloads of every function of both extensions
# for them (in public, in her own schema, in her session's pg_temp), her
# own comparison and pattern operators on the core types and the domains,
# domains and views named like core types and catalogs, functions named
# like the built-ins the extensions' SQL calls, row-level security
# policies, triggers, rules, casts, views and materialized views, a
# temporary table kept by a session of hers, and an event trigger where
# PostgreSQL lets her.  Every trap records the role that runs it, and as a
# superuser makes mallory one.  Then a superuser, a member of
# idtypes.clock_mover_role, and the extension's owner (installer, no
# superuser, who installed idtypes as a trusted extension) each call every
# function of both extensions, read from the catalog (so a function added
# later is covered), with valid arguments, unqualified and qualified, with
# the database's search_path: no trap may run as any of them, mallory
# stays what she was, no clock is moved far ahead, and no call crashes the
# server.  Beforehand, each kind of trap is shown armed: a superuser's own
# statement that reaches it, rolled back, runs it.  Twice: with
# row-level security on a table of ids (which the cutover refuses to read
# for a role the policies would limit), and with it off.
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

my $node = PostgreSQL::Test::Cluster->new('hostile');
$node->init;
# A uid8 generator id of the server's, for uid8_safe_bound().  Autovacuum
# off: no ANALYZE of her tables (which evaluates her index expressions, as
# her) runs while the callers do.
$node->append_conf('postgresql.conf', q{
shared_preload_libraries = 'idtypes'
idtypes.clock_mover_role = 'mover'
idtypes.uid8_generator_id = 1
autovacuum = off
});
$node->start;

# Statements of the harness itself pin their search path: mallory's
# operators and look-alikes must not catch the test's own queries.
my $pin = "SET search_path = pg_catalog, pg_temp;\n";

sub harness
{
	my ($db, $sql) = @_;
	return $node->safe_psql($db, $pin . $sql);
}

my $superuser = $node->safe_psql('postgres', 'SELECT current_user');
$node->safe_psql('postgres', q{
	CREATE ROLE mallory LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
	CREATE ROLE mover NOLOGIN;
	CREATE ROLE keeper LOGIN;
	GRANT mover TO keeper;
	GRANT pg_read_all_data TO keeper;
	CREATE ROLE installer LOGIN NOSUPERUSER;
	CREATE DATABASE hostile OWNER mallory;
	GRANT CREATE ON DATABASE hostile TO installer;
});
# installer, no superuser, installs idtypes (a trusted extension), so that
# the extension's owner is a caller of its own
$node->safe_psql('hostile', 'GRANT CREATE ON SCHEMA public TO installer');

# The companion: its extension files are installed with idtypes
# (tools/common.sh, build_install); a tree built without them leaves it
# out, and its part of the test says so.
my $companion = harness('postgres',
	q{SELECT count(*) FROM pg_available_extensions WHERE name = 'idtypes_sql'}) eq '1';
my ($ret, $out, $err) = $node->psql('hostile', "CREATE EXTENSION idtypes;\n", extra_params => [ '-U', 'installer' ]);
is($ret, 0, 'installer, no superuser, installs idtypes (trusted) in the database mallory owns') or diag($err);
if ($companion)
{
	my ($cret, $cout, $cerr) = $node->psql('hostile', "CREATE SCHEMA idtypes_sql;\nCREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;\n"
		  . "GRANT USAGE ON SCHEMA idtypes_sql TO PUBLIC;\n");
	is($cret, 0, 'a superuser installs idtypes_sql there') or diag($cerr);
}
# pg_uuidv7's names over both (installed with them by build_install)
my $uuidv7_names = harness('postgres',
	q{SELECT count(*) FROM pg_available_extensions WHERE name = 'idtypes_pg_uuidv7'}) eq '1';
if ($uuidv7_names)
{
	my ($nret, $nout, $nerr) = $node->psql('hostile', "CREATE EXTENSION idtypes_pg_uuidv7;
", extra_params => [ '-U', 'installer' ]);
	is($nret, 0, 'installer installs pg_uuidv7\'s names over idtypes (trusted)') or diag($nerr);
	if ($companion)
	{
		($nret, $nout, $nerr) = $node->psql('hostile', "CREATE EXTENSION idtypes_sql_pg_uuidv7 SCHEMA idtypes_sql;
");
		is($nret, 0, 'a superuser installs them over idtypes_sql') or diag($nerr);
	}
}
like($err, qr/WARNING:  schema public of extension idtypes can be written by roles other than the one installing it: mallory/,
	'warned that mallory, who owns public, can write in its schema');
my $ext_schema = harness('hostile', q{SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'idtypes'});
my $ext_owner = harness('hostile', q{SELECT extowner::regrole FROM pg_extension WHERE extname = 'idtypes'});
my @extensions = ('idtypes', $companion ? ('idtypes_sql') : (), $uuidv7_names ? ('idtypes_pg_uuidv7') : (),
	$uuidv7_names && $companion ? ('idtypes_sql_pg_uuidv7') : ());
my $ext_list = join(', ', map { "'$_'" } @extensions);

# The mover: a member of idtypes.clock_mover_role, who may read every
# table, and holds EXECUTE on every function that is not PUBLIC's (the
# clock movers).
$node->safe_psql('hostile', $pin . qq{
	DO \$\$
	DECLARE f regprocedure;
	BEGIN
		FOR f IN SELECT p.oid FROM pg_extension e
				 JOIN pg_depend d ON d.refobjid = e.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
				 JOIN pg_proc p ON p.oid = d.objid
				 WHERE e.extname IN ($ext_list) AND p.proacl IS NOT NULL
				   AND NOT has_function_privilege('public', p.oid, 'EXECUTE') LOOP
			EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO mover', f);
		END LOOP;
	END \$\$;
});
my $granted = harness('hostile', qq{
	SELECT string_agg(p.proname, ' ' ORDER BY p.proname) FROM pg_extension e
	JOIN pg_depend d ON d.refobjid = e.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
	JOIN pg_proc p ON p.oid = d.objid
	WHERE e.extname IN ($ext_list) AND has_function_privilege('mover', p.oid, 'EXECUTE')
	  AND NOT has_function_privilege('public', p.oid, 'EXECUTE')});
like($granted, qr/\bidtypes_advance_clock\b.*\bidtypes_advance_clocks_past_stored\b.*\bidtypes_rewind_clock\b/,
	'the mover holds EXECUTE on the clock movers');
note("granted to mover: $granted");

#
# mallory plants her traps.
#
sub as_mallory
{
	my ($sql, $what) = @_;
	my ($r, $o, $e) = $node->psql('hostile', $pin . $sql, extra_params => [ '-U', 'mallory' ], on_error_stop => 1);
	is($r, 0, "mallory plants $what") or diag($e);
	return $o;
}

# The trap: records who ran it (a row in trap_log, which a rollback of the
# caller's transaction undoes, and a WARNING in the server log and to the
# caller, which stays), and, run by a superuser, makes mallory one; run by
# a role that may grant the mover's or pg_read_all_data's rights, grants
# them to her.  Once per transaction and caller for each trap, so that a
# trap in a comparison of every row of a join costs little after the
# first.  The IMMUTABLE wrapper is what index expressions and predicates
# may call; the planner evaluates its calls with constant arguments.
as_mallory(q{
	CREATE SCHEMA mallory;
	ALTER DATABASE hostile SET search_path = public, mallory, pg_catalog;
	CREATE TABLE public.trap_log (who text NOT NULL, what text NOT NULL,
								  at timestamptz NOT NULL DEFAULT clock_timestamp());
	GRANT SELECT, INSERT ON public.trap_log TO PUBLIC;
	CREATE FUNCTION public.trap(what text) RETURNS boolean
		LANGUAGE plpgsql VOLATILE SECURITY INVOKER
		SET search_path = pg_catalog, pg_temp
	AS $fn$
	DECLARE
		key text := 'mallory.trap_' || md5(what || ' ' || current_user);
		super boolean;
	BEGIN
		IF coalesce(current_setting(key, true), '') <> '' THEN
			RETURN true;
		END IF;
		-- (nothing here may fail: a trap that failed its caller would be
		-- mallory's own doing)
		BEGIN
			PERFORM set_config(key, 'fired', true);
		EXCEPTION WHEN OTHERS THEN
			NULL;
		END;
		RAISE WARNING 'TRAP % ran: %', current_user, what;
		BEGIN
			INSERT INTO public.trap_log (who, what) VALUES (current_user, what);
		EXCEPTION WHEN OTHERS THEN
			RAISE WARNING 'TRAP % could not log: %', current_user, SQLERRM;
		END;
		super := (SELECT r.rolsuper FROM pg_roles r WHERE r.rolname = current_user);
		IF super THEN
			BEGIN
				EXECUTE 'ALTER ROLE mallory SUPERUSER';
			EXCEPTION WHEN OTHERS THEN
				NULL;
			END;
		END IF;
		BEGIN
			EXECUTE 'GRANT mover TO mallory';
		EXCEPTION WHEN OTHERS THEN
			NULL;
		END;
		BEGIN
			EXECUTE 'GRANT pg_read_all_data TO mallory';
		EXCEPTION WHEN OTHERS THEN
			NULL;
		END;
		RETURN true;
	END
	$fn$;
	CREATE FUNCTION public.trap_imm(what text) RETURNS boolean
		LANGUAGE plpgsql IMMUTABLE
	AS $fn$ BEGIN RETURN public.trap(what); END $fn$;
	CREATE FUNCTION public.keep(x anyelement, b boolean) RETURNS anyelement
		LANGUAGE sql IMMUTABLE AS 'SELECT $1';
	CREATE FUNCTION public.trap_trigger() RETURNS trigger
		LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
	AS $fn$
	BEGIN
		PERFORM public.trap(format('trigger %s (%s %s %s) on %s.%s', TG_NAME, TG_WHEN, TG_LEVEL, TG_OP,
								   TG_TABLE_SCHEMA, TG_TABLE_NAME));
		IF TG_LEVEL = 'ROW' THEN
			RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
		END IF;
		RETURN NULL;
	END
	$fn$;
}, 'the trap, its log, and its IMMUTABLE wrapper');

# Domains over every type the extensions' functions take (pseudo-types
# aside) and over the ids' types, whose check calls the trap: d_<type> in
# public and in her schema.
as_mallory(qq{
	CREATE FUNCTION mallory.plant_domains(sch text, prefix text) RETURNS int
		LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
	AS \$fn\$
	DECLARE
		t record;
		n int := 0;
	BEGIN
		FOR t IN SELECT DISTINCT y.oid::regtype AS type, y.typname
				 FROM pg_extension e
				 JOIN pg_depend d ON d.refobjid = e.oid AND d.deptype = 'e'
				 JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
				 CROSS JOIN LATERAL unnest(p.proargtypes::oid[] || p.prorettype) u(t)
				 JOIN pg_type y ON y.oid = u.t
				 WHERE e.extname IN ($ext_list) AND y.typtype IN ('b', 'e')
				 UNION
				 SELECT y.oid::regtype, y.typname FROM pg_type y
				 WHERE y.typname IN ('uuid', 'int8', 'bytea', 'text', 'timestamptz', 'int4', 'int2', 'oid', 'name')
				   AND y.typnamespace = 'pg_catalog'::regnamespace
		LOOP
			EXECUTE format('CREATE DOMAIN %I.%I AS %s CHECK (public.trap_imm(%L))',
						   sch, prefix || t.typname, t.type,
						   format('check of domain %s.%s', sch, prefix || t.typname));
			n := n + 1;
		END LOOP;
		RETURN n;
	END
	\$fn\$;
	SELECT mallory.plant_domains('public', 'd_') + mallory.plant_domains('mallory', 'd_');
}, 'domains over every type the functions take');
my $domains = harness('hostile', q{
	SELECT count(*) FROM pg_type WHERE typtype = 'd' AND typname LIKE 'd\_%'
	  AND typnamespace IN ('public'::regnamespace, 'mallory'::regnamespace)});
cmp_ok($domains, '>=', 2 * 9, "$domains domains, in public and in her schema");

# Her tables: a column of every scheme's type, of a domain over it in
# public and in her schema, arrays of both; the companion's ids in core
# types; each filled by its generator (the columns the cutover reads).
my @schemes = schemes();
my @comp = $companion ? companion_schemes() : ();
my $core_of = { uuid => 'uuid', bigint => 'int8', bytea => 'bytea' };
my @columns = (
	(map { ["c_$_->{name}", $_->{type}, $_->{gen}], ["p_$_->{name}", "public.d_$_->{type}", $_->{gen}],
		   ["m_$_->{name}", "mallory.d_$_->{type}", $_->{gen}] } @schemes),
	(map { ["a_$_->{name}", "$_->{type}\[\]", "ARRAY[$_->{gen}, $_->{gen}]"],
		   ["ad_$_->{name}", "public.d_$_->{type}\[\]", "ARRAY[$_->{gen}]"] } @schemes),
	(map { ["q_$_->{name}", $_->{type}, $_->{gen}], ["qd_$_->{name}", "public.d_$core_of->{$_->{type}}", $_->{gen}] } @comp),
	[ 'prefixed', 'public.d_text', q{gen_tid62_prefixed('x')} ]);
my @indexed = grep { $_->[1] !~ /\[\]$/ } @columns;
my $table_ddl = sub {
	my ($t) = @_;
	my ($sch, $rel) = split /\./, $t;
	return "CREATE TABLE $t (" . join(', ', map { "$_->[0] $_->[1] DEFAULT $_->[2]" } @columns) . ");\n"
	  . "INSERT INTO $t DEFAULT VALUES;\nINSERT INTO $t DEFAULT VALUES;\n"
	  . join('', map {
			"CREATE INDEX ON $t ($_->[0]);\n"
			  . "CREATE INDEX ON $t ($_->[0]) WHERE public.trap_imm('predicate of a partial index on $t ($_->[0])');\n"
			  . "CREATE INDEX ON $t (public.keep($_->[0], public.trap_imm('expression index on $t ($_->[0])')));\n"
		} @indexed)
	  . join('', map {
			my ($when, $level, $events) = @$_;
			"CREATE TRIGGER trap_${when}_$level $when $events ON $t FOR EACH $level EXECUTE FUNCTION public.trap_trigger();\n"
		} ([ 'BEFORE', 'ROW', 'INSERT OR UPDATE OR DELETE' ], [ 'AFTER', 'ROW', 'INSERT OR UPDATE OR DELETE' ],
			[ 'BEFORE', 'STATEMENT', 'INSERT OR UPDATE OR DELETE OR TRUNCATE' ],
			[ 'AFTER', 'STATEMENT', 'INSERT OR UPDATE OR DELETE OR TRUNCATE' ]))
	  . "CREATE RULE trap_update AS ON UPDATE TO $t DO ALSO SELECT public.trap('rule on update of $t');\n"
	  . "CREATE STATISTICS ${sch}.${rel}_stats ON (public.keep(c_muid, public.trap_imm('extended statistics on $t'))), c_uid8 FROM $t;\n"
	  . "CREATE VIEW ${sch}.${rel}_view AS SELECT i.*, public.trap('view ${sch}.${rel}_view') AS t FROM $t i;\n";
};
# (the plain statements of her own sessions use the database's search
# path, as hers would; the traps she plants here run as her)
my $unpinned = "SET search_path = public, mallory, pg_catalog;\n";
# (no query of the harness reads her tables: it would run her traps as the
# superuser)
is(as_mallory($unpinned . $table_ddl->('public.ids') . $table_ddl->('mallory.ids') . $table_ddl->('public.ids_rls') . q{
	ALTER TABLE public.ids_rls ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
	CREATE POLICY trap_read ON public.ids_rls FOR SELECT USING (public.trap('policy trap_read USING on public.ids_rls'));
	CREATE POLICY trap_all ON public.ids_rls USING (public.trap('policy trap_all USING on public.ids_rls'))
		WITH CHECK (public.trap('policy trap_all WITH CHECK on public.ids_rls'));
	-- an inheritance child, whose check constraint the planner reads
	-- (constraint_exclusion = partition) for a query of its parent
	CREATE TABLE public.ids_parent (c_muid muid DEFAULT gen_muid(), c_uuid uuid DEFAULT uuidv7_next(),
									c_hlculid hlculid DEFAULT gen_hlculid());
	CREATE TABLE public.ids_child (CHECK (public.trap_imm('check constraint of public.ids_child')))
		INHERITS (public.ids_parent);
	INSERT INTO public.ids_parent DEFAULT VALUES;
	INSERT INTO public.ids_child DEFAULT VALUES;
	CREATE INDEX ON public.ids_child (c_muid) WHERE public.trap_imm('predicate of a partial index on public.ids_child');
	-- a table partitioned by time on its key, with a partition of its own
	-- check constraint
	CREATE TABLE public.ids_range (c_muid muid NOT NULL DEFAULT gen_muid(), c_uuid d_uuid DEFAULT uuidv7_next(),
								   c_tid62 tid62 DEFAULT gen_tid62())
		PARTITION BY RANGE (c_muid);
	CREATE TABLE public.ids_range_now PARTITION OF public.ids_range
		(CHECK (public.trap_imm('check constraint of partition public.ids_range_now')))
		FOR VALUES FROM (muid_floor(now() - interval '1 day')) TO (muid_floor(now() + interval '1 day'));
	CREATE TABLE public.ids_range_other PARTITION OF public.ids_range DEFAULT;
	INSERT INTO public.ids_range DEFAULT VALUES;
	CREATE INDEX ON public.ids_range (c_muid) WHERE public.trap_imm('predicate of a partial index on public.ids_range');
	CREATE INDEX ON public.ids_range (public.keep(c_tid62, public.trap_imm('expression index on public.ids_range')));
	-- a materialized view (the cutover reads populated ones) over a trap
	CREATE MATERIALIZED VIEW public.ids_mv AS
		SELECT c_muid, c_uuidv7, p_uid8, public.trap('materialized view public.ids_mv') AS t FROM public.ids;
	CREATE INDEX ON public.ids_mv (c_muid) WHERE public.trap_imm('predicate of a partial index on public.ids_mv');
	CREATE INDEX ON public.ids_mv (public.keep(p_uid8, public.trap_imm('expression index on public.ids_mv')));
	SELECT count(*) FROM public.ids_range;
}, 'tables of every id type, with partial and expression indexes, triggers, rules, statistics, row-level security, '
	  . 'inheritance, partitions, views and a materialized view over traps'), '1', 'the partitioned table holds a row');

# Overloads of every function of both extensions: for the domains (all
# arguments, and each alone), and copies of the same signature in her
# schema (and, below, in pg_temp), each calling the trap.
as_mallory(q{
	CREATE FUNCTION mallory.plant_overloads(sch text, prefix text, exact boolean, exts text[]) RETURNS int
		LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
	AS $fn$
	DECLARE
		f record;
		n int := 0;
		ins text[];
		doms text[];
		outs text;
		variant text[];
		variants text[][];
		ret text;
		body text;
		label text;
		k int;
	BEGIN
		FOR f IN SELECT p.oid, p.proname, p.prokind, p.proretset, p.prorettype, p.proargtypes::oid[] AS args,
						p.proallargtypes, p.proargmodes, p.proargnames
				 FROM pg_extension e
				 JOIN pg_depend d ON d.refobjid = e.oid AND d.deptype = 'e'
				 JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
				 WHERE e.extname = ANY (exts)
				 ORDER BY p.oid LOOP
			-- PL/pgSQL takes no pseudo-type but void and record
			CONTINUE WHEN EXISTS (SELECT FROM unnest(f.args) u(t) JOIN pg_type y ON y.oid = u.t WHERE y.typtype = 'p');
			CONTINUE WHEN (SELECT y.typtype = 'p' AND y.typname NOT IN ('void', 'record')
						   FROM pg_type y WHERE y.oid = f.prorettype);
			ins := ARRAY(SELECT format_type(t, NULL) FROM unnest(f.args) WITH ORDINALITY u(t, o) ORDER BY o);
			doms := ARRAY(SELECT coalesce((SELECT format('%I.%I', sch, prefix || y.typname) FROM pg_type y
										   WHERE y.oid = u.t
											 AND to_regtype(format('%I.%I', sch, prefix || y.typname)) IS NOT NULL
											 AND (SELECT typtype FROM pg_type
												  WHERE oid = to_regtype(format('%I.%I', sch, prefix || y.typname))) = 'd'),
										  format_type(u.t, NULL))
						  FROM unnest(f.args) WITH ORDINALITY u(t, o) ORDER BY o);
			variants := ARRAY[]::text[];
			IF exact THEN
				variants := ARRAY[array_to_string(ins, ', ')];
			ELSIF doms IS DISTINCT FROM ins THEN
				variants := ARRAY[array_to_string(doms, ', ')];
				IF cardinality(ins) > 1 THEN
					FOR k IN 1 .. cardinality(ins) LOOP
						CONTINUE WHEN doms[k] = ins[k];
						variant := ins;
						variant[k] := doms[k];
						variants := variants || array_to_string(variant, ', ');
					END LOOP;
				END IF;
			END IF;
			outs := (SELECT string_agg(format('OUT %I %s', coalesce(f.proargnames[o], 'o' || o), format_type(t, NULL)), ', ' ORDER BY o)
					 FROM unnest(f.proallargtypes, f.proargmodes) WITH ORDINALITY u(t, m, o) WHERE m IN ('o', 't'));
			FOREACH label IN ARRAY variants LOOP
				BEGIN
					IF f.prokind = 'a' THEN
						EXECUTE format('CREATE FUNCTION %I.%I(s %s, v %s) RETURNS %s LANGUAGE plpgsql AS %L',
									   sch, 'trap_sfunc_' || md5(f.proname || label), label, label, label,
									   format('BEGIN PERFORM public.trap(%L); RETURN v; END',
											  format('aggregate %s.%s(%s)', sch, f.proname, label)));
						EXECUTE format('CREATE AGGREGATE %I.%I(%s) (SFUNC = %I.%I, STYPE = %s)',
									   sch, f.proname, label, sch, 'trap_sfunc_' || md5(f.proname || label), label);
					ELSE
						ret := CASE WHEN f.proretset THEN 'SETOF ' ELSE '' END
							   || CASE WHEN outs IS NOT NULL THEN 'record' ELSE format_type(f.prorettype, NULL) END;
						body := format('BEGIN PERFORM public.trap(%L); RETURN%s; END',
									   format('overload %s.%s(%s)', sch, f.proname, label),
									   CASE WHEN f.proretset OR outs IS NOT NULL OR f.prorettype = 'void'::regtype
											THEN '' ELSE ' NULL' END);
						EXECUTE format('CREATE FUNCTION %I.%I(%s) RETURNS %s LANGUAGE plpgsql AS %L',
									   sch, f.proname, concat_ws(', ', nullif(label, ''), outs), ret, body);
					END IF;
					n := n + 1;
				EXCEPTION WHEN duplicate_function THEN
					-- the extension's own, in its schema
					NULL;
				END;
			END LOOP;
		END LOOP;
		RETURN n;
	END
	$fn$;
} . qq{
	SELECT mallory.plant_overloads('public', 'd_', false, ARRAY[$ext_list]),
		   mallory.plant_overloads('mallory', 'd_', false, ARRAY[$ext_list]),
		   mallory.plant_overloads('public', '', true, ARRAY[$ext_list]),
		   mallory.plant_overloads('mallory', '', true, ARRAY[$ext_list]);
}, 'overloads of every function of the extensions for her domains');
my $overloads = harness('hostile', q{
	SELECT count(*) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
	WHERE p.pronamespace IN ('public'::regnamespace, 'mallory'::regnamespace) AND l.lanname = 'plpgsql'
	  AND p.prosrc LIKE '%overload %' OR p.proname LIKE 'trap\_sfunc\_%'});
cmp_ok($overloads, '>', 300, "$overloads overloads");

# Her operators: = <> < > <= >= ~ !~ ~~ !~~ on the core types the
# catalogs and the extensions compare (and some cross pairs), on her
# domains, and in her schema on the extension's types, each calling the
# trap, then comparing as the real one does.
as_mallory(q{
	CREATE FUNCTION mallory.plant_operators(sch text, ext regnamespace) RETURNS int
		LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
	AS $fn$
	DECLARE
		p record;
		sym text;
		real record;
		fn text;
		n int := 0;
		-- the schema (pg_temp: this session's)
		nsp oid := CASE WHEN sch = 'pg_temp' THEN pg_my_temp_schema() ELSE sch::regnamespace END;
	BEGIN
		FOR p IN
			WITH core(l, r) AS (
				SELECT t, t FROM unnest(ARRAY['int2', 'int4', 'int8', 'oid', 'name', 'text', '"char"', 'uuid', 'bytea',
											  'timestamptz', 'bool', 'regclass', 'regtype', 'regnamespace']::regtype[]) t
				UNION ALL
				SELECT l, r FROM (VALUES ('int2'::regtype, 'int4'::regtype), ('int4', 'int2'), ('int2', 'int8'),
										 ('int8', 'int2'), ('int4', 'int8'), ('int8', 'int4'), ('name', 'text'),
										 ('text', 'name')) v(l, r)),
			doms(l, r) AS (
				SELECT d.oid::regtype, d.oid::regtype FROM pg_type d WHERE d.typtype = 'd' AND d.typnamespace = nsp
				UNION ALL
				SELECT d.oid::regtype, d.typbasetype::regtype FROM pg_type d WHERE d.typtype = 'd' AND d.typnamespace = nsp
				UNION ALL
				SELECT d.typbasetype::regtype, d.oid::regtype FROM pg_type d WHERE d.typtype = 'd' AND d.typnamespace = nsp),
			own(l, r) AS (
				SELECT DISTINCT o.oprleft::regtype, o.oprright::regtype FROM pg_operator o
				WHERE o.oprnamespace = ext AND o.oprleft <> 0 AND sch <> ext::text)
			SELECT DISTINCT l, r FROM (SELECT * FROM core UNION ALL SELECT * FROM doms UNION ALL SELECT * FROM own) a
		LOOP
			FOREACH sym IN ARRAY ARRAY['=', '<>', '<', '>', '<=', '>=', '~', '!~', '~~', '!~~'] LOOP
				SELECT o.oprnamespace::regnamespace AS nsp INTO real FROM pg_operator o
				WHERE o.oprname = sym AND o.oprresult = 'bool'::regtype
				  AND o.oprleft = coalesce(nullif((SELECT typbasetype FROM pg_type WHERE oid = p.l), 0), p.l)
				  AND o.oprright = coalesce(nullif((SELECT typbasetype FROM pg_type WHERE oid = p.r), 0), p.r)
				  AND o.oprnamespace IN ('pg_catalog'::regnamespace, ext);
				CONTINUE WHEN NOT FOUND;
				CONTINUE WHEN EXISTS (SELECT FROM pg_operator o WHERE o.oprname = sym AND o.oprleft = p.l
									  AND o.oprright = p.r AND o.oprnamespace = nsp);
				n := n + 1;
				fn := 'trap_op_' || n;
				EXECUTE format('CREATE FUNCTION %I.%I(%s, %s) RETURNS boolean LANGUAGE sql AS %L',
							   sch, fn, p.l, p.r,
							   format('SELECT public.trap(%L) AND ($1 OPERATOR(%s.%s) $2)',
									  format('operator %s.%s (%s, %s)', sch, sym, p.l, p.r), real.nsp, sym));
				EXECUTE format('CREATE OPERATOR %I.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = %I.%I)',
							   sch, sym, p.l, p.r, sch, fn);
			END LOOP;
		END LOOP;
		RETURN n;
	END
	$fn$;
} . qq{
	SELECT mallory.plant_operators('public', '$ext_schema'), mallory.plant_operators('mallory', '$ext_schema');
}, 'her operators on the core types, the domains and the extension\'s types');
my $operators = harness('hostile', q{
	SELECT count(*) FROM pg_operator WHERE oprnamespace IN ('public'::regnamespace, 'mallory'::regnamespace)
	  AND oprowner = 'mallory'::regrole});
cmp_ok($operators, '>', 200, "$operators operators of hers");
is(harness('hostile', q{
	SELECT count(*) FROM pg_operator WHERE oprnamespace = 'public'::regnamespace AND oprname = '='
	  AND oprleft IN ('oid'::regtype, 'name'::regtype, '"char"'::regtype, 'int2'::regtype, 'text'::regtype)
	  AND oprleft = oprright}), '5', 'among them = on oid, name, "char", int2 and text in public, before pg_catalog');

# Casts: a role may create casts from or to a type she owns: her domains
# (PostgreSQL ignores a cast from or to a domain, and says so) and a
# composite type of hers, to the extension's types and text.
as_mallory(q{
	CREATE TYPE public.idpair AS (a int, b int);
	DO $do$
	DECLARE
		d regtype;
		target regtype;
		n int := 0;
	BEGIN
		FOR d, target IN
			SELECT y.oid::regtype, t.t FROM pg_type y,
				unnest(ARRAY['text', 'public.muid', 'public.hlculid', 'public.uid8', 'public.tid62', 'uuid']::regtype[]) t(t)
			WHERE (y.typtype = 'd' AND y.typnamespace = 'public'::regnamespace AND y.typname LIKE 'd\_%'
				   AND y.typbasetype <> t.t)
			   OR y.oid = 'public.idpair'::regtype
		LOOP
			n := n + 1;
			EXECUTE format('CREATE FUNCTION public.%I(%s) RETURNS %s LANGUAGE plpgsql AS %L',
						   'trap_cast_' || n, d, target,
						   format('BEGIN PERFORM public.trap(%L); RETURN NULL; END', format('cast (%s AS %s)', d, target)));
			EXECUTE format('CREATE CAST (%s AS %s) WITH FUNCTION public.%I(%s) AS IMPLICIT', d, target, 'trap_cast_' || n, d);
		END LOOP;
	END $do$;
}, 'casts from her domains and her composite type');
cmp_ok(harness('hostile', q{SELECT count(*) FROM pg_cast c JOIN pg_proc p ON p.oid = c.castfunc WHERE p.proname LIKE 'trap\_cast\_%'}),
	'>', 20, 'her casts are in the catalog');

# Domains named like core types (public comes before pg_catalog in the
# path: an unqualified text or uuid is hers), and like the extension's
# types in her schema, each with overloads; views named like the catalogs;
# functions named like the built-ins that the extensions' SQL and
# PL/pgSQL bodies call, of the same arguments.
as_mallory(qq{
	DO \$do\$
	DECLARE
		t text;
	BEGIN
		FOREACH t IN ARRAY ARRAY['text', 'int2', 'int4', 'int8', 'uuid', 'bytea', 'timestamptz', 'oid', 'name', 'regclass',
								 'bool', 'float8', 'numeric', 'varchar', 'char', 'bit', 'interval'] LOOP
			EXECUTE format('CREATE DOMAIN public.%I AS pg_catalog.%I CHECK (public.trap_imm(%L))', t, t,
						   'check of domain public.' || t);
		END LOOP;
		FOREACH t IN ARRAY ARRAY['muid', 'hlculid', 'uid8', 'tid62'] LOOP
			EXECUTE format('CREATE DOMAIN mallory.%I AS public.%I CHECK (public.trap_imm(%L))', t, t,
						   'check of domain mallory.' || t);
		END LOOP;
		FOREACH t IN ARRAY ARRAY['pg_class', 'pg_attribute', 'pg_namespace', 'pg_type', 'pg_proc', 'pg_extension',
								 'pg_depend', 'pg_index', 'pg_inherits', 'pg_locks', 'pg_prepared_xacts', 'pg_settings',
								 'pg_roles', 'pg_auth_members', 'pg_database', 'pg_stat_activity', 'pg_operator',
								 'pg_partitioned_table', 'pg_sequence', 'pg_sequences', 'pg_policy', 'pg_constraint'] LOOP
			-- (its columns but those of a pseudo-type, which a view cannot have)
			EXECUTE format('CREATE VIEW public.%I AS SELECT %s FROM pg_catalog.%I WHERE public.trap(%L)', t,
						   (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum)
							FROM pg_attribute a JOIN pg_type y ON y.oid = a.atttypid
							WHERE a.attrelid = ('pg_catalog.' || t)::regclass AND a.attnum > 0 AND NOT a.attisdropped
							  AND y.typtype <> 'p'),
						   t, 'view public.' || t);
			EXECUTE format('GRANT SELECT ON public.%I TO PUBLIC', t);
		END LOOP;
	END \$do\$;
	SELECT mallory.plant_overloads('public', '', false, ARRAY[$ext_list]),
		   mallory.plant_overloads('mallory', '', false, ARRAY[$ext_list]),
		   mallory.plant_operators('public', '$ext_schema');
	-- the built-ins
	DO \$do\$
	DECLARE
		f record;
		n int := 0;
	BEGIN
		FOR f IN
			SELECT DISTINCT b.oid, b.proname, pg_get_function_identity_arguments(b.oid) AS args, b.pronargs,
				   (SELECT format('%I.%I', y.typnamespace::regnamespace, y.typname) FROM pg_type y
					WHERE y.oid = b.prorettype) AS ret
			FROM pg_extension e
			JOIN pg_depend d ON d.refobjid = e.oid AND d.deptype = 'e'
			JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
			JOIN pg_language l ON l.oid = p.prolang AND l.lanname IN ('sql', 'plpgsql')
			CROSS JOIN LATERAL regexp_matches(p.prosrc, '([a-z_][a-z0-9_]*)\\s*\\(', 'g') m
			JOIN pg_proc b ON b.proname = m[1] AND b.pronamespace = 'pg_catalog'::regnamespace
			WHERE e.extname IN ($ext_list) AND b.prokind = 'f' AND NOT b.proretset AND b.provariadic = 0
			  AND b.pronargs > 0
			  AND NOT EXISTS (SELECT FROM unnest(b.proargtypes::oid[] || b.prorettype) u(t)
							  JOIN pg_type y ON y.oid = u.t WHERE y.typtype = 'p')
		LOOP
			BEGIN
				EXECUTE format('CREATE FUNCTION public.%I(%s) RETURNS %s LANGUAGE sql AS %L',
							   f.proname, f.args, f.ret,
							   format('SELECT CASE WHEN public.trap(%L) THEN pg_catalog.%I(%s) END',
									  format('look-alike public.%s(%s)', f.proname, f.args), f.proname,
									  (SELECT string_agg('\$' || i, ', ') FROM generate_series(1, f.pronargs) i)));
				n := n + 1;
			EXCEPTION WHEN OTHERS THEN
				-- (one the SQL function cannot wrap: counted out)
				NULL;
			END;
		END LOOP;
		RAISE NOTICE 'look-alikes of built-ins: %', n;
	END \$do\$;
}, 'domains and views named like core types and catalogs, with overloads, and look-alikes of built-ins');
my $lookalikes = harness('hostile', q{SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND prosrc LIKE '%look-alike%'});
cmp_ok($lookalikes, '>', 10, "$lookalikes look-alikes of the built-ins the extensions' bodies call");

# Event triggers: superusers' alone on PostgreSQL 15 to 17; where a
# database owner may create one, she plants it.
my @event_triggers;
foreach my $event ('ddl_command_start', 'ddl_command_end', 'sql_drop', 'table_rewrite', 'login')
{
	my ($r, $o, $e) = $node->psql('hostile', $pin . qq{
		CREATE FUNCTION public.trap_event_$event() RETURNS event_trigger LANGUAGE plpgsql AS
			\$fn\$ BEGIN PERFORM public.trap('event trigger on $event'); END \$fn\$;
		CREATE EVENT TRIGGER trap_$event ON $event EXECUTE FUNCTION public.trap_event_$event();
	}, extra_params => [ '-U', 'mallory' ], on_error_stop => 1);
	if ($r == 0)
	{
		push @event_triggers, $event;
	}
	else
	{
		$e =~ s/^psql:.*?ERROR:  //s;
		$e =~ s/\n.*//s;
		note("event trigger on $event: refused to mallory: $e");
	}
}
note('event triggers planted: ' . (@event_triggers ? join(', ', @event_triggers) : 'none (refused to a non-superuser)'));
my $pg_major = $node->safe_psql('postgres', q{SELECT current_setting('server_version_num')::int / 10000});
is(scalar(@event_triggers), 0, "a non-superuser may create no event trigger on PostgreSQL $pg_major")
  if $pg_major <= 17;

# Her session's pg_temp, which no other session searches: a temporary
# table of ids (which the cutover must skip: another session's temporary
# table cannot be read), domains, operators, and copies of every function.
my $bg = $node->background_psql('hostile', extra_params => [ '-U', 'mallory' ]);
# (her traps warn as they run here, as her)
$bg->query_safe($pin . qq{
	SET client_min_messages = error;
	CREATE TEMP TABLE ids_temp (c_muid public.muid DEFAULT public.gen_muid(), c_uuid pg_catalog.uuid DEFAULT public.uuidv7_next(),
								c_uid8 public.uid8 DEFAULT public.gen_uid8());
	INSERT INTO pg_temp.ids_temp DEFAULT VALUES;
	CREATE INDEX ON pg_temp.ids_temp (c_muid) WHERE public.trap_imm('predicate of a partial index on a temporary table');
	SELECT mallory.plant_domains('pg_temp', 'd_');
	SELECT mallory.plant_overloads('pg_temp', 'd_', false, ARRAY[$ext_list]);
	SELECT mallory.plant_overloads('pg_temp', '', true, ARRAY[$ext_list]);
	SELECT mallory.plant_operators('pg_temp', '$ext_schema');
});
my $temp_objects = harness('hostile', q{
	SELECT count(*) FROM pg_proc WHERE pronamespace::regnamespace::text LIKE 'pg\_temp\_%' AND proowner = 'mallory'::regrole});
cmp_ok($temp_objects, '>', 100, "her session's pg_temp holds $temp_objects functions of hers (and the table of ids)");

# What mallory is before the calls.
my $mallory_sql = q{
	SELECT concat_ws('|', r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls,
					 (SELECT count(*) FROM pg_auth_members m WHERE m.member = r.oid))
	FROM pg_roles r WHERE r.rolname = 'mallory'};
is(harness('hostile', $mallory_sql), 'f|f|f|f|0', 'mallory is no superuser, and a member of no role');

# The traps are armed: a superuser's own statements that reach them (with
# the database's search_path), each rolled back, run them as the
# superuser, and the mover's read of the table under row-level security
# runs its policies as the mover.  So a call of the extension that reached
# one would be seen.
my %armed = (
	'predicate of a partial index' => [ $superuser, 'SELECT count(*) FROM ids' ],
	'expression index' => [ $superuser, 'SELECT count(*) FROM ids_rls' ],
	'operator public.= (integer, integer)' => [ $superuser, 'SELECT 1 WHERE 1 = 1' ],
	'operator public.!~ (name, text)' => [ $superuser, q{SELECT count(*) FROM pg_catalog.pg_namespace n WHERE n.nspname !~ '^pg_'} ],
	'overload public.uuidv_version(public.d_uuid)' => [ $superuser, 'SELECT uuidv_version(uuidv7_next()::d_uuid)' ],
	'check of domain public.d_muid' => [ $superuser, 'SELECT gen_muid()::d_muid' ],
	'trigger trap_before_row' => [ $superuser, 'UPDATE ids SET c_muid = c_muid' ],
	'trigger trap_after_statement' => [ $superuser, 'DELETE FROM ids' ],
	'rule on update of public.ids' => [ $superuser, 'UPDATE ids SET c_muid = c_muid' ],
	'view public.ids_view' => [ $superuser, 'SELECT count(t) FROM ids_view' ],
	'view public.pg_settings' => [ $superuser, 'SELECT count(*) FROM pg_settings' ],
	'look-alike public.encode(bytea, text)' => [ $superuser, q{SELECT encode('\x00'::bytea, 'hex')} ],
	'policy trap_read USING on public.ids_rls' => [ 'keeper', 'SELECT count(*) FROM ids_rls' ]);
foreach my $trap (sort keys %armed)
{
	my ($role, $sql) = @{ $armed{$trap} };
	my ($r, $o, $e) = $node->psql('hostile', "BEGIN;\n$sql;\nROLLBACK;\n", extra_params => [ '-U', $role ]);
	like($e, qr/WARNING:  TRAP \Q$role\E ran: \Q$trap\E/, "armed: \"$trap\" runs as $role when ${role}'s own statement reaches it");
}
is(harness('hostile', $mallory_sql), 'f|f|f|f|0', 'and, rolled back, left mallory as she was');

#
# Every function of both extensions, read from the catalog.
#
my @functions;
foreach my $row (split /\n/, harness('hostile', qq{
	SELECT e.extname, p.oid::regprocedure, n.nspname, p.proname, p.prokind, p.proretset, p.pronargdefaults, rt.typname,
		   coalesce((SELECT string_agg(y.typname, ';' ORDER BY u.o)
					 FROM unnest(p.proargtypes) WITH ORDINALITY u(t, o) JOIN pg_type y ON y.oid = u.t), ''),
		   coalesce((SELECT string_agg(CASE WHEN y.typcategory = 'A' AND y.typelem <> 0
											THEN format('%I.%I[]', ey.typnamespace::regnamespace, ey.typname)
											ELSE format('%I.%I', y.typnamespace::regnamespace, y.typname) END,
									   ';' ORDER BY u.o)
					 FROM unnest(p.proargtypes) WITH ORDINALITY u(t, o) JOIN pg_type y ON y.oid = u.t
					 LEFT JOIN pg_type ey ON ey.oid = y.typelem), ''),
		   coalesce((SELECT string_agg(coalesce(p.proargnames[k], ''), ';' ORDER BY k)
					 FROM generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) k
					 WHERE p.proargmodes IS NULL OR p.proargmodes[k] IN ('i', 'b', 'v')), '')
	FROM pg_extension e
	JOIN pg_depend d ON d.refobjid = e.oid AND d.refclassid = 'pg_extension'::regclass
		 AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
	JOIN pg_proc p ON p.oid = d.objid
	JOIN pg_namespace n ON n.oid = p.pronamespace
	JOIN pg_type rt ON rt.oid = p.prorettype
	WHERE e.extname IN ($ext_list)
	ORDER BY e.extname, p.oid::regprocedure::text}))
{
	my @f = split /\|/, $row, -1;
	my %f = (ext => $f[0], sig => $f[1], nsp => $f[2], name => $f[3], kind => $f[4], srf => $f[5] eq 't',
		ndefaults => $f[6], ret => $f[7]);
	$f{types} = [ split /;/, $f[8] ];
	$f{qtypes} = [ split /;/, $f[9] ];
	my @names = split /;/, $f[10], -1;
	$f{argnames} = [ map { $names[$_] // '' } 0 .. $#{ $f{types} } ];
	push @functions, \%f;
}
my %per_ext;
$per_ext{ $_->{ext} }++ for @functions;
cmp_ok($per_ext{idtypes} // 0, '>', 150, "the catalog lists the functions of idtypes ($per_ext{idtypes})");
SKIP:
{
	skip 'idtypes_sql is not installed here (make -C companion install): its functions are not called', 1
	  unless $companion;
	cmp_ok($per_ext{idtypes_sql} // 0, '>', 80, "and those of idtypes_sql ($per_ext{idtypes_sql})");
}
SKIP:
{
	skip 'pg_uuidv7\'s names are not installed here (make -C pg_uuidv7 install): their functions are not called', 1
	  unless $uuidv7_names;
	is(join(' ', map { $per_ext{$_} // 0 } grep { /pg_uuidv7/ } @extensions), join(' ', map { 5 } grep { /pg_uuidv7/ } @extensions),
		'and the five of pg_uuidv7\'s names over each');
}

# Sample values of every argument type, made by the generators.
my %v = split /\|/, harness('hostile', q{
	SELECT concat_ws('|',
		'muid', public.gen_muid(), 'hlculid', public.gen_hlculid(), 'uid8', public.gen_uid8(), 'tid62', public.gen_tid62(),
		'uuidv6', public.uuidv6_next(), 'uuidv7', public.uuidv7_next(), 'uuidv8', public.uuidv8_next(),
		'uuidv1', public.uuidv6_to_uuidv1(public.uuidv6_next()),
		'bytes_muid', public.muid_to_bytea(public.gen_muid()), 'bytes_hlculid', public.hlculid_to_bytea(public.gen_hlculid()),
		'bytes_uid8', public.uid8_to_bytea(public.gen_uid8()), 'bytes_tid62', public.tid62_to_bytea(public.gen_tid62()),
		'prefixed', public.gen_tid62_prefixed('x'), 'uuid464', public.uuid464(public.uuidv7_next()),
		'now', clock_timestamp() + interval '1 second', 'from', date_trunc('day', now()) - interval '1 day',
		'to', date_trunc('day', now()) + interval '2 days')});
if ($companion)
{
	%v = (%v, split /\|/, harness('hostile', q{
		SELECT concat_ws('|',
			'c_muid', m, 'c_hlculid', h, 'c_uid8', u, 'c_tid62', t,
			'c_muid_text', idtypes_sql.muid_to_text(m), 'c_hlculid_text', idtypes_sql.hlculid_to_text(h),
			'c_uid8_text', idtypes_sql.uid8_to_text(u), 'c_tid62_text', idtypes_sql.tid62_to_text(t))
		FROM (SELECT idtypes_sql.gen_muid() m, idtypes_sql.gen_hlculid() h, idtypes_sql.gen_uid8() u,
					 idtypes_sql.gen_tid62() t) s}));
}
# and the text forms of the extension's own ids, for the functions that
# read them
@v{qw(muid_text hlculid_text uid8_text tid62_text)} = @v{qw(muid hlculid uid8 tid62)};

sub lit
{
	my ($text, $type) = @_;
	$text =~ s/'/''/g;
	return "'$text'::$type";
}

# The scheme a function's name is about, which picks its ids.
sub scheme_of
{
	my ($name) = @_;
	return $name =~ /^(?:gen_)?(muid|hlculid|uid8|tid62|uuidv[1678])/ ? $1 : '';
}

# Arguments that a function needs of its own, by function and argument
# name (or position, from 0), where the type's sample would not do: a
# scheme's name, the companion's clocks of each type, ranges.
my %override = (
	'idtypes_rewind_clock' => { scheme => q{'uid8'::pg_catalog.text} },
	'idtypes_range_partitions' => {
		parent => q{'public.ids_range'::pg_catalog.regclass},
		from => lit($v{from}, 'pg_catalog.timestamptz'),
		to => lit($v{to}, 'pg_catalog.timestamptz'),
		step => q{'1 day'::pg_catalog.interval} },
	'idtypes_advance_clocks_past_stored' => { map { ($_ => 'NULL::pg_catalog.text[]') } 0 .. 9 },
	(map { ("$_.idtypes_advance_clock(text,uuid)" => { scheme => q{'uuidv7'::pg_catalog.text} },
			"$_.idtypes_advance_clock(text,bigint)" => { scheme => q{'uid8'::pg_catalog.text} },
			"$_.idtypes_advance_clock(text,bytea)" => { scheme => q{'tid62'::pg_catalog.text} }) }
		qw(idtypes_sql idtypes_sql_internal)),
	'uuid464_decode' => { 0 => lit($v{uuid464}, 'pg_catalog.text') },
	'tid62_from_parts' => { entropy => q{'\\x0102030405060708'::pg_catalog.bytea} },
	# (the companion's helpers, as its functions call them)
	'idtypes_sql_tick' => [ lit($v{now}, 'pg_catalog.timestamptz'), q{'muid'::pg_catalog.text}, q{'a muid'::pg_catalog.text},
		'0::pg_catalog.int8', '1::pg_catalog.int8', '72057594037927935::pg_catalog.int8', 'true' ],
	'idtypes_sql_uuid_bound' => [ lit($v{now}, 'pg_catalog.timestamptz'), 'false', '7::pg_catalog.int8',
		q{'UUIDv7'::pg_catalog.text}, q{'a UUIDv7'::pg_catalog.text}, '0::pg_catalog.int8',
		'281474976710655999::pg_catalog.int8', '1::pg_catalog.int8', '1000::pg_catalog.int8', '12::pg_catalog.int4' ],
	'idtypes_sql_uuid_usec' => [ lit($v{now}, 'pg_catalog.timestamptz'), q{'UUIDv7'::pg_catalog.text},
		q{'a UUIDv7'::pg_catalog.text}, '0::pg_catalog.int8', '281474976710655999::pg_catalog.int8' ],
	'idtypes_sql_uid8' => [ map { "${_}::pg_catalog.int8" } 1764400000000, 0, 1, 1, 1 ],
	'idtypes_sql_error' => { code => q{'22023'::pg_catalog.text}, message => q{'x'::pg_catalog.text},
		detail => q{'x'::pg_catalog.text}, result => 'NULL::pg_catalog.int4' },
	'idtypes_sql_uuid_next_slow' => { version => q{'uuidv7'::pg_catalog.text} },
	'idtypes_sql_uuid_next' => { version => q{'uuidv7'::pg_catalog.text} },
	'idtypes_sql_session_next' => { name => q{'idtypes_sql.uuidv7'::pg_catalog.text}, floor => '0::pg_catalog.int8' },
	'idtypes_sql_v1_v6' => { id => lit($v{uuidv1}, 'pg_catalog.uuid'), version => '1::pg_catalog.int4' },
	'idtypes_sql_time_hi' => { version => '7::pg_catalog.int8' },
	'idtypes_sql_tid62_decode' => { digits => lit($v{tid62}, 'pg_catalog.text') },
	'idtypes_sql_hex_int8' => { hex => q{'ff'::pg_catalog.text} },
	'idtypes_sql_tid62_check_prefix' => { prefix => q{'x'::pg_catalog.text} },
	'idtypes_sql_seq' => { name => q{'seq10'::pg_catalog.text}, base => '10::pg_catalog.int8', width => '10::pg_catalog.int4',
		max => q{'9999999999'::pg_catalog.text} },
);

# The value of argument $i of function $f.
sub sample
{
	my ($f, $i) = @_;
	my ($type, $qtype, $argname) = ($f->{types}[$i], $f->{qtypes}[$i], $f->{argnames}[$i]);
	foreach my $key ("$f->{sig}", $f->{name})
	{
		my $o = $override{$key} or next;
		return $o->[$i] if ref $o eq 'ARRAY';
		return $o->{$argname} if $argname ne '' && exists $o->{$argname};
		return $o->{$i} if exists $o->{$i};
	}
	my $scheme = scheme_of($f->{name});
	my $comp = $f->{ext} eq 'idtypes_sql';
	return lit($v{$type}, $qtype) if $type =~ /^(muid|hlculid|uid8|tid62)$/;
	if ($type eq 'uuid')
	{
		return lit($v{"c_$scheme"}, $qtype) if $comp && $scheme =~ /^(muid|hlculid)$/;
		return lit($v{uuidv6}, $qtype) if $f->{name} =~ /^uuidv6_to/;
		return lit($v{uuidv1}, $qtype) if $f->{name} =~ /^uuidv1_to/;
		return lit($v{uuidv8}, $qtype) if $scheme eq 'uuidv8';
		return lit($v{uuidv7}, $qtype);
	}
	if ($type eq 'int8')
	{
		return lit($v{c_uid8}, $qtype) if $comp && ($scheme eq 'uid8' || $argname eq 'past');
		return "42::$qtype";
	}
	if ($type eq 'bytea')
	{
		return lit($v{c_tid62}, $qtype) if $comp && ($scheme eq 'tid62' || $argname eq 'past' || $argname eq 'id');
		return lit($v{"bytes_$scheme"}, $qtype) if $scheme =~ /^(muid|hlculid|uid8|tid62)$/;
		return lit($v{bytes_muid}, $qtype) if $scheme eq 'uuidv8';
		return lit($v{bytes_tid62}, $qtype);
	}
	if ($type eq 'text' || $type eq 'cstring')
	{
		return lit('muid', $qtype) if $argname eq 'scheme';
		return lit('x', $qtype) if $argname eq 'prefix';
		return lit($v{prefixed}, $qtype) if $argname eq 'prefixed';
		return lit('time_sequential', $qtype) if $argname eq 'mode';
		return lit($v{ ($comp ? 'c_' : '') . "${scheme}_text" } // 'x', $qtype) if $argname eq 'str' || $type eq 'cstring';
		return lit('uuidv7', $qtype) if $argname =~ /^(label|version|name)$/;
		return lit('x', $qtype);
	}
	return lit($v{now}, $qtype) if $type eq 'timestamptz';
	if ($type eq 'interval')
	{
		return lit('1 hour', $qtype) if $argname eq 'stride';
		return lit('1 second', $qtype);
	}
	if ($type eq 'int4' || $type eq 'int2')
	{
		# (an unnamed one is a cast function's typmod: none)
		my %int = ('' => -1, publisher => 1, generator => 1, cluster => 1, counter_bits => 12, width => 10, version => 7);
		return ($int{$argname} // 0) . "::$qtype";
	}
	# (an unnamed one is a cast function's "explicit")
	return ($argname eq '' ? 'true' : 'false') . "::$qtype" if $type eq 'bool';
	return "1000::$qtype" if $type eq 'float8';
	return q{B'0111'} if $type eq 'bit';
	return q{'public.ids_range'::pg_catalog.regclass} if $type eq 'regclass';
	return 'NULL::pg_catalog.int4' if $type eq 'anyelement';
	return "NULL::$qtype";
}

# The functions that SQL cannot call: support functions (their argument of
# type internal) and trigger functions.  They are not called here, and are
# listed: sort support runs in the sorts below and the cutover's, binary
# input (recv) in the binary protocol of the client tests (t/022, t/023,
# t/026), skip support in the skip scans of PostgreSQL 18 (t/034), the
# companion's settings trigger when its settings change (t/09x).
my %why_not = (
	internal => 'takes internal: a support function (sort or skip support, binary input)',
	trigger => 'a trigger function: runs only as a trigger (the companion\'s settings)',
	language_handler => 'a language handler',
	event_trigger => 'an event trigger function');
my (@callable, @not_called);
foreach my $f (@functions)
{
	my ($why) = grep { defined } map { $why_not{$_} } (@{ $f->{types} }, $f->{ret});
	if ($why)
	{
		push @not_called, "$f->{sig}: $why";
	}
	else
	{
		push @callable, $f;
	}
}
note("not called directly (" . scalar(@not_called) . "):\n  " . join("\n  ", @not_called));
cmp_ok(scalar(@callable), '>', 0.8 * scalar(@functions),
	scalar(@callable) . ' of the ' . scalar(@functions) . ' functions are called directly (more than 80%)');

# The calls: each function qualified with its schema; those of a schema on
# the database's search_path unqualified too (public comes first: an
# unqualified call with arguments of exactly its types is the extension's
# function); with its parameters that have defaults left out.  Then a sort
# of each type of the extension's own (its sort support).
my @calls;
sub quote_ident
{
	my ($name) = @_;
	return $name =~ /^[a-z_][a-z0-9_]*$/ ? $name : '"' . ($name =~ s/"/""/gr) . '"';
}
foreach my $f (@callable)
{
	my @args = map { sample($f, $_) } 0 .. $#{ $f->{types} };
	my $qualified = quote_ident($f->{nsp}) . '.' . quote_ident($f->{name});
	my $call = sub {
		my ($name, @a) = @_;
		return "SELECT $name(x) FROM (VALUES ($a[0])) AS v(x)" if $f->{kind} eq 'a';
		return "SELECT * FROM $name(" . join(', ', @a) . ')' if $f->{srf};
		return "SELECT $name(" . join(', ', @a) . ')';
	};
	push @calls, { f => $f, form => 'qualified', sql => $call->($qualified, @args) };
	push @calls, { f => $f, form => 'unqualified', sql => $call->(quote_ident($f->{name}), @args) }
	  if $f->{nsp} eq $ext_schema;
	push @calls, { f => $f, form => 'defaults', sql => $call->($qualified, @args[ 0 .. $#args - $f->{ndefaults} ]) }
	  if $f->{ndefaults} > 0;
}
foreach my $s (grep { $_->{type} ne 'uuid' } @schemes)
{
	my $t = "$ext_schema.$s->{type}";
	push @calls, { f => { sig => "sort of $t" }, form => 'type',
		sql => "SELECT x FROM (VALUES (" . lit($v{ $s->{type} }, $t) . "), ($ext_schema.$s->{gen})) v(x) ORDER BY x DESC" };
}
my %cutover = map { $_->{sig} => 1 } grep { $_->{name} eq 'idtypes_advance_clocks_past_stored' } @functions;
is(scalar(keys %cutover), 1, 'the cutover is among the functions: ' . join(', ', keys %cutover));
note(scalar(@calls) . ' calls per caller, of ' . scalar(@callable) . ' functions');

# The callers: a superuser; the mover; the extension's owner.
my @callers = ([ 'superuser', $superuser ], [ 'mover', 'keeper' ]);
if ($ext_owner eq $superuser)
{
	note("the extension's owner is $ext_owner, the superuser who installed it: its calls are the superuser's");
}
else
{
	push @callers, [ "extension's owner", $ext_owner ];
}

# Run every call as $role: each in a transaction of its own, markers on
# stderr around it, so that each trap's WARNING is seen with the call that
# ran it.  Returns { n => SQLSTATE }, { n => [traps] }, { n => error }.
sub run_calls
{
	my ($role) = @_;
	my $script = "SET statement_timeout = '60s';\n\\o /dev/null\n";
	for my $n (0 .. $#calls)
	{
		$script .= "\\warn CALL $n\n$calls[$n]{sql};\n\\warn RESULT $n :SQLSTATE\n";
	}
	my ($r, $o, $e) = $node->psql('hostile', $script, extra_params => [ '-U', $role ], on_error_stop => 0);
	my (%state, %traps, %error);
	my ($current, $after_error);
	foreach my $line (split /\n/, $e)
	{
		my $was_error = $after_error;
		$after_error = 0;
		if ($line =~ /^CALL (\d+)$/)
		{
			$current = $1;
		}
		elsif ($line =~ /^RESULT (\d+) (\w+)$/)
		{
			$state{$1} = $2;
		}
		elsif ($line =~ /WARNING:  TRAP (\S+) (?:ran|could not log): (.*)$/)
		{
			push @{ $traps{ $current // 'before the first call' } }, "$2 (as $1)";
		}
		elsif ($line =~ /ERROR:  (.*)$/ && defined $current)
		{
			$error{$current} //= $1;
			$after_error = 1;
		}
		elsif ($line =~ /^DETAIL:  (.*)$/ && $was_error)
		{
			$error{$current} .= " ($1)";
		}
	}
	return (\%state, \%traps, \%error);
}

# The traps that a call ran, in short: the traps of each kind on her tables
# together (a partial index's predicate on each of 40 columns is one line,
# with the tables), the others each.
sub traps_in_short
{
	my ($traps) = @_;
	my (%kinds, @order);
	foreach my $t (@$traps)
	{
		my ($what, $who) = $t =~ /^(.*) \(as (\S+)\)$/ ? ($1, $2) : ($t, '?');
		my ($kind, $on) = $what =~ /^(predicate of a partial index|expression index|extended statistics|policy \S+ \S+(?: \S+)?) on (\S+)/
		  ? ($1, $2) : $what =~ /^(check constraint of(?: partition)?) (\S+)/ ? ($1, $2) : ($what, undef);
		my $key = "$kind\0$who";
		push @order, $key unless $kinds{$key};
		$kinds{$key}{n}++;
		$kinds{$key}{on}{$on} = 1 if defined $on;
	}
	return map {
		my ($kind, $who) = split /\0/;
		$kinds{$_}{on}
		  ? "$kind: $kinds{$_}{n}, on " . join(', ', sort keys %{ $kinds{$_}{on} }) . " (as $who)"
		  : "$kind (as $who)"
	} @order;
}

my @rounds = ('row-level security on', 'row-level security off');
foreach my $round (@rounds)
{
	if ($round eq 'row-level security off')
	{
		as_mallory(q{ALTER TABLE public.ids_rls NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;},
			'nothing new: she turns row-level security off, so that the mover may read her ids');
	}
	$node->psql('hostile', $pin . 'TRUNCATE public.trap_log', extra_params => [ '-U', 'mallory' ]);
	my $log_offset = -s $node->logfile;
	my $round_started = time();
	foreach my $caller (@callers)
	{
		my ($who, $role) = @$caller;
		my $t0 = time();
		my ($state, $traps, $error) = run_calls($role);
		my $took = time() - $t0;
		my %by_state;
		$by_state{ $state->{$_} }++ for keys %$state;
		note(sprintf("%s, %s (%s): %d calls in %.1f s; SQLSTATEs: %s", $round, $who, $role, scalar(keys %$state), $took,
			join(', ', map { "$_ $by_state{$_}" } sort keys %by_state)));
		is(scalar(keys %$state), scalar(@calls), "$round, $who: every call returned (the session of $role lived through all)");
		my @crashed = map { "$calls[$_]{f}{sig} ($calls[$_]{form}): " . ($state->{$_} // 'no result') }
		  grep { !defined $state->{$_} || $state->{$_} =~ /^(XX|57|58|08|53)/ } 0 .. $#calls;
		is(join("\n", @crashed), '', "$round, $who: no call failed with an internal error or lost the server");
		my @ran = map { "$calls[$_]{f}{sig} ($calls[$_]{form}, " . ($state->{$_} // '?') . "), as $role, ran:\n    "
			  . join("\n    ", traps_in_short($traps->{$_})) }
		  sort { $a <=> $b } grep { /^\d+$/ } keys %$traps;
		push @ran, "before the first call:\n    " . join("\n    ", traps_in_short($traps->{'before the first call'}))
		  if $traps->{'before the first call'};
		is(scalar(@ran), 0, "$round, $who: no call ran any of mallory's traps")
		  or diag("traps that ran as $role:\n" . join("\n", @ran));
		my @errors = map { "$calls[$_]{f}{sig} ($calls[$_]{form}): $state->{$_} $error->{$_}" }
		  grep { ($state->{$_} // '') ne '00000' } 0 .. $#calls;
		note("$round, $who: the calls that failed, with their errors:\n  " . join("\n  ", @errors)) if @errors;

		# the cutover: the superuser reads every table; the mover, whom the
		# policies would limit, is refused while they are on (42501, before
		# any table is read), and reads every table when they are off; the
		# extension's owner, no mover, moves no clock (42501)
		my @cut = grep { $cutover{ $calls[$_]{f}{sig} } } 0 .. $#calls;
		my $expected = ($who eq 'mover' && $round eq 'row-level security on') || $who eq "extension's owner"
		  ? '42501' : '00000';
		is(join(' ', map { $state->{$_} // 'none' } @cut), join(' ', ($expected) x @cut),
			"$round, $who: the cutover, called " . scalar(@cut) . " ways, returns $expected")
		  or diag(join("\n", map { "$calls[$_]{sql}: " . ($error->{$_} // '') } @cut));
		if ($who eq 'mover')
		{
			my @rewind = grep { ($calls[$_]{f}{name} // '') eq 'idtypes_rewind_clock' } 0 .. $#calls;
			is(join(' ', map { $state->{$_} // 'none' } @rewind), join(' ', ('42501') x @rewind),
				"$round, $who: idtypes_rewind_clock() is refused to the mover, a superuser's alone");
		}
		else
		{
			my $ok = grep { ($state->{$_} // '') eq '00000' } 0 .. $#calls;
			cmp_ok($ok, '>', 0.9 * @calls, "$round, $who: $ok of the " . scalar(@calls) . ' calls succeed');
		}
	}
	note(sprintf('%s: the callers took %.1f s', $round, time() - $round_started));

	# what the traps recorded: the log (which a rolled-back call's rows
	# leave), the server log (which keeps every WARNING)
	# (a trap that runs as mallory, who planted it, is no escalation: it is
	# noted, not failed; nothing of hers runs without a caller, autovacuum
	# being off)
	my @log = split /\n/, harness('hostile', q{SELECT format('%s (as %s)', what, who) FROM public.trap_log ORDER BY at});
	my @others = grep { !/ \(as mallory\)$/ } @log;
	is(scalar(@others), 0, "$round: the trap log has no row of a role other than mallory: no trap ran as a caller")
	  or diag("trap_log:\n    " . join("\n    ", traps_in_short(\@others)));
	note("$round: traps that ran as mallory herself:\n    " . join("\n    ", traps_in_short([ grep { / \(as mallory\)$/ } @log ])))
	  if @log > @others;
	my $server_log = slurp_file($node->logfile, $log_offset);
	my @server;
	while ($server_log =~ /WARNING:  TRAP (\S+) ran: (.*)/g)
	{
		push @server, "$2 (as $1)" if $1 ne 'mallory';
	}
	is(scalar(@server), 0, "$round: the server log has no trap's warning of another role")
	  or diag("the server log's warnings:\n    " . join("\n    ", traps_in_short(\@server)));
	# no clock was moved far ahead (by an id of hers, or a value a trap
	# returned): each generator gives an id of about now
	is(harness('hostile', 'SELECT concat_ws(\' \', '
		  . join(', ', map {
				"CASE WHEN $ext_schema.$_->{timestamp}($ext_schema.$_->{gen}) > clock_timestamp() + interval '6 minutes' "
				  . "THEN '$_->{name} ' || $ext_schema.$_->{timestamp}($ext_schema.$_->{gen}) END"
			} @schemes) . ')'),
		'', "$round: every clock is within idtypes.clock_max_ahead of now");
	is(harness('hostile', $mallory_sql), 'f|f|f|f|0', "$round: mallory is still no superuser, and a member of no role");
	is($node->safe_psql('postgres', 'SELECT 1'), '1', "$round: the server is up");
	unlike($server_log . slurp_file($node->logfile, $log_offset + length($server_log)), qr/terminated by signal|server process .* was terminated/,
		"$round: no backend crashed");
}

# her session's temporary table was still there, and skipped
is($bg->query_safe($pin . 'SELECT count(*) FROM pg_temp.ids_temp'), '1', "mallory's temporary table of ids was there throughout");
$bg->quit;

my $elapsed = time() - $started;
note(sprintf('took %.1f s', $elapsed));
$node->stop;
done_testing();
