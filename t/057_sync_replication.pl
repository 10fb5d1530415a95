# Ids under synchronous replication: a generator returns an id only once
# the synchronous standby has confirmed the reservation that covers it, at
# the level its transaction's commit will use (never below the session's
# synchronous_commit), whatever the transaction does next, and the safe
# bound only once the standby has confirmed the reservation below it.  The primary's walsender is stopped (SIGSTOP), as
# a network to the synchronous standby that stalls:
#
#   1. every scheme's generator, in autocommit, in a read-only transaction,
#      in one rolled back and in a writing one, in a function whose SET
#      clause lowers synchronous_commit to local (the commit uses the
#      session's level, and so do the ids), and every scheme's safe
#      bound, waits for the standby (pg_stat_activity shows the wait); a
#      cancel (pg_cancel_backend(), statement_timeout) ends the wait with
#      57014 and no id, pg_terminate_backend() ends the session with 57P01;
#      once the walsender goes on, a waiting generator returns its ids; a
#      clock moved ahead and back waits as the others; a hot standby, and a
#      single-user server, generate without waiting;
#   2. for synchronous_commit = on, remote_apply and remote_write: clients
#      generate every scheme in those four kinds of transaction (a client
#      per scheme and kind: those that write wait at their commit anyway),
#      and a reader takes the safe bounds, while the walsender stalls and the
#      primary's clock steps a minute ahead (so that the next ids need new
#      reservations); the primary is killed (kill -9) and the standby, its
#      clock at least two minutes behind the primary's, promoted: none of
#      its new ids sorts at or below an id a client was given, nor below a
#      bound the reader was given.
#
# Each failover prints the issue's table: ids the clients were given, the
# new primary's ids, and those of them at or below the clients' newest.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time usleep);

plan skip_all => 'libfaketime is not installed (Debian package libfaketime)'
  unless faketime_lib();

my $started = time;
my @schemes = schemes();

# The kinds of transaction a generator runs in: the statements of each, for
# $n ids of scheme $s.
my @kinds = (
	[ 'autocommit' => sub { my ($s, $n) = @_; ("SELECT $s->{gen} FROM generate_series(1, $n)") } ],
	[ 'read-only' => sub { my ($s, $n) = @_; ('BEGIN READ ONLY', "SELECT $s->{gen} FROM generate_series(1, $n)", 'COMMIT') } ],
	[ 'rolled-back' => sub { my ($s, $n) = @_; ('BEGIN', "SELECT $s->{gen} FROM generate_series(1, $n)", 'ROLLBACK') } ],
	[ 'writing' => sub {
		my ($s, $n) = @_;
		('BEGIN', "INSERT INTO t_$s->{name} SELECT $s->{gen} FROM generate_series(1, $n) RETURNING id", 'COMMIT');
	} ],
);

# The wall clock of a server against this machine's, in seconds.
sub clock_offset
{
	my ($node) = @_;
	my $before = time;
	my $server = $node->safe_psql('postgres', 'SELECT extract(epoch FROM clock_timestamp())');
	return $server - ($before + time) / 2;
}

# A primary with a synchronous standby, for synchronous_commit = $level.
# The primary's clock follows the file it returns (set_clock), from
# $seconds off this machine's (negative: libfaketime makes the timers of a
# process whose clock it sets ahead fire late, statement_timeout's too);
# the standby's runs a minute behind the primary's.  The standby names no
# synchronous standby of its own once it is promoted; as a hot standby it
# names one, which it must not wait for.  uid8 runs with a configured
# generator id, or, with $uid8_auto, with automatic ones (each backend's
# own generator, which raises the shared clock to each millisecond it
# issues from).
sub start_pair
{
	my ($name, $level, $seconds, $uid8_auto) = @_;
	my $p = PostgreSQL::Test::Cluster->new("primary_$name");
	$p->init(allows_streaming => 1);
	$p->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
max_connections = 60
synchronous_commit = $level
});
	$p->append_conf('postgresql.conf', 'idtypes.uid8_generator_id = 5') unless $uid8_auto;
	# uid8_safe_bound() needs the server's generator
	$p->{bound_schemes} = [ grep { !$uid8_auto || $_->{name} ne 'uid8' } @schemes ];
	my $clock = $p->basedir . '/clock';
	set_clock($clock, sprintf('%+ds', $seconds));
	start_faked($p, FAKETIME_TIMESTAMP_FILE => $clock, FAKETIME_CACHE_DURATION => 1);
	my $offset = clock_offset($p);
	ok(abs($offset - $seconds) < 10, sprintf('%s: the primary\'s clock is %+d s off (%.1f s)', $level, $seconds, $offset))
	  or BAIL_OUT('the primary\'s faked clock is not in effect');
	$p->safe_psql('postgres', 'CREATE EXTENSION idtypes;'
		  . join('', map { "CREATE TABLE t_$_->{name} (id $_->{type} PRIMARY KEY);" } @schemes));
	$p->backup('b');
	my $s = PostgreSQL::Test::Cluster->new("standby_$name");
	$s->init_from_backup($p, 'b', has_streaming => 1);
	$s->append_conf('postgresql.conf', "synchronous_standby_names = 'nobody'");
	start_faked($s, FAKETIME => ($seconds - 60) . 's');
	$p->append_conf('postgresql.conf', "synchronous_standby_names = 'standby_$name'");
	$p->reload;
	$offset = clock_offset($s);
	ok(abs($offset - ($seconds - 60)) < 10,
		sprintf('%s: the standby\'s clock runs a minute behind the primary\'s (%.1f s off)', $level, $offset))
	  or BAIL_OUT('the standby\'s faked clock is not in effect');
	$p->poll_query_until('postgres',
		"SELECT sync_state = 'sync' FROM pg_stat_replication WHERE application_name = 'standby_$name'")
	  or die "standby_$name did not become the synchronous standby";
	return ($p, $s, $clock);
}

# Step the primary's clock to $seconds off this machine's, and wait until
# it reads so.
sub step_clock
{
	my ($node, $clock, $seconds) = @_;
	set_clock($clock, sprintf('%+ds', $seconds));
	my $offset;
	foreach (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
	{
		$offset = clock_offset($node);
		last if abs($offset - $seconds) < 10;
		usleep(100_000);
	}
	ok(abs($offset - $seconds) < 10, sprintf('the primary\'s clock stepped to %+d s (%.1f s)', $seconds, $offset))
	  or BAIL_OUT('the primary\'s faked clock did not step');
	return;
}

sub walsender_pid
{
	my ($p, $standby) = @_;
	my $pid = $p->safe_psql('postgres',
		"SELECT pid FROM pg_stat_replication WHERE application_name = '" . $standby->name . "'");
	die 'no walsender for ' . $standby->name unless $pid =~ /^\d+$/;
	return $pid;
}

# A psql session in the background that runs the statements given (each a
# -c), or the script in the file given; its output and errors go to files.
my $sessions = 0;
sub start_session
{
	my ($node, $name, %what) = @_;
	my $base = $node->basedir . '/session_' . $sessions++;
	my %s = (name => $name, out => "$base.out", err => "$base.err");
	$s{h} = IPC::Run::start(
		[ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-v', 'VERBOSITY=verbose',
		  '-d', $node->connstr('postgres') . " application_name=$name",
		  $what{file} ? ('-f', $what{file}) : (map { ('-c', $_) } @{ $what{sql} }) ],
		'<', '/dev/null', '>', $s{out}, '2>', $s{err});
	return \%s;
}

sub finish_session
{
	my ($s) = @_;
	$s->{h}->finish;
	$s->{rc} = $s->{h}->result(0);
	$s->{stdout} = slurp_file($s->{out});
	$s->{stderr} = slurp_file($s->{err});
	return $s;
}

# Whether every session waits for the synchronous standby (wait event
# SyncRep), within $limit seconds; false as soon as one has ended.
sub all_waiting
{
	my ($node, $limit, @s) = @_;
	my $names = join(', ', map { "'$_->{name}'" } @s);
	my $until = time + $limit;
	while (time < $until)
	{
		return 0 if grep { !$_->{h}->pumpable } @s;
		return 1 if $node->safe_psql('postgres', qq{SELECT count(*) FROM pg_stat_activity
			WHERE application_name IN ($names) AND wait_event = 'SyncRep'}) == @s;
		usleep(100_000);
	}
	return 0;
}

# The ids a session printed (one a line), without the empty lines of
# pg_sleep().
sub ids_of
{
	my ($text) = @_;
	return grep { $_ ne '' } split /\n/, $text;
}

# ---------------------------------------------------------------------------
# 1. Generators and bounds wait while the walsender stalls.

my ($p, $s, $clock) = start_pair('on', 'on', -600);

# the standby streaming: every kind returns its ids at once
foreach my $sch (@schemes)
{
	foreach my $k (@kinds)
	{
		my @ids = ids_of($p->safe_psql('postgres', join(";\n", $k->[1]->($sch, 10))));
		is(scalar(@ids), 10, "$sch->{name}, $k->[0]: 10 ids while the standby confirms");
	}
}

# a hot standby writes no WAL and waits for nothing, even when it names a
# synchronous standby of its own
foreach my $sch (grep { $_->{name} ne 'uid8' } @schemes)
{
	is(scalar(ids_of($s->safe_psql('postgres', "SET statement_timeout = '60s'; SELECT $sch->{gen} FROM generate_series(1, 10)"))),
		10, "$sch->{name}: a hot standby that names a synchronous standby generates without waiting");
}

# A clock moved back (idtypes_rewind_clock()) starts its confirmations
# afresh: once the walsender stalls, its next ids wait for a new
# reservation like the others' (below), not for none because the standby
# had confirmed the reservation of the clock moved ahead.  (A superuser
# moves it 20 minutes ahead, and back to 6, past idtypes.clock_max_ahead;
# the primary's clock, 10 minutes behind this machine's, then passes it
# before the failover below.)
$p->safe_psql('postgres', q{SET client_min_messages = error;
	SELECT idtypes_advance_clock('hlculid', now() + interval '20 min');
	SELECT idtypes_rewind_clock('hlculid', now() + interval '6 min')});

# a function that generates in a parallel worker (below)
my $force_parallel = $p->safe_psql('postgres', 'SHOW server_version_num') >= 160000
  ? 'debug_parallel_query' : 'force_parallel_mode';
$p->safe_psql('postgres', q{CREATE FUNCTION uuidv7_in_worker() RETURNS uuid
	LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS 'BEGIN RETURN uuidv7_next(); END'});
my @in_worker = ("SET $force_parallel = regress", 'SELECT uuidv7_in_worker()');
# each scheme's generator in a function whose SET clause lowers
# synchronous_commit to local: the commit uses the session's level (on),
# and so must the ids
foreach my $sch (@schemes)
{
	$p->safe_psql('postgres', "CREATE FUNCTION local_$sch->{name}() RETURNS text LANGUAGE sql VOLATILE
		SET synchronous_commit = local AS 'SELECT ($sch->{gen})::text'");
}
my $walsender = walsender_pid($p, $s);
kill('STOP', $walsender) or die "could not stop the walsender: $!";
# past every reservation the standby has confirmed
step_clock($p, $clock, -540);

my @waiting;
foreach my $sch (@schemes)
{
	foreach my $k (@kinds)
	{
		(my $kind = $k->[0]) =~ s/-/_/g;
		push @waiting, start_session($p, "gen_$sch->{name}_$kind", sql => [ $k->[1]->($sch, 10) ]);
		$waiting[-1]{what} = "$sch->{name}, $k->[0]";
	}
	push @waiting, start_session($p, "gen_$sch->{name}_set_local",
		sql => ["SELECT local_$sch->{name}() FROM generate_series(1, 10)"]);
	$waiting[-1]{what} = "$sch->{name}, in a function SET synchronous_commit = local";
}
ok(all_waiting($p, $PostgreSQL::Test::Utils::timeout_default, @waiting),
	'walsender stopped: every generator of every scheme, in every kind of transaction ('
	  . scalar(@waiting) . ' sessions), waits for the synchronous standby');

# cancel every waiting session: no id, the error of a cancelled query
sub cancel_all
{
	my ($p, @s) = @_;
	my $names = join(', ', map { "'$_->{name}'" } @s);
	is($p->safe_psql('postgres', "SELECT count(*) FILTER (WHERE pg_cancel_backend(pid)) FROM pg_stat_activity WHERE application_name IN ($names)"),
		scalar(@s), scalar(@s) . ' waiting sessions cancelled');
	foreach my $w (@s)
	{
		finish_session($w);
		ok($w->{rc} != 0 && $w->{stdout} eq '' && $w->{stderr} =~ /ERROR:  57014: canceling statement due to user request/,
			"$w->{what}: the cancel ends the wait with 57014 and returns no id")
		  or diag("exit code $w->{rc}, output: $w->{stdout}, errors: $w->{stderr}");
	}
	return;
}
cancel_all($p, @waiting);

# The cancelled generators moved the clocks past what the standby
# confirmed, and hold no transaction open: a bound waits too.
my @bounds = map { start_session($p, "bound_$_->{name}", sql => ["SELECT $_->{name}_safe_bound()"]) } @{ $p->{bound_schemes} };
$bounds[$_]{what} = "$p->{bound_schemes}[$_]{name}_safe_bound()" foreach 0 .. $#bounds;
ok(all_waiting($p, $PostgreSQL::Test::Utils::timeout_default, @bounds),
	'walsender stopped: every safe bound waits for the synchronous standby');
cancel_all($p, @bounds);

my $timed = start_session($p, 'timeout', sql => [ "SET statement_timeout = '1s'", 'SELECT uuidv7_next()' ]);
finish_session($timed);
ok($timed->{rc} != 0 && $timed->{stdout} eq ''
	  && $timed->{stderr} =~ /ERROR:  57014: canceling statement due to statement timeout/,
	'statement_timeout ends the wait with 57014 and returns no id')
  or diag("exit code $timed->{rc}, output: $timed->{stdout}, errors: $timed->{stderr}");

my $terminated = start_session($p, 'terminated', sql => ['SELECT gen_hlculid()']);
ok(all_waiting($p, $PostgreSQL::Test::Utils::timeout_default, $terminated), 'another generator waits');
$p->safe_psql('postgres', "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'terminated'");
finish_session($terminated);
ok($terminated->{rc} != 0 && $terminated->{stdout} eq ''
	  && $terminated->{stderr} =~ /FATAL:  57P01: terminating connection due to administrator command/,
	'pg_terminate_backend() ends the session with 57P01 and returns no id')
  or diag("exit code $terminated->{rc}, output: $terminated->{stdout}, errors: $terminated->{stderr}");

# A generator that runs in a parallel worker (only through a function of
# one's own marked PARALLEL SAFE: the generators are PARALLEL RESTRICTED)
# waits in the worker; the leader's cancel ends the query.  (libfaketime
# may give a worker, which the postmaster starts, another clock than the
# backends': its id may come from further ahead, which needs a reservation
# of its own all the same.)
my $worker = start_session($p, 'in_worker', sql => \@in_worker);
my $worker_waits = 0;
foreach (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
{
	last unless $worker->{h}->pumpable;
	$worker_waits = $p->safe_psql('postgres', q{SELECT count(*) FROM pg_stat_activity
		WHERE application_name = 'in_worker' AND backend_type = 'parallel worker' AND wait_event = 'SyncRep'});
	last if $worker_waits;
	usleep(100_000);
}
is($worker_waits, 1, 'walsender stopped: a generator in a parallel worker waits for the synchronous standby, in the worker');
$p->safe_psql('postgres', q{SELECT pg_cancel_backend(pid) FROM pg_stat_activity
	WHERE application_name = 'in_worker' AND backend_type = 'client backend'});
finish_session($worker);
ok($worker->{rc} != 0 && $worker->{stdout} eq '' && $worker->{stderr} =~ /ERROR:  57014: canceling statement/,
	'the leader\'s cancel ends the query with 57014 and no id')
  or diag("exit code $worker->{rc}, output: $worker->{stdout}, errors: $worker->{stderr}");

my $goes_on = start_session($p, 'goes_on', sql => ['SELECT gen_tid62() FROM generate_series(1, 10)', 'SELECT tid62_safe_bound()']);
ok(all_waiting($p, $PostgreSQL::Test::Utils::timeout_default, $goes_on), 'a generator waits');
kill('CONT', $walsender) or die "could not continue the walsender: $!";
finish_session($goes_on);
is(scalar(ids_of($goes_on->{stdout})), 11, 'once the walsender goes on, the waiting generator returns its ids, and the bound its bound')
  or diag("errors: $goes_on->{stderr}");
is(scalar(ids_of($p->safe_psql('postgres', join(";\n", @in_worker)))), 1,
	'and a generator in a parallel worker returns its id');

# ---------------------------------------------------------------------------
# 2. Clients generate while the walsender stalls; the primary is killed, the
# standby promoted.

my @table;

# Clients of every scheme and kind of transaction, each running rounds of
# its kind (100 ids each), and a reader of every safe bound, until the
# primary dies; the walsender stalls and the primary's clock steps a minute
# ahead, to $seconds off this machine's, while they run; the primary is
# killed, the standby promoted and checked.
sub failover
{
	my ($p, $s, $clock, $level, $seconds) = @_;
	my @clients;
	foreach my $sch (@schemes)
	{
		foreach my $k (@kinds)
		{
			(my $kind = $k->[0]) =~ s/-/_/g;
			my $script = $p->basedir . "/client_$sch->{name}_$kind.sql";
			open(my $fh, '>', $script) or die "could not write $script: $!";
			foreach (1 .. 500)
			{
				print $fh "$_;\n" foreach $k->[1]->($sch, 100);
				print $fh "SELECT pg_sleep(0.02);\n";
			}
			close($fh);
			push @clients, start_session($p, "client_$sch->{name}_$kind", file => $script);
			$clients[-1]{scheme} = $sch;
		}
	}
	my $script = $p->basedir . '/bounds.sql';
	open(my $fh, '>', $script) or die "could not write $script: $!";
	foreach (1 .. 5000)
	{
		print $fh "SELECT '$_->{name}', $_->{name}_safe_bound();\n" foreach @{ $p->{bound_schemes} };
		print $fh "SELECT pg_sleep(0.02);\n";
	}
	close($fh);
	my $reader = start_session($p, 'bound_reader', file => $script);

	# every client has been given ids (psql's output buffer has reached its
	# file), and the reader bounds
	foreach (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
	{
		last unless grep { !-s $_->{out} } @clients, $reader;
		usleep(100_000);
	}
	my $walsender = walsender_pid($p, $s);
	kill('STOP', $walsender) or die "could not stop the walsender: $!";
	step_clock($p, $clock, $seconds);
	ok(all_waiting($p, 30, @clients),
		"$level: walsender stopped, clock a minute ahead: every client waits for the standby");
	kill_postmaster($p, also => [$walsender], all => 1);
	finish_session($_) foreach @clients, $reader;

	$s->adjust_conf('postgresql.conf', 'synchronous_standby_names', "''");
	$s->reload;
	$s->promote;
	$s->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the standby was not promoted';
	my $offset = clock_offset($s);
	cmp_ok($seconds - $offset, '>=', 100,
		sprintf('%s: the new primary\'s clock runs %.0f s behind the old one\'s', $level, $seconds - $offset));

	my %bound;
	foreach my $line (ids_of($reader->{stdout}))
	{
		my ($name, $b) = split /\|/, $line;
		push @{ $bound{$name} }, $b;
	}
	foreach my $sch (@schemes)
	{
		my $name = $sch->{name};
		my @ids = map { ids_of($_->{stdout}) } grep { $_->{scheme} == $sch } @clients;
		cmp_ok(scalar(@ids), '>', 0, "$level: $name: the clients were given ids before the primary died");
		cmp_ok(scalar(@{ $bound{$name} // [] }), '>', 0, "$level: $name: the reader was given bounds")
		  if grep { $_ == $sch } @{ $p->{bound_schemes} };
		# the largest of a list of ids, by the type's order
		my $largest = sub {
			my @list = @_;
			return '' unless @list;
			return $s->safe_psql('postgres', 'SELECT x FROM unnest(ARRAY['
				  . join(',', map { "'$_'" } @list) . "]::$sch->{type}\[]) x ORDER BY x DESC LIMIT 1");
		};
		my $newest = $largest->(@ids);
		my $bound = $largest->(@{ $bound{$name} // [] });
		my ($below, $under) = split /\|/, $s->safe_psql('postgres', qq{
			SELECT count(*) FILTER (WHERE id <= '$newest'::$sch->{type}),
				   count(*) FILTER (WHERE id < } . ($bound ne '' ? "'$bound'::$sch->{type}" : 'NULL') . qq{)
			FROM (SELECT $sch->{gen} AS id FROM generate_series(1, 1000)) n});
		is("$below/$under", '0/0',
			"$level: $name: none of 1000 new ids on the promoted standby sorts at or below the newest of the "
			  . scalar(@ids) . ' ids the clients were given, nor below a safe bound the reader was given ('
			  . scalar(@{ $bound{$name} // [] }) . ')');
		push @table, sprintf('| %s | %s | %d | 1000 | %d | %s |', $level,
			$name eq 'uid8' && !grep({ $_ == $sch } @{ $p->{bound_schemes} }) ? 'uid8 (automatic generator ids)' : $name,
			scalar(@ids), $below, $bound ne '' ? $under : '(no bound)');
	}
	$s->stop;
	return;
}

failover($p, $s, $clock, 'on', 0);
failover(start_pair('remote_apply', 'remote_apply', -60), 'remote_apply', 0);
failover(start_pair('remote_write', 'remote_write', -60, 'uid8 automatic'), 'remote_write', 0);

diag(join("\n", '| synchronous_commit | scheme | ids clients saw | new primary\'s ids | new ids at or below the clients\' newest | below a bound the reader saw |',
	'|---|---|---|---|---|---|', @table));

# A single-user server writes WAL with no walsender: it generates without
# waiting, synchronous_standby_names or not.
my $single = IPC::Run::start(
	[ $s->installed_command('postgres'), '--single', '-D', $s->data_dir, '-c', 'synchronous_standby_names=nobody',
	  '-c', 'synchronous_commit=on', 'postgres' ],
	'<', \"SELECT uuidv7_next() IS NOT NULL AS generated;\n", '>', \my $single_out, '2>', \my $single_err,
	IPC::Run::timeout($PostgreSQL::Test::Utils::timeout_default));
$single->finish;
like($single_out, qr/generated = "t"/, 'a single-user server that names a synchronous standby generates without waiting')
  or diag($single_err);

note(sprintf('t/057_sync_replication.pl took %.0f s', time - $started));
done_testing();
