# The fault explorer (t/IdtypesTest/Explorer.pm): schedules of client
# transactions of every kind and of faults (kill -9, promotion of the
# synchronous, the asynchronous or the cascading standby, a stalled
# walsender, a change of the synchronous set, clock steps, restarts,
# pg_rewind and rejoin, point-in-time restore) on a primary with three standbys, checked against the
# guarantees over every id given to a client and every row read by the
# safe bound.  A schedule fails too when it tested nothing: an era that
# gave no ids of a scheme, a client that failed with no fault to explain
# it, a planned fault that did not take effect.
#
# The suite runs a fixed list: each schedule below reproduces a finding,
# and fails on the code before its fix (the mutation or the code named
# beside it), then a few random seeds.  tools/explore.sh runs random
# seeds instead, through these variables:
#	IDTYPES_EXPLORE_SEEDS=N		N random seeds, from IDTYPES_EXPLORE_FIRST
#								(default 1)
#	IDTYPES_EXPLORE_FAULTS		the faults they draw from (comma-separated:
#								kill, promote, stall, clock, restart, rewind,
#								pitr, sync)
#	IDTYPES_EXPLORE_SCHEDULE	one schedule, as a violation prints it
#	IDTYPES_EXPLORE_ONLY		the fixed schedules of these names only
#	IDTYPES_EXPLORE_FIXED_SEEDS	the random seeds that the fixed list runs
#								after the findings (default "1 2"; the
#								version matrix's roots run none)
# A violation prints the seed, the schedule (to replay) and what happened.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IdtypesTest::Explorer;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);

plan skip_all => 'libfaketime is not installed (Debian package libfaketime)'
  unless faketime_lib();

# name, what it reproduces, where it failed, the schedule
my @fixed = (
	[
		'sync-stall',
		'a synchronous standby promoted reissues ids that an autocommit SELECT, a read-only '
		  . 'transaction and a transaction waiting for its commit were given while its walsender was stalled',
		'main before synchronous waits for reservations',
		'read; gen write 10; stall n2; clock n1 +20s; gen auto 30; gen ro 20; gen write 20; '
		  . 'kill n1; promote n2; gen auto 30; gen write 20; read'
	],
	[
		'prepared-promoted',
		'the safe bound passes a prepared transaction that a standby replayed, once promoted',
		'main before prepared transactions known by identity',
		'read; gen write 10; gen prepare 10; gen write 10; catchup; kill n1; promote n2; '
		  . 'read; gen write 10; read; commit_prepared; read'
	],
	[
		'prepared-clock-back',
		'the safe bound passes a prepared transaction after a clean restart with the clock stepped back',
		'main before prepared transactions known by identity',
		'read; gen write 10; gen prepare 10; gen write 10; restart n1 -60s; read; gen write 10; read; '
		  . 'commit_prepared; read'
	],
	[
		'async-failover',
		'a promoted standby whose clock is behind issues ids below those it replayed',
		'redo of the reservations off (idclock_rm_redo())',
		'read; gen write 20; gen auto 20; catchup; kill n1; promote n3; gen auto 20; gen write 20; read'
	],
	[
		'cascade-failover',
		'the same for a cascading standby, promoted while its upstream still runs',
		'redo of the reservations off (idclock_rm_redo())',
		'read; gen write 20; gen ro 20; catchup; kill n1; promote n4; gen auto 20; gen savepoint 10; read'
	],
	[
		'rewind-rejoin',
		'the old primary, rewound onto the new one and promoted back, issues ids below those of the new one',
		'redo of the reservations off (idclock_rm_redo())',
		'read; gen write 20; kill n1; promote n2; gen write 20; rejoin n1 sync; clock n2 +30s; '
		  . 'gen write 20; gen auto 20; catchup; kill n2; promote n1; gen auto 20; gen write 20; read'
	],
	[
		'pitr',
		'a point-in-time restore issues ids below those it restored',
		'redo of the reservations off (idclock_rm_redo())',
		'read; gen write 20; gen auto 20; pitr; gen write 10; read'
	],
	[
		'crash-clock-back',
		'a crash restart with the clock stepped back reissues ids',
		'no reservation ahead of use (idclock_cover() off: neither the state file nor the WAL)',
		'read; gen write 20; gen auto 20; kill n1; restart n1 -60s; gen auto 20; gen write 20; read'
	],
	[
		'prepared-crash',
		'the safe bound passes a prepared transaction from before a crash restart',
		'no check of prepared transactions from before the start (check_orphans() off)',
		'read; gen write 10; gen prepare 10; gen write 10; kill n1; restart n1; read; gen write 10; '
		  . 'read; commit_prepared; read'
	],
	[
		'sync-set-change',
		'after a change of the synchronous set to a standby that lags, ids that only the standby synchronous '
		  . 'before had confirmed are given, and a promotion of the new one reissues them',
		'the synchronous view off (idclock_sync_changed() never called)',
		'read; gen write 10; stall n3; clock n1 +20s; gen write 10; syncnames n3; gen auto 30; gen ro 20; '
		  . 'gen write 20; kill n1; promote n3; gen auto 30; gen write 20; read'
	],
	[
		'sync-member-failure',
		'under FIRST 1 (n2, n3), n2 fails and n3, which lags, becomes the synchronous standby: ids that only n2 '
		  . 'had confirmed are given, and a promotion of n3 reissues them; then a negative shift with the reader',
		'the synchronous view off (sync-view-off)',
		'read; gen write 10; syncset FIRST n2,n3; stall n3; clock n1 +20s; gen write 10; kill n2; gen auto 30; '
		  . 'gen ro 20; gen shift 10; gen write 20; kill n1; promote n3; gen auto 30; gen shift 10; read; '
		  . 'gen write 20; read'
	],
	[
		'standby-ids',
		'a hot standby whose clock runs ahead, restarted after a kill with its clock back, issues ids below its '
		  . 'own earlier ones, and so does its promotion',
		'no reservation ahead of use (idclock_cover() off)',
		'read; gen write 10; catchup; clock n3 +60s; sgen n3 20; kill n3; restart n3 +0; sgen n3 10; kill n1; '
		  . 'promote n3; gen auto 20; gen write 10; read'
	],
	[
		'commit-levels',
		'ids generated in a function declared SET synchronous_commit = local are given before the synchronous '
		  . 'standby confirmed them, though the commit waits at the session\'s level; then synchronous_commit '
		  . 'at each scope',
		'the wait at the level of the innermost SET (commit-level-off)',
		'read; gen write 10; stall n2; clock n1 +20s; gen fnlocal 20; gen local 10; gen session 10; synclevel local role; '
		  . 'gen write 10; synclevel remote_write database; gen auto 20; synclevel off server; gen write 10; '
		  . 'kill n1; promote n2; gen fnlocal 20; gen write 20; read'
	],
	[
		'bound-open',
		'a reader by key passes the rows of transactions still open (why the safe bound exists)',
		'the bound from the clock alone (the backends\' slots not read)',
		'read; gen prepare 10; gen write 10; read; gen write 10; read; commit_prepared; read'
	],
);
# random seeds that the suite runs too: each of them draws from every fault
my @fixed_seeds = split ' ', ($ENV{IDTYPES_EXPLORE_FIXED_SEEDS} // '1 2');

my @runs;
if (($ENV{IDTYPES_EXPLORE_SCHEDULE} // '') ne '')
{
	@runs = ([ 'replay', 'the schedule given', '', $ENV{IDTYPES_EXPLORE_SCHEDULE} ]);
}
elsif ($ENV{IDTYPES_EXPLORE_SEEDS})
{
	my $first = $ENV{IDTYPES_EXPLORE_FIRST} // 1;
	my @faults = $ENV{IDTYPES_EXPLORE_FAULTS} ? split(/,/, $ENV{IDTYPES_EXPLORE_FAULTS}) : explorer_faults();
	@runs = map {
		[ "seed $_", 'a random schedule (faults: ' . join(',', @faults) . ')', '',
			format_schedule(random_schedule($_, \@faults)) ]
	} $first .. $first + $ENV{IDTYPES_EXPLORE_SEEDS} - 1;
}
else
{
	my %only = map { $_ => 1 } split /,/, ($ENV{IDTYPES_EXPLORE_ONLY} // '');
	@runs = grep { !%only || $only{ $_->[0] } } @fixed;
	push @runs, map { [ "seed $_", 'a random schedule', '', format_schedule(random_schedule($_)) ] } @fixed_seeds
	  unless %only;
}

my $started = time;
for my $run (@runs)
{
	my ($name, $what, $before, $text) = @$run;
	my $res = explore(parse_schedule($text));
	my @v = @{ $res->{violations} };
	note(sprintf('%s: %.0f s, %s', $name, $res->{seconds}, $res->{summary}));
	ok(!@v, "$name: $what: no violation") or diag(join("\n",
		"$name ($what" . ($before ne '' ? "; failed before the fix: $before" : '') . ')',
		"schedule: $text",
		'violations:', (map { "  $_" } @v),
		'what happened:', (map { "  $_" } @{ $res->{log} })));
}
note(sprintf('t/080_fault_explorer.pl: %d schedules in %.0f s', scalar @runs, time - $started));

done_testing();
