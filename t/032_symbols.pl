# The library's exported symbols (nm -D of the installed idtypes.so): only
# what PostgreSQL looks up by name, Pg_magic_func, _PG_init and the
# SQL-callable functions with their info records (pg_finfo_NAME), so that
# no helper of ours answers for another module's function of the same name
# (the server loads modules with RTLD_GLOBAL); and each SQL-callable one
# under a name of the project's (idtypes_, or a scheme's of src/scheme.h:
# muid_, ..., uuidv..._), without exception.  And every C symbol that the frozen
# scripts of the releases name (released/, and the upgrade scripts) stays
# exported: a database keeps its release's functions until ALTER EXTENSION
# UPDATE, and goes through a dump and restore or pg_upgrade before it.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $root = "$FindBin::RealBin/..";
my $pkglibdir = `pg_config --pkglibdir`;
chomp $pkglibdir;
my $library = "$pkglibdir/idtypes.so";

plan skip_all => 'nm (binutils) is not installed: the exported symbols cannot be listed'
  unless system('sh', '-c', 'command -v nm >/dev/null') == 0;
ok(-f $library, "the installed library $library");

my $listing = `nm -D --defined-only '$library'`;
is($?, 0, 'nm -D lists its dynamic symbols');
my %exported = map { (split ' ')[-1] => 1 } grep { /\S/ } split /\n/, $listing;
# what some toolchains' linkers add to every shared library
delete @exported{qw(_init _fini _edata _end __bss_start)};

# the project's prefixes: idtypes_ and each scheme's of src/scheme.h (one
# for the UUID versions together: uuidv_timestamp() serves them all)
my %prefix = map { ($_->{uuid_version} ? 'uuidv\d*' : quotemeta($_->{name})) => 1 } schemes();
my $alt = join('|', 'idtypes', sort keys %prefix);
my $project = qr/^(?:$alt)_/;
my @required = qw(Pg_magic_func _PG_init);
ok($exported{$_}, "PostgreSQL's $_ is exported") foreach @required;

# the SQL-callable functions: those with an info record
my @callable = sort map { /^pg_finfo_(.+)/ ? $1 : () } keys %exported;
my %callable = map { $_ => 1 } @callable;
cmp_ok(scalar(@callable), '>=', 100, scalar(@callable) . ' SQL-callable functions exported');
my @without_info = sort grep {
	my $s = $_;
	!/^pg_finfo_/ && !$callable{$s} && !grep { $_ eq $s } @required
} keys %exported;
is("@without_info", '', 'every other exported symbol is an SQL-callable function (helpers are hidden)');
is(join(' ', grep { !$exported{$_} } @callable), '', 'each info record\'s function is exported');

# The C symbols that an SQL script names: AS 'MODULE_PATHNAME', 'symbol', or
# the function's own name when it gives none.
sub script_symbols
{
	my ($file) = @_;
	my %symbols;
	my $sql = slurp_file($file);
	while ($sql =~ /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:\w+\.)?(\w+)\s*\((.*?);\s*$/msig)
	{
		my ($name, $rest) = ($1, $2);
		next unless $rest =~ /\bAS\s+'MODULE_PATHNAME'(?:\s*,\s*'(\w+)')?/i;
		$symbols{ $1 // $name } = 1;
	}
	return keys %symbols;
}

is(join(' ', grep { !/$project/ } @callable), '', 'every SQL-callable symbol has a project prefix');

# the names that the releases' frozen scripts use (none before the first
# release is frozen)
foreach my $file (glob("$root/released/idtypes--*.sql"), glob("$root/idtypes--*--*.sql"))
{
	my @named = script_symbols($file);
	is(join(' ', grep { !$exported{$_} } @named), '',
		"every C symbol that " . ($file =~ s{^\Q$root/\E}{}r) . " names is exported (" . scalar(@named) . ')');
}

# a fresh install of the current version: every function in C names one of
# the project's symbols, which the library exports
my $node = PostgreSQL::Test::Cluster->new('symbols');
$node->init;
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION idtypes');
my @used = split /\n/, $node->safe_psql('postgres', q{
	SELECT DISTINCT p.prosrc FROM pg_proc p
	JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
	JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idtypes'
	WHERE p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c')
	ORDER BY 1});
cmp_ok(scalar(@used), '>=', 100, 'a fresh install has ' . scalar(@used) . ' functions in C');
is(join(' ', grep { !/$project/ } @used), '', 'each names a symbol with a project prefix');
is(join(' ', grep { !$callable{$_} } @used), '', 'each an exported SQL-callable function');
$node->stop;

done_testing();
