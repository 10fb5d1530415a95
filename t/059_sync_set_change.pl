# Ids when the set of synchronous standbys changes.  A primary with two
# streaming standbys, s1 and s2; s2 lags (its walsender is stopped with
# SIGSTOP, as a network that stalls).  While s1 confirms, every scheme's
# generator and safe bound returns at once.  Then the set changes so that
# s2, which has not confirmed the reservations, is the synchronous standby:
#
#   1. FIRST 1 (s1, s2), and s1 fails;
#   2. ANY 1 (s1, s2), and s1 fails;
#   3. 's1', reloaded as 's2'.
#
# Core's confirmed positions still speak for s1 (they never go back), and
# so did each clock's confirmed values: ids that only s1 had confirmed kept
# flowing.  After the change, every generator and every safe bound must
# wait for s2 (a statement timeout ends the wait with 57014, no id), and
# return once s2 goes on.  Each scenario first shows its calls return at
# once before the change, so that a wait is the change's doing.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my @schemes = schemes();

my $p = PostgreSQL::Test::Cluster->new('primary');
$p->init(allows_streaming => 1);
$p->append_conf('postgresql.conf', q{
shared_preload_libraries = 'idtypes'
idtypes.uid8_generator_id = 1
synchronous_commit = on
wal_sender_timeout = 0
});
$p->start;
$p->safe_psql('postgres', 'CREATE EXTENSION idtypes');
$p->backup('b');
my %standby;
for my $name (qw(s1 s2))
{
	my $s = PostgreSQL::Test::Cluster->new($name);
	$s->init_from_backup($p, 'b', has_streaming => 1);
	$s->append_conf('postgresql.conf', "wal_receiver_timeout = 0\n");
	$s->start;
	$standby{$name} = $s;
}

# The schemes whose safe bound this server gives (uid8's needs its
# generator id, set above, and time_sequential ids).
my @bounds = grep { $p->psql('postgres', "SELECT $_->{name}_safe_bound()") == 0 } @schemes;

# Every generator and every safe bound, each in a statement of its own
# with a timeout: the SQLSTATEs, "00000" for a call that returned.
sub calls
{
	my ($timeout) = @_;
	my @sql = ((map { "SELECT $_->{gen}" } @schemes), (map { "SELECT $_->{name}_safe_bound()" } @bounds));
	my %state;
	for my $q (@sql)
	{
		my ($ret, $out, $err) = $p->psql('postgres', "SET statement_timeout = '$timeout';\n$q",
			extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		$state{$q} = $ret == 0 ? '00000' : ($err =~ /ERROR:  (\w{5}):/ ? $1 : "exit $ret");
	}
	return %state;
}

sub walsender_of
{
	my ($name) = @_;
	my $pid = $p->safe_psql('postgres', "SELECT pid FROM pg_stat_replication WHERE application_name = '$name'");
	die "no walsender for $name" unless $pid =~ /^\d+$/;
	return $pid;
}

sub set_names
{
	my ($names) = @_;
	$p->safe_psql('postgres', "ALTER SYSTEM SET synchronous_standby_names = '$names'; SELECT pg_reload_conf()");
	$p->poll_query_until('postgres', "SELECT current_setting('synchronous_standby_names') = '$names'")
	  or die "synchronous_standby_names was not reloaded";
	return;
}

# Both standbys streaming and caught up, s1 synchronous (with priority), s2
# stopped: before the change, every call returns at once.
sub before_change
{
	my ($label, $names, $sync) = @_;
	set_names($names);
	$p->poll_query_until('postgres',
		q{SELECT count(*) = 2 FROM pg_stat_replication WHERE state = 'streaming' AND sync_state <> 'async'})
	  or die "$label: the standbys do not stream as candidates";
	$p->wait_for_catchup($standby{s2}, 'replay');
	my $walsender = walsender_of('s2');
	kill('STOP', $walsender) or die "could not stop the walsender: $!";
	# ids and bounds whose reservations s1 confirms
	my %state = calls('60s');
	is(join(' ', sort values %state), join(' ', ('00000') x scalar(keys %state)),
		"$label: with s1 confirming ($sync), every generator and bound returns");
	%state = calls('10s');
	is(join(' ', sort values %state), join(' ', ('00000') x scalar(keys %state)),
		"$label: again, within the confirmed reservations");
	return $walsender;
}

# After the change: every call waits for s2 (57014 at the timeout); once
# s2's walsender goes on, every call returns.
sub after_change
{
	my ($label, $walsender) = @_;
	my %state = calls('500ms');
	my @returned = sort grep { $state{$_} ne '57014' } keys %state;
	is(scalar(@returned), 0,
		"$label: every generator and bound waits for s2, which has not confirmed (57014 at the timeout): "
		  . scalar(keys %state) . ' calls')
	  or diag('returned without s2: ' . join('; ', map { "$_ ($state{$_})" } @returned));
	kill('CONT', $walsender) or die "could not resume the walsender: $!";
	%state = calls('60s');
	is(join(' ', sort values %state), join(' ', ('00000') x scalar(keys %state)),
		"$label: once s2 confirms, every generator and bound returns");
	return;
}

# 1. FIRST 1 (s1, s2): s1 fails, s2 becomes the synchronous standby
my $w = before_change('FIRST 1, s1 fails', 'FIRST 1 (s1, s2)', 'FIRST 1');
$standby{s1}->stop('immediate');
$p->poll_query_until('postgres', q{SELECT count(*) = 0 FROM pg_stat_replication WHERE application_name = 's1'})
  or die 's1 did not go';
after_change('FIRST 1, s1 fails', $w);

# 2. ANY 1 (s1, s2): s1 fails, s2 is the quorum
$standby{s1}->start;
$w = before_change('ANY 1, s1 fails', 'ANY 1 (s1, s2)', 'ANY 1');
$standby{s1}->stop('immediate');
$p->poll_query_until('postgres', q{SELECT count(*) = 0 FROM pg_stat_replication WHERE application_name = 's1'})
  or die 's1 did not go';
after_change('ANY 1, s1 fails', $w);

# 3. 's1', reloaded as 's2', with both standbys up
$standby{s1}->start;
$w = before_change("'s1' reloaded as 's2'", 'FIRST 1 (s1, s2)', 'FIRST 1');
set_names('s1');
# s1 alone synchronous, s2 still stopped: the calls return
my %state = calls('10s');
is(join(' ', sort values %state), join(' ', ('00000') x scalar(keys %state)),
	"'s1' reloaded as 's2': with 's1' alone, every call returns");
set_names('s2');
after_change("'s1' reloaded as 's2'", $w);

$standby{$_}->stop for qw(s1 s2);
$p->stop;
done_testing();
