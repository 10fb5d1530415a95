# Packaging: the version is given once (default_version in idtypes.control)
# and everything that repeats it agrees; META.json follows the PGXN Meta
# Spec 1.0.0; the install script, built by make from the SQL sources in src/,
# is what they build now, in this tree and installed, with the byte-id block
# of src/byteid.sql.in whole for each byte-id type; and the archive of make
# dist holds what a build and the tests need (the sources, not the built
# script), and builds and installs from itself.
#
# tools/test.sh makes the archive (from what git tracks) in IDTYPES_DIST_DIR;
# without it (not a git checkout, or this file run by hand) the archive
# checks are skipped and say so.
use strict;
use warnings;
use Cwd qw(getcwd);
use Digest::SHA;
use File::Basename qw(basename);
use File::Find;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest::Catalog;
use IdtypesTest::DocExamples;
use IPC::Run;
use JSON::PP;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $root = getcwd();

sub slurp
{
	my ($path) = @_;
	open my $fh, '<', $path or die "cannot read $path: $!";
	local $/;
	my $text = <$fh>;
	close $fh;
	return $text;
}

sub run_cmd
{
	my (@cmd) = @_;
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run(\@cmd, '>', \$out, '2>', \$err);
	return ($ok, $out, $err);
}

# make_var(NAME): (ok, value, stderr) of a variable of the Makefile.
sub make_var
{
	my ($name) = @_;
	my ($ok, $out, $err) = run_cmd('make', '-s', '--no-print-directory', '-C', $root,
		"--eval=print-var: ; \@echo \$($name)", 'print-var');
	chomp $out;
	return ($ok, $out, $err);
}

#
# The PGXN Meta Spec 1.0.0 (https://pgxn.org/meta/spec.txt), as rules:
# meta_errors() returns what is wrong with a decoded META.json.  The rules
# are those of PGXN::Meta::Validator (0.14), the validator that PGXN runs
# on an upload, which neither Debian nor npm packages (CPAN cannot be
# reached from the test machines), written again here from its rules:
# every mandatory key, no unknown key but x_ ones at any level, a term (2
# characters or more, no space, control character, / or \) as the name
# and as each extension's and prerequisite's name, a tag of 1 to 256
# characters without control characters, / or \, URLs with a scheme and
# a host, the known licenses, phases and relations, meta-spec version
# 1.0.0 (the only one it validates); and each version through SemVer,
# the module it uses (Debian: libsemver-perl), when installed (else the
# regular expression of Semantic Versioning 2.0.0 alone, and the check by
# SemVer says it is skipped).  A few rules are stricter than the
# validator's: the spec's URL as meta-spec.url, relative paths.
#
my $semver = qr/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;
my $term = qr/^[^\/\\\s\p{Cntrl}]{2,}$/;
my $tag = qr/^[^\/\\\p{Cntrl}]{1,256}$/;
my $uri = qr{^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#\s]+\S*$};
my $have_semver = eval { require SemVer; 1 };
my %licenses = map { $_ => 1 } qw(agpl_3 apache_1_1 apache_2_0 artistic_1 artistic_2 bsd
  freebsd gfdl_1_2 gfdl_1_3 gpl_1 gpl_2 gpl_3 lgpl_2_1 lgpl_3_0 mit mozilla_1_0 mozilla_1_1
  openssl perl_5 postgresql qpl_1_0 ssleay sun zlib open_source restricted unrestricted unknown);

sub custom { return $_[0] =~ /^[xX]_./ }
sub is_obj { return ref $_[0] eq 'HASH' }
sub is_str { return defined $_[0] && !ref $_[0] && length $_[0] > 0 }
sub is_path { return is_str($_[0]) && $_[0] !~ m{^/|\\|(^|/)\.\.(/|$)} }

sub version_range
{
	my ($v) = @_;
	return 1 if !ref $v && $v eq '0';
	return 0 unless is_str($v);
	for my $part (split /,\s*/, $v)
	{
		my $ver = $part =~ s/^(?:[=!]=|[<>]=?)\s*//r;
		return 0 unless $ver eq '0' || is_version($ver);
	}
	return 1;
}

# a semantic version, as SemVer (when installed) and the spec read it
sub is_version
{
	my ($v) = @_;
	return 0 unless is_str($v) && $v =~ $semver;
	return !$have_semver || defined eval { SemVer->new($v) };
}

sub check_keys
{
	my ($errors, $where, $obj, @allowed) = @_;
	my %ok = map { $_ => 1 } @allowed;
	for my $k (sort keys %$obj)
	{
		push @$errors, "$where: unknown key \"$k\"" unless $ok{$k} || custom($k);
	}
}

sub meta_errors
{
	my ($m) = @_;
	my @e;
	return ('not an object') unless is_obj($m);
	check_keys(\@e, 'top level', $m, qw(name version abstract maintainer license provides
		  meta-spec description generated_by tags no_index prereqs release_status resources));
	for my $k (qw(name version abstract maintainer license provides meta-spec))
	{
		push @e, "missing $k" unless exists $m->{$k};
	}
	push @e, 'name is not a term' if exists $m->{name} && !(is_str($m->{name}) && $m->{name} =~ $term);
	push @e, 'version is not a semantic version' if exists $m->{version} && !is_version($m->{version});
	for my $k (qw(abstract description generated_by))
	{
		push @e, "$k is not a non-empty string" if exists $m->{$k} && !is_str($m->{$k});
	}
	if (exists $m->{maintainer})
	{
		my $mt = $m->{maintainer};
		push @e, 'maintainer is not a string or a list of them'
		  unless is_str($mt) || (ref $mt eq 'ARRAY' && @$mt && !grep { !is_str($_) } @$mt);
	}
	if (exists $m->{license})
	{
		my $l = $m->{license};
		my $ok = (!ref $l && $licenses{$l})
		  || (ref $l eq 'ARRAY' && @$l && !grep { ref $_ || !$licenses{$_} } @$l)
		  || (is_obj($l) && %$l && !grep { !is_str($_) || $_ !~ $uri } values %$l);
		push @e, 'license is not a known license, a list of them, or names with URIs' unless $ok;
	}
	if (exists $m->{provides})
	{
		my $p = $m->{provides};
		if (!is_obj($p) || !%$p)
		{
			push @e, 'provides is not a non-empty object';
		}
		else
		{
			for my $ext (sort keys %$p)
			{
				my $x = $p->{$ext};
				push @e, "provides: \"$ext\" is not a term" unless $ext =~ $term;
				if (!is_obj($x)) { push @e, "provides.$ext is not an object"; next; }
				check_keys(\@e, "provides.$ext", $x, qw(file version abstract docfile docpath));
				push @e, "provides.$ext.file is not a relative path" unless is_path($x->{file});
				push @e, "provides.$ext.version is not a semantic version" unless is_version($x->{version});
				push @e, "provides.$ext.docfile is not a relative path"
				  if exists $x->{docfile} && !is_path($x->{docfile});
				push @e, "provides.$ext.abstract is empty"
				  if exists $x->{abstract} && !is_str($x->{abstract});
			}
		}
	}
	if (exists $m->{'meta-spec'})
	{
		my $s = $m->{'meta-spec'};
		if (!is_obj($s)) { push @e, 'meta-spec is not an object'; }
		else
		{
			check_keys(\@e, 'meta-spec', $s, qw(version url));
			push @e, 'meta-spec.version is not 1.0.0, the one the validator knows'
			  unless is_str($s->{version}) && $s->{version} eq '1.0.0';
			push @e, 'meta-spec.url is not the spec\'s'
			  if exists $s->{url} && $s->{url} !~ m{^https?://pgxn\.org/meta/spec\.txt$};
		}
	}
	if (exists $m->{tags})
	{
		my $t = $m->{tags};
		push @e, 'tags is not a list of tags'
		  unless ref $t eq 'ARRAY' && @$t
		  && !grep { !is_str($_) || $_ !~ $tag } @$t;
	}
	if (exists $m->{no_index})
	{
		my $n = $m->{no_index};
		if (!is_obj($n) || !(exists $n->{file} || exists $n->{directory}))
		{
			push @e, 'no_index has neither file nor directory';
		}
		else
		{
			check_keys(\@e, 'no_index', $n, qw(file directory));
			for my $k (grep { exists $n->{$_} } qw(file directory))
			{
				my @paths = ref $n->{$k} eq 'ARRAY' ? @{ $n->{$k} } : ($n->{$k});
				push @e, "no_index.$k is not a list of relative paths"
				  if !@paths || grep { !is_path($_) } @paths;
			}
		}
	}
	if (exists $m->{prereqs})
	{
		my $p = $m->{prereqs};
		if (!is_obj($p) || !%$p) { push @e, 'prereqs is not a non-empty object'; }
		else
		{
			check_keys(\@e, 'prereqs', $p, qw(configure build test runtime develop));
			for my $phase (grep { !custom($_) } sort keys %$p)
			{
				my $ph = $p->{$phase};
				if (!is_obj($ph)) { push @e, "prereqs.$phase is not an object"; next; }
				check_keys(\@e, "prereqs.$phase", $ph, qw(requires recommends suggests conflicts));
				for my $rel (grep { !custom($_) } sort keys %$ph)
				{
					my $r = $ph->{$rel};
					if (!is_obj($r)) { push @e, "prereqs.$phase.$rel is not an object"; next; }
					for my $name (sort keys %$r)
					{
						push @e, "prereqs.$phase.$rel.$name is not a term" unless $name =~ $term;
						push @e, "prereqs.$phase.$rel.$name is not a version range"
						  unless version_range($r->{$name});
					}
				}
			}
		}
	}
	push @e, 'release_status is not stable, testing or unstable'
	  if exists $m->{release_status}
	  && !(is_str($m->{release_status}) && $m->{release_status} =~ /^(stable|testing|unstable)$/);
	if (exists $m->{resources})
	{
		my $r = $m->{resources};
		if (!is_obj($r) || !%$r) { push @e, 'resources is not a non-empty object'; }
		else
		{
			check_keys(\@e, 'resources', $r, qw(homepage bugtracker repository license));
			if (exists $r->{license})
			{
				my @l = ref $r->{license} eq 'ARRAY' ? @{ $r->{license} } : ($r->{license});
				push @e, 'resources.license is not a list of URLs' if !@l || grep { !is_str($_) || $_ !~ $uri } @l;
			}
			push @e, 'resources.homepage is not a URI'
			  if exists $r->{homepage} && !(is_str($r->{homepage}) && $r->{homepage} =~ $uri);
			if (exists $r->{bugtracker})
			{
				my $b = $r->{bugtracker};
				if (!is_obj($b) || !(exists $b->{web} || exists $b->{mailto}))
				{
					push @e, 'resources.bugtracker has neither web nor mailto';
				}
				else
				{
					check_keys(\@e, 'resources.bugtracker', $b, qw(web mailto));
					push @e, 'resources.bugtracker.web is not a URI'
					  if exists $b->{web} && !(is_str($b->{web}) && $b->{web} =~ $uri);
					push @e, 'resources.bugtracker.mailto is not an email address'
					  if exists $b->{mailto} && !(is_str($b->{mailto}) && $b->{mailto} =~ /^[^@\s]+@[^@\s]+$/);
				}
			}
			if (exists $r->{repository})
			{
				my $rp = $r->{repository};
				if (!is_obj($rp) || !(exists $rp->{url} || exists $rp->{web}))
				{
					push @e, 'resources.repository has neither url nor web';
				}
				else
				{
					check_keys(\@e, 'resources.repository', $rp, qw(url web type));
					for my $k (grep { exists $rp->{$_} } qw(url web))
					{
						push @e, "resources.repository.$k is not a URI"
						  unless is_str($rp->{$k}) && $rp->{$k} =~ $uri;
					}
					push @e, 'resources.repository.type is empty'
					  if exists $rp->{type} && !is_str($rp->{type});
				}
			}
		}
	}
	return @e;
}

# version_lt(A, B): semantic version A is older than B (numbers only).
sub version_lt
{
	my @a = split /\./, $_[0];
	my @b = split /\./, $_[1];
	for my $i (0 .. 2)
	{
		return $a[$i] < $b[$i] if $a[$i] != $b[$i];
	}
	return 0;
}

#
# The rules catch what they should (so that a pass below means something).
#
my $json = JSON::PP->new->canonical;
my $meta_text = slurp("$root/META.json");
my $meta = eval { $json->decode($meta_text) };
ok(defined $meta, 'META.json is JSON') or diag($@);
my %broken = (
	'no license' => sub { delete $_[0]{license} },
	'a made-up license' => sub { $_[0]{license} = 'postgres' },
	'version not semantic' => sub { $_[0]{version} = '0.1' },
	'provides without file' => sub { delete $_[0]{provides}{idtypes}{file} },
	'meta-spec 2.0.0' => sub { $_[0]{'meta-spec'}{version} = '2.0.0' },
	'unknown top-level key' => sub { $_[0]{repository} = 'x' },
	'bad prereq version' => sub { $_[0]{prereqs}{runtime}{requires}{PostgreSQL} = '13' },
	'repository without url or web' => sub { $_[0]{resources} = { repository => { type => 'git' } } },
	'absolute docfile' => sub { $_[0]{provides}{idtypes}{docfile} = '/README.md' },
	'a tag with a slash' => sub { $_[0]{tags} = ['a/b'] },
	'a tag of 257 characters' => sub { $_[0]{tags} = ['x' x 257] },
	'meta-spec 1.0.1' => sub { $_[0]{'meta-spec'}{version} = '1.0.1' },
	'a homepage without a host' => sub { $_[0]{resources} = { homepage => 'mailto:x' } },
	'a name with a space' => sub { $_[0]{name} = 'id types' },
	($have_semver ? ('a version SemVer refuses' => sub { $_[0]{version} = '1.0.0-01' }) : ()));
for my $what (sort keys %broken)
{
	my $copy = $json->decode($meta_text);
	$broken{$what}->($copy);
	ok(scalar(meta_errors($copy)) > 0, "the META.json rules reject $what");
}
my @errors = meta_errors($meta);
is(join("\n", @errors), '', 'META.json follows the PGXN Meta Spec 1.0.0, by the rules of PGXN\'s validator');
SKIP:
{
	skip 'SemVer (Debian: libsemver-perl), the module of PGXN\'s validator, is not installed: '
	  . 'versions checked by the regular expression alone', 1 unless $have_semver;
	ok(defined eval { SemVer->new($meta->{version}) } && !defined eval { SemVer->new('1.0.0-01') },
		'SemVer, the module of PGXN\'s validator, takes META.json\'s version and refuses a leading zero');
}

#
# One version: default_version in the control file, repeated everywhere else.
#
my ($version) = slurp("$root/idtypes.control") =~ /^default_version = '([^']+)'$/m;
like($version, $semver, "the control file's default_version ($version) is a semantic version");
is($meta->{version}, $version, 'META.json version is the control file\'s');
is($meta->{provides}{idtypes}{version}, $version, 'META.json provides.idtypes.version is the control file\'s');
is($meta->{provides}{idtypes}{file}, "idtypes--$version.sql", 'META.json provides the install script of that version');
ok(-f "$root/idtypes--$version.sql", "the install script idtypes--$version.sql is built (make)");
my @installs = grep { !/--.*--/ } map { basename($_) } glob("$root/idtypes--*.sql");
is("@installs", "idtypes--$version.sql",
	'it is the only install script at the top (the others are upgrade scripts, and the releases\' in released/)');

# The released versions: their install scripts frozen in released/, each
# byte for byte what its release built (released/SHA256SUMS, written at the
# release), older than this one, and each with an upgrade script from it
# (t/013_upgrade.pl runs them).
my %sums;
for my $line (split /\n/, slurp("$root/released/SHA256SUMS"))
{
	my ($sum, $file) = $line =~ /^([0-9a-f]{64})  (\S+)$/ or die "released/SHA256SUMS: bad line $line";
	$sums{$file} = $sum;
}
my @released = map { basename($_) } glob("$root/released/idtypes--*.sql");
is(join(' ', sort keys %sums), join(' ', sort @released),
	'released/SHA256SUMS names every released install script, and only those');
# before the first release, none: the current version is that release
is($version, '1.0.0', 'no release is frozen yet: the current version is the first, 1.0.0') unless @released;
for my $file (@released)
{
	my ($v) = $file =~ /^idtypes--([^-]+)\.sql$/;
	like($v // '', $semver, "$file is the install script of a semantic version");
	is(Digest::SHA->new(256)->addfile("$root/released/$file")->hexdigest, $sums{$file} // '',
		"released/$file is still what release $v built");
	next if !defined $v || $v eq $version;
	ok(version_lt($v, $version), "release $v is older than $version");
	ok(scalar(glob("$root/idtypes--$v--*.sql")), "there is an upgrade script from $v");
}
my ($deb_version) = slurp("$root/debian/changelog") =~ /\Aidtypes \(([^)]+)\)/;
is($deb_version =~ s/-[^-]*$//r, $version, 'the newest entry of debian/changelog is that version');

#
# What a distribution takes besides the archive (tools/package.sh builds
# the source package from them and runs lintian on it, in unstable's root).
#
like($deb_version, qr/^\Q$version\E-\d+$/, 'debian/changelog gives a Debian revision (3.0 quilt: the archive is the upstream tarball)');
is(slurp("$root/debian/source/format"), "3.0 (quilt)\n", 'debian/source/format is 3.0 (quilt)');
my ($watch_version, $watch_dir, $watch_file) = slurp("$root/debian/watch") =~
  /^version=(\d+)\n.*^\s+(https:\/\/\S+\/)\s+(\S+)\s*\z/ms;
is($watch_version, 4, 'debian/watch: format version 4');
my $watch_re = ($watch_file // '') =~ s/\@ANY_VERSION\@/(\\d[\\d.]*)/gr;
like("idtypes-$version.zip", qr/^$watch_re$/, 'debian/watch: its pattern finds the archive that make dist names');
like($watch_dir // '', qr{^https://[^/]+/dist/\Q$meta->{name}\E/\@ANY_VERSION\@/$},
	'debian/watch: a directory per version of the distribution META.json names');
my $upstream = slurp("$root/debian/upstream/metadata");
like($upstream, qr/^Registry:\n - Name: PGXN\n   Entry: \Q$meta->{name}\E$/m, 'debian/upstream/metadata: PGXN, under the name META.json gives');
my @copyright = split /\n\n+/, slurp("$root/debian/copyright");
like($copyright[0], qr{^Format: https://www\.debian\.org/doc/packaging-manuals/copyright-format/1\.0/$}m,
	'debian/copyright is machine-readable (DEP-5)');
like($copyright[1] // '', qr/\AFiles: \*\nCopyright: .+\nLicense: (\S+)$/, 'its first paragraph covers every file');
my %license_text = map { /^License: (\S+)\n/ ? ($1 => 1) : () } grep { !/^Files:/ } @copyright;
my @named = map { /^License: (\S+)$/m ? ($1) : () } grep { /^Files:/ && !/^License: \S+\n /m } @copyright;
is(join(' ', grep { !$license_text{$_} } @named), '', 'every license it names has its text');
my $security = slurp("$root/SECURITY.md");
like($security, qr/^## Reporting a vulnerability$/m, 'SECURITY.md says how to report a vulnerability');
like($security, qr/^## Supported versions$/m, 'SECURITY.md says which versions get fixes');
like($security, qr/^## What counts as a vulnerability\n.*reissued id.*crash on input.*privilege escape/ms,
	'SECURITY.md says what counts as a vulnerability: a reissued id, a crash on input, a privilege escape');
my @bad_links = doc_link_problems($root, 'SECURITY.md');
ok(!@bad_links, 'SECURITY.md: every relative link leads to a file and a heading that exist') or diag(join "\n", @bad_links);
my ($ok, $out, $err) = make_var('EXTVERSION');
is($out, $version, 'the Makefile\'s EXTVERSION is the control file\'s') or diag($err);

# the oldest server: compat.h refuses what META.json does not require
my ($min) = slurp("$root/src/compat.h") =~ /PG_VERSION_NUM < (\d+)0000\n#error/;
is("$min.0.0", $meta->{prereqs}{runtime}{requires}{PostgreSQL},
	'META.json requires the PostgreSQL version that src/compat.h starts at');
# the majors the Makefile builds for: from that one to the newest of the
# test matrix (tools/roots.sh), each of them
my ($matrix) = slurp("$root/tools/roots.sh") =~ /^MATRIX_VERSIONS=\(([^)]*)\)$/m;
my $newest = (sort { $a <=> $b } split ' ', $matrix // '')[-1] // 0;
($ok, $out, $err) = make_var('IDTYPES_MAJORS');
is($out, join(' ', $min .. $newest), "the Makefile builds for PostgreSQL $min to $newest, the newest of the test matrix")
  or diag($err);
# every extension the control file requires is a runtime prerequisite
my ($requires) = slurp("$root/idtypes.control") =~ /^requires = '([^']*)'$/m;
for my $ext (split /,\s*/, $requires // '')
{
	ok(exists $meta->{prereqs}{runtime}{requires}{$ext}, "the control file's requirement $ext is in META.json");
}

#
# The install script is built from the SQL sources in src/ (the Makefile's
# SQL_SOURCES, put together by tools/sqlscript.sh, which writes the byte-id
# block of src/byteid.sql.in for each type whose source asks for it): the
# script of this tree and the installed one are what the sources build now.
#
my $script_name = "idtypes--$version.sql";
my $template = 'src/byteid.sql.in';
my $sources;
($ok, $sources, $err) = make_var('SQL_SOURCES');
my @sources = split ' ', $sources;
my @in_src = map { substr($_, length($root) + 1) } (glob("$root/src/*.sql"), glob("$root/src/*/*.sql"));
is(join(' ', sort @sources), join(' ', sort @in_src),
	'every SQL file in src/ is a source of the install script, once') or diag($err);

# run_sqlscript(SCRIPT, TEMPLATE, SOURCE...): the tool, as the Makefile runs it
sub run_sqlscript
{
	return run_cmd('sh', "$root/tools/sqlscript.sh", @_);
}
my $work_sql = PostgreSQL::Test::Utils::tempdir('script');
($ok, $out, $err) = run_sqlscript("$work_sql/$script_name", map { "$root/$_" } $template, @sources);
ok($ok, 'tools/sqlscript.sh builds the install script from the sources') or diag($err);
my $script = slurp("$work_sql/$script_name");
unlike($script, qr/\@[A-Z_]+\@|^\@/m, 'no placeholder of the template and no directive is left in it');
same_text(slurp("$root/$script_name"), $script,
	"$script_name in the tree is what the sources build now (else: make)");
my $sharedir = `pg_config --sharedir`;
chomp $sharedir;
same_text(slurp("$sharedir/extension/$script_name"), $script,
	'the installed install script is what the sources build now (else: make install)');

# what the tool refuses (so that a mistake stops the build, not CREATE EXTENSION)
my %refused = (
	'a directive without its article' => ["\@byteid muid 16\n", "-- head\n\nCREATE TYPE \@TYPE\@;\n"],
	'a directive without its unit' => ["\@byteid muid 16 a\n", "-- head\n\nCREATE TYPE \@TYPE\@;\n"],
	'an unknown directive' => ["\@bytes muid 16 a\n", "-- head\n\nCREATE TYPE \@TYPE\@;\n"],
	'a placeholder it does not know' => ["\@byteid muid 16 a microsecond\n", "-- head\n\nCREATE TYPE \@TYPE\@ (\@SIZE\@);\n"]);
for my $what (sort keys %refused)
{
	my ($source, $tmpl) = @{ $refused{$what} };
	for (['source.sql', $source], ['template.sql.in', $tmpl])
	{
		open my $fh, '>', "$work_sql/$_->[0]" or die "cannot write $_->[0]: $!";
		print $fh $_->[1];
		close $fh;
	}
	($ok, $out, $err) = run_sqlscript("$work_sql/refused.sql", "$work_sql/template.sql.in", "$work_sql/source.sql");
	ok(!$ok && !-e "$work_sql/refused.sql" && $err ne '', "tools/sqlscript.sh refuses $what, and writes no script");
}

# the byte-id types, from the directives of the sources, and what the
# template creates for each
my @byteids;
for my $source (@sources)
{
	push @byteids, slurp("$root/$source") =~ /^\@byteid (\S+) \d+ an? [a-z]+$/mg;
}
ok(scalar(@byteids) > 0, "the byte-id types: @byteids");
my $template_text = slurp("$root/$template");
my @block_functions = $template_text =~ /^CREATE FUNCTION (\S+)\(/mg;
my @block_classes = $template_text =~ /^CREATE OPERATOR CLASS (\S+)$/mg;

# the server sees the same version
my $node = PostgreSQL::Test::Cluster->new('packaging');
$node->init;
$node->start;
is($node->safe_psql('postgres', "SELECT default_version FROM pg_available_extensions WHERE name = 'idtypes'"),
	$version, 'the installed extension offers that version');
$node->safe_psql('postgres', 'CREATE EXTENSION idtypes');
is($node->safe_psql('postgres', "SELECT extversion FROM pg_extension WHERE extname = 'idtypes'"),
	$version, 'CREATE EXTENSION installs that version');

# the btree family's skip support (function 6) is registered on PostgreSQL
# 18 and later only
my $support_functions =
  $node->safe_psql('postgres', 'SHOW server_version_num') >= 180000 ? 13 : 12;

# every byte-id type got the whole block: the template's functions and
# operator classes by name, and the same operators, operator family members,
# aggregates and bytea casts as every other byte-id type
for my $type (@byteids)
{
	my @names = map { s/\@TYPE\@/$type/gr } @block_functions, @block_classes;
	my $list = join(', ', map { "'$_'" } @names);
	is($node->safe_psql('postgres', qq{
		SELECT string_agg(n, ' ' ORDER BY n) FROM unnest(ARRAY[$list]) n
		WHERE NOT EXISTS (SELECT FROM pg_proc p WHERE p.proname = n)
		  AND NOT EXISTS (SELECT FROM pg_opclass c WHERE c.opcname = n)}),
		'', "$type has every function and operator class of $template");
	is($node->safe_psql('postgres', qq{
		SELECT (SELECT count(*) FROM pg_operator WHERE '$type'::regtype IN (oprleft, oprright)) || ' operators, '
			|| (SELECT string_agg(am.amname, ' ' ORDER BY am.amname)
				FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
				WHERE c.opcintype = '$type'::regtype AND c.opcdefault) || ' classes, '
			|| (SELECT count(*) FROM pg_amop a JOIN pg_opclass c ON c.opcfamily = a.amopfamily
				WHERE c.opcintype = '$type'::regtype) || ' family operators, '
			|| (SELECT count(*) FROM pg_amproc a JOIN pg_opclass c ON c.opcfamily = a.amprocfamily
				WHERE c.opcintype = '$type'::regtype) || ' support functions, '
			|| (SELECT count(*) FROM pg_aggregate WHERE aggtranstype = '$type'::regtype) || ' aggregates, '
			|| (SELECT count(*) FROM pg_cast
				WHERE (castsource, casttarget) IN (('$type'::regtype, 'bytea'::regtype), ('bytea'::regtype, '$type'::regtype)))
			|| ' bytea casts'}),
		"18 operators, brin btree hash classes, 31 family operators, $support_functions support functions, 2 aggregates, 2 bytea casts",
		"$type has the operators, operator classes, aggregates and casts of $template");
}
$node->stop;

#
# The archive of make dist.
#
SKIP:
{
	my $distdir = $ENV{IDTYPES_DIST_DIR};
	skip 'no archive: tools/test.sh makes one with make dist in a git checkout', 1
	  unless defined $distdir;

	my @archives = map { basename($_) } glob("$distdir/*.zip");
	is("@archives", "idtypes-$version.zip", "make dist made idtypes-$version.zip");
	my $zip = "$distdir/idtypes-$version.zip";
	($ok, $out, $err) = run_cmd('unzip', '-Z1', $zip);
	ok($ok, 'the archive lists') or diag($err);
	my %in = map { $_ => 1 } grep { !m{/$} } split /\n/, $out;
	my $prefix = "idtypes-$version/";
	is(join(' ', grep { index($_, $prefix) != 0 } sort keys %in), '',
		"every file is under $prefix");
	my %files = map { substr($_, length $prefix) => 1 } keys %in;

	# what a build and the tests use, as found in this tree
	my @needed = ('Makefile', 'META.json', 'README.md', 'LICENSE', 'idtypes.control', 'CHANGELOG.md', 'SECURITY.md',
		$meta->{provides}{idtypes}{docfile}, map { basename($_) } glob("$root/idtypes--*--*.sql"));
	find({ no_chdir => 1, wanted => sub {
		my $rel = substr($File::Find::name, length($root) + 1);
		push @needed, $rel
		  if -f $File::Find::name && $rel =~ m{^(src/.*\.([ch]|sql(\.in)?)|released/.*|sql/.*\.sql|expected/.*\.out|specs/.*\.spec|t/.*\.p[lmy]|clients/python/.*\.py|clients/js/[^/]+\.js(on)?|clients/java/.*\.java|clients/go/.*\.go|clients/go/go\.mod|clients/rust/.*\.(rs|toml)|clients/ruby/.*\.rb|doc/.*\.md|tools/.*\.(sh|sql)|bench/[^/]+|companion/(src/.*\.sql|build\.sh|schema-check\.sql|internal-check\.sql|schemes\.awk|Makefile|idtypes_sql\.control)|pg_uuidv7/(names\.sql|build\.sh|Makefile|.*\.control|.*-install\.sql|.*-pgtle\.sql))$};
	} }, map { "$root/$_" } grep { -d "$root/$_" } qw(src released sql expected specs t clients doc tools bench companion pg_uuidv7));
	my @missing = grep { !$files{$_} } sort @needed;
	is("@missing", '', 'the archive holds every file of the build, the tests, the tools and the docs')
	  or diag('not committed? ' . "@missing");
	# every regression test and isolation spec has its expected output
	my @unpaired = grep {
		(m{^sql/(.*)\.sql$} || m{^specs/(.*)\.spec$}) && !$files{"expected/$1.out"}
	} sort keys %files;
	is("@unpaired", '', 'every regression file and isolation spec in it has its expected output');
	my @unwanted = grep { m{(^|/)\.|\.(o|so|bc)$|^(results|output_iso|tmp_check|dist)/} } sort keys %files;
	is("@unwanted", '', 'no build output, test output or repository files in it');
	ok(!$files{$script_name}, "$script_name is not in it either: make builds it from the sources");
	is(join(' ', grep { m{^debian/} } sort keys %files), '',
		'no debian/: the Debian packaging is the distribution\'s part of its source package, beside the archive');

	# the archive builds and installs by itself, without warnings
	my $work = PostgreSQL::Test::Utils::tempdir('dist');
	($ok, $out, $err) = run_cmd('unzip', '-q', $zip, '-d', $work);
	ok($ok, 'the archive unpacks') or diag($err);
	my $src = "$work/idtypes-$version";
	($ok, $out, $err) = run_cmd('make', '-C', $src, 'PG_CONFIG=pg_config');
	ok($ok, 'make builds the unpacked archive') or diag($err);
	is(join("\n", grep { /warning:/ } split /\n/, $err), '', 'without a compiler warning');
	($ok, $out, $err) = run_cmd('make', '-C', $src, 'PG_CONFIG=pg_config', "DESTDIR=$work/install", 'install');
	ok($ok, 'make install installs it') or diag($err);
	my ($pkglibdir, $sharedir) = map { my $d = `pg_config --$_`; chomp $d; $d } qw(pkglibdir sharedir);
	my @installed = map { basename($_) } grep { -f }
	  ("$work/install$pkglibdir/idtypes.so", glob("$work/install$sharedir/extension/idtypes*"));
	my @scripts = map { basename($_) } (glob("$root/released/idtypes--*.sql"), glob("$root/idtypes--*--*.sql"));
	is(join(' ', sort @installed),
		join(' ', sort(grep({ $_ ne "idtypes--$version.sql" } @scripts), "idtypes--$version.sql", 'idtypes.control', 'idtypes.so')),
		'it installs the module, the control file, the install script, and the released versions\' and upgrade scripts');
}

done_testing();
