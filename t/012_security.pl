# Security: the node identity settings cannot be changed by a session that
# is not a superuser's, by any route, with or without
# shared_preload_libraries; CREATE EXTENSION by a database owner who is not
# a superuser (a trusted extension); an install script that picks up
# nothing planted in the target schema or in pg_temp, and fails rather
# than adopt an object planted under one of its names; no SECURITY DEFINER;
# LEAKPROOF only on functions that cannot fail, whatever their arguments.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# The identity settings, the value a session tries to give each, and how to
# see the value generation uses.
my @attempts = (
	[ 'idtypes.medallion', '42' ],
	[ 'idtypes.publisher_id', '4242' ],
	[ 'idtypes.uid8_cluster_id', '9' ],
	[ 'idtypes.uid8_mode', 'time_sequential' ],
	[ 'idtypes.uid8_generator_id', '5' ],
	[ 'idtypes.uid8_generator_count', '64' ],
	[ 'idtypes.uid8_generator_count_max', '2048' ],
	[ 'idtypes.hlculid_max_drift', '-1' ],
	[ 'idtypes.clock_max_ahead', '1d' ]);

# What each server is configured with (postgresql.conf), and what a session
# sees generation use.  Without shared_preload_libraries a medallion or a
# generator id cannot be configured (generation refuses them), so there the
# session must see an automatic medallion from the specification's range
# and an automatic generator id, never the attempted 42 or 5.
my %server = (
	preloaded => {
		conf => q{
shared_preload_libraries = 'idtypes'
idtypes.medallion = '0x123456789ABCD'
idtypes.publisher_id = 10
idtypes.uid8_cluster_id = 3
idtypes.uid8_mode = 'spread'
idtypes.uid8_generator_id = 100
idtypes.uid8_generator_count = 2
idtypes.uid8_generator_count_max = 4
idtypes.hlculid_max_drift = '1min'
idtypes.clock_max_ahead = '3min'
},
		reveal => q{
SELECT concat_ws('|', 'in use', muid_medallion(gen_muid()), hlculid_publisher(gen_hlculid()),
				 uid8_cluster(x), uid8_mode(x), uid8_generator(x),
				 current_setting('idtypes.uid8_generator_count'),
				 current_setting('idtypes.uid8_generator_count_max'),
				 current_setting('idtypes.hlculid_max_drift'),
				 current_setting('idtypes.clock_max_ahead'))
FROM (SELECT gen_uid8() AS x) s;},
		expect => 'in use|320255973501901|10|3|spread|100|2|4|1min|3min',
	},
	local => {
		conf => q{
idtypes.publisher_id = 10
idtypes.uid8_cluster_id = 3
idtypes.uid8_mode = 'spread'
idtypes.uid8_generator_count = 2
idtypes.uid8_generator_count_max = 4
idtypes.hlculid_max_drift = '1min'
idtypes.clock_max_ahead = '3min'
},
		reveal => q{
SELECT concat_ws('|', 'in use', muid_medallion(gen_muid()) BETWEEN 281474976710656 AND 562949953421311,
				 hlculid_publisher(gen_hlculid()), uid8_cluster(x), uid8_mode(x), uid8_generator(x) <> 5,
				 (SELECT count(*) FROM uid8_claimed_generators() WHERE pid = pg_backend_pid()),
				 current_setting('idtypes.uid8_generator_count_max'),
				 current_setting('idtypes.hlculid_max_drift'),
				 current_setting('idtypes.clock_max_ahead'))
FROM (SELECT gen_uid8() AS x) s;},
		expect => 'in use|t|10|3|spread|t|2|4|1min|3min',
	});

sub set_all
{
	my ($format) = @_;
	return join('', map { sprintf($format, $_->[0], $_->[1]) } @attempts);
}

foreach my $kind ('preloaded', 'local')
{
	my $s = $server{$kind};
	my $node = PostgreSQL::Test::Cluster->new("security_$kind");
	$node->init;
	$node->append_conf('postgresql.conf', $s->{conf});
	$node->start;
	$node->safe_psql('postgres', q{
		CREATE ROLE alice LOGIN;
		CREATE DATABASE alicedb OWNER alice;
	});
	$node->safe_psql('alicedb', 'CREATE EXTENSION idtypes');

	# Run a script as alice in alicedb, with every statement run whatever
	# the ones before did.  Returns the lines its identity queries printed,
	# all of which must show the configured identity, and its errors.
	my $as_alice = sub {
		my ($sql) = @_;
		my ($ret, $out, $err) = $node->psql('alicedb', $sql, on_error_stop => 0,
			extra_params => [ '-U', 'alice' ]);
		return ([ grep { /^in use\|/ } split /\n/, $out ], $err);
	};
	my $all_configured = sub {
		my ($lines, $name) = @_;
		ok(@$lines > 0 && !grep({ $_ ne $s->{expect} } @$lines), $name)
		  or diag("got:\n" . join("\n", @$lines) . "\nexpected: $s->{expect}");
	};

	my ($lines, $err) = $as_alice->($s->{reveal});
	$all_configured->($lines, "$kind: a session of alice generates with the configured identity");

	# in the session itself (a statement that fails leaves the identity as
	# it was; one that succeeds, as a SET of a placeholder before the
	# library is loaded does, must not change it either)
	my %routes = (
		'SET before the library is loaded' => set_all("SET %s = '%s';\n") . $s->{reveal},
		'SET after it is loaded' => "SELECT gen_tid62() IS NOT NULL;\n" . set_all("SET %s = '%s';\n") . $s->{reveal},
		'SET LOCAL' => "BEGIN;\n" . set_all("SET LOCAL %s = '%s';\n") . $s->{reveal} . "\nCOMMIT;\n" . $s->{reveal},
		'set_config()' => set_all("SELECT set_config('%s', '%s', false);\n") . $s->{reveal},
		'set_config() in a transaction' => set_all("SELECT set_config('%s', '%s', true);\n") . $s->{reveal},
		'SET, then RESET' => set_all("SET %s = '%s';\n") . join('', map { "RESET $_->[0];\n" } @attempts) . $s->{reveal},
	);
	foreach my $route (sort keys %routes)
	{
		($lines, $err) = $as_alice->($routes{$route});
		$all_configured->($lines, "$kind, $route: the configured identity is still used");
	}

	# at connection start: with the library preloaded, the server refuses
	# the connection at the first setting (the options are in the order of
	# @attempts); without it, it warns about each setting, ignores it, and
	# generation uses the configured identity
	{
		local $ENV{PGOPTIONS} = join(' ', map { "-c $_->[0]=$_->[1]" } @attempts);
		my ($ret, $o, $e) = $node->psql('alicedb', $s->{reveal}, extra_params => [ '-U', 'alice' ]);
		if ($kind eq 'preloaded')
		{
			ok($ret != 0 && $e =~ /FATAL:  parameter "$attempts[0][0]" cannot be changed now/,
				"$kind, options at connection start: the connection is refused at the first identity setting")
			  or diag("exit code $ret, got '$o', $e");
		}
		else
		{
			is(scalar(() = $e =~ /WARNING:  parameter "idtypes\.\w+" cannot be changed now/g),
				scalar(@attempts), "$kind, options at connection start: each identity setting is ignored with a warning")
			  or diag("exit code $ret, $e");
			is($o, $s->{expect}, "$kind, options at connection start: the configured identity is used");
		}
	}

	# ALTER ROLE and ALTER DATABASE as alice, who owns the database: refused
	($lines, $err) = $as_alice->(set_all("ALTER ROLE alice SET %s = '%s';\n")
		  . set_all("ALTER DATABASE alicedb SET %s = '%s';\n")
		  . set_all("ALTER ROLE alice IN DATABASE alicedb SET %s = '%s';\n"));
	is(scalar(() = $err =~ /ERROR:  (permission denied to set parameter|parameter "idtypes\.\w+" cannot be changed)/g),
		3 * @attempts, "$kind: ALTER ROLE / DATABASE SET of every identity setting is refused to alice");
	is($node->safe_psql('postgres', q{SELECT count(*) FROM pg_db_role_setting WHERE setconfig::text LIKE '%idtypes%'}),
		'0', "$kind: and nothing was stored");
	# ALTER SYSTEM (a privilege of its own, whose message names the parameter)
	($lines, $err) = $as_alice->(set_all("ALTER SYSTEM SET %s = '%s';\n"));
	is(scalar(() = $err =~ /ERROR:  permission denied to set parameter "idtypes\.\w+"/g),
		scalar(@attempts), "$kind: ALTER SYSTEM SET of every identity setting is refused to alice");

	# Per-role and per-database settings that a superuser stores (a server
	# that loads the library refuses them; one that does not cannot check
	# them) do not override the configuration file either.
	$node->psql('postgres', set_all("ALTER ROLE alice SET %s = '%s';\n")
		  . set_all("ALTER DATABASE alicedb SET %s = '%s';\n"), on_error_stop => 0);
	($lines, $err) = $as_alice->($s->{reveal});
	$all_configured->($lines, "$kind, ALTER ROLE / DATABASE SET by a superuser: the configured identity is still used");
	$node->safe_psql('postgres', 'ALTER ROLE alice RESET ALL; ALTER DATABASE alicedb RESET ALL;');
	$node->stop;
}

#
# CREATE EXTENSION by a database owner who is not a superuser.
#
my $node = PostgreSQL::Test::Cluster->new('security_install');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$node->start;
$node->safe_psql('postgres', q{
	CREATE ROLE alice LOGIN;
	CREATE ROLE carol LOGIN;
	CREATE ROLE mallory LOGIN;
	CREATE DATABASE clean OWNER alice;
	CREATE DATABASE hostile OWNER alice;
	CREATE DATABASE planted OWNER alice;
});
# The public schema belongs to the database's owner, and only it may
# create objects there: the warnings this test expects are those of the
# schemas it opens up itself.

sub as_user
{
	my ($user, $db, $sql) = @_;
	return $node->psql($db, $sql, on_error_stop => 0, extra_params => [ '-U', $user ]);
}

my ($ret, $out, $err) = as_user('carol', 'clean', 'CREATE EXTENSION idtypes');
like($err, qr/ERROR:  permission denied to create extension "idtypes"/,
	'a user who may not create objects in the database cannot create it');
# a table of every scheme (IdtypesTest's list), keyed by the first, with
# an index of every kind on each of the extension's types, and a row found
# by a time range on each
my @schemes = schemes();
($ret, $out, $err) = as_user('alice', 'clean', "CREATE EXTENSION idtypes;\n"
	  . 'CREATE TABLE t ('
	  . join('', map { "c_$_->{name} $_->{type} DEFAULT $_->{gen}, " } @schemes)
	  . "PRIMARY KEY (c_$schemes[0]{name}), "
	  . "s simpledb_id DEFAULT gen_tid62_prefixed('x'));\n"
	  . join('', map {
			"CREATE INDEX ON t (c_$_->{name});\nCREATE INDEX ON t USING hash (c_$_->{name});\n"
			  . "CREATE INDEX ON t USING brin (c_$_->{name});\n"
		} byte_schemes())
	  . "INSERT INTO t DEFAULT VALUES;\n"
	  . 'SELECT count(*) FROM t WHERE '
	  . join(' AND ', map {
			my $from = "now() - interval '1 minute'";
			my $to = "now() + interval '1 minute'";
			defined $_->{floor}
			  ? "c_$_->{name} >= $_->{floor}($from) AND c_$_->{name} < $_->{floor}($to)"
			  : "c_$_->{name} >= $from AND c_$_->{name} < $to"
		} @schemes));
is($ret, 0, 'the database owner, not a superuser, creates the extension and uses it') or diag($err);
unlike($err, qr/WARNING/, 'without a warning: nobody else can create objects in the schema');
is($out, '1', 'and finds the row by time range');
is($node->safe_psql('clean', q{
	SELECT e.extowner::regrole, count(*) FILTER (WHERE NOT r.rolsuper), count(*)
	FROM pg_extension e JOIN pg_depend d ON d.refobjid = e.oid AND d.deptype = 'e'
		 AND d.classid = 'pg_proc'::regclass
	JOIN pg_proc p ON p.oid = d.objid JOIN pg_roles r ON r.oid = p.proowner
	WHERE e.extname = 'idtypes' GROUP BY 1}) =~ /^alice\|0\|\d+$/ ? 1 : 0,
	1, 'the extension belongs to alice, its functions to the bootstrap superuser');
($ret, $out, $err) = as_user('alice', 'clean',
	q{CREATE OR REPLACE FUNCTION gen_muid() RETURNS muid LANGUAGE sql AS $$ SELECT NULL::muid $$});
like($err, qr/ERROR:  must be owner of function gen_muid/, 'alice cannot replace its functions');

# The hybrid logical clock is the server's (shared_preload_libraries): alice,
# who created the extension in her database and holds EXECUTE on
# hlculid_observe() with GRANT OPTION, cannot move it for every database,
# nor can whoever she grants it to; a role a superuser names in
# idtypes.clock_mover_role can.
my $ahead = q{SELECT hlculid_observe(hlculid_from_parts(now() + interval '1 minute', 0, 1, 0))};
($ret, $out, $err) = as_user('alice', 'clean', $ahead);
like($err, qr/ERROR:  permission denied to move the server-wide hlculid clock/,
	'the role that created the extension cannot move the server-wide clock');
as_user('alice', 'clean', 'GRANT EXECUTE ON FUNCTION hlculid_observe(hlculid) TO PUBLIC');
($ret, $out, $err) = as_user('carol', 'clean', $ahead);
like($err, qr/ERROR:  permission denied to move the server-wide hlculid clock/,
	'nor can a role she granted EXECUTE to');
is($node->safe_psql('clean', q{SELECT hlculid_timestamp(gen_hlculid()) < now() + interval '30 seconds'}),
	't', 'the clock did not move');
$node->safe_psql('postgres', q{
	CREATE ROLE clock_keepers;
	GRANT clock_keepers TO carol;
	ALTER SYSTEM SET idtypes.clock_mover_role = 'clock_keepers';
	SELECT pg_reload_conf();
});
$node->poll_query_until('clean', q{SELECT current_setting('idtypes.clock_mover_role') = 'clock_keepers'})
  or die 'the setting was not reloaded';
($ret, $out, $err) = as_user('alice', 'clean', $ahead);
like($err, qr/ERROR:  permission denied to move the server-wide hlculid clock/,
	'with idtypes.clock_mover_role set, alice, not a member, still cannot');
($ret, $out, $err) = as_user('carol', 'clean', $ahead . q{; SELECT hlculid_timestamp(gen_hlculid()) > now() + interval '30 seconds'});
is($out, "\nt", 'a member of the role named by idtypes.clock_mover_role can') or diag($err);
# the same setting for idtypes_advance_clock(), which moves any scheme's clock
as_user('alice', 'clean', 'GRANT EXECUTE ON FUNCTION idtypes_advance_clock(text, timestamptz) TO PUBLIC');
my $advance = q{SELECT idtypes_advance_clock('tid62', now() + interval '1 minute') > now()};
($ret, $out, $err) = as_user('alice', 'clean', $advance);
like($err, qr/ERROR:  permission denied to move the server-wide tid62 clock/,
	'idtypes_advance_clock(): alice, not a member, cannot');
($ret, $out, $err) = as_user('carol', 'clean', $advance);
is($out, 't', 'idtypes_advance_clock(): a member of the role named by idtypes.clock_mover_role can') or diag($err);
as_user('alice', 'clean', 'REVOKE EXECUTE ON FUNCTION idtypes_advance_clock(text, timestamptz) FROM PUBLIC');
($ret, $out, $err) = as_user('carol', 'clean', 'SET idtypes.clock_mover_role = carol');
like($err, qr/ERROR:  parameter "idtypes.clock_mover_role" cannot be changed now/,
	'and no session can name itself');
is($node->safe_psql('clean', q{SELECT hlculid_observe(hlculid_from_parts(now() + interval '2 minutes', 0, 1, 0))}),
	'', 'a superuser can, too');
# (the clean install stays as installed, for the comparison below)
as_user('alice', 'clean', 'REVOKE EXECUTE ON FUNCTION hlculid_observe(hlculid) FROM PUBLIC');

# no SECURITY DEFINER; the only SET clause pins the search path of the one
# PL/pgSQL function to pg_catalog, so that nothing can capture its body
is($node->safe_psql('clean', q{
	SELECT count(*) FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idtypes') AND d.deptype = 'e'
	  AND p.prosecdef}),
	'0', 'no function is SECURITY DEFINER');
is($node->safe_psql('clean', q{
	SELECT string_agg(p.proname || ': ' || array_to_string(p.proconfig, ', '), '; ')
	FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idtypes') AND d.deptype = 'e'
	  AND p.proconfig IS NOT NULL}),
	'idtypes_range_partitions: search_path=pg_catalog, pg_temp',
	'the only SET clause pins a search path to pg_catalog');

#
# A hostile search_path.  mallory, who may create objects in the schema the
# extension goes to, plants look-alikes of what the install script uses;
# alice plants more in pg_temp of the session that creates the extension.
# A look-alike that were called would record it (with the rights of the
# bootstrap superuser, which runs a trusted extension's script).
#
my $decoys = q{
	CREATE TABLE public.decoy_calls (what text);
	GRANT SELECT, INSERT ON public.decoy_calls TO PUBLIC;
	CREATE FUNCTION public.decoy(what text) RETURNS boolean LANGUAGE plpgsql AS
		$$ BEGIN INSERT INTO public.decoy_calls VALUES (what); RETURN true; END $$;
	-- operators that match the script's comparisons more closely than
	-- pg_catalog's (oid = integer literal, bigint = integer)
	CREATE FUNCTION public.eq_oid_int4(oid, int4) RETURNS boolean LANGUAGE sql
		AS $$ SELECT public.decoy('=(oid,int4)') $$;
	CREATE OPERATOR public.= (LEFTARG = oid, RIGHTARG = int4, FUNCTION = public.eq_oid_int4);
	CREATE FUNCTION public.eq_oid_int8(oid, int8) RETURNS boolean LANGUAGE sql
		AS $$ SELECT public.decoy('=(oid,int8)') $$;
	CREATE OPERATOR public.= (LEFTARG = oid, RIGHTARG = int8, FUNCTION = public.eq_oid_int8);
	CREATE FUNCTION public.eq_int2_int8(int2, int8) RETURNS boolean LANGUAGE sql
		AS $$ SELECT public.decoy('=(int2,int8)') $$;
	CREATE OPERATOR public.= (LEFTARG = int2, RIGHTARG = int8, FUNCTION = public.eq_int2_int8);
	CREATE FUNCTION public.eq_text(text, text) RETURNS boolean LANGUAGE sql
		AS $$ SELECT public.decoy('=(text,text)') $$;
	CREATE OPERATOR public.= (LEFTARG = text, RIGHTARG = text, FUNCTION = public.eq_text);
	CREATE FUNCTION public.match_text(text, text) RETURNS boolean LANGUAGE sql
		AS $$ SELECT public.decoy('~(text,text)') $$;
	CREATE OPERATOR public.~ (LEFTARG = text, RIGHTARG = text, FUNCTION = public.match_text);
	CREATE FUNCTION public.match_varchar(varchar, text) RETURNS boolean LANGUAGE sql
		AS $$ SELECT public.decoy('~(varchar,text)') $$;
	CREATE OPERATOR public.~ (LEFTARG = varchar, RIGHTARG = text, FUNCTION = public.match_varchar);
	-- functions named like the casts and built-ins it uses
	CREATE FUNCTION public.int4(int8) RETURNS int4 LANGUAGE sql
		AS $$ SELECT public.decoy('int4(int8)')::int::int4 $$;
	CREATE FUNCTION public.int8(oid) RETURNS int8 LANGUAGE sql
		AS $$ SELECT public.decoy('int8(oid)')::int::int8 $$;
	CREATE FUNCTION public.bool(text) RETURNS boolean LANGUAGE sql
		AS $$ SELECT public.decoy('bool(text)') $$;
	-- a relation named like the catalog view it reads
	CREATE VIEW public.pg_locks AS
		SELECT 'advisory'::text AS locktype, 0::oid AS database, 1969841208::oid AS classid,
			   5::oid AS objid, 8::int2 AS objsubid, 4242 AS pid, public.decoy('pg_locks') AS granted;
	GRANT SELECT ON public.pg_locks TO PUBLIC;
	CREATE COLLATION public."C" (provider = libc, locale = 'POSIX');
};
$node->safe_psql('hostile', 'GRANT CREATE ON SCHEMA public TO mallory');
($ret, $out, $err) = as_user('mallory', 'hostile', $decoys);
is($ret, 0, 'mallory plants look-alikes in the target schema') or diag($err);

my $temp_decoys = q{
	CREATE TEMP VIEW pg_locks AS
		SELECT 'advisory'::text AS locktype, 0::oid AS database, 1969841208::oid AS classid,
			   6::oid AS objid, 8::int2 AS objsubid, 4343 AS pid, public.decoy('pg_temp.pg_locks') AS granted;
	CREATE DOMAIN pg_temp.int4 AS text;
	CREATE DOMAIN pg_temp.int8 AS text;
	CREATE DOMAIN pg_temp.bool AS text;
	CREATE DOMAIN pg_temp.text AS int;
	CREATE DOMAIN pg_temp.bytea AS text;
	CREATE DOMAIN pg_temp.uuid AS text;
	CREATE DOMAIN pg_temp.timestamptz AS text;
	CREATE FUNCTION pg_temp.int4(int8) RETURNS int4 LANGUAGE sql AS $$ SELECT public.decoy('pg_temp.int4')::int::int4 $$;
};
($ret, $out, $err) = as_user('alice', 'hostile',
	$temp_decoys . "SET search_path = pg_temp, public;\nCREATE EXTENSION idtypes SCHEMA public;\n");
unlike($err, qr/ERROR/, 'alice creates the extension among the look-alikes');
like($err, qr/WARNING:  schema public of extension idtypes can be written by roles other than the one installing it: mallory/,
	'with a warning that names mallory, who can plant overloads in the schema');
is($node->safe_psql('hostile', 'SELECT count(*) FROM decoy_calls'), '0',
	'no look-alike was called by the install script');
my $catalog = extension_catalog($node, 'hostile');
is(catalogs_differ(extension_catalog($node, 'clean'), $catalog), '',
	'the catalog entries are the same as those of a clean install');
cmp_ok(scalar(split /\n/, $catalog), '>', 500, 'and they are many (the description is thorough)');

# A schema mallory owns: a superuser who installs there is warned too
# (mallory could add overloads such as muid_floor(text) after the install).
$node->safe_psql('postgres', 'CREATE DATABASE owned');
$node->safe_psql('owned', 'CREATE SCHEMA ids AUTHORIZATION mallory');
($ret, $out, $err) = $node->psql('owned', 'CREATE EXTENSION idtypes SCHEMA ids');
like($err, qr/WARNING:  schema ids of extension idtypes can be written by roles other than the one installing it: mallory/,
	'a superuser installing into a schema mallory owns is warned');
($ret, $out, $err) = $node->psql('owned', 'DROP EXTENSION idtypes; CREATE EXTENSION idtypes SCHEMA public');
is($err, '', 'installing into public, which only the database owner can write, gives no warning');

# The extension in use by a session whose search_path puts the look-alikes
# before pg_catalog (the test's own built-ins are qualified): what the
# extension runs at call time (its SQL function, the domain's check) must
# not reach them.
($ret, $out, $err) = as_user('alice', 'hostile', $temp_decoys . q{
	SET search_path = pg_temp, public, pg_catalog;
	CREATE TABLE t2 (m muid, h hlculid, u uid8, t tid62, s simpledb_id);
	INSERT INTO t2 VALUES (gen_muid(), gen_hlculid(), gen_uid8(), gen_tid62(), 'a-b_c');
	SELECT pg_catalog.count(*) FROM uid8_claimed_generators();
	SELECT m = m AND h = h AND u = u AND t = t
		   AND m < pg_catalog.now() OPERATOR(pg_catalog.+) pg_catalog.interval '1 day'
		   AND tid62_timestamp((tid62_split(tid62_prefixed('p', t))).id) OPERATOR(pg_catalog.=) tid62_timestamp(t)
		   AND uuid464_decode(uuid464(m::pg_catalog.uuid)) OPERATOR(pg_catalog.=) m::pg_catalog.uuid
		   AND u::pg_catalog.int8::uid8 = u
	FROM t2;
	INSERT INTO t2 (s) VALUES ('not valid!');
});
is($out, "1\nt", 'the extension works through that search_path') or diag($err);
like($err, qr/violates check constraint "simpledb_id_check"/, 'the domain check still works');
is($node->safe_psql('hostile', 'SELECT count(*) FROM decoy_calls'), '0',
	'no look-alike was called while the extension was used through that search_path');

# An object planted under one of the extension's own names: CREATE
# EXTENSION fails instead of adopting it.
($ret, $out, $err) = as_user('alice', 'planted', 'GRANT CREATE ON SCHEMA public TO mallory');
($ret, $out, $err) = as_user('mallory', 'planted',
	q{CREATE FUNCTION public.gen_tid62() RETURNS text LANGUAGE sql AS $$ SELECT 'mine' $$});
($ret, $out, $err) = as_user('alice', 'planted', 'CREATE EXTENSION idtypes');
like($err, qr/ERROR:  function "gen_tid62" already exists with same argument types/,
	'a function planted under an extension function\'s name makes CREATE EXTENSION fail');
is($node->safe_psql('planted', q{
	SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'idtypes'),
		   (SELECT count(*) FROM pg_type WHERE typname = 'muid')}),
	'0|0', 'and nothing of it is left');
as_user('mallory', 'planted', 'DROP FUNCTION public.gen_tid62(); CREATE TYPE public.muid AS (x int);');
($ret, $out, $err) = as_user('alice', 'planted', 'CREATE EXTENSION idtypes');
like($err, qr/ERROR:  type "muid" already exists/, 'so does a type planted under the name of one of its types');

#
# LEAKPROOF.  Each function marked LEAKPROOF was read for what it can raise
# (src/byteid.c and the schemes' C code): comparisons and hashes of the
# byte-string and 64-bit ids, comparisons of an id's time with a
# timestamptz (every timestamptz, infinities included, has a position),
# extractors of fields that every bit pattern has (including timestamps,
# which every type's range keeps inside timestamptz's), the casts to bytea,
# and uuid464 (an encoding of any 16 bytes).  None raises an error: the
# others (input, parts, bounds, casts from bytea, generators) can, and are
# not LEAKPROOF.
#
# Those of the byte-id block (src/byteid.sql.in), for each type whose
# source has an @byteid line, <type> standing for the type:
my @byteid_leakproof = (
	(map { "<type>_$_" } qw(
	  cmp cmp_timestamptz eq eq_timestamptz ge ge_timestamptz gt gt_timestamptz hash
	  hash_extended larger le le_timestamptz lt lt_timestamptz ne ne_timestamptz smaller
	  timestamp to_bytea)),
	(map { "timestamptz_${_}_<type>" } qw(cmp eq ge gt le lt ne)));
# and the functions that a scheme's source adds beyond the byte-id block
# (none for a scheme that has none: a LEAKPROOF function that is in no list
# here fails the audit below), and simpledb's:
my %scheme_leakproof = (
	muid => [qw(muid_medallion muid_offset)],
	hlculid => [qw(hlculid_counter hlculid_entropy hlculid_publisher)],
	uid8 => [qw(
	  uid8_cluster uid8_cmp uid8_eq uid8_ge uid8_generator uid8_gt uid8_hash uid8_hash_extended
	  uid8_larger uid8_le uid8_lt uid8_mode uid8_ne uid8_sequence uid8_smaller uid8_timestamp
	  uid8_to_bytea)],
	uuid => [qw(uuidv_timestamp uuidv_version uuidv8_timestamp)],
	tid62 => [qw(tid62_entropy)],
	simpledb => [qw(uuid464)]);
my @byteid_types;
for my $sql (glob("$FindBin::RealBin/../src/*.sql"))
{
	open(my $fh, '<', $sql) or die "could not read $sql: $!";
	push @byteid_types, map { /^\@byteid (\w+) / ? $1 : () } <$fh>;
	close($fh);
}
cmp_ok(scalar @byteid_types, '>', 0, 'the byte-id types are found in src/*.sql (@byteid lines)');
my @leakproof = (
	(map { my $t = $_; map { s/<type>/$t/r } @byteid_leakproof } @byteid_types),
	map { @$_ } values %scheme_leakproof);
is($node->safe_psql('clean', q{
	SELECT string_agg(p.proname, ' ' ORDER BY p.proname)
	FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idtypes') AND d.deptype = 'e'
	  AND p.proleakproof}),
	join(' ', sort @leakproof), 'the LEAKPROOF functions are exactly the audited ones');

# ... and none of them fails on any argument: every LEAKPROOF function is
# called on every combination of edge and random values of its argument
# types
$node->safe_psql('clean', q{
	CREATE TABLE vals (typ regtype, v text);
	-- UUIDs: zeros, ones, random
	INSERT INTO vals
	SELECT 'uuid', encode(b, 'hex') FROM
		(SELECT decode(repeat('00', 16), 'hex') UNION ALL SELECT decode(repeat('ff', 16), 'hex')
		 UNION ALL SELECT decode(repeat('7f', 16), 'hex') UNION ALL SELECT decode(repeat('80', 16), 'hex')
		 UNION ALL SELECT substr(sha256(g::text::bytea), 1, 16) FROM generate_series(1, 40) g) b(b);
	-- UUIDs of every version nibble and variant
	INSERT INTO vals
	SELECT 'uuid', encode(overlay(overlay(substr(sha256((v * 4 + r)::text::bytea), 1, 16)
									  PLACING set_byte('\x00'::bytea, 0, v * 16 + 3) FROM 7)
							  PLACING set_byte('\x00'::bytea, 0, r * 64 + 5) FROM 9), 'hex')
	FROM generate_series(0, 15) v, generate_series(0, 3) r;
	-- the types of the extension's own (IdtypesTest's list), of their
	-- widths: zeros, ones, each half's edge, the top bit alone, bit 12
	-- alone (uid8's mode), random
	CREATE TABLE own_types (typ regtype, bytes int);
	INSERT INTO own_types VALUES } . join(', ', map { "('$_->{type}', $_->{bytes})" } byte_schemes()) . q{;
	INSERT INTO vals
	SELECT typ, encode(b, 'hex') FROM own_types,
		LATERAL (SELECT decode(repeat('00', bytes), 'hex') UNION ALL SELECT decode(repeat('ff', bytes), 'hex')
		 UNION ALL SELECT decode(repeat('7f', bytes), 'hex') UNION ALL SELECT decode(repeat('80', bytes), 'hex')
		 UNION ALL SELECT decode('80' || repeat('00', bytes - 1), 'hex')
		 UNION ALL SELECT decode(repeat('00', bytes - 2) || '1000', 'hex')
		 UNION ALL SELECT substr(sha256(g::text::bytea), 1, bytes) FROM generate_series(1, 40) g) b(b);
	INSERT INTO vals
	SELECT 'timestamptz'::regtype, v FROM unnest(ARRAY['-infinity', 'infinity', '4714-11-24 00:00:00+00 BC',
		'294276-12-31 23:59:59.999999+00', '1582-10-15 00:00:00+00', '1969-12-31 23:59:59.999999+00',
		'1970-01-01 00:00:00+00', '2019-12-31 23:59:59.999999+00', '2020-01-01 00:00:00+00',
		'2109-05-15 07:35:11.103+00', '2156-02-07 06:28:15+00', '2554-07-21 23:34:33.709551+00',
		'4253-05-31 22:20:37.927935+00', '5236-03-31 21:21:00.684697+00', '10889-08-02 05:31:50.655+00']) v
	UNION ALL
	SELECT 'timestamptz', (timestamptz '1970-01-01' + g * interval '17 years 3 days 1.000001 seconds')::text
	FROM generate_series(-100, 500, 20) g;
	INSERT INTO vals
	SELECT 'int8', v::text FROM unnest(ARRAY[0, 1, -1, 9223372036854775807, -9223372036854775808,
										   42, 4611686018427387904]::int8[]) v;
	-- one table of values per type, v_<type>(x)
	DO $$
	DECLARE t regtype;
	BEGIN
		FOR t IN SELECT DISTINCT typ FROM vals LOOP
			EXECUTE format('CREATE TABLE %I AS SELECT %s AS x FROM vals WHERE typ = %L::regtype',
						   'v_' || t::text,
						   CASE WHEN t IN (SELECT typ FROM own_types)
								THEN format('decode(v, ''hex'')::%s', t)
								ELSE format('v::%s', t) END,
						   t);
		END LOOP;
	END $$;
	-- every LEAKPROOF function of the extension, on every combination of
	-- values of its argument types: the number of calls, and the failures
	CREATE FUNCTION leakproof_failures(OUT calls bigint, OUT failures text) LANGUAGE plpgsql AS $$
	DECLARE
		f record;
		n bigint;
	BEGIN
		calls := 0;
		failures := '';
		FOR f IN SELECT p.oid::regprocedure AS fn, p.oid::regproc AS name,
						(SELECT string_agg(format('a%s.x', i), ', ' ORDER BY i)
						 FROM unnest(p.proargtypes::regtype[]) WITH ORDINALITY u(t, i)) AS args,
						(SELECT string_agg(format('%I a%s', 'v_' || t::text, i), ', ' ORDER BY i)
						 FROM unnest(p.proargtypes::regtype[]) WITH ORDINALITY u(t, i)) AS tables
				 FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
				 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idtypes')
				   AND d.deptype = 'e' AND p.proleakproof LOOP
			BEGIN
				-- count(f(...)) evaluates the call on every row
				EXECUTE format('SELECT count(*), count(%s(%s)) FROM %s', f.name, f.args, f.tables)
				INTO n;
				calls := calls + n;
			EXCEPTION WHEN OTHERS THEN
				failures := failures || f.fn || ': ' || SQLERRM || E'\n';
			END;
		END LOOP;
	END $$;
});
my ($calls, $failures) = split /\|/, $node->safe_psql('clean', 'SELECT * FROM leakproof_failures()'), 2;
is($failures // '', '', 'no LEAKPROOF function fails on any of the values');
cmp_ok($calls, '>', 100_000, "they were called $calls times");
$node->stop;

done_testing();
