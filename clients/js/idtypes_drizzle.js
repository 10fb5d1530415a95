'use strict'
// Drizzle ORM column types for the idtypes PostgreSQL extension
// (drizzle-orm's pg-core customType, with node-postgres underneath).
//
//   column              SQL type   JavaScript value           default
//   muid('id')          muid       Muid (idtypes_pg)          .default(genMuid)
//   hlculid('id')       hlculid    HlcUlid                    .default(genHlcUlid)
//   uid8('id')          uid8       BigInt (0 to 2**64-1)      .default(genUid8)
//   tid62('id')         tid62      Tid62                      .default(genTid62)
//   uuid('id') (core)   uuid       string                     .default(genUuidV7)
//
// The columns take the values and whatever their classes' from() take (the
// text forms, a UUID string for a muid or hlculid, a BigInt or a Buffer of 8
// bytes for a uid8), and send the canonical text.  Results arrive as the
// values whether or not idtypes_pg.register() set the client's parsers.
//
// A time range on a muid, hlculid or tid62 key compares the key with a
// timestamptz (an index range scan): timeRange(events.id, from, to) is
// "id >= from AND id < to" with the Dates sent as timestamptz.  idTime(col)
// and idPart(col, 'medallion') are the SQL functions of the key
// (muid_timestamp(id), muid_medallion(id)) for select().

const { sql } = require('drizzle-orm')
const { customType } = require('drizzle-orm/pg-core')
const { Muid, HlcUlid, Tid62, uid8: uid8Param } = require('./idtypes_pg')

function byteIdType(name, cls) {
  return customType({
    dataType() { return name },
    toDriver(value) { return String(cls.from(value)) },
    fromDriver(value) { return cls.from(value) },
  })
}

const muid = byteIdType('muid', Muid)
const hlculid = byteIdType('hlculid', HlcUlid)
const tid62 = byteIdType('tid62', Tid62)
const uid8 = customType({
  dataType() { return 'uid8' },
  toDriver(value) { return uid8Param(value).toPostgres() },
  fromDriver(value) { return typeof value === 'bigint' ? value : BigInt('0x' + value) },
})

// the generators, for .default()
const genMuid = sql`gen_muid()`
const genHlcUlid = sql`gen_hlculid()`
const genUid8 = sql`gen_uid8()`
const genTid62 = sql`gen_tid62()`
const genUuidV6 = sql`uuidv6_next()`
const genUuidV7 = sql`uuidv7_next()`

function timestamptz(date) {
  return sql`${new Date(date).toISOString()}::timestamptz`
}

// [from, to) on the key of a time-first type (muid, hlculid, tid62)
function timeRange(column, from, to) {
  return sql`(${column} >= ${timestamptz(from)} and ${column} < ${timestamptz(to)})`
}

function idTime(column) {
  return sql`${sql.raw(column.getSQLType())}_timestamp(${column})`.mapWith((v) => new Date(v))
}

function idPart(column, part) {
  if (!/^[a-z]+$/.test(part)) throw new TypeError(`not a part name: ${part}`)
  return sql`${sql.raw(`${column.getSQLType()}_${part}`)}(${column})`
}

module.exports = {
  muid, hlculid, uid8, tid62,
  genMuid, genHlcUlid, genUid8, genTid62, genUuidV6, genUuidV7,
  timeRange, timestamptz, idTime, idPart,
}
