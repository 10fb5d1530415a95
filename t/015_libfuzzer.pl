# A short run of the libFuzzer harness of the parsers (tools/fuzz.sh, with
# AddressSanitizer and UndefinedBehaviorSanitizer): it builds, fuzzes the
# type of every scheme that has one of its own, starts from its seeds, and
# finds no failure in 500000 inputs.  The long run is
# "bash tools/fuzz.sh" (see doc/contributing.md, Test modes).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest::Schemes;
use IPC::Run;
use POSIX qw(uname);
use PostgreSQL::Test::Utils;
use Test::More;

# IDTYPES_FUZZ=no: the roots of the version matrix (tools/roots.sh) leave
# this test to the run on the host (Debian 12's clang); see
# doc/contributing.md, Other PostgreSQL versions
plan skip_all => 'the libFuzzer harness runs on the host, not in the roots of the version matrix'
  if ($ENV{IDTYPES_FUZZ} // '') eq 'no';
my $have = sub { system("command -v $_[0] >/dev/null 2>&1") == 0 };
plan skip_all => 'clang and lld are not installed' unless $have->('clang') && $have->('ld.lld');
my $runtime = `clang -print-file-name=libclang_rt.fuzzer-@{[ (uname())[4] ]}.a`;
chomp $runtime;
plan skip_all => 'libFuzzer is not installed (libclang-rt-dev)' unless -e $runtime;

my $out = PostgreSQL::Test::Utils::tempdir();
my ($stdout, $stderr);
my $ok = IPC::Run::run([ 'bash', "$FindBin::RealBin/../tools/fuzz.sh", '--runs', '500000', '--out', $out ],
	'>', \$stdout, '2>', \$stderr);
ok($ok, 'the harness builds and runs without a failure')
  or diag($stdout . $stderr);
like($stderr, qr/^Done 500000 runs/m, 'it ran 500000 inputs');
my ($types) = $stderr =~ /^fuzz_idtypes types: (.*)$/m;
is($types // '', join(' ', map { $_->{type} } byte_schemes()), 'it fuzzes the types of every scheme of src/scheme.h');
is(join(' ', grep { !-s "$out/seeds/$_" } map { ("text-$_->{type}", "recv-$_->{type}", "bytea-$_->{type}") } byte_schemes()),
	'', 'it starts from a valid input of each type\'s targets');
my ($units) = $stderr =~ /stat::new_units_added:\s+(\d+)/;
cmp_ok($units // 0, '>', 50, 'and found new coverage along the way (' . ($units // 0) . ' inputs added)');
is(scalar(glob("$out/crash-*")), undef, 'no crash input was written');

done_testing();
