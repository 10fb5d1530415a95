# The ways out of a refused or troubled start, as an operator follows them:
# a state file that exists but cannot be read stops the start and is left
# as it is (never moved aside and resumed from its time, which reissues ids
# when the clocks were ahead of the system clock); a state file deleted
# under a running server does not turn a backend crash into an outage; the
# far-ahead warning's hint leads out in one step, even with a
# idtypes.state.damaged of an earlier event; and a file with up to 64 kB of
# lines of unknown clocks keeps all of them.  uid8 comes from a configured
# generator id in time_sequential mode, where a start from an earlier clock
# repeats ids; the system clock is 6 seconds behind the newest ids
# (libfaketime).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);

plan skip_all => 'libfaketime is not installed' unless faketime_lib();
plan skip_all => 'the tests run as root, which can read any file'
  if $> == 0;

my @schemes = schemes();

sub sql
{
	my ($node, $query) = @_;
	return $node->safe_psql('postgres', $query);
}

# A batch of ids of every scheme, as phase $phase: 10 transactions of 500.
sub generate
{
	my ($node, $phase) = @_;
	sql($node, "INSERT INTO ids SELECT $phase" . join('', map { ", $_->{gen}" } @schemes)
		  . ' FROM generate_series(1, 500)')
	  for 1 .. 10;
}

# How many ids of phase $new repeat an earlier one, and the schemes whose
# newest earlier id is not below every id of phase $new ('' when none).
sub check_phase
{
	my ($node, $new, $name) = @_;
	my $repeats = sql($node, 'SELECT ' . join(' + ', map {
		"(SELECT count(*) FROM ids a JOIN ids b ON a.c_$_->{name} = b.c_$_->{name} "
		  . "AND a.phase < $new AND b.phase = $new)" } @schemes));
	is($repeats, '0', "$name: no id of phase $new repeats an earlier one");
	is(sql($node, q{SELECT concat_ws(' ', } . join(', ', map {
		my $k = "c_$_->{name}";
		"CASE WHEN (SELECT $k FROM ids WHERE phase < $new ORDER BY 1 DESC LIMIT 1) >= "
		  . "(SELECT $k FROM ids WHERE phase = $new ORDER BY 1 LIMIT 1) THEN '$_->{name}' END" } @schemes)
		  . ')'), '', "$name: every id of phase $new sorts after every earlier id");
	return $repeats;
}

my $node = PostgreSQL::Test::Cluster->new('recovery');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
restart_after_crash = on
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_generator_id = 9
});
my $rc = $node->basedir . '/faketime.rc';
set_clock($rc, '+0');
my %faked = stepped_clock($rc);
start_faked($node, %faked);
sql($node, 'CREATE EXTENSION idtypes; CREATE TABLE ids (phase int'
	  . join('', map { ", c_$_->{name} $_->{type}" } @schemes) . ')');
my $dir = $node->data_dir;
my $state_file = "$dir/idtypes.state";

#
# 1. A state file that cannot be opened (a restore as another user): no
# start, the file untouched; once readable, the clocks resume from it.
#
generate($node, 1);
$node->stop('immediate');
my $saved = slurp_file($state_file);
chmod 0000, $state_file or die;
set_clock($rc, '-6s');
my $log_offset = -s $node->logfile;
my $started = start_faked($node, %faked, fail_ok => 1);
ok(!$started, 'an unreadable state file: no start');
my $log = slurp_file($node->logfile, $log_offset);
my $phase = 2;
if ($started)
{
	# it started anyway: what that reissued, then the saved file back
	generate($node, $phase);
	note('an unreadable file, started from: ' . check_phase($node, $phase, 'unreadable file')
		  . ' repeated ids');
	$phase++;
	$node->stop;
	unlink("$state_file.damaged");
	append_to_file("$state_file.saved", $saved);
	rename("$state_file.saved", $state_file) or die;
	$log_offset = -s $node->logfile;
}
like($log, qr/FATAL:  could not open idtypes state file "idtypes.state": Permission denied/,
	'the log says which file and why');
like($log, qr/HINT:  Give the file to the operating system user that runs the server/, 'and what to do');
ok(!-e "$state_file.damaged", 'the file is not moved aside');
chmod 0600, $state_file or die;
is(slurp_file($state_file), $saved, 'nor changed');
start_faked($node, %faked);
unlike(slurp_file($node->logfile, $log_offset), qr/WARNING:  idtypes state file/,
	'readable again, it is trusted');
generate($node, $phase);
check_phase($node, $phase, 'unreadable file, then made readable');
$phase++;

#
# 6. The state file deleted under the running server, then a backend crash:
# the server comes back, with the file written again from the clocks it
# held, and nothing is reissued (the system clock is still behind).
#
unlink($state_file) or die;
$log_offset = -s $node->logfile;
my $victim = $node->background_psql('postgres');
my $pid = $victim->query_safe('SELECT pg_backend_pid()');
chomp($pid);
kill('KILL', $pid) or die "could not kill backend $pid: $!";
$node->wait_for_log(qr/all server processes terminated; reinitializing/, $log_offset);
my $up = 0;
foreach (1 .. 300)
{
	$log = slurp_file($node->logfile, $log_offset);
	last if $log =~ /FATAL:  idtypes state file/;
	if ($log =~ /database system is ready to accept connections/)
	{
		$up = 1;
		last;
	}
	usleep(100_000);
}
eval { $victim->quit; };
ok($up, 'a backend crash with the state file deleted: the server comes back')
  or diag($log);
if ($up)
{
	like($log, qr/WARNING:  idtypes state file "idtypes.state" was missing after a backend crash, and was written again/,
		'and says that it wrote the file again');
	ok(-e $state_file, 'the file is there');
	generate($node, $phase);
	check_phase($node, $phase, 'file deleted, then a backend crash');
	$node->stop;
}
else
{
	# the postmaster has gone: let the rest start from the saved file
	append_to_file($state_file, $saved);
	unlink("$dir/postmaster.pid");
	$node->_update_pid(0);
}

#
# 7. The far-ahead warning's hint, followed to the letter with an
# idtypes.state.damaged left from an earlier event, leads to a start.
#
my %now_state = slurp_file($state_file) =~ /^(\w+) (\d+)$/mg;
my $year = 366 * 86400;
my $body = "idtypes state 1\n"
  . join('', map { "$_->{name} " . ($now_state{ $_->{name} } + $year * $_->{clock_rate}) . "\n" } @schemes);
write_state_file($state_file, $body);
append_to_file("$state_file.damaged", 'from an earlier event');
$log_offset = -s $node->logfile;
start_faked($node, %faked);
$log = slurp_file($node->logfile, $log_offset);
my ($hint) = $log =~ /far ahead of the system clock.*?\n.*?HINT:  ([^\n]*)/s;
ok(defined $hint, 'a file a year ahead: the warning and its hint') or diag($log);
$hint //= '';
my @named = $hint =~ /remove (.*?), and start it again/ ? ($1 =~ /"([^"]+)"/g) : ();
note("the hint says to remove: @named");
ok(scalar(@named) >= 2, 'the hint names the files to remove');
$node->stop;
unlink(map { "$dir/$_" } @named);
$log_offset = -s $node->logfile;
ok(start_faked($node, %faked, fail_ok => 1), 'after removing what the hint names, the server starts')
  or diag(slurp_file($node->logfile, $log_offset)), unlink(map { "$dir/$_" } qw(idtypes.state.damaged idtypes.started)),
  start_faked($node, %faked);
ok(!-e "$state_file.damaged" && -e $state_file, 'with a new state file, and nothing else left');

#
# 7. Up to 64 kB of lines of unknown clocks, in a file that fits: all kept.
#
$node->stop;
my $n = 0;
my $extra = '';
$extra .= sprintf("newer_clock_%05d %d\n", ++$n, 1_000_000_000_000 + $n) while length($extra) < 63_000;
write_state_file($state_file, state_file_body($state_file) . $extra);
note(sprintf('a file of %d bytes, %d of them in %d lines of unknown clocks', -s $state_file, length($extra), $n));
$log_offset = -s $node->logfile;
start_faked($node, %faked);
unlike(slurp_file($node->logfile, $log_offset), qr/idtypes state file/,
	'63 kB of lines of unknown clocks are accepted');
generate($node, 10);
$node->restart;
$node->stop;
my @kept = slurp_file($state_file) =~ /^newer_clock_\d+ \d+$/mg;
is(scalar(@kept), $n, "all $n lines are carried through the rewrites");

# more than 64 kB of them: damaged, with the warning, never cut silently
$body = state_file_body($state_file);
$body .= "x" x 2000 . " 1\n" for 1 .. 2;
write_state_file($state_file, $body);
$log_offset = -s $node->logfile;
start_faked($node, %faked);
like(slurp_file($node->logfile, $log_offset),
	qr/WARNING:  idtypes state file "idtypes.state" has more than 65536 bytes of lines of unknown clocks/,
	'more than 64 kB of them: treated as damaged, with the warning');
$node->stop;

done_testing();
