'use strict'
// node-postgres (npm "pg", 8.x) adapters for the idtypes PostgreSQL extension.
//
// After `await register(client)`, the extension's ids arrive as JavaScript
// values:
//
//   SQL type  JavaScript
//   uid8      BigInt, 0n to 2n ** 64n - 1n (unsigned: JavaScript order is SQL
//             order); uid8Parts() gives its time and parts
//   muid      Muid     .bytes (16), .uuid, .time (Date), .micros, .medallion,
//                      .offset; String() is the 32 hex digits of the SQL text
//   hlculid   HlcUlid  .bytes (16), .uuid, .time, .counter, .publisher;
//                      String() is the 26-character ULID text
//   tid62     Tid62    .bytes (12), .time, .entropy; String() is the 17
//                      base62 digits
//   uuid      string   as node-postgres gives it; uuidTime() reads v6 and
//                      v7 times
//
// Every class instance is also a parameter: node-postgres sends it as the
// type's canonical text (toPostgres()).  A BigInt parameter is sent by
// node-postgres as decimal text, which no uid8 reads: wrap it, uid8(n).  A
// Buffer parameter is sent in binary, which the server reads as the column's
// type: 8 bytes into a uid8, 16 into a muid, hlculid or uuid, 12 into a tid62.
// Arrays of the id types are not parsed (they arrive as text).  Results are
// parsed from text: node-postgres 8 decodes every result column as UTF-8
// (its protocol parser has no binary mode), so its `binary: true` would
// garble ids; binary parameters (Buffers) are sent as they are.

const HEX = /^[0-9a-fA-F]+$/
const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const B32_VALUE = new Map()
for (let i = 0; i < 32; i++) {
  B32_VALUE.set(B32[i], i)
  B32_VALUE.set(B32[i].toLowerCase(), i)
}
for (const [c, v] of [['I', 1], ['L', 1], ['O', 0]]) {
  B32_VALUE.set(c, v)
  B32_VALUE.set(c.toLowerCase(), v)
}
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const B62_VALUE = new Map([...B62].map((c, i) => [c, i]))
const U64 = 1n << 64n
const TID62_EPOCH = Date.UTC(2020, 0, 1) / 1000

function bigOfBytes(buf) {
  return buf.length === 0 ? 0n : BigInt('0x' + buf.toString('hex'))
}

function bytesOfBig(n, size) {
  return Buffer.from(n.toString(16).padStart(size * 2, '0'), 'hex')
}

function hexBytes(text, size) {
  return text.length === size * 2 && HEX.test(text) ? Buffer.from(text, 'hex') : null
}

// the 16 bytes of a UUID string (8-4-4-4-12), or null
function uuidBytes(text) {
  return /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(text)
    ? Buffer.from(text.replace(/-/g, ''), 'hex')
    : null
}

function uuidString(buf) {
  const h = buf.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

// bytes of a Buffer, Uint8Array or another id of the same size
function rawBytes(value, size, name) {
  if (value instanceof Uint8Array) {
    if (value.length !== size) throw new RangeError(`a ${name} is ${size} bytes, not ${value.length}`)
    return Buffer.from(value)
  }
  return null
}

class ByteId {
  constructor(bytes) {
    this.bytes = bytes
    Object.freeze(this)
  }

  toPostgres() {
    return this.toString()
  }

  toJSON() {
    return this.toString()
  }

  equals(other) {
    return other instanceof this.constructor && this.bytes.equals(other.bytes)
  }

  compare(other) {
    return Buffer.compare(this.bytes, other.bytes)
  }
}

// muid: 16 bytes, ts:56 (microseconds) | medallion:52 | offset:20
class Muid extends ByteId {
  // 32 hex digits, the dashed muid form, a UUID string, 16 bytes, or a Muid
  static from(value) {
    if (value instanceof Muid) return value
    let b = rawBytes(value, 16, 'muid')
    if (b === null && typeof value === 'string') {
      b = hexBytes(value, 16) || uuidBytes(value)
      if (b === null && /^[0-9a-fA-F]{14}-[0-9a-fA-F]{13}-[0-9a-fA-F]{5}$/.test(value)) {
        b = Buffer.from(value.replace(/-/g, ''), 'hex')
      }
    }
    if (b === null) throw new TypeError(`invalid muid: ${String(value)}`)
    return new Muid(b)
  }

  toString() {
    return this.bytes.toString('hex').toUpperCase()
  }

  get uuid() { return uuidString(this.bytes) }
  get micros() { return bigOfBytes(this.bytes.subarray(0, 7)) }
  get time() { return new Date(Number(this.micros / 1000n)) }
  get medallion() { return Number(bigOfBytes(this.bytes) >> 20n & ((1n << 52n) - 1n)) }
  get offset() { return this.bytes.readUIntBE(13, 3) & 0xfffff }
}

// hlculid: 16 bytes, ts:48 (milliseconds) | counter:16 | publisher:16 | entropy:48
class HlcUlid extends ByteId {
  // the ULID text, 32 hex digits, the dashed hex, a UUID string, 16 bytes
  static from(value) {
    if (value instanceof HlcUlid) return value
    let b = rawBytes(value, 16, 'hlculid')
    if (b === null && typeof value === 'string') {
      if (value.length === 26) {
        let n = 0n
        for (const c of value) {
          const v = B32_VALUE.get(c)
          if (v === undefined) { n = -1n; break }
          n = n << 5n | BigInt(v)
        }
        if (n >= 0n && n < 1n << 128n) b = bytesOfBig(n, 16)
      } else {
        b = hexBytes(value, 16) || uuidBytes(value)
        if (b === null && /^[0-9a-fA-F]{12}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(value)) {
          b = Buffer.from(value.replace(/-/g, ''), 'hex')
        }
      }
    }
    if (b === null) throw new TypeError(`invalid hlculid: ${String(value)}`)
    return new HlcUlid(b)
  }

  toString() {
    let n = bigOfBytes(this.bytes)
    let s = ''
    for (let i = 0; i < 26; i++) {
      s = B32[Number(n & 31n)] + s
      n >>= 5n
    }
    return s
  }

  get uuid() { return uuidString(this.bytes) }
  get time() { return new Date(this.bytes.readUIntBE(0, 6)) }
  get counter() { return this.bytes.readUInt16BE(6) }
  get publisher() { return this.bytes.readUInt16BE(8) }
}

// tid62: 12 bytes, seconds since 2020:32 | entropy:64, text in base62
class Tid62 extends ByteId {
  // the 17 base62 digits, 12 bytes, or a Tid62
  static from(value) {
    if (value instanceof Tid62) return value
    let b = rawBytes(value, 12, 'tid62')
    if (b === null && typeof value === 'string' && value.length === 17) {
      let n = 0n
      for (const c of value) {
        const v = B62_VALUE.get(c)
        if (v === undefined) { n = -1n; break }
        n = n * 62n + BigInt(v)
      }
      if (n >= 0n && n < 1n << 96n) b = bytesOfBig(n, 12)
    }
    if (b === null) throw new TypeError(`invalid tid62: ${String(value)}`)
    return new Tid62(b)
  }

  toString() {
    let n = bigOfBytes(this.bytes)
    let s = ''
    for (let i = 0; i < 17; i++) {
      s = B62[Number(n % 62n)] + s
      n /= 62n
    }
    return s
  }

  get time() { return new Date((TID62_EPOCH + this.bytes.readUInt32BE(0)) * 1000) }
  get entropy() { return this.bytes.subarray(4) }
}

// uid8 parameters: a BigInt (0 to 2**64-1, or a negative one from -2**63,
// Java's signed view of the same 64 bits), 16 hex digits, or 8 bytes
class Uid8Param {
  constructor(value) {
    this.value = uid8Value(value)
    Object.freeze(this)
  }

  toPostgres() {
    return this.value.toString(16).padStart(16, '0')
  }

  toString() {
    return this.toPostgres()
  }
}

function uid8Value(value) {
  if (value instanceof Uid8Param) return value.value
  if (typeof value === 'bigint') {
    if (value < -(1n << 63n) || value >= U64) throw new RangeError(`${value} is out of range for uid8`)
    return value < 0n ? value + U64 : value
  }
  if (typeof value === 'string') {
    const b = hexBytes(value, 8)
    if (b === null) throw new TypeError(`invalid uid8: ${value} (16 hex digits)`)
    return bigOfBytes(b)
  }
  const b = rawBytes(value, 8, 'uid8')
  if (b === null) throw new TypeError(`cannot make a uid8 of ${typeof value}`)
  return bigOfBytes(b)
}

function uid8(value) {
  return new Uid8Param(value)
}

// reverse the 64 bits of a BigInt (Java's Long.reverse)
function reverse64(n) {
  let r = 0n
  for (let i = 0; i < 64; i++) {
    r = r << 1n | (n & 1n)
    n >>= 1n
  }
  return r
}

// The parts of a uid8, in the layout of java-uniqueid 4.x:
// V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12 | (gen & 0xFF) << 4 | cluster,
// T = ts << 22 (time_sequential) or the bit reversal of ts (spread).
function uid8Parts(value) {
  const v = uid8Value(value)
  const low = Number(v & 0x3fffffn)
  const timeSequential = (low >> 12 & 1) === 1
  const ts = timeSequential ? v >> 22n : reverse64(v & ~0x3fffffn)
  return {
    time: new Date(Number(ts)),
    sequence: low >> 16 & 63,
    generator: (low >> 13 & 7) << 8 | (low >> 4 & 0xff),
    cluster: low & 15,
    mode: timeSequential ? 'time_sequential' : 'spread',
  }
}

// The uid8 (a BigInt) of the given parts: the inverse of uid8Parts()
function uid8FromParts({ time, sequence, generator, cluster, mode = 'spread' }) {
  const ts = BigInt(time instanceof Date ? time.getTime() : time)
  const timeSequential = mode === 'time_sequential'
  const t = timeSequential ? ts << 22n : reverse64(ts)
  return t | BigInt(sequence) << 16n | BigInt(generator >> 8 & 7) << 13n |
    (timeSequential ? 1n : 0n) << 12n | BigInt(generator & 0xff) << 4n | BigInt(cluster)
}

// The time of a UUIDv7 (milliseconds) or v6 (100 ns since 1582-10-15) as a
// Date, or null for other versions (a v8 layout belongs to its producer)
function uuidTime(text) {
  const b = uuidBytes(String(text))
  if (b === null) throw new TypeError(`invalid uuid: ${String(text)}`)
  const version = b[6] >> 4
  if (version === 7) return new Date(b.readUIntBE(0, 6))
  if (version === 6) {
    const n = bigOfBytes(b.subarray(0, 8))
    const ticks = (n >> 16n) << 12n | (n & 0xfffn)
    return new Date(Number(ticks / 10000n) - 12219292800000)
  }
  return null
}

// SQL type name, text parser
const TYPES = [
  ['uid8', (s) => BigInt('0x' + s)],
  ['muid', (s) => Muid.from(s)],
  ['hlculid', (s) => HlcUlid.from(s)],
  ['tid62', (s) => Tid62.from(s)],
]

// Register the parsers on a connected pg.Client (the types' OIDs differ
// between databases, so they are looked up); schema names the extension's
// schema if it is not on the search path.
async function register(client, { schema } = {}) {
  const names = TYPES.map(([name]) => (schema ? `${escapeIdent(schema)}.${name}` : name))
  const { rows } = await client.query(
    'SELECT n, to_regtype(n)::oid AS oid FROM unnest($1::text[]) AS n', [names])
  rows.forEach((row, i) => {
    if (row.oid === null) {
      throw new Error(`type ${names[i]} not found: is the idtypes extension installed?`)
    }
    client.setTypeParser(Number(row.oid), 'text', TYPES[i][1])
  })
  return client
}

function escapeIdent(name) {
  return '"' + name.replace(/"/g, '""') + '"'
}

module.exports = {
  register, uid8, uid8Parts, uid8FromParts, uuidTime, Muid, HlcUlid, Tid62,
}
