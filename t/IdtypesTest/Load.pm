#-------------------------------------------------------------------------
#
# IdtypesTest/Load.pm
#	  Load from background clients: pgbench in the background.
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

our @EXPORT = qw(start_pgbench finish_pgbench);

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
