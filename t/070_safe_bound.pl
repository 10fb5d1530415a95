# The safe bound under concurrent writers: every scheme's table is tailed
# by two readers at once while writers on several connections take ids and
# then commit or roll back after random delays (some long), with savepoints
# rolled back, and some prepared and committed or rolled back later by
# another connection.  The reader that polls by the bound
# (WHERE id >= $previous_bound AND id < $bound) must read every committed
# row exactly once and no other; the plain reader (WHERE id > $last) must
# lose rows, which is why the bound exists (and what shows that this test
# can fail).  Rows written, read and lost are reported per reader and
# scheme, with how far the bound trailed the clock while the load ran.
#
# IDTYPES_BOUND_SECONDS and IDTYPES_BOUND_WRITERS change the load.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep time);

my $seconds = $ENV{IDTYPES_BOUND_SECONDS} // 20;
my $writers = $ENV{IDTYPES_BOUND_WRITERS} // 6;
my @schemes = schemes();
my @names = map { $_->{name} } @schemes;

my $node = PostgreSQL::Test::Cluster->new('bound');
$node->init(allows_streaming => 1);
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_generator_id = 1
max_prepared_transactions = 50
max_connections = 40
log_statement = none
});
$node->start;

my $names_sql = join(', ', map { "'$_'" } @names);
my $types_sql = join(', ', map { "'$_->{type}'" } @schemes);
$node->safe_psql('postgres', 'CREATE EXTENSION idtypes;'
	  . join('', map { "CREATE TABLE t_$_->{name} (id $_->{type} PRIMARY KEY DEFAULT $_->{gen}, w int NOT NULL);\n" } @schemes)
	  . qq{
CREATE TABLE seen (reader text, scheme text, id text);
CREATE TABLE polls (reader text, at timestamptz DEFAULT clock_timestamp(), lag_ms float8);
CREATE TABLE ctl (stop bool, load_from timestamptz, load_to timestamptz);
INSERT INTO ctl VALUES (false);

-- A reader: polls every scheme's table until told to stop, then once more
-- (so that its last poll starts after every writer has ended).  Each read
-- is a statement of its own, after the statement that took the bound: a
-- new snapshot under READ COMMITTED.  "bound" reads [previous bound,
-- bound); "plain" reads what is above the largest id it has read.
CREATE PROCEDURE reader(kind text) LANGUAGE plpgsql AS \$\$
DECLARE
	schemes text[] := ARRAY[$names_sql];
	types text[] := ARRAY[$types_sql];
	prev text[] := array_fill(NULL::text, ARRAY[$#names + 1]);
	b text;
	lag float8;
	stopping bool;
BEGIN
	LOOP
		SELECT stop INTO stopping FROM ctl;
		FOR i IN 1 .. array_length(schemes, 1) LOOP
			IF kind = 'bound' THEN
				EXECUTE format('SELECT %I()::text', schemes[i] || '_safe_bound') INTO b;
				IF prev[i] IS NOT NULL THEN
					EXECUTE format('INSERT INTO seen SELECT %L, %L, id::text FROM %I WHERE id >= %L::%s AND id < %L::%s',
								   kind, schemes[i], 't_' || schemes[i], prev[i], types[i], b, types[i]);
				END IF;
				prev[i] := b;
				IF schemes[i] = 'muid' THEN
					lag := extract(epoch FROM clock_timestamp() - muid_timestamp(b::muid)) * 1000;
				END IF;
			ELSE
				EXECUTE format('WITH r AS (SELECT id FROM %I WHERE %s), '
							   'i AS (INSERT INTO seen SELECT %L, %L, id::text FROM r) '
							   'SELECT (SELECT id FROM r ORDER BY id DESC LIMIT 1)::text',
							   't_' || schemes[i],
							   CASE WHEN prev[i] IS NULL THEN 'true' ELSE format('id > %L::%s', prev[i], types[i]) END,
							   kind, schemes[i]) INTO b;
				prev[i] := coalesce(b, prev[i]);
			END IF;
		END LOOP;
		INSERT INTO polls (reader, lag_ms) VALUES (kind, lag);
		COMMIT;
		EXIT WHEN stopping;
		PERFORM pg_sleep(0.02);
	END LOOP;
END
\$\$;
});

# the readers, on connections of their own
my @readers;
foreach my $kind ('bound', 'plain')
{
	my %r = (kind => $kind, out => '', err => '');
	$r{handle} = IPC::Run::start(
		[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', $node->host, '-p', $node->port,
		  '-d', 'postgres', '-c', "CALL reader('$kind')" ],
		'>', \$r{out}, '2>', \$r{err});
	push @readers, \%r;
}
# their first poll comes before any row
$node->poll_query_until('postgres', q{SELECT count(DISTINCT reader) = 2 FROM polls})
  or die 'the readers did not start';

# The writers: each transaction inserts 1 to 3 rows into every table, then
# 1 more after a savepoint that is rolled back one time in four; it waits
# 0 to 40 ms (800 ms one time in ten) and then commits (6 in 10), rolls
# back (2 in 10) or prepares (2 in 10).
my $inserts = sub {
	my ($n) = @_;
	join('', map { "INSERT INTO t_$_ (w) SELECT :client_id FROM generate_series(1, $n);\n" } @names);
};
my $script = qq{\\set n random(1, 3)
\\set sp random(1, 4)
\\set fate random(1, 10)
\\set nap random(0, 40)
\\set long random(1, 10)
\\set g random(1, 1000000000)
BEGIN;
} . $inserts->(':n') . qq{SAVEPOINT s;
} . $inserts->('1') . qq{\\if :sp = 1
ROLLBACK TO SAVEPOINT s;
\\endif
\\if :long = 1
\\sleep 800 ms
\\else
\\sleep :nap ms
\\endif
\\if :fate <= 2
ROLLBACK;
\\elif :fate <= 4
PREPARE TRANSACTION 'bound-:client_id-:g';
\\else
COMMIT;
\\endif
};
$node->safe_psql('postgres', 'UPDATE ctl SET load_from = clock_timestamp()');
my $load = start_pgbench($node, "-n -c $writers -j 2 -T $seconds", { 'write' => $script });

# Meanwhile, another connection finishes the prepared transactions that
# are older than 300 ms: commits three in four, rolls back the others.
my ($committed_prepared, $rolled_back_prepared) = (0, 0);
my $finish_prepared = sub {
	my ($age) = @_;
	my @gids = split /\n/, $node->safe_psql('postgres',
		"SELECT gid FROM pg_prepared_xacts WHERE gid LIKE 'bound-%' AND prepared < now() - interval '$age ms'");
	return unless @gids;
	my $sql = '';
	foreach my $gid (@gids)
	{
		if (rand() < 0.75) { $sql .= "COMMIT PREPARED '$gid';\n"; $committed_prepared++; }
		else { $sql .= "ROLLBACK PREPARED '$gid';\n"; $rolled_back_prepared++; }
	}
	$node->safe_psql('postgres', $sql);
};
my $until = time() + $seconds;
while (time() < $until)
{
	$finish_prepared->(300);
	usleep(200_000);
}
my ($status, $out, $err) = finish_pgbench($load);
is($status, 0, "$writers writers for $seconds s: pgbench ran without an error") or diag($err);
$node->safe_psql('postgres', 'UPDATE ctl SET load_to = clock_timestamp()');
$finish_prepared->(0);
is($node->safe_psql('postgres', q{SELECT count(*) FROM pg_prepared_xacts}), '0', 'no prepared transaction left');
my ($xacts) = $out =~ /number of transactions actually processed: (\d+)/;

$node->safe_psql('postgres', 'UPDATE ctl SET stop = true');
foreach my $r (@readers)
{
	$r->{handle}->finish;
	is($r->{handle}->result(0), 0, "the $r->{kind} reader ran without an error") or diag($r->{err});
}

my ($polls, $lag_median, $lag_p90, $lag_max) = split /\|/, $node->safe_psql('postgres', q{
	SELECT count(*), round(percentile_cont(0.5) WITHIN GROUP (ORDER BY lag_ms)),
		   round(percentile_cont(0.9) WITHIN GROUP (ORDER BY lag_ms)), round(max(lag_ms))
	FROM polls, ctl WHERE reader = 'bound' AND at BETWEEN load_from + interval '1 s' AND load_to});
my ($plain_polls) = $node->safe_psql('postgres', q{SELECT count(*) FROM polls WHERE reader = 'plain'});
diag("$xacts writer transactions ($committed_prepared prepared ones committed and $rolled_back_prepared "
	  . "rolled back by another connection); $polls polls by the bound, $plain_polls plain ones; "
	  . "while the writers ran, the muid bound trailed the clock by $lag_median ms (median), $lag_p90 ms (90th percentile), $lag_max ms at most");
cmp_ok($committed_prepared, '>', 0, 'some prepared transactions were committed by another connection');

foreach my $s (@schemes)
{
	my $name = $s->{name};
	my %n;
	foreach my $kind ('bound', 'plain')
	{
		my ($written, $read, $distinct, $lost, $foreign) = split /\|/, $node->safe_psql('postgres', qq{
			SELECT (SELECT count(*) FROM t_$name),
				   (SELECT count(*) FROM seen WHERE reader = '$kind' AND scheme = '$name'),
				   (SELECT count(DISTINCT id) FROM seen WHERE reader = '$kind' AND scheme = '$name'),
				   (SELECT count(*) FROM t_$name t WHERE NOT EXISTS
						(SELECT FROM seen s WHERE s.reader = '$kind' AND s.scheme = '$name' AND s.id = t.id::text)),
				   (SELECT count(*) FROM seen s WHERE s.reader = '$kind' AND s.scheme = '$name' AND NOT EXISTS
						(SELECT FROM t_$name t WHERE t.id::text = s.id))});
		$n{$kind} = { written => $written, read => $read, distinct => $distinct, lost => $lost, foreign => $foreign };
		diag(sprintf('%-8s %-5s reader: %6d rows written, %6d read, %4d read twice, %4d lost, %d never committed',
			$name, $kind, $written, $read, $read - $distinct, $lost, $foreign));
	}
	my $b = $n{bound};
	ok($b->{written} > 0 && $b->{lost} == 0 && $b->{read} == $b->{distinct} && $b->{foreign} == 0
		  && $b->{read} == $b->{written},
		"$name: the reader by the bound read each of the $b->{written} committed rows exactly once, and nothing else");
	cmp_ok($n{plain}{lost}, '>', 0, "$name: the plain reader (id > \$last) lost rows ($n{plain}{lost})");
	is($n{plain}{foreign}, 0, "$name: the plain reader read no row that was not committed");
}

# A prepared transaction that survives a restart published nothing to the
# new start, and its ids could be anywhere below the clock: no bound until
# it is finished (t/071_bound_prepared.pl has the other ways to that).
my $orphan = $node->safe_psql('postgres', q{
	BEGIN;
	INSERT INTO t_uuidv7 (w) VALUES (0) RETURNING id;
	PREPARE TRANSACTION 'orphan';});
$node->restart;
$node->safe_psql('postgres', 'SELECT uuidv7_next()');
my ($ret, $stdout, $stderr) = $node->psql('postgres', 'SELECT uuidv7_safe_bound()');
like($stderr, qr/no safe bound while prepared transaction "orphan" \(xid \d+\) is open/,
	'a prepared transaction from before the restart: no bound, with an error that names it');
$node->safe_psql('postgres', q{COMMIT PREPARED 'orphan'});
is($node->safe_psql('postgres', qq{SELECT uuidv7_safe_bound() > '$orphan'}), 't',
	'once it is committed, the bound passes its id');

# A standby replays rows whose ids it never generated: no bound there.
$node->backup('b');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($node, 'b', has_streaming => 1);
$standby->start;
($ret, $stdout, $stderr) = $standby->psql('postgres', 'SELECT tid62_safe_bound()');
like($stderr, qr/no safe bound of tid62 ids during recovery/, 'on a standby: refused, take the bound on the primary');
$standby->stop;

# Without shared_preload_libraries there is no bound, and the error says how
# to get one.
$node->adjust_conf('postgresql.conf', 'shared_preload_libraries', "''");
$node->adjust_conf('postgresql.conf', 'idtypes.uid8_generator_id', '-1');
$node->restart;
($ret, $stdout, $stderr) = $node->psql('postgres', 'SELECT muid_safe_bound()', extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($stderr, qr/55000: the safe bound of muid ids needs idtypes in shared_preload_libraries.*HINT:  Add idtypes to shared_preload_libraries/s,
	'without shared_preload_libraries: SQLSTATE 55000, with a hint');

$node->stop;
done_testing();
