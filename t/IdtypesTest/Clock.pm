#-------------------------------------------------------------------------
#
# IdtypesTest/Clock.pm
#	  Servers with a faked wall clock (libfaketime), and the state file of
#	  the clocks: its lines, and its CRC-32C check.
#
# Part of the TAP tests' helpers, which t/IdtypesTest.pm exports together.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Clock.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Clock;

use strict;
use warnings;
use Exporter 'import';
use IPC::Run;
use POSIX qw(mktime);
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);

our @EXPORT = qw(faketime_lib set_clock stepped_clock state_file_body write_state_file clock_program start_faked check_clock faketime_release faketime_shared_files crc32c);

# libfaketime, or undef when it is not installed (Debian package
# libfaketime).  It fakes the wall clock of the processes it is preloaded
# into; tests keep the monotonic clock real (FAKETIME_DONT_FAKE_MONOTONIC),
# so that timeouts, latches and uid8's real-time pacing work.
sub faketime_lib
{
	my ($lib) = grep { -e $_ } (
		glob('/usr/lib/*/faketime/libfaketime.so.1'),
		'/usr/lib/faketime/libfaketime.so.1',
		'/usr/local/lib/faketime/libfaketime.so.1');
	return $lib;
}

# Write a clock offset ('+0', '-10s', '-1h', ...) to a file that servers
# started with FAKETIME_TIMESTAMP_FILE => $file read it from: with
# FAKETIME_NO_CACHE => 1 at every clock reading, with
# FAKETIME_CACHE_DURATION => n at most every n seconds.  The file is
# replaced in one step (a new file renamed over it): libfaketime ends a
# process that reads it empty or half-written (Debian 13's does).  A server
# changes it in the same way with COPY ... TO PROGRAM clock_program($file).
sub set_clock
{
	my ($file, $offset) = @_;
	open(my $fh, '>', "$file.new") or die "could not write $file.new: $!";
	print $fh "$offset\n";
	close($fh);
	rename("$file.new", $file) or die "could not rename $file.new to $file: $!";
	return;
}

# The settings of start_faked() and restart_after_kill() for a wall clock
# that the test steps while the server runs: libfaketime reads the offset
# from $file (set_clock) at every clock reading.
sub stepped_clock
{
	my ($file) = @_;
	return (FAKETIME_TIMESTAMP_FILE => $file, FAKETIME_NO_CACHE => 1);
}

# The shell command that COPY ... TO PROGRAM runs to replace the clock file
# $file in one step with what it is given.
sub clock_program
{
	my ($file) = @_;
	return "cat > '$file.new' && mv '$file.new' '$file'";
}

# libfaketime shares a semaphore and a memory segment among a process and
# the programs it starts, named in FAKETIME_SHARED after the pid of the
# process that made them, which removes them when it exits.  A server
# started through pg_ctl inherits pg_ctl's pair, gone once pg_ctl has
# exited; a program the server starts later (COPY ... TO PROGRAM,
# restore_command) then makes a pair of its own, named after its own pid.
# When a pair of that name is still there, left by a killed process whose
# pid the program now has, libfaketime ends the program with exit code 1.
# So each faked server gets a pair that outlives it: a shell makes it and
# execs printenv, which prints its names; neither removes it (the shell is
# replaced, printenv did not make it).  The pairs go when the test ends.
# Debian 13's libfaketime and later ones share nothing at all with
# FAKETIME_DISABLE_SHM=1, which start_faked() sets too; Debian 12's (0.9.10)
# does not know it.
my @faketime_pairs;

# The files of the pair that a FAKETIME_SHARED value names, or () when it
# names none.
sub faketime_shared_files
{
	my ($value) = @_;
	my @names = map { m{^/(\w+)$} ? $1 : () } split(' ', $value // '');
	return @names == 2 ? ("/dev/shm/sem.$names[0]", "/dev/shm/$names[1]") : ();
}

sub faketime_shared
{
	my ($lib) = @_;
	# A pair is named after the pid of the shell that makes it, and pairs
	# left by killed processes (of this machine's earlier runs, of any user:
	# the version matrix's roots share /dev/shm) often hold runs of
	# consecutive pids: each try is a new process, so a new pid.
	my $tries = 200;
	foreach (1 .. $tries)
	{
		local $ENV{LD_PRELOAD} = $lib;
		local $ENV{FAKETIME} = '+0';
		delete local $ENV{FAKETIME_SHARED};
		my ($out, $err) = ('', '');
		IPC::Run::run([ 'sh', '-c', 'exec printenv FAKETIME_SHARED' ], '>', \$out, '2>', \$err);
		chomp $out;
		my @files = faketime_shared_files($out);
		# without them, the shell could not make a pair (a pair of its name
		# was left) and printenv made, and removed, its own
		next unless @files && -e $files[0] && -e $files[1];
		push @faketime_pairs, @files;
		return $out;
	}
	my $left = () = glob('/dev/shm/sem.faketime_sem_*');
	BAIL_OUT("libfaketime made no semaphore and memory segment for the server to share in $tries tries "
		  . "($left pairs that killed processes left are in /dev/shm)");
}

END { unlink @faketime_pairs; }

# Remove the pairs made so far, once every server started with them has
# stopped (a test that starts many servers one after the other, as the
# fault explorer does, would otherwise leave thousands in /dev/shm).
sub faketime_release
{
	unlink @faketime_pairs;
	@faketime_pairs = ();
	return;
}

# Start a node with its wall clock faked: %env is libfaketime's settings
# (FAKETIME => '-10s', or FAKETIME_TIMESTAMP_FILE => $file, ...), plus
# fail_ok => 1 to return 0 instead of bailing out when it does not start.
# libfaketime is added after whatever LD_PRELOAD already holds (a sanitizer
# runtime must stay first).  A server that started is checked with
# check_clock() before this returns: a test never runs on a clock that is
# not the one it asked for.
sub start_faked
{
	my ($node, %env) = @_;
	my $fail_ok = delete $env{fail_ok};
	my $lib = faketime_lib() or BAIL_OUT('libfaketime is not installed');
	my $before = time;
	my $started;
	{
		local $ENV{FAKETIME_SHARED} = faketime_shared($lib);
		local $ENV{FAKETIME_DISABLE_SHM} = '1';
		local $ENV{LD_PRELOAD} =
		  join(':', grep { defined && $_ ne '' } ($ENV{LD_PRELOAD}, $lib));
		local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
		local @ENV{ keys %env } = values %env;
		$started = $node->start(fail_ok => $fail_ok);
	}
	check_clock($node, %env, started => [ $before, time ]) if $started;
	return $started;
}

# The offset, or the time, that a libfaketime setting asks for, as
# (kind, seconds, rate): ('offset', -60, 1) for '-60s' or '-1m',
# ('at', Unix time, 1) for '@2157-03-01 12:00:00' (local time, as
# libfaketime reads it), the rate of ' x0.05' third; () for what this does
# not know.
sub faked_setting
{
	my ($spec) = @_;
	return () unless defined $spec;
	$spec =~ s/^\s+|\s+$//g;
	my $rate = $spec =~ s/\s+x(\d+(?:\.\d+)?)$// ? $1 : 1;
	my %unit = ('' => 1, s => 1, m => 60, h => 3600, d => 86400, y => 365 * 86400);
	return ('offset', $1 * $unit{$2}, $rate) if $spec =~ /^([+-]?\d+(?:\.\d+)?)([smhdy]?)$/;
	return ('at', mktime($6, $5, $4, $3, $2 - 1, $1 - 1900), $rate)
	  if $spec =~ /^\@(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/;
	return ();
}

# Assert that the running node's wall clock is the one that libfaketime's
# settings %env ask for (those given to start_faked(), or stepped_clock()'s
# for a clock file that the test has just changed): libfaketime is loaded in
# the postmaster, and clock_timestamp() there is the host's time moved by
# the offset (or, for '@TIME', that time plus the time since the start),
# within 2 seconds; at a rate (' x0.05') the clock runs at that rate since
# the start (started => [before, after] the start, which start_faked()
# gives).  A clock that is not in effect fails the test and ends it: what
# follows would test the real clock.
sub check_clock
{
	my ($node, %env) = @_;
	my $started = delete $env{started};
	my $name = $node->name;
	my $spec = $env{FAKETIME};
	if (!defined $spec && defined $env{FAKETIME_TIMESTAMP_FILE})
	{
		$spec = slurp_file($env{FAKETIME_TIMESTAMP_FILE});
		chomp $spec;
	}
	my ($kind, $value, $rate) = faked_setting($spec);
	my $why;
	if (!defined $kind)
	{
		$why = "its setting '" . ($spec // '(none)') . "' is not one that the check knows";
	}
	else
	{
		my ($pid) = split /\n/, slurp_file($node->data_dir . '/postmaster.pid');
		my $maps = -r "/proc/$pid/maps" ? slurp_file("/proc/$pid/maps") : '';
		$why = "libfaketime is not loaded in its postmaster (pid $pid)" unless $maps =~ /libfaketime/;
	}
	unless (defined $why)
	{
		my $tol = 2;
		my $b = time;
		my $server = $node->safe_psql('postgres', 'SELECT extract(epoch FROM clock_timestamp())');
		my $a = time;
		my ($t0, $t1) = $started ? @$started : ($b, $b);
		my ($lo, $hi);
		if ($kind eq 'offset' && $rate == 1)
		{
			($lo, $hi) = ($b + $value, $a + $value);
		}
		else
		{
			# libfaketime counts from the process's start, at the rate
			($lo, $hi) = $kind eq 'at'
			  ? ($value + $rate * ($b - $t1), $value + $rate * ($a - $t0))
			  : ($t0 + $value + $rate * ($b - $t1), $t1 + $value + $rate * ($a - $t0));
		}
		$why = sprintf('its clock reads %.1f s from the host\'s, where %s asks for %.1f to %.1f s',
			$server - $a, "'$spec'", $lo - $a, $hi - $b)
		  if $server < $lo - $tol || $server > $hi + $tol;
	}
	if (defined $why)
	{
		fail("the faked clock of $name is in effect");
		diag("the faked clock of $name is not in effect: $why");
		die "the faked clock of $name is not in effect: $why\n";
	}
	pass("the faked clock of $name is in effect ('$spec')");
	return 1;
}

# The lines of the clocks' state file $file (idtypes.state in the data
# directory) without its last line, "crc" and the CRC-32C of the lines
# before it.
sub state_file_body
{
	my ($file) = @_;
	my $body = slurp_file($file);
	$body =~ s/^crc .*\n//m;
	return $body;
}

# Write the state file $file with the lines $body and the "crc" line that
# makes the server accept them.
sub write_state_file
{
	my ($file, $body) = @_;
	open(my $fh, '>', $file) or die "could not write $file: $!";
	printf $fh "%scrc %08x\n", $body, crc32c($body);
	close($fh);
	return;
}

# CRC-32C (Castagnoli), as the server computes it: the state file's check
# and the automatic hlculid publisher.
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

1;
