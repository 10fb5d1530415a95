# The safe bound knows prepared transactions by their xid, never by time.
# A transaction this server saw being prepared holds the bound at its ids;
# one it did not see (recovered at a start, replayed from another server's
# WAL) makes the bound functions refuse, with 55000 naming it, until it is
# committed or rolled back; then a reader by the bound reads its rows.
# Whatever the clocks say:
#
#   1. a standby started before its primary's PREPARE TRANSACTION replays
#      it; promoted after the primary stops, its clock a minute behind;
#   2. a clean restart with the clock stepped back a minute, with two
#      prepared transactions;
#   3. a crash restart;
#   4. a point-in-time restore of the first primary's backup and archive,
#      its clock two minutes behind;
#   5. a restart with the clock stepped three minutes ahead; then, the
#      clock stepped back while the server runs, a new prepared transaction
#      holds the bound and the functions do not refuse;
#   6. a prepared transaction without ids: known, no refusal; after a
#      restart, refused until it ends.
#
# A reader by the bound (WHERE id >= $previous_bound AND id < $bound) follows
# the servers; at the end it must have read every committed row exactly
# once.  t/070_safe_bound.pl has the prepared transactions under load.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);

plan skip_all => 'libfaketime is not installed (Debian package libfaketime)'
  unless faketime_lib();

my $started = time;

# The wall clock of a server against this machine's, in seconds.
sub clock_offset
{
	my ($node) = @_;
	my $before = time;
	my $server = $node->safe_psql('postgres', 'SELECT extract(epoch FROM clock_timestamp())');
	return $server - ($before + time) / 2;
}

sub assert_clock
{
	my ($node, $seconds, $what) = @_;
	my $offset = clock_offset($node);
	ok(abs($offset - $seconds) < 10, sprintf('%s: the clock is %+d s off (%.1f s)', $what, $seconds, $offset))
	  or BAIL_OUT("the faked clock of $what is not in effect");
	return;
}

my $a = PostgreSQL::Test::Cluster->new('a');
$a->init(allows_streaming => 1, has_archiving => 1);
$a->append_conf('postgresql.conf', q{
shared_preload_libraries = 'idtypes'
max_prepared_transactions = 10
});
$a->start;
$a->safe_psql('postgres', q{
CREATE EXTENSION idtypes;
CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuidv7_next(), v text);
});
$a->backup('base');

# A reader by the bound of uuidv7: each round takes the bound and reads the
# rows from its previous bound up to it, on whichever server it is given;
# it counts the rows it read, by id.  Returns the bound, or undef when the
# functions refuse.
sub read_round
{
	my ($reader, $node) = @_;
	my ($ret, $bound) = $node->psql('postgres', 'SELECT uuidv7_safe_bound()');
	return undef if $ret != 0;
	if (defined $reader->{prev})
	{
		$reader->{read}{$_}++ foreach split /\n/, $node->safe_psql('postgres',
			"SELECT id FROM t WHERE id >= '$reader->{prev}' AND id < '$bound'");
	}
	$reader->{prev} = $bound;
	return $bound;
}
our $reader = { read => {} };

# The bound functions refuse while a prepared transaction the server did
# not see being prepared is open, naming one: returns the gid named (or
# the bound, if they did not refuse).
sub refused
{
	my ($node, $what, $gids, $more) = @_;
	my ($ret, $out, $err) = $node->psql('postgres', 'SELECT uuidv7_safe_bound()',
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	# what the reader does with a bound, should it get one
	read_round($reader, $node) if $ret == 0;
	my $gid = $err =~ /ERROR:  55000: no safe bound while prepared transaction "([^"]*)" \(xid \d+\) is open/ ? $1 : '';
	ok($ret != 0 && (grep { $_ eq $gid } @$gids)
		  && $err =~ /DETAIL:  This server did not see it being prepared/
		  && ($more ? $err =~ /$more more prepared transactions? (is|are) in the same state/ : $err !~ /more prepared/),
		"$what: the bound functions refuse with 55000, naming the prepared transaction \"$gid\"")
	  or diag("exit code $ret, output: $out, errors: $err");
	return $gid;
}

# Prepare a transaction that inserts a row; returns its id, once the bound
# is known not to pass it.
sub prepare_row
{
	my ($node, $gid) = @_;
	my $id = $node->safe_psql('postgres',
		"BEGIN; INSERT INTO t (v) VALUES ('$gid') RETURNING id; PREPARE TRANSACTION '$gid'");
	is($node->safe_psql('postgres', "SELECT uuidv7_safe_bound() <= '$id'"), 't',
		"$gid: prepared here, the transaction holds the bound at its id");
	return $id;
}

# Commit a prepared transaction: the bound then passes its row, which the
# reader reads.
sub commit_read
{
	my ($node, $gid, $id, $what) = @_;
	$node->safe_psql('postgres', "COMMIT PREPARED '$gid'");
	my $bound = read_round($reader, $node);
	ok(defined $bound && $bound gt $id && $reader->{read}{$id},
		"$what: after COMMIT PREPARED '$gid' the bound passes its row, and the reader read it");
	return;
}

read_round($reader, $a);
read_round($reader, $a);

# 1. a standby started before the PREPARE, promoted
my $s = PostgreSQL::Test::Cluster->new('s');
$s->init_from_backup($a, 'base', has_streaming => 1);
$s->append_conf('postgresql.conf', 'archive_mode = off');
start_faked($s, FAKETIME => '-60s');
assert_clock($s, -60, 'the standby');
$a->safe_psql('postgres', "INSERT INTO t (v) VALUES ('before')");
read_round($reader, $a);
# where a reader of a restored copy of this server starts (case 4)
my $restored_reader = { read => {}, prev => $reader->{prev} };
my $id1 = prepare_row($a, 'on-primary');
read_round($reader, $a);
my $segment = $a->safe_psql('postgres', 'SELECT pg_walfile_name(pg_switch_wal())');
$a->poll_query_until('postgres',
	"SELECT last_archived_wal IS NOT NULL AND last_archived_wal >= '$segment' FROM pg_stat_archiver")
  or die 'the WAL was not archived';
$a->wait_for_catchup($s);
$a->stop('immediate');
$s->promote;
$s->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the standby was not promoted';
refused($s, 'standby started before the PREPARE, promoted', ['on-primary']);
commit_read($s, 'on-primary', $id1, 'promoted standby');

# 2. a clean restart with the clock stepped back a minute, two prepared
my $id2 = prepare_row($s, 'restart-back');
my $id2b = prepare_row($s, 'restart-back-2');
$s->stop;
start_faked($s, FAKETIME => '-120s');
assert_clock($s, -120, 'the restarted server');
# (the one named first; should the functions not refuse, either)
my $first = refused($s, 'clean restart, clock stepped back a minute', [ 'restart-back', 'restart-back-2' ], 1)
  || 'restart-back';
my ($other, $other_id) = $first eq 'restart-back' ? ('restart-back-2', $id2b) : ('restart-back', $id2);
$s->safe_psql('postgres', "COMMIT PREPARED '$first'");
refused($s, 'one of the two committed', [$other]);
commit_read($s, $other, $other_id, 'clean restart, clock stepped back');
ok($reader->{read}{$id2} && $reader->{read}{$id2b}, 'clean restart, clock stepped back: both rows read');

# 3. a crash restart
my $id3 = prepare_row($s, 'crash');
kill_postmaster($s);
restart_after_kill($s, FAKETIME => '-120s');
assert_clock($s, -120, 'the server restarted after its crash');
refused($s, 'crash restart', ['crash']);
commit_read($s, 'crash', $id3, 'crash restart');

# 4. a point-in-time restore of the first primary, whose archive ends with
# 'on-primary' prepared
my $r = PostgreSQL::Test::Cluster->new('r');
$r->init_from_backup($a, 'base', has_restoring => 1, standby => 0);
$r->append_conf('postgresql.conf', 'archive_mode = off');
start_faked($r, FAKETIME => '-120s');
$r->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the restore did not finish';
assert_clock($r, -120, 'the restored server');
is($r->safe_psql('postgres', q{SELECT gid FROM pg_prepared_xacts}), 'on-primary',
	'point-in-time restore: the prepared transaction restored');
{
	# the reader of the restored server
	local $reader = $restored_reader;
	refused($r, 'point-in-time restore, clock two minutes behind', ['on-primary']);
	commit_read($r, 'on-primary', $id1, 'point-in-time restore');
}
$r->stop;

# 5. a restart with the clock three minutes ahead (the prepared
# transaction refused), then the clock stepped back to the right time
# while the server runs: what it prepares now is known, whatever its time
my $id5 = prepare_row($s, 'forward');
$s->stop;
my $clock = $s->basedir . '/clock';
set_clock($clock, '+60s');
start_faked($s, stepped_clock($clock));
assert_clock($s, 60, 'the server restarted with its clock ahead');
refused($s, 'clean restart, clock stepped three minutes ahead', ['forward']);
commit_read($s, 'forward', $id5, 'clean restart, clock stepped ahead');
set_clock($clock, '+0');
assert_clock($s, 0, 'the server whose clock stepped back');
my $id5b = prepare_row($s, 'stepped-back');
my $b5 = read_round($reader, $s);
ok(defined $b5 && $b5 le $id5b,
	'clock stepped back while running: the bound functions do not refuse, and the bound stays at the prepared id');
commit_read($s, 'stepped-back', $id5b, 'clock stepped back while running');

# 6. a prepared transaction without ids
$s->safe_psql('postgres', "BEGIN; SELECT 1; PREPARE TRANSACTION 'no-ids'");
my $id6 = $s->safe_psql('postgres', "INSERT INTO t (v) VALUES ('after no-ids') RETURNING id");
my $b6 = read_round($reader, $s);
ok(defined $b6 && $b6 gt $id6,
	'a prepared transaction without ids: known, the bound passes what was committed after it');
$s->restart;
refused($s, 'the same after a restart', ['no-ids']);
$s->safe_psql('postgres', "ROLLBACK PREPARED 'no-ids'");
ok(defined read_round($reader, $s), 'once it is rolled back, the bound functions answer');

# Every committed row read exactly once, and no other.
my $rows = $s->safe_psql('postgres', 'SELECT id FROM t ORDER BY id');
my @rows = split /\n/, $rows;
my %read = %{ $reader->{read} };
my @missed = grep { !$read{$_} } @rows;
my @twice = grep { $read{$_} > 1 } keys %read;
ok(@missed == 0 && @twice == 0 && keys(%read) == @rows,
	'the reader by the bound read each of the ' . scalar(@rows) . ' committed rows once, and nothing else')
  or diag('missed: ' . join(', ', @missed) . '; read twice: ' . join(', ', @twice));

$s->stop;
note(sprintf('t/071_bound_prepared.pl took %.0f s', time - $started));
done_testing();
