#-------------------------------------------------------------------------
#
# IdtypesTest.pm
#	  Helpers shared by the TAP tests of idtypes: the list of the schemes
#	  that the tests of every scheme iterate over, servers with a faked
#	  wall clock (libfaketime), crashes of every kind, load from background
#	  clients, a description of the extension's catalog entries that
#	  two databases can be compared by, and the UUID functions of other
#	  software that idtypes shares schemas with.
#
# A test loads it with
#	use FindBin;
#	use lib $FindBin::RealBin;
#	use IdtypesTest;
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest.pm
#
#-------------------------------------------------------------------------
package IdtypesTest;

use strict;
use warnings;
use Cwd ();
use Exporter 'import';
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);

our @EXPORT = qw(
  schemes byte_schemes from_hex
  faketime_lib set_clock clock_program start_faked
  kill_postmaster crash_backend restart_after_kill
  start_pgbench finish_pgbench
  extension_catalog catalogs_differ crc32c
  other_uuid_functions
  identity_views
  client_checks doc_examples example_prints run_doc_examples
);

# The schemes, in the extension's order (muid, hlculid, uid8, the UUIDs,
# tid62): the tests that cover every scheme (round trips, fuzzing, clocks
# across crashes, load) iterate over this list, so that a new scheme is one
# entry here plus its own tests.  One entry per generator; the UUID versions
# share core's type uuid.  Each has:
#	name		the scheme, as the state file names its clock and the tests
#				name their tables and columns
#	type		its SQL type
#	gen			the SQL of a new id
#	bytes		the length of its binary form (its send format, and the
#				bytea cast of a type of the extension's own)
#	timestamp	the function that gives an id's time
#	floor		the function that gives the smallest id of a time, when the
#				type does not compare with timestamptz itself (undef when
#				it does: id >= timestamptz)
#	clock_word	the SQL of the clock word that the state file writes for
#				the newest of the ids %1$s (see src/clock.h), with
#				hi8(bytea), the first 8 bytes as a bigint, that
#				t/010_clock_state.pl defines
#	clock_rate	how many clock words make one second
our @SCHEMES = (
	{
		name => 'muid', type => 'muid', gen => 'gen_muid()', bytes => 16,
		timestamp => 'muid_timestamp', floor => undef,
		clock_word => 'max(hi8(%1$s::bytea) >> 8)', clock_rate => 1_000_000,
	},
	{
		name => 'hlculid', type => 'hlculid', gen => 'gen_hlculid()', bytes => 16,
		timestamp => 'hlculid_timestamp', floor => undef,
		clock_word => 'max(hi8(%1$s::bytea))', clock_rate => 1_000 << 16,
	},
	{
		# with automatic generator ids, the end of the newest millisecond
		# (what every backend raises the shared word to)
		name => 'uid8', type => 'uid8', gen => 'gen_uid8()', bytes => 8,
		timestamp => 'uid8_timestamp', floor => 'uid8_floor',
		clock_word => 'max((((extract(epoch FROM uid8_timestamp(%1$s)) * 1000)::bigint + 1) << 17) - 1)',
		clock_rate => 1_000 << 17,
	},
	# the UUIDs' 60-bit tick: time_high..time_low around the version nibble
	{
		name => 'uuidv6', type => 'uuid', gen => 'uuidv6_next()', bytes => 16,
		timestamp => 'uuidv_timestamp', floor => 'uuidv6_floor',
		clock_word => 'max((hi8(uuid_send(%1$s)) >> 16 << 12) | (hi8(uuid_send(%1$s)) & 4095))',
		clock_rate => 10_000_000,
	},
	{
		name => 'uuidv7', type => 'uuid', gen => 'uuidv7_next()', bytes => 16,
		timestamp => 'uuidv_timestamp', floor => 'uuidv7_floor',
		clock_word => 'max((hi8(uuid_send(%1$s)) >> 16 << 12) | (hi8(uuid_send(%1$s)) & 4095))',
		clock_rate => 1_000 << 12,
	},
	{
		name => 'uuidv8', type => 'uuid', gen => 'uuidv8_next()', bytes => 16,
		timestamp => 'uuidv8_timestamp', floor => 'uuidv8_floor',
		clock_word => 'max((hi8(uuid_send(%1$s)) >> 16 << 12) | (hi8(uuid_send(%1$s)) & 4095))',
		clock_rate => 62_500_000,
	},
	{
		name => 'tid62', type => 'tid62', gen => 'gen_tid62()', bytes => 12,
		timestamp => 'tid62_timestamp', floor => undef,
		clock_word => 'max(hi8(%1$s::bytea))', clock_rate => 1 << 32,
	},
);

# The entries of @SCHEMES, in order.
sub schemes
{
	return @SCHEMES;
}

# The schemes whose type is the extension's own (not core's uuid): those
# with their own input, output, send and receive functions, arrays, and
# casts from and to bytea.
sub byte_schemes
{
	return grep { $_->{type} eq $_->{name} } @SCHEMES;
}

# The SQL of the value of scheme $s whose binary form is the hexadecimal
# text $hex (an SQL expression of $s->{bytes} * 2 digits): core's uuid reads
# it as text, the extension's own types by their cast from bytea.
sub from_hex
{
	my ($s, $hex) = @_;
	return $s->{type} eq 'uuid' ? "($hex)::uuid" : "decode($hex, 'hex')::$s->{type}";
}

# libfaketime, or undef when it is not installed (Debian package
# libfaketime).  It fakes the wall clock of the processes it is preloaded
# into; tests keep the monotonic clock real (FAKETIME_DONT_FAKE_MONOTONIC),
# so that timeouts, latches and uid8's real-time pacing work.
sub faketime_lib
{
	my ($lib) = grep { -e $_ } (
		glob('/usr/lib/*/faketime/libfaketime.so.1'),
		'/usr/lib/faketime/libfaketime.so.1',
		'/usr/local/lib/faketime/libfaketime.so.1');
	return $lib;
}

# Write a clock offset ('+0', '-10s', '-1h', ...) to a file that servers
# started with FAKETIME_TIMESTAMP_FILE => $file read it from: with
# FAKETIME_NO_CACHE => 1 at every clock reading, with
# FAKETIME_CACHE_DURATION => n at most every n seconds.  The file is
# replaced in one step (a new file renamed over it): libfaketime ends a
# process that reads it empty or half-written (Debian 13's does).  A server
# changes it in the same way with COPY ... TO PROGRAM clock_program($file).
sub set_clock
{
	my ($file, $offset) = @_;
	open(my $fh, '>', "$file.new") or die "could not write $file.new: $!";
	print $fh "$offset\n";
	close($fh);
	rename("$file.new", $file) or die "could not rename $file.new to $file: $!";
	return;
}

# The shell command that COPY ... TO PROGRAM runs to replace the clock file
# $file in one step with what it is given.
sub clock_program
{
	my ($file) = @_;
	return "cat > '$file.new' && mv '$file.new' '$file'";
}

# Start a node with its wall clock faked: %env is libfaketime's settings
# (FAKETIME => '-10s', or FAKETIME_TIMESTAMP_FILE => $file, ...), plus
# fail_ok => 1 to return 0 instead of bailing out when it does not start.
# libfaketime is added after whatever LD_PRELOAD already holds (a sanitizer
# runtime must stay first).
sub start_faked
{
	my ($node, %env) = @_;
	my $fail_ok = delete $env{fail_ok};
	my $lib = faketime_lib() or BAIL_OUT('libfaketime is not installed');
	local $ENV{LD_PRELOAD} =
	  join(':', grep { defined && $_ ne '' } ($ENV{LD_PRELOAD}, $lib));
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	local @ENV{ keys %env } = values %env;
	return $node->start(fail_ok => $fail_ok);
}

# The processes whose parent is $pid (Linux /proc).
sub children_of
{
	my ($pid) = @_;
	my @children;
	foreach my $stat (glob('/proc/[0-9]*/stat'))
	{
		open(my $fh, '<', $stat) or next;
		my $line = <$fh>;
		close($fh);
		# pid (comm) state ppid ...; comm may hold spaces and parentheses
		next unless defined $line && $line =~ /^(\d+) \(.*\) \S+ (\d+) /s;
		push @children, $1 if $2 == $pid;
	}
	return @children;
}

# Whether a process still runs (a zombie waiting for a parent that does not
# reap it counts as gone).
sub running
{
	my ($pid) = @_;
	return 0 unless kill(0, $pid);
	open(my $fh, '<', "/proc/$pid/stat") or return 1;
	my $line = <$fh>;
	close($fh);
	return !(defined $line && $line =~ /^\d+ \(.*\) Z /s);
}

# kill -9 the postmaster, the way a crash of the machine's supervisor or an
# OOM kill would end it: nothing is written at exit.  Its children notice
# on their own and exit; this waits for them, so that the data directory
# can be started again.
sub kill_postmaster
{
	my ($node) = @_;
	my ($pid) = split /\n/, slurp_file($node->data_dir . '/postmaster.pid');
	my @children = children_of($pid);
	$node->kill9;
	foreach my $p ($pid, @children)
	{
		foreach (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
		{
			last unless running($p);
			usleep(100_000);
		}
		BAIL_OUT("process $p of the killed server did not exit") if running($p);
	}
	# A killed process stays a zombie until its parent reaps it, and a
	# postmaster whose lock file names a process that still exists refuses
	# to start: the lock file of a server known to be dead can go.
	unlink($node->data_dir . '/postmaster.pid');
	return;
}

# Start a node after kill_postmaster(), faked with %env if given.  A
# process forked just before the kill (an autovacuum worker, say) may still
# hold the old shared memory for a moment: the start is retried until it
# has gone.
sub restart_after_kill
{
	my ($node, %env) = @_;
	foreach (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
	{
		return if (%env ? start_faked($node, %env, fail_ok => 1)
			: $node->start(fail_ok => 1));
		usleep(100_000);
	}
	BAIL_OUT('the server did not start after being killed');
}

# kill -9 one backend (the one given by pid, or a new one): the postmaster
# ends every other process and reinitialises shared memory, as after any
# backend crash.  Returns once the server accepts connections again.
sub crash_backend
{
	my ($node, $pid) = @_;
	my $offset = -s $node->logfile;
	my $session;
	unless (defined $pid)
	{
		$session = $node->background_psql('postgres');
		$pid = $session->query_safe('SELECT pg_backend_pid()');
		chomp($pid);
	}
	kill('KILL', $pid) or die "could not kill backend $pid: $!";
	$node->wait_for_log(qr/all server processes terminated; reinitializing/, $offset);
	$node->poll_query_until('postgres', 'SELECT true')
	  or die 'the server did not come back after the crash';
	# the session's backend is gone: reap psql without a query
	if ($session)
	{
		eval { $session->quit; };
	}
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

# A description of every object of the extension idtypes in a database, one
# line per fact, sorted: the extension's own settings; each member's
# definition (functions in full, with volatility, strictness, LEAKPROOF,
# PARALLEL, SECURITY DEFINER and proconfig; types with their I/O functions
# and properties; domains with their constraints; operators, casts,
# aggregates; operator classes and families with every operator and
# support function); owners, privileges and comments.  Built-in objects
# print without a schema and everything else with one (search_path is
# pg_catalog alone), so a reference that resolved to a look-alike in
# another schema shows.  Two databases whose idtypes is the same have the
# same description.
sub extension_catalog
{
	my ($node, $dbname) = @_;
	return $node->safe_psql($dbname, q{
SET search_path = pg_catalog;
WITH ext AS (SELECT * FROM pg_extension WHERE extname = 'idtypes'),
member AS (
	SELECT d.classid, d.objid, pg_describe_object(d.classid, d.objid, 0) AS what
	FROM pg_depend d, ext
	WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext.oid AND d.deptype = 'e'
),
fact AS (
	SELECT 'extension: ' || extname || ' ' || extversion || ' relocatable ' || extrelocatable
		   || ' config ' || coalesce(extconfig::text, '-') || ' owner-is-superuser '
		   || (SELECT rolsuper FROM pg_roles WHERE oid = extowner) AS line
	FROM ext
	UNION ALL
	SELECT 'member: ' || what FROM member
	UNION ALL
	-- functions (aggregates below)
	SELECT 'function: ' || pg_get_functiondef(p.oid)
		   || ' leakproof ' || p.proleakproof || ' secdef ' || p.prosecdef
		   || ' config ' || coalesce(p.proconfig::text, '-')
		   || ' owner ' || p.proowner::regrole || ' acl ' || coalesce(p.proacl::text, '-')
	FROM member m JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
	WHERE p.prokind <> 'a'
	UNION ALL
	SELECT 'aggregate: ' || a.aggfnoid::regprocedure || ' ' || a.aggkind::text
		   || ' trans ' || a.aggtransfn::regprocedure || ' final ' || a.aggfinalfn::regprocedure
		   || ' combine ' || a.aggcombinefn::regprocedure || ' sortop ' || a.aggsortop::regoperator
		   || ' stype ' || a.aggtranstype::regtype || ' init ' || coalesce(a.agginitval, '-')
		   || ' parallel ' || p.proparallel::text || ' owner ' || p.proowner::regrole
		   || ' acl ' || coalesce(p.proacl::text, '-')
	FROM member m JOIN pg_aggregate a ON m.classid = 'pg_proc'::regclass AND a.aggfnoid = m.objid
	JOIN pg_proc p ON p.oid = a.aggfnoid
	UNION ALL
	SELECT 'type: ' || t.oid::regtype || ' type ' || t.typtype::text || ' len ' || t.typlen
		   || ' byval ' || t.typbyval || ' align ' || t.typalign::text || ' storage ' || t.typstorage::text
		   || ' category ' || t.typcategory::text || ' preferred ' || t.typispreferred
		   || ' in ' || t.typinput::regprocedure || ' out ' || t.typoutput::regprocedure
		   || ' recv ' || t.typreceive::regprocedure || ' send ' || t.typsend::regprocedure
		   || ' modin ' || t.typmodin::regprocedure || ' modout ' || t.typmodout::regprocedure
		   || ' analyze ' || t.typanalyze::regprocedure
		   || ' elem ' || t.typelem::regtype || ' array ' || t.typarray::regtype
		   || ' base ' || t.typbasetype::regtype || ' notnull ' || t.typnotnull
		   || ' collation ' || t.typcollation::regcollation || ' default ' || coalesce(t.typdefault, '-')
		   || ' owner ' || t.typowner::regrole || ' acl ' || coalesce(t.typacl::text, '-')
		   || coalesce(' constraints ' || (
				SELECT string_agg(c.conname || ' ' || pg_get_constraintdef(c.oid), '; ' ORDER BY c.conname)
				FROM pg_constraint c WHERE c.contypid = t.oid), '')
	FROM member m JOIN pg_type t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid
	UNION ALL
	SELECT 'operator: ' || o.oid::regoperator || ' result ' || o.oprresult::regtype
		   || ' code ' || o.oprcode::regprocedure || ' commutator ' || o.oprcom::regoperator
		   || ' negator ' || o.oprnegate::regoperator || ' restrict ' || o.oprrest::regprocedure
		   || ' join ' || o.oprjoin::regprocedure || ' merges ' || o.oprcanmerge
		   || ' hashes ' || o.oprcanhash || ' owner ' || o.oprowner::regrole
	FROM member m JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
	UNION ALL
	SELECT 'cast: ' || c.castsource::regtype || ' as ' || c.casttarget::regtype
		   || ' function ' || c.castfunc::regprocedure || ' context ' || c.castcontext::text
		   || ' method ' || c.castmethod::text
	FROM member m JOIN pg_cast c ON m.classid = 'pg_cast'::regclass AND c.oid = m.objid
	UNION ALL
	SELECT 'opclass: ' || quote_ident(n.nspname) || '.' || quote_ident(c.opcname) || ' ' || am.amname
		   || ' for ' || c.opcintype::regtype || ' default ' || c.opcdefault
		   || ' key ' || c.opckeytype::regtype || ' family ' || quote_ident(fn.nspname) || '.' || quote_ident(f.opfname)
		   || ' owner ' || c.opcowner::regrole
	FROM member m JOIN pg_opclass c ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid
	JOIN pg_namespace n ON n.oid = c.opcnamespace JOIN pg_am am ON am.oid = c.opcmethod
	JOIN pg_opfamily f ON f.oid = c.opcfamily JOIN pg_namespace fn ON fn.oid = f.opfnamespace
	UNION ALL
	SELECT 'opfamily: ' || quote_ident(n.nspname) || '.' || quote_ident(f.opfname) || ' ' || am.amname
		   || ' owner ' || f.opfowner::regrole
	FROM member m JOIN pg_opfamily f ON m.classid = 'pg_opfamily'::regclass AND f.oid = m.objid
	JOIN pg_namespace n ON n.oid = f.opfnamespace JOIN pg_am am ON am.oid = f.opfmethod
	UNION ALL
	-- the operators and support functions of the families the extension
	-- created or added to (the opclasses' families)
	SELECT 'amop: ' || quote_ident(n.nspname) || '.' || quote_ident(f.opfname)
		   || ' ' || ao.amoplefttype::regtype || ', ' || ao.amoprighttype::regtype
		   || ' strategy ' || ao.amopstrategy || ' ' || ao.amopopr::regoperator
		   || ' purpose ' || ao.amoppurpose::text || ' sortfamily ' || ao.amopsortfamily
	FROM pg_amop ao JOIN pg_opfamily f ON f.oid = ao.amopfamily
	JOIN pg_namespace n ON n.oid = f.opfnamespace
	WHERE f.oid IN (SELECT c.opcfamily FROM member m JOIN pg_opclass c
					ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid)
	UNION ALL
	SELECT 'amproc: ' || quote_ident(n.nspname) || '.' || quote_ident(f.opfname)
		   || ' ' || ap.amproclefttype::regtype || ', ' || ap.amprocrighttype::regtype
		   || ' number ' || ap.amprocnum || ' ' || ap.amproc::regprocedure
	FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily
	JOIN pg_namespace n ON n.oid = f.opfnamespace
	WHERE f.oid IN (SELECT c.opcfamily FROM member m JOIN pg_opclass c
					ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid)
	UNION ALL
	SELECT 'comment: ' || m.what || ': ' || d.description
	FROM member m JOIN pg_description d ON d.classoid = m.classid AND d.objoid = m.objid AND d.objsubid = 0
)
SELECT regexp_replace(line, '\s*\n\s*', ' ', 'g') COLLATE "C" AS line FROM fact ORDER BY line;
});
}

# The UUID functions that other software creates in the schema it is
# installed in, `public` by default, and that idtypes must live beside, as
# the SQL that creates the sets named: 'timescaledb', TimescaleDB's (2.22
# and later: the names, argument names and result types of its functions,
# created as it creates them, with CREATE OR REPLACE; its uuid_version
# returns integer); 'handwritten', the generators application migrations
# often carry (gen_uuidv7(), uuid_generate_v7(), uuidv7()); and
# 'handwritten_timestamp', their uuid_timestamp(uuid), which cannot be
# beside TimescaleDB's (the same name and argument).  They are stand-ins: each
# returns a fixed, recognisable value (a timestamp in 1900, version -1, the
# Max UUID), so that a call that reaches one instead of the documented
# function shows in its result.
sub other_uuid_functions
{
	my (@sets) = @_;
	my $fixed_uuid = q{'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid};
	my $fixed_time = q{'1900-01-01 00:00:00+00'::timestamptz};
	my %sql = (
		timescaledb => qq{
CREATE OR REPLACE FUNCTION public.generate_uuidv7() RETURNS uuid
	LANGUAGE sql VOLATILE STRICT PARALLEL SAFE AS \$\$SELECT $fixed_uuid\$\$;
CREATE OR REPLACE FUNCTION public.to_uuidv7(ts timestamptz) RETURNS uuid
	LANGUAGE sql VOLATILE STRICT PARALLEL SAFE AS \$\$SELECT $fixed_uuid\$\$;
CREATE OR REPLACE FUNCTION public.to_uuidv7_boundary(ts timestamptz) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS \$\$SELECT $fixed_uuid\$\$;
CREATE OR REPLACE FUNCTION public.uuid_timestamp(uuid uuid) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS \$\$SELECT $fixed_time\$\$;
CREATE OR REPLACE FUNCTION public.uuid_timestamp_micros(uuid uuid) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS \$\$SELECT $fixed_time\$\$;
CREATE OR REPLACE FUNCTION public.uuid_version(uuid uuid) RETURNS integer
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS \$\$SELECT -1\$\$;
},
		handwritten => qq{
CREATE FUNCTION public.gen_uuidv7() RETURNS uuid
	LANGUAGE plpgsql VOLATILE AS \$\$BEGIN RETURN $fixed_uuid; END\$\$;
CREATE FUNCTION public.uuid_generate_v7() RETURNS uuid
	LANGUAGE sql VOLATILE AS \$\$SELECT $fixed_uuid\$\$;
CREATE FUNCTION public.uuidv7() RETURNS uuid
	LANGUAGE sql VOLATILE AS \$\$SELECT $fixed_uuid\$\$;
},
		handwritten_timestamp => qq{
CREATE FUNCTION public.uuid_timestamp(id uuid) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE AS \$\$SELECT $fixed_time\$\$;
});
	return join '', map { $sql{$_} // die "other_uuid_functions: no set $_" } @sets;
}

# CRC-32C (Castagnoli), as the server computes it: the state file's check
# and the automatic hlculid publisher.
sub crc32c
{
	my ($data) = @_;
	my $crc = 0xFFFFFFFF;
	for my $byte (unpack('C*', $data))
	{
		$crc ^= $byte;
		$crc = ($crc & 1) ? (($crc >> 1) ^ 0x82F63B78) : ($crc >> 1) for 1 .. 8;
	}
	return $crc ^ 0xFFFFFFFF;
}

# The lines of one catalog description missing from the other, both ways,
# as a text for a test's diagnostics ('' when they are the same).
sub catalogs_differ
{
	my ($a, $b) = @_;
	my %a = map { $_ => 1 } split /\n/, $a;
	my %b = map { $_ => 1 } split /\n/, $b;
	my @only_a = grep { !$b{$_} } sort keys %a;
	my @only_b = grep { !$a{$_} } sort keys %b;
	return '' unless @only_a || @only_b;
	return join("\n", (map { "- $_" } @only_a), (map { "+ $_" } @only_b));
}


# On $node (which has postgres_fdw), the views of the query of
# doc/operations.md (Assigning identities) across servers: "identities",
# each server's idtypes_node_identity under its label, and
# "identity_clashes", every pair of them that shares an identity.
# @servers: pairs [label, node], a node of undef being $node itself; each
# other node's view is imported through postgres_fdw into a schema named
# after its label.
sub identity_views
{
	my ($node, @servers) = @_;
	my @parts;
	for my $s (@servers)
	{
		my ($label, $other) = @$s;
		if (!defined $other)
		{
			push @parts, "SELECT '$label' AS node, * FROM public.idtypes_node_identity";
			next;
		}
		$node->safe_psql('postgres', qq{
			CREATE SERVER $label FOREIGN DATA WRAPPER postgres_fdw
				OPTIONS (host '${\ $other->host }', port '${\ $other->port }', dbname 'postgres');
			CREATE USER MAPPING FOR CURRENT_USER SERVER $label;
			CREATE SCHEMA $label;
			IMPORT FOREIGN SCHEMA public LIMIT TO (idtypes_node_identity)
				FROM SERVER $label INTO $label;
		});
		push @parts, "SELECT '$label' AS node, * FROM $label.idtypes_node_identity";
	}
	$node->safe_psql('postgres',
		'CREATE VIEW identities AS ' . join(' UNION ALL ', @parts) . ';' . q{
	CREATE VIEW identity_clashes AS
		SELECT a.node AS node_a, b.node AS node_b, c.what,
			   a.system_identifier = b.system_identifier AS same_data_directory
		FROM identities a JOIN identities b ON a.node < b.node
		CROSS JOIN LATERAL (VALUES
			('medallion', a.medallion = b.medallion),
			('publisher', a.publisher_id = b.publisher_id),
			('uid8 generator ids', a.uid8_cluster_id = b.uid8_cluster_id
								   AND a.uid8_generators && b.uid8_generators)) c(what, clash)
		WHERE c.clash;
	});
	return;
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
			env => {
				%{ $env // {} },
				PGHOST => $node->host,
				PGPORT => $node->port,
				PGDATABASE => 'postgres',
				PGUSER => scalar getpwuid($>),
			},
			example => $examples[$i],
			doc => $doc);
	}
	return;
}

1;
