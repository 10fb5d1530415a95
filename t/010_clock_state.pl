# The shared clocks' state file: persisted ahead of use, resumed after clean
# restarts, immediate shutdowns, backend crashes and a killed postmaster, with
# the system clock stepped back; damaged, unreadable and newer files.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $faketime = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
plan skip_all => 'libfaketime is not installed' unless -e $faketime;

my $node = PostgreSQL::Test::Cluster->new('clock_state');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
restart_after_crash = on
});
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE TABLE ids (id muid PRIMARY KEY, phase text);
});
my $state_file = $node->data_dir . '/idtypes.state';

# generate: ten transactions of ten muids each
sub generate
{
	my ($phase) = @_;
	for (1 .. 10)
	{
		$node->safe_psql('postgres',
			"INSERT INTO ids SELECT gen_muid(), '$phase' FROM generate_series(1, 10)");
	}
}

# the muids of a phase all sort after all earlier ones
sub after_all_earlier
{
	my ($phase, $name) = @_;
	is($node->safe_psql('postgres', qq{
		SELECT count(*) FROM ids WHERE phase <> '$phase'
		AND id >= (SELECT min(id) FROM ids WHERE phase = '$phase')}),
		'0', $name);
}

sub state_value
{
	my ($name) = @_;
	my $text = slurp_file($state_file);
	return $text =~ /^$name (\d+)$/m ? $1 : undef;
}

sub start_with_clock_back
{
	local $ENV{LD_PRELOAD} = $faketime;
	local $ENV{FAKETIME} = '-10s';
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	$node->start;
}

generate('first');
ok(-e $state_file, 'the state file exists once ids were issued');
my $issued = $node->safe_psql('postgres',
	q{SELECT (extract(epoch FROM muid_timestamp(max(id))) * 1000000)::bigint FROM ids});
my $reserved = state_value('muid');
cmp_ok($reserved, '>', $issued, 'the file covers more than what was issued');
cmp_ok($reserved - $issued, '<=', 6_000_000, 'by at most a few seconds');

# clean restart with the clock 10 s back: the exact last value was saved
$node->stop;
cmp_ok(state_value('muid'), '>=', $issued, 'a clean shutdown saves the last value');
cmp_ok(state_value('muid'), '<', $reserved, 'exactly, not the reservation');
start_with_clock_back();
generate('after clean restart');
after_all_earlier('after clean restart', 'clean restart, clock 10 s back: new muids sort after the old');
$node->stop;
$node->start;

# immediate shutdown
generate('before immediate');
$node->stop('immediate');
start_with_clock_back();
generate('after immediate');
after_all_earlier('after immediate', 'immediate shutdown, clock 10 s back: new muids sort after the old');
$node->stop;
$node->start;

# a backend crash: the postmaster reinitialises shared memory
generate('before backend crash');
my $pid = $node->safe_psql('postgres', 'SELECT pg_backend_pid()');
my $bg = $node->background_psql('postgres');
my $victim = $bg->query_safe('SELECT pg_backend_pid()');
kill 'KILL', $victim;
$bg->quit;
$node->poll_query_until('postgres', 'SELECT 1', '1')
  or die 'the server did not come back after the crash';
generate('after backend crash');
after_all_earlier('after backend crash', 'backend crash: new muids sort after the old');
like(slurp_file($node->logfile), qr/all server processes terminated; reinitializing/,
	'the server went through crash reinitialisation');

# a killed postmaster: nothing is saved, the reservation covers everything
generate('before kill -9');
my $postmaster = $node->safe_psql('postgres',
	q{SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'});
$node->kill9;
# wait for the orphaned children to notice and exit
sleep 1 while kill 0, $postmaster;
unlink $node->data_dir . '/postmaster.pid';
start_with_clock_back();
generate('after kill -9');
after_all_earlier('after kill -9', 'killed postmaster, clock 10 s back: new muids sort after the old');
$node->stop;

# A damaged file: a warning, the file kept aside, and a start from the time
# the file was last written plus the window.  (That covers what was issued
# when the clocks were not ahead of the system clock; the phases above ran
# them ahead, so this part starts over on a fresh server.)
$node = PostgreSQL::Test::Cluster->new('clock_state_damaged');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE TABLE ids (id muid PRIMARY KEY, phase text);
});
$state_file = $node->data_dir . '/idtypes.state';
generate('before damage');
$node->stop;
open(my $fh, '>', $state_file) or die;
print $fh "idtypes state 1\nmuid 12\ncrc 00000000\n";
close $fh;
my $log_offset = -s $node->logfile;
$node->start;
like(slurp_file($node->logfile, $log_offset),
	qr/WARNING:  idtypes state file "idtypes.state" is damaged/, 'a damaged file is reported');
ok(-e "$state_file.damaged", 'and kept aside');
generate('after damaged file');
after_all_earlier('after damaged file', 'damaged file: new muids still sort after the old');
$node->stop;

# an unreadable file, on a fresh server too
$node = PostgreSQL::Test::Cluster->new('clock_state_unreadable');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE TABLE ids (id muid PRIMARY KEY, phase text);
});
$state_file = $node->data_dir . '/idtypes.state';
generate('before unreadable');
$node->stop;
chmod 0000, $state_file;
$log_offset = -s $node->logfile;
$node->start;
like(slurp_file($node->logfile, $log_offset),
	qr/WARNING:  idtypes state file "idtypes.state" could not be opened/,
	'an unreadable file is reported');
generate('after unreadable file');
after_all_earlier('after unreadable file', 'unreadable file: new muids still sort after the old');
$node->stop;

# a newer version's clock survives rewrites by this one
sub crc32c
{
	my ($data) = @_;
	my $crc = 0xFFFFFFFF;
	for my $byte (unpack('C*', $data))
	{
		$crc ^= $byte;
		$crc = ($crc & 1) ? (($crc >> 1) ^ 0x82F63B78) : ($crc >> 1) for 1 .. 8;
	}
	return $crc ^ 0xFFFFFFFF;
}
my $body = slurp_file($state_file);
$body =~ s/^crc .*\n//m;
$body .= "future_clock 424242\n";
open($fh, '>', $state_file) or die;
printf $fh "%scrc %08x\n", $body, crc32c($body);
close $fh;
$log_offset = -s $node->logfile;
$node->start;
unlike(slurp_file($node->logfile, $log_offset), qr/idtypes state file/,
	'a file with a line for an unknown clock is accepted');
generate('after newer file');
$node->stop;
like(slurp_file($state_file), qr/^future_clock 424242$/m,
	'the unknown clock\'s line is carried through the rewrites');

$node->start;
is($node->safe_psql('postgres', 'SELECT count(*) = count(DISTINCT id) FROM ids'), 't',
	'no duplicate in all phases');
$node->stop;
done_testing();
