#-------------------------------------------------------------------------
#
# IdtypesTest/Companion.pm
#	  The pure-SQL companion (companion/) in the TAP tests: its plain
#	  script built, installed with psql -f into a schema, and a copy of
#	  the PostgreSQL installation without the C extension's files, with
#	  the companion's, for the servers that must not have idtypes at all.
#
# Part of the TAP tests' helpers, which t/IdtypesTest.pm exports together.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Companion.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Companion;

use strict;
use warnings;
use Cwd qw(getcwd);
use Exporter 'import';
use IPC::Run;
use JSON::PP;
use PostgreSQL::Test::Utils;
use Test::More;
use IdtypesTest::Schemes;

our @EXPORT = qw(companion_plain_script companion_plain_install companion_clean_install companion_send_file
  companion_n companion_schemes companion_sqlstate);

# The companion's generators, the schemes of the C extension's table
# (schemes()) with the companion's names and core types: a scheme of 8
# bytes is a bigint, one of 16 a uuid, the others a bytea.  ctype: the C extension's type; floor: the floor function;
# sequence: the scheme always takes the database's clock (muid and uid8,
# which have no random bits); txn_time: its ids carry their transaction's
# time (muid).
my %database_clock = (muid => 1, uid8 => 1);

sub companion_schemes
{
	return map {
		{
			%$_,
			gen => "idtypes_sql.$_->{gen}",
			type => $_->{bytes} == 8 ? 'bigint' : $_->{bytes} == 16 ? 'uuid' : 'bytea',
			ctype => $_->{type},
			floor => "idtypes_sql.$_->{floor_fn}",
			sequence => $database_clock{ $_->{name} },
			txn_time => $_->{name} eq 'muid',
		}
	} schemes();
}

# Run $sql in database $db of $node as role $user (the node's default role
# if undef): 'ok' if it succeeds, else the SQLSTATE of its error.
sub companion_sqlstate
{
	my ($node, $db, $user, $sql) = @_;
	my ($out, $err);
	my @extra = defined $user ? (extra_params => [ '-U', $user ]) : ();
	my $ret = $node->psql($db, "\\set VERBOSITY verbose\n$sql", stdout => \$out, stderr => \$err,
		on_error_stop => 1, @extra);
	return 'ok' if $ret == 0;
	return $err =~ /ERROR:  ([0-9A-Z]{5}):/ ? $1 : "failed: $err";
}

# How many inputs the comparisons of every function take (at least 100,000
# by default; IDTYPES_COMPANION_N sets another number, for a quick run).
sub companion_n
{
	return $ENV{IDTYPES_COMPANION_N} // 100_000;
}

# The plain script (companion/idtypes_sql.sql) of the tree under test, built
# by make plain if it is not there.
sub companion_plain_script
{
	my $root = getcwd();
	my $script = "$root/companion/idtypes_sql.sql";
	system('make', '-s', '-C', "$root/companion", 'plain') == 0
	  or die "make -C companion plain failed";
	return $script;
}

# Install the companion with psql -f into schema $schema (created if need
# be) of database $db, as role $user (the node's default role if undef).
# Returns psql's (exit code, stdout, stderr).
sub companion_plain_install
{
	my ($node, $db, $schema, $user) = @_;
	my @cmd = (
		$node->installed_command('psql'), '-X', '-q', '-v', 'ON_ERROR_STOP=1',
		'-d', $node->connstr($db), '-v', "schema=$schema",
		'-f', companion_plain_script());
	push @cmd, '-U', $user if defined $user;
	my ($out, $err);
	my $ret = IPC::Run::run(\@cmd, '>', \$out, '2>', \$err);
	return ($ret ? 0 : $? >> 8, $out, $err);
}

# Send the file $file of the tree under test to database $db as role $user
# the way a web console or a migration tool does: its whole text as one
# query of the simple query protocol (libpq's PQexec, through psycopg).
# Returns a hash: sqlstate ('ok' when it succeeded), message, detail, hint,
# notices (their messages, in order).
sub companion_send_file
{
	my ($node, $db, $user, $file) = @_;
	my $python = $ENV{IDTYPES_PYTHON} // 'python3';
	my $code = <<'PY';
import json, sys, psycopg
from psycopg.pq import DiagnosticField as F
conn = psycopg.connect(sys.argv[1], autocommit=True)
notices = []
conn.add_notice_handler(lambda d: notices.append(d.message_primary))
res = conn.pgconn.exec_(open(sys.argv[2], 'rb').read())
field = lambda f: (res.error_field(f) or b'').decode()
print(json.dumps({'sqlstate': field(F.SQLSTATE) or 'ok', 'message': field(F.MESSAGE_PRIMARY),
				  'detail': field(F.MESSAGE_DETAIL), 'hint': field(F.MESSAGE_HINT), 'notices': notices}))
PY
	my $dsn = $node->connstr($db) . " user=$user";
	my ($out, $err);
	IPC::Run::run([ $python, '-c', $code, $dsn, getcwd() . "/$file" ], '>', \$out, '2>', \$err)
	  or die "could not send $file: $err";
	return JSON::PP::decode_json($out);
}

# A copy of this PostgreSQL installation under $dir without any file of the
# C extension (its library, bitcode, control file and scripts), with the
# companion's extension files installed into it: a server started from it
# has nothing of idtypes but what CREATE EXTENSION idtypes_sql installs.
# Returns its install path (the parent of its bin/) for
# PostgreSQL::Test::Cluster->new(..., install_path => ...).  With
# companion => 0, the companion's files are left out too (pg_tle installs
# an extension of a name that no file on the server has).
sub companion_clean_install
{
	my ($dir, %opt) = @_;
	my $with_companion = $opt{companion} // 1;
	my $root = getcwd();
	my $pg_config = `pg_config --bindir`;
	chomp $pg_config;
	my $bindir = `bash -c 'PG_BINDIR=\$1; source "\$2/tools/common.sh"; pg_install_copy "\$3"' _ '$pg_config' '$root' '$dir'`;
	die "could not copy the PostgreSQL installation" if $? != 0;
	chomp $bindir;
	my $copy_config = "$bindir/pg_config";
	my $pkglibdir = `$copy_config --pkglibdir`;
	my $sharedir = `$copy_config --sharedir`;
	chomp($pkglibdir, $sharedir);
	die "the copy does not find itself: $pkglibdir" unless index($pkglibdir, $dir) == 0;
	system('rm', '-rf', glob("$pkglibdir/idtypes.so $pkglibdir/bitcode/idtypes $pkglibdir/bitcode/idtypes.index.bc"),
		glob("$sharedir/extension/idtypes.control $sharedir/extension/idtypes--*.sql")) == 0
	  or die "could not remove idtypes from the copy";
	system('rm', '-f', glob("$sharedir/extension/idtypes_sql.control $sharedir/extension/idtypes_sql--*.sql"),
		glob("$sharedir/extension/idtypes_*pg_uuidv7.control $sharedir/extension/idtypes_*pg_uuidv7--*.sql")) == 0
	  or die "could not remove the companion and pg_uuidv7's names from the copy";
	# the companion of this tree, not whatever was installed before
	if (!$with_companion)
	{
		(my $install_path = $bindir) =~ s{/bin$}{};
		return $install_path;
	}
	system('make', '-s', '-C', "$root/companion", "PG_CONFIG=$copy_config") == 0
	  or die "make -C companion failed";
	system('make', '-s', '-C', "$root/companion", "PG_CONFIG=$copy_config", 'install') == 0
	  or die "make -C companion install failed";
	(my $install_path = $bindir) =~ s{/bin$}{};
	return $install_path;
}

1;
