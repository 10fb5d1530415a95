#!/usr/bin/perl
# tools/prefix-symbols.pl: give every SQL-callable C function of idtypes a
# name of the project's (idtypes_, muid_, hlculid_, uid8_, tid62_,
# uuidv..._), as t/032_symbols.pl requires: the library is loaded with
# RTLD_GLOBAL, and an exported function named like another module's
# (uuid_version, seq10, ...) answers for it.  Run from the top of the tree;
# prints what it renamed, and changes:
#
#   - the C sources (src/*.[ch], tools/fuzz/*.c): each function that
#     PG_FUNCTION_INFO_V1 declares under a name without such a prefix,
#     plain or pasted in a macro (byteid##N##_eq, timestamptz_##op##_##type),
#     becomes idtypes_NAME;
#   - the SQL sources (src/*.sql, src/byteid.sql.in) and the upgrade
#     script of the version in the making (idtypes--*--V.sql, V the control
#     file's default_version): each LANGUAGE C function names its C symbol,
#     the new one ("AS 'MODULE_PATHNAME', 'idtypes_NAME'"), also where it
#     named none (the symbol was then the function's own name);
#   - src/legacy.c: the old names that the scripts of released versions
#     (released/) name, each calling the new one, so that such an
#     installation keeps working until ALTER EXTENSION UPDATE, and can be
#     dumped and restored or pg_upgraded;
#   - the end of that upgrade script: CREATE OR REPLACE FUNCTION, as the
#     install script defines it, for each function that a released
#     version's script created under an old name, so that an update ends
#     with the catalog of a fresh install (t/013_upgrade.pl).
#
# Idempotent: a second run finds nothing to rename and changes nothing.
# The scripts of released versions (released/) are never changed.
use strict;
use warnings;

my $prefixed = qr/^(?:idtypes|muid|hlculid|uid8|tid62|uuidv\d*)_/;

sub slurp
{
	my ($file) = @_;
	open my $fh, '<', $file or die "$file: $!";
	local $/;
	return scalar <$fh>;
}

sub spew
{
	my ($file, $text) = @_;
	open my $fh, '>', $file or die "$file: $!";
	print $fh $text;
	close $fh or die "$file: $!";
}

my ($version) = slurp('idtypes.control') =~ /^default_version = '([^']+)'/m
  or die "no default_version in idtypes.control\n";
my @upgrade = glob("idtypes--*--$version.sql");

# 1. The C names to rename: PG_FUNCTION_INFO_V1(NAME) in the sources.  A
# name pasted in a macro whose first token is one of the macro's
# parameters (type##_##op##_timestamptz) takes the prefix of the type's
# name; any other is renamed as written.
my @c_files = (glob('src/*.c'), glob('src/*.h'), glob('tools/fuzz/*.c'));
my %rename;
foreach my $file (@c_files)
{
	my $text = slurp($file);
	my @params;
	foreach my $line (split /\n/, $text)
	{
		@params = split /\s*,\s*/, $1 if $line =~ /^#define\s+\w+\(([^)]*)\)/;
		my @in_macro = @params;
		@params = () unless $line =~ /\\$/;
		next unless $line =~ /PG_FUNCTION_INFO_V1\(\s*([\w#]+)\s*\)/;
		my $name = $1;
		# a name pasted with a parameter in its prefix (uuidv##v##_floor)
		# is prefixed when its instances are (uuidv6_floor)
		next if ($name =~ s/##\w+##/0/gr) =~ $prefixed;
		# a parameter of the macro (PG_FUNCTION_INFO_V1 itself, compat.h), or
		# a name pasted from one
		my ($first) = $name =~ /^(\w+?)(?:##|$)/;
		next if grep { $_ eq $first } @in_macro;
		$rename{$name} = "idtypes_$name";
	}
}
# and the concrete names of those pasted ones (byteid16_recv, which the
# fuzzing harness calls): the generic symbols that the install script, as
# the sources give it now, names
my $install = "idtypes--$version.sql";
system('make', '-s', $install) == 0 or die "make $install failed\n";
foreach my $f (script_functions(slurp($install)))
{
	$rename{ $f->[1] } = "idtypes_$f->[1]" if $f->[1] !~ $prefixed;
}
my @names = sort { length($b) <=> length($a) || $a cmp $b } keys %rename;
print "C: $_ -> $rename{$_}\n" foreach sort keys %rename;

# in the code only: a comment or a string that names gen_muid() means the
# SQL function, which keeps its name
sub rename_code
{
	my ($code) = @_;
	foreach my $name (@names)
	{
		my $new = $rename{$name};
		# not a member of a struct (scheme.h's uuid_version): after . or ->,
		# or declared or assigned (followed by ; = [)
		$code =~ s/(?<![\w#])(?<!\.)(?<!->)\Q$name\E(?![\w#])(?!\s*(?:[;\[]|=(?!=)))/$new/g;
	}
	return $code;
}
foreach my $file (@c_files)
{
	my $text = slurp($file);
	my ($new, $read) = ('', '');
	while ($text =~ m{\G((?:[^/"']++|/(?![*/]))*+)(/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\z)}gs)
	{
		my ($code, $other) = ($1, $2);
		$read .= $code . $other;
		# the C families named in comments (byteid16_*)
		$other =~ s/(?<![\w#])byteid(\d+)_\*/idtypes_byteid$1_*/g if $other =~ m{^/};
		$new .= rename_code($code) . $other;
		last if $other eq '';
	}
	die "$file: could not tell its code from its comments and strings\n" if $read ne $text;
	spew($file, $new) if $new ne $text;
}

# 2. The SQL: each LANGUAGE C function names its new symbol.  A symbol in
# a template (byteid@WIDTH@_eq, timestamptz_cmp_@TYPE@) is renamed the same
# way; @TYPE@ stands for a type of the project.
my %sql_renamed;
sub sql_symbol
{
	my ($sym) = @_;
	return $sym if $sym =~ $prefixed || $sym =~ /^\@TYPE\@_/;
	$sql_renamed{$sym} = 1;
	return "idtypes_$sym";
}

sub rewrite_sql
{
	my ($text) = @_;
	$text =~ s{(CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:\w+\.)?([\w\@]+)\s*\(.*?;[ \t]*$)}{
		my ($statement, $name) = ($1, $2);
		$statement =~ s/\bAS\s+'MODULE_PATHNAME'(?:\s*,\s*'([\w\@]+)')?/
			"AS 'MODULE_PATHNAME', '" . sql_symbol($1 \/\/ $name) . "'"/ie;
		$statement
	}msige;
	return $text;
}

foreach my $file (glob('src/*.sql'), 'src/byteid.sql.in', @upgrade)
{
	my $text = slurp($file);
	my $new = rewrite_sql($text);
	spew($file, $new) if $new ne $text;
}
print "SQL: $_ -> idtypes_$_\n" foreach sort keys %sql_renamed;

# 3. The old names of released scripts, and what defines them now.
sub script_functions
{
	my ($text) = @_;
	my @functions;
	while ($text =~ /(CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:\w+\.)?(\w+)\s*\(.*?;[ \t]*$)/msig)
	{
		my ($statement, $name) = ($1, $2);
		next unless $statement =~ /\bAS\s+'MODULE_PATHNAME'(?:\s*,\s*'(\w+)')?/i;
		push @functions, [ $statement, $1 // $name ];
	}
	return @functions;
}
my %released = map { /idtypes--([^-]+)\.sql$/ ? ($1 => 1) : () } glob('released/idtypes--*.sql');
my %legacy;
foreach my $file (glob('released/idtypes--*.sql'), glob('idtypes--*--*.sql'))
{
	next if $file =~ /--[^-]+--([^-]+)\.sql$/ && !$released{$1};
	foreach my $f (script_functions(slurp($file)))
	{
		$legacy{ $f->[1] } = 1 if $f->[1] !~ $prefixed;
	}
}
my @legacy = sort keys %legacy;

my $legacy_c = <<'EOF';
/*-------------------------------------------------------------------------
 *
 * legacy.c
 *	  The C symbols that the scripts of released versions name, under
 *	  names without the project's prefix.
 *
 * An installation of such a version calls these until ALTER EXTENSION
 * UPDATE points its functions at the idtypes_ ones, and a dump or
 * pg_upgrade of it re-creates its functions with them, which PostgreSQL
 * checks against the library: each calls the function of its new name.  A
 * fresh install names none (t/032_symbols.pl).  Written by
 * tools/prefix-symbols.pl, from the released scripts (released/).
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/legacy.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "compat.h"

#define IDTYPES_LEGACY_SYMBOL(name) \
extern PGDLLEXPORT Datum CppConcat(idtypes_,name)(PG_FUNCTION_ARGS); \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	return CppConcat(idtypes_,name)(fcinfo); \
}

EOF
$legacy_c .= "IDTYPES_LEGACY_SYMBOL($_)\n" foreach @legacy;
spew('src/legacy.c', $legacy_c) if @legacy;
printf "src/legacy.c: %d old names\n", scalar(@legacy);

# 4. The upgrade script: the functions of the install script (built from
# the sources just rewritten) whose released definition named an old
# symbol.
unlink $install;
system('make', '-s', $install) == 0 or die "make $install failed\n";
my @redefine = grep { $_->[1] =~ /^idtypes_(\w+)$/ && $legacy{$1} } script_functions(slurp($install));
my $marker = '-- The C functions under the project\'s names';
foreach my $file (@upgrade)
{
	my $text = slurp($file);
	next if index($text, $marker) >= 0 || !@redefine;
	$text =~ s/\n*\z/\n\n/;
	$text .= "$marker (tools/prefix-symbols.pl): each\n"
	  . "-- function that a released version created under a symbol without the\n"
	  . "-- project's prefix, as a fresh install defines it (the old symbols stay\n"
	  . "-- in the library for installations not yet updated: src/legacy.c).\n";
	foreach my $f (@redefine)
	{
		my $statement = $f->[0];
		$statement =~ s/^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION/CREATE OR REPLACE FUNCTION/i;
		$text .= "$statement\n";
	}
	spew($file, $text);
	printf "%s: %d functions redefined\n", $file, scalar(@redefine);
}
