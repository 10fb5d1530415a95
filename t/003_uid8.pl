# uid8 generation on real servers: 8 concurrent clients with and without
# shared_preload_libraries, automatic and configured generator ids, a range
# of generator ids, restarts and crashes with the clock set back, and the
# clock stepped back while the server runs (libfaketime); with default
# settings, backends that claim more generator ids as they need them,
# concurrently, across restarts and a crash, and in a full generator-id
# space; a first claim that fails half way with the lock table full, and
# one that needs the extra ids of a burst.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'libfaketime is not installed' unless faketime_lib();

# phase tells apart the rows of successive loads (restarts)
my $schema = q{
	CREATE EXTENSION idtypes;
	CREATE TABLE t (n bigserial, id uid8 PRIMARY KEY DEFAULT gen_uid8(), client int,
					phase int DEFAULT 1, pid int DEFAULT pg_backend_pid());
};
my $insert = q{INSERT INTO t (client) SELECT :client_id FROM generate_series(1, 20);};

# Kill the postmaster with SIGKILL (no shutdown: the state file is as the
# running server left it), then start it again with a faked clock.
sub crash_and_start_faked
{
	my ($node, %env) = @_;
	kill_postmaster($node);
	restart_after_kill($node, %env);
}

sub sql
{
	my ($node, $sql) = @_;
	return $node->safe_psql('postgres', $sql);
}

# 8 clients, 100 transactions each, 20 ids per transaction, as phase $phase
sub load
{
	my ($node, $name, $phase) = @_;
	sql($node, "ALTER TABLE t ALTER phase SET DEFAULT $phase");
	$node->pgbench('--no-vacuum --client=8 --jobs=2 --transactions=100',
		0, [qr{processed: 800/800}], [qr{^$}], "$name: 8 clients, no error",
		{ "uid8_insert_$phase" => $insert });
	is(sql($node, "SELECT count(*) FROM t WHERE phase = $phase"), '16000',
		"$name: 16000 ids");
	is(sql($node, 'SELECT count(*) - count(DISTINCT id) FROM t'), '0',
		"$name: no duplicate among all " . sql($node, 'SELECT count(*) FROM t') . ' ids');
	# time_sequential ids of one backend increase in the order it made them
	is(sql($node, qq{
		SELECT count(*) FROM (
			SELECT id, lag(id) OVER (PARTITION BY client ORDER BY n) AS prev FROM t WHERE phase = $phase) s
		WHERE prev >= id}),
		'0', "$name: each client's ids increase");
	is(sql($node, qq{
		SELECT max(c) <= 64 FROM (SELECT count(*) AS c FROM t WHERE phase = $phase
								 GROUP BY uid8_generator(id), uid8_timestamp(id)) s}),
		't', "$name: at most 64 ids per generator id and millisecond");
}

sub generators
{
	my ($node, $where) = @_;
	return sql($node, qq{
		SELECT string_agg(g::text, ',' ORDER BY g)
		FROM (SELECT DISTINCT uid8_generator(id) AS g FROM t WHERE $where) s});
}

# the ids of phase $later all come after those of the earlier phases:
# strictly increasing across the server (time_sequential ids sort by time)
sub after
{
	my ($node, $later, $name) = @_;
	is(sql($node, "SELECT (SELECT max(id) FROM t WHERE phase < $later) < (SELECT min(id) FROM t WHERE phase = $later)"),
		't', $name);
}

# One backend's ids from a generator of 4 generator ids from $first: in
# each millisecond, the k-th id has sequence k / 4 and generator $first + k % 4,
# so a millisecond holds up to 256 ids.
sub range_in_order
{
	my ($node, $name, $phase, $first) = @_;
	is(sql($node, qq{
		SELECT count(*) FILTER (WHERE uid8_sequence(id) <> k / 4 OR uid8_generator(id) <> $first + k % 4),
			   max(k) < 256
		FROM (SELECT id, row_number() OVER (PARTITION BY uid8_timestamp(id) ORDER BY n) - 1 AS k
			  FROM t WHERE phase = $phase) s}),
		'0|t', "$name: in each millisecond the sequences, each for the 4 generator ids in turn");
}

# the clock of the server is behind the newest id by more than $minutes
sub clock_behind
{
	my ($node, $interval, $name) = @_;
	is(sql($node, "SELECT now() < (SELECT max(uid8_timestamp(id)) FROM t) - interval '$interval'"),
		't', $name);
}

#
# With shared_preload_libraries and automatic generator ids: each backend
# claims one (and no more, so that the claims can be named), and a
# persisted server-wide high-water mark makes a claim start after
# everything issued before, across restarts and crashes.
#
my $auto = PostgreSQL::Test::Cluster->new('uid8_auto');
$auto->init;
$auto->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_cluster_id = 3
idtypes.uid8_generator_count_max = 1
});
$auto->start;
sql($auto, $schema);
load($auto, 'auto', 1);
is(generators($auto, 'true'), '0,1,2,3,4,5,6,7', 'auto: the 8 backends claimed generator ids 0 to 7');
is(sql($auto, "SELECT count(DISTINCT pid) FROM t"), '8', 'auto: 8 backends');
is(sql($auto, "SELECT count(*) FROM (SELECT pid FROM t GROUP BY pid HAVING count(DISTINCT uid8_generator(id)) <> 1) s"),
	'0', 'auto: one generator id per backend');
is(sql($auto, "SELECT string_agg(DISTINCT uid8_cluster(id)::text, ',') || ' ' || string_agg(DISTINCT uid8_mode(id), ',') FROM t"),
	'3 time_sequential', 'auto: the configured cluster id and mode');
ok($auto->poll_query_until('postgres', 'SELECT count(*) = 0 FROM uid8_claimed_generators()'),
	'auto: the claims end with the backends');

# restart with the clock an hour behind: the claims start after the state file
$auto->stop;
start_faked($auto, FAKETIME => '-1h');
clock_behind($auto, '50 minutes', 'auto restarted: the clock is an hour behind');
load($auto, 'auto restarted', 2);
is(generators($auto, 'phase = 2'), '0,1,2,3,4,5,6,7', 'auto restarted: the same generator ids again');
after($auto, 2, 'auto restarted: every id after those made before the restart');

# crash, and come back with the clock two hours behind
crash_and_start_faked($auto, FAKETIME => '-2h');
clock_behind($auto, '110 minutes', 'auto after a crash: the clock is two hours behind');
load($auto, 'auto after a crash', 3);
after($auto, 3, 'auto after a crash: every id after those made before the crash');
$auto->stop;

#
# With shared_preload_libraries and a configured generator id: one generator
# for the server, shared by all backends.
#
my $conf = PostgreSQL::Test::Cluster->new('uid8_configured');
$conf->init;
$conf->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_generator_id = 100
});
$conf->start;
sql($conf, $schema);
load($conf, 'configured', 1);
is(generators($conf, 'true'), '100', 'configured: generator id 100 only');
is(sql($conf, 'SELECT count(*) FROM uid8_claimed_generators()'), '0',
	'configured: no backend claims a generator id');

# a range of 4 generator ids: 256 ids per millisecond
$conf->append_conf('postgresql.conf', qq{
idtypes.uid8_generator_id = 16
idtypes.uid8_generator_count = 4
});
$conf->restart;
load($conf, 'configured range', 2);
is(generators($conf, 'phase = 2'), '16,17,18,19', 'configured range: generator ids 16 to 19');
after($conf, 2, 'configured range: every id after those made before the restart');
# one backend, as fast as it can
sql($conf, 'INSERT INTO t (phase) SELECT 3 FROM generate_series(1, 20000)');
range_in_order($conf, 'configured range', 3, 16);
is(sql($conf, 'SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM t WHERE phase = 3) s WHERE prev >= id'),
	'0', 'configured range: the ids increase in the order they were made');
after($conf, 3, 'configured range: after the earlier ones');

# the generator is fixed while the server runs
sql($conf, 'ALTER SYSTEM SET idtypes.uid8_generator_id = 5');
$conf->reload;
ok($conf->poll_query_until('postgres',
		"SELECT pending_restart FROM pg_settings WHERE name = 'idtypes.uid8_generator_id'"),
	'configured: a new generator id waits for a restart');
is(sql($conf, 'SELECT current_setting(\'idtypes.uid8_generator_id\'), uid8_generator(gen_uid8()) BETWEEN 16 AND 19'),
	'16|t', 'configured: the running server keeps its generator');

# crash, and come back with the clock an hour behind and generator ids 5 to 8
crash_and_start_faked($conf, FAKETIME => '-1h');
clock_behind($conf, '50 minutes', 'configured after a crash: the clock is an hour behind');
load($conf, 'configured after a crash', 4);
is(generators($conf, 'phase = 4'), '5,6,7,8', 'configured after a crash: generator ids 5 to 8');
after($conf, 4, 'configured after a crash: every id after those made before the crash');

# a range past 2047 is refused
sql($conf, 'ALTER SYSTEM RESET idtypes.uid8_generator_id');
$conf->stop;
$conf->append_conf('postgresql.conf', 'idtypes.uid8_generator_id = 2046');
$conf->start;
my ($ret, $out, $err) = $conf->psql('postgres', 'SELECT gen_uid8()');
like($err, qr/uid8 generator ids 2046 to 2049 are out of range/, 'configured: a range past 2047 is refused');
$conf->stop;

#
# The clock steps back by 5 minutes while the server runs: generation goes
# on from the last millisecond, without waiting for the clock to catch up.
#
sub step_back
{
	my ($node, $name, $rcfile, $shared) = @_;
	my $session = $node->background_psql('postgres');
	my $pid = $session->query_safe('SELECT pg_backend_pid()');
	chomp($pid);
	$session->query_safe('INSERT INTO t (phase) SELECT 1 FROM generate_series(1, 2000)');
	set_clock($rcfile, '-5m');
	check_clock($node, stepped_clock($rcfile));
	$session->query_safe('INSERT INTO t (phase) SELECT 2 FROM generate_series(1, 5000)');
	$session->quit;
	is(sql($node, 'SELECT count(*), count(DISTINCT id) FROM t'), '7000|7000',
		"$name: no duplicate");
	clock_behind($node, '4 minutes', "$name: the clock went back");
	is(sql($node, 'SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM t) s WHERE prev >= id'),
		'0', "$name: the ids kept increasing");
	# without shared memory, nothing carries the first backend's time over to
	# the next holder of its generator id (see the guarantees in
	# doc/operations.md)
	return unless $shared;
	# a new backend goes on after them too (with automatic generator ids, it
	# takes over the generator id the first one released)
	ok($node->poll_query_until('postgres', "SELECT count(*) = 0 FROM uid8_claimed_generators() WHERE pid = $pid"),
		"$name: the first backend is gone");
	sql($node, 'INSERT INTO t (phase) SELECT 3 FROM generate_series(1, 1000)');
	is(sql($node, 'SELECT count(*), count(DISTINCT id), count(DISTINCT uid8_generator(id)) FROM t'),
		'8000|8000|1', "$name: a new backend, no duplicate, the same generator id");
	after($node, 3, "$name: a new backend's ids come after the first one's");
}

sub stepping_node
{
	my ($name, $preload, $extra) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	my $rcfile = $node->basedir . '/faketime.rc';
	$node->init;
	$node->append_conf('postgresql.conf',
		($preload ? "shared_preload_libraries = 'idtypes'\n" : '')
		  . "idtypes.uid8_mode = 'time_sequential'\n" . $extra);
	set_clock($rcfile, '+0');
	start_faked($node, stepped_clock($rcfile));
	sql($node, $schema);
	return ($node, $rcfile);
}

# libfaketime rereads the offset from the file at every clock reading
my ($node, $rcfile) = stepping_node('uid8_step_configured', 1, "idtypes.uid8_generator_id = 1\n");
step_back($node, 'clock back, configured generator', $rcfile, 1);
$node->stop;

($node, $rcfile) = stepping_node('uid8_step_auto', 1, "idtypes.uid8_generator_count_max = 1\n");
step_back($node, 'clock back, automatic generator ids', $rcfile, 1);
$node->stop;

#
# Without shared_preload_libraries: each backend claims its generator ids
# (first without claiming more).
#
my $local = PostgreSQL::Test::Cluster->new('uid8_local');
$local->init;
$local->append_conf('postgresql.conf', "idtypes.uid8_mode = 'time_sequential'\nidtypes.uid8_generator_count_max = 1\n");
$local->start;
sql($local, $schema);
load($local, 'per-backend', 1);
is(generators($local, 'true'), '0,1,2,3,4,5,6,7', 'per-backend: the 8 backends claimed generator ids 0 to 7');
is(sql($local, "SELECT count(*) FROM (SELECT pid FROM t GROUP BY pid HAVING count(DISTINCT uid8_generator(id)) <> 1) s"),
	'0', 'per-backend: one generator id per backend');

# a configured generator id cannot be honoured without shared memory
$local->append_conf('postgresql.conf', "idtypes.uid8_generator_id = 7\n");
$local->reload;
($ret, $out, $err) = $local->psql('postgres', 'SELECT gen_uid8()');
isnt($ret, 0, 'per-backend: gen_uid8() fails with a configured generator id');
like($err, qr/idtypes\.uid8_generator_id is set, but idtypes is not loaded through shared_preload_libraries/,
	'per-backend: the error names the setting');
like($err, qr/HINT:  Add idtypes to shared_preload_libraries/, 'per-backend: with a hint');

# a backend claims idtypes.uid8_generator_count ids; when none are free, a clear error
$local->append_conf('postgresql.conf', "idtypes.uid8_generator_id = -1\nidtypes.uid8_generator_count = 1024\n");
$local->reload;
ok($local->poll_query_until('postgres', "SELECT current_setting('idtypes.uid8_generator_count') = '1024'"),
	'per-backend: 1024 generator ids per backend');
my @holders = map { $local->background_psql('postgres') } 1 .. 2;
my @claims = map { $_->query_safe('SELECT gen_uid8() IS NOT NULL; SELECT count(*) FROM uid8_claimed_generators() WHERE pid = pg_backend_pid()') } @holders;
is(join(' ', @claims), "t\n1024 t\n1024", 'per-backend: two backends claim 1024 generator ids each');
($ret, $out, $err) = $local->psql('postgres', 'SELECT gen_uid8()');
like($err, qr/ERROR:  no free uid8 generator id/, 'per-backend: a third backend finds none free');
like($err, qr/This backend needs 1024 generator ids, and 0 of the 2048 are free/, 'per-backend: the error says why');
$_->quit for @holders;
ok($local->poll_query_until('postgres', 'SELECT count(*) = 0 FROM uid8_claimed_generators()'),
	'per-backend: the claims end with the backends');

# A full generator-id space: one backend holds 2047 ids, another the last
# one.  The second uses up its milliseconds and finds nothing more to
# claim: it goes on with its one id (64 ids per millisecond), and a third
# backend finds none free.  Once the first ends, the second claims more,
# from the top of the upper half down.
$local->append_conf('postgresql.conf', "idtypes.uid8_generator_count = 2047\nidtypes.uid8_generator_count_max = 2048\n");
$local->reload;
ok($local->poll_query_until('postgres', "SELECT current_setting('idtypes.uid8_generator_count') = '2047'"),
	'full space: 2047 generator ids for the first backend');
my $big = $local->background_psql('postgres');
is($big->query_safe('SELECT gen_uid8() IS NOT NULL; SELECT count(*) FROM uid8_claimed_generators() WHERE pid = pg_backend_pid()'),
	"t\n2047", 'full space: the first backend claims 2047 generator ids');
$local->append_conf('postgresql.conf', "idtypes.uid8_generator_count = 1\n");
$local->reload;
ok($local->poll_query_until('postgres', "SELECT current_setting('idtypes.uid8_generator_count') = '1'"),
	'full space: one generator id for the next backends');
my $last = $local->background_psql('postgres');
$last->query_safe('INSERT INTO t (phase) SELECT 6 FROM generate_series(1, 20000)');
is(sql($local, q{SELECT count(*), count(DISTINCT id), string_agg(DISTINCT uid8_generator(id)::text, ',') FROM t WHERE phase = 6}),
	'20000|20000|2047', 'full space: 20000 ids from the last free generator id, no error, no duplicate');
is(sql($local, q{SELECT max(c) <= 64 FROM (SELECT count(*) AS c FROM t WHERE phase = 6 GROUP BY uid8_timestamp(id)) s}),
	't', 'full space: at most 64 ids per millisecond');
is(sql($local, q{SELECT count(*) FROM uid8_claimed_generators()}), '2048', 'full space: all 2048 generator ids claimed');
($ret, $out, $err) = $local->psql('postgres', 'SELECT gen_uid8()');
like($err, qr/ERROR:  no free uid8 generator id/, 'full space: a third backend finds none free');
$big->quit;
ok($local->poll_query_until('postgres', 'SELECT count(*) = 1 FROM uid8_claimed_generators()'),
	'full space: the 2047 claims end with their backend');
# a second after it last found none, it looks again
sleep(2);
$last->query_safe('INSERT INTO t (phase) SELECT 7 FROM generate_series(1, 100000)');
is(sql($local, q{SELECT count(DISTINCT uid8_generator(id)) > 1, min(uid8_generator(id)) >= 1024, max(uid8_generator(id)) FROM t WHERE phase = 7}),
	't|t|2047', 'space freed: the backend claimed more, from the upper half');
is(sql($local, q{SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM t WHERE phase >= 6) s WHERE prev >= id}),
	'0', 'full space: the backend\'s ids increased throughout');
$last->quit;
is(sql($local, 'SELECT count(*) - count(DISTINCT id) FROM t'), '0', 'full space: no duplicate');

# a backend with 4 generator ids makes up to 256 ids per millisecond
$local->append_conf('postgresql.conf', "idtypes.uid8_generator_count = 4\nidtypes.uid8_generator_count_max = 4\n");
$local->reload;
ok($local->poll_query_until('postgres', "SELECT current_setting('idtypes.uid8_generator_count') = '4'"),
	'per-backend: 4 generator ids per backend');
sql($local, 'INSERT INTO t (phase) SELECT 2 FROM generate_series(1, 20000)');
is(generators($local, 'phase = 2'), '0,1,2,3', 'per-backend: one backend used generator ids 0 to 3');
range_in_order($local, 'per-backend', 2, 0);
is(sql($local, 'SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM t WHERE phase = 2) s WHERE prev >= id'),
	'0', 'per-backend: its ids increase');
is(sql($local, 'SELECT count(*) - count(DISTINCT id) FROM t'), '0', 'per-backend: no duplicate');
$local->stop;

# the clock stepping back while a backend generates, without preloading
($node, $rcfile) = stepping_node('uid8_step_local', 0, "idtypes.uid8_generator_count_max = 1\n");
step_back($node, 'clock back, per-backend', $rcfile, 0);
$node->stop;

#
# Default settings (but shared_preload_libraries): backends that use up a
# millisecond claim more generator ids, as many again each time, from the
# top of the upper half down, up to idtypes.uid8_generator_count_max (512):
# 4 concurrent clients inserting 20000 rows per statement, then again after
# a restart with the clock an hour behind and after a crash with it two
# hours behind.
#
my $grow = PostgreSQL::Test::Cluster->new('uid8_grow');
$grow->init;
$grow->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\n");
$grow->start;
sql($grow, $schema);

sub burst_load
{
	my ($node, $name, $phase) = @_;
	sql($node, "ALTER TABLE t ALTER phase SET DEFAULT $phase");
	$node->pgbench('--no-vacuum --client=4 --jobs=2 --transactions=3',
		0, [qr{processed: 12/12}], [qr{^$}], "$name: 4 clients, no error",
		{ "uid8_burst_$phase" => 'INSERT INTO t (client) SELECT :client_id FROM generate_series(1, 20000);' });
	is(sql($node, "SELECT count(*), min(uid8_mode(id)) FROM t WHERE phase = $phase"), '240000|time_sequential',
		"$name: 240000 time_sequential ids (the default mode)");
	is(sql($node, 'SELECT count(*) - count(DISTINCT id) FROM t'), '0',
		"$name: no duplicate among all " . sql($node, 'SELECT count(*) FROM t') . ' ids');
	is(sql($node, qq{
		SELECT count(*) FROM (
			SELECT id, lag(id) OVER (PARTITION BY client ORDER BY n) AS prev FROM t WHERE phase = $phase) s
		WHERE prev >= id}),
		'0', "$name: each client's ids increase");
	is(sql($node, qq{
		SELECT count(*) FROM (SELECT 1 FROM t WHERE phase = $phase GROUP BY uid8_timestamp(id), uid8_generator(id)
							  HAVING count(*) > 64 OR count(DISTINCT pid) > 1) s}),
		'0', "$name: each generator id and millisecond: at most 64 ids, from one backend");
	is(sql($node, qq{
		SELECT min(c) > 1, max(c) <= 512 FROM (
			SELECT count(DISTINCT uid8_generator(id)) AS c FROM t WHERE phase = $phase GROUP BY pid) s}),
		't|t', "$name: each backend claimed more generator ids, at most 512");
	is(sql($node, "SELECT count(*) FROM t WHERE phase = $phase AND uid8_generator(id) BETWEEN 4 AND 1023"),
		'0', "$name: first claims 0 to 3, the others from the upper half");
	ok($node->poll_query_until('postgres', 'SELECT count(*) = 0 FROM uid8_claimed_generators()'),
		"$name: the claims end with the backends");
}

burst_load($grow, 'more generator ids', 1);
$grow->stop;
start_faked($grow, FAKETIME => '-1h');
clock_behind($grow, '50 minutes', 'more generator ids, restarted: the clock is an hour behind');
burst_load($grow, 'more generator ids, restarted', 2);
after($grow, 2, 'more generator ids, restarted: every id after those made before the restart');
crash_and_start_faked($grow, FAKETIME => '-2h');
clock_behind($grow, '110 minutes', 'more generator ids after a crash: the clock is two hours behind');
burst_load($grow, 'more generator ids after a crash', 3);
after($grow, 3, 'more generator ids after a crash: every id after those made before the crash');
$grow->stop;

# A restart with another generator range while the clock is behind: the
# resumed clock word's slot meant a generator id of the old range, so the
# server must not carry on inside that millisecond.
my $remap = PostgreSQL::Test::Cluster->new('uid8_remap');
$remap->init;
$remap->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.uid8_mode = 'time_sequential'
idtypes.uid8_generator_id = 5
});
$remap->start;
sql($remap, $schema);
sql($remap, 'INSERT INTO t (phase) SELECT 1 FROM generate_series(1, 500)');
$remap->stop;
$remap->append_conf('postgresql.conf', qq{
idtypes.uid8_generator_id = 0
idtypes.uid8_generator_count = 8
});
start_faked($remap, FAKETIME => '-1h');
sql($remap, 'INSERT INTO t (phase) SELECT 2 FROM generate_series(1, 500)');
is(sql($remap, 'SELECT count(*) - count(DISTINCT id) FROM t'), '0',
	'new generator range after a restart with the clock behind: no duplicate');
is(sql($remap, q{SELECT count(*) FROM t a JOIN t b ON a.phase = 1 AND b.phase = 2 AND b.id <= a.id}), '0',
	'new generator range: the new ids sort after the old');
$remap->stop;

#
# A first claim that fails half way, the lock table full: it gives back
# what it got, and the session goes on.  Without shared_preload_libraries,
# so that the generator count is a reloadable setting.
#
my $locks = PostgreSQL::Test::Cluster->new('uid8_lock_table');
$locks->init;
$locks->append_conf('postgresql.conf', qq{
max_connections = 10
max_locks_per_transaction = 10
idtypes.uid8_generator_count = 2048
});
$locks->start;
sql($locks, 'CREATE EXTENSION idtypes');
my $victim = $locks->background_psql('postgres', on_error_stop => 0);
my $vpid = $victim->query_safe('SELECT pg_backend_pid()');
my ($vout, $vfailed) = $victim->query('SELECT gen_uid8()');
like($victim->{stderr}, qr/ERROR:  out of shared memory/, 'a first claim of 2048 ids with a small lock table: out of shared memory');
$victim->{stderr} = '';
my ($kret, $kept, $kerr) = $locks->psql('postgres', "SELECT count(*) FROM uid8_claimed_generators() WHERE pid = $vpid");
is($kept, '0', 'the failed claim keeps no generator id, and another session connects') or diag($kerr);
($vout, $vfailed) = $victim->query('SELECT count(*) > 0 FROM pg_class');
is("$vout $vfailed", 't 0', 'and the session goes on') or diag($victim->{stderr});
$victim->quit;
$locks->stop;

#
# Extra generator ids do not starve first claims: a backend bursts in one
# long statement (so it keeps its one first generator id while the setting
# changes for the next backends) and holds extra ids; a backend whose first
# claim needs every other generator id gets them, the burst giving its
# extra ids back.  Without shared_preload_libraries, so that the generator
# count is a reloadable setting.
#
my $press = PostgreSQL::Test::Cluster->new('uid8_pressure');
$press->init;
$press->append_conf('postgresql.conf', qq{
idtypes.uid8_generator_count = 1
idtypes.uid8_generator_count_max = 2048
});
$press->start;
sql($press, 'CREATE EXTENSION idtypes');
my $burst = $press->background_psql('postgres', on_error_stop => 0);
my $bpid = $burst->query_safe('SELECT pg_backend_pid()');
$burst->query_until(qr/bursting/, "\\echo bursting\nSET statement_timeout = '60s';\n"
	  . "DO \$\$ BEGIN FOR i IN 1 .. 1000000000 LOOP PERFORM gen_uid8(); END LOOP; END \$\$;\n");
ok($press->poll_query_until('postgres', "SELECT count(*) > 1 FROM uid8_claimed_generators() WHERE pid = $bpid"),
	'pressure: a bursting backend holds extra generator ids');
my $extra = sql($press, "SELECT count(*) - 1 FROM uid8_claimed_generators() WHERE pid = $bpid");
$press->append_conf('postgresql.conf', "idtypes.uid8_generator_count = 2047\n");
$press->reload;
ok($press->poll_query_until('postgres', "SELECT current_setting('idtypes.uid8_generator_count') = '2047'"),
	'pressure: 2047 generator ids for the next backend');
my ($pret, $pout, $perr) = $press->psql('postgres',
	'SELECT gen_uid8() IS NOT NULL; SELECT count(*) FROM uid8_claimed_generators() WHERE pid = pg_backend_pid()');
note("pressure: the burst held $extra extra generator ids");
is($pout, "t\n2047", 'pressure: a first claim of every other generator id gets them') or diag($perr);
is(sql($press, "SELECT count(*) FROM uid8_claimed_generators() WHERE pid = $bpid"), '1',
	'pressure: the burst goes on with its first generator id');
sql($press, "SELECT pg_cancel_backend($bpid)");
$burst->quit;
$press->stop;

done_testing();
