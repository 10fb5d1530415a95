# frozen_string_literal: true

# idtypes_activerecord.rb: the idtypes PostgreSQL extension's types in
# ActiveRecord (7.1 and later) on its PostgreSQL adapter.
#
#   SQL type  attribute type                  Ruby value   column method
#   muid      IdtypesActiveRecord::Muid       String (32 uppercase hex)  t.muid
#   hlculid   IdtypesActiveRecord::Hlculid    String (26-character ULID) t.hlculid
#   uid8      IdtypesActiveRecord::Uid8       String (16 lowercase hex)  t.uid8
#   tid62     IdtypesActiveRecord::Tid62      String (17 base62 digits)  t.tid62
#   uuid      ActiveRecord's own :uuid        String
#
# Requiring this file registers the type names with the adapter's type map
# (ActiveRecord then finds their OIDs, and those of their arrays, in each
# database it connects to, and no longer warns of an unknown OID), adds
# them to the adapter's native types (so that migrations take
# `create_table :events, id: :muid, default: -> { "gen_muid()" }` and the
# schema dumper writes them back), and gives TableDefinition the methods
# `t.muid`, `t.hlculid`, `t.uid8` and `t.tid62`.  Require it before the
# first connection.
#
# A value is the id's text, as the server prints it: a muid or uid8 given in
# other letter case, and an Integer for a uid8 (a former bigint key), are
# put in that form; any other text goes to the server, which checks it.
#
# A model that `extend IdtypesActiveRecord::Model` gets:
#   Event.id_time_range(t1...t2)    rows whose key's time is in [t1, t2): a
#                                   comparison of the key with timestamptz
#                                   bounds (muid, hlculid, tid62) or with the
#                                   floor of the bounds (uid8_floor(),
#                                   uuidv7_floor()), an index range scan
#   Event.with_id_time              the rows with the key's time as id_time
#                                   (muid_timestamp(id), ...)
#
# Copyright (c) 2026, idtypes developers
#
# clients/ruby/idtypes_activerecord.rb

require "active_record"
require "active_record/connection_adapters/postgresql_adapter"

module IdtypesActiveRecord
  # An id of the extension: its text, in the form the server prints.
  class IdType < ActiveModel::Type::ImmutableString
    def type
      self.class::SQL_TYPE
    end

    # what goes to the server is the same text as the attribute's value
    def serialize(value)
      cast(value)
    end

    private

    def cast_value(value)
      normalize(super)
    end

    def normalize(text)
      text
    end
  end

  class Muid < IdType
    SQL_TYPE = :muid

    private

    def normalize(text)
      text.match?(/\A\h{32}\z/) ? text.upcase : text
    end
  end

  class Hlculid < IdType
    SQL_TYPE = :hlculid

    private

    # the ULID alphabet takes either case; the server prints upper case
    def normalize(text)
      text.match?(/\A[0-9A-Za-z]{26}\z/) ? text.upcase : text
    end
  end

  class Uid8 < IdType
    SQL_TYPE = :uid8

    private

    # an Integer is the same 64 bits (a bigint key's value, say)
    def cast_value(value)
      return format("%016x", value & 0xFFFF_FFFF_FFFF_FFFF) if value.is_a?(Integer)

      super
    end

    def normalize(text)
      text.match?(/\A\h{16}\z/) ? text.downcase : text
    end
  end

  class Tid62 < IdType
    SQL_TYPE = :tid62
  end

  TYPES = { "muid" => Muid, "hlculid" => Hlculid, "uid8" => Uid8, "tid62" => Tid62 }.freeze

  # per SQL type of a key, the function of its time, and the SQL of the
  # lower bound of its ids at a time (%s: the timestamptz)
  TIME_FUNCTIONS = {
    "muid" => ["muid_timestamp", "%s"],
    "hlculid" => ["hlculid_timestamp", "%s"],
    "tid62" => ["tid62_timestamp", "%s"],
    "uid8" => ["uid8_timestamp", "uid8_floor(%s)"],
    "uuid" => ["uuidv_timestamp", "uuidv7_floor(%s)"]
  }.freeze

  # The adapter's class methods: the type map and the native types.
  module AdapterClassMethods
    def native_database_types
      @idtypes_native_database_types ||=
        super.merge(TYPES.keys.to_h { |name| [name.to_sym, { name: name }] })
    end

    def initialize_type_map(m)
      super
      TYPES.each { |name, klass| m.register_type(name, klass.new) }
    end
  end
  ActiveRecord::ConnectionAdapters::PostgreSQLAdapter.singleton_class.prepend(AdapterClassMethods)

  # t.muid "ref", t.uid8 "parent_id", ... in create_table and change_table
  module ColumnMethods
    TYPES.each_key do |name|
      define_method(name) do |*names, **options|
        names.each { |n| column(n, name.to_sym, **options) }
      end
    end
  end
  ActiveRecord::ConnectionAdapters::PostgreSQL::TableDefinition.include(ColumnMethods)
  ActiveRecord::ConnectionAdapters::PostgreSQL::Table.include(ColumnMethods)

  # Class methods of a model keyed by an id (extend IdtypesActiveRecord::Model).
  module Model
    # The rows whose key (or column) has its time in the range, which must
    # exclude its end (t1...t2) and may be open at either end.  For a uuid
    # key the bound is uuidv7_floor() unless floor: names another
    # ("uuidv6_floor").
    def id_time_range(range, column: primary_key, floor: nil)
      raise ArgumentError, "id_time_range takes a range without its end (t1...t2)" if range.end && !range.exclude_end?

      bound = floor ? "#{floor}(%s)" : IdtypesActiveRecord.time_functions(self, column)[1]
      key = "#{quoted_table_name}.#{connection.quote_column_name(column)}"
      scope = all
      scope = scope.where("#{key} >= #{format(bound, "?::timestamptz")}", IdtypesActiveRecord.time_text(range.begin)) if range.begin
      scope = scope.where("#{key} < #{format(bound, "?::timestamptz")}", IdtypesActiveRecord.time_text(range.end)) if range.end
      scope
    end

    # The rows with their key's (or column's) time as the attribute id_time
    # (or the name given).
    def with_id_time(column: primary_key, as: "id_time")
      function = IdtypesActiveRecord.time_functions(self, column)[0]
      key = "#{quoted_table_name}.#{connection.quote_column_name(column)}"
      select(arel_table[Arel.star], Arel.sql("#{function}(#{key}) AS #{connection.quote_column_name(as)}"))
    end
  end

  # the time functions of a model's column, by its SQL type
  def self.time_functions(model, column)
    sql_type = model.columns_hash.fetch(column.to_s).sql_type
    TIME_FUNCTIONS.fetch(sql_type) { raise ArgumentError, "#{model.name}.#{column} is a #{sql_type}, not an id" }
  end

  # a time as the server reads a timestamptz, whatever the session's zone
  def self.time_text(time)
    time.to_time.utc.iso8601(6)
  end
end
