# tid62 on real servers: generation with and without shared_preload_libraries
# (8 concurrent clients), B-tree leaf density of generated keys, restarts and
# a crash with the system clock stepped back a day (libfaketime), and the
# text codecs checked against independent Perl implementations on random
# and malformed input.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Math::BigInt;
use MIME::Base64 qw(encode_base64url);

my $schema = q{
	CREATE EXTENSION idtypes;
	CREATE TABLE t (id tid62 PRIMARY KEY DEFAULT gen_tid62(), client int, n bigserial);
};
my %script = ('tid62_insert' =>
	  q{INSERT INTO t (client) SELECT :client_id FROM generate_series(1, 5);});

# 8 clients, 250 transactions each, 5 ids per transaction
sub load
{
	my ($node, $name) = @_;
	pgbench_load($node, $name, script => \%script, transactions => 250,
		rows => 10000, what => 'tid62s', order => 'n');
	is($node->safe_psql('postgres', q{
		SELECT bool_and(tid62_timestamp(id) BETWEEN now() - interval '1 hour' AND clock_timestamp())
		FROM t}),
		't', "$name: the ids carry the current time");
}

# the leaf density of a btree index, in percent
sub leaf_density
{
	my ($node, $index) = @_;
	return $node->safe_psql('postgres',
		"SELECT round(avg_leaf_density) FROM pgstatindex('$index')");
}

#
# With shared_preload_libraries: one tid62 clock for the server.
#
my $node = PostgreSQL::Test::Cluster->new('tid62_shared');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
$node->start;
$node->safe_psql('postgres', $schema . 'CREATE EXTENSION pgstattuple;');
load($node, 'shared');

# B-tree locality: ids increase in generation order, so inserts split the
# rightmost leaf and leave the others full (90%, the leaf fillfactor); a
# random tail would split leaves in the middle of a second's key range
$node->safe_psql('postgres', q{
	CREATE TABLE seq_keys (id tid62 PRIMARY KEY);
	INSERT INTO seq_keys SELECT gen_tid62() FROM generate_series(1, 200000);
	CREATE TABLE random_keys (id tid62 PRIMARY KEY);
	INSERT INTO random_keys
	SELECT tid62_from_parts(now(), substr(uuid_send(gen_random_uuid()), 1, 8))
	FROM generate_series(1, 200000);
});
my $seq_density = leaf_density($node, 'seq_keys_pkey');
my $random_density = leaf_density($node, 'random_keys_pkey');
my $load_density = leaf_density($node, 't_pkey');
note("leaf density: generated $seq_density%, 8 clients $load_density%, random tail $random_density%");
cmp_ok($seq_density, '>=', 85, 'generated ids fill btree leaves to at least 85%');
cmp_ok($load_density, '>=', 85, 'ids from 8 concurrent clients fill btree leaves to at least 85%');
cmp_ok($random_density, '<', $seq_density, 'random entropy would fill them less');

# Restarts with the system clock a day behind: the clock resumes from the
# state file, so new ids sort after every id issued before.
SKIP:
{
	skip 'libfaketime is not installed', 8 unless faketime_lib();

	foreach my $stop ('fast', 'immediate')
	{
		my $before = $node->safe_psql('postgres',
			'INSERT INTO t (client) VALUES (100) RETURNING id');
		$node->stop($stop);
		start_faked($node, FAKETIME => '-1d');
		my $server_time_behind = $node->safe_psql('postgres', qq{
			SELECT now() < tid62_timestamp('$before') - interval '12 hours'});
		is($server_time_behind, 't', "$stop stop: the server's clock is a day behind");
		is($node->safe_psql('postgres', qq{
			SELECT bool_and(id > '$before') AND count(DISTINCT id) = 1000
			FROM (SELECT gen_tid62() AS id FROM generate_series(1, 1000)) s}),
			't', "$stop stop: ids made after the restart sort after the last one before it");
		$node->stop('fast');
		$node->start;
	}

	# A system clock past 2156 (the last second a tid62 holds): generation
	# fails with 22008, with and without shared_preload_libraries, instead of
	# wrapping the seconds back to 2020.
	my $late = PostgreSQL::Test::Cluster->new('tid62_2157');
	$late->init;
	$late->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
	start_faked($late, FAKETIME => '@2157-03-01 12:00:00');
	$late->safe_psql('postgres', 'CREATE EXTENSION idtypes');
	foreach my $mode ('shared', 'per-backend')
	{
		is($late->safe_psql('postgres', "SELECT now() > '2157-01-01'"), 't',
			"$mode clock: the server's clock says 2157");
		my ($ret, $out, $err) = $late->psql('postgres', 'SELECT tid62_timestamp(gen_tid62())');
		like($err, qr/ERROR:  system clock is beyond the range of type tid62/,
			"$mode clock: gen_tid62() fails cleanly in 2157") or diag("got $out");
		$late->stop;
		$late->append_conf('postgresql.conf', "shared_preload_libraries = ''");
		start_faked($late, FAKETIME => '@2157-03-01 12:00:00') if $mode eq 'shared';
	}
}
$node->stop;

#
# Without shared_preload_libraries: a clock per backend.
#
my $local = PostgreSQL::Test::Cluster->new('tid62_local');
$local->init;
$local->start;
$local->safe_psql('postgres', $schema);
load($local, 'per-backend');

#
# The codecs against independent implementations: Math::BigInt for base62
# and base-36, MIME::Base64 for base64url.
#
$local->safe_psql('postgres', q{
	CREATE FUNCTION try(f text, arg text) RETURNS text LANGUAGE plpgsql AS $$
	DECLARE r text;
	BEGIN
		EXECUTE format('SELECT (%s(%L))::text', f, arg) INTO r;
		RETURN r;
	EXCEPTION WHEN OTHERS THEN
		RETURN SQLSTATE;
	END $$;
	CREATE FUNCTION tid62_hex(text) RETURNS text LANGUAGE sql
		AS $$ SELECT encode($1::tid62::bytea, 'hex') $$;
	CREATE FUNCTION uuid464_hex(text) RETURNS text LANGUAGE sql
		AS $$ SELECT replace(uuid464_decode($1)::text, '-', '') $$;
});

my @b62 = ('0' .. '9', 'A' .. 'Z', 'a' .. 'z');
my %b62 = map { $b62[$_] => $_ } 0 .. 61;
my $two96 = Math::BigInt->new(2)->bpow(96);

sub base62_of_hex
{
	my ($hex) = @_;
	my $v = Math::BigInt->from_hex($hex);
	my $s = '';
	for (1 .. 17)
	{
		my ($q, $r) = $v->copy->bdiv(62);
		$s = $b62[$r->numify] . $s;
		$v = $q;
	}
	return $s;
}

sub random_hex
{
	my ($bytes) = @_;
	return join '', map { sprintf '%02x', int(rand(256)) } 1 .. $bytes;
}

sub sql_array
{
	return 'ARRAY[' . join(',', map { "'$_'" } @_) . ']::text[]';
}

# compare the server's answers for a list of inputs with the expected ones
sub check_all
{
	my ($name, $query, $inputs, $expected) = @_;
	my @got = split /\n/, $local->safe_psql('postgres', $query);
	my @bad = grep { ($got[$_] // '') ne $expected->[$_] } 0 .. $#$inputs;
	is(scalar(@bad), 0, $name)
	  or diag(join "\n", map { "$inputs->[$_]: got " . ($got[$_] // 'nothing')
		  . ", expected $expected->[$_]" } @bad[0 .. ($#bad < 4 ? $#bad : 4)]);
}

# tid62 output: random bytes, and bytes with long runs of 0x00 and 0xFF
my @hex = map { random_hex(12) } 1 .. 1000;
push @hex, map { ('00' x $_) . ('ff' x (12 - $_)), ('ff' x $_) . ('00' x (12 - $_)) } 0 .. 12;
check_all('tid62 output agrees with Math::BigInt',
	'SELECT decode(h, \'hex\')::tid62 FROM unnest(' . sql_array(@hex) . ') WITH ORDINALITY u(h, i) ORDER BY i',
	\@hex, [ map { base62_of_hex($_) } @hex ]);

# tid62 input: random 17-digit strings, the first digit 0 to 3 so that some
# of them do not fit in 96 bits
my @text = map { $b62[ int(rand(4)) ] . join('', map { $b62[ int(rand(62)) ] } 1 .. 16) } 1 .. 1000;
my @expect;
foreach my $s (@text)
{
	my $v = Math::BigInt->new(0);
	$v->bmul(62)->badd($b62{$_}) foreach split //, $s;
	push @expect, $v->bcmp($two96) < 0 ? substr('0' x 24 . substr($v->as_hex, 2), -24) : '22P02';
}
cmp_ok(scalar(grep { $_ eq '22P02' } @expect), '>', 100, 'some inputs are over 96 bits');
check_all('tid62 input agrees with Math::BigInt, and refuses values over 96 bits',
	'SELECT try(\'tid62_hex\', s) FROM unnest(' . sql_array(@text) . ') WITH ORDINALITY u(s, i) ORDER BY i',
	\@text, \@expect);

# uuid464 both ways
my @uuid = map { random_hex(16) } 1 .. 1000;
check_all('uuid464 agrees with MIME::Base64',
	'SELECT uuid464(u::uuid) FROM unnest(' . sql_array(@uuid) . ') WITH ORDINALITY v(u, i) ORDER BY i',
	\@uuid, [ map { encode_base64url(pack 'H*', $_) } @uuid ]);
my @b64 = ('A' .. 'Z', 'a' .. 'z', '0' .. '9', '-', '_');
my @u464 = map { join '', map { $b64[ int(rand(64)) ] } 1 .. 22 } 1 .. 1000;
@expect = map {
	my $s = $_;
	$s =~ /[AQgw]$/
	  ? unpack('H*', MIME::Base64::decode_base64url($s))
	  : '22P02'
} @u464;
check_all('uuid464_decode agrees with MIME::Base64 and refuses non-canonical text',
	'SELECT try(\'uuid464_hex\', s) FROM unnest(' . sql_array(@u464) . ') WITH ORDINALITY u(s, i) ORDER BY i',
	\@u464, \@expect);

# seq36 against Math::BigInt's base conversion
my @n = map { int(rand(78364164096)) } 1 .. 500;
push @n, 0, 35, 36, 78364164095;
my @b36 = ('0' .. '9', 'a' .. 'z');
check_all('seq36 agrees with a base-36 conversion',
	'SELECT seq36(n::bigint) FROM unnest(' . sql_array(@n) . ') WITH ORDINALITY u(n, i) ORDER BY i',
	\@n, [ map { my $v = $_; my $s = ''; for (1 .. 7) { $s = $b36[ $v % 36 ] . $s; $v = int($v / 36); } $s } @n ]);

# malformed input of every kind: an error (22P02), never a crash
my @junk;
for (1 .. 2000)
{
	my $len = int(rand(40));
	push @junk, join '', map { chr(32 + int(rand(95))) } 1 .. $len;
}
push @junk, '0' x 17, 'z' x 17, 'user-' . ('0' x 17), '-' x 18, '_' x 22;
s/'/''/g foreach @junk;
my $junk = sql_array(@junk);
is($local->safe_psql('postgres', qq{
	SELECT count(*) FROM unnest($junk) s,
		LATERAL (VALUES (try('tid62_hex', s)), (try('uuid464_hex', s)), (try('tid62_split', s))) r(v)
	WHERE v <> '22P02' AND v !~ '^[0-9a-f]{24}\$' AND v !~ '^[0-9a-f]{32}\$' AND v !~ '^\\('}),
	'0', 'malformed input only ever fails with 22P02');
ok($local->safe_psql('postgres', 'SELECT 1') eq '1', 'the server survived the malformed input');
$local->stop;

done_testing();
