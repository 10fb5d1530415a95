#-------------------------------------------------------------------------
#
# IdtypesTest/Catalog.pm
#	  A description of the extension's catalog entries that two databases
#	  can be compared by, long texts compared line by line, the UUID
#	  functions of other software that idtypes shares schemas with, and the
#	  views of node identities across servers.
#
# Part of the TAP tests' helpers, which t/IdtypesTest.pm exports together.
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest/Catalog.pm
#
#-------------------------------------------------------------------------
package IdtypesTest::Catalog;

use strict;
use warnings;
use Exporter 'import';
use Test::More;

our @EXPORT = qw(extension_catalog catalogs_differ same_text other_uuid_functions identity_views);

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

# same_text(GOT, WANTED, NAME): a test that two long texts (catalog
# descriptions, dumps, scripts) are equal, which names the first line where
# they differ rather than printing both.
sub same_text
{
	my ($got, $wanted, $name) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	return pass($name) if $got eq $wanted;
	my @g = split /\n/, $got, -1;
	my @w = split /\n/, $wanted, -1;
	my $i = 0;
	$i++ while $i < @g && $i < @w && $g[$i] eq $w[$i];
	fail($name);
	diag("first difference at line " . ($i + 1) . ":\n  got:    " . ($g[$i] // '(end)')
		  . "\n  wanted: " . ($w[$i] // '(end)'));
	return 0;
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

1;
