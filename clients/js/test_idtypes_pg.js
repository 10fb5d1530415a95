'use strict'
// Client test of idtypes with node-postgres and the adapters of idtypes_pg.js.
//
// Usage: node test_idtypes_pg.js   (connects with the PG* environment variables)
//
// For every type (uid8, muid, hlculid, tid62, and UUIDv6/v7/v8 on uuid): ids
// generated in SQL read as JavaScript values, with the parts and time the SQL functions give, and written back
// unchanged; ids made in JavaScript (npm ulid and uuid; uid8 in
// java-uniqueid's layout) stored and read back with the same parts and time,
// as text and as Buffer parameters (binary format; node-postgres 8 has no
// binary results); UUID strings stored into muid and hlculid
// through an explicit cast ($1::uuid::muid), and refused without one.  Prints "ok - what" or "not ok - what: details"
// per check (t/021_node_pg.pl turns them into TAP assertions).

const pg = require('pg')
const ulid = require('ulid')
const uuid = require('uuid')
const idt = require('./idtypes_pg')
const { Muid, HlcUlid, Tid62, uid8, uid8Parts, uid8FromParts, uuidTime } = idt

const { check, same, rejects, run, show } = require('./client_checks')

// SQL type, generator, the class of its values
const TYPES = [
  ['uid8', 'gen_uid8()', 'bigint'],
  ['muid', 'gen_muid()', Muid],
  ['hlculid', 'gen_hlculid()', HlcUlid],
  ['tid62', 'gen_tid62()', Tid62],
]

function isOf(v, kind) {
  return kind === 'bigint' ? typeof v === 'bigint' : v instanceof kind
}

function classesAlone() {
  const m = Muid.from('05D5EAC793E61F17B9F5B9479DF94AC0')
  same('Muid of the dashed form', Muid.from('05d5eac793e61f-17b9f5b9479df-94ac0'), m)
  same('Muid of its UUID string', Muid.from(m.uuid), m)
  same('Muid micros', m.micros, 1642579230975519n)
  const h = HlcUlid.from('01K0RS6SB4000002NAM48H248H')
  same('HlcUlid bytes', h.bytes.toString('hex'), '0198319365640000000aaaa111111111')
  same('HlcUlid of dashed hex', HlcUlid.from('019831936564-0000-000A-AAA111111111'), h)
  same('HlcUlid time is ulid.decodeTime', h.time.getTime(), ulid.decodeTime(String(h)))
  same('HlcUlid counter and publisher', `${h.counter}/${h.publisher}`, '0/10')
  const t = Tid62.from('04XVaYIJisigHzUpr')
  same('Tid62 time', t.time, new Date('2025-12-30T12:00:00Z'))
  same('Tid62 entropy', t.entropy.toString('hex'), '0123456789abcdef')
  same('uid8 of a negative BigInt is its two\'s complement', String(uid8(-1n)), 'ffffffffffffffff')
  const p = uid8Parts(0xcb54ecf2840a0015n)
  same('uid8Parts', `${p.time.toISOString()} ${p.sequence} ${p.generator} ${p.cluster} ${p.mode}`,
    '1974-07-14T19:42:16.275Z 10 1 5 spread')
  for (const bad of [() => Muid.from('05D5'), () => HlcUlid.from('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
    () => Tid62.from('zzzzzzzzzzzzzzzzz'), () => uid8('123'), () => uid8(1n << 64n)]) {
    let threw = false
    try { bad() } catch (e) { threw = true }
    check(`bad input is refused: ${bad.toString().slice(6)}`, threw)
  }
}

async function withServer(client) {
  await client.query('CREATE EXTENSION IF NOT EXISTS idtypes')
  await idt.register(client)
  await client.query(`CREATE TEMP TABLE ids (n serial, u8 uid8, m muid, h hlculid, t62 tid62,
    v6 uuid, v7 uuid, v8 uuid)`)

  for (const [type, gen, kind] of TYPES) {
    const col = { uid8: 'u8', muid: 'm', hlculid: 'h', tid62: 't62' }[type]
    const parts = {
      uid8: `uid8_timestamp(x), uid8_sequence(x) || '/' || uid8_generator(x) || '/' || uid8_cluster(x) || '/' || uid8_mode(x)`,
      muid: `muid_timestamp(x), muid_medallion(x) || '/' || muid_offset(x)`,
      hlculid: `hlculid_timestamp(x), hlculid_counter(x) || '/' || hlculid_publisher(x)`,
      tid62: `tid62_timestamp(x), encode(tid62_entropy(x), 'hex')`,
    }[type]
    const q = `SELECT x, x::text AS text, ${parts} FROM (SELECT ${gen} AS x) s`
    for (const binary of [false, true]) {
      // the same id, written back as text or as a Buffer (binary format)
      const fmt = binary ? 'binary' : 'text'
      const { rows: [row] } = await client.query(q)
      const x = row.x
      check(`${type} (${fmt}) arrives as a ${kind === 'bigint' ? 'BigInt' : kind.name}`, isOf(x, kind), show(x))
      const canonical = type === 'uid8' ? String(uid8(x)) : String(x)
      same(`${type} (${fmt}) text is the SQL text`, canonical, row.text)
      const mine = type === 'uid8' ? uid8Parts(x)
        : type === 'tid62' ? { time: x.time, rest: x.entropy.toString('hex') }
          : type === 'muid' ? { time: x.time, rest: `${x.medallion}/${x.offset}` }
            : { time: x.time, rest: `${x.counter}/${x.publisher}` }
      const sqlTime = row.uid8_timestamp || row.muid_timestamp || row.hlculid_timestamp || row.tid62_timestamp
      // muid times are microseconds: a Date holds milliseconds
      same(`${type} (${fmt}) time is the SQL time`, mine.time.getTime(), Math.floor(new Date(sqlTime).getTime()))
      const rest = Object.values(row)[3]
      const myRest = type === 'uid8' ? `${mine.sequence}/${mine.generator}/${mine.cluster}/${mine.mode}` : mine.rest
      same(`${type} (${fmt}) parts are the SQL parts`, myRest, rest)
      // written back as it came (a BigInt wrapped with uid8()), or as its bytes
      const bytes = type === 'uid8' ? Buffer.from(String(uid8(x)), 'hex') : x.bytes
      const param = binary ? bytes : type === 'uid8' ? uid8(x) : x
      const { rows: [back] } = await client.query(
        `INSERT INTO ids (${col}) VALUES ($1) RETURNING ${col} AS y, ${col} = $2::${type} AS eq`, [param, row.text])
      check(`${type} (${fmt}) written back unchanged`, back.eq === true && canonical === (type === 'uid8' ? String(uid8(back.y)) : String(back.y)), show(back.y))
    }
  }

  // uid8: the BigInt and Java's signed view of it
  await rejects('a bare BigInt is decimal text, which uid8 refuses',
    () => client.query('SELECT $1::uid8', [81985529216486895n]), /invalid input syntax for type uid8/)
  const { rows: [r1] } = await client.query('INSERT INTO ids (u8) VALUES ($1), ($2) RETURNING u8',
    [uid8(81985529216486895n), uid8(-2n)])
  same('uid8(BigInt) stores the BigInt', r1.u8, 81985529216486895n)
  const { rows: r2 } = await client.query(`SELECT u8 FROM ids WHERE u8 >= $1 ORDER BY u8 DESC LIMIT 1`, [uid8('fffffffffffffff0')])
  same('uid8(-2n) stores the top of the range', r2[0].u8, (1n << 64n) - 2n)
  const { rows: [r3] } = await client.query('SELECT $1::bigint::uid8 AS a, $2::uid8 < $3::uid8 AS lt',
    ['-1', uid8(1n), uid8(-1n)])
  same('a signed decimal converts through bigint explicitly', r3.a, (1n << 64n) - 1n)
  same('BigInt order is uid8 order', r3.lt, true)
  // uid8 made in JavaScript, in java-uniqueid's layout (both modes)
  for (const mode of ['spread', 'time_sequential']) {
    const made = uid8FromParts({ time: new Date('2025-07-22T10:00:00.123Z'), sequence: 17, generator: 1234, cluster: 9, mode })
    const { rows: [r] } = await client.query(`INSERT INTO ids (u8) VALUES ($1) RETURNING u8,
      uid8_from_parts('2025-07-22 10:00:00.123+00', 17, 1234, 9, $2) = u8 AS eq,
      uid8_timestamp(u8) AS ts, uid8_mode(u8) AS mode`, [uid8(made), mode])
    check(`uid8 built in JavaScript (${mode}) is the SQL one`, r.eq === true && r.u8 === made && r.mode === mode, show(r.u8))
    same(`uid8 built in JavaScript (${mode}) has its time`, new Date(r.ts), new Date('2025-07-22T10:00:00.123Z'))
  }

  // 16-byte types from UUID strings: the explicit cast uuid -> muid, hlculid
  const u = '05d5eac7-93e6-1f17-b9f5-b9479df94ac0'
  await rejects('a UUID string is not muid text', () => client.query('INSERT INTO ids (m) VALUES ($1)', [u]),
    /invalid input syntax for type muid/)
  await rejects('a uuid parameter is not stored into a muid without a cast',
    () => client.query('INSERT INTO ids (m) VALUES ($1::uuid)', [u]), /column "m" is of type muid but expression is of type uuid/)
  const { rows: [r4] } = await client.query('INSERT INTO ids (m, h) VALUES ($1::uuid::muid, $1::uuid::hlculid) RETURNING m, h', [u])
  same('a uuid parameter cast to muid stores the same 16 bytes', String(r4.m), '05D5EAC793E61F17B9F5B9479DF94AC0')
  same('a uuid parameter cast to hlculid stores the same 16 bytes', r4.h.uuid, u)
  await rejects('comparing a muid with a uuid stays explicit',
    () => client.query('SELECT count(*) FROM ids WHERE m = $1::uuid', [u]), /operator does not exist: muid = uuid/)
  same('Muid.from(UUID string) as a parameter', (await client.query('SELECT $1::muid::text AS t', [Muid.from(u)])).rows[0].t,
    '05D5EAC793E61F17B9F5B9479DF94AC0')

  // hlculid from npm ulid: a ULID is hlculid text; its time is kept
  const mono = ulid.monotonicFactory()
  for (const [what, id] of [['ulid()', ulid.ulid()], ['monotonicFactory()', mono()],
    ['ulid(fixed time)', ulid.ulid(Date.UTC(2025, 6, 22, 10))]]) {
    for (const binary of [false, true]) {
      const { rows: [r] } = await client.query('INSERT INTO ids (h) VALUES ($1) RETURNING h, hlculid_timestamp(h) AS ts',
        [binary ? HlcUlid.from(id).bytes : id])
      same(`${what} (${binary ? 'binary' : 'text'}) stored and read back`, String(r.h), id)
      same(`${what} (${binary ? 'binary' : 'text'}) keeps its time`, r.h.time.getTime(), ulid.decodeTime(id))
      same(`${what} (${binary ? 'binary' : 'text'}) SQL time`, new Date(r.ts).getTime(), ulid.decodeTime(id))
    }
  }

  // UUIDv6/v7/v8 on uuid: SQL ids and npm uuid's
  for (const [v, gen] of [[6, 'uuidv6_next()'], [7, 'uuidv7_next()'], [8, 'uuidv8_next()']]) {
    for (const binary of [false, true]) {
      const fmt = binary ? 'binary' : 'text'
      const { rows: [r] } = await client.query(`SELECT x, x::text AS t, uuidv_timestamp(x) AS ts FROM (SELECT ${gen} AS x) s`)
      check(`UUIDv${v} (${fmt}) arrives as the uuid string`, typeof r.x === 'string' && r.x === r.t && uuid.version(r.x) === v, show(r.x))
      if (v !== 8) same(`UUIDv${v} (${fmt}) uuidTime() is the SQL time`, uuidTime(r.x).getTime(), Math.floor(new Date(r.ts).getTime()))
      const { rows: [w] } = await client.query(`INSERT INTO ids (v${v}) VALUES ($1) RETURNING v${v} = $2::uuid AS eq`,
        [binary ? Buffer.from(uuid.parse(r.x)) : r.x, r.t])
      same(`UUIDv${v} (${fmt}) written back unchanged`, w.eq, true)
    }
  }
  for (const [v, make] of [[7, () => uuid.v7()], [6, () => uuid.v6()]]) {
    const id = make()
    for (const binary of [false, true]) {
      const { rows: [r] } = await client.query(
        `INSERT INTO ids (v${v}) VALUES ($1) RETURNING v${v} AS x, uuidv_timestamp(v${v}) AS ts, uuidv_version(v${v}) AS ver`,
        [binary ? Buffer.from(uuid.parse(id)) : id])
      same(`npm uuid v${v}() (${binary ? 'binary' : 'text'}) read back`, r.x, id)
      same(`npm uuid v${v}() (${binary ? 'binary' : 'text'}) SQL time is its time`, Math.floor(new Date(r.ts).getTime()), uuidTime(id).getTime())
      same(`npm uuid v${v}() (${binary ? 'binary' : 'text'}) version`, Number(r.ver), v)
    }
  }

  // sort order: JavaScript comparisons agree with SQL's
  const { rows: sorted } = await client.query('SELECT u8 FROM ids WHERE u8 IS NOT NULL ORDER BY u8')
  const js = sorted.map((r) => r.u8).slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  same('BigInt order is SQL order', js.join(), sorted.map((r) => r.u8).join())
  const { rows: hs } = await client.query('SELECT h FROM ids WHERE h IS NOT NULL ORDER BY h')
  const hsorted = hs.map((r) => r.h).slice().sort((a, b) => a.compare(b))
  same('HlcUlid order is SQL order', hsorted.map(String).join(), hs.map((r) => String(r.h)).join())
  same('ULID text order is SQL order', hs.map((r) => String(r.h)).slice().sort().join(), hs.map((r) => String(r.h)).join())
}

async function main() {
  classesAlone()
  const client = new pg.Client()
  await client.connect()
  try {
    await withServer(client)
  } catch (e) {
    check('the checks against the server ran to the end', false, e.stack)
  } finally {
    await client.end()
  }
}

run(main)
