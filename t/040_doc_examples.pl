# The documentation's examples run: every ```sql block of README.md and
# doc/*.md is executed with psql against a real server and each statement's
# output is compared with the output the file shows, so that the
# documentation cannot drift from the code; and every relative link of
# those files leads to a file, and a heading, that exist.  The format
# (doc/contributing.md, "Examples that run"):
#
# - Each ```sql block runs in a new database of its own, in which
#   CREATE EXTENSION idtypes has been run (unless the block runs it), on one
#   server with shared_preload_libraries = 'idtypes', idtypes.publisher_id =
#   10 and timezone = 'UTC'; settings a block changes with ALTER SYSTEM are
#   reset after it.  Its public schema also holds the UUID functions of
#   other software (TimescaleDB's, hand-written generators: see
#   other_uuid_functions in IdtypesTest.pm), so that a call that reaches
#   one of those instead of the documented function shows.
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
use FindBin;
use lib $FindBin::RealBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IdtypesTest::DocExamples;
use IdtypesTest qw(other_uuid_functions);

my $root = getcwd();
my @files = doc_files($root);

# every block of every file, each with the file it is in
my @blocks;
for my $file (@files)
{
	push @blocks, map { { %$_, file => $file } } doc_sql_blocks("$root/$file");
	# the other tags: blocks that need several servers (norun: a TAP test
	# beside them runs what they show), a Citus cluster (t/060_citus.pl runs
	# them), pg_partman (t/061_partman.pl runs them), wal_level = logical
	# (cdc, and cdc-18 for 18 and later: t/055_cdc.pl runs them) or the
	# pure-SQL companion beside idtypes (t/090_companion_diff.pl runs them)
	my %tags = doc_sql_block_tags("$root/$file");
	my @unknown = map { @{ $tags{$_} } } grep { !/^(|norun|citus|partman|cdc|cdc-18|companion)$/ } keys %tags;
	is(join(', ', sort { $a <=> $b } @unknown), '',
		"$file: every ```sql block is run, or tagged norun, citus, partman, cdc, cdc-18 or companion");
	note("$file: " . scalar(@{ $tags{$_} }) . " ```sql $_ blocks are left to the TAP tests that run them")
	  for grep { $tags{$_} } qw(norun citus partman cdc cdc-18 companion);
	my @bad = doc_link_problems($root, $file);
	ok(!@bad, "$file: every relative link leads to a file and a heading that exist")
	  or diag(join "\n", @bad);
}
cmp_ok(scalar(grep { $_->{file} eq 'README.md' } @blocks), '>', 0, 'README.md has ```sql blocks');

my $node = PostgreSQL::Test::Cluster->new('doc_examples');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'idtypes'
idtypes.publisher_id = 10
timezone = 'UTC'
});
$node->start;
# the public schema of new databases writable by its owner only, as
# PostgreSQL 15 and later make it: before 15, PUBLIC may create objects
# there, and CREATE EXTENSION says so with a warning the examples do not show
$node->safe_psql('template1', 'REVOKE CREATE ON SCHEMA public FROM PUBLIC');
# public also holds the UUID functions of other software that databases
# often have (TimescaleDB's, hand-written generators; on 18 and later core's
# are in pg_catalog): the examples' output then shows that every call
# reaches the documented function, not a look-alike
$node->safe_psql('template1', other_uuid_functions('timescaledb', 'handwritten'));
$node->safe_psql('postgres', 'CREATE DATABASE doc_template');
$node->safe_psql('doc_template', 'CREATE EXTENSION idtypes');

my $n = 0;
for my $block (@blocks)
{
	$n++;
	my @stmts = @{ $block->{statements} };
	my $all = join '', map { $_->{sql} } @stmts;
	my $template = $all =~ /CREATE\s+EXTENSION\s+(IF\s+NOT\s+EXISTS\s+)?idtypes/i ? 'template1' : 'doc_template';
	$node->safe_psql('postgres', "CREATE DATABASE doc_$n TEMPLATE $template");
	my @problems = run_doc_sql_block($node, "doc_$n", $block);
	ok(!@problems, "$block->{file} line $block->{line} ($block->{heading}): "
		  . scalar(@stmts) . ' statement' . (@stmts == 1 ? '' : 's'))
	  or diag(join "\n", @problems);

	$node->safe_psql('postgres', "DROP DATABASE doc_$n");
	if ($all =~ /ALTER\s+SYSTEM/i)
	{
		$node->safe_psql('postgres', 'ALTER SYSTEM RESET ALL');
		$node->reload;
	}
}

$node->stop;
done_testing();
