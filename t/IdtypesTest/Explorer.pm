#-------------------------------------------------------------------------
#
# IdtypesTest/Explorer.pm
#	  The fault explorer: schedules of client transactions and faults run
#	  against a small replicated cluster, and the guarantees checked over
#	  everything the clients were given.
#
# A schedule is a list of steps, each a line of words (format_schedule()
# prints it, parse_schedule() reads it back, so a schedule printed by a
# failing run is replayed as it is).  random_schedule($seed) makes one from a
# seed, the same one on every machine.  explore($steps, %opts) runs it on a
# new cluster:
#
#	n1	the primary, its clock at the host's (a clock file, stepped_clock())
#	n2	its synchronous standby (synchronous_standby_names = 'n2')
#	n3	an asynchronous standby
#	n4	a cascading standby of n3
#
# every one with shared_preload_libraries = 'idtypes', the standbys' clocks
# a minute behind, uid8 from a configured generator id in time_sequential
# mode (the same id on every node, as a base backup copies it).  The steps:
#
#	gen KIND N		four clients at once each take N ids of every scheme on
#					the primary in a transaction of KIND: auto (autocommit SELECT), ro
#					(BEGIN READ ONLY), write (INSERT ... RETURNING, COMMIT),
#					savepoint (a part rolled back to a savepoint), rollback,
#					prepare (PREPARE TRANSACTION, finished by a later step),
#					session (a write after the session's SET
#					synchronous_commit = local), local (a write whose transaction SETs LOCAL
#					synchronous_commit = local), fnlocal (a write whose ids
#					come from a function declared SET synchronous_commit =
#					local, the commit at the session's level), shift (a write
#					that also inserts UUIDv7s of uuidv7_next(interval
#					'-1 second'): outside the safe bound's promise, so the
#					reader need not read them; every other check holds)
#	sgen NODE N		four clients at once each take N ids of every scheme a
#					hot standby generates (not uid8: it fails there, as
#					documented) on the standby NODE, in autocommit SELECTs;
#					the promotion of NODE (and its restarts after it)
#					inherits them all, and no other era any
#	commit_prepared, rollback_prepared
#					finish the oldest prepared transaction of the primary
#	read			a round of the reader by each scheme's safe bound
#	stall NODE		SIGSTOP the walsender that feeds NODE (a stalled network)
#	resume NODE		SIGCONT it
#	clock NODE OFF	step NODE's clock to OFF from the host's ('+30s', '-60s')
#					while it runs
#	kill NODE		kill -9 its postmaster
#	restart NODE [OFF]	a clean restart (a crash restart after kill), with
#					its clock at OFF
#	promote NODE	promote a standby after the primary died; the other
#					standbys follow the new primary (pg_rewind when they
#					went past its history)
#	syncnames NODE	a change of the synchronous set: synchronous_standby_names
#					reloaded to NODE, a running standby of the primary, which
#					must become the synchronous one
#	syncset FIRST|ANY A,B	synchronous_standby_names reloaded to 'FIRST 1
#					(A, B)' or 'ANY 1 (A, B)', two running standbys of the
#					primary; under FIRST the first that runs is the
#					synchronous one (waited for until it shows so), under
#					ANY none is alone (ids are held to the asynchronous
#					rule).  A kill of a member then fails it: under FIRST the
#					next member becomes the synchronous standby
#	synclevel LEVEL SCOPE	synchronous_commit set to LEVEL (off, local,
#					remote_write, on, remote_apply) for the server (ALTER
#					SYSTEM), the database or the role of the clients, and
#					reset at the other two scopes; it took effect when a new
#					session of the primary shows it
#	rejoin NODE sync|async	NODE, stopped, rewound with pg_rewind onto the
#					primary and started as its standby (sync: the one the
#					primary waits for)
#	pitr			a point-in-time restore of n1 (base backup and archive,
#					to the primary's current WAL position), which generates
#					and is then dropped
#	catchup			wait for every standby to replay the primary's WAL
#
# Client steps run in psql processes of their own; one that does not end
# within a few seconds (a commit waiting for a stalled synchronous standby)
# goes on in the background, and what it printed before counts as given to
# its client.  At the end the stalls end, the primary is restarted if it is
# down, every prepared transaction is committed, and the reader reads once
# more.  The invariants, over every id given to any client (with its
# server, the WAL position flushed when it was given, and whether it
# committed) and every row of the primary's tables:
#
#	0. the schedule tested something: every era (the first primary, and
#	   each restart, promotion and restore) gave ids of every scheme on its
#	   primary, every sgen step ids of every scheme it takes, and no
#	   client failed unless a fault stopped its server while it ran;
#
#	1. no id is given twice, unless the server of the later one descends
#	   from the earlier one's through an asynchronous promotion (or a
#	   point-in-time restore) whose WAL stopped before the earlier id's
#	   position: the documented limit of asynchronous replication;
#	2. after a promotion, a restart or a restore, every new id sorts above
#	   every row the server replayed, and above every id a client was given
#	   that the new server inherits: everything of a server restarted;
#	   under synchronous replication (the promoted standby was the one the
#	   primary waited for when the id was given, at a synchronous_commit
#	   level that waits for it: remote_write, on, remote_apply),
#	   everything; otherwise what precedes the WAL it replayed;
#	3. the reader by the safe bound read every committed row of its range
#	   exactly once, and no row that is not committed, and its bound never
#	   went back, but for rows lost with an asynchronous promotion's WAL
#	   and ids issued again below its bound there.
#
# A step that cannot run (a server that does not start, a pg_rewind that
# fails), and a planned fault that did not take effect (no walsender to
# stall, a node to kill that does not run, WAL that was not archived),
# count as violations too.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Explorer.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Explorer;

use strict;
use warnings;
use Exporter 'import';
use File::Copy;
use File::Path qw(rmtree);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time usleep);
use IdtypesTest::Schemes;
use IdtypesTest::Clock;
use IdtypesTest::Crash;

our @EXPORT = qw(explore random_schedule format_schedule parse_schedule explorer_faults);

# The faults that random_schedule() draws from, by name; a list of some of
# them restricts it (tools/explore.sh --faults).
my @FAULTS = qw(kill promote stall clock restart rewind pitr sync);

sub explorer_faults
{
	return @FAULTS;
}

my @KINDS = qw(auto ro write savepoint rollback prepare session local fnlocal shift);

my @LEVELS = qw(off local remote_write on remote_apply);

# How long a client step is waited for before it goes on in the background.
my $OP_WAIT = 3;

# How many clients a gen step runs at once.
my $CLIENTS = 4;

# The schemes that a hot standby does not generate (operations.md).
my %NOT_ON_STANDBY = (uid8 => 1);

my $CONF = q{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_generator_id = 5
wal_log_hints = on
max_prepared_transactions = 64
max_connections = 64
shared_buffers = '8MB'
max_wal_senders = 10
checkpoint_timeout = '1h'
wal_keep_size = '256MB'
wal_receiver_status_interval = '1s'
log_min_messages = warning
};

# The schedules run by this process, for unique node names.
my $runs = 0;

#
# Schedules: lists of steps, each an array of words.
#

sub format_schedule
{
	my ($steps) = @_;
	return join('; ', map { join(' ', @$_) } @$steps);
}

sub parse_schedule
{
	my ($text) = @_;
	return [ map { [ split ' ' ] } grep { /\S/ } split /;|\n/, $text ];
}

# A deterministic generator, so that a seed makes the same schedule with
# every Perl.
sub rng
{
	my ($seed) = @_;
	# a linear congruential generator (glibc's constants, 31 bits; every
	# product fits in 64 bits), its high bits used
	my $s = ($seed * 7919 + 12345) % 2147483648;
	return sub {
		my ($n) = @_;
		$s = ($s * 1103515245 + 12345) % 2147483648;
		return int($s / 65536) % $n;
	};
}

# A random schedule from $seed: 12 to 20 steps, valid for the cluster's
# state at each step, drawing faults from @$faults (default: all).  Every
# era gives ids: the first begins with some, and every step that starts
# one (a restart, a promotion, a restore) is followed by some.  One seed in
# four (1, 5, 9, ...) fails the primary over to its synchronous standby
# early on, when the faults allow: ids given, the primary killed, the
# synchronous standby promoted.
sub random_schedule
{
	my ($seed, $faults) = @_;
	my %allowed = map { $_ => 1 } @{ $faults // \@FAULTS };
	my $r = rng($seed);
	my $pick = sub { $_[ $r->(scalar @_) ] };
	# the simulated state: which nodes run, and as what
	my %up = (n1 => 1, n2 => 1, n3 => 1, n4 => 1);
	my %upstream = (n2 => 'n1', n3 => 'n1', n4 => 'n3');
	my $primary = 'n1';
	my $era0 = 1;
	my $pitr_done = 0;
	my %stalled;
	my $prepared = 0;
	my $sync = 'n2';
	# the synchronous set of FIRST 1 or ANY 1 of two standbys, if one
	my ($set_mode, @set) = ('');
	my $set_sync = sub { $sync = $set_mode eq 'FIRST' ? ((grep { $up{$_} } @set)[0] // '') : '' };
	my $sync_failover = $seed % 4 == 1 && $allowed{kill} && $allowed{promote};
	my $gen = sub { [ 'gen', 'write', 5 + 5 * $r->(4) ] };
	my @steps = ([ 'read' ], $gen->());
	# the primary died and $n is promoted: the others follow it
	my $promote = sub {
		my ($n) = @_;
		push @steps, [ 'promote', $n ];
		$up{$primary} = 0;
		$era0 = 0;
		$upstream{$_} = $n for grep { $up{$_} && $_ ne $n && $upstream{$_} ne $n } keys %upstream;
		delete $upstream{$n};
		$upstream{$primary} = $n;
		$primary = $n;
		$sync = '';
		($set_mode, @set) = ('');
		%stalled = ();
		$prepared = 0;
	};
	my $len = 12 + $r->(9);
	while (@steps < $len)
	{
		if ($sync_failover && $sync ne '' && $up{$sync})
		{
			push @steps, $gen->(), [ 'kill', $primary ];
			$promote->($sync);
			push @steps, $gen->();
			$sync_failover = 0;
			next;
		}
		my @standbys = grep { $_ ne $primary && $up{$_} } sort keys %upstream;
		my @down = grep { !$up{$_} && $_ ne $primary } qw(n1 n2 n3 n4);
		my @choices = (('gen') x 8, ('read') x 3, 'catchup');
		push @choices, ('finish') x 2 if $prepared;
		push @choices, ('stall') x 2 if $allowed{stall} && grep { !$stalled{$_} && $up{ $upstream{$_} } } @standbys;
		push @choices, ('resume') x 2 if %stalled;
		push @choices, 'clock' if $allowed{clock};
		push @choices, 'kill' if ($allowed{kill} && ($allowed{promote} && @standbys || $allowed{restart}));
		push @choices, 'restart' if $allowed{restart};
		push @choices, 'rejoin' if $allowed{rewind} && @down;
		push @choices, 'pitr' if $allowed{pitr} && $era0 && !$pitr_done;
		my @others = grep { $_ ne $sync && !$stalled{$_} && $upstream{$_} eq $primary } @standbys;
		push @choices, 'syncnames' if $allowed{sync} && @others;
		push @choices, 'synclevel' if $allowed{sync};
		push @choices, 'sgen' if @standbys;
		my @direct = grep { $upstream{$_} eq $primary } @standbys;
		push @choices, 'syncset' if $allowed{sync} && @direct >= 2;
		push @choices, ('member') x 2 if $allowed{sync} && $allowed{kill} && (grep { $up{$_} } @set) >= 2;
		my $c = $pick->(@choices);
		if ($c eq 'gen')
		{
			my $kind = $pick->(@KINDS);
			$prepared++ if $kind eq 'prepare';
			push @steps, [ 'gen', $kind, 5 + 5 * $r->(8) ];
		}
		elsif ($c eq 'sgen')
		{
			push @steps, [ 'sgen', $pick->(@standbys), 5 + 5 * $r->(4) ];
		}
		elsif ($c eq 'read' || $c eq 'catchup')
		{
			push @steps, [$c];
		}
		elsif ($c eq 'finish')
		{
			push @steps, [ $r->(4) ? 'commit_prepared' : 'rollback_prepared' ];
			$prepared--;
		}
		elsif ($c eq 'stall')
		{
			my $n = $pick->(grep { !$stalled{$_} && $up{ $upstream{$_} } } @standbys);
			$stalled{$n} = 1;
			push @steps, [ 'stall', $n ];
		}
		elsif ($c eq 'resume')
		{
			my $n = $pick->(sort keys %stalled);
			delete $stalled{$n};
			push @steps, [ 'resume', $n ];
		}
		elsif ($c eq 'clock')
		{
			push @steps, [ 'clock', $primary, $pick->('+10s', '+20s', '+40s', '-30s') ];
		}
		elsif ($c eq 'kill')
		{
			push @steps, [ 'kill', $primary ];
			delete $stalled{$_} for grep { $upstream{$_} eq $primary } keys %stalled;
			# a primary that died is promoted over or restarted at once
			my @to = $allowed{promote} ? @standbys : ();
			if (@to && (!$allowed{restart} || $r->(3)))
			{
				$promote->($pick->(@to));
			}
			else
			{
				push @steps, [ 'restart', $primary, $pick->('+0', '-60s', '-120s', '+30s') ];
			}
			push @steps, $gen->();
		}
		elsif ($c eq 'restart')
		{
			delete $stalled{$_} for grep { $upstream{$_} eq $primary } keys %stalled;
			push @steps, [ 'restart', $primary, $pick->('+0', '-60s', '-120s', '+30s') ], $gen->();
		}
		elsif ($c eq 'rejoin')
		{
			my $n = $pick->(@down);
			$up{$n} = 1;
			$upstream{$n} = $primary;
			my $role = $r->(2) ? 'sync' : 'async';
			($sync, $set_mode, @set) = ($n, '') if $role eq 'sync';
			push @steps, [ 'rejoin', $n, $role ];
		}
		elsif ($c eq 'pitr')
		{
			$pitr_done = 1;
			push @steps, ['pitr'];
		}
		elsif ($c eq 'syncnames')
		{
			$sync = $pick->(@others);
			($set_mode, @set) = ('');
			push @steps, [ 'syncnames', $sync ];
		}
		elsif ($c eq 'syncset')
		{
			my $a = $pick->(@direct);
			my $b = $pick->(grep { $_ ne $a } @direct);
			($set_mode, @set) = ($pick->('FIRST', 'ANY'), $a, $b);
			$set_sync->();
			push @steps, [ 'syncset', $set_mode, "$a,$b" ];
		}
		elsif ($c eq 'member')
		{
			# a member of the synchronous set fails
			my $n = $pick->(grep { $up{$_} } @set);
			$up{$n} = 0;
			delete $stalled{$_} for grep { $upstream{$_} eq $n } keys %stalled;
			$set_sync->();
			push @steps, [ 'kill', $n ];
		}
		elsif ($c eq 'synclevel')
		{
			push @steps, [ 'synclevel', $pick->(@LEVELS), $pick->(qw(server database role)) ];
		}
	}
	return \@steps;
}

#
# The cluster
#

# The position of an era's fork that keeps the whole WAL of its parent (a
# restart), above every real position.
my $WHOLE_WAL = 9**9**9;

sub lsn_text
{
	my ($n) = @_;
	return sprintf('%X/%X', int($n / 4294967296), $n % 4294967296);
}

sub lsn_num
{
	my ($lsn) = @_;
	return undef unless defined $lsn && $lsn =~ m{^([0-9A-Fa-f]+)/([0-9A-Fa-f]+)$};
	return hex($1) * 4294967296 + hex($2);
}

sub note_step
{
	my ($x, $msg) = @_;
	push @{ $x->{log} }, sprintf('%6.1f s  %s', time - $x->{t0}, $msg);
	return;
}

# A planned fault that did not take effect: the schedule fails, naming it
# (a schedule must not pass on what it did not test).
sub missed
{
	my ($x, $msg) = @_;
	note_step($x, $msg);
	push @{ $x->{failures} }, "a planned fault did not take effect: $msg";
	return;
}

# The clients running on a node that goes down: their errors are the
# fault's, not findings.
sub interrupt_ops
{
	my ($x, $name) = @_;
	$_->{interrupted} = 1 for grep { !$_->{ended} && $_->{node} eq $name } @{ $x->{ops} };
	return;
}

sub node
{
	my ($x, $name) = @_;
	return $x->{nodes}{$name}{node};
}

sub sql
{
	my ($x, $name, $query, %opts) = @_;
	return node($x, $name)->safe_psql('postgres', $query, %opts);
}

# The largest id of every scheme's table on a node.
sub table_max
{
	my ($x, $name) = @_;
	my %max;
	for my $s (@{ $x->{schemes} })
	{
		$max{ $s->{name} } = sql($x, $name, "SELECT id::text FROM t_$s->{name} ORDER BY id DESC LIMIT 1");
	}
	return \%max;
}

sub new_era
{
	my ($x, %era) = @_;
	$era{id} = scalar @{ $x->{eras} };
	$era{floor} = table_max($x, $era{node});
	push @{ $x->{eras} }, \%era;
	$x->{era} = $era{id} unless $era{side};
	note_step($x, "era $era{id}: $era{node} ($era{kind}"
		  . (defined $era{fork} ? ", inherits the WAL up to " . ($era{fork} == $WHOLE_WAL ? 'its end' : lsn_text($era{fork})) : '')
		  . ($era{kind} =~ /^synchronous/ ? ', and every id given while it was the synchronous standby' : '') . ')');
	return \%era;
}

sub conninfo
{
	my ($x, $upstream, $name) = @_;
	return node($x, $upstream)->connstr . " application_name=$name";
}

# Start a node with its clock file.
sub start_node
{
	my ($x, $name, %opts) = @_;
	my $n = $x->{nodes}{$name};
	if ($opts{after_kill})
	{
		restart_after_kill($n->{node}, stepped_clock($n->{clock}));
	}
	elsif (!start_faked($n->{node}, stepped_clock($n->{clock}), fail_ok => 1))
	{
		my @log = split /\n/, slurp_file($n->{node}->logfile);
		die "$name did not start: " . join("\n", @log[ -5 .. -1 ]) . "\n";
	}
	$n->{up} = 1;
	return;
}

sub setup
{
	my ($x) = @_;
	my $tag = 'x' . ++$runs;
	my $p = PostgreSQL::Test::Cluster->new("${tag}_n1");
	$p->init(allows_streaming => 1, has_archiving => 1);
	$p->append_conf('postgresql.conf', $CONF);
	$x->{nodes}{n1} = { node => $p, clock => $p->basedir . '/clock', up => 0,
		conf => slurp_file($p->data_dir . '/postgresql.conf') };
	set_clock($x->{nodes}{n1}{clock}, '+0');
	start_node($x, 'n1');
	my $schemes = join(', ', map { "'$_->{name}'" } @{ $x->{schemes} });
	my $types = join(', ', map { "'$_->{type}'" } @{ $x->{schemes} });
	$p->safe_psql('postgres', 'CREATE EXTENSION idtypes;'
		  . join('', map { "CREATE TABLE t_$_->{name} (id $_->{type} PRIMARY KEY, op int NOT NULL);\n" } @{ $x->{schemes} })
		  . join('', map {
				"CREATE FUNCTION local_$_->{name}(n int) RETURNS SETOF $_->{type} LANGUAGE sql "
				  . "SET synchronous_commit = local AS 'SELECT $_->{gen} FROM generate_series(1, n)';\n"
			} @{ $x->{schemes} })
		  . qq{
-- A round of the reader by the safe bound: for every scheme, the bound in
-- a statement of its own, then, in the next (a new snapshot), the rows
-- from the previous bound up to it.  A refusal (55000) is reported.
CREATE FUNCTION explorer_read(prev text[]) RETURNS SETOF text LANGUAGE plpgsql AS \$\$
DECLARE
	schemes text[] := ARRAY[$schemes];
	types text[] := ARRAY[$types];
	b text;
BEGIN
	FOR i IN 1 .. array_length(schemes, 1) LOOP
		BEGIN
			EXECUTE format('SELECT %I()::text', schemes[i] || '_safe_bound') INTO b;
		EXCEPTION WHEN object_not_in_prerequisite_state THEN
			RETURN NEXT 'refused|' || schemes[i] || '|' || SQLERRM;
			CONTINUE;
		END;
		IF prev[i] IS NOT NULL THEN
			RETURN QUERY EXECUTE format('SELECT ''read|%s|'' || id::text FROM %I WHERE id >= %L::%s AND id < %L::%s',
										schemes[i], 't_' || schemes[i], prev[i], types[i], b, types[i]);
		END IF;
		RETURN NEXT 'bound|' || schemes[i] || '|' || b;
	END LOOP;
END
\$\$;
});
	$p->backup('base');
	for my $name (qw(n2 n3 n4))
	{
		my $n = PostgreSQL::Test::Cluster->new("${tag}_$name");
		$n->init_from_backup($p, 'base');
		$x->{nodes}{$name} = { node => $n, clock => $n->basedir . '/clock', up => 0,
			conf => slurp_file($n->data_dir . '/postgresql.conf') };
		set_clock($x->{nodes}{$name}{clock}, '-60s');
	}
	for my $name (qw(n2 n3 n4))
	{
		my $up = $name eq 'n4' ? 'n3' : 'n1';
		standby_conf($x, $name, $up);
		start_node($x, $name);
	}
	$x->{primary} = 'n1';
	set_sync($x, 'n2');
	$p->poll_query_until('postgres',
		"SELECT count(*) = 1 FROM pg_stat_replication WHERE application_name = 'n2' AND sync_state = 'sync'")
	  or die 'n2 did not become the synchronous standby';
	new_era($x, node => 'n1', kind => 'the first primary');
	$x->{eras}[0]{fork} = undef;
	return;
}

# A standby's own settings: its own configuration (pg_rewind copies the
# source's), following $up, archiving nothing (the archive is the first
# primary's, for the point-in-time restore).
sub standby_conf
{
	my ($x, $name, $up) = @_;
	my $n = $x->{nodes}{$name};
	my $conf = $n->{node}->data_dir . '/postgresql.conf';
	open(my $fh, '>', $conf) or die "could not write $conf: $!";
	print $fh $n->{conf};
	print $fh "archive_mode = off\nprimary_conninfo = '" . conninfo($x, $up, $name) . "'\n";
	close($fh);
	$n->{node}->set_standby_mode();
	$n->{upstream} = $up;
	return;
}

sub set_sync
{
	my ($x, $name) = @_;
	sql($x, $x->{primary}, "ALTER SYSTEM SET synchronous_standby_names = '$name'; SELECT pg_reload_conf()");
	$x->{sync} = $name;
	delete $x->{syncset};
	return;
}

#
# Clients
#

sub op_sql
{
	my ($x, $kind, $n, $op) = @_;
	my @s = @{ $x->{schemes} };
	my $sel = sub {
		join('', map { "SELECT '$_->{name}|' || $_->{gen}::text FROM generate_series(1, $n);\n" } @s);
	};
	my $ins = sub {
		join('', map { "INSERT INTO t_$_->{name} SELECT $_->{gen}, $op FROM generate_series(1, $n) RETURNING '$_->{name}|' || id::text;\n" } @s);
	};
	my $fins = sub {
		join('', map { "INSERT INTO t_$_->{name} SELECT id, $op FROM local_$_->{name}($n) id RETURNING '$_->{name}|' || id::text;\n" } @s);
	};
	my $lsn = "SELECT 'lsn|' || pg_current_wal_flush_lsn();\n";
	# the level of synchronous_commit that the transaction's commit will use
	my $level = "SELECT 'level|' || current_setting('synchronous_commit');\n";
	# the end of the WAL after the transaction's end (its commit record)
	my $done = "SELECT 'end|' || pg_current_wal_flush_lsn();\nSELECT 'done|';\n";
	return $level . $sel->() . $lsn . $done if $kind eq 'auto';
	return "BEGIN READ ONLY;\n" . $level . $sel->() . $lsn . "COMMIT;\n" . $done if $kind eq 'ro';
	return "BEGIN;\n" . $level . $ins->() . $lsn . "COMMIT;\n" . $done if $kind eq 'write';
	return "BEGIN;\n" . $level . $ins->() . "SAVEPOINT a;\n" . $ins->() . "ROLLBACK TO SAVEPOINT a;\n"
	  . $ins->() . $lsn . "COMMIT;\n" . $done if $kind eq 'savepoint';
	return "BEGIN;\n" . $level . $ins->() . $lsn . "ROLLBACK;\n" . $done if $kind eq 'rollback';
	return "BEGIN;\n" . $level . $ins->() . $lsn . "PREPARE TRANSACTION 'x$op';\n" . $done if $kind eq 'prepare';
	return "BEGIN;\nSET LOCAL synchronous_commit = local;\n" . $level . $ins->() . $lsn . "COMMIT;\n" . $done
	  if $kind eq 'local';
	return "SET synchronous_commit = local;\nBEGIN;\n" . $level . $ins->() . $lsn . "COMMIT;\n" . $done
	  if $kind eq 'session';
	return "BEGIN;\n" . $level . $fins->() . $lsn . "COMMIT;\n" . $done if $kind eq 'fnlocal';
	if ($kind eq 'standby')
	{
		return join('', map { "SELECT '$_->{name}|' || $_->{gen}::text FROM generate_series(1, $n);\n" }
			  grep { !$NOT_ON_STANDBY{ $_->{name} } } @s)
		  . "SELECT 'lsn|' || pg_last_wal_replay_lsn();\nSELECT 'done|';\n";
	}
	if ($kind eq 'shift')
	{
		my ($v7) = grep { $_->{uuid_version} == 7 } @s;
		return "BEGIN;\n" . $level
		  . "INSERT INTO t_$v7->{name} SELECT uuidv7_next(interval '-1 second'), $op FROM generate_series(1, $n) "
		  . "RETURNING 'shifted|' || id::text;\n" . $ins->() . $lsn . "COMMIT;\n" . $done;
	}
	die "unknown kind of transaction $kind";
}

# Start psql on a node with the statements of $script (one a line), each
# given with -c (so that psql's standard input, which IPC::Run keeps open,
# is not read); the op records what it printed.
sub start_op
{
	my ($x, $name, $script, %op) = @_;
	my $op = { %op, id => scalar @{ $x->{ops} }, node => $name, era => $x->{era}, sync => $x->{sync},
		out => '', err => '', started => time };
	my @cmd = ('stdbuf', '-oL', 'psql', '-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1',
		'-d', node($x, $name)->connstr('postgres'), map { ('-c', $_) } grep { /\S/ } split /\n/, $script);
	$op->{h} = IPC::Run::start(\@cmd, '<', '/dev/null', '>', \$op->{out}, '2>', \$op->{err});
	push @{ $x->{ops} }, $op;
	return $op;
}

# Wait up to $secs for an op; returns whether it ended.
sub wait_op
{
	my ($x, $op, $secs) = @_;
	return 1 if $op->{ended};
	my $until = time + $secs;
	while ($op->{h}->pumpable)
	{
		$op->{h}->pump_nb;
		return 0 if time > $until;
		usleep(5_000);
	}
	$op->{h}->finish;
	$op->{ended} = time;
	op_ended($x, $op);
	return 1;
}

sub reap_ops
{
	my ($x) = @_;
	wait_op($x, $_, 0) for grep { !$_->{ended} } @{ $x->{ops} };
	return;
}

sub op_ended
{
	my ($x, $op) = @_;
	my $done = $op->{out} =~ /^done\|$/m;
	if ($op->{kind} eq 'prepare' && $done)
	{
		push @{ $x->{prepared} }, { gid => "x$op->{id}", op => $op };
	}
	elsif ($op->{kind} eq 'finish')
	{
		$op->{of}{finished} = $done ? $op->{how} : 'failed';
	}
	elsif ($op->{kind} eq 'read')
	{
		reader_results($x, $op);
	}
	note_step($x, "op $op->{id} ($op->{kind} on $op->{node}) ended"
		  . ($done ? '' : ': ' . (($op->{err} =~ /(?:ERROR|FATAL|error):\s*(.*)/) ? $1 : 'without finishing')))
	  unless $done && time - $op->{started} < $OP_WAIT;
	return;
}

sub gen_step
{
	my ($x, $kind, $n) = @_;
	# $CLIENTS clients at once, each its own transaction of the kind
	my @ops = map { start_op($x, $x->{primary}, op_sql($x, $kind, $n, scalar @{ $x->{ops} }), kind => $kind) } 1 .. $CLIENTS;
	my $until = time + $OP_WAIT;
	for my $op (@ops)
	{
		my $left = $until - time;
		note_step($x, "op $op->{id} ($kind on $op->{node}) still waits after $OP_WAIT s: it goes on")
		  unless wait_op($x, $op, $left > 0 ? $left : 0);
	}
	return;
}

# Ids on a hot standby: $CLIENTS clients at once.
sub sgen_step
{
	my ($x, $name, $n) = @_;
	my $o = $x->{nodes}{$name};
	return missed($x, "sgen $name: not a running standby") unless $o && $o->{up} && $name ne $x->{primary};
	my @ops = map {
		start_op($x, $name, op_sql($x, 'standby', $n, scalar @{ $x->{ops} }), kind => 'standby', standby => $name)
	} 1 .. $CLIENTS;
	for my $op (@ops)
	{
		wait_op($x, $op, 30) or note_step($x, "op $op->{id} (standby on $name) still runs after 30 s: it goes on");
	}
	return;
}

sub finish_step
{
	my ($x, $how) = @_;
	reap_ops($x);
	# the primary's own list: a promoted standby may lack a prepared
	# transaction that its primary had not sent yet
	my %there = map { $_ => 1 } split /\n/, sql($x, $x->{primary}, 'SELECT gid FROM pg_prepared_xacts');
	my ($open) = grep { !defined $_->{finished} && $there{ $_->{gid} } } @{ $x->{prepared} };
	return note_step($x, "no prepared transaction to finish on $x->{primary}") unless $open;
	$open->{finished} = 'pending';
	my $cmd = $how eq 'commit' ? 'COMMIT PREPARED' : 'ROLLBACK PREPARED';
	my $op = start_op($x, $x->{primary}, "$cmd '$open->{gid}';\nSELECT 'end|' || pg_current_wal_flush_lsn();\nSELECT 'done|';\n",
		kind => 'finish', of => $open, how => $how, gid => $open->{gid});
	note_step($x, "$cmd '$open->{gid}' still waits after $OP_WAIT s")
	  unless wait_op($x, $op, $OP_WAIT);
	return;
}

#
# The reader by the safe bound
#

sub read_step
{
	my ($x) = @_;
	reap_ops($x);
	return note_step($x, 'the reader is still waiting for its last round') if $x->{reading};
	my @prev = map { $x->{reader}{prev}{ $_->{name} } } @{ $x->{schemes} };
	my $arr = 'ARRAY[' . join(', ', map { defined $_ ? "'$_'" : 'NULL' } @prev) . ']::text[]';
	my $op = start_op($x, $x->{primary}, "SELECT explorer_read($arr);\nSELECT 'done|';\n", kind => 'read');
	$x->{reading} = $op;
	note_step($x, "the reader's round still waits after $OP_WAIT s") unless wait_op($x, $op, $OP_WAIT);
	return;
}

sub reader_results
{
	my ($x, $op) = @_;
	delete $x->{reading};
	return unless $op->{out} =~ /^done\|$/m;
	my $r = $x->{reader};
	for my $line (split /\n/, $op->{out})
	{
		my ($what, $scheme, $v) = split /\|/, $line, 3;
		next unless defined $v;
		if ($what eq 'read')
		{
			push @{ $r->{reads}{$scheme}{$v} }, $op->{era};
		}
		elsif ($what eq 'bound')
		{
			my $prev = $r->{prev}{$scheme};
			push @{ $r->{back} }, { scheme => $scheme, from => $prev, to => $v, era => $op->{era},
				from_era => $r->{prev_era}{$scheme} }
			  if defined $prev && $v lt $prev;
			$r->{first}{$scheme} //= $v;
			$r->{prev}{$scheme} = $v;
			$r->{prev_era}{$scheme} = $op->{era};
		}
		elsif ($what eq 'refused')
		{
			$r->{refused}++;
		}
	}
	$r->{rounds}++;
	return;
}

#
# Faults
#

sub walsender_of
{
	my ($x, $name) = @_;
	my $up = $x->{nodes}{$name}{upstream};
	return undef unless defined $up && $x->{nodes}{$up}{up};
	my $pid = sql($x, $up, "SELECT pid FROM pg_stat_replication WHERE application_name = '$name'");
	return $pid =~ /^\d+$/ ? ($pid, $up) : undef;
}

sub stall_step
{
	my ($x, $name) = @_;
	my ($pid, $up) = walsender_of($x, $name);
	return missed($x, "stall $name: no walsender feeds it") unless defined $pid;
	kill('STOP', $pid) or die "could not stop walsender $pid: $!";
	$x->{stalled}{$name} = { pid => $pid, upstream => $up };
	note_step($x, "the walsender of $up that feeds $name (pid $pid) stopped");
	return;
}

sub resume_step
{
	my ($x, $name) = @_;
	my $s = delete $x->{stalled}{$name} or return missed($x, "resume $name: not stalled");
	kill('CONT', $s->{pid});
	note_step($x, "the walsender that feeds $name continues");
	return;
}

sub resume_all_on
{
	my ($x, $up) = @_;
	resume_step($x, $_) for grep { $x->{stalled}{$_}{upstream} eq $up } sort keys %{ $x->{stalled} };
	return;
}

sub kill_step
{
	my ($x, $name) = @_;
	my $n = $x->{nodes}{$name};
	return missed($x, "kill $name: not running") unless $n->{up};
	interrupt_ops($x, $name);
	# a stopped walsender ends with its postmaster, without a chance to send
	my @also = map { $x->{stalled}{$_}{pid} } grep { $x->{stalled}{$_}{upstream} eq $name } keys %{ $x->{stalled} };
	kill_postmaster($n->{node}, also => \@also, all => 1);
	delete $x->{stalled}{$_} for grep { $x->{stalled}{$_}{upstream} eq $name } keys %{ $x->{stalled} };
	$n->{up} = 0;
	$n->{killed} = 1;
	note_step($x, "$name killed (-9)");
	# a member of the synchronous set failed: under FIRST the next one
	# becomes the synchronous standby (when its walsender goes on, if
	# stalled)
	if ($x->{syncset} && $name ne $x->{primary} && grep { $_ eq $name } @{ $x->{syncset}{members} })
	{
		$x->{sync} = sync_of_set($x);
		note_step($x, "the synchronous standby is now '$x->{sync}'");
		wait_sync_state($x, $x->{sync}, 'sync') if $x->{sync} ne '' && !$x->{stalled}{ $x->{sync} };
	}
	return;
}

sub clock_step
{
	my ($x, $name, $off) = @_;
	my $n = $x->{nodes}{$name};
	set_clock($n->{clock}, $off);
	check_clock($n->{node}, stepped_clock($n->{clock})) if $n->{up};
	note_step($x, "the clock of $name at $off");
	return;
}

sub restart_step
{
	my ($x, $name, $off) = @_;
	my $n = $x->{nodes}{$name};
	my $crash = !$n->{up};
	if ($n->{up})
	{
		resume_all_on($x, $name);
		# clients waiting for it end with it
		interrupt_ops($x, $name);
		$n->{node}->stop('fast');
		$n->{up} = 0;
	}
	set_clock($n->{clock}, $off) if defined $off;
	start_node($x, $name, after_kill => $crash && $n->{killed});
	$n->{killed} = 0;
	note_step($x, ($crash ? 'crash ' : 'clean ') . "restart of $name, its clock at " . slurp_file($n->{clock}) =~ s/\n//r);
	if ($name eq $x->{primary})
	{
		new_era($x, node => $name, kind => ($crash ? 'crash restart' : 'restart'),
			parent => $x->{era}, fork => $WHOLE_WAL);
	}
	return;
}

# Make $name a standby of the primary: stopped, rewound with pg_rewind
# (which says when nothing is to be done), its own configuration back.
sub repoint
{
	my ($x, $name, $up) = @_;
	my $n = $x->{nodes}{$name};
	if (!$n->{up} && $n->{killed} && -e $n->{node}->data_dir . '/standby.signal')
	{
		# a standby that was killed: its crash recovery runs as the standby
		# it was (pg_rewind's own, single-user, cannot run in standby mode)
		start_node($x, $name, after_kill => 1);
		$n->{killed} = 0;
	}
	if ($n->{up})
	{
		# a stopped walsender would hold up the shutdown
		resume_all_on($x, $name);
		$n->{node}->stop('fast');
		$n->{up} = 0;
	}
	sql($x, $x->{primary}, 'CHECKPOINT');
	my $out;
	my $ok = IPC::Run::run([ 'pg_rewind', '--target-pgdata', $n->{node}->data_dir,
			'--source-server', node($x, $x->{primary})->connstr('postgres') ],
		'>&', \$out);
	unless ($ok)
	{
		my $msg = "pg_rewind of $name onto $x->{primary} failed: " . ((split /\n/, $out)[-1] // '');
		note_step($x, $msg);
		# a server that cannot follow the new primary is a finding too
		push @{ $x->{failures} }, $msg;
		$x->{errors}++;
		return 0;
	}
	unlink($n->{node}->data_dir . '/postmaster.pid');
	standby_conf($x, $name, $up);
	start_node($x, $name);
	$n->{killed} = 0;
	note_step($x, "$name rewound onto $x->{primary}, follows $up");
	return 1;
}

sub promote_step
{
	my ($x, $name) = @_;
	my $old = $x->{primary};
	my $n = $x->{nodes}{$name};
	return missed($x, "promote $name: the primary $old still runs") if $x->{nodes}{$old}{up};
	return missed($x, "promote $name: not a running standby") unless $n->{up} && $name ne $old;
	my $node = $n->{node};
	resume_all_on($x, $name);
	# what it received, replayed: until replay reaches the end received, or
	# stops (the end may be a part of a record that never came whole)
	my ($replayed, $still) = (-1, 0);
	for (1 .. 300)
	{
		my ($rcv, $rpl) = split /\|/, $node->safe_psql('postgres',
			'SELECT pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn()');
		$still = lsn_num($rpl) == $replayed ? $still + 1 : 0;
		$replayed = lsn_num($rpl);
		last if $rcv eq '' || $replayed >= lsn_num($rcv) || $still >= 3;
		usleep(100_000);
	}
	my $sync = $x->{sync} eq $name && $n->{upstream} eq $old;
	$node->promote;
	$node->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die "$name was not promoted";
	$x->{promoted} = 1;
	$x->{primary} = $name;
	$x->{sync} = '';
	delete $x->{syncset};
	sql($x, $name, "ALTER SYSTEM SET synchronous_standby_names = ''; SELECT pg_reload_conf()");
	my $parent = $x->{era};
	my $era = new_era($x, node => $name, kind => ($sync ? 'synchronous standby promoted' : 'asynchronous standby promoted'),
		parent => $parent, fork => $replayed, sync_node => $name);
	# lost WAL: a client of the old primary was given ids, or saw its
	# transaction end, past what it replayed (or the op did not say where)
	my $past = sub {
		my ($op) = @_;
		return 0 unless @{ $op->{ids} } || $op->{kind} eq 'finish';
		my $end = lsn_num($op->{end}) // lsn_num($op->{lsn});
		return !defined $end || $end > $replayed;
	};
	if (!$sync && grep { $_->{era} == $parent && $past->($_) } map { parse_op($x, $_) } @{ $x->{ops} })
	{
		$era->{lossy} = { %{ $x->{reader}{prev} } };
		note_step($x, "$name had not replayed everything its clients were given: what it lacks may be issued again");
	}
	delete $n->{upstream};
	# the other running standbys follow it
	for my $s (sort keys %{ $x->{nodes} })
	{
		my $o = $x->{nodes}{$s};
		next if $s eq $name || !$o->{up} || ($o->{upstream} // '') eq $name;
		repoint($x, $s, $name);
	}
	return;
}

# A change of the synchronous set: the names reloaded to another standby of
# the primary.  The change took effect when a new session of the primary
# shows the new names; the standby becomes the synchronous one when its
# walsender next processes the reload and a reply (up to 30 s, a note if
# later: a walsender on a clock stepped ahead was seen to take 14 s), or,
# when its walsender is stalled, once it goes on.
sub syncnames_step
{
	my ($x, $name) = @_;
	my $n = $x->{nodes}{$name};
	return missed($x, "syncnames $name: not a running standby of the primary $x->{primary}")
	  unless $n && $n->{up} && ($n->{upstream} // '') eq $x->{primary};
	my $was = $x->{sync};
	set_sync($x, $name);
	my $names;
	for (1 .. 100)
	{
		last if ($names = sql($x, $x->{primary}, 'SHOW synchronous_standby_names')) eq $name;
		usleep(100_000);
	}
	return missed($x, "syncnames $name: the primary still has synchronous_standby_names = '$names'") if $names ne $name;
	note_step($x, "synchronous_standby_names reloaded from '$was' to '$name'");
	return note_step($x, "$name is stalled: it becomes the synchronous standby when its walsender goes on")
	  if $x->{stalled}{$name};
	wait_sync_state($x, $name, 'sync');
	return;
}

# The synchronous standby of a set of two: under FIRST the first member
# that runs and follows the primary, under ANY none alone.
sub sync_of_set
{
	my ($x) = @_;
	my $set = $x->{syncset};
	return '' unless $set && $set->{mode} eq 'FIRST';
	my ($n) = grep { $x->{nodes}{$_}{up} && ($x->{nodes}{$_}{upstream} // '') eq $x->{primary} } @{ $set->{members} };
	return $n // '';
}

# Wait (up to 30 s) until $name shows as the synchronous standby of the
# primary; a note if not.  Every 2 s the primary's configuration is
# reloaded again: a walsender that started as the names changed was seen
# to keep its old priority for minutes.
sub wait_sync_state
{
	my ($x, $name, $state) = @_;
	my $q = "SELECT count(*) = 1 FROM pg_stat_replication WHERE application_name = '$name' AND sync_state = '$state'";
	for my $i (1 .. 300)
	{
		return 1 if sql($x, $x->{primary}, $q) eq 't';
		sql($x, $x->{primary}, 'SELECT pg_reload_conf()') if $i % 20 == 0;
		usleep(100_000);
	}
	note_step($x, "$name was not yet '$state' after 30 s");
	return 0;
}

# A synchronous set of two standbys of the primary, FIRST 1 or ANY 1.
sub syncset_step
{
	my ($x, $mode, $list) = @_;
	my @members = split /,/, $list;
	for my $m (@members)
	{
		my $n = $x->{nodes}{$m};
		return missed($x, "syncset $mode $list: $m is not a running standby of the primary $x->{primary}")
		  unless $n && $n->{up} && ($n->{upstream} // '') eq $x->{primary};
	}
	my $names = "$mode 1 (" . join(', ', @members) . ')';
	sql($x, $x->{primary}, "ALTER SYSTEM SET synchronous_standby_names = '$names'; SELECT pg_reload_conf()");
	my $now;
	for (1 .. 100)
	{
		last if ($now = sql($x, $x->{primary}, 'SHOW synchronous_standby_names')) eq $names;
		usleep(100_000);
	}
	return missed($x, "syncset $mode $list: the primary still has synchronous_standby_names = '$now'") if $now ne $names;
	$x->{syncset} = { mode => $mode, members => \@members };
	$x->{sync} = sync_of_set($x);
	note_step($x, "synchronous_standby_names reloaded to '$names'");
	return if $x->{stalled}{ $x->{sync} } || $mode eq 'ANY';
	wait_sync_state($x, $x->{sync}, 'sync');
	return;
}

# synchronous_commit set at one scope, reset at the others.
sub synclevel_step
{
	my ($x, $level, $scope) = @_;
	my %set = (server => "ALTER SYSTEM SET synchronous_commit = '$level'",
		database => "ALTER DATABASE postgres SET synchronous_commit = '$level'",
		role => "ALTER ROLE CURRENT_USER SET synchronous_commit = '$level'");
	die "synclevel: unknown scope $scope" unless $set{$scope};
	return missed($x, "synclevel: the primary $x->{primary} does not run") unless $x->{nodes}{ $x->{primary} }{up};
	# its own commits wait for no standby, which may be stalled
	sql($x, $x->{primary}, join(";\n", 'SET synchronous_commit = local', 'ALTER SYSTEM RESET synchronous_commit',
		'ALTER DATABASE postgres RESET synchronous_commit', 'ALTER ROLE CURRENT_USER RESET synchronous_commit',
		$set{$scope}, 'SELECT pg_reload_conf()'));
	my $now;
	for (1 .. 100)
	{
		last if ($now = sql($x, $x->{primary}, 'SHOW synchronous_commit')) eq $level;
		usleep(100_000);
	}
	return missed($x, "synclevel $level $scope: a new session of the primary still has synchronous_commit = $now")
	  if $now ne $level;
	return note_step($x, "synchronous_commit = $level for the $scope");
}

sub rejoin_step
{
	my ($x, $name, $role) = @_;
	return missed($x, "rejoin $name: it is the primary") if $name eq $x->{primary};
	resume_all_on($x, $name) if $x->{nodes}{$name}{up};
	repoint($x, $name, $x->{primary}) or return;
	if (($role // 'async') eq 'sync')
	{
		set_sync($x, $name);
		wait_sync_state($x, $name, 'sync');
	}
	return;
}

sub catchup_step
{
	my ($x) = @_;
	my $p = node($x, $x->{primary});
	my $lsn = $p->safe_psql('postgres', 'SELECT pg_current_wal_flush_lsn()');
	for my $s (sort keys %{ $x->{nodes} })
	{
		my $o = $x->{nodes}{$s};
		# not one whose walsender is stalled, nor one whose upstream is down
		next if $s eq $x->{primary} || !$o->{up} || grep { $x->{stalled}{$_} } ($s, $o->{upstream} // '');
		next unless $x->{nodes}{ $o->{upstream} // '' }{up};
		$o->{node}->poll_query_until('postgres', "SELECT pg_last_wal_replay_lsn() >= '$lsn'")
		  or note_step($x, "$s did not catch up");
	}
	return;
}

sub pitr_step
{
	my ($x) = @_;
	# the archive is the first primary's, on its first timeline
	return missed($x, 'pitr: only from the first primary, before any promotion')
	  unless $x->{primary} eq 'n1' && !$x->{promoted} && $x->{nodes}{n1}{up};
	my $p = node($x, 'n1');
	my $target = $p->safe_psql('postgres', 'SELECT pg_current_wal_flush_lsn()');
	my $seg = $p->safe_psql('postgres', 'SELECT pg_walfile_name(pg_switch_wal())');
	$p->poll_query_until('postgres',
		"SELECT last_archived_wal IS NOT NULL AND last_archived_wal >= '$seg' FROM pg_stat_archiver")
	  or return missed($x, 'pitr: the WAL was not archived');
	my $r = PostgreSQL::Test::Cluster->new($p->name =~ s/_n1$/_r/r);
	$r->init_from_backup($p, 'base', has_restoring => 1, standby => 0);
	$r->append_conf('postgresql.conf', "recovery_target_lsn = '$target'\nrecovery_target_action = 'promote'\narchive_mode = off\n");
	$x->{nodes}{r} = { node => $r, clock => $r->basedir . '/clock', up => 0 };
	set_clock($x->{nodes}{r}{clock}, '-60s');
	start_node($x, 'r');
	$r->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the restore did not end';
	new_era($x, node => 'r', kind => "point-in-time restore to $target", parent => $x->{era},
		fork => lsn_num($target), side => 1);
	my $era = $x->{era};
	$x->{era} = $#{ $x->{eras} };
	for my $kind (qw(auto write))
	{
		my $op = start_op($x, 'r', op_sql($x, $kind, 20, scalar @{ $x->{ops} }), kind => $kind);
		wait_op($x, $op, 60);
	}
	$x->{era} = $era;
	$r->stop('fast');
	$x->{nodes}{r}{up} = 0;
	return;
}

#
# Running a schedule
#

sub run_step
{
	my ($x, $step) = @_;
	my ($what, @a) = @$step;
	reap_ops($x);
	return gen_step($x, $a[0], $a[1] // 20) if $what eq 'gen';
	return sgen_step($x, $a[0], $a[1] // 20) if $what eq 'sgen';
	return finish_step($x, 'commit') if $what eq 'commit_prepared';
	return finish_step($x, 'rollback') if $what eq 'rollback_prepared';
	return read_step($x) if $what eq 'read';
	return stall_step($x, @a) if $what eq 'stall';
	return resume_step($x, @a) if $what eq 'resume';
	return clock_step($x, @a) if $what eq 'clock';
	return kill_step($x, @a) if $what eq 'kill';
	return restart_step($x, @a) if $what eq 'restart';
	return promote_step($x, @a) if $what eq 'promote';
	return rejoin_step($x, @a) if $what eq 'rejoin';
	return syncnames_step($x, @a) if $what eq 'syncnames';
	return synclevel_step($x, @a) if $what eq 'synclevel';
	return syncset_step($x, @a) if $what eq 'syncset';
	return catchup_step($x) if $what eq 'catchup';
	return pitr_step($x) if $what eq 'pitr';
	die "unknown step '@$step'";
}

# The end of every schedule: the stalls end, the primary runs, every client
# has ended, no prepared transaction is left, a last transaction and the
# reader's last rounds.
sub finale
{
	my ($x) = @_;
	resume_step($x, $_) for sort keys %{ $x->{stalled} };
	restart_step($x, $x->{primary}) unless $x->{nodes}{ $x->{primary} }{up};
	# a primary that waits for a standby that does not run would wait for ever
	if ($x->{sync} ne '' && !$x->{nodes}{ $x->{sync} }{up}
		|| $x->{syncset} && !grep { $x->{nodes}{$_}{up} } @{ $x->{syncset}{members} })
	{
		delete $x->{syncset};
		sql($x, $x->{primary}, "ALTER SYSTEM SET synchronous_standby_names = ''; SELECT pg_reload_conf()");
		$x->{sync} = '';
	}
	for my $op (grep { !$_->{ended} } @{ $x->{ops} })
	{
		next if wait_op($x, $op, 30);
		note_step($x, "op $op->{id} did not end: stopped");
		$op->{interrupted} = 1;
		$op->{h}->kill_kill;
		$op->{ended} = time;
		op_ended($x, $op);
	}
	for my $gid (split /\n/, sql($x, $x->{primary}, 'SELECT gid FROM pg_prepared_xacts ORDER BY prepared'))
	{
		my ($p) = grep { $_->{gid} eq $gid } @{ $x->{prepared} };
		my $op = start_op($x, $x->{primary}, "COMMIT PREPARED '$gid';\nSELECT 'done|';\n",
			kind => 'finish', of => $p // {}, how => 'commit', gid => $gid);
		wait_op($x, $op, 60);
	}
	gen_step($x, 'write', 10);
	read_step($x) for 1 .. 2;
	wait_op($x, $x->{reading}, 60) if $x->{reading};
	my %rows;
	for my $s (@{ $x->{schemes} })
	{
		$rows{ $s->{name} } = { map { $_ => 1 } split /\n/, sql($x, $x->{primary}, "SELECT id::text FROM t_$s->{name}") };
	}
	$x->{rows} = \%rows;
	return;
}

# What an op printed: the ids of each scheme, the WAL position.
sub parse_op
{
	my ($x, $op) = @_;
	return $op if $op->{parsed} && $op->{ended};
	my %known = map { $_->{name} => 1 } @{ $x->{schemes} };
	my @ids;
	my $lsn;
	for my $line (split /\n/, $op->{out})
	{
		my ($k, $v) = split /\|/, $line, 2;
		next unless defined $v;
		if ($known{$k})
		{
			push @ids, [ $k, $v ];
		}
		elsif ($k eq 'lsn')
		{
			$lsn = $v;
		}
		elsif ($k eq 'end')
		{
			$op->{end} = $v;
		}
		elsif ($k eq 'level')
		{
			$op->{level} = $v;
		}
		elsif ($k eq 'shifted')
		{
			push @{ $op->{shifted} }, $v;
		}
	}
	@ids = () if $op->{kind} eq 'read' || $op->{kind} eq 'finish';
	$op->{ids} = \@ids;
	$op->{shifted} = [] if $op->{kind} ne 'shift';
	$op->{lsn} = $lsn;
	$op->{parsed} = 1;
	return $op;
}

# Whether era $e inherits what a client of era $from was given at WAL
# position $lsn (undef: unknown) under synchronous standby $sync: the chain
# of eras from $from to $e passes only through restarts, promotions of the
# standby that was synchronous when it was given, and promotions or
# restores whose WAL reached past $lsn.
sub inherits
{
	my ($x, $e, $from, $lsn, $sync, $standby) = @_;
	my @chain;
	my $c = $e;
	while (defined $c && $c != $from)
	{
		push @chain, $x->{eras}[$c];
		$c = $x->{eras}[$c]{parent};
	}
	return 0 unless defined $c;
	# ids of a hot standby: its promotion and the restarts after it, no
	# other era (they are in its state file, in no WAL)
	if (defined $standby)
	{
		my ($first, @rest) = reverse @chain;
		return 0 unless $first && $first->{node} eq $standby && $first->{kind} =~ /standby promoted$/;
		return !grep { $_->{fork} != $WHOLE_WAL } @rest;
	}
	for my $era (reverse @chain)
	{
		my $ok = $era->{fork} == $WHOLE_WAL
		  || ($sync ne '' && ($era->{sync_node} // '') eq $sync && $era->{kind} =~ /^synchronous/)
		  || (defined $lsn && $lsn <= $era->{fork});
		return 0 unless $ok;
	}
	return 1;
}

sub check
{
	my ($x) = @_;
	my @v;
	my %allowed;
	my @given;
	for my $op (map { parse_op($x, $_) } @{ $x->{ops} })
	{
		for my $id (@{ $op->{ids} })
		{
			# a commit at off or local waits for no standby: its ids are
			# asynchronous ones
			push @given, { scheme => $id->[0], id => $id->[1], era => $op->{era}, op => $op,
				lsn => lsn_num($op->{lsn}), sync => ($op->{level} // 'on') =~ /^(?:off|local)$/ ? '' : $op->{sync},
				standby => $op->{standby} };
		}
	}
	$x->{given} = scalar @given;

	# 0. the schedule tested something: every era gave ids of every scheme,
	# and no client failed but where a fault ended its server
	for my $era (@{ $x->{eras} })
	{
		my @none = grep {
			my $n = $_->{name};
			!grep { $_->{era} == $era->{id} && $_->{scheme} eq $n && !defined $_->{standby} } @given
		} @{ $x->{schemes} };
		push @v, sprintf('era %d (%s on %s) gave no ids of %s', $era->{id}, $era->{kind}, $era->{node},
			join(', ', map { $_->{name} } @none)) if @none;
	}
	for my $op (grep { $_->{out} !~ /^done\|$/m && !$_->{interrupted} } @{ $x->{ops} })
	{
		push @v, sprintf('op %d (%s on %s, era %d) failed, and no fault explains it: %s', $op->{id}, $op->{kind},
			$op->{node}, $op->{era}, (($op->{err} =~ /((?:ERROR|FATAL|error):\s*.*)/) ? $1 : 'it did not finish'));
	}

	# 1. no id given twice, but where an era does not inherit the other's:
	# every occurrence against every earlier one
	my %by;
	push @{ $by{"$_->{scheme} $_->{id}"} }, $_ for @given;
	for my $k (sort keys %by)
	{
		my @g = @{ $by{$k} };
		next if @g < 2;
		for my $pair (map { my $j = $_; map { [ $_, $j ] } 0 .. $j - 1 } 1 .. $#g)
		{
			my ($a, $b) = ($g[ $pair->[0] ], $g[ $pair->[1] ]);
			($a, $b) = ($b, $a) if $a->{era} > $b->{era};
			if ($a->{era} != $b->{era} && !inherits($x, $b->{era}, $a->{era}, $a->{lsn}, $a->{sync}, $a->{standby}))
			{
				$allowed{repeated}++;
				next;
			}
			push @v, "$a->{scheme} $a->{id} given twice: by op $a->{op}{id} ($a->{op}{kind}) on $a->{op}{node} (era $a->{era}) "
			  . "and by op $b->{op}{id} ($b->{op}{kind}) on $b->{op}{node} (era $b->{era})";
		}
	}

	# 2. each era's ids above what it replayed and what it inherits
	for my $era (@{ $x->{eras} })
	{
		next unless defined $era->{parent};
		for my $s (@{ $x->{schemes} })
		{
			my $name = $s->{name};
			my @new = sort map { $_->{id} } grep { $_->{era} == $era->{id} && $_->{scheme} eq $name } @given;
			next unless @new;
			my $floor = $era->{floor}{$name} // '';
			my @below = grep { $_ le $floor } @new;
			push @v, sprintf('era %d (%s on %s): %d of its %d new %s ids sort at or below the newest row it replayed (%s)',
				$era->{id}, $era->{kind}, $era->{node}, scalar @below, scalar @new, $name, $floor)
			  if @below && $floor ne '';
			my @old = grep {
				$_->{scheme} eq $name && $_->{era} != $era->{id} && $_->{era} < $era->{id}
				  && inherits($x, $era->{id}, $_->{era}, $_->{lsn}, $_->{sync}, $_->{standby})
			} @given;
			my ($top) = sort { $b->{id} cmp $a->{id} } @old;
			if ($top)
			{
				my @under = grep { $_ le $top->{id} } @new;
				push @v, sprintf('era %d (%s on %s): %d of its %d new %s ids sort at or below %s, given by op %d (%s) on %s (era %d), which it inherits',
					$era->{id}, $era->{kind}, $era->{node}, scalar @under, scalar @new, $name, $top->{id},
					$top->{op}{id}, $top->{op}{kind}, $top->{op}{node}, $top->{era})
				  if @under;
			}
			my @not = grep {
				$_->{scheme} eq $name && $_->{era} < $era->{id} && $_->{id} ge $new[0]
				  && !inherits($x, $era->{id}, $_->{era}, $_->{lsn}, $_->{sync}, $_->{standby})
			} @given;
			$allowed{below} += @not;
		}
	}

	# 3. the reader: its bound never goes back (but across an asynchronous
	# promotion that lost WAL), and it read every committed row once
	my $r = $x->{reader};
	for my $b (@{ $r->{back} // [] })
	{
		if (grep { $_->{lossy} && $_->{id} > $b->{from_era} && $_->{id} <= $b->{era} } @{ $x->{eras} })
		{
			$allowed{bound_back}++;
			next;
		}
		push @v, "$b->{scheme}_safe_bound() went back from $b->{from} (era $b->{from_era}) to $b->{to} (era $b->{era})";
	}
	for my $s (@{ $x->{schemes} })
	{
		my $name = $s->{name};
		my ($first, $last) = ($r->{first}{$name}, $r->{prev}{$name});
		unless (defined $first && defined $last)
		{
			push @v, "the reader took no bound of $name";
			next;
		}
		my $reads = $r->{reads}{$name} // {};
		my $rows = $x->{rows}{$name};
		# where each row committed: its transaction's era, or for a prepared
		# one the era of the COMMIT PREPARED that ended it
		my %committed_in;
		for my $op (grep { $_->{kind} eq 'finish' && $_->{how} eq 'commit' && $_->{out} =~ /^done\|$/m } @{ $x->{ops} })
		{
			$committed_in{ $op->{gid} } = $op->{era};
		}
		my %era_of = map {
			($_->{id} => ($_->{op}{kind} eq 'prepare' ? $committed_in{"x$_->{op}{id}"} // $_->{era} : $_->{era}))
		} grep { $_->{scheme} eq $name } @given;
		my (@missed, @twice, @ghost);
		# a negative shift's ids: outside the safe bound's promise
		my %shifted = map { $_ => 1 } map { @{ $_->{shifted} // [] } } @{ $x->{ops} };
		for my $id (sort keys %$rows)
		{
			next if $id lt $first || $id ge $last;
			my $n = scalar @{ $reads->{$id} // [] };
			if ($n == 0 && $shifted{$id})
			{
				$allowed{shifted_unread}++;
				next;
			}
			if ($n == 0)
			{
				# committed, or issued again, below a bound taken before an
				# asynchronous promotion that lost WAL, after it
				if (grep { $_->{lossy} && defined $era_of{$id} && $era_of{$id} >= $_->{id}
						&& defined $_->{lossy}{$name} && $id lt $_->{lossy}{$name} } @{ $x->{eras} })
				{
					$allowed{unread}++;
					next;
				}
				push @missed, $id;
			}
			push @twice, $id if $n > 1;
		}
		for my $id (sort keys %$reads)
		{
			next if $rows->{$id};
			my @eras = @{ $reads->{$id} };
			# read on a primary whose later WAL an asynchronous promotion lost
			if (grep { my $e = $_; grep { $_->{lossy} && $_->{parent} >= $e } @{ $x->{eras} } } @eras)
			{
				$allowed{lost_rows}++;
				next;
			}
			push @ghost, $id;
		}
		push @v, sprintf('the reader by %s_safe_bound() missed %d committed rows in [%s, %s), such as %s',
			$name, scalar @missed, $first, $last, $missed[0]) if @missed;
		push @v, sprintf('the reader by %s_safe_bound() read %d rows twice, such as %s', $name, scalar @twice, $twice[0])
		  if @twice;
		push @v, sprintf('the reader by %s_safe_bound() read %d rows that are not committed, such as %s',
			$name, scalar @ghost, $ghost[0]) if @ghost;
		$x->{read}{$name} = scalar grep { @{ $reads->{$_} } } keys %$reads;
	}
	$x->{allowed} = \%allowed;
	return @v;
}

sub teardown
{
	my ($x) = @_;
	kill('CONT', $_->{pid}) for values %{ $x->{stalled} };
	for my $n (values %{ $x->{nodes} })
	{
		$n->{node}->teardown_node if $n->{up};
		$n->{up} = 0;
	}
	$_->{h}->kill_kill for grep { !$_->{ended} } @{ $x->{ops} };
	faketime_release();
	return;
}

# Run a schedule (a list of steps) on a new cluster.  Returns a hash: the
# violations (a list of lines), the log of what happened, counts.  Keeps the
# nodes' directories (and logs) only when a violation was found, unless
# keep => 1.
sub explore
{
	my ($steps, %opts) = @_;
	my $x = {
		schemes => [ schemes() ], ops => [], eras => [], prepared => [], stalled => {},
		reader => { prev => {}, first => {}, reads => {} }, log => [], t0 => time, errors => 0,
		sync => '',
	};
	my @v;
	my $ok = eval {
		setup($x);
		for my $step (@$steps)
		{
			note_step($x, join(' ', '>', @$step));
			run_step($x, $step);
		}
		finale($x);
		@v = (check($x), @{ $x->{failures} // [] });
		1;
	};
	my $err = $@;
	teardown($x);
	unless ($ok)
	{
		push @v, "the schedule could not run: $err";
	}
	unless (@v || $opts{keep})
	{
		$_->{node}->clean_node for values %{ $x->{nodes} };
	}
	my $given = $x->{given} // 0;
	return {
		violations => \@v,
		log => $x->{log},
		seconds => time - $x->{t0},
		summary => sprintf('%d client steps, %d ids given, %d eras, reader: %d rounds (%d refusals), %s; within the limits: %s%s',
			scalar @{ $x->{ops} }, $given, scalar @{ $x->{eras} }, $x->{reader}{rounds} // 0, $x->{reader}{refused} // 0,
			join(', ', map { "$_ $x->{read}{$_} read" } sort keys %{ $x->{read} // {} }),
			join(', ', map { "$_ $x->{allowed}{$_}" } grep { $x->{allowed}{$_} } sort keys %{ $x->{allowed} // {} }) || 'none',
			$x->{errors} ? "; $x->{errors} rewinds failed (see the log)" : ''),
	};
}

1;
