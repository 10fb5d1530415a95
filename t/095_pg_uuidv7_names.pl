# pg_uuidv7's names, opt-in (pg_uuidv7/): uuid_generate_v7() and its four
# conversions, with pg_uuidv7's signatures, on idtypes' UUIDv7 clock and
# conversions, by each route: CREATE EXTENSION idtypes_pg_uuidv7 over the C
# extension, CREATE EXTENSION idtypes_sql_pg_uuidv7 over the companion, and
# the single file over the companion installed without CREATE EXTENSION.
# In each: the signatures and volatility, the published values, the ids of
# the clock (10,000, strictly increasing, none before the call), what
# differs from pg_uuidv7 on purpose (NULL for another version, 22008
# outside the v7 range), a range's bound that an index scans, the search
# path, the dependency on the extension below.  Nothing is installed
# unasked.  Then pg_uuidv7's own regression files, where a copy is given
# (IDTYPES_PG_UUIDV7_TESTS: its test/ folder; they are not part of this
# repository), with only their set-up line changed; and side by side with
# the real pg_uuidv7 where it is installed (Debian packages it for
# PostgreSQL 18): the same time of every v7, the same bound of every time,
# and a clash refused.  And, for the companion's keys, core's aggregates as
# doc/managed.md says (no max() of a uuid; of a bytea from 18 only).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use File::Basename qw(basename);
use Cwd qw(getcwd);
use IdtypesTest::DocExamples;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('uuidv7_names');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\ntimezone = 'UTC'");
$node->start;

my $available = $node->safe_psql('postgres', q{
	SELECT string_agg(name, ' ' ORDER BY name) FROM pg_available_extensions WHERE name LIKE 'idtypes%pg_uuidv7'});
is($available, 'idtypes_pg_uuidv7 idtypes_sql_pg_uuidv7', 'both extensions of pg_uuidv7\'s names are installed (make -C pg_uuidv7 install)');

# Nothing unasked: idtypes and the companion alone give none of the names.
$node->safe_psql('postgres', 'CREATE DATABASE bare');
$node->safe_psql('bare', 'CREATE EXTENSION idtypes; CREATE SCHEMA c; CREATE EXTENSION idtypes_sql SCHEMA c');
is($node->safe_psql('bare', q{SELECT count(*) FROM pg_proc WHERE proname LIKE 'uuid\_%v7%'}), '0',
	'CREATE EXTENSION idtypes and idtypes_sql create none of pg_uuidv7\'s names');

# The three routes: database => [schema of the names, schema of what they call]
$node->safe_psql('postgres', q{
	CREATE ROLE carol LOGIN; CREATE ROLE bob LOGIN; CREATE ROLE web LOGIN;
	CREATE DATABASE c; CREATE DATABASE sqlext; CREATE DATABASE console OWNER carol;
	GRANT CREATE ON DATABASE console TO bob});
$node->safe_psql('c', 'CREATE EXTENSION idtypes_pg_uuidv7 CASCADE');
$node->safe_psql('sqlext', 'CREATE SCHEMA ids; CREATE EXTENSION idtypes_sql SCHEMA ids; CREATE EXTENSION idtypes_sql_pg_uuidv7 SCHEMA public');
my $sent = companion_send_file($node, 'console', 'carol', 'pg_uuidv7/idtypes_sql_pg_uuidv7-install.sql');
is(join('|', @{$sent}{qw(sqlstate message)}), '55000|idtypes_sql is not installed here',
	'single file: without the companion, refused (55000)');
$sent = companion_send_file($node, 'console', 'carol', 'companion/idtypes_sql-install.sql');
is($sent->{sqlstate}, 'ok', 'single file: carol, the database\'s owner, installs the companion\'s single file') or diag(explain($sent));
$sent = companion_send_file($node, 'console', 'bob', 'pg_uuidv7/idtypes_sql_pg_uuidv7-install.sql');
is(join('|', @{$sent}{qw(sqlstate message)}), '42501|schema idtypes_sql_internal belongs to role carol, not to bob',
	'single file: another role may not install the names over carol\'s companion');
$sent = companion_send_file($node, 'console', 'carol', 'pg_uuidv7/idtypes_sql_pg_uuidv7-install.sql');
is($sent->{sqlstate}, 'ok', 'single file: she installs pg_uuidv7\'s names, sent as one query') or diag(explain($sent));
$sent = companion_send_file($node, 'console', 'carol', 'pg_uuidv7/idtypes_sql_pg_uuidv7-install.sql');
is(join('|', $sent->{sqlstate}, @{ $sent->{notices} }), 'ok|pg_uuidv7\'s names 1.0.0 are installed in public already: nothing to do',
	'single file: sent again, a NOTICE');
my %route = (c => 'public', sqlext => 'ids', console => 'idtypes_sql');

# pg_uuidv7 1.7's functions, as its install script declares them
my $signatures = join("\n",
	'uuid_generate_v7() uuid',
	'uuid_timestamp_to_v7(timestamp without time zone,boolean) uuid',
	'uuid_timestamptz_to_v7(timestamp with time zone,boolean) uuid',
	'uuid_v7_to_timestamp(uuid) timestamp without time zone',
	'uuid_v7_to_timestamptz(uuid) timestamp with time zone');

foreach my $db (sort keys %route)
{
	my $base = $route{$db};
	my $q = sub { $node->safe_psql($db, $_[0], extra_params => [ '-U', $db eq 'console' ? 'carol' : 'postgres' ]) };
	is($q->(q{
		SELECT string_agg(p.proname || '(' || replace(oidvectortypes(p.proargtypes), ', ', ',') || ') ' || p.prorettype::regtype::text
						  , E'\n' ORDER BY p.proname)
		FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'uuid\_%'}),
		$signatures, "$db: pg_uuidv7's five functions in public, with its signatures");
	is($q->(q{
		SELECT string_agg(p.proname || ' ' || p.provolatile::text || p.proparallel::text || CASE WHEN p.proisstrict THEN ' strict' ELSE '' END
						  || ' ' || p.pronargdefaults, ', ' ORDER BY p.proname)
		FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'uuid\_%'}),
		'uuid_generate_v7 v' . ($db eq 'c' ? 'r' : 'u') . ' 0, uuid_timestamp_to_v7 ss strict 1, uuid_timestamptz_to_v7 ss strict 1, '
		  . 'uuid_v7_to_timestamp is strict 0, uuid_v7_to_timestamptz is strict 0',
		"$db: the generator as the clock's (parallel " . ($db eq 'c' ? 'restricted' : 'unsafe')
		  . '); the readings immutable; the bounds stable, as pg_uuidv7\'s; zero defaults to false');
	is($q->(q{
		SELECT uuid_v7_to_timestamptz('018570bb-4a7d-7000-8000-000000000000') = '2023-01-02 04:26:40.637+00',
			   uuid_v7_to_timestamptz('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') = '2022-02-22 19:22:22+00',
			   uuid_v7_to_timestamp('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') = '2022-02-22 19:22:22',
			   uuid_timestamptz_to_v7('2022-02-22 19:22:22+00', true) = '017f22e2-79b0-7000-8000-000000000000',
			   uuid_timestamptz_to_v7('2023-01-02 04:26:40.637999+00', true) = '018570bb-4a7d-7000-8000-000000000000',
			   uuid_timestamp_to_v7('2023-01-02 04:26:40.637', true) = '018570bb-4a7d-7000-8000-000000000000',
			   uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00', NULL) IS NULL}),
		't|t|t|t|t|t|t', "$db: the published values (pg_uuidv7's README, RFC 9562's v7), the millisecond truncated, strict");
	is($q->(q{
		SET timezone = 'America/New_York';
		SELECT uuid_timestamp_to_v7('2023-01-02 04:26:40.637', true) = '018570bb-4a7d-7000-8000-000000000000',
			   uuid_v7_to_timestamp('018570bb-4a7d-7000-8000-000000000000') = '2023-01-02 04:26:40.637'}),
		't|t', "$db: a timestamp without time zone is UTC's, whatever the session's time zone");
	is($q->(q{
		SELECT count(DISTINCT u), bool_and(left(u::text, 14) = '018570bb-4a7d-' AND substr(u::text, 15, 1) = '7'
						  AND substr(u::text, 20, 1) IN ('8', '9', 'a', 'b')),
			   bool_and(uuid_v7_to_timestamptz(u) = '2023-01-02 04:26:40.637+00')
		FROM (SELECT uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00') u FROM generate_series(1, 1000)) s}),
		'1000|t|t', "$db: without zero, 1,000 different v7s of that millisecond");
	my ($n, $increasing, $v7, $not_before, $not_after) = split /\|/, $q->(q{
		CREATE TEMP TABLE drawn AS
		SELECT clock_timestamp() AS t0, uuid_generate_v7() AS u, clock_timestamp() AS t1, i
		FROM generate_series(1, 10000) i;
		SELECT count(*),
			   bool_and(u > lag) FILTER (WHERE lag IS NOT NULL),
			   bool_and(uuidv_version(u) = 7),
			   bool_and(uuid_v7_to_timestamptz(u) >= date_trunc('milliseconds', t0)),
			   bool_and(uuid_v7_to_timestamptz(u) <= t1)
		FROM (SELECT *, lag(u) OVER (ORDER BY i) FROM drawn) s} =~ s/uuidv_version/$base.uuidv_version/r);
	is($n, 10000, "$db: uuid_generate_v7() drew 10,000 ids");
	is("$increasing|$v7|$not_before|$not_after", 't|t|t|t',
		"$db: strictly increasing in generation order, all v7, none before its call's millisecond or after it");
	is($q->(qq{
		SELECT uuid_v7_to_timestamptz(gen_random_uuid()) IS NULL, uuid_v7_to_timestamp(gen_random_uuid()) IS NULL,
			   uuid_v7_to_timestamptz($base.uuidv6_next()) IS NULL}),
		't|t|t', "$db: NULL for a v4 or a v6 (pg_uuidv7 reads a time from any bytes)");
	foreach my $t ('1969-12-31 23:59:59.999+00', 'infinity', '10889-08-02 05:31:50.656+00')
	{
		is(companion_sqlstate($node, $db, undef, "SELECT uuid_timestamptz_to_v7('$t', true)"), '22008',
			"$db: $t is outside the v7 range: 22008 (pg_uuidv7's bits wrap)");
	}
	is($q->(q{SELECT uuid_timestamptz_to_v7('10889-08-02 05:31:50.655+00', true), uuid_timestamptz_to_v7('1970-01-01 00:00:00+00', true)}),
		'ffffffff-ffff-7000-8000-000000000000|00000000-0000-7000-8000-000000000000', "$db: the first and last milliseconds are in range");
	like($q->(q{
		CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
		INSERT INTO events (n) SELECT generate_series(1, 2000);
		ANALYZE events;
		EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id >= uuid_timestamptz_to_v7(now() - interval '2 days', true)
													AND id < uuid_timestamptz_to_v7(now() - interval '1 day', true)}),
		qr/Index Scan using events_pkey.*\n.*Index Cond/s, "$db: a time range of a uuid_generate_v7() key scans its index");
	is($q->(q{
		SET search_path = pg_temp;
		CREATE TEMP TABLE x AS SELECT public.uuid_generate_v7() u;
		SELECT public.uuid_v7_to_timestamptz(u) IS NOT NULL FROM x}), 't', "$db: called through a search path without public or idtypes");
	$q->('GRANT INSERT, SELECT ON events TO web');
	is($node->safe_psql($db, 'INSERT INTO events (n) VALUES (0) RETURNING uuid_v7_to_timestamptz(id) IS NOT NULL',
			extra_params => [ '-U', 'web' ]), 't', "$db: a run-time role granted only INSERT and SELECT inserts through the default");
}

# The reference's example (t/040_doc_examples.pl's databases hold a
# migration's own uuid_generate_v7(), so it is tagged norun there).
my @doc = grep { grep { $_->{sql} =~ /uuid_generate_v7/ } @{ $_->{statements} } }
  doc_sql_blocks(getcwd() . '/doc/reference.md', 'norun');
is(scalar(@doc), 1, 'doc/reference.md has one example of pg_uuidv7\'s names');
$node->safe_psql('postgres', 'CREATE DATABASE doc');
$node->safe_psql('doc', 'CREATE EXTENSION idtypes; CREATE EXTENSION idtypes_pg_uuidv7');
is(join("\n", map { run_doc_sql_block($node, 'doc', $_) } @doc), '', 'it runs as the reference shows');

# The companion's keys and core's aggregates, as doc/managed.md's "What
# differs" says: no max() of a uuid on any version, of a bytea (tid62) from
# 18; the largest key by ORDER BY ... DESC LIMIT 1, from the index.
my $major = int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);
is(companion_sqlstate($node, 'sqlext', undef, 'SELECT max(ids.uuidv7_next())'), '42883', 'max() of a uuid: 42883');
is(companion_sqlstate($node, 'sqlext', undef, 'SELECT max(ids.gen_tid62()), min(ids.gen_tid62())'), $major >= 18 ? 'ok' : '42883',
	"max() and min() of a bytea: " . ($major >= 18 ? 'core has them from 18' : '42883 before 18'));
is($node->safe_psql('sqlext', q{
	CREATE TABLE tids (id bytea PRIMARY KEY DEFAULT ids.gen_tid62(), n int);
	INSERT INTO tids (n) SELECT generate_series(1, 1000);
	ANALYZE tids;
	SELECT (SELECT id FROM tids ORDER BY id DESC LIMIT 1) = (SELECT id FROM tids WHERE n = 1000),
		   (SELECT id FROM tids ORDER BY id LIMIT 1) = (SELECT id FROM tids WHERE n = 1)}), 't|t',
	'ORDER BY id DESC LIMIT 1 is the last tid62 generated, ASC the first');
like($node->safe_psql('sqlext', 'EXPLAIN (COSTS OFF) SELECT id FROM tids ORDER BY id DESC LIMIT 1'),
	qr/Limit\n.*Index Only Scan Backward using tids_pkey/, 'read from the key\'s index');

# What they call cannot go from under them.
is(companion_sqlstate($node, 'c', undef, 'DROP EXTENSION idtypes'), '2BP01', 'c: DROP EXTENSION idtypes refuses while they need it');
is(companion_sqlstate($node, 'sqlext', undef, 'DROP EXTENSION idtypes_sql'), '2BP01', 'sqlext: so does DROP EXTENSION idtypes_sql');
is(companion_sqlstate($node, 'c', undef, 'DROP EXTENSION idtypes_pg_uuidv7; DROP TABLE events; DROP EXTENSION idtypes_pg_uuidv7'),
	'2BP01', 'c: and the names refuse to go while a default calls them');

# Where another uuid_generate_v7() is, refused (as pg_uuidv7 itself would be).
$node->safe_psql('postgres', 'CREATE DATABASE clash; CREATE DATABASE clash_console OWNER carol');
$node->safe_psql('clash', q{CREATE EXTENSION idtypes;
	CREATE FUNCTION uuid_generate_v7() RETURNS uuid LANGUAGE sql RETURN gen_random_uuid()});
is(companion_sqlstate($node, 'clash', undef, 'CREATE EXTENSION idtypes_pg_uuidv7'), '42723',
	'CREATE EXTENSION into a schema that has a uuid_generate_v7(): 42723');
$node->safe_psql('clash_console', q{CREATE FUNCTION uuid_generate_v7() RETURNS uuid LANGUAGE sql RETURN gen_random_uuid()},
	extra_params => [ '-U', 'carol' ]);
companion_send_file($node, 'clash_console', 'carol', 'companion/idtypes_sql-install.sql');
$sent = companion_send_file($node, 'clash_console', 'carol', 'pg_uuidv7/idtypes_sql_pg_uuidv7-install.sql');
is(join('|', @{$sent}{qw(sqlstate message)}), '42723|function public.uuid_generate_v7() exists and is not the companion\'s',
	'the single file likewise');

# pg_uuidv7's own regression files, their set-up line changed.
SKIP:
{
	my $tests = $ENV{IDTYPES_PG_UUIDV7_TESTS};
	skip 'IDTYPES_PG_UUIDV7_TESTS is not set (a copy of pg_uuidv7\'s test/ folder; its files are not part of this repository)', 4
	  unless $tests && -d "$tests/sql" && -d "$tests/expected";
	my @names = map { basename($_, '.sql') } sort glob("$tests/sql/*.sql");
	my $pgxs = `pg_config --pgxs`;
	chomp $pgxs;
	(my $regress = $pgxs) =~ s{/src/makefiles/pgxs\.mk$}{/src/test/regress/pg_regress};
	foreach my $over ('idtypes', 'idtypes_sql')
	{
		my $dir = PostgreSQL::Test::Utils::tempdir('pg_uuidv7_tests');
		mkdir "$dir/$_" for qw(sql expected);
		my $changed = 0;
		foreach my $name (@names)
		{
			foreach my $part ([ 'sql', 'sql' ], [ 'expected', 'out' ])
			{
				my $text = slurp_file("$tests/$part->[0]/$name.$part->[1]");
				$changed += $text =~ s/^CREATE EXTENSION "pg_uuidv7";$/CREATE EXTENSION $over; CREATE EXTENSION ${over}_pg_uuidv7;/m;
				append_to_file("$dir/$part->[0]/$name.$part->[1]", $text);
			}
		}
		is($changed, 2, "over $over: their set-up file creates the extension: that line, in its input and its expected output, is the one changed");
		my ($out, $err) = ('', '');
		IPC::Run::run([ $regress, "--inputdir=$dir", "--outputdir=$dir", '--bindir=' . $node->config_data('--bindir'),
				'--host=' . $node->host, '--port=' . $node->port, "--dbname=pg_uuidv7_regress_$over", @names ],
			'>', \$out, '2>', \$err);
		is($?, 0, "pg_uuidv7's " . scalar(@names) . " regression files pass against ${over}_pg_uuidv7")
		  or diag($out . $err . (-f "$dir/regression.diffs" ? slurp_file("$dir/regression.diffs") : ''));
	}
}

# Side by side with the real pg_uuidv7.
SKIP:
{
	my $sharedir = $node->config_data('--sharedir');
	skip "pg_uuidv7 is not installed here (Debian packages it for PostgreSQL 18 only): no side-by-side comparison", 5
	  unless -f "$sharedir/extension/pg_uuidv7.control";
	$node->safe_psql('postgres', 'CREATE DATABASE side');
	$node->safe_psql('side', q{
		CREATE SCHEMA real; CREATE EXTENSION pg_uuidv7 SCHEMA real;
		CREATE EXTENSION idtypes; CREATE SCHEMA ours; CREATE EXTENSION idtypes_pg_uuidv7 SCHEMA ours});
	is($node->safe_psql('side', q{
		SELECT count(*), bool_and(real.uuid_v7_to_timestamptz(u) = ours.uuid_v7_to_timestamptz(u)),
			   bool_and(real.uuid_v7_to_timestamp(u) = ours.uuid_v7_to_timestamp(u))
		FROM (SELECT real.uuid_generate_v7() u FROM generate_series(1, 10000)
			  UNION ALL SELECT ours.uuid_generate_v7() FROM generate_series(1, 10000)
			  UNION ALL SELECT real.uuid_timestamptz_to_v7(t) FROM (SELECT timestamptz '1970-01-01 00:00:00+00'
							+ random() * interval '8000 years' AS t FROM generate_series(1, 10000)) r) s}),
		'30000|t|t', 'the time of 30,000 v7s (each one\'s, ours, and of random times) is the same');
	is($node->safe_psql('side', q{
		SELECT count(*), bool_and(real.uuid_timestamptz_to_v7(t, true) = ours.uuid_timestamptz_to_v7(t, true)),
			   bool_and(real.uuid_timestamp_to_v7(t::timestamp, true) = ours.uuid_timestamp_to_v7(t::timestamp, true)),
			   bool_and(left(real.uuid_timestamptz_to_v7(t)::text, 15) = left(ours.uuid_timestamptz_to_v7(t)::text, 15))
		FROM (SELECT timestamptz '1970-01-01 00:00:00+00' + random() * interval '8000 years' AS t
			  FROM generate_series(1, 10000)
			  UNION ALL SELECT clock_timestamp() + i * interval '1 microsecond' FROM generate_series(1, 10000) i) s}),
		'20000|t|t|t', 'the bound of 20,000 times is the same, and the millisecond and version of a random v7 of each');
	is($node->safe_psql('side', q{
		SELECT real.uuid_v7_to_timestamptz(u) IS NOT NULL, ours.uuid_v7_to_timestamptz(u) IS NULL FROM gen_random_uuid() u}),
		't|t', 'what differs, pinned: pg_uuidv7 reads a time from a v4, these give NULL');
	is($node->safe_psql('side', q{SELECT real.uuid_timestamptz_to_v7('1969-12-31 23:59:59+00', true) IS NOT NULL}), 't',
		'and pg_uuidv7 gives a v7 of a time before 1970 (its bits wrap), where these give 22008 (above)');
	$node->safe_psql('postgres', 'CREATE DATABASE side_public');
	$node->safe_psql('side_public', 'CREATE EXTENSION pg_uuidv7; CREATE EXTENSION idtypes');
	is(companion_sqlstate($node, 'side_public', undef, 'CREATE EXTENSION idtypes_pg_uuidv7'), '42723',
		'over pg_uuidv7 in the same schema, CREATE EXTENSION idtypes_pg_uuidv7 is refused (42723), pg_uuidv7\'s functions kept');
}

$node->stop;
done_testing();
