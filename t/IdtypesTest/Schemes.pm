#-------------------------------------------------------------------------
#
# IdtypesTest/Schemes.pm
#	  The schemes that the tests of every scheme iterate over, in the
#	  extension's order, and how to write a value of each from its bytes.
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

our @EXPORT = qw(schemes byte_schemes from_hex);

# The schemes, in the extension's order (muid, hlculid, uid8, the UUIDs,
# tid62): the tests that cover every scheme (round trips, fuzzing, clocks
# across crashes, load) iterate over this list, so that a new scheme is one
# entry here plus its own tests.  One entry per generator; the UUID versions
# share core's type uuid.  Each has:
#	name		the scheme, as the state file names its clock and the tests
#				name their tables and columns
#	type		its SQL type
#	gen			the SQL of a new id
#	bytes		the length of its binary form (its send format, and the
#				bytea cast of a type of the extension's own)
#	timestamp	the function that gives an id's time
#	floor		the function that gives the smallest id of a time, when the
#				type does not compare with timestamptz itself (undef when
#				it does: id >= timestamptz)
#	clock_word	the SQL of the clock word that the state file writes for
#				the newest of the ids %1$s (see src/clock.h), with
#				hi8(bytea), the first 8 bytes as a bigint, that
#				t/010_clock_state.pl defines
#	clock_rate	how many clock words make one second
our @SCHEMES = (
	{
		name => 'muid', type => 'muid', gen => 'gen_muid()', bytes => 16,
		timestamp => 'muid_timestamp', floor => undef,
		clock_word => 'max(hi8(%1$s::bytea) >> 8)', clock_rate => 1_000_000,
	},
	{
		name => 'hlculid', type => 'hlculid', gen => 'gen_hlculid()', bytes => 16,
		timestamp => 'hlculid_timestamp', floor => undef,
		clock_word => 'max(hi8(%1$s::bytea))', clock_rate => 1_000 << 16,
	},
	{
		# with automatic generator ids, the end of the newest millisecond
		# (what every backend raises the shared word to)
		name => 'uid8', type => 'uid8', gen => 'gen_uid8()', bytes => 8,
		timestamp => 'uid8_timestamp', floor => 'uid8_floor',
		clock_word => 'max((((extract(epoch FROM uid8_timestamp(%1$s)) * 1000)::bigint + 1) << 17) - 1)',
		clock_rate => 1_000 << 17,
	},
	# the UUIDs' 60-bit tick: time_high..time_low around the version nibble
	{
		name => 'uuidv6', type => 'uuid', gen => 'uuidv6_next()', bytes => 16,
		timestamp => 'uuidv_timestamp', floor => 'uuidv6_floor',
		clock_word => 'max((hi8(uuid_send(%1$s)) >> 16 << 12) | (hi8(uuid_send(%1$s)) & 4095))',
		clock_rate => 10_000_000,
	},
	{
		name => 'uuidv7', type => 'uuid', gen => 'uuidv7_next()', bytes => 16,
		timestamp => 'uuidv_timestamp', floor => 'uuidv7_floor',
		clock_word => 'max((hi8(uuid_send(%1$s)) >> 16 << 12) | (hi8(uuid_send(%1$s)) & 4095))',
		clock_rate => 1_000 << 12,
	},
	{
		name => 'uuidv8', type => 'uuid', gen => 'uuidv8_next()', bytes => 16,
		timestamp => 'uuidv8_timestamp', floor => 'uuidv8_floor',
		clock_word => 'max((hi8(uuid_send(%1$s)) >> 16 << 12) | (hi8(uuid_send(%1$s)) & 4095))',
		clock_rate => 62_500_000,
	},
	{
		name => 'tid62', type => 'tid62', gen => 'gen_tid62()', bytes => 12,
		timestamp => 'tid62_timestamp', floor => undef,
		clock_word => 'max(hi8(%1$s::bytea))', clock_rate => 1 << 32,
	},
);

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

1;
