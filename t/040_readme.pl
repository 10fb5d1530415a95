# The README's examples run: every ```sql block of README.md is executed
# with psql against a real server and each statement's output is compared
# with the output the README shows, so that the documentation cannot drift
# from the code.  The format (README.md, "Examples that run"):
#
# - Each ```sql block runs in a new database of its own, in which
#   CREATE EXTENSION idtypes has been run (unless the block runs it), on one
#   server with shared_preload_libraries = 'idtypes', idtypes.publisher_id =
#   10 and timezone = 'UTC'; settings a block changes with ALTER SYSTEM are
#   reset after it.
# - A statement ends with ";" at the end of a line, or is a psql
#   meta-command (\gexec and the like end the statement before them).
# - After a statement, "--> text" lines are its exact output as psql prints
#   it unaligned with " | " between columns, without headers (psql -A -t
#   -F ' | '), errors and notices as "ERROR:  message" (VERBOSITY terse).
#   One line of output may also follow the ";" on the statement's own line.
#   "..." in such a line stands for any text.
# - "--~ text" lines show a sample output of a statement whose result
#   changes from run to run (generated ids, the current time): the output
#   must have as many lines, as many columns, and each value the shape of
#   the sample's: a timestamp, an integer, or the same letters-and-digits
#   runs and punctuation.
# - A statement with neither prints nothing.
use strict;
use warnings;
use Cwd qw(getcwd);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $readme = getcwd() . '/README.md';

# ---------------------------------------------------------------------------
# Reading the README: blocks, statements, expected output
# ---------------------------------------------------------------------------

# The code of one line outside quotes and comments, given the quoting state
# carried over from the previous lines; returns (code, trailing comment).
sub scan_line
{
	my ($line, $state) = @_;
	my ($code, $i, $n) = ('', 0, length $line);
	while ($i < $n)
	{
		my $c = substr($line, $i, 1);
		if ($state->{dollar})
		{
			my $tag = $state->{dollar};
			if (substr($line, $i, length $tag) eq $tag)
			{
				$code .= $tag;
				$i += length $tag;
				$state->{dollar} = undef;
				next;
			}
			$code .= $c;
		}
		elsif ($state->{quote})
		{
			$code .= $c;
			$state->{quote} = undef if $c eq $state->{quote};
		}
		elsif ($state->{block})
		{
			if (substr($line, $i, 2) eq '*/') { $state->{block} = 0; $i += 2; next; }
		}
		elsif (substr($line, $i, 2) eq '--')
		{
			return ($code, substr($line, $i));
		}
		elsif (substr($line, $i, 2) eq '/*')
		{
			$state->{block} = 1;
			$i += 2;
			next;
		}
		elsif ($c eq "'" || $c eq '"')
		{
			$state->{quote} = $c;
			$code .= $c;
		}
		elsif ($c eq '$' && substr($line, $i) =~ /^(\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$)/)
		{
			$state->{dollar} = $1;
			$code .= $1;
			$i += length $1;
			next;
		}
		else
		{
			$code .= $c;
		}
		$i++;
	}
	return ($code, '');
}

# The ```sql blocks of a markdown file: [{line, heading, statements}], each
# statement {line, sql, expect => [[kind, text], ...]}; problems of form go
# to the block's errors.
my $norun_blocks = 0;
my @unknown_info;

sub read_blocks
{
	my ($path) = @_;
	open my $fh, '<', $path or die "cannot read $path: $!";
	my @lines = <$fh>;
	close $fh;
	chomp @lines;

	my (@blocks, $block, $heading);
	my ($stmt, $state);
	for my $ln (1 .. @lines)
	{
		my $line = $lines[ $ln - 1 ];
		if (!$block)
		{
			$heading = $1 if $line =~ /^#+\s+(.*)$/;
			# a block that needs several servers: a TAP test beside it runs it
			$norun_blocks++ if $line =~ /^```sql\s+norun\s*$/;
			push @unknown_info, $ln if $line =~ /^```sql\s+(?!norun\s*$)\S/;
			if ($line =~ /^```sql\s*$/)
			{
				$block = { line => $ln, heading => $heading // '', statements => [], errors => [] };
				($stmt, $state) = (undef, {});
			}
			next;
		}
		if ($line =~ /^```\s*$/)
		{
			push @{ $block->{errors} }, "line $stmt->{line}: statement does not end (no ';')" if $stmt;
			push @blocks, $block;
			$block = undef;
			next;
		}
		my $last = $block->{statements}[-1];
		if (!$stmt)
		{
			next if $line =~ /^\s*$/;
			if ($line =~ /^--([>~])(?: (.*))?$/)
			{
				if ($last) { push @{ $last->{expect} }, [ $1, $2 // '' ]; }
				else { push @{ $block->{errors} }, "line $ln: output shown before any statement"; }
				next;
			}
			next if $line =~ /^\s*--/;
			$stmt = { line => $ln, sql => '', expect => [] };
		}
		$stmt->{sql} .= "$line\n";
		my ($code, $comment) = scan_line($line, $state);
		next if $state->{quote} || $state->{dollar} || $state->{block};
		my $ends = $code =~ /;\s*$/ || $code =~ /^\s*\\/ || $code =~ /\\g\w*(\s.*)?$/;
		if ($code =~ /;\s*\S/ && $code !~ /^\s*\\/)
		{
			push @{ $block->{errors} }, "line $ln: one statement per line, please";
		}
		if ($ends)
		{
			push @{ $stmt->{expect} }, [ $1, $2 // '' ] if $comment =~ /^--([>~])(?: (.*))?$/;
			push @{ $block->{statements} }, $stmt;
			$stmt = undef;
		}
	}
	return @blocks;
}

# ---------------------------------------------------------------------------
# Comparing output
# ---------------------------------------------------------------------------

my $timestamp = qr/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

# does a value have the shape of the sample value?
sub same_shape
{
	my ($got, $sample) = @_;
	return $got =~ $timestamp if $sample =~ $timestamp;
	return $got =~ /^-?\d+$/ if $sample =~ /^-?\d+$/;
	my $re = join '', map { /^[0-9A-Za-z]+$/ ? '[0-9A-Za-z]{' . length($_) . '}' : quotemeta($_) }
	  grep { length } split /([0-9A-Za-z]+)/, $sample;
	return $got =~ /^$re$/;
}

sub line_matches
{
	my ($kind, $want, $got) = @_;
	if ($kind eq '>')
	{
		my $re = join '.*', map { quotemeta } split /\.\.\./, $want, -1;
		return $got =~ /^$re$/;
	}
	my @g = split / \| /, $got, -1;
	my @w = split / \| /, $want, -1;
	return 0 unless @g == @w;
	for my $i (0 .. $#w)
	{
		return 0 unless same_shape($g[$i] =~ s/\s+$//r, $w[$i] =~ s/\s+$//r);
	}
	return 1;
}

# the problems of one statement's output
sub compare
{
	my ($stmt, @got) = @_;
	my @want = @{ $stmt->{expect} };
	my $show = sub {
		return "line $stmt->{line}: $_[0]\n  statement: "
		  . ($stmt->{sql} =~ s/\n(?=.)/\n             /gr =~ s/\n$//r)
		  . "\n  README shows:\n" . join('', map { "    --$_->[0] $_->[1]\n" } @want)
		  . "  psql printed:\n" . join('', map { "    $_\n" } @got);
	};
	return $show->('it printed output but the README shows none (add --> lines)') if @got && !@want;
	return $show->('it printed ' . scalar(@got) . ' lines, the README shows ' . scalar(@want))
	  if @got != @want;
	for my $i (0 .. $#want)
	{
		my ($kind, $text) = @{ $want[$i] };
		$text =~ s/\s+$//;
		return $show->('line ' . ($i + 1) . ' of the output differs' . ($kind eq '~' ? ' in shape' : ''))
		  unless line_matches($kind, $text, $got[$i]);
	}
	return ();
}

# ---------------------------------------------------------------------------
# Running them
# ---------------------------------------------------------------------------

my @blocks = read_blocks($readme);
cmp_ok(scalar @blocks, '>', 0, 'README.md has ```sql blocks');
is(join(', ', @unknown_info), '', 'every ```sql block is run or marked norun');
note("$norun_blocks ```sql norun blocks (several servers) are left to the TAP tests they name");

my $node = PostgreSQL::Test::Cluster->new('readme');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.publisher_id = 10
timezone = 'UTC'
});
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE readme_template');
$node->safe_psql('readme_template', 'CREATE EXTENSION idtypes');

my $n = 0;
for my $block (@blocks)
{
	$n++;
	my @problems = @{ $block->{errors} };
	my @stmts = @{ $block->{statements} };
	push @problems, 'no statement in the block' unless @stmts;
	my $all = join '', map { $_->{sql} } @stmts;
	my $template = $all =~ /CREATE\s+EXTENSION\s+(IF\s+NOT\s+EXISTS\s+)?idtypes/i ? 'template0' : 'readme_template';
	$node->safe_psql('postgres', "CREATE DATABASE readme_$n TEMPLATE $template");

	my $input = '';
	for my $i (0 .. $#stmts)
	{
		$input .= "\\echo \@\@\@stmt $i\n$stmts[$i]{sql}";
	}
	$input .= "\\echo \@\@\@end\n";
	my $out = '';
	IPC::Run::run(
		[ 'psql', '-X', '-q', '-A', '-t', '-F', ' | ', '-v', 'VERBOSITY=terse',
			'-d', $node->connstr("readme_$n") ],
		'<', \$input, '>&', \$out);

	my (%got, $cur);
	for my $line (split /\n/, $out)
	{
		if ($line =~ /^\@\@\@(stmt (\d+)|end)$/) { $cur = $2; next; }
		$line =~ s/^psql:[^:]*:\d+: //;
		$line =~ s/\s+$//;
		if (defined $cur) { push @{ $got{$cur} }, $line; }
		else { push @problems, "psql said, before the first statement: $line"; }
	}
	push @problems, "psql did not reach the end of the block:\n$out" unless $out =~ /^\@\@\@end$/m;
	for my $i (0 .. $#stmts)
	{
		push @problems, compare($stmts[$i], @{ $got{$i} // [] });
	}
	ok(!@problems, "README.md line $block->{line} ($block->{heading}): "
		  . scalar(@stmts) . ' statement' . (@stmts == 1 ? '' : 's'))
	  or diag(join "\n", @problems);

	$node->safe_psql('postgres', "DROP DATABASE readme_$n");
	if ($all =~ /ALTER\s+SYSTEM/i)
	{
		$node->safe_psql('postgres', 'ALTER SYSTEM RESET ALL');
		$node->reload;
	}
}

$node->stop;
done_testing();
