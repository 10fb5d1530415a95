# The guarantees of the pure-SQL companion's clocks, on a server whose wall
# clock the test steps back by an hour (libfaketime), as doc/managed.md
# states them for each clock mode:
#
#   1. within a session, every scheme's ids strictly increase, across a
#      step back of the system clock, in both modes;
#   2. what the session mode does not hold: a new session after the step,
#      and a session after a rollback, issue ids below earlier ones; the
#      sequence mode (and muid and uid8 always) does not;
#   3. the sequence mode across concurrent sessions: an id generated after
#      another one returned (by a witness sequence, whatever the clock
#      says) sorts after it, and no id repeats, across the step;
#   4. the sequence mode over a crash: ids after the restart sort after
#      every id issued before it, also one a read-only query returned;
#   5. the sequence mode over a failover: the promoted standby's ids sort
#      after every id of the old primary that it replayed; on a hot
#      standby the database's clock cannot move (25006);
#   6. the node identity and the clocks belong to the role that installed
#      the companion: other roles generate, but cannot change either.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time usleep);

plan skip_all => 'libfaketime is not installed (Debian package libfaketime)'
  unless faketime_lib();

my $started = time();
my @schemes = companion_schemes();
# the schemes whose session mode keeps a clock of the session's own
my %own_clock = map { $_->{name} => !$_->{sequence} } @schemes;

my $node = PostgreSQL::Test::Cluster->new('primary');
$node->init(allows_streaming => 1);
$node->append_conf('postgresql.conf', "jit = off\nwal_keep_size = '64MB'");
my $clock = $node->basedir . '/clock';
set_clock($clock, '+0');
start_faked($node, stepped_clock($clock));
my $step_back = "COPY (SELECT '-1h') TO PROGRAM \$\$" . clock_program($clock) . "\$\$";
my $step_fore = "COPY (SELECT '+0') TO PROGRAM \$\$" . clock_program($clock) . "\$\$";

$node->safe_psql('postgres', q{
	CREATE SCHEMA idtypes_sql;
	CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;
	CREATE SEQUENCE witness;
});
# every id a test generates: its order of generation (n), its source
foreach my $s (@schemes)
{
	$node->safe_psql('postgres',
		"CREATE TABLE ids_$s->{name} (n bigserial, src text NOT NULL, id $s->{type} NOT NULL, b int8, a int8)");
}

sub set_mode
{
	my ($n, $mode) = @_;
	$n->safe_psql('postgres', "UPDATE idtypes_sql.idtypes_sql_settings SET clock = '$mode'");
}

# 1. Within a session: 300 ids, the clock an hour back, 300 more, the
# clock back to now, 300 more, each batch a transaction.
foreach my $mode ('session', 'sequence')
{
	set_mode($node, $mode);
	foreach my $s (@schemes)
	{
		my $ins = "INSERT INTO ids_$s->{name} (src, id) SELECT 'p1 $mode', $s->{gen} FROM generate_series(1, 300);";
		my $got = $node->safe_psql('postgres', qq{
			$ins
			$step_back;
			$ins
			$step_fore;
			$ins
			SELECT count(*) FILTER (WHERE id <= p), count(*)
			FROM (SELECT id, lag(id) OVER (ORDER BY n) AS p FROM ids_$s->{name} WHERE src = 'p1 $mode') x});
		is($got, '0|900', "$mode mode: $s->{name}: 900 ids of one session strictly increase across a clock step back of an hour");
	}
}

# 2. Where the session mode ends: (a) a new session after the step issues
# ids below the last session's; (b) in one session, the clock of a
# transaction that rolled back is forgotten.  Below: how many of 10 new
# ids sort at or below the highest id issued before.
foreach my $mode ('session', 'sequence')
{
	set_mode($node, $mode);
	my (@a, @b);
	foreach my $s (@schemes)
	{
		my $name = $s->{name};
		my $top = $node->safe_psql('postgres',
			"SELECT id FROM (SELECT $s->{gen} AS id FROM generate_series(1, 10)) g ORDER BY id DESC LIMIT 1");
		set_clock($clock, '-1h');
		my $below = $node->safe_psql('postgres',
			"SELECT count(*) FROM (SELECT $s->{gen} AS id FROM generate_series(1, 10)) g WHERE id <= '$top'::$s->{type}");
		set_clock($clock, '+0');
		my $want = $mode eq 'session' && $own_clock{$name} ? 10 : 0;
		is($below, $want, "$mode mode: $name: a new session an hour back: $want of 10 ids sort below the last session's");
		push @a, "$name $below";

		$below = $node->safe_psql('postgres', qq{
			BEGIN;
			SELECT id AS top FROM (SELECT $s->{gen} AS id FROM generate_series(1, 10)) g ORDER BY id DESC LIMIT 1 \\gset
			ROLLBACK;
			$step_back;
			SELECT count(*) FROM (SELECT $s->{gen} AS id FROM generate_series(1, 10)) g WHERE id <= :'top'::$s->{type};
			$step_fore;});
		is($below, $want, "$mode mode: $name: after a rollback, an hour back: $want of 10 ids sort below the rolled back ones");
		push @b, "$name $below";
	}
	note("$mode mode, ids of 10 below: new session: @a; after a rollback: @b");
}

# 2b. What the reference promises of each generator, in both modes, drawn
# 10,000 times in one transaction (draw_ids()): every tenth id inside a
# subtransaction rolled back, the clock an hour back from half way.  Each
# id sorts above the one before it, also one rolled back, except (on
# purpose, doc/managed.md "What differs") in a session's own clock, which a
# rollback takes back: there some ids after one rolled back sort at or
# below it.  No id is below its scheme's floor of the time its call started.
foreach my $mode ('session', 'sequence')
{
	set_mode($node, $mode);
	foreach my $s (@schemes)
	{
		my %r = draw_ids($node, 'postgres', $s, 10_000, $step_back);
		$node->safe_psql('postgres', $step_fore);
		my $label = "$mode mode: $s->{name}";
		is("$r{drawn} $r{behind}", '10000 5001', "$label: 10,000 ids drawn, 1,000 of them rolled back, 5,001 with the clock an hour back");
		is($r{below_prev}, 0, "$label: every id after one kept sorts above it");
		if ($mode eq 'session' && $own_clock{ $s->{name} })
		{
			cmp_ok($r{below_rolled}, '>', 0,
				"$label: the session's clock forgets ids rolled back: $r{below_rolled} ids sort at or below one rolled back just before");
		}
		else
		{
			is($r{below_rolled}, 0, "$label: every id after one rolled back sorts above it");
		}
		is($r{below_floor}, 0, "$label: no id is below its scheme's floor of the time its call started");
	}
}

# 2c. The hlculid clock's horizon, in a database of its own: with
# hlculid_max_drift NULL an observed id may stand anywhere; the clock goes
# on past 2^63 (the words are unsigned) up to the largest word, then is
# exhausted (22008), as the C extension's.
$node->safe_psql('postgres', 'CREATE DATABASE horizon');
$node->safe_psql('horizon', q{
	CREATE SCHEMA idtypes_sql;
	CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;
	UPDATE idtypes_sql.idtypes_sql_settings SET hlculid_max_drift = NULL});
foreach my $mode ('session', 'sequence')
{
	set_mode($node, $mode);
	$node->safe_psql('horizon', "UPDATE idtypes_sql.idtypes_sql_settings SET clock = '$mode'");
	my $got = $node->safe_psql('horizon', q{
		SELECT idtypes_sql.hlculid_observe('7fffffff-ffff-ffff-0000-000000000000');
		SELECT left(idtypes_sql.gen_hlculid()::text, 18);
		SELECT idtypes_sql.hlculid_observe('ffffffff-ffff-fffe-0000-000000000000');
		SELECT left(idtypes_sql.gen_hlculid()::text, 18);});
	is($got, "\n80000000-0000-0000\n\nffffffff-ffff-ffff",
		"$mode mode: the hlculid clock goes on past 2^63 to its largest word");
	is(companion_sqlstate($node, 'horizon', undef, q{
		SELECT idtypes_sql.hlculid_observe('ffffffff-ffff-ffff-0000-000000000000');
		SELECT idtypes_sql.gen_hlculid()}), '22008', "$mode mode: then it is exhausted: 22008");
}

# 3. Concurrent sessions for 4 seconds, the clock an hour back for the
# middle 1.5: each id between two values of a witness sequence, taken
# before (b) and after (a) it.  A violation: an id that sorts below one
# whose generation had ended (a) before its own began (b).
foreach my $mode ('session', 'sequence')
{
	set_mode($node, $mode);
	my $script = join '', map {
		"INSERT INTO ids_$_->{name} (src, b, id, a) SELECT 'p3 $mode', nextval('witness'), $_->{gen}, nextval('witness');\n"
	} @schemes;
	my $run = start_pgbench($node, '--no-vacuum --client=4 --jobs=2 --time=4', { "p3_$mode" => $script });
	usleep(1_200_000);
	set_clock($clock, '-1h');
	usleep(1_500_000);
	set_clock($clock, '+0');
	my ($status, $out, $err) = finish_pgbench($run);
	is($status, 0, "$mode mode: pgbench, 4 clients, no error") or diag($err);
	my @row;
	foreach my $s (@schemes)
	{
		my ($violations, $repeats, $count) = split /\|/, $node->safe_psql('postgres', qq{
			SELECT count(*) FILTER (WHERE m < b), count(*) - count(DISTINCT id), count(*)
			FROM (SELECT id, b, min(a) OVER (ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS m
				  FROM ids_$s->{name} WHERE src = 'p3 $mode') x});
		is($repeats, '0', "$mode mode: $s->{name}: $count ids of 4 concurrent sessions, none repeats");
		if ($mode eq 'sequence' || !$own_clock{ $s->{name} })
		{
			is($violations, '0', "$mode mode: $s->{name}: every id sorts after every id generated before it began");
		}
		push @row, "$s->{name} $violations/$count";
	}
	note("$mode mode, concurrent sessions, ids below an id generated before they began: @row");
}

# 4. A crash in the sequence mode: ids in rows and one returned by a
# read-only query, kill -9, the clock an hour back: the ids after the
# restart sort above all of them.
set_mode($node, 'sequence');
my %given;
foreach my $s (@schemes)
{
	$node->safe_psql('postgres',
		"INSERT INTO ids_$s->{name} (src, id) SELECT 'p4', $s->{gen} FROM generate_series(1, 200)");
	$given{ $s->{name} } = $node->safe_psql('postgres', "SELECT $s->{gen}");
}
kill_postmaster($node);
set_clock($clock, '-1h');
restart_after_kill($node, stepped_clock($clock));
foreach my $s (@schemes)
{
	my $name = $s->{name};
	is($node->safe_psql('postgres', qq{
		WITH old AS (SELECT id FROM ids_$name WHERE src = 'p4' ORDER BY id DESC LIMIT 1)
		SELECT count(*) FROM (SELECT $s->{gen} AS id FROM generate_series(1, 100)) g, old
		WHERE g.id <= old.id OR g.id <= '$given{$name}'::$s->{type}}),
		'0', "sequence mode, crash, clock an hour back: $name: 100 new ids sort above every id issued before");
}
set_clock($clock, '+0');

# 5. A failover in the sequence mode: a streaming standby (its own clock),
# the primary's ids, one returned by a read-only query; the standby
# replays them, the primary stops, the standby is promoted an hour back.
$node->backup('b');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($node, 'b', has_streaming => 1);
my $sclock = $standby->basedir . '/clock';
set_clock($sclock, '+0');
start_faked($standby, stepped_clock($sclock));
foreach my $s (@schemes)
{
	$node->safe_psql('postgres',
		"INSERT INTO ids_$s->{name} (src, id) SELECT 'p5', $s->{gen} FROM generate_series(1, 200)");
	$given{ $s->{name} } = $node->safe_psql('postgres', "SELECT $s->{gen}");
}
$node->wait_for_catchup($standby, 'replay', $node->lsn('insert'));
foreach my $s (@schemes)
{
	is(companion_sqlstate($standby, 'postgres', undef, "SELECT $s->{gen}"), '25006',
		"hot standby, sequence mode: $s->{name}: the database's clock cannot move (25006)");
}
is($standby->safe_psql('postgres', q{
	SET idtypes_sql.clock = 'session';
	SELECT idtypes_sql.gen_hlculid() IS NOT NULL AND idtypes_sql.uuidv7_next() < idtypes_sql.uuidv7_next()
		   AND idtypes_sql.gen_tid62() < idtypes_sql.gen_tid62()}),
	't', 'hot standby: a session that sets the session mode generates hlculids, UUIDs and tid62s (its mode kept)');
$node->stop('immediate');
set_clock($sclock, '-1h');
$standby->promote;
$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the standby was not promoted';
foreach my $s (@schemes)
{
	my $name = $s->{name};
	is($standby->safe_psql('postgres', qq{
		WITH old AS (SELECT id FROM ids_$name ORDER BY id DESC LIMIT 1)
		SELECT count(*) FROM (SELECT $s->{gen} AS id FROM generate_series(1, 100)) g, old
		WHERE g.id <= old.id OR g.id <= '$given{$name}'::$s->{type}}),
		'0', "sequence mode, failover, clock an hour back: $name: 100 new ids sort above every id of the old primary");
}

# 6. The settings and the clocks belong to the installing role.  Another
# role generates in both modes, and reads the settings, but can neither
# change them nor move a clock but through the generators.
$standby->safe_psql('postgres', q{
	CREATE ROLE app LOGIN;
	GRANT USAGE ON SCHEMA idtypes_sql TO app;
	UPDATE idtypes_sql.idtypes_sql_settings SET medallion = 42, publisher_id = 4242;
});
foreach my $mode ('session', 'sequence')
{
	set_mode($standby, $mode);
	is(companion_sqlstate($standby, 'postgres', 'app', join(' ', map { "SELECT $_->{gen};" } @schemes)), 'ok',
		"$mode mode: another role generates every scheme");
}
is($standby->safe_psql('postgres', q{
	SELECT idtypes_sql.muid_medallion(idtypes_sql.gen_muid()), idtypes_sql.hlculid_publisher(idtypes_sql.gen_hlculid())},
	extra_params => [ '-U', 'app' ]),
	'42|4242', "another role's ids carry the settings' medallion and publisher");
my @denied = (
	[ 'UPDATE idtypes_sql.idtypes_sql_settings SET medallion = 7', 'change the settings' ],
	[ q{SELECT setval('idtypes_sql_internal.idtypes_sql_uuidv7_clock', 0)}, 'set a clock back' ],
	[ q{SELECT nextval('idtypes_sql_internal.idtypes_sql_muid_clock')}, 'move a clock' ],
	[ q{SELECT idtypes_sql_internal.idtypes_sql_hlculid_clock_raise(0)}, 'raise a clock' ],
	[ q{SELECT idtypes_sql.idtypes_advance_clock('uuidv7', now())}, 'advance a clock (not granted)' ],
	[ q{SELECT idtypes_sql.hlculid_observe(idtypes_sql.gen_hlculid())}, 'observe an hlculid (not granted)' ]);
foreach my $d (@denied)
{
	is(companion_sqlstate($standby, 'postgres', 'app', $d->[0]), '42501', "another role cannot $d->[1] (42501)");
}

# 7. idtypes_advance_clock(), as the C extension's: the database's clock
# of each scheme past a time a minute ahead, then past an id generated
# two minutes ahead; the next id sorts after both.  Errors as the C
# extension's: an unknown scheme or a scheme of another type (22023), a
# time too far ahead or infinite (22008).
set_mode($standby, 'sequence');
foreach my $s (@schemes)
{
	my $name = $s->{name};
	my $ahead = $name =~ /^uuidv[678]$/
	  ? "idtypes_sql_internal.idtypes_sql_uuid_of_tick(idtypes_sql_internal.idtypes_sql_${name}_now_word(idtypes_sql_internal.idtypes_sql_us(clock_timestamp() + interval '2 minutes')), "
		. "B'" . { uuidv6 => '0110', uuidv7 => '0111', uuidv8 => '1000' }->{$name} . "')"
	  : { muid => q{idtypes_sql.muid_from_parts(clock_timestamp() + interval '2 minutes', 1, 1048575)},
		  hlculid => q{idtypes_sql.hlculid_from_parts(clock_timestamp() + interval '2 minutes', 65535, 1, 0)},
		  uid8 => q{idtypes_sql.uid8_from_parts(clock_timestamp() + interval '2 minutes', 63, 2047, 0)},
		  tid62 => q{idtypes_sql.tid62_from_parts(clock_timestamp() + interval '2 minutes', '\xffffffffffffffff')} }->{$name};
	is($standby->safe_psql('postgres', qq{
		SELECT idtypes_sql.idtypes_advance_clock('$name', clock_timestamp() + interval '1 minute') > clock_timestamp() + interval '59 seconds';
		SELECT $s->{gen} > x FROM (SELECT $ahead AS x) a, LATERAL idtypes_sql.idtypes_advance_clock('$name', x) c}),
		"t\nt", "idtypes_advance_clock: $name: past a time, then past an id: the next id sorts after it");
}
my @advance_errors = (
	[ q{'nope', now()}, '22023', 'an unknown scheme' ],
	[ q{'uid8', gen_random_uuid()}, '22023', 'a scheme of another type' ],
	[ q{'uuidv7', idtypes_sql.uuidv6_next()}, '22023', 'a UUID of another version' ],
	[ q{'uuidv7', now() + interval '1 hour'}, '22008', 'a time too far ahead' ],
	[ q{'tid62', 'infinity'::timestamptz}, '22008', 'an infinite time' ]);
foreach my $e (@advance_errors)
{
	is(companion_sqlstate($standby, 'postgres', undef, "SELECT idtypes_sql.idtypes_advance_clock($e->[0])"), $e->[1],
		"idtypes_advance_clock: $e->[2] ($e->[1])");
}

note(sprintf('the guarantees took %.1f s', time() - $started));
$standby->stop;
done_testing();
