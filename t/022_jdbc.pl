# A real Java client: clients/java/IdtypesJdbcTest.java runs against a server with
# pgjdbc (Debian's libpostgresql-jdbc-java) and the helper class
# clients/java/IdtypesJdbc.java, in text and in binary transfer
# (server-prepared statements), and each of its "ok - ..." / "not ok - ..."
# lines becomes an assertion here.  pgjdbc connects over TCP: the server
# listens on 127.0.0.1 too.  Without a JDK or pgjdbc the test is skipped and
# says why.
use strict;
use warnings;
use Cwd qw(getcwd);
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $javadir = getcwd() . '/clients/java';
my $jar = $ENV{IDTYPES_PGJDBC_JAR} // '/usr/share/java/postgresql.jar';

my ($out, $err) = ('', '');
plan skip_all => 'no JDK: javac is not installed (Debian: openjdk-17-jdk-headless)'
  unless eval { IPC::Run::run([ 'javac', '-version' ], '>', \$out, '2>', \$err) };
plan skip_all => "no pgjdbc: $jar is missing (Debian: libpostgresql-jdbc-java)"
  unless -r $jar;

my $classes = "$PostgreSQL::Test::Utils::tmp_check/jdbc_classes";
mkdir $classes;
($out, $err) = ('', '');
my $compiled = IPC::Run::run(
	[ 'javac', '-Xlint:all', '-Werror', '-cp', $jar, '-d', $classes,
	  "$javadir/IdtypesJdbc.java", "$javadir/IdtypesJdbcTest.java" ],
	'>', \$out, '2>', \$err);
ok($compiled, 'the helper and the test compile without warnings') or diag($err);

my $node = PostgreSQL::Test::Cluster->new('jdbc');
start_preloaded($node, "listen_addresses = '127.0.0.1'");
$node->safe_psql('postgres', 'CREATE EXTENSION idtypes');
my $user = getpwuid($>);

client_checks(
	label => 'pgjdbc',
	cmd => [ 'java', '-cp', "$jar:$classes", 'IdtypesJdbcTest',
			 'jdbc:postgresql://127.0.0.1:' . $node->port . "/postgres?user=$user" ]) if $compiled;

# the examples of doc/clients.md, with IdtypesJdbc on the class path
my @examples = doc_examples(getcwd(), 'java');
cmp_ok(scalar @examples, '>=', 1, 'doc/clients.md has a Java example');
for my $i (0 .. $#examples)
{
	my ($class) = $examples[$i][0] =~ /public class (\w+)/;
	my $exdir = "$PostgreSQL::Test::Utils::tmp_check/jdbc_example$i";
	mkdir $exdir;
	PostgreSQL::Test::Utils::append_to_file("$exdir/$class.java", $examples[$i][0]);
	($out, $err) = ('', '');
	ok(IPC::Run::run([ 'javac', '-Xlint:all', '-Werror', '-cp', "$jar:$classes", '-d', $exdir, "$exdir/$class.java" ],
			'>', \$out, '2>', \$err),
		"the example of doc/clients.md line $examples[$i][2] compiles") or diag($err);
	example_prints(
		label => 'pgjdbc',
		cmd => [ 'java', '-cp', "$jar:$classes:$exdir", $class ],
		env => { JDBC_URL => 'jdbc:postgresql://127.0.0.1:' . $node->port . "/postgres?user=$user" },
		example => $examples[$i]);
}

$node->stop;
done_testing();
