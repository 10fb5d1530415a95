# Moving a table between the companion and the C extension without
# touching a key, both ways, as doc/managed.md shows: a table of each
# scheme keyed by the companion's core type (uuid, bigint, bytea), with
# companion_n() rows (100,000 by default) from the companion's generator,
# a second index and, for muid, a table that references it, moved to the C
# extension's type (ALTER TABLE ... ALTER COLUMN id TYPE muid USING
# id::muid, explicit casts) with the C generator as its default, then back.
# After each move: the same bits, the same order, every index rebuilt and
# valid, the new default in place, and its ids sorting after the old ones.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IdtypesTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);

my $n = companion_n();
my $started = time();

my $node = PostgreSQL::Test::Cluster->new('companion_move');
$node->init;
$node->append_conf('postgresql.conf', "jit = off\nshared_preload_libraries = 'idtypes'\nidtypes.uid8_mode = 'time_sequential'");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION idtypes;
	CREATE SCHEMA idtypes_sql;
	CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql;
	-- 16 generator ids: 1,024 uid8 ids a millisecond
	UPDATE idtypes_sql.idtypes_sql_settings SET uid8_generator_id = 0, uid8_generator_count = 16;
});

# The C extension's generator of each scheme.
my %cgen = (
	muid => 'public.gen_muid()', hlculid => 'public.gen_hlculid()', uid8 => 'public.gen_uid8()',
	uuidv6 => 'public.uuidv6_next()', uuidv7 => 'public.uuidv7_next()', uuidv8 => 'public.uuidv8_next()',
	tid62 => 'public.gen_tid62()');

foreach my $s (companion_schemes())
{
	my ($name, $gen, $type, $ctype) = @$s{qw(name gen type ctype)};
	my $t0 = time();
	my $cgen = $cgen{$name};
	my $fk = $name eq 'muid';
	# the table, its second index, and (muid) a table that references it,
	# filled in the session mode
	$node->safe_psql('postgres', qq{
		UPDATE idtypes_sql.idtypes_sql_settings SET clock = 'session';
		CREATE TABLE t_$name (id $type PRIMARY KEY DEFAULT $gen, payload int NOT NULL);
		CREATE INDEX t_${name}_payload_id ON t_$name (payload, id);
		INSERT INTO t_$name (payload) SELECT g % 1000 FROM generate_series(1, $n) g;
		CREATE TABLE before_$name AS SELECT id, payload, row_number() OVER (ORDER BY id) AS rank FROM t_$name;
	} . ($fk ? qq{
		CREATE TABLE child_$name (id $type PRIMARY KEY REFERENCES t_$name, note text);
		INSERT INTO child_$name SELECT id, 'x' FROM t_$name WHERE payload = 7;
	} : ''));

	# The state of the table: its rows against the snapshot (the same bits
	# read back as the companion's type, the same rank in order), its
	# indexes (their files, validity), its default.
	my $check = sub {
		my ($label, $as_core) = @_;
		my $same = $node->safe_psql('postgres', qq{
			SELECT count(*) FILTER (WHERE b.id IS NULL OR t.payload <> b.payload OR t.rank <> b.rank), count(*)
			FROM (SELECT ($as_core) AS core, payload, row_number() OVER (ORDER BY id) AS rank FROM t_$name) t
			LEFT JOIN before_$name b ON b.id = t.core});
		is($same, "0|$n", "$name, $label: the same $n keys, bit for bit, in the same order");
		return $node->safe_psql('postgres', qq{
			SELECT string_agg(c.relname || ' ' || c.relfilenode || ' ' || i.indisvalid, ', ' ORDER BY c.relname)
			FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
			WHERE i.indrelid IN ('t_$name'::regclass} . ($fk ? ", 'child_$name'::regclass" : '') . q{)});
	};
	my $indexes = $check->('companion', 'id');

	# To the C extension's type: explicit casts both ways (the core types
	# cast to the C types only explicitly).
	my $to_c = $type eq $ctype ? '' : " ALTER COLUMN id TYPE public.$ctype USING id::public.$ctype,";
	my $sql = ($fk ? "ALTER TABLE child_$name DROP CONSTRAINT child_${name}_id_fkey;\n" : '')
	  . "ALTER TABLE t_$name ALTER COLUMN id DROP DEFAULT,$to_c ALTER COLUMN id SET DEFAULT $cgen;\n"
	  . ($fk ? "ALTER TABLE child_$name ALTER COLUMN id TYPE public.$ctype USING id::public.$ctype;\n"
		  . "ALTER TABLE child_$name ADD CONSTRAINT child_${name}_id_fkey FOREIGN KEY (id) REFERENCES t_$name;\n" : '');
	# the C extension's clock past the newest key
	$sql .= "SELECT public.idtypes_advance_clock(id) FROM t_$name ORDER BY id DESC LIMIT 1;\n";
	$node->safe_psql('postgres', "BEGIN;\n$sql\nCOMMIT;");
	is($node->safe_psql('postgres', qq{
		SELECT format_type(atttypid, atttypmod) || ' ' || pg_get_expr(adbin, adrelid)
		FROM pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
		WHERE attrelid = 't_$name'::regclass AND attname = 'id'}),
		($type eq $ctype ? $type : $ctype) . ' ' . ($cgen =~ s/^public\.//r),
		"$name: moved to the C extension: its type, its generator as the default");
	my $as_core = $type eq $ctype ? 'id' : "id::$type";
	my $c_indexes = $check->('on the C type', $as_core);
	my @before = map { [ split / / ] } split /, /, $indexes;
	my @after = map { [ split / / ] } split /, /, $c_indexes;
	is(scalar(grep { $_->[2] eq 'true' } @after), scalar(@before), "$name: every index valid");
	if ($type ne $ctype)
	{
		is(scalar(grep { $before[$_][1] ne $after[$_][1] } 0 .. $#before), scalar(@before),
			"$name: every index rebuilt (a new file)");
	}
	is($node->safe_psql('postgres', qq{
		INSERT INTO t_$name (payload) VALUES (-1);
		SELECT count(*) FROM t_$name WHERE id >= (SELECT id FROM t_$name WHERE payload = -1)}),
		'1', "$name: a row of the C generator sorts after every key of the companion's");
	$node->safe_psql('postgres', qq{
		INSERT INTO before_$name SELECT $as_core, payload, $n + 1 FROM t_$name WHERE payload = -1;
	});

	# And back, with the companion's generator as the default.
	my $to_core = $type eq $ctype ? '' : " ALTER COLUMN id TYPE $type USING id::$type,";
	$sql = ($fk ? "ALTER TABLE child_$name DROP CONSTRAINT child_${name}_id_fkey;\n" : '')
	  . "ALTER TABLE t_$name ALTER COLUMN id DROP DEFAULT,$to_core ALTER COLUMN id SET DEFAULT $gen;\n"
	  . ($fk ? "ALTER TABLE child_$name ALTER COLUMN id TYPE $type USING id::$type;\n"
		  . "ALTER TABLE child_$name ADD CONSTRAINT child_${name}_id_fkey FOREIGN KEY (id) REFERENCES t_$name;\n" : '');
	# the companion's clock (the database's: the sequence mode) past it
	$sql .= "UPDATE idtypes_sql.idtypes_sql_settings SET clock = 'sequence';\n"
	  . "SELECT idtypes_sql.idtypes_advance_clock('$name', id) FROM t_$name ORDER BY id DESC LIMIT 1;\n";
	$node->safe_psql('postgres', "BEGIN;\n$sql\nCOMMIT;");
	is($node->safe_psql('postgres', qq{
		SELECT format_type(atttypid, atttypmod) || ' ' || pg_get_expr(adbin, adrelid)
		FROM pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
		WHERE attrelid = 't_$name'::regclass AND attname = 'id'}),
		"$type $gen", "$name: moved back: the core type, the companion's generator as the default");
	$n++;
	my $back = $check->('back on the core type', 'id');
	$n--;
	is(scalar(grep { $_ =~ / true$/ } split /, /, $back), scalar(@before), "$name: every index valid again");
	is($node->safe_psql('postgres', qq{
		INSERT INTO t_$name (payload) VALUES (-2);
		SELECT count(*) FROM t_$name WHERE id >= (SELECT id FROM t_$name WHERE payload = -2)}),
		'1', "$name: a row of the companion's generator sorts after every key of the C extension's");
	if ($fk)
	{
		is($node->safe_psql('postgres', "SELECT count(*) FROM child_$name c JOIN t_$name t USING (id)"),
			$node->safe_psql('postgres', "SELECT count(*) FROM child_$name"), "$name: the referencing rows still join");
	}
	note(sprintf('%s: %d rows moved there and back in %.1f s', $name, $n, time() - $t0));
}

note(sprintf('the moves took %.1f s', time() - $started));
# The move to the C extension as doc/managed.md splits it, run from its
# text: step 2 by the database's owner, who is no superuser and not
# idtypes.clock_mover_role, on a table of the companion's muids; then on one
# whose keys are ahead of the server's clock (the companion's clock moved 3
# minutes ahead), where step 2 refuses and changes nothing until step 1, by
# a superuser, has moved the C extension's clock past them.
{
	open(my $fh, '<', 'doc/managed.md') or die "doc/managed.md: $!";
	my $doc = do { local $/; <$fh> };
	my ($step1) = $doc =~ /\*\*Step 1,.*?```sql norun\n(.*?)```/s or die 'doc/managed.md: no step 1';
	my ($step2) = $doc =~ /\*\*Step 2,.*?```sql norun\n(.*?)```/s or die 'doc/managed.md: no step 2';
	$node->safe_psql('postgres', q{
		CREATE ROLE shop_owner LOGIN;
		CREATE DATABASE shop OWNER shop_owner;});
	my @as_owner = (extra_params => [ '-U', 'shop_owner' ]);
	# the companion by the owner (a trusted extension), idtypes by a superuser
	$node->safe_psql('shop', 'CREATE SCHEMA idtypes_sql; CREATE EXTENSION idtypes_sql SCHEMA idtypes_sql', @as_owner);
	$node->safe_psql('shop', 'CREATE EXTENSION idtypes');
	my $type_of = sub {
		my ($t) = @_;
		return $node->safe_psql('shop', "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '$t'::regclass AND attname = 'id'");
	};
	foreach my $t ('orders', 'orders_ahead')
	{
		$node->safe_psql('shop', qq{CREATE TABLE $t (id uuid PRIMARY KEY DEFAULT idtypes_sql.gen_muid(), n int)}, @as_owner);
		$node->safe_psql('shop', q{SELECT idtypes_sql.idtypes_advance_clock('muid', now() + interval '3 minutes')}, @as_owner)
		  if $t eq 'orders_ahead';
		$node->safe_psql('shop', qq{INSERT INTO $t (n) SELECT g FROM generate_series(1, 1000) g}, @as_owner);
		(my $sql = $step2) =~ s/\borders\b/$t/g;
		my ($ret, $out, $err) = $node->psql('shop', $sql, @as_owner, on_error_stop => 1);
		if ($t eq 'orders_ahead')
		{
			like($err, qr/ERROR:  orders_ahead holds keys ahead of the C extension's muid clock/,
				'step 2 refuses a table whose keys are ahead of the C extension\'s clock');
			is($type_of->($t), 'uuid', 'and changes nothing');
			(my $admin = $step1) =~ s/\borders\b/$t/g;
			$node->safe_psql('shop', $admin);
			($ret, $out, $err) = $node->psql('shop', $sql, @as_owner, on_error_stop => 1);
		}
		is($ret, 0, "$t: step 2, as the database's owner" . ($t eq 'orders' ? '' : ', after step 1')) or diag($err);
		is($type_of->($t), 'muid', "$t: moved to muid");
		is($node->safe_psql('shop', qq{
			INSERT INTO $t (n) VALUES (-1);
			SELECT count(*) FROM $t WHERE id >= (SELECT id FROM $t WHERE n = -1)}, @as_owner),
			'1', "$t: a row of the C generator sorts after every key of the companion's");
	}
}

$node->stop;
done_testing();
