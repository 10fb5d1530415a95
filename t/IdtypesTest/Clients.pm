#-------------------------------------------------------------------------
#
# IdtypesTest/Clients.pm
#	  The client programs and the examples of the documentation for each
#	  driver: the server they run against, the npm packages of the
#	  JavaScript ones, their checks as assertions, and their output
#	  compared with the output the document shows.
#
# Part of the TAP tests' helpers, which t/IdtypesTest.pm exports together.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Clients.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Clients;

use strict;
use warnings;
use Exporter 'import';
use Cwd ();
use File::Copy ();
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;

our @EXPORT = qw(start_preloaded client_env npm_packages client_checks doc_examples example_prints run_doc_examples);

# Initialise and start $node with shared_preload_libraries = 'idtypes' (and
# the lines of @conf), as the client programs expect; returns it.
sub start_preloaded
{
	my ($node, @conf) = @_;
	$node->init;
	$node->append_conf('postgresql.conf', join("\n", "shared_preload_libraries = 'idtypes'", @conf));
	$node->start;
	return $node;
}

# The environment that points libpq and the drivers that read the same
# variables at $node's database postgres, as the user running the test.
sub client_env
{
	my ($node) = @_;
	return (
		PGHOST => $node->host,
		PGPORT => $node->port,
		PGDATABASE => 'postgres',
		PGUSER => scalar getpwuid($>));
}

# The npm packages of a JavaScript client test: node and npm must be
# installed, and "npm ci" installs the packages of $args{from}'s
# package.json and package-lock.json into the test's own directory
# $args{name} (never globally; @{$args{npm}} adds options); when any of it
# cannot be done (no registry, say), the whole test is skipped with the
# reason.  Notes the versions of node and of the packages @{$args{show}}.
# Returns the node_modules directory, for NODE_PATH.
sub npm_packages
{
	my (%args) = @_;
	my ($out, $err) = ('', '');
	for my $tool (qw(node npm))
	{
		plan(skip_all => "$tool is not installed")
		  unless eval { IPC::Run::run([ $tool, '--version' ], '>', \$out, '2>', \$err) };
	}
	chomp(my $node_version = `node --version`);
	my $npmdir = "$PostgreSQL::Test::Utils::tmp_check/$args{name}";
	mkdir $npmdir;
	File::Copy::copy("$args{from}/$_", "$npmdir/$_") or die "copy $_: $!"
	  for qw(package.json package-lock.json);
	($out, $err) = ('', '');
	my $installed = IPC::Run::run(
		[ 'npm', 'ci', '--no-audit', '--no-fund', '--ignore-scripts', @{ $args{npm} // [] } ],
		'>', \$out, '2>', \$err,
		init => sub { chdir $npmdir or die "chdir $npmdir: $!" });
	plan(skip_all => "npm ci could not install the locked packages: " . (grep { /\S/ } split /\n/, $err)[-1])
	  unless $installed;
	note("node $node_version; " . join(', ',
		map {
			my $v = `node -p "JSON.parse(require('fs').readFileSync('$npmdir/node_modules/$_/package.json')).version"`;
			chomp $v;
			"$_ $v"
		} @{ $args{show} // [] }));
	return "$npmdir/node_modules";
}

# Run a client test program (@$cmd, with %$env added to the environment,
# from directory $dir if given) whose output is one line per check, "ok -
# what" or "not ok - what: details": each becomes an assertion named
# "$label: what", other lines are shown as diagnostics, and its last line
# is "ran N checks".  Then asserts that it exited with status 0 and that
# N is the number of checks seen (a client cut short prints no such line).
# Returns the number of checks.
sub client_checks
{
	my (%args) = @_;
	my ($label, $cmd, $env, $dir) = @args{qw(label cmd env dir)};
	my ($out, $err) = ('', '');
	my $ran = IPC::Run::run(
		$cmd, '>', \$out, '2>', \$err,
		init => sub {
			chdir $dir or die "chdir $dir: $!" if defined $dir;
			$ENV{$_} = $env->{$_} for keys %{ $env // {} };
		});
	my ($checks, $counted) = (0, undef);
	for my $line (split /\n/, $out)
	{
		if ($line =~ /^ok - (.*)$/)
		{
			pass("$label: $1");
			$checks++;
		}
		elsif ($line =~ /^not ok - (.*)$/)
		{
			fail("$label: $1");
			$checks++;
		}
		elsif ($line =~ /^ran (\d+) checks$/)
		{
			$counted = $1;
		}
		else
		{
			diag("$label: $line");
		}
	}
	diag("$label stderr: $err") if $err ne '';
	ok($ran, "$label exits with status 0");
	# the client counts the checks it made and prints the count as its last
	# line: a client cut short (killed, or crashed outside its own checks)
	# prints none
	cmp_ok($checks, '>', 0, "$label made checks");
	is($counted, $checks, "$label ran to its end, and each of its $checks checks is counted here");
	return $checks;
}

# The examples of a document (doc/clients.md unless $doc names another) for
# one driver: the blocks marked "```$lang example[ $variant]", each with the
# "```text output" block that follows it.  Returns a list of [code, output,
# line number].
sub doc_examples
{
	my ($root, $lang, $variant, $doc) = @_;
	my $file = "$root/" . ($doc // 'doc/clients.md');
	open(my $fh, '<', $file) or die "could not read $file: $!";
	my @lines = <$fh>;
	close($fh);
	my $want = "```$lang example" . (defined $variant ? " $variant" : '');
	my @examples;
	for (my $i = 0; $i < @lines; $i++)
	{
		chomp(my $line = $lines[$i]);
		next unless $line eq $want;
		my $start = $i + 1;
		my ($code, $output) = ('', undef);
		$code .= $lines[$i] while ++$i < @lines && $lines[$i] !~ /^```\s*$/;
		while (++$i < @lines && $lines[$i] !~ /^```/) { }
		if ($i < @lines && $lines[$i] =~ /^```text output\s*$/)
		{
			$output = '';
			$output .= $lines[$i] while ++$i < @lines && $lines[$i] !~ /^```\s*$/;
		}
		die "$file line $start: no ```text output block after the example" unless defined $output;
		push @examples, [ $code, $output, $start ];
	}
	return @examples;
}

# Run one example of a document ($doc, default doc/clients.md; @$cmd, with
# %$env added to the environment) and check that it exits with status 0 and
# prints exactly the output the document shows.
sub example_prints
{
	my (%args) = @_;
	my ($label, $cmd, $env, $example) = @args{qw(label cmd env example)};
	my $doc = $args{doc} // 'doc/clients.md';
	my ($code, $want, $line) = @$example;
	my ($out, $err) = ('', '');
	my $ran = IPC::Run::run($cmd, '>', \$out, '2>', \$err,
		init => sub { $ENV{$_} = $env->{$_} for keys %{ $env // {} }; });
	ok($ran, "$label: the example of $doc line $line runs") or diag($err);
	is($out, $want, "$label: the example of $doc line $line prints what the document shows");
	return;
}

# Run the examples of doc/clients.md, or of the document $doc, for one
# driver (doc_examples($lang, $variant, $doc)) against $node: each is written to "$dir/<label>_example<N>.$ext" and
# run as (@$cmd, that file) with the node's connection in PGHOST, PGPORT,
# PGDATABASE and PGUSER and %$env added; its output must be the one the
# document shows (example_prints).
sub run_doc_examples
{
	my (%args) = @_;
	my ($node, $label, $lang, $variant, $dir, $ext, $cmd, $env, $doc) =
	  @args{qw(node label lang variant dir ext cmd env doc)};
	$doc //= 'doc/clients.md';
	my @examples = doc_examples(Cwd::getcwd(), $lang, $variant, $doc);
	cmp_ok(scalar @examples, '>=', 1, "$doc has a $label example");
	for my $i (0 .. $#examples)
	{
		(my $name = $label) =~ s/[^A-Za-z0-9]+/_/g;
		my $file = "$dir/${name}_example$i.$ext";
		unlink $file;
		PostgreSQL::Test::Utils::append_to_file($file, $examples[$i][0]);
		example_prints(
			label => $label,
			cmd => [ @$cmd, $file ],
			env => { %{ $env // {} }, client_env($node) },
			example => $examples[$i],
			doc => $doc);
	}
	return;
}

1;
