# UUIDs asked for faster than their clock ticks: the shared UUIDv7 clock
# (1/4096 ms a tick: 4,096 UUIDs a millisecond for the whole server) runs
# ahead of real time under such a burst, by at most 10 ms, and generation
# then waits for the clock; the lead is not carried into the state file
# beyond that.  So that a machine of any speed asks for more UUIDs than the
# clock has ticks, the server's clocks (wall and monotonic) run at a
# twentieth of real speed (libfaketime): 4,096 v7s a server millisecond are
# then about 205,000 a real second.  IDTYPES_BURST_CLIENTS and
# IDTYPES_BURST_SECONDS change the load (2 clients for 8 real seconds).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'libfaketime is not installed' unless faketime_lib();

my $clients = $ENV{IDTYPES_BURST_CLIENTS} // 2;
my $seconds = $ENV{IDTYPES_BURST_SECONDS} // 8;

my $node = PostgreSQL::Test::Cluster->new('uuid_burst');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'");
start_faked($node, FAKETIME => '+0 x0.05', FAKETIME_DONT_FAKE_MONOTONIC => 0);
$node->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE TABLE leads (version int, lead float8, made bigint);
});

# Each transaction makes a batch of UUIDs of one version as fast as the
# server can, then one more, whose timestamp against the clock is the lead
# of that version's clock.
my %batch = (
	'v7' => q{
		SELECT count(uuidv7_next()) AS made FROM generate_series(1, 200000) \gset
		INSERT INTO leads SELECT 7, extract(epoch FROM uuidv_timestamp(uuidv7_next()) - clock_timestamp()), :made;
	},
	'v6' => q{
		SELECT count(uuidv6_next()) AS made FROM generate_series(1, 200000) \gset
		INSERT INTO leads SELECT 6, extract(epoch FROM uuidv_timestamp(uuidv6_next()) - clock_timestamp()), :made;
	});

foreach my $version ('v7', 'v6')
{
	my $load = start_pgbench($node, "-n -c $clients -j $clients -T $seconds",
		{ $version => $batch{$version} });
	my ($status, $out, $err) = finish_pgbench($load);
	is($status, 0, "$version: $clients clients for $seconds s ran") or diag($err);
	my $n = substr($version, 1);
	my ($lead, $made) = split /\|/, $node->safe_psql('postgres',
		"SELECT round(max(lead)::numeric, 3), sum(made) FROM leads WHERE version = $n");
	note(sprintf('%s: %d UUIDs from %d clients in %d real s (%.2f million a real second, %.1f times the clock\'s ticks), largest lead %s server s',
		$version, $made, $clients, $seconds, $made / $seconds / 1e6,
		$made / $seconds / ($version eq 'v7' ? 4_096_000 : 10_000_000) / 0.05, $lead));
	# the bound is 10 ms, and the v7 timestamp is whole milliseconds;
	# 0.1 s leaves room for a slow machine, where the lead only gets smaller
	cmp_ok($lead, '<', 0.1, "$version: the clock runs at most a fraction of a second ahead ($lead s)");
}

# After a clean shutdown the state file holds the last value: no lead
# beyond the bound is persisted.
my $load = start_pgbench($node, "-n -c $clients -j $clients -T 2", { 'v7' => $batch{'v7'} });
finish_pgbench($load);
my $now_ms = $node->safe_psql('postgres', q{SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint});
$node->stop;
my ($v7) = slurp_file($node->data_dir . '/idtypes.state') =~ /^uuidv7 (\d+)$/m;
my $lead_ms = ($v7 >> 12) - $now_ms;
note("UUIDv7 clock in the state file after the load: $lead_ms ms ahead of the server's clock at the end");
cmp_ok($lead_ms, '<', 100, 'the state file does not carry a lead of the burst into the next start');
done_testing();
