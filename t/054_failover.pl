# Ids across failover, restore, rewind and crash restart: the clocks'
# reservations reach the WAL (src/clock/wal.c), so a server that replays
# another's WAL resumes above every id that server could have issued,
# whatever its own clock says.  Every new server runs a minute behind the
# primary whose ids it replays (libfaketime), as after a failover to a host
# whose clock is off, so that its own clock and state file are far below
# the ids it replayed however slowly the test runs; each then generates
# every scheme, and no id repeats (the primary keys would refuse it) and
# every new id sorts after every id the server replayed and every id a
# client was given:
#
#   1. a cascading standby promoted (after its primary's primary crashed);
#   2. the streaming standby promoted;
#   3. a point-in-time restore from a base backup and archived WAL;
#   4. the old primary rewound with pg_rewind, following the new one, then
#      promoted back: the new primary's clock steps 90 s ahead after the
#      rewind, so that its last ids are past the reservation of the state
#      file that pg_rewind copied, and only the WAL's carry them over;
#   5. a crash restart of that primary with a state file older than its WAL.
#
# Each scenario fails without the redo of the reservations, and without
# their records (doc/contributing.md, Reliability tests).  uid8 runs with
# automatic generator ids on the first servers and with a configured
# generator id on the restored and the rewound one.
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
my @schemes = schemes();

# uid8 in time_sequential mode, so that its ids sort by time as the others
# do (spread ids deliberately do not sort); pg_rewind needs the hints in the
# WAL, and the old primary's WAL back to the last common checkpoint, which
# its own crash recovery would otherwise recycle
my $conf = qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
wal_log_hints = on
checkpoint_timeout = '1h'
wal_keep_size = '256MB'
};

my $a = PostgreSQL::Test::Cluster->new('a');
$a->init(allows_streaming => 1, has_archiving => 1);
$a->append_conf('postgresql.conf', $conf);
$a->start;
$a->safe_psql('postgres', 'CREATE EXTENSION idtypes');
for my $s (@schemes)
{
	$a->safe_psql('postgres', "CREATE TABLE t_$s->{name} (id $s->{type} PRIMARY KEY, src text NOT NULL)");
}

# generate(node, src, batches, pause): batches of 200 ids of every scheme
# inserted as rows of src, each batch committed, with a pause between; an
# id that repeats one already in the table is counted in repeats (the
# primary key refuses it), not raised
# (the schemes and their generators, from the tests' list)
my $generators = join ', ', map { "('$_->{name}', '$_->{gen}')" } schemes();
$a->safe_psql('postgres', q{
CREATE TABLE repeats (src text, scheme text, n int);
CREATE PROCEDURE generate(src text, batches int, pause float8) LANGUAGE plpgsql AS $$
DECLARE
	s text;
	g text;
	n int;
BEGIN
	FOR i IN 1 .. batches LOOP
		FOR s, g IN SELECT * FROM (VALUES } . $generators . q{) v LOOP
			EXECUTE format('INSERT INTO %I SELECT %s, %L FROM generate_series(1, 200) ON CONFLICT DO NOTHING',
						   't_' || s, g, src);
			GET DIAGNOSTICS n = ROW_COUNT;
			IF n < 200 THEN
				INSERT INTO repeats VALUES (src, s, 200 - n);
			END IF;
		END LOOP;
		COMMIT;
		PERFORM pg_sleep(pause);
	END LOOP;
END
$$;
});

# the base backup for the point-in-time restore, before any id
$a->backup('base');

my $s1 = PostgreSQL::Test::Cluster->new('s1');
$s1->init_from_backup($a, 'base', has_streaming => 1);
my $s2 = PostgreSQL::Test::Cluster->new('s2');
$s2->init_from_backup($a, 'base', has_streaming => 1);
$s2->enable_streaming($s1);
# the standbys archive nothing once promoted: the archive is the primary's,
# and a shutdown would wait for an archiver that runs under a faked clock
$_->append_conf('postgresql.conf', 'archive_mode = off') for ($s1, $s2);
# (clock files: the promoted s1 steps its clock ahead in scenario 4)
my %clock_of = map { $_->name => $_->basedir . '/clock' } ($s1, $s2);
for my $n ($s1, $s2)
{
	set_clock($clock_of{ $n->name }, '-60s');
	start_faked($n, stepped_clock($clock_of{ $n->name }));
}

# The primary generates for 6 seconds (30 batches of 200 ids of every
# scheme), then a client is given one id of each scheme by a read-only
# query (no row, no WAL of its own), and the primary crashes.
$a->safe_psql('postgres', "CALL generate('a', 30, 0.2)");
my %seen;
for my $s (@schemes)
{
	$seen{ $s->{name} } = $a->safe_psql('postgres', "SELECT $s->{gen}");
}
my $target_time = $a->safe_psql('postgres', 'SELECT now()');
# a commit after the target, where the restore stops
$a->safe_psql('postgres', 'CREATE TABLE after_target ()');
# (the segment that the switch completes: later records, such as a standby
# snapshot's, start the next one, which nothing archives yet)
my $last_segment = $a->safe_psql('postgres', 'SELECT pg_walfile_name(pg_switch_wal())');
$a->poll_query_until('postgres', qq{SELECT last_archived_wal IS NOT NULL AND
	last_archived_wal >= '$last_segment' FROM pg_stat_archiver})
  or die 'the WAL was not archived';
$a->wait_for_catchup($s1);
$s1->wait_for_catchup($s2, 'replay', $a->lsn('insert'));
$a->stop('immediate');

# The new server's ids against what it replayed: none repeats, none sorts
# at or below a replayed id or an id a client was given.  Returns the
# counts per scheme as "repeats/below".
sub check_new_ids
{
	my ($node, $src, $label) = @_;
	my %max;
	for my $s (@schemes)
	{
		$max{ $s->{name} } = $node->safe_psql('postgres',
			"SELECT id FROM t_$s->{name} ORDER BY id DESC LIMIT 1");
		# what the scenario needs: the server's own clock still behind the
		# replayed ids for the whole generation (5 s), so that a server
		# without the redo would issue ids at or below them
		is($node->safe_psql('postgres',
				"SELECT clock_timestamp() + interval '10 s' < $s->{timestamp}('$max{$s->{name}}'::$s->{type})"),
			't', "$label: $s->{name}: the server's clock is behind the replayed ids (the window held)");
	}
	$node->safe_psql('postgres', "CALL generate('$src', 5, 0.1)");
	my @row;
	for my $s (@schemes)
	{
		my $name = $s->{name};
		my ($repeats, $below) = split /\|/, $node->safe_psql('postgres', qq{
			SELECT coalesce((SELECT sum(n) FROM repeats WHERE src = '$src' AND scheme = '$name'), 0),
				   (SELECT count(*) FROM t_$name WHERE src = '$src'
					  AND (id <= '$max{$name}'::$s->{type} OR id <= '$seen{$name}'::$s->{type}))});
		is("$repeats/$below", '0/0',
			"$label: $name: no new id repeats, none sorts at or below a replayed id or an id a client was given");
		push @row, "$name $repeats/$below";
	}
	note("$label (repeats/below): @row");
	return;
}

# 1. the cascading standby, promoted while its upstream still runs
$s2->promote;
$s2->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 's2 was not promoted';
check_new_ids($s2, 's2', 'cascading standby promoted, clock 60 s behind');
$s2->stop;

# 2. the streaming standby
$s1->promote;
$s1->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 's1 was not promoted';
check_new_ids($s1, 's1', 'standby promoted after its primary crashed, clock 60 s behind');

# 3. a point-in-time restore to the time after the client's ids, from the
# base backup taken before any id and the archived WAL, with a configured
# uid8 generator id (it archives nothing either)
my $p = PostgreSQL::Test::Cluster->new('p');
$p->init_from_backup($a, 'base', has_restoring => 1, standby => 0);
$p->append_conf('postgresql.conf', qq{
recovery_target_time = '$target_time'
recovery_target_action = 'promote'
idtypes.uid8_generator_id = 1
archive_mode = off
});
start_faked($p, FAKETIME => '-60s');
$p->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'p did not finish its recovery';
is($p->safe_psql('postgres', "SELECT count(*) FROM t_uuidv7 WHERE src = 'a'"), '6000',
	'point-in-time restore: every row of the primary restored');
check_new_ids($p, 'p', 'point-in-time restore, clock 60 s behind, configured uid8 generator id');
$p->stop;

# 4. the old primary rewound onto the new one, following it, then promoted
# back (s1 stopped), with a clock a minute behind and a configured uid8
# generator id
$s1->safe_psql('postgres', 'CHECKPOINT');
# pg_rewind copies the configuration files too: keep the old primary's own
my $a_conf = slurp_file($a->data_dir . '/postgresql.conf');
ok(run_log([ 'pg_rewind', '--target-pgdata', $a->data_dir, '--source-server', $s1->connstr('postgres') ]),
	'pg_rewind: the old primary rewound onto the promoted standby')
  or die 'pg_rewind failed';
open(my $cf, '>', $a->data_dir . '/postgresql.conf') or die "could not write postgresql.conf: $!";
print $cf $a_conf;
close($cf);
$a->enable_streaming($s1);
$a->append_conf('postgresql.conf', "idtypes.uid8_generator_id = 2\narchive_mode = off");
my $clock = $a->basedir . '/clock';
set_clock($clock, '-60s');
start_faked($a, stepped_clock($clock));
# the new primary's clock steps to 30 s ahead of the host's, and it
# generates once more, which the old one replays: ids past what the state
# file copied by pg_rewind covers
set_clock($clock_of{ $s1->name }, '+30s');
check_clock($s1, stepped_clock($clock_of{ $s1->name }));
$s1->safe_psql('postgres', "CALL generate('s1b', 5, 0.1)");
$s1->wait_for_catchup($a);
$s1->stop;
$a->promote;
$a->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'a was not promoted back';
check_new_ids($a, 'a2', 'old primary rewound, following, promoted back, clock 60 s behind');

# 5. a crash restart whose state file is older than the WAL: the file is
# kept from just after a checkpoint; then the clock steps 30 s ahead and
# ids are generated (new reservations, in the file and the WAL), the
# server crashes, the old file is put back, and it starts with its clock
# a minute behind: redo raises the clocks past the ids
$a->safe_psql('postgres', 'CHECKPOINT');
my $state = $a->data_dir . '/idtypes.state';
my $old_state = slurp_file($state);
set_clock($clock, '+30s');
check_clock($a, stepped_clock($clock));
$a->safe_psql('postgres', "CALL generate('a3', 2, 0)");
kill_postmaster($a);
open(my $fh, '>', $state) or die "could not write $state: $!";
print $fh $old_state;
close($fh);
set_clock($clock, '-60s');
restart_after_kill($a, stepped_clock($clock));
check_new_ids($a, 'a4', 'crash restart with a state file older than the WAL, clock 90 s behind the last ids');
$a->stop;

note(sprintf('t/054_failover.pl took %.0f s', time - $started));
done_testing();
