# A cutover in one call: idtypes_advance_clocks_past_stored() moves every
# scheme's clock past the newest id stored in the database, where no WAL
# carried the clocks over (src/stored.c).  Two servers receive the
# ids of an origin and run 30 seconds behind it (libfaketime):
#
#   1. a logical dump of the origin restored (pg_dump | psql);
#   2. a subscriber by logical replication, with the initial copy and the
#      changes streamed after it.
#
# On each, before the call, new ids of every scheme fall at or below the
# ids the server received: the hazard is real, and the test fails if the
# function moves nothing.  A member of idtypes.clock_mover_role calls it:
# it names every column it read with the newest id the origin wrote there
# (NULL for a uuid column of random UUIDs, and for a UUID version a column
# does not hold); then none of 1000 new ids of any scheme is at or below
# one received.  On the restored server it first refuses, with no clock
# moved: a role without EXECUTE, a role that is not a mover, a table the
# mover may not read, a table whose rows row-level security hides, ids
# further ahead than idtypes.clock_max_ahead.
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
my $behind = '-30s';
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
		GRANT EXECUTE ON FUNCTION idtypes_advance_clocks_past_stored() TO mover, outsider;
		GRANT SELECT ON ALL TABLES IN SCHEMA public TO mover, outsider;
	});
	return;
}

# The function called by $role: (exit code, its rows, stderr).
sub call
{
	my ($node, $role) = @_;
	my ($ret, $out, $err) = $node->psql('postgres',
		"\\set VERBOSITY verbose\nSELECT relation, column_name, scheme, coalesce(newest_id, 'NULL') "
		  . 'FROM idtypes_advance_clocks_past_stored()',
		extra_params => [ '-U', $role ]);
	return ($ret, $out, $err);
}

# The rows the call must return: each table's column, for each scheme of
# its type, with the newest id the origin wrote there (NULL elsewhere);
# %extra: more tables, with their column's type.
my %table_type = ((map { ("co_$_->{name}" => $_->{type}) } @schemes), co_random => 'uuid');

sub expected_rows
{
	my ($newest, %extra) = @_;
	my %types = (%table_type, %extra);
	my @rows;
	for my $t (keys %types)
	{
		for my $s (grep { $_->{type} eq $types{$t} } @schemes)
		{
			push @rows, "$t|id|$s->{name}|" . ($t eq "co_$s->{name}" ? $newest->{ $s->{name} } : 'NULL');
		}
	}
	return join("\n", sort @rows);
}

# Before the call: new ids of every scheme at or below the newest received
# (the hazard); then the call by mover, its rows; then none at or below.
sub cutover
{
	my ($node, $label, $newest, %extra) = @_;
	for my $s (@schemes)
	{
		my $n = at_or_below($node, $s, $newest->{ $s->{name} });
		ok($n > 0, "$label: $s->{name}: without the call, new ids at or below the received ones ($n of $count)");
	}
	my ($ret, $out, $err) = call($node, 'mover');
	is($ret, 0, "$label: a mover calls idtypes_advance_clocks_past_stored()") or diag($err);
	is(join("\n", sort split /\n/, $out), expected_rows($newest, %extra),
		"$label: one row per column and scheme read, with the newest id the origin wrote");
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
my $restored = behind_server('restored', "idtypes.clock_max_ahead = '10s'");
my ($restore_out, $restore_err);
IPC::Run::run([ 'pg_dump', '--no-owner', '--no-privileges', '-d', $origin->connstr('postgres') ],
	'|', [ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $restored->connstr('postgres') ],
	'>', \$restore_out, '2>', \$restore_err)
  or die "pg_dump | psql failed: $restore_err";
is_deeply({ newest($restored) }, \%newest, 'restored: the newest ids are the origin\'s');
grant_call($restored);
# a table the mover may not read, empty
$restored->safe_psql('postgres', 'CREATE TABLE co_secret (id muid)');

my ($ret, $out, $err) = call($restored, 'nobody');
like($err, qr/ERROR:  42501: permission denied for function idtypes_advance_clocks_past_stored/,
	'restored: refused to a role without EXECUTE (42501)');
($ret, $out, $err) = call($restored, 'outsider');
like($err, qr/ERROR:  42501: permission denied to move the server-wide \w+ clock/,
	'restored: refused to a role that is not a member of idtypes.clock_mover_role (42501)');
($ret, $out, $err) = call($restored, 'mover');
like($err, qr/ERROR:  42501: permission denied for table public\.co_secret\n.*reads column id of every table/,
	'restored: a table the mover may not read is an error naming it (42501)');
$restored->safe_psql('postgres', 'GRANT SELECT ON co_secret TO mover; ALTER TABLE co_secret ENABLE ROW LEVEL SECURITY');
($ret, $out, $err) = call($restored, 'mover');
like($err, qr/ERROR:  42501: row-level security hides rows of table public\.co_secret/,
	'restored: a table whose rows row-level security hides from the mover is an error naming it (42501)');
$restored->safe_psql('postgres', 'ALTER TABLE co_secret DISABLE ROW LEVEL SECURITY');
($ret, $out, $err) = call($restored, 'mover');
like($err, qr/ERROR:  22008: idtypes_advance_clocks_past_stored\(\) cannot move the \w+ clock that far ahead/,
	'restored: ids 30 s ahead, with idtypes.clock_max_ahead at 10 s: refused to a mover (22008)');
# every refusal moved nothing: cutover() asserts the hazard first
$restored->safe_psql('postgres', "ALTER SYSTEM SET idtypes.clock_max_ahead = '1min'; SELECT pg_reload_conf()");
$restored->poll_query_until('postgres', q{SELECT current_setting('idtypes.clock_max_ahead') = '1min'})
  or die 'idtypes.clock_max_ahead was not reloaded';
cutover($restored, 'restored', \%newest, co_secret => 'muid');

# Domains over the types and arrays of them, every other scheme: one id of
# each, 50 s ahead of the restored server's clock (20 s past the origin's).
my (@columns, %shape_newest, @shape_rows);
for my $i (0 .. $#schemes)
{
	my $s = $schemes[$i];
	my $domain = $i % 2 == 0;
	$restored->safe_psql('postgres', "CREATE DOMAIN d_$s->{name} AS $s->{type}") if $domain;
	push @columns, [ $s, "c_$s->{name}", $domain ? "d_$s->{name}" : "$s->{type}\[\]",
		$domain ? "$s->{floor_fn}(now() + interval '50 s')" : "ARRAY[NULL, $s->{floor_fn}(now() + interval '50 s')]" ];
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
	push @shape_rows, map { "co_shapes|$col|$_->{name}|" . ($_ eq $s ? $id : 'NULL') } grep { $_->{type} eq $s->{type} } @schemes;
	my $n = at_or_below($restored, $s, $id);
	ok($n > 0, "restored: $s->{name}: new ids at or below an id of a" . ($array ? 'n array' : ' domain')
		  . " column 20 s ahead, before the call ($n of $count)");
}
($ret, $out, $err) = call($restored, 'mover');
is(join("\n", grep { /^co_shapes\|/ } sort split /\n/, $out), join("\n", sort @shape_rows),
	'restored: the columns of domains and arrays, with their newest ids') or diag($err);
for my $s (@schemes)
{
	is(at_or_below($restored, $s, $shape_newest{ $s->{name} }), 0,
		"restored: $s->{name}: after the call, no new id at or below the id of the domain or array column");
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
