#-------------------------------------------------------------------------
#
# IdtypesTest/Load.pm
#	  Load from concurrent clients: a generator's test under pgbench, and
#	  pgbench in the background.
#
# Part of the TAP tests' helpers, which t/IdtypesTest.pm exports together.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Load.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Load;

use strict;
use warnings;
use Exporter 'import';
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;

our @EXPORT = qw(pgbench_load start_pgbench finish_pgbench);

# A generator under concurrency: pgbench runs the scripts of %$script (name
# => text, as PostgreSQL::Test::Cluster's pgbench takes them) from
# $args{clients} clients (8 by default), $args{transactions} transactions
# each, into table t (id, the generated key, and client, :client_id), and
# must end without an error.  Then t must hold $args{rows} rows with
# distinct ids, what the test name calls $args{what} ("muids"); and with
# order => COLUMN, a column that grows in the order each client inserted
# its rows (a bigserial, the transaction id), each client's rows sorted by
# id must be in that order.
sub pgbench_load
{
	my ($node, $name, %args) = @_;
	my $clients = $args{clients} // 8;
	my $n = $clients * $args{transactions};
	my $rows = $args{rows};
	$node->pgbench("--no-vacuum --client=$clients --jobs=2 --transactions=$args{transactions}",
		0, [qr{processed: $n/$n}], [qr{^$}], "$name: $clients clients, no error", $args{script});
	is($node->safe_psql('postgres', 'SELECT count(*), count(DISTINCT id) FROM t'),
		"$rows|$rows", "$name: $rows rows, $rows distinct $args{what}");
	return unless defined $args{order};
	is($node->safe_psql('postgres', qq{
		SELECT count(*) FROM (
			SELECT $args{order} AS made,
				   lag($args{order}) OVER (PARTITION BY client ORDER BY id) AS prev
			FROM t) s
		WHERE prev > made}),
		'0', "$name: each client's ids sort in the order it made them");
	return;
}

# pgbench in the background: $opts (a string of options) against the
# node's database postgres, with the scripts of %$scripts (name => text,
# written to files in the node's directory; a name ending in @N gives the
# script the weight N).  Bounded by its own options (-T or -t):
# finish_pgbench() waits for it.
my $pgbench_files = 0;

sub start_pgbench
{
	my ($node, $opts, $scripts) = @_;
	my @files;
	foreach my $name (sort keys %$scripts)
	{
		my ($base, $weight) = $name =~ /^(.*?)(\@\d+)?$/;
		my $file = $node->basedir . '/bg_' . (++$pgbench_files) . "_$base.sql";
		append_to_file($file, $scripts->{$name});
		push @files, '-f', $file . ($weight // '');
	}
	my %run = (out => '', err => '');
	$run{handle} = IPC::Run::start(
		[
			'pgbench', '-h', $node->host, '-p', $node->port,
			split(/\s+/, $opts), @files, 'postgres'
		],
		'>', \$run{out}, '2>', \$run{err});
	return \%run;
}

# Wait for a background pgbench; returns (exit status, stdout, stderr).
sub finish_pgbench
{
	my ($run) = @_;
	$run->{handle}->finish;
	return ($run->{handle}->result(0), $run->{out}, $run->{err});
}

1;
