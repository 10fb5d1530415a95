# A cutover in one call: idtypes_advance_clocks_past_stored() moves every
# scheme's clock past the newest id stored in the database, where no WAL
# carried the clocks over (src/stored.c).  Two servers receive the
# ids of an origin and run two minutes behind it (libfaketime):
#
#   1. a logical dump of the origin restored (pg_dump | psql);
#   2. a subscriber by logical replication, with the initial copy and the
#      changes streamed after it.
#
# On each, before the call, new ids of every scheme fall at or below the
# ids the server received: the hazard is real, and the test fails if the
# function moves nothing.  A member of idtypes.clock_mover_role calls it:
# by default it reads the columns whose default calls a generator (not a
# uuid column of random UUIDs), and names each with the newest id the
# origin wrote there; then none of 1000 new ids of any scheme is at or
# below one received.  On the restored server it first refuses, with no
# clock moved: a role without EXECUTE, a role that is not a mover, a table
# the mover may not read, a table whose rows row-level security hides; ids
# further ahead than idtypes.clock_max_ahead are reported and not followed,
# and refused when followed by name.  Columns of domains and arrays are
# read when named.  Values an ordinary user stored (the greatest UUIDv7, a
# UUIDv4 cast to a muid, dated 3513) are reported, never followed: the
# newest id within the limit is, and the clocks stay where they generate;
# followed by name, even a superuser's call refuses them (22008).  Names
# that do not exist, or hold no ids, are errors.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'libfaketime is not installed (Debian package libfaketime)'
  unless faketime_lib();

my @schemes = schemes();
my $behind = '-120s';
my $count = 1000;

my $origin = PostgreSQL::Test::Cluster->new('origin');
$origin->init(allows_streaming => 'logical');
$origin->append_conf('postgresql.conf', q{
shared_preload_libraries = 'idtypes'
timezone = 'UTC'
});
$origin->start;
$origin->safe_psql('postgres', 'CREATE EXTENSION idtypes');

# a table of each scheme's ids, and one of random UUIDs (version 4)
for my $s (@schemes)
{
	$origin->safe_psql('postgres',
		"CREATE TABLE co_$s->{name} (id $s->{type} PRIMARY KEY DEFAULT $s->{gen}, v int)");
}
$origin->safe_psql('postgres', 'CREATE TABLE co_random (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), v int)');
my @tables = ((map { "co_$_->{name}" } @schemes), 'co_random');

sub insert_rows
{
	my ($rows) = @_;
	$origin->safe_psql('postgres', join('',
			map { "INSERT INTO $_ (v) SELECT g FROM generate_series(1, $rows) g;\n" } @tables));
	return;
}
insert_rows(200);

# The newest id of each scheme's table, as text.
sub newest
{
	my ($node) = @_;
	return map { $_->{name} => $node->safe_psql('postgres', "SELECT id FROM co_$_->{name} ORDER BY id DESC LIMIT 1") }
	  @schemes;
}

# How many of $count new ids of scheme $s are at or below $id.
sub at_or_below
{
	my ($node, $s, $id) = @_;
	return $node->safe_psql('postgres',
		"SELECT count(*) FROM (SELECT $s->{gen} AS n FROM generate_series(1, $count)) g WHERE n <= '$id'::$s->{type}");
}

# A server behind the origin, with the roles of the call: mover, a member
# of idtypes.clock_mover_role who may read the tables; outsider, who may
# call the function but moves no clock; nobody, who may not call it.
sub behind_server
{
	my ($name, $conf) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
timezone = 'UTC'
idtypes.clock_mover_role = 'movers'
$conf
});
	start_faked($node, FAKETIME => $behind);
	$node->safe_psql('postgres', q{
		CREATE ROLE movers;
		CREATE ROLE mover LOGIN IN ROLE movers;
		CREATE ROLE outsider LOGIN;
		CREATE ROLE nobody LOGIN;
	});
	return $node;
}

# Grant the call and the reading of every table to mover and outsider.
sub grant_call
{
	my ($node) = @_;
	$node->safe_psql('postgres', q{
		GRANT EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored(text[], text[]) TO mover, outsider;
		GRANT SELECT ON ALL TABLES IN SCHEMA public TO mover, outsider;
	});
	return;
}

# The function called by $role, with $args (SQL, optional): (exit code,
# its rows as "table|column|scheme|newest|beyond|followed|outcome", stderr).
sub call
{
	my ($node, $role, $args) = @_;
	$args //= '';
	my ($ret, $out, $err) = $node->psql('postgres',
		"\\set VERBOSITY verbose\nSELECT relation, column_name, scheme, coalesce(newest_id, 'NULL'), beyond_limit, "
		  . "coalesce(followed_id, 'NULL'), outcome FROM idtypes_advance_clocks_past_stored($args)",
		extra_params => [ '-U', $role ]);
	return ($ret, $out, $err);
}

# The rows the call must return by default: each scheme's table, whose
# default calls its generator, with the newest id the origin wrote there,
# followed, and the clock moved past it; @extra: more rows.
sub expected_rows
{
	my ($newest, @extra) = @_;
	my @rows = map { "co_$_->{name}|id|$_->{name}|$newest->{$_->{name}}|f|$newest->{$_->{name}}|moved" } @schemes;
	return join("\n", sort(@rows, @extra));
}

# Before the call: new ids of every scheme at or below the newest received
# (the hazard); then the call by mover, its rows; then none at or below.
sub cutover
{
	my ($node, $label, $newest, @extra) = @_;
	for my $s (@schemes)
	{
		my $n = at_or_below($node, $s, $newest->{ $s->{name} });
		ok($n > 0, "$label: $s->{name}: without the call, new ids at or below the received ones ($n of $count)");
	}
	my ($ret, $out, $err) = call($node, 'mover');
	is($ret, 0, "$label: a mover calls idtypes_advance_clocks_past_stored()") or diag($err);
	is(join("\n", sort split /\n/, $out), expected_rows($newest, @extra),
		"$label: one row per column whose default calls a generator, with the newest id the origin wrote");
	for my $s (@schemes)
	{
		is(at_or_below($node, $s, $newest->{ $s->{name} }), 0,
			"$label: $s->{name}: after the call, no new id at or below the received ones");
	}
	return;
}

#
# 1. A logical dump restored, into a server whose limit of a clock move is
# 10 seconds at first.
#
my %newest = newest($origin);
my $restored = behind_server('restored', "idtypes.clock_max_ahead = '1min'");
my ($restore_out, $restore_err);
IPC::Run::run([ 'pg_dump', '--no-owner', '--no-privileges', '-d', $origin->connstr('postgres') ],
	'|', [ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $restored->connstr('postgres') ],
	'>', \$restore_out, '2>', \$restore_err)
  or die "pg_dump | psql failed: $restore_err";
is_deeply({ newest($restored) }, \%newest, 'restored: the newest ids are the origin\'s');
grant_call($restored);
# a table the mover may not read, empty
$restored->safe_psql('postgres', 'CREATE TABLE co_secret (id muid DEFAULT gen_muid())');

my ($ret, $out, $err) = call($restored, 'nobody');
like($err, qr/ERROR:  42501: permission denied for function idtypes_advance_clocks_past_stored/,
	'restored: refused to a role without EXECUTE (42501)');
($ret, $out, $err) = call($restored, 'outsider');
like($err, qr/ERROR:  42501: permission denied to move the server-wide \w+ clock/,
	'restored: refused to a role that is not a member of idtypes.clock_mover_role (42501)');
($ret, $out, $err) = call($restored, 'mover');
like($err, qr/ERROR:  42501: permission denied for table public\.co_secret\n.*reads column id of the table/,
	'restored: a table the mover may not read is an error naming it (42501)');
$restored->safe_psql('postgres', 'GRANT SELECT ON co_secret TO mover; ALTER TABLE co_secret ENABLE ROW LEVEL SECURITY');
($ret, $out, $err) = call($restored, 'mover');
like($err, qr/ERROR:  42501: row-level security hides rows of table public\.co_secret/,
	'restored: a table whose rows row-level security hides from the mover is an error naming it (42501)');
$restored->safe_psql('postgres', 'ALTER TABLE co_secret DISABLE ROW LEVEL SECURITY');
# the window this part needs: the received ids still more than the limit
# ahead of the restored server's clock (a slow restore would close it)
for my $s (@schemes)
{
	is($restored->safe_psql('postgres',
			"SELECT $s->{timestamp}(id) - now() > interval '1 min' FROM co_$s->{name} ORDER BY id DESC LIMIT 1"),
		't', "restored: $s->{name}: the received ids are still more than a minute ahead (the window held)");
}
($ret, $out, $err) = call($restored, 'mover');
is($ret, 0, 'restored: ids 2 min ahead, with idtypes.clock_max_ahead at 1 min: the call succeeds') or diag($err);
is(join("\n", sort split /\n/, $out),
	join("\n", sort('co_secret|id|muid|NULL|f|NULL|none',
			map { "co_$_->{name}|id|$_->{name}|$newest{$_->{name}}|t|NULL|none" } @schemes)),
	'restored: ids 2 min ahead, with idtypes.clock_max_ahead at 1 min: reported beyond the limit, none followed');
($ret, $out, $err) = call($restored, 'mover', q{follow => ARRAY['public.co_muid.id']});
like($err, qr/ERROR:  22008: idtypes_advance_clocks_past_stored\(\) cannot move the muid clock that far ahead/,
	'restored: a column beyond the limit followed by name: refused to a mover (22008)');
# every refusal moved nothing: cutover() asserts the hazard first
$restored->safe_psql('postgres', "ALTER SYSTEM SET idtypes.clock_max_ahead = '5min'; SELECT pg_reload_conf()");
$restored->poll_query_until('postgres', q{SELECT current_setting('idtypes.clock_max_ahead') = '5min'})
  or die 'idtypes.clock_max_ahead was not reloaded';
cutover($restored, 'restored', \%newest, 'co_secret|id|muid|NULL|f|NULL|none');

# Domains over the types and arrays of them, every other scheme: one id of
# each, 150 s ahead of the restored server's clock (30 s past the origin's).
my (@columns, %shape_newest, @shape_rows);
for my $i (0 .. $#schemes)
{
	my $s = $schemes[$i];
	my $domain = $i % 2 == 0;
	$restored->safe_psql('postgres', "CREATE DOMAIN d_$s->{name} AS $s->{type}") if $domain;
	push @columns, [ $s, "c_$s->{name}", $domain ? "d_$s->{name}" : "$s->{type}\[\]",
		$domain ? "$s->{floor_fn}(now() + interval '150 s')" : "ARRAY[NULL, $s->{floor_fn}(now() + interval '150 s')]" ];
}
$restored->safe_psql('postgres', 'CREATE TABLE co_shapes (' . join(', ', map { "$_->[1] $_->[2]" } @columns) . ');'
	  . 'INSERT INTO co_shapes VALUES (' . join(', ', map { $_->[3] } @columns) . ');'
	  . 'GRANT SELECT ON co_shapes TO mover');
for my $c (@columns)
{
	my ($s, $col, $type) = @$c;
	my $array = $type =~ /\[\]$/;
	my $id = $restored->safe_psql('postgres', 'SELECT ' . ($array ? "$col\[2\]" : $col) . '::text FROM co_shapes');
	$shape_newest{ $s->{name} } = $id;
	push @shape_rows,
	  map { "co_shapes|$col|$_->{name}|" . ($_ eq $s ? "$id|f|$id|moved" : 'NULL|f|NULL|none') }
	  grep { $_->{type} eq $s->{type} } @schemes;
	my $n = at_or_below($restored, $s, $id);
	ok($n > 0, "restored: $s->{name}: new ids at or below an id of a" . ($array ? 'n array' : ' domain')
		  . " column 30 s ahead, before the call ($n of $count)");
}
($ret, $out, $err) = call($restored, 'mover');
is(join("\n", grep { /^co_shapes\|/ } sort split /\n/, $out), '',
	'restored: columns without a generator\'s default are not read by default') or diag($err);
for my $s (@schemes)
{
	ok(at_or_below($restored, $s, $shape_newest{ $s->{name} }) > 0,
		"restored: $s->{name}: the default call moves no clock past the domain or array column");
}
($ret, $out, $err) = call($restored, 'mover', q{columns => ARRAY['public.co_shapes']});
is(join("\n", sort split /\n/, $out), join("\n", sort @shape_rows),
	'restored: the columns of domains and arrays named, with their newest ids (a uuid column: every version)')
  or diag($err);
for my $s (@schemes)
{
	is(at_or_below($restored, $s, $shape_newest{ $s->{name} }), 0,
		"restored: $s->{name}: after the call, no new id at or below the id of the domain or array column");
}

# Values an ordinary user stored: the greatest UUIDv7 and a UUIDv4 read as
# a muid (dated 3513), in columns whose default calls the generator.
my $user_v7 = 'ffffffff-ffff-7fff-bfff-ffffffffffff';
$restored->safe_psql('postgres', qq{
	CREATE ROLE inserter LOGIN;
	GRANT INSERT ON co_uuidv7, co_muid TO inserter;
});
$restored->safe_psql('postgres', "INSERT INTO co_uuidv7 (id, v) VALUES ('$user_v7', 0);"
	  . "INSERT INTO co_muid (id, v) VALUES ('f47ac10b-58cc-4372-a567-0e02b2c3d479'::uuid::muid, 0)",
	extra_params => [ '-U', 'inserter' ]);
my %within = map { $_ => $restored->safe_psql('postgres',
		"SELECT max(id)::text FROM co_$_ WHERE ${_}_timestamp(id) < now() + interval '5 min'") } qw(muid);
$within{uuidv7} = $restored->safe_psql('postgres', "SELECT id::text FROM co_uuidv7 WHERE id < '$user_v7' ORDER BY id DESC LIMIT 1");
my $muid_outlier = $restored->safe_psql('postgres', 'SELECT max(id)::text FROM co_muid');
($ret, $out, $err) = call($restored, 'mover');
is($ret, 0, 'restored: stored outliers: the call succeeds') or diag($err);
like($out, qr/^co_uuidv7\|id\|uuidv7\|$user_v7\|t\|$within{uuidv7}\|already past$/m,
	'restored: the greatest UUIDv7 a user stored is reported beyond the limit, the newest within it followed');
like($out, qr/^co_muid\|id\|muid\|$muid_outlier\|t\|$within{muid}\|already past$/m,
	'restored: a UUIDv4 stored as a muid is reported beyond the limit, the newest within it followed');
for my $s (@schemes)
{
	is($restored->safe_psql('postgres', "SELECT $s->{timestamp}($s->{gen}) < now() + interval '5 min'"), 't',
		"restored: $s->{name}: the clock still generates ids of now after the outliers");
}
for my $follow ('public.co_uuidv7.id', 'public.co_muid.id')
{
	($ret, $out, $err) = $restored->psql('postgres',
		"\\set VERBOSITY verbose\nSELECT * FROM idtypes_advance_clocks_past_stored(follow => ARRAY['$follow'])");
	like($err, qr/ERROR:  22008: /, "restored: $follow followed by name: refused even to a superuser (22008)");
}
for my $s (@schemes)
{
	is($restored->safe_psql('postgres', "SELECT $s->{timestamp}($s->{gen}) < now() + interval '5 min'"), 't',
		"restored: $s->{name}: no clock moved by the refused calls");
}

# The end of an index full of dead entries (rows deleted, not vacuumed):
# the scan steps over them (and marks them dead) to the newest live id.
$restored->safe_psql('postgres', q{
	CREATE TABLE co_dead (id uuid PRIMARY KEY DEFAULT uuidv7_next(), v int);
	ALTER TABLE co_dead SET (autovacuum_enabled = off);
	INSERT INTO co_dead (v) SELECT g FROM generate_series(1, 20000) g;
	DELETE FROM co_dead WHERE v > 100;
	GRANT SELECT ON co_dead TO mover;
	CREATE TABLE co_noids (v int);
});
my $live = $restored->safe_psql('postgres', 'SELECT max(id::text) FROM co_dead');
($ret, $out, $err) = call($restored, 'mover', q{columns => ARRAY['public.co_dead']});
like($out, qr/^co_dead\|id\|uuidv7\|$live\|f\|$live\|/m,
	'restored: the end of an index of dead entries: the newest live id, read twice over the same dead entries')
  or diag($err);
($ret, $out, $err) = call($restored, 'mover', q{columns => ARRAY['public.co_dead']});
like($out, qr/^co_dead\|id\|uuidv7\|$live\|/m, 'restored: again, with the entries marked dead') or diag($err);

# A partition whose own default calls a generator, under a parent whose
# default does not: read by default.
$restored->safe_psql('postgres', q{
	CREATE TABLE co_parts (id muid, v int) PARTITION BY RANGE (v);
	CREATE TABLE co_part1 PARTITION OF co_parts FOR VALUES FROM (0) TO (100);
	ALTER TABLE co_part1 ALTER COLUMN id SET DEFAULT gen_muid();
	INSERT INTO co_part1 (v) VALUES (1);
	GRANT SELECT ON co_parts, co_part1 TO mover;
});
my $part_id = $restored->safe_psql('postgres', 'SELECT id FROM co_part1');
($ret, $out, $err) = call($restored, 'mover');
like($out, qr/^co_part1\|id\|muid\|$part_id\|f\|$part_id\|/m,
	'restored: a partition with a generator\'s default of its own is read by default') or diag($err);

# A column changed by its owner while the call waits for the table's lock:
# the call reads nothing of it, and says so (40001).
my $owner = $restored->background_psql('postgres');
$owner->query_safe('BEGIN; LOCK TABLE co_dead IN ACCESS EXCLUSIVE MODE');
my $caller = $restored->background_psql('postgres', on_error_stop => 0);
$caller->query_until(qr/waiting/, q{\echo waiting
SELECT count(*) FROM idtypes_advance_clocks_past_stored(columns => ARRAY['public.co_dead']);
});
$restored->poll_query_until('postgres',
	q{SELECT count(*) > 0 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%past_stored%'})
  or die 'the call does not wait for the lock';
$owner->query_safe('ALTER TABLE co_dead DROP COLUMN id; ALTER TABLE co_dead ADD COLUMN id bigint DEFAULT 42; COMMIT');
my $changed = $caller->query('SELECT 1');
like($caller->{stderr}, qr/ERROR:  idtypes_advance_clocks_past_stored\(\): column id of co_dead changed while it was read/,
	'restored: a column dropped and added again while the call waited for its lock: an error, nothing read');
$caller->quit;
$owner->quit;

# An empty list reads nothing.
($ret, $out, $err) = call($restored, 'mover', q{columns => '{}'});
is("$ret|$out", '0|', 'restored: an empty list of columns reads nothing') or diag($err);

# Names that do not exist, or hold no ids.
for my $case (
	[ q{columns => ARRAY['nosuch']}, '3F000', 'a schema that does not exist' ],
	[ q{columns => ARRAY['public.nosuch']}, '42P01', 'a table that does not exist' ],
	[ q{columns => ARRAY['public.co_muid.nosuch']}, '42703', 'a column that does not exist' ],
	[ q{columns => ARRAY['public.co_muid.v']}, '42804', 'a column that holds no ids' ],
	[ q{columns => ARRAY['public.co_noids']}, '22023', 'a table without a column of ids' ],
	[ q{columns => ARRAY['a.b.c.d']}, '22023', 'a name of four parts' ],
	[ q{columns => ARRAY['']}, '22023', 'an empty name' ],
	[ q{columns => ARRAY[NULL]::text[]}, '22004', 'a NULL name' ],
	[ q{follow => ARRAY['public.co_muid']}, '22023', 'a table in follow' ],
	[ q{follow => ARRAY['public.co_random.id']}, '22023', 'a column in follow that is not read' ])
{
	($ret, $out, $err) = call($restored, 'mover', $case->[0]);
	like($err, qr/ERROR:  $case->[1]: /, "restored: $case->[2]: $case->[1]");
}

#
# 2. A cutover by logical replication: the initial copy, then changes.
#
my $subscriber = behind_server('subscriber', '');
my ($schema_out, $schema_err);
IPC::Run::run([ 'pg_dump', '--schema-only', '--no-owner', '--no-privileges', '-d', $origin->connstr('postgres') ],
	'|', [ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $subscriber->connstr('postgres') ],
	'>', \$schema_out, '2>', \$schema_err)
  or die "pg_dump --schema-only | psql failed: $schema_err";
grant_call($subscriber);
$origin->safe_psql('postgres', 'CREATE PUBLICATION cutover FOR ALL TABLES');
my $origin_conn = $origin->connstr . ' dbname=postgres';
$subscriber->safe_psql('postgres',
	"CREATE SUBSCRIPTION cutover CONNECTION '$origin_conn' PUBLICATION cutover WITH (copy_data = true)");
$subscriber->wait_for_subscription_sync($origin, 'cutover');
insert_rows(100);
$origin->wait_for_catchup('cutover');
%newest = newest($origin);
is_deeply({ newest($subscriber) }, \%newest, 'subscriber: the newest ids are the origin\'s, copied and streamed');
# the cutover: the origin stops writing, the subscription goes
$subscriber->safe_psql('postgres', 'DROP SUBSCRIPTION cutover');
cutover($subscriber, 'subscriber', \%newest);

$subscriber->stop;
$restored->stop;
$origin->stop;
done_testing();
