# Causal order across nodes with skewed clocks: node B's wall clock runs 5
# seconds behind node A's (libfaketime).  B subscribes to A's events with
# built-in logical replication, and a trigger on the subscribed table makes
# B react to each event with an event of its own.  Without hlculid_observe()
# B's reactions sort before their causes; with a trigger that observes the
# incoming ids, they sort after them although B's wall clock is earlier.
# Then idtypes.hlculid_max_drift stops the apply worker on an id further
# ahead than it allows, until the limit is raised.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

plan skip_all => 'libfaketime is not installed (Debian package libfaketime)' unless faketime_lib();

# B's clock runs 5 seconds behind A's.  The skew is made on A, whose
# processes see their wall clock 5 seconds ahead through libfaketime: B's
# ids and clock checks are made in its logical replication apply worker,
# which did not see a faked time when libfaketime was preloaded into B's
# postmaster (its client backends did).
my $a = PostgreSQL::Test::Cluster->new('causal_a');
$a->init(allows_streaming => 'logical');
$a->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nidtypes.publisher_id = 10");
start_faked($a, FAKETIME => '+5s');
$a->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE TABLE events (id hlculid PRIMARY KEY DEFAULT gen_hlculid(), body text);
	CREATE PUBLICATION a_events FOR TABLE events;
});

# B: the apply worker restarts soon after an error (the drift test below)
my $b = PostgreSQL::Test::Cluster->new('causal_b');
$b->init;
$b->append_conf('postgresql.conf', "shared_preload_libraries = 'idtypes'\nidtypes.publisher_id = 11\n"
	  . "wal_retrieve_retry_interval = '100ms'");
$b->start;
# Apply workers run with session_replication_role = replica, so they fire
# only triggers enabled ALWAYS (or REPLICA), and with an empty search_path,
# so the trigger functions name their schema.  observe merges each incoming
# id into B's clock; react makes B's event in reaction to one of A's, with
# B's wall clock at the time.
$b->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE TABLE events (id hlculid PRIMARY KEY DEFAULT gen_hlculid(), body text);
	CREATE TABLE reactions (id hlculid PRIMARY KEY DEFAULT gen_hlculid(), cause hlculid NOT NULL,
							b_clock timestamptz NOT NULL DEFAULT clock_timestamp(), phase text NOT NULL);
	CREATE FUNCTION observe_hlculid() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM public.hlculid_observe(NEW.id);
		RETURN NEW;
	END $$;
	CREATE FUNCTION react() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		INSERT INTO public.reactions (cause, phase) VALUES (NEW.id, NEW.body);
		RETURN NULL;
	END $$;
	CREATE TRIGGER observe BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION observe_hlculid();
	CREATE TRIGGER react AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION react();
	ALTER TABLE events DISABLE TRIGGER observe;
	ALTER TABLE events ENABLE ALWAYS TRIGGER react;
});
$b->safe_psql('postgres', "CREATE SUBSCRIPTION from_a CONNECTION 'host=" . $a->host . ' port=' . $a->port
	  . " dbname=postgres' PUBLICATION a_events");
$b->wait_for_subscription_sync($a, 'from_a');

# B's wall clock is 5 seconds behind A's (within a second: the two queries
# are not simultaneous)
my ($a_now) = $a->safe_psql('postgres', 'SELECT extract(epoch FROM clock_timestamp())');
my ($b_now) = $b->safe_psql('postgres', 'SELECT extract(epoch FROM clock_timestamp())');
cmp_ok($a_now - $b_now, '>', 4, "B's wall clock is behind A's (by " . sprintf('%.3f', $a_now - $b_now) . ' s)');

# Five events on A, one transaction each; B reacts to each as it arrives.
sub five_events
{
	my ($phase) = @_;
	$a->safe_psql('postgres', "INSERT INTO events (body) VALUES ('$phase')") for 1 .. 5;
	$a->wait_for_catchup('from_a');
}

# reactions of a phase: how many, how many were made while B's wall clock
# was behind their cause's time, how many sort after their cause
my $reactions = q{
	SELECT count(*), count(*) FILTER (WHERE b_clock < hlculid_timestamp(cause)),
		   count(*) FILTER (WHERE id > cause), count(*) FILTER (WHERE hlculid_publisher(id) = 11)
	FROM reactions WHERE phase = '%s'};

#
# Without observing: B's ids come from B's wall clock, so a reaction sorts
# before the event that caused it.
#
five_events('unobserved');
is($b->safe_psql('postgres', sprintf($reactions, 'unobserved')), '5|5|0|5',
	'without observe: 5 reactions, made while B\'s clock was behind, all sort before their causes');
is($b->safe_psql('postgres', q{
	SELECT string_agg(CASE WHEN e.id IS NULL THEN 'B' ELSE 'A' END, '' ORDER BY x.id)
	FROM (SELECT id FROM events UNION ALL SELECT id FROM reactions) x LEFT JOIN events e USING (id)}),
	'BBBBBAAAAA', 'without observe: ORDER BY id puts every reaction before every event of A');

#
# With a trigger that observes the incoming ids.
#
$b->safe_psql('postgres', 'ALTER TABLE events ENABLE ALWAYS TRIGGER observe');
five_events('observed');
is($b->safe_psql('postgres', sprintf($reactions, 'observed')), '5|5|5|5',
	'with observe: 5 reactions, made while B\'s clock was behind, all sort after their causes');
# each reaction comes right after its cause: after it, and before A's next event
is($b->safe_psql('postgres', q{
	SELECT string_agg(CASE WHEN e.id IS NULL THEN 'B' ELSE 'A' END, '' ORDER BY x.id)
	FROM (SELECT id FROM events WHERE body = 'observed'
		  UNION ALL SELECT id FROM reactions WHERE phase = 'observed') x LEFT JOIN events e USING (id)}),
	'ABABABABAB', 'with observe: ORDER BY id is the causal order, each reaction right after its cause');
# the clock is the server's: any session on B now generates after A's events
is($b->safe_psql('postgres', q{
	SELECT gen_hlculid() > max(id), clock_timestamp() < hlculid_timestamp(max(id)) FROM events}),
	't|t', 'with observe: a new session on B generates after A\'s latest event, with its wall clock behind it');

#
# idtypes.hlculid_max_drift: at 1 s, an id 5 s ahead is refused; the apply
# worker fails on it (and retries) until the limit is raised.
#
$b->safe_psql('postgres', "ALTER SYSTEM SET idtypes.hlculid_max_drift = '1s'; SELECT pg_reload_conf()");
$b->poll_query_until('postgres', "SELECT current_setting('idtypes.hlculid_max_drift') = '1s'")
  or die 'B did not reload its settings';
my $log_offset = -s $b->logfile;
$a->safe_psql('postgres', "INSERT INTO events (body) VALUES ('drift')");
ok($b->wait_for_log(qr/ERROR:  hlculid is too far ahead of this server's clock/, $log_offset),
	'drift: the apply worker fails on an id further ahead than idtypes.hlculid_max_drift');
is($b->safe_psql('postgres', "SELECT count(*) FROM events WHERE body = 'drift'"), '0',
	'drift: the event is not applied');
$b->safe_psql('postgres', "ALTER SYSTEM SET idtypes.hlculid_max_drift = '1min'; SELECT pg_reload_conf()");
$a->wait_for_catchup('from_a');
is($b->safe_psql('postgres', sprintf($reactions, 'drift')), '1|1|1|1',
	'drift: once the limit is raised, the event is applied and the reaction sorts after it');

$a->stop;
$b->stop;

done_testing();
