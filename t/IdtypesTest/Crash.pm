#-------------------------------------------------------------------------
#
# IdtypesTest/Crash.pm
#	  Crashes of every kind: the postmaster killed, a backend killed, and the
#	  restart after them.
#
# Part of the TAP tests' helpers, which t/IdtypesTest.pm exports together.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Crash.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Crash;

use strict;
use warnings;
use Exporter 'import';
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use IdtypesTest::Clock;

our @EXPORT = qw(kill_postmaster crash_backend restart_after_kill);

# The processes whose parent is $pid (Linux /proc).
sub children_of
{
	my ($pid) = @_;
	my @children;
	foreach my $stat (glob('/proc/[0-9]*/stat'))
	{
		open(my $fh, '<', $stat) or next;
		my $line = <$fh>;
		close($fh);
		# pid (comm) state ppid ...; comm may hold spaces and parentheses
		next unless defined $line && $line =~ /^(\d+) \(.*\) \S+ (\d+) /s;
		push @children, $1 if $2 == $pid;
	}
	return @children;
}

# Whether a process still runs (a zombie waiting for a parent that does not
# reap it counts as gone).
sub running
{
	my ($pid) = @_;
	return 0 unless kill(0, $pid);
	open(my $fh, '<', "/proc/$pid/stat") or return 1;
	my $line = <$fh>;
	close($fh);
	return !(defined $line && $line =~ /^\d+ \(.*\) Z /s);
}

# kill -9 the postmaster, the way a crash of the machine's supervisor or an
# OOM kill would end it: nothing is written at exit.  Its children notice
# on their own and exit; this waits for them, so that the data directory
# can be started again.  also => [pids]: children killed right after it,
# before any of them can notice (a walsender stopped with SIGSTOP, which
# would otherwise never exit, or send what it holds when continued).
# all => 1: every child is killed with it, as when the machine goes down (a
# backend that waits for a lock that a stopped walsender holds would never
# notice that its postmaster died).
sub kill_postmaster
{
	my ($node, %opts) = @_;
	my ($pid) = split /\n/, slurp_file($node->data_dir . '/postmaster.pid');
	my @children = children_of($pid);
	$node->kill9;
	kill('KILL', @{ $opts{also} }) if $opts{also};
	kill('KILL', @children) if $opts{all} && @children;
	foreach my $p ($pid, @children)
	{
		foreach (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
		{
			last unless running($p);
			usleep(100_000);
		}
		BAIL_OUT("process $p of the killed server did not exit") if running($p);
	}
	# A killed process stays a zombie until its parent reaps it, and a
	# postmaster whose lock file names a process that still exists refuses
	# to start: the lock files of a server known to be dead can go (the
	# data directory's, and its socket's).
	unlink($node->data_dir . '/postmaster.pid');
	unlink($node->host . '/.s.PGSQL.' . $node->port . '.lock');
	return;
}

# Start a node after kill_postmaster(), faked with %env if given.  A
# process forked just before the kill (an autovacuum worker, say) may still
# hold the old shared memory for a moment: the start is retried until it
# has gone.
sub restart_after_kill
{
	my ($node, %env) = @_;
	foreach (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
	{
		return if (%env ? start_faked($node, %env, fail_ok => 1)
			: $node->start(fail_ok => 1));
		usleep(100_000);
	}
	BAIL_OUT('the server did not start after being killed');
}

# kill -9 one backend (the one given by pid, or a new one): the postmaster
# ends every other process and reinitialises shared memory, as after any
# backend crash.  Returns once the server accepts connections again.
sub crash_backend
{
	my ($node, $pid) = @_;
	my $offset = -s $node->logfile;
	my $session;
	unless (defined $pid)
	{
		$session = $node->background_psql('postgres');
		$pid = $session->query_safe('SELECT pg_backend_pid()');
		chomp($pid);
	}
	kill('KILL', $pid) or die "could not kill backend $pid: $!";
	$node->wait_for_log(qr/all server processes terminated; reinitializing/, $offset);
	$node->poll_query_until('postgres', 'SELECT true')
	  or die 'the server did not come back after the crash';
	# the session's backend is gone: reap psql without a query
	if ($session)
	{
		eval { $session->quit; };
	}
	return;
}

1;
