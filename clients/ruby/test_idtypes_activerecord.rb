# frozen_string_literal: true

# test_idtypes_activerecord.rb: the ORM test of idtypes with ActiveRecord
# (PostgreSQL adapter, ruby-pg) and the types of idtypes_activerecord.rb.
#
# Usage: ruby -I clients/ruby test_idtypes_activerecord.rb (the server and
# database from PGHOST, PGPORT, PGDATABASE, PGUSER; idtypes created there)
#
# For every type (muid, hlculid, uid8, tid62, and UUIDv7 on core uuid): a
# table made by a migration with the key's generator as its default; the
# key's attribute type; the generated key read back on create; known values
# in each form the type takes, found again by key; the key's time
# (with_id_time) and a time range on the key (id_time_range) against keys of
# known times; the schema dump, which makes the table again.  Then the
# migrations of a uuid key (a new default) and of a bigserial key (to uid8).
# Prints one line per check, "ok - what" or "not ok - what: details", then
# "ran N checks"; exits non-zero on a failure.
#
# Copyright (c) 2026, idtypes developers
#
# clients/ruby/test_idtypes_activerecord.rb

require "stringio"
require "time"

$checks = 0
$failures = 0

def check(what, ok, details = "")
  $checks += 1
  if ok
    puts "ok - #{what}"
  else
    $failures += 1
    puts "not ok - #{what}: #{details.to_s.gsub("\n", " | ")[0, 700]}"
  end
  $stdout.flush
end

def same(what, got, want)
  check(what, got == want, "got #{got.inspect}, want #{want.inspect}")
end

# the warnings ActiveRecord writes while the block runs
def warnings_of
  saved = $stderr
  $stderr = StringIO.new
  yield
  $stderr.string
ensure
  $stderr = saved
end

require "idtypes_activerecord"

ActiveRecord::Base.establish_connection(adapter: "postgresql")
ActiveRecord::Migration.verbose = false
connection = ActiveRecord::Base.connection

# per type: its generator, a pattern of its text, the SQL of an id of a
# known time (%s: the timestamptz), the forms of one value it takes and
# the text they become
TYPES = {
  "muid" => {
    gen: "gen_muid()", text: /\A\h{32}\z/, at: "muid_from_parts(%s, 42, 1)",
    forms: [["06613b84477a46186176b47e99900001", "06613B84477A46186176B47E99900001"]]
  },
  "hlculid" => {
    gen: "gen_hlculid()", text: /\A[0-9A-HJKMNP-TV-Z]{26}\z/, at: "hlculid_from_parts(%s, 0, 10, 1)",
    forms: [["01k0rs6sb4000002nam48h248h", "01K0RS6SB4000002NAM48H248H"]]
  },
  "uid8" => {
    gen: "gen_uid8()", text: /\A\h{16}\z/, at: "uid8_from_parts(%s, 0, 1, 0)",
    forms: [["0000000000401000", "0000000000401000"], ["00000000004010AB", "00000000004010ab"],
            [4198400, "0000000000401000"]]
  },
  "tid62" => {
    gen: "gen_tid62()", text: /\A[0-9A-Za-z]{17}\z/, at: "tid62_from_parts(%s, '\\x0123456789abcdef'::bytea)",
    forms: [["04XVaYIJisigHzUpr", "04XVaYIJisigHzUpr"]]
  },
  "uuid" => {
    gen: "uuidv7_next()", text: /\A\h{8}-\h{4}-7\h{3}-\h{4}-\h{12}\z/, at: "uuidv7_at(%s)",
    forms: [["017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"]]
  }
}.freeze

t0 = Time.utc(2025, 7, 22, 10)

TYPES.each do |type, spec|
  table = "rails_#{type}_events"
  warned = warnings_of do
    Class.new(ActiveRecord::Migration[ActiveRecord::Migration.current_version]) do
      define_method(:change) do
        create_table table, id: type.to_sym, default: -> { spec[:gen] } do |t|
          t.string :body
          t.column :ref, type.to_sym
        end
      end
    end.migrate(:up)
  end
  model = Class.new(ActiveRecord::Base) do
    self.table_name = table
    extend IdtypesActiveRecord::Model
  end
  warned += warnings_of { model.reset_column_information; model.columns_hash }
  check("#{type}: ActiveRecord knows the type (no unknown OID warning)", !warned.include?("unknown OID"), warned)
  same("#{type}: the key's type", model.columns_hash["id"].type, type.to_sym)
  same("#{type}: the key's default is the generator", model.columns_hash["id"].default_function, spec[:gen])
  same("#{type}: the other column's type", model.columns_hash["ref"].type, type.to_sym)

  # the server's key, read back on create
  event = model.create!(body: "new")
  check("#{type}: create reads the generated key back", event.id.is_a?(String) && event.id.match?(spec[:text]), event.id.inspect)
  same("#{type}: found by its key", model.find(event.id).body, "new")
  event.update!(ref: event.id)
  same("#{type}: a value in another column, by key", model.find_by(ref: event.id)&.id, event.id)

  # known values, in each form the type takes
  spec[:forms].each do |given, text|
    model.where(id: text).delete_all
    row = model.create!(id: given, body: "known")
    same("#{type}: #{given.inspect} is stored as #{text}", row.id, text)
    same("#{type}: #{given.inspect} reads back as #{text}", model.find(given).id, text)
    same("#{type}: and the server has it so", connection.select_value("SELECT id::text FROM #{table} WHERE body = 'known'"), text)
    model.where(id: text).delete_all
  end

  # keys of known times: 10:00:00, 10:00:01, ... 10:00:04
  model.delete_all
  5.times do |n|
    id = connection.select_value("SELECT (#{format(spec[:at], "'#{(t0 + n).iso8601}'::timestamptz")})::text")
    model.create!(id: id, body: "event #{n}")
  end
  got = model.id_time_range((t0 + 1)...(t0 + 3)).order(:id).pluck(:body)
  same("#{type}: id_time_range(10:00:01...10:00:03)", got, ["event 1", "event 2"])
  same("#{type}: an open end", model.id_time_range((t0 + 3)..).count, 2)
  same("#{type}: an open start", model.id_time_range(...(t0 + 1)).count, 1)
  check("#{type}: a range with its end is refused", begin
    model.id_time_range((t0 + 1)..(t0 + 3))
    false
  rescue ArgumentError
    true
  end)
  plan = connection.select_values("EXPLAIN #{model.id_time_range((t0 + 1)...(t0 + 3)).to_sql}").join("\n")
  check("#{type}: the time range is a condition on the key", plan.include?("#{table}.id >=") || plan.include?("(id >="), plan)
  times = model.with_id_time.order(:id).map { |e| e.id_time.utc }
  same("#{type}: with_id_time gives each key's time", times, (0..4).map { |n| t0 + n })

  # the schema dump makes the table again
  dump = StringIO.new
  ActiveRecord::SchemaDumper.dump(ActiveRecord::Base.connection_pool, dump)
  block = dump.string[/^  create_table "#{table}".*?^  end$/m]
  check("#{type}: the schema dump has the key and its default",
        block&.include?(%(create_table "#{table}", id: :#{type}, default: -> { "#{spec[:gen]}" })), block || dump.string)
  check("#{type}: and the other column (t.#{type})", block&.include?(%(t.#{type} "ref")), block)
  connection.drop_table(table)
  ActiveRecord::Schema.define { eval(block) } if block
  same("#{type}: the dumped schema makes the same table",
       connection.select_rows("SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
                               WHERE attrelid = '#{table}'::regclass AND attnum > 0 ORDER BY attnum"),
       [["id", type], ["body", "character varying"], ["ref", type]])
  same("#{type}: with the generator as the key's default",
       connection.select_value("SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef
                                WHERE adrelid = '#{table}'::regclass AND adnum = 1"), spec[:gen])
end

# migrations of existing keys
connection.execute("CREATE TABLE rails_users (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text)")
connection.execute("CREATE TABLE rails_orders (id bigserial PRIMARY KEY, total int)")
connection.execute("INSERT INTO rails_users (name) VALUES ('old')")
connection.execute("INSERT INTO rails_orders (total) VALUES (1), (2)")
old_user = connection.select_value("SELECT id FROM rails_users")
Class.new(ActiveRecord::Migration[ActiveRecord::Migration.current_version]) do
  def up
    change_column_default :rails_users, :id, -> { "uuidv7_next()" }
    change_column_default :rails_orders, :id, nil
    change_column :rails_orders, :id, :uid8, using: "id::uid8"
    change_column_default :rails_orders, :id, -> { "gen_uid8()" }
    execute "DROP SEQUENCE rails_orders_id_seq"
  end
end.migrate(:up)
user = Class.new(ActiveRecord::Base) { self.table_name = "rails_users" }
order = Class.new(ActiveRecord::Base) { self.table_name = "rails_orders" }
same("uuid key: the old key stays", user.find(old_user).name, "old")
same("uuid key: new keys are UUIDv7", connection.select_value("SELECT uuidv_version('#{user.create!(name: "new").id}'::uuid)"), 7)
same("bigserial key: the key is a uid8", order.columns_hash["id"].type, :uid8)
same("bigserial key: the old keys are the same 64 bits", order.order(:id).limit(2).pluck(:id), %w[0000000000000001 0000000000000002])
same("bigserial key: found by the old integer", order.find(2).total, 2)
created = order.create!(total: 3)
check("bigserial key: new keys from gen_uid8(), above the old ones",
      created.id.match?(/\A\h{16}\z/) && created.id.to_i(16) >= 2**22, created.id.inspect)

puts "ran #{$checks} checks"
exit($failures.zero? ? 0 : 1)
