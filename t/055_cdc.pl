# Change data capture: what the logical decoders that CDC tools read emit
# for rows keyed by every scheme (muid, hlculid, uid8, tid62, and core uuid
# from uuidv6_next(), uuidv7_next() and uuidv8_next()), with REPLICA
# IDENTITY default and FULL, for inserts, updates (of another column, and of
# the key) and deletes:
#
# - test_decoding: its text lines, with the type's name and text form;
# - wal2json (when installed: Debian's postgresql-N-wal2json), formats 1
#   and 2, with the type names and OIDs (include-type-oids) and without any
#   type (include-types = false);
# - pgoutput, as a client of the replication protocol reads it: the raw
#   messages that pg_recvlogical writes (proto_version 1, publication_names,
#   binary off and on), parsed here: Relation and Type messages (the
#   column's type OID, the type's schema and name), and the tuples in text
#   (the text form) and in binary (the type's send format);
# - a subscriber without idtypes (a plain server where the extension was
#   never created), whose tables hold the ids in columns of core types, by
#   text and by binary subscriptions: which arrive, as what, and which stop
#   the subscription with which error;
# - the recipes of doc/operations.md ("Change data capture"): a column of a
#   core type beside the key, kept by a trigger (every version) or stored
#   generated and published with publish_generated_columns (18 and later;
#   before 18 a generated column never reaches pgoutput, which is asserted);
#   and the documentation's ```sql cdc blocks (```sql cdc-18: 18 and later).
#
# Every expected value is the server's own: each id's text (id::text) and
# send format (the type's send function), read back from the publisher.
use strict;
use warnings;
use Cwd qw(getcwd);
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use IPC::Run;
use JSON::PP;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my @schemes = schemes();
my @ris = qw(default full);

my $pub = PostgreSQL::Test::Cluster->new('cdc_publisher');
$pub->init(allows_streaming => 'logical');
$pub->append_conf('postgresql.conf', q{
shared_preload_libraries = 'idtypes'
max_replication_slots = 40
max_wal_senders = 40
timezone = 'UTC'
idtypes.publisher_id = 10
});
$pub->start;
$pub->safe_psql('postgres', 'CREATE EXTENSION idtypes');
my $major = $pub->pg_version->major;

# wal2json: installed for this server, or why not
my $pg_config = $ENV{PG_CONFIG} // 'pg_config';
chomp(my $pkglibdir = `$pg_config --pkglibdir`);
my $wal2json_skip;
if (!-f "$pkglibdir/wal2json.so")
{
	my $package = "postgresql-$major-wal2json";
	$wal2json_skip = "wal2json is not installed for PostgreSQL $major ($pkglibdir/wal2json.so is missing): "
	  . ((" " . ($ENV{IDTYPES_UNAVAILABLE} // '') . " ") =~ / \Q$package\E /
		? "this Debian release's archive has no $package"
		: "install $package");
}
# Minor releases that have output_plugin_libraries load only the plugins
# it names (pgoutput and test_decoding by default): wal2json is added.
my $plugins = $pub->safe_psql('postgres',
	q{SELECT setting FROM pg_settings WHERE name = 'output_plugin_libraries'});
if ($plugins ne '' && !$wal2json_skip)
{
	$pub->safe_psql('postgres', "ALTER SYSTEM SET output_plugin_libraries = $plugins, wal2json");
	$pub->reload;
	$pub->poll_query_until('postgres', q{SELECT current_setting('output_plugin_libraries') LIKE '%wal2json%'})
	  or die 'output_plugin_libraries does not name wal2json after a reload';
}
note("output_plugin_libraries: " . ($plugins eq '' ? 'none (this minor release has no such setting)' : $plugins));

# ---------------------------------------------------------------------------
# the tables, the slots, the ids
# ---------------------------------------------------------------------------

# per scheme, its type's OID and send function
my (%oid, %send);
for my $s (@schemes)
{
	($oid{ $s->{name} }, $send{ $s->{name} }) = split /\|/, $pub->safe_psql('postgres',
		"SELECT oid, typsend FROM pg_type WHERE oid = '$s->{type}'::regtype");
	$oid{ $s->{name} } += 0;    # a number, as JSON has it
}

my @tables;
for my $s (@schemes)
{
	for my $ri (@ris)
	{
		my $t = "cdc_$s->{name}_$ri";
		push @tables, $t;
		$pub->safe_psql('postgres', "CREATE TABLE $t (id $s->{type} PRIMARY KEY, v int)"
			  . ($ri eq 'full' ? "; ALTER TABLE $t REPLICA IDENTITY FULL" : ''));
	}
	# what the subscriber without idtypes subscribes to
	$pub->safe_psql('postgres', "CREATE PUBLICATION cdc_$s->{name} FOR TABLE cdc_$s->{name}_default");
}
$pub->safe_psql('postgres', 'CREATE PUBLICATION cdc_all FOR TABLE ' . join(', ', @tables));

# the slots, made before the changes
$pub->safe_psql('postgres', "SELECT pg_create_logical_replication_slot('$_->[0]', '$_->[1]')")
  for ([ 'cdc_td', 'test_decoding' ], [ 'cdc_po_text', 'pgoutput' ], [ 'cdc_po_binary', 'pgoutput' ],
	($wal2json_skip ? () : ([ 'cdc_wj', 'wal2json' ])));

# three ids of each scheme (a, b, c), from its generator: text and bytes
my %ids;
for my $s (@schemes)
{
	for my $tag (qw(a b c))
	{
		my ($text, $hex);
		# A uid8 whose hex form has only decimal digits reads as a (wrong)
		# bigint on a plain text-mode subscriber (doc/operations.md says
		# so); the ids here carry a letter, so that the refusal tested
		# below is the one every other uid8 meets.
		for my $try (1 .. 10000)
		{
			($text, $hex) = split /\|/, $pub->safe_psql('postgres',
				"SELECT x::text, encode($send{$s->{name}}(x), 'hex') FROM (SELECT $s->{gen} AS x) g");
			last unless $s->{name} eq 'uid8' && $text =~ /^[0-9]+$/;
		}
		die "no uid8 with a hex letter in 10000 tries" if $s->{name} eq 'uid8' && $text =~ /^[0-9]+$/;
		$ids{ $s->{name} }{$tag} = { text => $text, hex => $hex };
	}
}

# ---------------------------------------------------------------------------
# a subscriber without idtypes, subscribed before the changes
# ---------------------------------------------------------------------------

# Each group is a subscription (in a database of its own) to the tables
# keyed by some schemes, whose key column on the subscriber is of a core
# type: its outcome is the final row's key as that type prints it, or the
# error that stops the subscription (disable_on_error).
my @groups = (
	{ mode => 'text', col => 'text', schemes => [ map { $_->{name} } @schemes ] },
	{ mode => 'text', col => 'bytea', schemes => [ map { $_->{name} } @schemes ] },
	{ mode => 'binary', col => 'bytea', schemes => [ map { $_->{name} } @schemes ] },
	{ mode => 'text', col => 'uuid', schemes => [qw(muid uuidv6 uuidv7 uuidv8)] },
	{ mode => 'text', col => 'uuid', schemes => ['hlculid'], error => 'invalid input syntax for type uuid: "%s"' },
	{ mode => 'text', col => 'uuid', schemes => ['tid62'], error => 'invalid input syntax for type uuid: "%s"' },
	{ mode => 'binary', col => 'uuid', schemes => [qw(muid hlculid uuidv6 uuidv7 uuidv8)] },
	{ mode => 'binary', col => 'uuid', schemes => ['tid62'], error => 'insufficient data left in message' },
	{ mode => 'text', col => 'bigint', schemes => ['uid8'], error => 'invalid input syntax for type bigint: "%s"' },
	{ mode => 'binary', col => 'bigint', schemes => ['uid8'] },
);

my $sub = PostgreSQL::Test::Cluster->new('cdc_plain_subscriber');
$sub->init;
$sub->append_conf('postgresql.conf', q{
max_logical_replication_workers = 16
max_worker_processes = 24
});
$sub->start;
my $pub_conn = $pub->connstr . ' dbname=postgres';
for my $g (0 .. $#groups)
{
	my $grp = $groups[$g];
	$grp->{name} = "plain_$g";
	$sub->safe_psql('postgres', "CREATE DATABASE $grp->{name}");
	$sub->safe_psql($grp->{name}, "CREATE TABLE cdc_${_}_default (id $grp->{col} PRIMARY KEY, v int)")
	  for @{ $grp->{schemes} };
	$sub->safe_psql($grp->{name}, "CREATE SUBSCRIPTION $grp->{name} CONNECTION '$pub_conn' PUBLICATION "
		  . join(', ', map { "cdc_$_" } @{ $grp->{schemes} })
		  . " WITH (binary = " . ($grp->{mode} eq 'binary' ? 'true' : 'false')
		  . ', copy_data = false, disable_on_error = true)');
}

# ---------------------------------------------------------------------------
# the changes
# ---------------------------------------------------------------------------

# per table, one statement a transaction: a and b inserted, a's other
# column updated, b's key updated to c, a deleted
for my $s (@schemes)
{
	my %q = map { $_ => "'$ids{$s->{name}}{$_}{text}'::$s->{type}" } qw(a b c);
	for my $ri (@ris)
	{
		my $t = "cdc_$s->{name}_$ri";
		$pub->safe_psql('postgres', qq{
			INSERT INTO $t VALUES ($q{a}, 1);
			INSERT INTO $t VALUES ($q{b}, 2);
			UPDATE $t SET v = 10 WHERE id = $q{a};
			UPDATE $t SET id = $q{c} WHERE id = $q{b};
			DELETE FROM $t WHERE id = $q{a};
		});
	}
}
my $endpos = $pub->safe_psql('postgres', 'SELECT pg_current_wal_lsn()');

# The changes of table cdc_NAME_RI as the WAL has them: [op, new, old], each
# tuple {column => value} with the ids as a, b, c; the old tuple is what
# the replica identity logs (none for an update that keeps the key under
# the default identity, the key alone for the others; the whole row under
# FULL).
sub changes
{
	my ($full) = @_;
	return (
		[ 'INSERT', { id => 'a', v => 1 } ],
		[ 'INSERT', { id => 'b', v => 2 } ],
		[ 'UPDATE', { id => 'a', v => 10 }, $full ? { id => 'a', v => 1 } : undef ],
		[ 'UPDATE', { id => 'c', v => 2 }, $full ? { id => 'b', v => 2 } : { id => 'b' } ],
		[ 'DELETE', undef, $full ? { id => 'a', v => 10 } : { id => 'a' } ]);
}

# the report: per decoder and scheme, one value of the wire
my %wire;

# ---------------------------------------------------------------------------
# test_decoding
# ---------------------------------------------------------------------------

my @td = split /\n/, $pub->safe_psql('postgres',
	"SELECT data FROM pg_logical_slot_get_changes('cdc_td', NULL, NULL) WHERE data LIKE 'table %'");
for my $s (@schemes)
{
	my $id = $ids{ $s->{name} };
	my $typname = $s->{type};
	my $cols = sub {
		my ($tuple) = @_;
		return join ' ', ("id[$typname]:'$id->{$tuple->{id}}{text}'"),
		  (exists $tuple->{v} ? ("v[integer]:$tuple->{v}") : ());
	};
	for my $ri (@ris)
	{
		my $t = "cdc_$s->{name}_$ri";
		my @want = map {
			my ($op, $new, $old) = @$_;
			"table public.$t: $op: "
			  . ($op eq 'DELETE' ? $cols->($old)
				: $old ? 'old-key: ' . $cols->($old) . ' new-tuple: ' . $cols->($new)
				: $cols->($new))
		} changes($ri eq 'full');
		is_deeply([ grep { /^table public\.$t: / } @td ], \@want,
			"test_decoding, $s->{name} key, replica identity $ri: the type's name and text form");
	}
	$wire{test_decoding}{ $s->{name} } = "id[$typname]:'$id->{a}{text}'";
}

# ---------------------------------------------------------------------------
# wal2json
# ---------------------------------------------------------------------------

# wal2json's identity of a change: the old tuple when the WAL has one, else
# (an update that keeps the key) the new tuple's key
sub identity_of
{
	my ($op, $new, $old) = @_;
	return $old // ($op eq 'UPDATE' ? { id => $new->{id} } : undef);
}

my $json = JSON::PP->new->canonical;
for my $format (1, 2)
{
	for my $types ('oids', 'none')
	{
		SKIP:
		{
			# one skip per set of options, for its assertions of every table
			skip "wal2json format $format, " . ($types eq 'oids' ? 'with type OIDs' : 'without types')
			  . ": $wal2json_skip", 1 if $wal2json_skip;
			my @options = ("'format-version', '$format'",
				$types eq 'oids' ? "'include-type-oids', 'true'" : "'include-types', 'false'");
			my @out = map { $json->decode($_) } split /\n/, $pub->safe_psql('postgres',
				'SELECT data FROM pg_logical_slot_peek_changes(\'cdc_wj\', NULL, NULL, '
				  . join(', ', @options) . ')');
			# the changes, each as format 2 writes one: a line of its own
			my @changes = $format == 1 ? map { @{ $_->{change} } } @out : grep { $_->{action} =~ /^[IUD]$/ } @out;
			for my $s (@schemes)
			{
				my $id = $ids{ $s->{name} };
				my %coltype = (id => [ $s->{type}, $oid{ $s->{name} } ], v => [ 'integer', 23 ]);
				my $value = sub { my ($c, $x) = @_; $c eq 'id' ? $id->{$x}{text} : $x };
				for my $ri (@ris)
				{
					my $t = "cdc_$s->{name}_$ri";
					my @want;
					for my $ch (changes($ri eq 'full'))
					{
						my ($op, $new, $old) = @$ch;
						my $ident = identity_of(@$ch);
						if ($format == 1)
						{
							# (names, types, type OIDs, values) of a tuple's columns
							my $part = sub {
								my ($tuple, @k) = @_;
								my @c = grep { exists $tuple->{$_} } qw(id v);
								return (
									$k[0] => \@c,
									($types eq 'oids'
										? ($k[1] => [ map { $coltype{$_}[0] } @c ], $k[2] => [ map { $coltype{$_}[1] } @c ])
										: ()),
									$k[3] => [ map { $value->($_, $tuple->{$_}) } @c ]);
							};
							push @want, {
								kind => lc $op, schema => 'public', table => $t,
								($new ? $part->($new, qw(columnnames columntypes columntypeoids columnvalues)) : ()),
								($ident ? (oldkeys => { $part->($ident, qw(keynames keytypes keytypeoids keyvalues)) }) : ()) };
						}
						else
						{
							my $cols = sub {
								my ($tuple) = @_;
								return [
									map {
										{
											name => $_,
											($types eq 'oids' ? (type => $coltype{$_}[0], typeoid => $coltype{$_}[1]) : ()),
											value => $value->($_, $tuple->{$_})
										}
									} grep { exists $tuple->{$_} } qw(id v)
								];
							};
							push @want, {
								action => substr($op, 0, 1), schema => 'public', table => $t,
								($new ? (columns => $cols->($new)) : ()),
								($ident ? (identity => $cols->($ident)) : ()) };
						}
					}
					my @got = grep { $_->{table} eq $t } @changes;
					is($json->encode(\@got), $json->encode(\@want),
						"wal2json format $format, "
						  . ($types eq 'oids' ? 'with type names and OIDs' : 'without types')
						  . ", $s->{name} key, replica identity $ri");
				}
				$wire{"wal2json format $format"}{ $s->{name} } =
				  qq{"type":"$s->{type}","typeoid":$oid{$s->{name}},"value":"$id->{a}{text}"}
				  if $types eq 'oids';
			}
		}
	}
}

# ---------------------------------------------------------------------------
# pgoutput, through pg_recvlogical
# ---------------------------------------------------------------------------

# The messages of pgoutput (protocol version 1) as pg_recvlogical writes
# them: each message's bytes, then a newline.  Returns a list of [kind,
# fields...]: B, C; Y [oid, schema, name]; R [relid, schema, name,
# replica identity, [[flags, name, type oid, typmod], ...]]; I [relid,
# tuple]; U [relid, old kind (K, O or ''), old tuple, new tuple]; D [relid,
# old kind, old tuple]; a tuple is [[kind, data], ...] with kind n (null),
# u (unchanged TOAST), t (text) or b (binary).
sub pgoutput_messages
{
	my ($data) = @_;
	my ($pos, $len, @msgs) = (0, length $data);
	my $take = sub {
		my ($n) = @_;
		die "pgoutput: message cut short at byte $pos" if $pos + $n > $len;
		$pos += $n;
		return substr($data, $pos - $n, $n);
	};
	my $string = sub {
		my $end = index($data, "\0", $pos);
		die "pgoutput: string without its end at byte $pos" if $end < 0;
		my $s = substr($data, $pos, $end - $pos);
		$pos = $end + 1;
		return $s;
	};
	my $tuple = sub {
		my @cols;
		for (1 .. unpack('n', $take->(2)))
		{
			my $kind = $take->(1);
			push @cols, $kind =~ /^[tb]$/ ? [ $kind, $take->(unpack('N', $take->(4))) ] : [$kind];
		}
		return \@cols;
	};
	while ($pos < $len)
	{
		my $kind = $take->(1);
		if ($kind eq 'B') { $take->(20); push @msgs, ['B']; }
		elsif ($kind eq 'C') { $take->(25); push @msgs, ['C']; }
		elsif ($kind eq 'O') { $take->(8); $string->(); }
		elsif ($kind eq 'Y') { push @msgs, [ 'Y', unpack('N', $take->(4)), $string->(), $string->() ]; }
		elsif ($kind eq 'R')
		{
			my @r = ('R', unpack('N', $take->(4)), $string->(), $string->(), $take->(1));
			my @cols;
			for (1 .. unpack('n', $take->(2)))
			{
				push @cols, [ ord($take->(1)), $string->(), unpack('N', $take->(4)), unpack('l>', $take->(4)) ];
			}
			push @msgs, [ @r, \@cols ];
		}
		elsif ($kind eq 'I')
		{
			my $relid = unpack('N', $take->(4));
			die 'pgoutput: insert without its N' unless $take->(1) eq 'N';
			push @msgs, [ 'I', $relid, $tuple->() ];
		}
		elsif ($kind eq 'U')
		{
			my $relid = unpack('N', $take->(4));
			my ($old_kind, $old) = ($take->(1), undef);
			if ($old_kind ne 'N')
			{
				$old = $tuple->();
				die 'pgoutput: update without its N' unless $take->(1) eq 'N';
			}
			else { $old_kind = ''; }
			push @msgs, [ 'U', $relid, $old_kind, $old, $tuple->() ];
		}
		elsif ($kind eq 'D')
		{
			my $relid = unpack('N', $take->(4));
			my $old_kind = $take->(1);
			push @msgs, [ 'D', $relid, $old_kind, $tuple->() ];
		}
		else { die sprintf('pgoutput: unknown message %s at byte %d', $kind, $pos - 1); }
		# pg_recvlogical's newline after each message (the last one is
		# taken off by pg_recvlogical_upto)
		if ($pos < $len)
		{
			die "pgoutput: no newline after a message at byte $pos" unless substr($data, $pos, 1) eq "\n";
			$pos++;
		}
	}
	return @msgs;
}

# pg_recvlogical on a pgoutput slot up to the changes' end: its messages
sub recvlogical
{
	my ($slot, $publication, $binary) = @_;
	my $raw = $pub->pg_recvlogical_upto('postgres', $slot, $endpos, $PostgreSQL::Test::Utils::timeout_default,
		proto_version => 1, publication_names => $publication, binary => $binary ? 'true' : 'false');
	return pgoutput_messages($raw);
}

# The changes of the messages, per table: {table => [[op, new, old kind,
# old], ...]}, and the relations: {table => [schema, replica identity,
# columns]}; the Y messages: {oid => "schema.name"}.
sub pgoutput_changes
{
	my (@msgs) = @_;
	my (%rel, %changes, %relations, %types);
	for my $m (@msgs)
	{
		my ($kind, @f) = @$m;
		if ($kind eq 'R') { $rel{ $f[0] } = $f[2]; $relations{ $f[2] } = [ $f[1], $f[3], $f[4] ]; }
		elsif ($kind eq 'Y') { $types{ $f[0] } = "$f[1].$f[2]"; }
		elsif ($kind eq 'I') { push @{ $changes{ $rel{ $f[0] } } }, [ 'INSERT', $f[1], '', undef ]; }
		elsif ($kind eq 'U') { push @{ $changes{ $rel{ $f[0] } } }, [ 'UPDATE', $f[3], $f[1], $f[2] ]; }
		elsif ($kind eq 'D') { push @{ $changes{ $rel{ $f[0] } } }, [ 'DELETE', undef, $f[1], $f[2] ]; }
	}
	return (\%changes, \%relations, \%types);
}

for my $mode ('text', 'binary')
{
	my ($changes, $relations, $types) = pgoutput_changes(recvlogical("cdc_po_$mode", 'cdc_all', $mode eq 'binary'));
	for my $s (@schemes)
	{
		my $id = $ids{ $s->{name} };
		# a tuple as pgoutput sends it: the id's text or send format, the
		# integer's text or int4send, null for what the old key lacks
		my $tuple = sub {
			my ($t) = @_;
			return undef unless $t;
			return [
				exists $t->{id} ? ($mode eq 'text' ? [ 't', $id->{ $t->{id} }{text} ] : [ 'b', $id->{ $t->{id} }{hex} ]) : ['n'],
				exists $t->{v} ? ($mode eq 'text' ? [ 't', $t->{v} ] : [ 'b', sprintf('%08x', $t->{v}) ]) : ['n'] ];
		};
		for my $ri (@ris)
		{
			my $t = "cdc_$s->{name}_$ri";
			my @want = map {
				my ($op, $new, $old) = @$_;
				[ $op, $tuple->($new), ($old ? ($ri eq 'full' ? 'O' : 'K') : ''), $tuple->($old) ]
			} changes($ri eq 'full');
			my @got = map {
				my ($op, $new, $old_kind, $old) = @$_;
				my $hexify = sub {
					my ($tp) = @_;
					return undef unless $tp;
					return [ map { $_->[0] eq 'b' ? [ 'b', unpack('H*', $_->[1]) ] : $_ } @$tp ];
				};
				[ $op, $hexify->($new), $old_kind, $hexify->($old) ]
			} @{ $changes->{$t} // [] };
			is_deeply(\@got, \@want,
				"pgoutput $mode, $s->{name} key, replica identity $ri: "
				  . ($mode eq 'text' ? "the key's text form" : "the key's send format"));
			is_deeply($relations->{$t},
				[ 'public', $ri eq 'full' ? 'f' : 'd',
					[ [ 1, 'id', $oid{ $s->{name} }, -1 ], [ $ri eq 'full' ? 1 : 0, 'v', 23, -1 ] ] ],
				"pgoutput $mode, $s->{name} key, replica identity $ri: the Relation message names the key's type by its OID")
			  if $mode eq 'text';
		}
		# a type of the extension's own is described by a Type message
		# (schema and name), core's uuid is not: its OID is fixed
		if ($mode eq 'text')
		{
			is($types->{ $oid{ $s->{name} } }, $s->{type} eq 'uuid' ? undef : "public.$s->{type}",
				"pgoutput, $s->{name}: " . ($s->{type} eq 'uuid' ? 'no Type message for core uuid' : "a Type message names public.$s->{type}"));
		}
		$wire{"pgoutput $mode"}{ $s->{name} } = $mode eq 'text'
		  ? "type OID $oid{$s->{name}}" . ($s->{type} eq 'uuid' ? '' : " (Type message: public.$s->{type})")
		  . ", 't' $id->{a}{text}"
		  : "'b' " . (length($id->{a}{hex}) / 2) . " bytes $id->{a}{hex}";
	}
}

# ---------------------------------------------------------------------------
# the subscriber without idtypes
# ---------------------------------------------------------------------------

# the final row's key (c) as a column of type $col on the subscriber prints it
sub arrived_as
{
	my ($grp, $name) = @_;
	my $id = $ids{$name}{c};
	if ($grp->{col} eq 'text') { return $id->{text}; }
	if ($grp->{col} eq 'bytea')
	{
		return '\x' . ($grp->{mode} eq 'binary' ? $id->{hex} : unpack('H*', $id->{text}));
	}
	if ($grp->{col} eq 'uuid') { return join '-', unpack('A8 A4 A4 A4 A12', lc $id->{hex}); }
	if ($grp->{col} eq 'bigint') { return unpack('q>', pack('H*', $id->{hex})); }
	die "no rule for a $grp->{col} column";
}

for my $grp (@groups)
{
	my $what = "a plain subscriber, $grp->{mode} mode, a $grp->{col} key column";
	if (!$grp->{error})
	{
		$pub->wait_for_catchup($grp->{name});
		for my $name (@{ $grp->{schemes} })
		{
			my $want = arrived_as($grp, $name);
			is($sub->safe_psql($grp->{name}, "SELECT id::text || ' ' || v FROM cdc_${name}_default"), "$want 2",
				"$what: $name keys arrive, found by updates and deletes, as $want");
			$wire{"plain subscriber, $grp->{mode}, $grp->{col} column"}{$name} = $want;
		}
		next;
	}
	my ($name) = @{ $grp->{schemes} };
	my $message = sprintf($grp->{error}, $ids{$name}{a}{text});
	$sub->poll_query_until($grp->{name},
		"SELECT NOT subenabled FROM pg_subscription WHERE subname = '$grp->{name}'")
	  or die "the subscription $grp->{name} was not disabled";
	ok($sub->log_contains(qr/\Q$message\E/), "$what: $name keys stop the subscription: $message");
	is($sub->safe_psql($grp->{name}, "SELECT count(*) FROM cdc_${name}_default"), '0',
		"$what: no $name row arrived");
	$wire{"plain subscriber, $grp->{mode}, $grp->{col} column"}{$name} = "error: $message";
}

# ---------------------------------------------------------------------------
# the recipes: a column of a core type beside the key
# ---------------------------------------------------------------------------

# per scheme of the extension's own types, the core type a CDC tool knows
# and the expression of the key in it: its text, unless it has the bits of
# a uuid or a bigint
my %beside = (
	muid => [ 'uuid', 'id::uuid' ],
	hlculid => [ 'uuid', 'id::uuid' ],
	uid8 => [ 'bigint', 'id::bigint' ]);
my %core_oid = (uuid => 2950, bigint => 20, text => 25);

# What pgoutput (text) sends of table $t through slot and publication $t
# for one insert and its delete: the Relation message's columns ([name,
# type OID]), the insert's values and the delete's old key, each value
# text or undef (null).
sub recipe_sent
{
	my ($t) = @_;
	my ($changes, $relations) = pgoutput_changes(recvlogical($t, $t, 0));
	my @values = map { [ map { $_->[0] eq 't' ? $_->[1] : undef } @{ $_->[3] // $_->[1] } ] } @{ $changes->{$t} // [] };
	return ([ map { [ $_->[1], $_->[2] ] } @{ $relations->{$t}[2] // [] } ], @values);
}

# the doc's recipe on table $t: an insert and a delete, read back; returns
# what was sent and [id, column] as the table had them
sub recipe_run
{
	my ($t, $expr) = @_;
	my ($id, $beside) = split /\|/, $pub->safe_psql('postgres', "INSERT INTO $t (body) VALUES ('x') RETURNING id::text, $expr");
	$pub->safe_psql('postgres', "DELETE FROM $t");
	$endpos = $pub->safe_psql('postgres', 'SELECT pg_current_wal_lsn()');
	return ([ recipe_sent($t) ], $id, $beside);
}

for my $s (byte_schemes())
{
	my ($core, $expr) = @{ $beside{ $s->{name} } // [ 'text', 'id::text' ] };
	my $key = [ 'id', $oid{ $s->{name} } ];
	my $col = [ "id_$core", $core_oid{$core} ];
	# every version: a plain column, kept equal to the key by a trigger,
	# and the replica identity
	my $t = "rec_trigger_$s->{name}";
	$pub->safe_psql('postgres', qq{
		CREATE TABLE $t (id $s->{type} PRIMARY KEY DEFAULT $s->{gen}, id_$core $core NOT NULL UNIQUE, body text);
		CREATE FUNCTION ${t}_key() RETURNS trigger LANGUAGE plpgsql AS \$\$
		BEGIN
			NEW.id_$core := NEW.$expr;
			RETURN NEW;
		END \$\$;
		CREATE TRIGGER ${t}_key BEFORE INSERT OR UPDATE OF id ON $t FOR EACH ROW EXECUTE FUNCTION ${t}_key();
		ALTER TABLE $t REPLICA IDENTITY USING INDEX ${t}_id_${core}_key;
		CREATE PUBLICATION $t FOR TABLE $t;
		SELECT pg_create_logical_replication_slot('$t', 'pgoutput');
	});
	my ($sent, $id, $beside) = recipe_run($t, $expr);
	is_deeply($sent, [ [ $key, $col, [ 'body', 25 ] ], [ $id, $beside, 'x' ], [ undef, $beside, undef ] ],
		"a $core column kept by a trigger travels beside the $s->{name} key in pgoutput, as $core, "
		  . 'in inserts and as the replica identity of deletes');

	# a stored generated column: published from 18 on, when the
	# publication says so; never before
	$t = "rec_generated_$s->{name}";
	$pub->safe_psql('postgres', qq{
		CREATE TABLE $t (id $s->{type} PRIMARY KEY DEFAULT $s->{gen},
			id_$core $core GENERATED ALWAYS AS ($expr) STORED NOT NULL UNIQUE, body text);
		ALTER TABLE $t REPLICA IDENTITY USING INDEX ${t}_id_${core}_key;
		SELECT pg_create_logical_replication_slot('$t', 'pgoutput');
		CREATE PUBLICATION $t FOR TABLE $t} . ($major >= 18 ? ' WITH (publish_generated_columns = stored)' : ''));
	($sent, $id, $beside) = recipe_run($t, $expr);
	if ($major >= 18)
	{
		is_deeply($sent, [ [ $key, $col, [ 'body', 25 ] ], [ $id, $beside, 'x' ], [ undef, $beside, undef ] ],
			"a stored generated $core column travels beside the $s->{name} key with publish_generated_columns = stored, "
			  . 'in inserts and as the replica identity of deletes');
	}
	else
	{
		is_deeply($sent->[0], [ $key, [ 'body', 25 ] ],
			"a stored generated $core column beside the $s->{name} key: PostgreSQL $major does not publish it");
	}
}

# ---------------------------------------------------------------------------
# the documentation's ```sql cdc blocks
# ---------------------------------------------------------------------------

$pub->safe_psql('postgres', 'CREATE DATABASE doc_template');
$pub->safe_psql('doc_template', 'CREATE EXTENSION idtypes');
my $n = 0;
for my $file (doc_files(getcwd()))
{
	for my $tag ('cdc', 'cdc-18')
	{
		for my $block (doc_sql_blocks(getcwd() . "/$file", $tag))
		{
			SKIP:
			{
				skip "$file line $block->{line}: ```sql cdc-18 runs on PostgreSQL 18 and later, not $major", 1
				  if $tag eq 'cdc-18' && $major < 18;
				$n++;
				$pub->safe_psql('postgres', "CREATE DATABASE doc_$n TEMPLATE doc_template");
				my @problems = run_doc_sql_block($pub, "doc_$n", $block);
				ok(!@problems, "$file line $block->{line} ($block->{heading}) runs on a server with wal_level = logical")
				  or diag(join "\n", @problems);
				# a block's slots are its own
				$pub->safe_psql('postgres', "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots
					WHERE database = 'doc_$n'");
				$pub->safe_psql('postgres', "DROP DATABASE doc_$n");
			}
		}
	}
}
cmp_ok($n, '>', 0, 'the documentation has ```sql cdc blocks');

# what each decoder put on the wire, for the record
for my $decoder (sort keys %wire)
{
	note("$decoder: " . join('; ', map { "$_ $wire{$decoder}{$_}" } grep { $wire{$decoder}{$_} } map { $_->{name} } @schemes));
}

$sub->stop;
$pub->stop;
done_testing();
