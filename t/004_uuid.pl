# UUIDv6, v7 and v8 generation on real servers: 8 concurrent clients with and
# without shared_preload_libraries, and the system clock stepped back an hour
# (libfaketime) while the server runs, across a restart and across a crash.
use strict;
use warnings;
use Cwd qw(abs_path);
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'libfaketime is not installed (Debian package libfaketime)'
  unless faketime_lib();

# The servers read their clock offset from this file at every time call, so
# writing it moves their clock while they run.
my $clock_file = abs_path(PostgreSQL::Test::Utils::tempdir()) . '/faketime.rc';

sub start_clocked
{
	my ($node) = @_;
	start_faked($node, stepped_clock($clock_file));
}

# Each row records sequence values taken just before and just after its
# UUIDs were generated.  Sequences are linearizable, so when a row's "after"
# is below another's "before", the first row's UUIDs were generated before
# the second's: the observable part of the global generation order.
my $schema = q{
	CREATE EXTENSION idtypes;
	CREATE SEQUENCE seq;
	CREATE TABLE t (client int, pid int, before bigint, after bigint, v6 uuid, v7 uuid, v8 uuid);
	CREATE FUNCTION gen_rows(client int, n int) RETURNS void LANGUAGE plpgsql AS $$
	DECLARE
		b bigint;
		x6 uuid;
		x7 uuid;
		x8 uuid;
	BEGIN
		FOR i IN 1 .. n LOOP
			b := nextval('seq');
			x6 := uuidv6_next();
			x7 := uuidv7_next();
			x8 := uuidv8_next();
			INSERT INTO t VALUES (client, pg_backend_pid(), b, nextval('seq'), x6, x7, x8);
		END LOOP;
	END
	$$;
	-- in one call: generate, move this server's clock back an hour (through
	-- the file libfaketime reads, replaced by the shell command program),
	-- generate again
	CREATE FUNCTION step_back(program text) RETURNS text LANGUAGE plpgsql AS $$
	DECLARE
		a6 uuid := uuidv6_next();
		a7 uuid := uuidv7_next();
		a8 uuid := uuidv8_next();
		t1 timestamptz := clock_timestamp();
		t2 timestamptz;
	BEGIN
		EXECUTE format('COPY (SELECT %L) TO PROGRAM %L', '-1h', program);
		t2 := clock_timestamp();
		RETURN format('clock back: %s, v6 %s, v7 %s, v8 %s', t2 < t1 - interval '59 minutes',
					  uuidv6_next() > a6, uuidv7_next() > a7, uuidv8_next() > a8);
	END
	$$;
};

# 8 clients, 250 transactions each, 5 rows per transaction
my $loads = 0;
sub load
{
	my ($node, $name) = @_;
	$loads++;
	$node->pgbench('--no-vacuum --client=8 --jobs=2 --transactions=250',
		0, [qr{processed: 2000/2000}], [qr{^$}], "$name: 8 clients, no error",
		{ "uuid_rows_$loads" => q{SELECT gen_rows(:client_id, 5);} });
}

# the checks every server passes, with or without shared memory
sub check_unique
{
	my ($node, $name, $rows) = @_;
	is($node->safe_psql('postgres', q{
		SELECT count(*), count(DISTINCT v6), count(DISTINCT v7), count(DISTINCT v8) FROM t}),
		"$rows|$rows|$rows|$rows", "$name: $rows rows, all UUIDs distinct");
	is($node->safe_psql('postgres', q{
		SELECT count(*) FROM t
		WHERE uuidv_version(v6) IS DISTINCT FROM 6 OR uuidv_version(v7) IS DISTINCT FROM 7
		   OR uuidv_version(v8) IS DISTINCT FROM 8}),
		'0', "$name: versions and variants right");
	# one backend per pgbench client
	is($node->safe_psql('postgres', q{
		SELECT count(*) FROM (
			SELECT v6 <= lag(v6) OVER w AS d6, v7 <= lag(v7) OVER w AS d7, v8 <= lag(v8) OVER w AS d8
			FROM t WINDOW w AS (PARTITION BY pid ORDER BY before)) s
		WHERE d6 OR d7 OR d8}),
		'0', "$name: each backend's UUIDs strictly increasing");
}

# with shared memory: one time field per UUID on the server, and every
# observable pair in generation order
sub check_global
{
	my ($node, $name, $rows) = @_;
	is($node->safe_psql('postgres', q{
		SELECT count(DISTINCT left(v6::text, 18)), count(DISTINCT left(v7::text, 18)),
			   count(DISTINCT left(v8::text, 18)) FROM t}),
		"$rows|$rows|$rows", "$name: no two UUIDs of a version share a time field");
	my $res = $node->safe_psql('postgres', q{
		SELECT count(*) FILTER (WHERE v6 <= m6 OR v7 <= m7 OR v8 <= m8),
			   count(m7), count(*) FILTER (WHERE done_before > own_done_before)
		FROM (SELECT kind, v6, v7, v8,
					 max(v6) FILTER (WHERE kind = 'done') OVER w AS m6,
					 max(v7) FILTER (WHERE kind = 'done') OVER w AS m7,
					 max(v8) FILTER (WHERE kind = 'done') OVER w AS m8,
					 count(*) FILTER (WHERE kind = 'done') OVER w AS done_before,
					 count(*) FILTER (WHERE kind = 'done')
						 OVER (PARTITION BY client ORDER BY pos) AS own_done_before
			  FROM (SELECT after AS pos, 'done' AS kind, client, v6::text, v7::text, v8::text FROM t
					UNION ALL
					SELECT before, 'start', client, v6::text, v7::text, v8::text FROM t) e
			  WINDOW w AS (ORDER BY pos)) s
		WHERE kind = 'start'});
	my ($wrong, $checked, $cross) = split /\|/, $res;
	is($wrong, '0', "$name: every UUID sorts after all those generated before it");
	cmp_ok($checked, '>=', $rows - 8, "$name: the order is checked for nearly every row");
	cmp_ok($cross, '>', 0, "$name: including rows after other clients' rows");
}

sub max_v7
{
	my ($node) = @_;
	return $node->safe_psql('postgres', 'SELECT v7 FROM t ORDER BY v7 DESC LIMIT 1');
}

#
# With shared_preload_libraries: one clock per version for the server.
#
set_clock($clock_file, '+0');
my $shared = PostgreSQL::Test::Cluster->new('uuid_shared');
$shared->init;
$shared->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nrestart_after_crash = on");
start_clocked($shared);
$shared->safe_psql('postgres', $schema);

load($shared, 'shared');
check_unique($shared, 'shared', 10000);
check_global($shared, 'shared', 10000);

# the clock goes back an hour under the running server
my $before = max_v7($shared);
set_clock($clock_file, '-1h');
is($shared->safe_psql('postgres',
		"SELECT clock_timestamp() < uuidv_timestamp('$before') - interval '59 minutes'"),
	't', 'shared: the server\'s clock is an hour back');
load($shared, 'shared, clock back');
check_unique($shared, 'shared, clock back', 20000);
check_global($shared, 'shared, clock back', 20000);

# a clean restart, the clock still an hour back: the clocks resume from
# the state file
$shared->stop;
like(slurp_file($shared->data_dir . '/idtypes.state'), qr/^uuidv7 \d+$/m,
	'the state file holds the UUIDv7 clock');
start_clocked($shared);
$shared->safe_psql('postgres', 'SELECT gen_rows(100, 5)');
check_global($shared, 'after a restart', 20005);

# a crash (a backend killed): shared memory is reset and the clocks resume
# from the state file, which runs ahead of every UUID issued
my ($ret, $out, $err) = $shared->psql('postgres', q{
	DO $$ BEGIN
		PERFORM gen_rows(101, 5);
		EXECUTE format('COPY (SELECT 1) TO PROGRAM %L', 'kill -9 ' || pg_backend_pid());
	END $$});
isnt($ret, 0, 'crash: the backend was killed');
$shared->poll_query_until('postgres', 'SELECT true') or die 'the server did not come back';
like(slurp_file($shared->logfile), qr/terminated by signal 9/, 'crash: the server restarted after the crash');
$shared->safe_psql('postgres', 'SELECT gen_rows(102, 5)');
is($shared->safe_psql('postgres', 'SELECT count(*) FROM t WHERE client = 101'), '0',
	'crash: the killed transaction left no rows');
check_global($shared, 'after a crash', 20010);
$shared->stop;

#
# Without shared_preload_libraries: a clock per backend.
#
set_clock($clock_file, '+0');
my $local = PostgreSQL::Test::Cluster->new('uuid_local');
$local->init;
# pairs that killed processes left, named after the next 60 pids (as a
# machine that has run the suites before holds, in runs of consecutive
# pids): the server still gets a pair of its own
my $next_pid = slurp_file('/proc/sys/kernel/ns_last_pid') + 0;
my @left = map { ("/dev/shm/sem.faketime_sem_$_", "/dev/shm/faketime_shm_$_") }
  grep { !-e "/dev/shm/sem.faketime_sem_$_" && !-e "/dev/shm/faketime_shm_$_" }
  ($next_pid + 1 .. $next_pid + 60);
foreach my $file (@left)
{
	open(my $fh, '>', $file) or die "could not create $file: $!";
	close($fh);
}
start_clocked($local);
unlink @left;
END { unlink @left if @left; }
$local->safe_psql('postgres', $schema);
load($local, 'per-backend');
check_unique($local, 'per-backend', 10000);
is($local->safe_psql('postgres', 'SELECT count(DISTINCT pid) FROM t'), '8',
	'per-backend: 8 backends generated');

# a program that the faked server starts (COPY ... TO PROGRAM, below) is
# told, in the environment it inherits from the postmaster, to share a
# semaphore and a memory segment of libfaketime; they must still be there
# (start_faked): had they gone with pg_ctl, libfaketime would end the
# program whenever a pair named after its pid was left from a killed process
my ($shared_names) = map { /^FAKETIME_SHARED=(.*)$/ ? $1 : () }
  split(/\0/, slurp_file('/proc/' . $local->{_pid} . '/environ'));
my @shared_files = faketime_shared_files($shared_names);
ok(@shared_files && -e $shared_files[0] && -e $shared_files[1],
	"per-backend: the server's programs share libfaketime's semaphore and memory segment ("
	  . ($shared_names // 'none') . ')');

# the clock goes back within a session: that backend keeps increasing
is($local->safe_psql('postgres', 'SELECT step_back($$' . clock_program($clock_file) . '$$)'),
	'clock back: t, v6 t, v7 t, v8 t',
	'per-backend: a backend\'s UUIDs keep increasing when the clock goes back');
$local->stop;

done_testing();
