# The shared clocks of every scheme (IdtypesTest's list: muid, hlculid,
# uid8, UUIDv6, v7, v8, tid62) across restarts and crashes, with the system clock stepped back
# (libfaketime): the state file covers every id issued and a clean shutdown
# saves the exact last values; under load from 4 clients, a clean restart,
# an immediate shutdown, a killed postmaster and a backend crash, each with
# the clock moved back 30 s, are followed by ids that sort after every id
# issued before, and no id is ever issued twice; damaged, unreadable and
# newer state files.  Before all that, the compare-and-swap that advances a
# clock, with two backends made to race through it, and 10,000 ids of each
# generator checked against what the reference promises of them.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'libfaketime is not installed' unless faketime_lib();

my @schemes = schemes();
my @clocks = map { $_->{name} } @schemes;

# How ids of a scheme compare across set-ups: uid8's by their clock word
# (ms, sequence, generator) as a time_sequential id, u_word(id), so that
# spread ids can be compared by it too; the others by themselves.
my %order = (uid8 => 'u_word(%s)');

sub order_key
{
	my ($s) = @_;
	return sprintf($order{ $s->{name} } // '%s', "c_$s->{name}");
}

# One row per generation: an id of every scheme, in the column c_NAME.
# Every id column is a unique key, so a duplicate would fail the insert.
my $schema = q{
	CREATE EXTENSION idtypes;
	CREATE TABLE ids (
		n bigserial, phase int NOT NULL, client int NOT NULL}
  . join('', map { ",\n\t\tc_$_->{name} $_->{type} NOT NULL UNIQUE" } @schemes) . q{);
	CREATE FUNCTION u_word(uid8) RETURNS uid8 LANGUAGE sql IMMUTABLE STRICT AS $$
		SELECT uid8_from_parts(uid8_timestamp($1), uid8_sequence($1), uid8_generator($1),
							   uid8_cluster($1), 'time_sequential') $$;
	-- the first 8 bytes of a 16-byte id as an integer
	CREATE FUNCTION hi8(bytea) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
		SELECT ('x' || encode(substr($1, 1, 8), 'hex'))::bit(64)::bigint $$;
};
my $insert = 'INSERT INTO ids (phase, client'
  . join('', map { ", c_$_->{name}" } @schemes)
  . ') SELECT :phase, :client_id'
  . join('', map { ", $_->{gen}" } @schemes)
  . " FROM generate_series(1, 5);\n";

# The clock words of the newest ids, as the state file writes them (each
# scheme's clock_word, see src/clock/clock.h).
my $issued_words = 'SELECT '
  . join(', ', map { "'$_->{name} ' || " . sprintf($_->{clock_word}, "c_$_->{name}") } @schemes)
  . ' FROM ids';
# how many words of each clock make 5 seconds, the reservation window
my %window = map { $_->{name} => 5 * $_->{clock_rate} } @schemes;

# Whether the newest id of every scheme is ahead of the time $when (SQL).
sub ahead_of
{
	my ($when) = @_;
	return 'SELECT ' . join(' AND ', map { "$when < (SELECT max($_->{timestamp}(c_$_->{name})) FROM ids)" } @schemes);
}

sub sql
{
	my ($node, $query) = @_;
	return $node->safe_psql('postgres', $query);
}

sub state_values
{
	my ($node) = @_;
	my $text = slurp_file($node->data_dir . '/idtypes.state');
	return map { $_ => ($text =~ /^$_ (\d+)$/m ? $1 : undef) } @clocks;
}

sub issued_values
{
	my ($node) = @_;
	return map { split / / } split /\|/, sql($node, $issued_words);
}

# A quiet batch of ids, as phase $phase: 10 transactions of 5 rows.
sub generate
{
	my ($node, $phase) = @_;
	(my $q = $insert) =~ s/:phase/$phase/;
	$q =~ s/:client_id/0/;
	sql($node, $q) for 1 .. 10;
}

# Every id of phase $new sorts after every id of the phases before it
# (uid8: by its clock word; time_sequential ids also by themselves), and
# within each client of phase $new, ids increase in the order it made them.
sub after_all_earlier
{
	my ($node, $new, $name) = @_;
	my @after = map {
		my $k = order_key($_);
		"(SELECT $k FROM ids WHERE phase = $new ORDER BY 1 LIMIT 1)"
		  . " > (SELECT $k FROM ids WHERE phase < $new ORDER BY 1 DESC LIMIT 1)"
	} @schemes;
	# uid8's time_sequential ids sort by themselves too
	push @after, q{coalesce((SELECT min(c_uid8) FROM ids WHERE phase = } . $new
	  . q{ AND uid8_mode(c_uid8) = 'time_sequential')
						> (SELECT max(c_uid8) FROM ids WHERE phase < } . $new
	  . q{ AND uid8_mode(c_uid8) = 'time_sequential'), true)};
	is(sql($node, 'SELECT ' . join(",\n", @after)),
		join('|', ('t') x @after),
		"$name: " . join(', ', @clocks) . " (uid8 by word, and time_sequential ones by themselves) after all earlier ids");
	is(sql($node, 'SELECT count(*) FROM (SELECT '
		  . join(' OR ', map { my $k = order_key($_); "$k <= lag($k) OVER w" } @schemes)
		  . " AS back FROM ids WHERE phase = $new WINDOW w AS (PARTITION BY client ORDER BY n)) s WHERE back"),
		'0', "$name: each client's ids increase");
}

#
# The state file: ahead of what was issued while the server runs, exact
# after a clean shutdown.
#
# First, the compare-and-swap that advances a shared clock (first, so that
# nothing else decides whether it runs): two backends paused
# between reading a clock and swapping in its next value (the test hook
# idtypes.debug_advance_pause) both read the same last value; the swap lets
# one of them through and sends the other round again, so that its advance
# takes two pauses and their ids differ in their clock words (the first 8
# bytes; a uid8 whole, as it has no random bits).  A plain write would give
# both the same word, each after one pause.
my $race = PostgreSQL::Test::Cluster->new('race');
$race->init;
# (a configured uid8 generator id: every backend advances the shared word)
$race->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nidtypes.uid8_generator_id = 5\n");
$race->start;
$race->safe_psql('postgres', 'CREATE EXTENSION idtypes');
my $pause_ms = 700;
foreach my $s (@schemes)
{
	my $key = $s->{name} eq 'uid8' ? 'id::text'
	  : $s->{type} eq 'uuid' ? q{encode(substr(uuid_send(id), 1, 8), 'hex')}
	  : q{encode(substr(id::bytea, 1, 8), 'hex')};
	$race->safe_psql('postgres', "SELECT $s->{gen}") for 1 .. 2;
	# both wait behind an advisory lock that the test holds, so that they
	# read the clock at the same moment however slowly they connected
	my $gate = $race->background_psql('postgres');
	$gate->query_safe('SELECT pg_advisory_lock(42)');
	my @h;
	for my $i (0, 1)
	{
		my %p = (out => '', err => '');
		$p{h} = IPC::Run::start(
			[ 'psql', '-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $race->connstr('postgres'),
				'-c', "SET idtypes.debug_advance_pause = $pause_ms",
				'-c', 'SELECT pg_advisory_lock_shared(42)',
				'-c', "SELECT $key || ' ' || (extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000)::int "
				  . "FROM (SELECT $s->{gen} AS id) g" ],
			'<', '/dev/null', '>', \$p{out}, '2>', \$p{err});
		push @h, \%p;
	}
	$race->poll_query_until('postgres',
		q{SELECT count(*) = 2 FROM pg_locks WHERE locktype = 'advisory' AND objid = 42 AND NOT granted})
	  or die 'the two backends did not reach the gate';
	$gate->query_safe('SELECT pg_advisory_unlock(42)');
	$gate->quit;
	$_->{h}->finish for @h;
	my @res = map { [ (split /\n/, $_->{out})[-1] =~ /^(\S+) (\d+)$/ ] } @h;
	my @ms = sort { $a <=> $b } map { $_->[1] // 0 } @res;
	my @keys = map { $_->[0] // "error: $h[0]{err} $h[1]{err}" } @res;
	ok($ms[0] >= $pause_ms && $ms[1] >= 2 * $pause_ms,
		"$s->{name}: two backends paused between reading the clock and advancing it: one went round again ($ms[0] ms, $ms[1] ms)");
	isnt($keys[0], $keys[1], "$s->{name}: their ids have different clock words ($keys[0], $keys[1])");
}
$race->stop;

my $node = PostgreSQL::Test::Cluster->new('clock_state');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
restart_after_crash = on
log_statement = none
idtypes.uid8_mode = 'time_sequential'
});
my $clock = $node->basedir . '/faketime.rc';
set_clock($clock, '+0');
my %faked = stepped_clock($clock);
start_faked($node, %faked);
sql($node, $schema);

# What the reference promises of every generator, drawn 10,000 times in one
# transaction (draw_ids()): every tenth id inside a subtransaction rolled
# back, the server's clock an hour back from half way.  Each id sorts above
# the one before it, kept or rolled back, and none is below its scheme's
# floor of the time its call started.
my $back = "COPY (SELECT '-1h') TO PROGRAM \$\$" . clock_program($clock) . "\$\$";
foreach my $s (@schemes)
{
	my %r = draw_ids($node, 'postgres', { %$s, floor => $s->{floor_fn}, txn_time => $s->{name} eq 'muid' },
		10_000, $back);
	set_clock($clock, '+0');
	is("$r{drawn} $r{behind} $r{below_prev} $r{below_rolled} $r{below_floor}", '10000 5001 0 0 0',
		"$s->{name}: 10,000 ids drawn (1,000 rolled back), the clock an hour back for 5,001: each above the one before, none below its floor");
}

generate($node, 0);
ok(-e $node->data_dir . '/idtypes.state', 'the state file exists once ids were issued');
my %issued = issued_values($node);
my %reserved = state_values($node);
is(join(' ', grep { !($reserved{$_} > $issued{$_}) } @clocks), '',
	'while the server runs, the file covers more than was issued, for every clock');
is(join(' ', grep { $reserved{$_} - $issued{$_} > $window{$_} } @clocks), '',
	'by at most the reservation window of 5 seconds');
$node->stop;
my %saved = state_values($node);
is(join(' ', map { "$_ $saved{$_}" } @clocks), join(' ', map { "$_ $issued{$_}" } @clocks),
	'a clean shutdown saves exactly the last value of every clock');

#
# Under load: 4 clients generate while the server is stopped or crashes;
# it restarts with its clock 30 s further back each time (more than a restart
# takes on a loaded machine, so that the check that the clock is behind the
# newest id does not depend on timing), and the clients
# generate again.
#
# uid8 runs in two set-ups, switched at a postmaster restart: A, time_sequential
# ids from automatic generator ids (a generator per backend, raising the
# shared high-water mark), and B, spread ids from the server's generator
# (idtypes.uid8_generator_id, one shared clock).
my %setup = (
	A => "ALTER SYSTEM SET idtypes.uid8_mode = 'time_sequential'; ALTER SYSTEM RESET idtypes.uid8_generator_id;",
	B => "ALTER SYSTEM SET idtypes.uid8_mode = 'spread'; ALTER SYSTEM SET idtypes.uid8_generator_id = 7;");
# [event, the set-up after it]
my @events = (
	[ 'clean restart', 'A' ], [ 'backend crash', 'A' ], [ 'immediate shutdown', 'A' ],
	[ 'killed postmaster', 'B' ], [ 'clean restart', 'B' ], [ 'backend crash', 'B' ],
	[ 'immediate shutdown', 'B' ], [ 'killed postmaster', 'A' ]);

set_clock($clock, '+0');
start_faked($node, %faked);
my %runs;
my $phase = 1;
my $load = start_pgbench($node, "-n -c 4 -j 2 -T 60 -D phase=$phase", { insert => $insert });

foreach my $e (@events)
{
	my ($event, $next_setup) = @$e;
	my $name = "$event $phase";
	# let the clients generate some ids in this phase, then strike
	$node->poll_query_until('postgres', "SELECT count(*) >= 2000 FROM ids WHERE phase = $phase")
	  or die "phase $phase generated too little";
	sql($node, $setup{$next_setup});
	my $offset = -30 * $phase . 's';

	if ($event eq 'backend crash')
	{
		# the running server's clock goes back; a backend of the load dies
		set_clock($clock, $offset);
		$node->poll_query_until('postgres', ahead_of('clock_timestamp()'))
		  or die 'the clock did not go back';
		my $victim = sql($node,
			"SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() LIMIT 1");
		crash_backend($node, $victim);
	}
	else
	{
		if ($event eq 'clean restart')
		{
			$node->stop('fast');
		}
		elsif ($event eq 'immediate shutdown')
		{
			$node->stop('immediate');
		}
		else
		{
			kill_postmaster($node);
		}
		set_clock($clock, $offset);
		restart_after_kill($node, %faked);
	}

	my ($status, $out, $err) = finish_pgbench($load);
	unlike($err, qr/duplicate key|23505/, "$name: the clients saw no duplicate");
	$runs{$event}++;

	is(sql($node, ahead_of('now()')),
		't', "$name: the server's clock is behind the newest id of every scheme");
	$phase++;
	if ($e == $events[-1])
	{
		$load = start_pgbench($node, "-n -c 4 -j 2 -t 100 -D phase=$phase", { insert => $insert });
		($status, $out, $err) = finish_pgbench($load);
		is($status, 0, "$name: the last load ran without an error") or diag($err);
	}
	else
	{
		$load = start_pgbench($node, "-n -c 4 -j 2 -T 60 -D phase=$phase", { insert => $insert });
		$node->poll_query_until('postgres', "SELECT count(*) >= 100 FROM ids WHERE phase = $phase")
		  or die "phase $phase generated nothing";
	}
	after_all_earlier($node, $phase, $name);
}
is(sql($node, 'SELECT ' . join(' AND ', map { "count(DISTINCT c_$_->{name}) = count(*)" } @schemes) . ' FROM ids'),
	't', 'no duplicate in any scheme over all phases');
is(sql($node, q{SELECT string_agg(DISTINCT uid8_mode(c_uid8) || ' ' || (uid8_generator(c_uid8) = 7), ', ') FROM ids}),
	'spread true, time_sequential false', 'uid8 ran both set-ups: spread ids from generator id 7, time_sequential ones from automatic ids');
note(sprintf('%d ids of every scheme; runs per event: %s', sql($node, 'SELECT count(*) FROM ids'),
	join(', ', map { "$_ $runs{$_}" } sort keys %runs)));
$node->stop;

#
# A damaged file: a warning, the file kept aside, and a start from the time
# the file was last written plus the window.  (That covers what was issued
# when the clocks were not ahead of the system clock; the phases above ran
# them ahead, so this part starts over on a fresh server.)
#
sub fresh_node
{
	my ($name) = @_;
	my $n = PostgreSQL::Test::Cluster->new($name);
	$n->init;
	$n->append_conf('postgresql.conf',
		"shared_preload_libraries = 'idtypes'\nidtypes.uid8_mode = 'time_sequential'");
	$n->start;
	sql($n, $schema);
	return $n;
}

$node = fresh_node('clock_state_damaged');
my $state_file = $node->data_dir . '/idtypes.state';
generate($node, 1);
$node->stop;
open(my $fh, '>', $state_file) or die;
print $fh "idtypes state 1\n$clocks[0] 12\ncrc 00000000\n";
close $fh;
my $log_offset = -s $node->logfile;
$node->start;
like(slurp_file($node->logfile, $log_offset),
	qr/WARNING:  idtypes state file "idtypes.state" is damaged/, 'a damaged file is reported');
ok(-e "$state_file.damaged", 'and kept aside');
generate($node, 2);
after_all_earlier($node, 2, 'damaged file');
$node->stop;

# an unreadable file, on a fresh server too: no start, the file left as it
# is (t/018_state_file_recovery.pl has more), until it is readable again
$node = fresh_node('clock_state_unreadable');
$state_file = $node->data_dir . '/idtypes.state';
generate($node, 1);
$node->stop;
chmod 0000, $state_file;
$log_offset = -s $node->logfile;
ok(!$node->start(fail_ok => 1), 'an unreadable file: no start');
like(slurp_file($node->logfile, $log_offset),
	qr/FATAL:  could not open idtypes state file "idtypes.state"/,
	'an unreadable file is reported');
chmod 0600, $state_file;
$node->start;
generate($node, 2);
after_all_earlier($node, 2, 'unreadable file');
$node->stop;

# a newer version's clock survives rewrites by this one
my $body = state_file_body($state_file) . "future_clock 424242\n";
write_state_file($state_file, $body);
$log_offset = -s $node->logfile;
$node->start;
unlike(slurp_file($node->logfile, $log_offset), qr/idtypes state file/,
	'a file with a line for an unknown clock is accepted');
generate($node, 3);
after_all_earlier($node, 3, 'newer file');
$node->stop;
like(slurp_file($state_file), qr/^future_clock 424242$/m,
	'the unknown clock\'s line is carried through the rewrites');

# Many lines of a newer version's clocks (4 kB): every one is carried
# through the rewrites, none silently dropped.
$body = state_file_body($state_file)
  . join('', map { sprintf("newer_clock_%03d %d\n", $_, 1_000_000_000_000 + $_) } 1 .. 100);
write_state_file($state_file, $body);
$log_offset = -s $node->logfile;
$node->start;
unlike(slurp_file($node->logfile, $log_offset), qr/idtypes state file/,
	'a file with 100 lines of unknown clocks is accepted');
generate($node, 4);
$node->restart;
generate($node, 5);
$node->stop;
my @kept = slurp_file($state_file) =~ /^newer_clock_\d+ \d+$/mg;
is(scalar(@kept), 100, 'all 100 lines of unknown clocks are carried through the rewrites');
like(slurp_file($state_file), qr/^future_clock 424242$/m, 'the earlier unknown line too');
$node->start;
after_all_earlier($node, 5, 'after the rewrites');
$node->stop;

#
# A damaged file, then a crash before the first id: the file that replaces
# the damaged one is written before the server accepts connections, so the
# next start resumes from it, not from the system clock.  uid8 from a
# configured generator id in time_sequential mode, where a start from an
# earlier clock would repeat ids.  Once with a killed postmaster, once with
# a backend crash (crash reinitialisation).
#
foreach my $crash ('killed postmaster', 'backend crash')
{
	(my $tag = $crash) =~ s/ /_/g;
	$node = PostgreSQL::Test::Cluster->new("clock_state_damaged_$tag");
	$node->init;
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
restart_after_crash = on
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_generator_id = 9
});
	my $rc = $node->basedir . '/faketime.rc';
	set_clock($rc, '+0');
	my %fake = stepped_clock($rc);
	start_faked($node, %fake);
	sql($node, $schema);
	generate($node, 1);
	$node->stop('immediate');
	$state_file = $node->data_dir . '/idtypes.state';
	my $mtime = (stat($state_file))[9];
	open($fh, '>', $state_file) or die;
	print $fh join('', map { chr(int(rand(256))) } 1 .. 200);
	close $fh;
	utime($mtime, $mtime, $state_file);
	$log_offset = -s $node->logfile;
	start_faked($node, %fake);
	like(slurp_file($node->logfile, $log_offset),
		qr/WARNING:  idtypes state file "idtypes.state" is damaged/, "$crash: the damaged file is reported");
	like(slurp_file($state_file), qr/^idtypes state 1\n/,
		"$crash: a new state file is on disk before the first id");
	# no id was issued since the start: now the crash, and a clock 5 s behind
	set_clock($rc, '-5s');
	if ($crash eq 'backend crash')
	{
		crash_backend($node);
	}
	else
	{
		kill_postmaster($node);
		restart_after_kill($node, %fake);
	}
	generate($node, 2);
	after_all_earlier($node, 2, "damaged file, then a $crash before the first id");
	is(sql($node, 'SELECT ' . join(' + ', map { "count(*) - count(DISTINCT c_$_->{name})" } @schemes) . ' FROM ids'),
		'0', "$crash: no id of any scheme (uid8 from its configured generator id among them) issued twice");
	$node->stop;
}

#
# A missing file in a data directory whose clocks have run: never a first
# start.  The server refuses to start until the file is restored (or the
# operator says the clocks may start over, by removing the marker).
#
$node = PostgreSQL::Test::Cluster->new('clock_state_missing');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_generator_id = 9
});
my $rc = $node->basedir . '/faketime.rc';
set_clock($rc, '+0');
%faked = stepped_clock($rc);
start_faked($node, %faked);
ok(-e $node->data_dir . '/idtypes.started', 'the first start leaves the marker');
sql($node, $schema);
generate($node, 1);
$node->stop('immediate');
$state_file = $node->data_dir . '/idtypes.state';
my $saved_state = slurp_file($state_file);
unlink($state_file) or die;
set_clock($rc, '-5s');
$log_offset = -s $node->logfile;
ok(!start_faked($node, %faked, fail_ok => 1), 'a missing file on a server that has run before: no start');
like(slurp_file($node->logfile, $log_offset),
	qr/FATAL:  idtypes state file "idtypes.state" is missing, but the id clocks have run in this data directory before/,
	'and the log says why');
append_to_file($state_file, $saved_state);
start_faked($node, %faked);
generate($node, 2);
after_all_earlier($node, 2, 'missing file restored');
$node->stop('immediate');
# a data directory of an older version: no marker, but a damaged file kept
unlink($state_file, $node->data_dir . '/idtypes.started') or die;
append_to_file("$state_file.damaged", 'garbage');
ok(!start_faked($node, %faked, fail_ok => 1), 'a missing file beside a damaged one: no start either');
unlink("$state_file.damaged") or die;
$log_offset = -s $node->logfile;
start_faked($node, %faked);
unlike(slurp_file($node->logfile, $log_offset), qr/idtypes state file/,
	'without the marker and the damaged file, a first start');
$node->stop;

#
# A valid file far ahead of the system clock: the clocks resume from it (going
# back could reissue ids), with a warning that says how far and what to do.
#
$node = fresh_node('clock_state_future');
$state_file = $node->data_dir . '/idtypes.state';
generate($node, 1);
$node->stop;
my $year = 366 * 86400;
my %ahead = map { $_->{name} => $year * $_->{clock_rate} } @schemes;
my %now_state = state_values($node);
$body = "idtypes state 1\n" . join('', map { "$_ " . ($now_state{$_} + $ahead{$_}) . "\n" } @clocks);
write_state_file($state_file, $body);
$log_offset = -s $node->logfile;
$node->start;
like(slurp_file($node->logfile, $log_offset),
	qr/WARNING:  idtypes state file "idtypes.state" is far ahead of the system clock: @{[ join(", ", map { "$_ 3\\d{7} s" } @clocks) ]}/,
	'a file a year ahead is reported, clock by clock');
generate($node, 2);
is(sql($node, 'SELECT ' . join(' AND ', map { "min($_->{timestamp}(c_$_->{name})) > now() + interval '365 days'" } @schemes)
		  . ' FROM ids WHERE phase = 2'),
	't', 'and the clocks resume from it, as the warning says');
$node->stop;

done_testing();
