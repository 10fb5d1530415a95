# The limit of every clock move, and the way out of a clock moved too far.
#
# A member of idtypes.clock_mover_role who is not a superuser moves no clock
# further ahead of the system clock than idtypes.clock_max_ahead, through
# any function, whatever idtypes.hlculid_max_drift says (-1 here); a
# superuser can, and can so exhaust the hlculid clock (an id dated 10889).
# idtypes_rewind_clock() moves that one clock back: generation resumes,
# the other clocks keep their place (one of them moved far ahead by the
# superuser), and a crash restart (which replays the WAL record), a clean
# restart (the state file) and the promoted standby (which replayed it)
# all keep the clock where it was moved back to.  A backend that generates
# uid8s with a word of its own follows its clock down.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my @schemes = schemes();

my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', q{
shared_preload_libraries = 'idtypes'
idtypes.clock_mover_role = 'movers'
idtypes.hlculid_max_drift = -1
idtypes.clock_max_ahead = '1min'
max_prepared_transactions = 2
});
$primary->start;
$primary->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE ROLE movers;
	CREATE ROLE carol LOGIN IN ROLE movers;
	GRANT EXECUTE ON FUNCTION hlculid_observe(hlculid), idtypes_advance_clock(text, timestamptz),
		idtypes_advance_clock(muid), idtypes_advance_clock(hlculid), idtypes_advance_clock(uid8),
		idtypes_advance_clock(uuid), idtypes_advance_clock(tid62), idtypes_rewind_clock(text, timestamptz)
		TO carol;
});
$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;

sub carol
{
	my ($sql) = @_;
	my ($ret, $out, $err) = $primary->psql('postgres', $sql, extra_params => [ '-U', 'carol' ]);
	return ($ret, $err);
}

#
# A member of the mover role: no clock past the limit, by any function.
#
for my $s (@schemes)
{
	my $name = $s->{name};
	my ($ret, $err) = carol("SELECT idtypes_advance_clock('$name', now() + interval '2 minutes')");
	like($err, qr/ERROR:  idtypes_advance_clock\(\) cannot move the $name clock that far ahead of this server's clock/,
		"$name: a mover cannot advance the clock 2 minutes ahead with a limit of 1");
	($ret, $err) = carol("SELECT idtypes_advance_clock(${name}_floor(now() + interval '1 year'))");
	like($err, qr/ERROR:  idtypes_advance_clock\(\) cannot move the $name clock that far ahead/,
		"$name: nor past an id a year ahead");
	($ret, $err) = carol("SELECT idtypes_advance_clock('$name', now() + interval '20 seconds')");
	is($ret, 0, "$name: but 20 seconds ahead, within the limit") or diag($err);
}
for my $far ('hlculid_from_parts(now() + interval \'2 minutes\', 0, 1, 0)', q{'7ZZZZZZZZZZZZZZZZZZZZZZZZZ'})
{
	my ($ret, $err) = carol("SELECT hlculid_observe($far)");
	like($err, qr/ERROR:  hlculid_observe\(\) cannot move the hlculid clock that far ahead.*\n.*idtypes.clock_max_ahead allows 60000 ms/,
		"hlculid_observe($far): refused to a mover, though idtypes.hlculid_max_drift is -1");
}
is($primary->safe_psql('postgres', 'SELECT ' . join(' AND ',
			map { "$_->{timestamp}($_->{gen}) < now() + interval '1 minute'" } @schemes)),
	't', 'no clock went further than the limit');

#
# A superuser can: the hlculid clock to its end, the tid62 clock 10 minutes
# ahead (each with a warning).
#
my %before = map {
	my $s = $_;
	($s->{name} => $primary->safe_psql('postgres', "SELECT $s->{gen}"))
} @schemes;
$primary->safe_psql('postgres', 'CHECKPOINT');	# the records below are replayed after a crash
my ($ret, $out, $err) = $primary->psql('postgres',
	q{SELECT hlculid_observe('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), idtypes_advance_clock('tid62', now() + interval '10 minutes') > now()});
is($out, '|t', 'a superuser moves the hlculid clock to its end and the tid62 clock 10 minutes ahead') or diag($err);
like($err, qr/WARNING:  the hlculid clock is moved \d+ s ahead of this server's clock/, 'with a warning');
($ret, $out, $err) = $primary->psql('postgres', 'SELECT gen_hlculid()');
like($err, qr/ERROR:  the hlculid clock is exhausted/, 'the hlculid clock is exhausted');
is($primary->safe_psql('postgres', q{SELECT hlculid_safe_bound() > hlculid_floor('10000-01-01')}),
	't', 'and so is its safe bound');

#
# The way out: idtypes_rewind_clock(), for superusers, no further back than
# the system clock plus the limit.
#
($ret, $err) = carol(q{SELECT idtypes_rewind_clock('hlculid', now() + interval '2 minutes')});
like($err, qr/ERROR:  permission denied to move the hlculid clock back/, 'a mover cannot move a clock back');
($ret, $out, $err) = $primary->psql('postgres', q{SELECT idtypes_rewind_clock('hlculid', now() + interval '30 seconds')});
like($err, qr/ERROR:  cannot move the hlculid clock back to .*\n.*DETAIL:  A clock is moved back no further than the system clock plus idtypes.clock_max_ahead/,
	'nor back to before the system clock plus the limit');
my (undef, undef, $standby_err) = $standby->psql('postgres', q{SELECT idtypes_rewind_clock('hlculid', now() + interval '2 minutes')});
$primary->safe_psql('postgres', q{CREATE TABLE target AS SELECT now() + interval '2 minutes' AS t});
is($primary->safe_psql('postgres', q{
	WITH r AS MATERIALIZED (SELECT idtypes_rewind_clock('hlculid', t) AS at, t FROM target)
	SELECT at BETWEEN t - interval '1 ms' AND t FROM r}),
	't', 'a superuser moves the hlculid clock back to two minutes ahead');

# what must hold after the rewind, wherever it is checked
my $after = 'SELECT '
  . join(' AND ',
	q{(SELECT hlculid_timestamp(gen_hlculid()) > t AND hlculid_timestamp(gen_hlculid()) < t + interval '1 hour' FROM target)},
	q{(SELECT tid62_timestamp(gen_tid62()) > now() + interval '9 minutes')},
	map { "$_->{gen} > '$before{$_->{name}}'::$_->{type}" } @schemes);
# (a failed check is a failed assertion, not the end of the file)
sub after
{
	my ($node, $what) = @_;
	my ($ret, $out, $err) = $node->psql('postgres', $after);
	is($out, 't', $what) or diag($err);
}
after($primary, 'hlculid generates again from there; every clock above its ids from before, tid62 still 10 minutes ahead');
# the safe bound starts again from the clock: below an id that a
# transaction (here a prepared one) holds
my $held = $primary->safe_psql('postgres', q{BEGIN; SELECT gen_hlculid(); PREPARE TRANSACTION 'held'});
is($primary->safe_psql('postgres', qq{SELECT hlculid_safe_bound() <= '$held'::hlculid}),
	't', 'the safe bound follows the clock back, below an id still held');
$primary->safe_psql('postgres', q{COMMIT PREPARED 'held'});
$primary->wait_for_catchup($standby);

$primary->stop('immediate');
$primary->start;
after($primary, 'after a crash restart (redo of the record), the same');
$primary->restart;
after($primary, 'after a clean restart (the state file), the same');
like(slurp_file($primary->data_dir . '/idtypes.state'), qr/^hlculid \d+$/m, 'the state file has the clock');

like($standby_err, qr/ERROR:  cannot move the hlculid clock back during recovery/, 'a standby does not move a clock back');
$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'no promotion';
$standby->safe_psql('postgres', 'SELECT 1 FROM target');
after($standby, 'the promoted standby replayed the record: the same');

#
# uid8 with automatic generator ids: a backend's word of its own follows its
# clock back, in the same session.
#
is($primary->safe_psql('postgres', q{
	SELECT idtypes_advance_clock('uid8', now() + interval '10 minutes') IS NOT NULL;
	SELECT uid8_timestamp(gen_uid8()) > now() + interval '9 minutes';
	SELECT idtypes_rewind_clock('uid8', now() + interval '2 minutes') IS NOT NULL;
	SELECT uid8_timestamp(gen_uid8()) < now() + interval '3 minutes';
}), "t\nt\nt\nt", 'uid8: a backend with its own generator id follows the clock back');

$standby->stop;
$primary->stop;
done_testing();
