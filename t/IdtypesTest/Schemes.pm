#-------------------------------------------------------------------------
#
# IdtypesTest/Schemes.pm
#	  The schemes that the tests of every scheme iterate over, read from
#	  the extension's one table of them (src/scheme.h), and how to write a
#	  value of each from its bytes.
#
# Part of the TAP tests' helpers, which t/IdtypesTest.pm exports together.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Schemes.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Schemes;

use strict;
use warnings;
use Exporter 'import';
use File::Basename qw(dirname);
use Math::BigInt;

our @EXPORT = qw(schemes byte_schemes from_hex draw_ids);

# The tree these helpers belong to (t/IdtypesTest/..).
my $root = dirname(__FILE__) . '/../..';

sub slurp
{
	my ($file) = @_;
	open(my $fh, '<', $file) or die "could not read $file: $!";
	local $/;
	my $text = <$fh>;
	close($fh);
	return $text;
}

# The clock word that the state file writes for the newest of the ids %1$s
# (src/clock/clock.h), with hi8(bytea), the first 8 bytes as a bigint, that
# t/010_clock_state.pl defines: by default the id's leading tick and
# counter bits (the byte-string ids); the UUIDs' 60-bit field around the
# version nibble; uid8's millisecond, at its end with automatic generator
# ids (what every backend raises the shared word to).  What the tests know
# of a scheme besides its table.
my $uuid_word = 'max((hi8(uuid_send(%1$s)) >> 16 << 12) | (hi8(uuid_send(%1$s)) & 4095))';
my %clock_word = (
	uid8 => 'max((((extract(epoch FROM uid8_timestamp(%1$s)) * 1000)::bigint + 1) << 17) - 1)',
);

# src/scheme.h's table, one hash per entry in its order.  Each has:
#	name		the scheme, as the state file names its clock and the tests
#				name their tables and columns
#	type		its SQL type (core's uuid for the UUID versions)
#	uuid_version	the UUID version, or 0
#	gen			the SQL of a new id
#	bytes		the length of its binary form (its send format, and the
#				bytea cast of a type of the extension's own)
#	timestamp	the function that gives an id's time
#	floor_fn	the function that gives the smallest id of a time
#	floor		the same, when the
#				type does not compare with timestamptz itself (undef when
#				it does: id >= timestamptz, the byte-id block of
#				src/byteid.sql.in)
#	clock_word	the SQL of the clock word for the newest of the ids %1$s
#	clock_rate	how many clock words make one second
#	range		its times, in microseconds since 1970: [first, last microsecond,
#				first microsecond of the last tick (the last time whose floor
#				exists)]
sub read_schemes
{
	my $h = slurp("$root/src/scheme.h");
	# PostgreSQL's constants that the table names, then the header's own
	my %define = (UUID_LEN => 16, IDSCHEME_NS_PER_SEC => 1_000_000_000,
		UNIX_EPOCH_JDATE => 2440588, POSTGRES_EPOCH_JDATE => 2451545);
	$define{$1} = $2 while $h =~ /^#define\s+(\w+)\s+(\(?[\w\s+*]+\)?)\s*(?:\/\*.*)?$/mg;
	# a number, a define, or a sum of products of those
	my $value;
	$value = sub {
		my ($v) = @_;
		$v =~ s/[()]//g;
		return 0 + $v if $v =~ /^\s*\d+\s*$/;
		return $value->($define{$v} // die "src/scheme.h: unknown value $v") if $v =~ /^\s*\w+\s*$/;
		my $sum = 0;
		for my $term (split /\+/, $v)
		{
			my $product = 1;
			$product *= $value->($_ =~ s/^\s+|\s+$//gr) for split /\*/, $term;
			$sum += $product;
		}
		return $sum;
	};
	my @schemes;
	while ($h =~ /\n\t\[IDSCHEME_\w+\]\s*=\s*\{(.*?)\n\t\}/sg)
	{
		my $body = $1;
		my %f = $body =~ /\.(\w+)\s*=\s*"?([^",\n]*)"?,/g;
		my $byteid = -f "$root/src/$f{type}.sql" && slurp("$root/src/$f{type}.sql") =~ /^\@byteid /m;
		my ($tick_ns, $counter_bits) = ($value->($f{tick_ns}), $f{counter_bits});
		# the range in microseconds since 1970, exactly (the products pass 2^63)
		my $epoch_us = ($value->($f{epoch_jdate}) - $define{UNIX_EPOCH_JDATE}) * 86_400_000_000;
		my $ticks = Math::BigInt->new(2)->bpow($f{tick_bits});
		my $last_tick = ($ticks - 1) * $tick_ns / 1000;
		my $last_us = ($ticks * $tick_ns - 1) / 1000;
		my $shift = 64 - $f{tick_bits} - $counter_bits;
		push @schemes, {
			name => $f{name}, type => $f{type}, uuid_version => 0 + ($f{uuid_version} // 0),
			gen => "$f{generator}()", bytes => 0 + $value->($f{len}),
			timestamp => $f{timestamp_fn},
			floor_fn => "$f{name}_floor",
			floor => $byteid ? undef : "$f{name}_floor",
			clock_word => $clock_word{ $f{name} }
			  // ($f{uuid_version} ? $uuid_word : 'max(hi8(%1$s::bytea)' . ($shift ? " >> $shift)" : ')')),
			clock_rate => int(1_000_000_000 / $tick_ns) << $counter_bits,
			tick_us => $tick_ns < 1000 ? 1 : int($tick_ns / 1000),
			range => [ $epoch_us, 0 + ($last_us + $epoch_us)->bstr, 0 + ($last_tick + $epoch_us)->bstr ],
		};
	}
	die 'src/scheme.h: no entries in idschemes[]' unless @schemes;
	return @schemes;
}

our @SCHEMES = read_schemes();

# The entries of @SCHEMES, in order.
sub schemes
{
	return @SCHEMES;
}

# The schemes whose type is the extension's own (not core's uuid): those
# with their own input, output, send and receive functions, arrays, and
# casts from and to bytea.
sub byte_schemes
{
	return grep { $_->{type} eq $_->{name} } @SCHEMES;
}

# The SQL of the value of scheme $s whose binary form is the hexadecimal
# text $hex (an SQL expression of $s->{bytes} * 2 digits): core's uuid reads
# it as text, the extension's own types by their cast from bytea.
sub from_hex
{
	my ($s, $hex) = @_;
	return $s->{type} eq 'uuid' ? "($hex)::uuid" : "decode($hex, 'hex')::$s->{type}";
}

# What the reference promises of every generator, drawn: $n ids of scheme
# $s ({ gen, type, floor, tick_us, and txn_time for a scheme whose ids
# carry their transaction's time, muid }) in one session of $node, in one transaction,
# every tenth inside a subtransaction that then rolls back (the id kept,
# as an application holds an id whose insert failed).  Half way the
# statement $back runs (a step back of the server's clock, or nothing).
# Returns a hash: drawn (how many ids), below_prev (how many sort at or
# below the id drawn just before, one that was kept), below_rolled (at or
# below the id drawn just before, one that was rolled back), below_floor
# (below the scheme's floor of the time the call started, of the
# transaction's first call for txn_time, that time taken to the start of
# its tick: an id's time is its tick's start), behind (how many calls from
# half way on started half an hour or more before the latest of the first
# half: where $back steps the clock back an hour, all of them).  Every id above the one before it
# is above every id before it.
sub draw_ids
{
	my ($node, $db, $s, $n, $back) = @_;
	$back //= 'SELECT 1';
	my $half = int($n / 2);
	my $floor_t = ($s->{txn_time} ? 'min(t) OVER ()' : 't')
	  . " - ((extract(epoch FROM t) * 1000000)::int8 % $s->{tick_us}) * interval '1 microsecond'";
	my $got = $node->safe_psql($db, qq{
		CREATE TEMP TABLE drawn (i int, t timestamptz, id $s->{type}, rolled bool);
		DO \$draw\$
		DECLARE
			x $s->{type};
			t timestamptz;
		BEGIN
			FOR i IN 1..$n LOOP
				IF i = $half THEN
					EXECUTE \$s\$$back\$s\$;
				END IF;
				t := clock_timestamp();
				IF i % 10 = 0 THEN
					BEGIN
						x := $s->{gen};
						RAISE SQLSTATE 'IDTST';
					EXCEPTION WHEN SQLSTATE 'IDTST' THEN
						NULL;
					END;
				ELSE
					x := $s->{gen};
				END IF;
				INSERT INTO drawn VALUES (i, t, x, i % 10 = 0);
			END LOOP;
		END
		\$draw\$;
		SELECT count(*), count(*) FILTER (WHERE id <= p AND NOT p_rolled), count(*) FILTER (WHERE id <= p AND p_rolled),
			count(*) FILTER (WHERE id < $s->{floor}(ft)),
			count(*) FILTER (WHERE i >= $half AND t < (SELECT max(t) FROM drawn WHERE i < $half) - interval '30 minutes')
		FROM (SELECT i, t, id, lag(id) OVER w AS p, lag(rolled) OVER w AS p_rolled, $floor_t AS ft
			  FROM drawn WINDOW w AS (ORDER BY i)) d;
		DROP TABLE drawn;});
	my %r;
	@r{qw(drawn below_prev below_rolled below_floor behind)} = split(/\|/, $got);
	return %r;
}

1;
