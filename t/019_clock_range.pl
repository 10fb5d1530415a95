# Every generator at system times outside 1970 to 2262 (libfaketime): it
# gives its correct id or its documented error (22008), and never waits
# for ever.  The id clocks count nanoseconds since 1970 in 64 bits, which
# end at 2262-04-11 23:47:16 UTC: past that every generator fails with
# 22008 (the count used to wrap, and ids came out dated 1970, tid62's
# 2020); within it, a time past a type's own range (uid8's 2109, tid62's
# 2156) is that type's 22008 and the others carry the real time.  A clock
# before 1970 reads as 1970 and does not move: uid8, which waits for the
# next millisecond when one is used up, leaves it after a real millisecond
# (it used to sleep for ever), and statement_timeout stops a long
# statement.  uid8 from a configured generator id and from automatic ones.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'libfaketime is not installed' unless faketime_lib();

my @schemes = schemes();

# A server whose clock starts at $when (and runs on from there).
sub node_at
{
	my ($name, $when, $conf) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\n" . ($conf // ''));
	start_faked($node, FAKETIME => "\@$when");
	$node->safe_psql('postgres', q{
		CREATE EXTENSION idtypes;
		-- the year of an id, or the error's SQLSTATE
		CREATE FUNCTION try(q text) RETURNS text LANGUAGE plpgsql AS $$
		DECLARE r text;
		BEGIN
			EXECUTE q INTO r;
			RETURN r;
		EXCEPTION WHEN OTHERS THEN
			RETURN 'error ' || SQLSTATE;
		END $$;
	});
	return $node;
}

# What each generator gives: the year of its id, or its error.
sub years
{
	my ($node) = @_;
	my @got;
	foreach my $s (@schemes)
	{
		my $timed_out = 0;
		my ($ret, $out, $err) = $node->psql('postgres',
			"SELECT try('SELECT extract(year FROM $s->{timestamp}($s->{gen}))::int::text')",
			timeout => 20, timed_out => \$timed_out);
		push @got, "$s->{name} " . ($timed_out ? 'no answer in 20 s' : $ret == 0 ? $out : "failed: $err");
	}
	return join(' ', @got);
}

sub expect
{
	my (%year) = @_;
	return join(' ', map { "$_->{name} $year{ $_->{name} }" } @schemes);
}

my $ranged = 'uid8|tid62';

foreach my $uid8 ('idtypes.uid8_generator_id = 9', 'idtypes.uid8_generator_id = -1')
{
	(my $tag = $uid8) =~ s/.* = //;
	$tag = $tag < 0 ? 'automatic' : 'configured';

	# 2200: within the clocks' count, past uid8's and tid62's ranges
	my $node = node_at("future_$tag", '2200-06-01 12:00:00', $uid8);
	is(years($node),
		expect(map { $_->{name} => ($_->{name} =~ /^($ranged)$/ ? 'error 22008' : 2200) } @schemes),
		"2200, uid8 from $tag generator ids: the real year, or 22008 past the type's range");
	$node->stop;

	# past 2262: every generator refuses
	foreach my $when ('2262-04-11 23:47:17', '2263-01-01 00:00:00', '3000-01-01 00:00:00')
	{
		start_faked($node, FAKETIME => "\@$when");
		is(years($node), expect(map { $_->{name} => 'error 22008' } @schemes),
			"$when, uid8 from $tag generator ids: every generator fails with 22008");
		$node->stop;
	}

	# before 1970: ids of 1970 (tid62: 2020), and uid8 never stuck
	$node = node_at("past_$tag", '1960-01-01 00:00:00', $uid8);
	is(years($node), expect(map { $_->{name} => ($_->{name} eq 'tid62' ? 2020 : 1970) } @schemes),
		"1960, uid8 from $tag generator ids: every generator gives an id of the clock's start");
	my $t0 = time;
	my ($ret, $out, $err) = $node->psql('postgres',
		'SELECT count(DISTINCT id) FROM (SELECT gen_uid8() AS id FROM generate_series(1, 20000)) s',
		timeout => 60);
	is($out, '20000', "1960, uid8 from $tag generator ids: 20,000 uid8 (more than a millisecond holds), all distinct");
	note(sprintf('20,000 uid8 at a system clock of 1960 (%s): %d s', $tag, time - $t0));
	my $timed_out = 0;
	($ret, $out, $err) = $node->psql('postgres',
		"SET statement_timeout = '1s'; DO \$\$ BEGIN FOR i IN 1 .. 1000000000 LOOP PERFORM gen_uid8(); END LOOP; END \$\$",
		timeout => 60, timed_out => \$timed_out);
	ok(!$timed_out && $err =~ /canceling statement due to statement timeout/,
		"1960, uid8 from $tag generator ids: statement_timeout stops a long statement")
	  or diag("timed out: $timed_out; $err");
	$node->stop('immediate');
}

done_testing();
