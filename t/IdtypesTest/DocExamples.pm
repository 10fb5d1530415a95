#-------------------------------------------------------------------------
#
# IdtypesTest/DocExamples.pm
#	  The documentation's examples that run: reading the ```sql blocks of
#	  README.md and doc/*.md, running one block's statements with psql and
#	  comparing each statement's output with the output the file shows (the
#	  format is described in t/040_doc_examples.pl, which runs the plain
#	  ```sql blocks on one server).  Blocks that need more are tagged (```sql
#	  citus, partman, cdc, cdc-18) and run by the tests that set up what
#	  they need.  Also the check that the relative links of those files
#	  lead to a file and a heading that exist.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/DocExamples.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::DocExamples;

use strict;
use warnings;
use Exporter 'import';
use IPC::Run;

our @EXPORT = qw(doc_files doc_sql_blocks doc_sql_block_tags run_doc_sql_block doc_link_problems);

# The files whose examples run, relative to the repository's root $root:
# README.md, then doc/*.md in name order.
sub doc_files
{
	my ($root) = @_;
	opendir my $dh, "$root/doc" or die "cannot read $root/doc: $!";
	my @docs = sort grep { /\.md$/ } readdir $dh;
	closedir $dh;
	return ('README.md', map { "doc/$_" } @docs);
}

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

# The ```sql blocks of a markdown file whose info string is "sql" followed by
# $tag ("sql" alone when $tag is empty): [{line, heading, statements}], each
# statement {line, sql, expect => [[kind, text], ...]}; problems of form go
# to the block's errors.
sub doc_sql_blocks
{
	my ($path, $tag) = @_;
	$tag //= '';
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
			if ($line =~ /^```sql(?:\s+(\S+))?\s*$/ && ($1 // '') eq $tag)
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
		  . "\n  the file shows:\n" . join('', map { "    --$_->[0] $_->[1]\n" } @want)
		  . "  psql printed:\n" . join('', map { "    $_\n" } @got);
	};
	return $show->('it printed output but the file shows none (add --> lines)') if @got && !@want;
	return $show->('it printed ' . scalar(@got) . ' lines, the file shows ' . scalar(@want))
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

# The info strings after "sql" of a markdown file's ```sql blocks: {tag =>
# [line, ...]}, '' for the plain ones.
sub doc_sql_block_tags
{
	my ($path) = @_;
	open my $fh, '<', $path or die "cannot read $path: $!";
	my (%tags, $in, $ln);
	while (my $line = <$fh>)
	{
		$ln++;
		if ($in) { $in = 0 if $line =~ /^```\s*$/; next; }
		if ($line =~ /^```sql(?:\s+(.*?))?\s*$/) { push @{ $tags{ $1 // '' } }, $ln; $in = 1; }
		elsif ($line =~ /^```/) { $in = 1; }
	}
	close $fh;
	return %tags;
}

# Run one block's statements with psql in database $dbname of $node; returns
# the problems found (none: the block ran as the file shows).
sub run_doc_sql_block
{
	my ($node, $dbname, $block) = @_;
	my @problems = @{ $block->{errors} };
	my @stmts = @{ $block->{statements} };
	push @problems, 'no statement in the block' unless @stmts;

	my $input = '';
	for my $i (0 .. $#stmts)
	{
		$input .= "\\echo \@\@\@stmt $i\n$stmts[$i]{sql}";
	}
	$input .= "\\echo \@\@\@end\n";
	my $out = '';
	IPC::Run::run(
		[ 'psql', '-X', '-q', '-A', '-t', '-F', ' | ', '-v', 'VERBOSITY=terse',
			'-d', $node->connstr($dbname) ],
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
	return @problems;
}

# ---------------------------------------------------------------------------
# Links
# ---------------------------------------------------------------------------

# The anchors of a markdown file's headings, as GitHub makes them: the
# heading's text lowercased, without link targets and punctuation other than
# "-" and "_", spaces turned into dashes, "-1", "-2", ... after repeats.
sub heading_anchors
{
	my ($path) = @_;
	open my $fh, '<', $path or die "cannot read $path: $!";
	my (%anchors, %seen, $in);
	while (my $line = <$fh>)
	{
		if ($line =~ /^```/) { $in = !$in; next; }
		next if $in || $line !~ /^#{1,6}\s+(.*?)\s*$/;
		my $a = lc($1 =~ s/\[([^\]]*)\]\([^)]*\)/$1/gr);
		$a =~ s/[^\w\- ]//g;
		$a =~ tr/ /-/;
		$anchors{ exists $seen{$a} ? $a . '-' . ++$seen{$a} : $a } = 1;
		$seen{$a} //= 0;
	}
	close $fh;
	return \%anchors;
}

# The relative links of markdown file $file (relative to $root) that lead
# nowhere: to a file that does not exist, or to a heading its file does not
# have.  Links with a scheme (https:, mailto:) are not followed.
sub doc_link_problems
{
	my ($root, $file) = @_;
	open my $fh, '<', "$root/$file" or die "cannot read $root/$file: $!";
	my @lines = <$fh>;
	close $fh;
	(my $dir = $file) =~ s{[^/]*$}{};
	my @problems;
	my $in;
	for my $ln (1 .. @lines)
	{
		my $line = $lines[ $ln - 1 ];
		if ($line =~ /^```/) { $in = !$in; next; }
		next if $in;
		while ($line =~ /\]\(([^)\s]+)\)/g)
		{
			my $target = $1;
			next if $target =~ /^[a-z]+:/;
			my ($path, $anchor) = split /#/, $target, 2;
			my $to = $path eq '' ? $file : $dir . $path;
			1 while $to =~ s{(^|/)(?!\.\./)[^/]+/\.\./}{$1};
			if (!-e "$root/$to")
			{
				push @problems, "$file line $ln: $target: no file $to";
			}
			elsif (defined $anchor && $to =~ /\.md$/ && !heading_anchors("$root/$to")->{$anchor})
			{
				push @problems, "$file line $ln: $target: $to has no heading #$anchor";
			}
		}
	}
	return @problems;
}

1;
