# Data round trips of every type: pg_dump and restore (plain and custom
# formats), COPY in binary format out and back in, and logical replication
# in text and in binary mode (the types' send and receive functions),
# including updates and deletes found by keys of the types: every value
# arrives identical, in its text and in its bytes.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# Every scheme of IdtypesTest's list, with its column c_NAME; the types of
# the extension's own also have a column of arrays (a_NAME) and a table
# keyed by them (by_NAME).
my @all = schemes();
my @own = byte_schemes();
my @keyed = map { "by_$_->{name}" } @own;

# The bytes of a value: its type's send format.
sub bytes_of
{
	my ($s, $expr) = @_;
	return "$s->{type}_send($expr)";
}

# A table of every type (and a domain), one of arrays of the types, and
# one keyed by each type, as replica identity.  (The arrays sit in a table
# of their own so that the checks below can tell their failures apart.)
my $schema = "CREATE EXTENSION idtypes;\n"
  . 'CREATE TABLE every (id int PRIMARY KEY, '
  . join('', map { "c_$_->{name} $_->{type}, " } @all) . "s simpledb_id);\n"
  . 'CREATE TABLE arrays (id int PRIMARY KEY, '
  . join(', ', map { "a_$_->{name} $_->{type}\[]" } @own) . ");\n"
  . join('', map { "CREATE TABLE by_$_->{name} (k $_->{type} PRIMARY KEY, note text);\n" } @own);

# The shapes of the arrays, and the changes made to the keyed tables, in
# turn for the types of the extension's own (by their place in the list):
# arrays with a NULL, of one and of two elements, empty ones; updates of
# the notes of the lowest or the highest keys, of the keys themselves, of
# both; deletes from the top or the bottom.
my @array_shape = (
	'ARRAY[%1$s, NULL, %1$s]', 'ARRAY[%1$s]', 'ARRAY[%1$s, %1$s]',
	"CASE WHEN g %% 5 = 0 THEN '{}'::%2\$s[] ELSE ARRAY[%1\$s] END");
my @keyed_update = (
	q{UPDATE %1$s SET note = 'updated' WHERE k IN (SELECT k FROM %1$s ORDER BY k LIMIT 100)},
	q{UPDATE %1$s SET note = 'updated' WHERE k IN (SELECT k FROM %1$s ORDER BY k DESC LIMIT 100)},
	q{UPDATE %1$s SET k = %2$s WHERE k IN (SELECT k FROM %1$s ORDER BY k LIMIT 50)},
	q{UPDATE %1$s SET k = %2$s, note = 'moved' WHERE k IN (SELECT k FROM %1$s ORDER BY k LIMIT 50)});
my @keyed_delete = (
	q{DELETE FROM %1$s WHERE k IN (SELECT k FROM %1$s ORDER BY k DESC LIMIT 70)},
	q{DELETE FROM %1$s WHERE k IN (SELECT k FROM %1$s ORDER BY k LIMIT 70)},
	q{DELETE FROM %1$s WHERE k IN (SELECT k FROM %1$s ORDER BY k DESC LIMIT 70)},
	q{DELETE FROM %1$s WHERE k IN (SELECT k FROM %1$s ORDER BY k DESC LIMIT 70)});

# The smallest and the largest value of a type, from its binary form.
sub extreme
{
	my ($s, $byte) = @_;
	return from_hex($s, "repeat('$byte', $s->{bytes})");
}

# Rows $from .. $to: generated ids, and every few rows the smallest and the
# largest value of each type, and NULLs.
sub fill
{
	my ($from, $to) = @_;
	return "INSERT INTO every SELECT g, "
	  . join('', map {
			"CASE g % 7 WHEN 1 THEN " . extreme($_, '00') . ' WHEN 2 THEN ' . extreme($_, 'ff')
			  . " WHEN 3 THEN NULL ELSE $_->{gen} END, "
		} @all)
	  . "gen_tid62_prefixed('row' || g) FROM generate_series($from, $to) g;\n"
	  . 'INSERT INTO arrays SELECT g, '
	  . join(', ', map { sprintf($array_shape[ $_ % @array_shape ], $own[$_]{gen}, $own[$_]{type}) } 0 .. $#own)
	  . " FROM generate_series($from, $to) g;\n"
	  . join('', map {
			"INSERT INTO by_$_->{name} SELECT $_->{gen}, 'row ' || g FROM generate_series($from, $to) g;\n"
		} @own);
}

# What the tables hold, by text and by bytes: equal digests mean equal values.
# (An array's binary form holds its element type's OID, which differs from
# database to database for an extension's type: arrays are compared by the
# bytes of their elements.)
my $digest = "SELECT (SELECT count(*) || ' ' || md5(string_agg(e::text, E'\\n' ORDER BY id)) FROM every e), "
  . "(SELECT md5(string_agg(concat_ws(',', "
  . join(', ', map { bytes_of($_, "c_$_->{name}") } @all)
  . "), E'\\n' ORDER BY id)) FROM every)"
  . join('', map {
		", (SELECT count(*) || ' ' || md5(string_agg(" . bytes_of($_, 'k')
		  . " || note::bytea, ',' ORDER BY k)) FROM by_$_->{name})"
	} @own);
my $array_digest = "SELECT (SELECT count(*) || ' ' || md5(string_agg(a::text, E'\\n' ORDER BY id)) FROM arrays a), "
  . "(SELECT md5(string_agg(concat_ws(',', "
  . join(', ', map {
		"(SELECT string_agg(coalesce(" . bytes_of($_, 'x') . "::text, 'null'), ':' ORDER BY o) "
		  . "FROM unnest(a_$_->{name}) WITH ORDINALITY y(x, o))"
	} @own)
  . "), E'\\n' ORDER BY id)) FROM arrays)";

my $pub = PostgreSQL::Test::Cluster->new('publisher');
$pub->init(allows_streaming => 'logical');
$pub->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nidtypes.uid8_mode = 'time_sequential'");
$pub->start;
$pub->safe_psql('postgres', 'CREATE DATABASE src');
$pub->safe_psql('src', $schema . fill(1, 500));
# the tests' list of the schemes (read from src/scheme.h) is the server's
is($pub->safe_psql('src', q{SELECT string_agg(concat_ws(' ', name, type, width, generator_fn || '()', timestamp_fn), ', ') FROM idtypes_schemes()}),
	join(', ', map { "$_->{name} $_->{type} $_->{bytes} $_->{gen} $_->{timestamp}" } schemes()),
	"IdtypesTest's list of the schemes is the server's idtypes_schemes()");
my $before = $pub->safe_psql('src', $digest);
my $arrays_before = $pub->safe_psql('src', $array_digest);
my $rows500 = join('\|', '500 \w{32}', '\w{32}', ('500 \w{32}') x @keyed, '500 \w{32}', '\w{32}');
like("$before|$arrays_before", qr/^$rows500$/, 'the source tables hold 500 rows each');

#
# pg_dump and restore
#
my $dumps = PostgreSQL::Test::Utils::tempdir();
$pub->command_ok([ 'pg_dump', '-Fp', '-f', "$dumps/plain.sql", '-d', $pub->connstr('src') ],
	'pg_dump, plain format');
$pub->safe_psql('postgres', 'CREATE DATABASE plain');
$pub->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', "$dumps/plain.sql", '-d', $pub->connstr('plain') ],
	'restored with psql');
is($pub->safe_psql('plain', $digest), $before, 'plain format: identical values');
is($pub->safe_psql('plain', $array_digest), $arrays_before, 'plain format: identical arrays');

$pub->command_ok([ 'pg_dump', '-Fc', '-f', "$dumps/custom.dump", '-d', $pub->connstr('src') ],
	'pg_dump, custom format');
$pub->safe_psql('postgres', 'CREATE DATABASE custom');
$pub->command_ok([ 'pg_restore', '--exit-on-error', '-j', '2', '-d', $pub->connstr('custom'), "$dumps/custom.dump" ],
	'restored with pg_restore');
is($pub->safe_psql('custom', $digest), $before, 'custom format: identical values');
is($pub->safe_psql('custom', $array_digest), $arrays_before, 'custom format: identical arrays');
foreach my $t (@keyed)
{
	is($pub->safe_psql('custom', qq{
		SELECT count(*) FROM $t WHERE k = (SELECT max(k) FROM $t)}), '1',
		"the restored primary key of $t finds its rows");
}

#
# COPY in binary format, out and back in
#
my $file = "$dumps/every.bin";
$pub->safe_psql('src', qq{
	COPY every TO '$file' (FORMAT binary);
	CREATE TABLE every_copy (LIKE every INCLUDING ALL);
	COPY every_copy FROM '$file' (FORMAT binary);
	COPY arrays TO '$file.arrays' (FORMAT binary);
	CREATE TABLE arrays_copy (LIKE arrays INCLUDING ALL);
	COPY arrays_copy FROM '$file.arrays' (FORMAT binary);
});
is($pub->safe_psql('src', 'SELECT count(*), count(*) FILTER (WHERE a::text = c::text'
	. join('', map { " AND a.a_$_->{name} = c.a_$_->{name}" } @own)
	. ') FROM arrays a JOIN arrays_copy c ON c.id = a.id'),
	'500|500', 'COPY (FORMAT binary) of arrays out and in: identical values');
is($pub->safe_psql('src', 'SELECT count(*), count(*) FILTER (WHERE e::text = c::text'
	. join('', map {
		' AND ' . bytes_of($_, "e.c_$_->{name}") . ' IS NOT DISTINCT FROM ' . bytes_of($_, "c.c_$_->{name}")
	} @all)
	. ') FROM every e JOIN every_copy c ON c.id = e.id'),
	'500|500', 'COPY (FORMAT binary) out and in: identical values');
# the bytes of the file are the types' send format: each field is its
# length and its bytes
my $bin = unpack('H*', slurp_file($file));
foreach my $s (@all)
{
	my $value = $pub->safe_psql('src', "SELECT encode(" . bytes_of($s, "c_$s->{name}") . ", 'hex') FROM every WHERE id = 4");
	my $len = sprintf('%08x', $s->{bytes});
	like($bin, qr/$len$value/, "the binary file holds each $s->{name} as its $s->{bytes} bytes");
}

#
# Logical replication, in text and in binary mode
#
my $sub = PostgreSQL::Test::Cluster->new('subscriber');
$sub->init;
$sub->start;
$pub->safe_psql('src', 'CREATE PUBLICATION everything FOR ALL TABLES');
my $pub_conn = $pub->connstr . ' dbname=src';
foreach my $mode ('text', 'binary')
{
	$sub->safe_psql('postgres', "CREATE DATABASE sub_$mode");
	$sub->safe_psql("sub_$mode", $schema . q{
		CREATE TABLE every_copy (LIKE every INCLUDING ALL);
		CREATE TABLE arrays_copy (LIKE arrays INCLUDING ALL);});
	$sub->safe_psql("sub_$mode", qq{
		CREATE SUBSCRIPTION sub_$mode CONNECTION '$pub_conn'
		PUBLICATION everything WITH (binary = } . ($mode eq 'binary' ? 'true' : 'false') . ')');
	$sub->wait_for_subscription_sync($pub, "sub_$mode", "sub_$mode");
	is($sub->safe_psql("sub_$mode", "SELECT subbinary FROM pg_subscription WHERE subname = 'sub_$mode'"),
		$mode eq 'binary' ? 't' : 'f', "$mode mode subscription");
}
is($sub->safe_psql('sub_text', $digest), $before, 'text mode: the initial copy is identical');
is($sub->safe_psql('sub_text', $array_digest), $arrays_before, 'text mode: arrays too');
is($sub->safe_psql('sub_binary', $digest), $before, 'binary mode: the initial copy is identical');
is($sub->safe_psql('sub_binary', $array_digest), $arrays_before, 'binary mode: arrays too');

# changes after the initial copy travel in the subscription's format:
# inserts, updates of every column, and updates and deletes found by keys
# of each type
$pub->safe_psql('src', fill(501, 1500)
	  . 'UPDATE every SET ' . join(', ', map { "c_$_->{name} = $_->{gen}" } @all) . " WHERE id % 3 = 0;\n"
	  # a new array in the first column, none in the third
	  . "UPDATE arrays SET a_$own[0]{name} = ARRAY[$own[0]{gen}], a_$own[2]{name} = NULL WHERE id % 3 = 0;\n"
	  . "DELETE FROM arrays WHERE id % 11 = 0;\n"
	  . join('', map { sprintf($keyed_update[ $_ % @keyed_update ], $keyed[$_], $own[$_]{gen}) . ";\n" } 0 .. $#own)
	  . join('', map { sprintf($keyed_delete[ $_ % @keyed_delete ], $keyed[$_]) . ";\n" } 0 .. $#own)
	  . "DELETE FROM every WHERE id % 11 = 0;\n");
my $after = $pub->safe_psql('src', $digest);
my $arrays_after = $pub->safe_psql('src', $array_digest);
isnt($after, $before, 'the source changed');
$pub->wait_for_catchup("sub_$_") for ('text', 'binary');
is($sub->safe_psql('sub_text', $digest), $after, 'text mode: inserts, updates and deletes arrive identical');
is($sub->safe_psql('sub_text', $array_digest), $arrays_after, 'text mode: arrays too');
is($sub->safe_psql('sub_text', qq{
	SELECT count(*) FILTER (WHERE note = 'updated'), count(*) FROM $keyed[0]}), '100|1430',
	"text mode: the updates found their rows by $own[0]{name} key");
is($sub->safe_psql('sub_binary', $digest), $after, 'binary mode: inserts, updates and deletes arrive identical');
is($sub->safe_psql('sub_binary', $array_digest), $arrays_after, 'binary mode: arrays too');
is($sub->safe_psql('sub_binary', qq{
	SELECT count(*) FILTER (WHERE note = 'updated'), count(*) FROM $keyed[0]}), '100|1430',
	"binary mode: the updates found their rows by $own[0]{name} key");
$sub->stop;
$pub->stop;

done_testing();
