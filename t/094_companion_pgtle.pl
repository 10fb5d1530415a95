# The companion as a pg_tle extension, the way Amazon RDS and Aurora (and
# Supabase's database.dev) install an extension written in SQL: a server
# from a copy of the PostgreSQL installation with pg_tle and without any
# file of idtypes or of the companion; pg_tle preloaded and created by the
# administrator; then tle, a member of pgtle_admin who owns the database and
# is no superuser, registers the companion with companion/idtypes_sql-pgtle.sql
# (sent as one query, as a console sends it), creates it, and uses every
# generator in both clock modes; a run-time role inserts through the
# defaults; pg_uuidv7's names are registered over it the same way
# (pg_uuidv7/idtypes_sql_pg_uuidv7-pgtle.sql); a dump restores with the settings and the clocks, which go on
# after the restored ids; the extension is dropped and unregistered.
#
# pg_tle is the one installed for this PostgreSQL, or the one tools/pgtle.sh
# builds from its source archive; without it the test is skipped with the
# reason (IDTYPES_PGTLE_SKIP when tools/test.sh could not build it).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => $ENV{IDTYPES_PGTLE_SKIP} if $ENV{IDTYPES_PGTLE_SKIP};
my $install = companion_clean_install(PostgreSQL::Test::Utils::tempdir() . '/pg', companion => 0);
my $sharedir = `$install/bin/pg_config --sharedir`;
chomp $sharedir;
plan skip_all => 'pg_tle is not installed for this PostgreSQL (bash tools/test.sh builds it from its source archive)'
  unless -f "$sharedir/extension/pg_tle.control";

my $node = PostgreSQL::Test::Cluster->new('tle', install_path => $install);
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'pg_tle'");
$node->start;
my @schemes = companion_schemes();
my $gens = join(', ', map { $_->{gen} =~ s/^idtypes_sql\./ids./r } @schemes);

is($node->safe_psql('postgres', q{SELECT count(*) FROM pg_available_extensions WHERE name LIKE 'idtypes%'}), '0',
	'no file of idtypes or of the companion on the server');
$node->safe_psql('postgres', q{
	CREATE ROLE tle LOGIN;
	CREATE ROLE web LOGIN;
	CREATE DATABASE app OWNER tle;});
$node->safe_psql('app', 'CREATE EXTENSION pg_tle; GRANT pgtle_admin TO tle');
my $as_tle = [ '-U', 'tle' ];

# Registered by tle, sent as one query.
my $sent = companion_send_file($node, 'app', 'tle', 'companion/idtypes_sql-pgtle.sql');
is($sent->{sqlstate}, 'ok', 'tle, a member of pgtle_admin, registers the companion with idtypes_sql-pgtle.sql')
  or diag(explain($sent));
is($node->safe_psql('app', q{SELECT name || ' ' || default_version FROM pgtle.available_extensions() WHERE name = 'idtypes_sql'}),
	'idtypes_sql 1.0.0', 'pg_tle offers it');
is($node->safe_psql('app', q{SELECT count(*) FROM pgtle.extension_update_paths('idtypes_sql')}), '0',
	'with no update path: 1.0.0 is its first version');

# Created and used by tle.
$node->safe_psql('app', 'CREATE SCHEMA ids; CREATE EXTENSION idtypes_sql SCHEMA ids', extra_params => $as_tle);
is($node->safe_psql('app', q{
	SELECT string_agg(DISTINCT o::text, ',') FROM (
		SELECT proowner::regrole o FROM pg_proc WHERE pronamespace IN ('ids'::regnamespace, 'idtypes_sql_internal'::regnamespace)
		UNION ALL SELECT relowner::regrole FROM pg_class WHERE relnamespace IN ('ids'::regnamespace, 'idtypes_sql_internal'::regnamespace)
		UNION ALL SELECT extowner::regrole FROM pg_extension WHERE extname = 'idtypes_sql') x}),
	'tle', 'every object belongs to tle, who created it (pg_tle\'s extensions are not trusted ones)');
is(companion_sqlstate($node, 'app', 'tle', "SELECT $gens"), 'ok', 'every generator, in the session mode');
$node->safe_psql('app', qq{
	UPDATE ids.idtypes_sql_settings SET clock = 'sequence';
	CREATE TABLE events (n int, } . join(', ', map { "$_->{name} $_->{type} DEFAULT " . ($_->{gen} =~ s/^idtypes_sql\./ids./r) } @schemes) . qq{);
	GRANT INSERT, SELECT ON events TO web;}, extra_params => $as_tle);
is($node->safe_psql('app', 'INSERT INTO events (n) SELECT g FROM generate_series(1, 100) g; SELECT count(*) FROM events',
		extra_params => [ '-U', 'web' ]),
	'100', 'web, granted only INSERT and SELECT on the table, inserts through every default, in the sequence mode');
is(companion_sqlstate($node, 'app', 'tle', q{
	SELECT ids.idtypes_advance_clock('uuidv7', now() + interval '4 minutes') IS NOT NULL,
		   ids.idtypes_advance_clock('uid8', ids.gen_uid8()) IS NOT NULL;
	SELECT ids.hlculid_observe(ids.gen_hlculid());}), 'ok', 'tle moves the clocks');

# pg_uuidv7's names over it, registered and created by tle, in public (hers:
# she owns the database), and a default that calls them.
$sent = companion_send_file($node, 'app', 'tle', 'pg_uuidv7/idtypes_sql_pg_uuidv7-pgtle.sql');
is($sent->{sqlstate}, 'ok', 'tle registers pg_uuidv7\'s names with idtypes_sql_pg_uuidv7-pgtle.sql') or diag(explain($sent));
$node->safe_psql('app', q{CREATE EXTENSION idtypes_sql_pg_uuidv7;
	ALTER TABLE events ADD COLUMN v7 uuid DEFAULT uuid_generate_v7()}, extra_params => $as_tle);
is($node->safe_psql('app', q{
	SELECT uuid_v7_to_timestamptz(uuid_generate_v7()) >= date_trunc('milliseconds', now()),
		   uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00', true) = '018570bb-4a7d-7000-8000-000000000000',
		   (SELECT extowner::regrole FROM pg_extension WHERE extname = 'idtypes_sql_pg_uuidv7')}, extra_params => $as_tle),
	't|t|tle', 'and uses them');
is($node->safe_psql('app', 'INSERT INTO events (n) SELECT g FROM generate_series(101, 200) g RETURNING v7 IS NOT NULL',
		extra_params => [ '-U', 'web' ]),
	join("\n", ('t') x 100), 'web inserts through uuid_generate_v7() too');

# A dump restores, as the administrator restores one, with the settings
# and the clocks: every generator's next id sorts after the restored ones.
my $dump = PostgreSQL::Test::Utils::tempdir() . '/app.dump';
$node->command_ok([ 'pg_dump', '-Fc', '-f', $dump, '-d', $node->connstr('app') ], 'pg_dump of the database');
$node->safe_psql('postgres', 'CREATE DATABASE restored OWNER tle');
$node->command_ok([ 'pg_restore', '--exit-on-error', '-d', $node->connstr('restored'), $dump ], 'pg_restore, without an error');
is($node->safe_psql('restored', q{SELECT clock FROM ids.idtypes_sql_settings}), 'sequence', 'the settings are restored');
is($node->safe_psql('restored', 'INSERT INTO events (n) VALUES (0) RETURNING '
	  . join(' AND ', map { my $c = $_->{name}; "$c > (SELECT $c FROM events WHERE n > 0 ORDER BY $c DESC LIMIT 1)" }
		  grep { $_->{name} ne 'uid8' } @schemes), extra_params => [ '-U', 'web' ]),
	't', 'and the clocks: a new id of every scheme sorts after every restored one (uid8 as a bigint: by its time)');
is($node->safe_psql('restored', 'INSERT INTO events (n) VALUES (-1) RETURNING v7 > (SELECT v7 FROM events WHERE n > 0 ORDER BY v7 DESC LIMIT 1)',
		extra_params => [ '-U', 'web' ]), 't', 'pg_uuidv7\'s names are restored, on the restored clock');
is($node->safe_psql('restored', q{SELECT ids.uid8_timestamp(uid8) >= (SELECT max(ids.uid8_timestamp(uid8)) FROM events WHERE n > 0)
	FROM events WHERE n = 0}), 't', 'uid8 too');
is($node->safe_psql('restored', q{SELECT ids.uuidv_timestamp(uuidv7) > now() + interval '3 minutes' FROM events WHERE n = 0}),
	't', 'the UUIDv7 clock, moved 4 minutes ahead before the dump, goes on from there, not from the system clock');

# Dropped, then unregistered by tle.
$node->safe_psql('app', q{DROP TABLE events; DROP EXTENSION idtypes_sql_pg_uuidv7; DROP EXTENSION idtypes_sql;
	SELECT pgtle.uninstall_extension('idtypes_sql_pg_uuidv7'); SELECT pgtle.uninstall_extension('idtypes_sql')},
	extra_params => $as_tle);
is($node->safe_psql('app', q{
	SELECT count(*) FROM pgtle.available_extensions() WHERE name = 'idtypes_sql'
	UNION ALL SELECT count(*) FROM pg_namespace WHERE nspname = 'idtypes_sql_internal'}), "0\n0",
	'dropped and unregistered, nothing is left');

$node->stop;
done_testing();
