# hlculid generation on real servers: the hybrid logical clock with and
# without shared_preload_libraries, 8 concurrent clients, the system clock
# stepped back while the server runs and across restarts and a crash (with
# libfaketime), two nodes with skewed clocks merged by hlculid_observe(), the
# publisher settings, and text input fuzzed against a reference decoder.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Sys::Hostname;
use Test::More;

# libfaketime fakes the wall clock of the server processes; its offset is
# read from a file on every call (FAKETIME_NO_CACHE), so a test can step the
# clock of a running server (IdtypesTest.pm).
my $faketime_lib = faketime_lib();

# start (or restart) a node with its wall clock offset by the contents of $file
sub start_clocked
{
	my ($node, $file) = @_;
	start_faked($node, stepped_clock($file));
}

# The automatic publisher, as doc/operations.md documents it: the CRC-32C of
# "host:port:system identifier", folded to 16 bits.
is(sprintf('%08x', crc32c('123456789')), 'e3069283', 'CRC-32C check value');

sub auto_publisher
{
	my ($node) = @_;
	my $sysid = $node->safe_psql('postgres', 'SELECT system_identifier FROM pg_control_system()');
	my $crc = crc32c(hostname() . ':' . $node->port . ':' . $sysid);
	return ($crc >> 16) ^ ($crc & 0xFFFF);
}

my $schema = q{
	CREATE EXTENSION idtypes;
	CREATE TABLE t (n bigserial, id hlculid PRIMARY KEY DEFAULT gen_hlculid(), client int);
};
my %concurrent = ('hlculid_insert' =>
	  q{INSERT INTO t (client) SELECT :client_id FROM generate_series(1, 3);});
# the same, one transaction at a time, so that generation order is n order
my %serialized = ('hlculid_serialized' => q{
	BEGIN;
	SELECT pg_advisory_xact_lock(42);
	INSERT INTO t (client) SELECT :client_id FROM generate_series(1, 3);
	COMMIT;
});

# 8 clients, 250 transactions each, 3 hlculids per transaction
sub load
{
	my ($node, $name, $script, $rows) = @_;
	pgbench_load($node, $name, script => $script, transactions => 250,
		rows => $rows, what => 'hlculids', order => 'n');
}

# rows of t that sort before a row made earlier (by n)
my $out_of_order = q{
	SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM t) s WHERE id <= prev};

#
# With shared_preload_libraries: one clock for the server.
#
my $shared = PostgreSQL::Test::Cluster->new('hlculid_shared');
$shared->init;
$shared->append_conf('postgresql.conf',
	"shared_preload_libraries = 'idtypes'\nidtypes.publisher_id = 10");
$shared->start;
$shared->safe_psql('postgres', $schema);
load($shared, 'shared', \%concurrent, 6000);
is($shared->safe_psql('postgres',
		'SELECT count(DISTINCT (hlculid_timestamp(id), hlculid_counter(id))) FROM t'),
	'6000', 'shared: no two ids share a (millisecond, counter): one clock for all backends');
is($shared->safe_psql('postgres', 'SELECT min(hlculid_publisher(id)), max(hlculid_publisher(id)) FROM t'),
	'10|10', 'shared: the configured publisher is used');
$shared->safe_psql('postgres', 'TRUNCATE t');
load($shared, 'shared, serialized', \%serialized, 6000);
is($shared->safe_psql('postgres', $out_of_order),
	'0', 'shared: ids are strictly increasing across backends in generation order');

# the automatic publisher: the documented derivation, stable across restarts
$shared->append_conf('postgresql.conf', 'idtypes.publisher_id = -1');
$shared->reload;
my $auto = auto_publisher($shared);
is($shared->safe_psql('postgres', 'SELECT hlculid_publisher(gen_hlculid())'),
	$auto, "shared: automatic publisher $auto is CRC-32C(host:port:sysid) folded to 16 bits");
my $before_restart = $shared->safe_psql('postgres', 'SELECT gen_hlculid()');
$shared->restart;
is($shared->safe_psql('postgres', 'SELECT hlculid_publisher(gen_hlculid())'),
	$auto, 'shared: the automatic publisher is the same after a restart');
is($shared->safe_psql('postgres', "SELECT gen_hlculid() > '$before_restart'"),
	't', 'shared: ids after a restart sort after those before');

# settings: range checks, and a drift limit that is a duration
my ($ret, $out, $err) = $shared->psql('postgres', 'ALTER SYSTEM SET idtypes.publisher_id = 65536');
like($err, qr/65536 is outside the valid range for parameter "idtypes.publisher_id"/,
	'a publisher over 16 bits is refused');
$shared->safe_psql('postgres', "ALTER SYSTEM SET idtypes.hlculid_max_drift = '1h'");
$shared->reload;
is($shared->safe_psql('postgres', 'SHOW idtypes.hlculid_max_drift'), '1h',
	'idtypes.hlculid_max_drift takes a duration');
$shared->stop;

#
# Without shared_preload_libraries: a clock per backend.
#
my $local = PostgreSQL::Test::Cluster->new('hlculid_local');
$local->init;
$local->append_conf('postgresql.conf', 'idtypes.publisher_id = 7');
$local->start;
$local->safe_psql('postgres', $schema);
load($local, 'per-backend', \%concurrent, 6000);
# a configured publisher needs no shared memory: the random bits keep the
# backends apart
is($local->safe_psql('postgres', 'SELECT min(hlculid_publisher(id)), max(hlculid_publisher(id)) FROM t'),
	'7|7', 'per-backend: the configured publisher is used, without an error');
$local->append_conf('postgresql.conf', 'idtypes.publisher_id = -1');
$local->reload;
is($local->safe_psql('postgres', 'SELECT hlculid_publisher(gen_hlculid())'),
	auto_publisher($local), 'per-backend: the same automatic publisher derivation');
$local->stop;

#
# The system clock stepped back.
#
SKIP:
{
	skip 'libfaketime is not installed', 24 unless $faketime_lib;

	my $clock = PostgreSQL::Test::Utils::tempdir() . '/faketime.rc';
	set_clock($clock, '+0');

	my $node = PostgreSQL::Test::Cluster->new('hlculid_clock');
	$node->init;
	$node->append_conf('postgresql.conf',
		"shared_preload_libraries = 'idtypes'\nrestart_after_crash = on");
	start_clocked($node, $clock);
	$node->safe_psql('postgres', $schema);
	$node->safe_psql('postgres', 'INSERT INTO t (client) SELECT 1 FROM generate_series(1, 1000)');
	my $last = $node->safe_psql('postgres', 'SELECT max(id) FROM t');

	# ten minutes back while the server runs: the next ids stay in the last
	# millisecond and the counter absorbs the step
	set_clock($clock, '-10m');
	is($node->safe_psql('postgres',
			"SELECT now() < hlculid_timestamp('$last') - interval '9 minutes'"),
		't', 'clock back: the server\'s clock is ten minutes behind its last id');
	$node->safe_psql('postgres', 'INSERT INTO t (client) SELECT 2 FROM generate_series(1, 1000)');
	is($node->safe_psql('postgres', $out_of_order), '0', 'clock back: ids keep increasing');
	is($node->safe_psql('postgres', qq{
		SELECT count(DISTINCT hlculid_timestamp(id)), min(hlculid_timestamp(id)) = hlculid_timestamp('$last'),
			   max(hlculid_counter(id)) - min(hlculid_counter(id)), min(hlculid_counter(id)) = hlculid_counter('$last') + 1
		FROM t WHERE client = 2}),
		'1|t|999|t', 'clock back: the 1000 ids keep the last millisecond with counters +1 .. +1000');

	# past 65535 the counter carries into the millisecond
	my $top = $node->safe_psql('postgres',
		'SELECT hlculid_counter(max(id)) FROM t');
	$node->safe_psql('postgres', 'INSERT INTO t (client) SELECT 3 FROM generate_series(1, 70000)');
	is($node->safe_psql('postgres', $out_of_order), '0', 'counter overflow: ids keep increasing');
	is($node->safe_psql('postgres', qq{
		SELECT max(hlculid_timestamp(id)) - min(hlculid_timestamp(id)),
			   count(*) FILTER (WHERE hlculid_timestamp(id) = hlculid_timestamp('$last')),
			   min(hlculid_counter(id)) FILTER (WHERE hlculid_timestamp(id) > hlculid_timestamp('$last'))
		FROM t WHERE client = 3}),
		'00:00:00.001|' . (65535 - $top) . '|0',
		'counter overflow: the counter runs to 65535, then the next millisecond starts at 0');

	# a clean restart with the clock still back: the state file carries the clock
	my $max = $node->safe_psql('postgres', 'SELECT max(id) FROM t');
	$node->stop;
	start_clocked($node, $clock);
	is($node->safe_psql('postgres', "SELECT gen_hlculid() > '$max'"),
		't', 'restart with the clock back: new ids sort after the old ones');
	# a crash with the clock back: the server reinitialises shared memory and
	# the clock resumes from the state file, which covers every id issued
	$node->safe_psql('postgres', 'INSERT INTO t (client) SELECT 4 FROM generate_series(1, 1000)');
	$max = $node->safe_psql('postgres', 'SELECT max(id) FROM t');
	my $victim = $node->safe_psql('postgres',
		"SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'");
	crash_backend($node, $victim);
	ok($node->log_contains('terminated by signal 9'), 'crash: the server went through a crash restart');
	is($node->safe_psql('postgres', "SELECT gen_hlculid() > '$max'"),
		't', 'crash with the clock back: new ids sort after the old ones');
	# the clock back to the real time: ids follow it again, counter 0
	set_clock($clock, '+0');
	check_clock($node, stepped_clock($clock));
	$node->safe_psql('postgres', 'SELECT pg_sleep(0.01)');
	my ($then, $now) = split /\|/, $node->safe_psql('postgres',
		'SELECT gen_hlculid(), gen_hlculid()');
	is($node->safe_psql('postgres', qq{
		SELECT '$then'::hlculid > '$max', abs(extract(epoch FROM hlculid_timestamp('$now') - now())) < 60}),
		't|t', 'clock forward again: ids follow the wall clock');
	$node->stop;

	# Without shared_preload_libraries, in one session: the backend's own clock
	# absorbs the step.  The session steps the clock itself, by writing the
	# offset file from the server.
	set_clock($clock, '+0');
	my $solo = PostgreSQL::Test::Cluster->new('hlculid_clock_local');
	$solo->init;
	start_clocked($solo, $clock);
	$solo->safe_psql('postgres', $schema);
	is($solo->safe_psql('postgres', qq{
		INSERT INTO t (client) SELECT 1 FROM generate_series(1, 1000);
		COPY (SELECT '-10m') TO PROGRAM \$\$${\ clock_program($clock) }\$\$;
		INSERT INTO t (client) SELECT 2 FROM generate_series(1, 1000);
		SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM t) s WHERE id <= prev;
		SELECT count(DISTINCT hlculid_timestamp(id)) FROM t WHERE client = 2;
		SELECT now() < (SELECT max(hlculid_timestamp(id)) FROM t) - interval '9 minutes';
	}), "0\n1\nt", 'per-backend, clock back in a session: ids keep increasing in one millisecond');
	$solo->stop;

	#
	# Two nodes, the first with its clock two minutes ahead.  Node B's own ids
	# sort before A's; once B observes A's latest id, B's next ids sort after it.
	#
	set_clock($clock, '+2m');
	my $a = PostgreSQL::Test::Cluster->new('hlculid_a');
	$a->init;
	$a->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nidtypes.publisher_id = 10");
	start_clocked($a, $clock);
	my $b = PostgreSQL::Test::Cluster->new('hlculid_b');
	$b->init;
	$b->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nidtypes.publisher_id = 11");
	$b->start;
	$_->safe_psql('postgres', q{
		CREATE EXTENSION idtypes;
		CREATE TABLE events (id hlculid PRIMARY KEY DEFAULT gen_hlculid(), event text);
	}) for ($a, $b);

	$a->safe_psql('postgres', q{INSERT INTO events (event) VALUES ('A1'), ('A2'), ('A3')});
	my $from_a = $a->safe_psql('postgres', 'SELECT string_agg(id::text, \',\' ORDER BY id) FROM events');
	my ($a_last) = (split /,/, $from_a)[-1];
	$b->safe_psql('postgres', q{INSERT INTO events (event) VALUES ('B before')});
	is($b->safe_psql('postgres', "SELECT max(id) < '$a_last' FROM events"),
		't', 'skew: without observing, B\'s id sorts before A\'s older ones');
	# B receives A's events (as replication would bring them) and observes them
	$b->safe_psql('postgres', join('',
		map { "INSERT INTO events VALUES ('$_', 'from A'); SELECT hlculid_observe('$_');" } split /,/, $from_a));
	$b->safe_psql('postgres', q{INSERT INTO events (event) VALUES ('B1'), ('B2')});
	is($b->safe_psql('postgres', qq{
		SELECT bool_and(id > '$a_last'), min(hlculid_timestamp(id)) = hlculid_timestamp('$a_last'),
			   min(hlculid_counter(id)) = hlculid_counter('$a_last') + 1,
			   bool_and(hlculid_publisher(id) = 11)
		FROM events WHERE event IN ('B1', 'B2')}),
		't|t|t|t', 'observe: B\'s next ids sort right after A\'s latest, with B\'s publisher');
	is($b->safe_psql('postgres', q{SELECT string_agg(event, ' ' ORDER BY id) FROM events}),
		'B before from A from A from A B1 B2', 'observe: ORDER BY id is the causal order');
	# B's clock stays ahead only until its wall clock catches up: here it is
	# persisted, so a restart keeps the order too
	my $b_last = $b->safe_psql('postgres', 'SELECT max(id) FROM events');
	$b->restart;
	is($b->safe_psql('postgres', "SELECT gen_hlculid() > '$b_last'"),
		't', 'observe: the merged clock survives a restart');

	# an id from a clock further ahead than idtypes.hlculid_max_drift (5 min)
	set_clock($clock, '+10m');
	check_clock($a, stepped_clock($clock));
	my $far = $a->safe_psql('postgres', 'SELECT gen_hlculid()');
	($ret, $out, $err) = $b->psql('postgres', "SELECT hlculid_observe('$far')");
	isnt($ret, 0, 'drift: an id ten minutes ahead is refused');
	like($err, qr/hlculid is too far ahead of this server's clock/, 'drift: the error says why');
	like($err, qr/DETAIL:  Its time is .*, \d+ ms ahead; idtypes.hlculid_max_drift allows 300000 ms\./,
		'drift: the detail gives the drift and the limit');
	like($err, qr/HINT:  .*raise idtypes.hlculid_max_drift/, 'drift: the hint names the setting');
	is($b->safe_psql('postgres', "SELECT gen_hlculid() < '$far'"),
		't', 'drift: the refused id did not move the clock');
	$b->append_conf('postgresql.conf', "idtypes.hlculid_max_drift = '15min'");
	$b->reload;
	$b->safe_psql('postgres', "SELECT hlculid_observe('$far')");
	is($b->safe_psql('postgres', "SELECT gen_hlculid() > '$far'"),
		't', 'drift: with a larger limit the id is merged');

	# with no limit, the largest id exhausts the clock: an error, not a wrap
	$b->append_conf('postgresql.conf', 'idtypes.hlculid_max_drift = -1');
	$b->reload;
	$b->safe_psql('postgres', "SELECT hlculid_observe('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')");
	($ret, $out, $err) = $b->psql('postgres', 'SELECT gen_hlculid()');
	isnt($ret, 0, 'exhausted: gen_hlculid() fails once the clock is at the largest id');
	like($err, qr/ERROR:  the hlculid clock is exhausted/, 'exhausted: the error says so');
	($ret, $out, $err) = $b->psql('postgres', 'SELECT gen_hlculid()', extra_params => ['-v', 'VERBOSITY=sqlstate']);
	like($err, qr/ERROR:  22008/, 'exhausted: SQLSTATE 22008');
	is($b->safe_psql('postgres', 'SELECT count(*) FROM events'), '6', 'exhausted: the server runs on');
	$a->stop;
	$b->stop;
}

#
# Input fuzzing: random and mutated strings against a reference decoder
# written here from the rules (Crockford base32 of ULID, dashed hex, hex).
#
my @digits = split //, '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
my %digit_value = map { ($digits[$_] => $_) } 0 .. 31;
@digit_value{qw(I L O)} = (1, 1, 0);

sub reference_decode
{
	my ($s) = @_;
	if (length($s) == 26)
	{
		my $bits = '';
		for my $c (split //, $s)
		{
			(my $u = $c) =~ tr/a-z/A-Z/;
			return undef unless exists $digit_value{$u};
			$bits .= sprintf('%05b', $digit_value{$u});
		}
		return undef unless $bits =~ s/^00//;
		return unpack('H32', pack('B128', $bits));
	}
	return lc($s) if $s =~ /\A[0-9A-Fa-f]{32}\z/;
	return lc("$1$2$3$4")
	  if $s =~ /\A([0-9A-Fa-f]{12})-([0-9A-Fa-f]{4})-([0-9A-Fa-f]{4})-([0-9A-Fa-f]{12})\z/;
	return undef;
}

srand(20250722);
my @pool = (@digits, split(//, 'abcdefghijklmnopqrstuvwxyzIiLlOoUu-_ {}.+'), "\x{e9}");
sub pick { return $_[ int(rand(@_)) ] }
my @inputs;
for my $i (1 .. 3000)
{
	my $kind = $i % 4;
	my $s;
	if ($kind == 0)
	{
		$s = join '', map { pick(@pool) } 1 .. int(rand(40));
	}
	elsif ($kind == 1)
	{
		$s = pick(0 .. 7) . join('', map { pick(@digits) } 1 .. 25);
	}
	elsif ($kind == 2)
	{
		$s = join '', map { pick(0 .. 9, 'a' .. 'f', 'A' .. 'F') } 1 .. 32;
	}
	else
	{
		my $h = join '', map { pick(0 .. 9, 'a' .. 'f') } 1 .. 32;
		$s = substr($h, 0, 12) . '-' . substr($h, 12, 4) . '-' . substr($h, 16, 4) . '-' . substr($h, 20);
	}
	# mutate half of them: replace, insert or delete a character
	if (rand() < 0.5 && length($s) > 0)
	{
		my $at = int(rand(length($s)));
		my $op = int(rand(3));
		substr($s, $at, 1) = pick(@pool) if $op == 0;
		substr($s, $at, 0) = pick(@pool) if $op == 1;
		substr($s, $at, 1) = '' if $op == 2;
	}
	push @inputs, $s;
}

my $fuzz = PostgreSQL::Test::Cluster->new('hlculid_fuzz');
$fuzz->init;
$fuzz->start;
$fuzz->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE TABLE fuzz (n int, input text);
	CREATE FUNCTION try_hlculid(s text) RETURNS text LANGUAGE plpgsql AS $$
	BEGIN
		RETURN encode(s::hlculid::bytea, 'hex');
	EXCEPTION WHEN OTHERS THEN
		RETURN SQLSTATE;
	END $$;
});
{
	my $values = join ",\n", map {
		(my $q = $inputs[$_]) =~ s/'/''/g;
		"($_, '$q')"
	} 0 .. $#inputs;
	utf8::encode($values);
	$fuzz->safe_psql('postgres', "INSERT INTO fuzz VALUES $values");
}
my %got = map { split /\|/, $_, 2 } split /\n/,
  $fuzz->safe_psql('postgres', 'SELECT n, try_hlculid(input) FROM fuzz');
my ($mismatches, $valid) = (0, 0);
for my $n (0 .. $#inputs)
{
	my $want = reference_decode($inputs[$n]) // '22P02';
	$valid++ if $want ne '22P02';
	next if $got{$n} eq $want;
	$mismatches++;
	diag("input '$inputs[$n]': got $got{$n}, expected $want") if $mismatches <= 5;
}
is($mismatches, 0, 'fuzz: 3000 inputs, every one decoded as the reference decoder does');
cmp_ok($valid, '>', 500, "fuzz: both valid ($valid) and invalid inputs were tried");
cmp_ok(scalar(@inputs) - $valid, '>', 500, 'fuzz: and invalid ones');
is($fuzz->safe_psql('postgres', q{
	SELECT count(*) FROM fuzz
	WHERE CASE WHEN try_hlculid(input) <> '22P02'
			   THEN input::hlculid::text::hlculid <> input::hlculid END}),
	'0', 'fuzz: every valid input round-trips through the canonical text');
# binary: bytea of every length from 0 to 32 bytes; only 16 is an hlculid
$fuzz->safe_psql('postgres', q{
	CREATE FUNCTION try_bytea(b bytea) RETURNS text LANGUAGE plpgsql AS $$
	BEGIN
		RETURN encode(b::hlculid::bytea, 'hex');
	EXCEPTION WHEN OTHERS THEN
		RETURN SQLSTATE;
	END $$;
});
is($fuzz->safe_psql('postgres', q{
	SELECT count(*) FILTER (WHERE length(b) = 16 AND try_bytea(b) = encode(b, 'hex')),
		   count(*) FILTER (WHERE length(b) <> 16 AND try_bytea(b) = '22P03'), count(*)
	FROM (SELECT decode(substr(md5(g::text) || md5((g + 1)::text), 1, 2 * (g % 33)), 'hex') AS b
		  FROM generate_series(0, 329) g) s}),
	'10|320|330', 'fuzz: a bytea of 16 bytes casts to hlculid, any other length is 22P03');
$fuzz->stop;

done_testing();
