'use strict'
// ORM test of idtypes with the JavaScript ORMs of orm/package-lock.json:
// Drizzle (the column types of idtypes_drizzle.js, and a migration that
// drizzle-kit generates from them), Knex and Sequelize (the
// recipes of doc/orm.md, with idtypes_pg.js's parsers on each connection),
// and TypeORM (core uuid with uuidv7_next(); its refusal of the extension's
// types).
//
// Usage: node test_idtypes_orm.js   (connects with the PG* environment variables)
//
// For every type (muid, hlculid, uid8, tid62, and UUIDv7 on core uuid), in
// each ORM: a table whose key defaults to the generator; an insert without
// the key reading the generated one back as the adapter's value; known values
// stored and read back; lookups by key; the key's time and another part; a
// time range on the key; and migrating an existing uuid and bigserial key.
// Prints "ok - what" or "not ok - what: details" per check
// (t/025_orm_js.pl turns them into TAP assertions), then "ran N checks".

const pg = require('pg')
const idt = require('./idtypes_pg')
const idd = require('./idtypes_drizzle')

const { check, same, rejects, run } = require('./client_checks')

// the known values: text, time, a part (name, value as SQL text), the SQL
// that builds the id of row n at time t, whether the key compares with
// timestamptz
const KNOWN = {
  muid: ['05D5EAC793E61F17B9F5B9479DF94AC0', '2022-01-19T08:00:30.975Z', ['medallion', '417399343184351'],
    'muid_from_parts(t, 42, n)', true],
  hlculid: ['01K0RS6SB4000002NAM48H248H', '2025-07-22T10:00:00.100Z', ['publisher', '10'],
    'hlculid_from_parts(t, 0, 10, n)', true],
  uid8: ['cb54ecf2840a0015', '1974-07-14T19:42:16.275Z', ['cluster', '5'],
    "uid8_from_parts(t, 0, n, 5, 'time_sequential')", false],
  tid62: ['04XVaYIJisigHzUpr', '2025-12-30T12:00:00.000Z', ['entropy', '\\x0123456789abcdef'],
    "tid62_from_parts(t, decode(lpad(to_hex(n), 16, '0'), 'hex'))", true],
}
const VALUE = {
  muid: (v) => v instanceof idt.Muid,
  hlculid: (v) => v instanceof idt.HlcUlid,
  uid8: (v) => typeof v === 'bigint',
  tid62: (v) => v instanceof idt.Tid62,
  uuid: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-7/.test(v),
}
const TEXT = (v) => (typeof v === 'bigint' ? v.toString(16).padStart(16, '0') : String(v))
const GENERATOR = { muid: 'gen_muid()', hlculid: 'gen_hlculid()', uid8: 'gen_uid8()', tid62: 'gen_tid62()', uuid: 'uuidv7_next()' }
const T0 = Date.UTC(2025, 6, 22, 10)
const INSTANTS = [...Array(10).keys()].map((n) => new Date(T0 + n * 1000))
const [FROM, TO] = [INSTANTS[3], INSTANTS[6]]

// ten rows of the times of INSTANTS in a table (n = 0..9), with an ORM's
// query of SQL text
async function fill(query, table, type) {
  const build = type === 'uuid' ? 'uuidv7_at(t)' : KNOWN[type][3]
  await query(`INSERT INTO ${table} (id, n) SELECT ${build}, n FROM generate_series(0, 9) n,
    LATERAL (SELECT '${INSTANTS[0].toISOString()}'::timestamptz + n * interval '1 second' AS t) s`)
}

async function drizzleChecks(pool) {
  const { drizzle } = require('drizzle-orm/node-postgres')
  const { pgTable, integer, uuid } = require('drizzle-orm/pg-core')
  const { eq, inArray, gte, lt, and, asc, sql } = require('drizzle-orm')
  const db = drizzle(pool)
  const columns = { muid: idd.muid, hlculid: idd.hlculid, uid8: idd.uid8, tid62: idd.tid62, uuid }
  const defaults = { muid: idd.genMuid, hlculid: idd.genHlcUlid, uid8: idd.genUid8, tid62: idd.genTid62, uuid: idd.genUuidV7 }
  for (const type of Object.keys(columns)) {
    const table = pgTable(`dz_${type}`, {
      id: columns[type]('id').primaryKey().default(defaults[type]),
      n: integer('n'),
    })
    await pool.query(`CREATE TABLE dz_${type} (id ${type} PRIMARY KEY DEFAULT ${GENERATOR[type]}, n int)`)
    const [row] = await db.insert(table).values({ n: -1 }).returning()
    check(`drizzle ${type}: insert without the key reads back the generated one`, VALUE[type](row.id), row.id)
    const found = await db.select().from(table).where(eq(table.id, row.id))
    same(`drizzle ${type}: eq() on the key finds it`, found.map((r) => r.n), [-1])
    const listed = await db.select({ n: table.n }).from(table).where(inArray(table.id, [row.id]))
    same(`drizzle ${type}: inArray() on the key finds it`, listed.map((r) => r.n), [-1])
    await fill((q) => pool.query(q), `dz_${type}`, type)
    let where
    if (type === 'uuid') {
      where = and(gte(table.id, sql`uuidv7_floor(${idd.timestamptz(FROM)})`), lt(table.id, sql`uuidv7_floor(${idd.timestamptz(TO)})`))
    } else if (type === 'uid8') {
      where = and(gte(table.id, sql`uid8_floor(${idd.timestamptz(FROM)})`), lt(table.id, sql`uid8_floor(${idd.timestamptz(TO)})`))
    } else {
      where = idd.timeRange(table.id, FROM, TO)
    }
    const ranged = await db.select({ n: table.n }).from(table).where(where).orderBy(asc(table.id))
    same(`drizzle ${type}: a time range on the key`, ranged.map((r) => r.n), [3, 4, 5])
    if (type === 'uuid') continue
    const [text, time, [part, partValue]] = KNOWN[type]
    const forms = [['its text', text]]
    if (type === 'muid' || type === 'hlculid') forms.push(['a UUID string', idt[type === 'muid' ? 'Muid' : 'HlcUlid'].from(text).uuid])
    if (type === 'uid8') forms.push(['a BigInt', BigInt('0x' + text)], ['a Buffer', Buffer.from(text, 'hex')])
    if (type === 'tid62') forms.push(['a Buffer', idt.Tid62.from(text).bytes])
    for (const [label, value] of forms) {
      const [stored] = await db.insert(table).values({ id: value, n: 100 }).returning()
      same(`drizzle ${type}: ${label} stores the value, read back`, [VALUE[type](stored.id), TEXT(stored.id)], [true, text])
      await db.delete(table).where(eq(table.n, 100))
    }
    await db.insert(table).values({ id: text, n: 101 })
    const [parts] = await db.select({ t: idd.idTime(table.id), p: sql`${idd.idPart(table.id, part)}::text` })
      .from(table).where(eq(table.id, text))
    same(`drizzle ${type}: idTime() and idPart('${part}') read the parts`, [parts.t.toISOString(), parts.p], [time, partValue])
  }
}

// drizzle-kit: a migration generated from a schema with every type and its
// generator default, run by drizzle-orm's migrator (in ORM_WORKDIR)
async function drizzleKitChecks(pool) {
  const fs = require('fs')
  const path = require('path')
  const { execFileSync } = require('child_process')
  const { drizzle } = require('drizzle-orm/node-postgres')
  const { migrate } = require('drizzle-orm/node-postgres/migrator')
  const dir = process.env.ORM_WORKDIR
  fs.writeFileSync(path.join(dir, 'schema.js'), `
const { pgTable, integer, uuid } = require('drizzle-orm/pg-core')
const idd = require(${JSON.stringify(path.join(__dirname, 'idtypes_drizzle'))})
exports.events = pgTable('dk_events', {
  id: idd.muid('id').primaryKey().default(idd.genMuid),
  origin: idd.hlculid('origin').default(idd.genHlcUlid),
  parcel: idd.uid8('parcel').default(idd.genUid8),
  ref: idd.tid62('ref').default(idd.genTid62),
  doc: uuid('doc').default(idd.genUuidV7),
  n: integer('n'),
})
`)
  fs.writeFileSync(path.join(dir, 'drizzle.config.js'),
    "module.exports = { dialect: 'postgresql', schema: './schema.js', out: './drizzle' }\n")
  const bin = path.join(process.env.NODE_PATH, '.bin', 'drizzle-kit')
  execFileSync(bin, ['generate', '--name', 'events'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  const file = fs.readdirSync(path.join(dir, 'drizzle')).find((f) => f.endsWith('.sql'))
  const ddl = fs.readFileSync(path.join(dir, 'drizzle', file), 'utf8')
  for (const want of ['"id" "muid" PRIMARY KEY DEFAULT gen_muid()', '"origin" "hlculid" DEFAULT gen_hlculid()',
    '"parcel" "uid8" DEFAULT gen_uid8()', '"ref" "tid62" DEFAULT gen_tid62()', '"doc" uuid DEFAULT uuidv7_next()']) {
    check(`drizzle-kit generate writes ${want}`, ddl.includes(want), ddl)
  }
  await migrate(drizzle(pool), { migrationsFolder: path.join(dir, 'drizzle') })
  const { events } = require(path.join(dir, 'schema.js'))
  const [row] = await drizzle(pool).insert(events).values({ n: 1 }).returning()
  same('drizzle-kit: the migrated table fills every key from its generator',
    ['muid', 'hlculid', 'uid8', 'tid62', 'uuid'].map((t, i) => VALUE[t](row[['id', 'origin', 'parcel', 'ref', 'doc'][i]])),
    [true, true, true, true, true])
}

async function knexChecks() {
  const knex = require('knex')({
    client: 'pg',
    connection: {},                                   // PG* environment variables
    pool: { min: 0, max: 2, afterCreate: (conn, done) => idt.register(conn).then(() => done(null, conn), done) },
  })
  try {
    for (const type of Object.keys(GENERATOR)) {
      const table = `kx_${type}`
      await knex.schema.createTable(table, (t) => {
        t.specificType('id', type).primary().defaultTo(knex.raw(GENERATOR[type]))
        t.integer('n')
      })
      const [row] = await knex(table).insert({ n: -1 }).returning('id')
      check(`knex ${type}: insert without the key reads back the generated one`, VALUE[type](row.id), row.id)
      const found = await knex(table).where('id', type === 'uid8' ? idt.uid8(row.id) : row.id).select('n')
      same(`knex ${type}: where('id', ...) finds it`, found.map((r) => r.n), [-1])
      await fill((q) => knex.raw(q), table, type)
      let rows
      if (type === 'uuid' || type === 'uid8') {
        const floor = type === 'uuid' ? 'uuidv7_floor' : 'uid8_floor'
        rows = await knex(table).where('id', '>=', knex.raw(`${floor}(?::timestamptz)`, [FROM]))
          .andWhere('id', '<', knex.raw(`${floor}(?::timestamptz)`, [TO])).orderBy('id').select('n')
      } else {
        rows = await knex(table).where('id', '>=', knex.raw('?::timestamptz', [FROM]))
          .andWhere('id', '<', knex.raw('?::timestamptz', [TO])).orderBy('id').select('n')
      }
      same(`knex ${type}: a time range on the key`, rows.map((r) => r.n), [3, 4, 5])
      if (type === 'uuid') continue
      const [text, time, [part, partValue]] = KNOWN[type]
      await knex(table).insert({ id: type === 'uid8' ? idt.uid8(text) : text, n: 100 })
      const [parts] = await knex(table).where('n', 100)
        .select('id', knex.raw(`${type}_timestamp(id) AS time`), knex.raw(`${type}_${part}(id)::text AS part`))
      same(`knex ${type}: the value, its time and ${part}`, [TEXT(parts.id), parts.time.toISOString(), parts.part],
        [text, time, partValue])
    }
    // migrating existing keys
    await knex.schema.createTable('kx_users', (t) => { t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()')) })
    await knex.schema.createTable('kx_orders', (t) => { t.bigIncrements('id'); t.integer('n') })
    await knex('kx_orders').insert([{ n: 1 }, { n: 2 }])
    await knex.schema.alterTable('kx_users', (t) => { t.uuid('id').defaultTo(knex.raw('uuidv7_next()')).alter({ alterNullable: false }) })
    const [user] = await knex('kx_users').insert({}).returning('id')
    same('knex: a uuid key\'s new default is UUIDv7', user.id[14], '7')
    await knex.schema.alterTable('kx_orders', (t) => {
      t.specificType('id', 'uid8').defaultTo(knex.raw('gen_uid8()')).alter({ alterNullable: false })
    })
    await knex.raw('DROP SEQUENCE kx_orders_id_seq')
    await knex('kx_orders').insert({ n: 3 })
    const orders = await knex('kx_orders').orderBy('n').select('id', 'n')
    same('knex: a bigserial key migrated to uid8 keeps its values', orders.slice(0, 2).map((r) => [r.id, r.n]), [[1n, 1], [2n, 2]])
    check('knex: new keys of the migrated table come from gen_uid8()', orders[2].id >= 1n << 22n, orders[2].id)
  } finally {
    await knex.destroy()
  }
}

async function sequelizeChecks() {
  const { Sequelize, DataTypes, Op } = require('sequelize')
  const env = process.env
  const sequelize = new Sequelize(env.PGDATABASE, env.PGUSER, null, {
    host: env.PGHOST, port: env.PGPORT, dialect: 'postgres', logging: false,
    hooks: { afterConnect: (conn) => idt.register(conn) },
  })
  try {
    for (const type of Object.keys(GENERATOR)) {
      const Model = sequelize.define(`Sq${type}`, {
        id: { type: type === 'uuid' ? DataTypes.UUID : type, primaryKey: true, defaultValue: sequelize.literal(GENERATOR[type]) },
        n: DataTypes.INTEGER,
      }, { tableName: `sq_${type}`, timestamps: false })
      await Model.sync()
      const [column] = await sequelize.query(
        `SELECT format_type(atttypid, atttypmod) AS type, pg_get_expr(adbin, adrelid) AS "default"
         FROM pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
         WHERE attrelid = 'sq_${type}'::regclass AND attname = 'id'`, { type: Sequelize.QueryTypes.SELECT })
      same(`sequelize ${type}: sync() creates the key with its generator default`, column, { type, default: GENERATOR[type] })
      const row = await Model.create({ n: -1 })
      check(`sequelize ${type}: create() reads back the generated key`, VALUE[type](row.id), row.id)
      const found = await Model.findByPk(TEXT(row.id))          // the key as its text
      same(`sequelize ${type}: findByPk() finds it`, found && found.n, -1)
      await fill((q) => sequelize.query(q), `sq_${type}`, type)
      let where
      if (type === 'uuid' || type === 'uid8') {
        const floor = type === 'uuid' ? 'uuidv7_floor' : 'uid8_floor'
        where = { id: { [Op.gte]: sequelize.fn(floor, sequelize.cast(FROM, 'timestamptz')),
          [Op.lt]: sequelize.fn(floor, sequelize.cast(TO, 'timestamptz')) } }
      } else {
        where = { id: { [Op.gte]: sequelize.cast(FROM, 'timestamptz'), [Op.lt]: sequelize.cast(TO, 'timestamptz') } }
      }
      const rows = await Model.findAll({ where, order: [['id', 'ASC']] })
      same(`sequelize ${type}: a time range on the key`, rows.map((r) => r.n), [3, 4, 5])
      if (type === 'uuid') continue
      const [text, time, [part, partValue]] = KNOWN[type]
      await Model.create({ id: type === 'uid8' ? idt.uid8(text) : text, n: 100 })
      const parts = await Model.findOne({
        where: { n: 100 },
        attributes: ['id', [sequelize.fn(`${type}_timestamp`, sequelize.col('id')), 'time'],
          [sequelize.cast(sequelize.fn(`${type}_${part}`, sequelize.col('id')), 'text'), 'part']],
      })
      same(`sequelize ${type}: the value, its time and ${part}`,
        [TEXT(parts.id), parts.get('time').toISOString(), parts.get('part')], [text, time, partValue])
    }
    // migrating existing keys
    const qi = sequelize.getQueryInterface()
    await sequelize.query('CREATE TABLE sq_orders (id bigserial PRIMARY KEY, n int); INSERT INTO sq_orders (n) VALUES (1), (2)')
    // the type first, saying how (without USING, a change of a column's type
    // into an id type is refused, and changeColumn() writes none), then the
    // default (Sequelize sets a new default before the type)
    await sequelize.query('ALTER TABLE sq_orders ALTER COLUMN id TYPE uid8 USING id::uid8')
    await qi.changeColumn('sq_orders', 'id', { type: 'uid8', allowNull: false, defaultValue: sequelize.literal('gen_uid8()') })
    await sequelize.query('DROP SEQUENCE sq_orders_id_seq; INSERT INTO sq_orders (n) VALUES (3)')
    const [orders] = await sequelize.query('SELECT id, n FROM sq_orders ORDER BY n')
    same('sequelize: a bigserial key migrated to uid8 keeps its values', orders.slice(0, 2).map((r) => [r.id, r.n]), [[1n, 1], [2n, 2]])
    check('sequelize: new keys of the migrated table come from gen_uid8()', orders[2].id >= 1n << 22n, orders[2].id)
  } finally {
    await sequelize.close()
  }
}

async function typeormChecks() {
  const { DataSource, EntitySchema } = require('typeorm')
  const env = process.env
  const options = { type: 'postgres', host: env.PGHOST, port: Number(env.PGPORT), username: env.PGUSER, database: env.PGDATABASE }
  const Doc = new EntitySchema({
    name: 'Doc', tableName: 'to_docs',
    columns: { id: { type: 'uuid', primary: true, default: () => 'uuidv7_next()' }, n: { type: 'int' } },
  })
  const source = new DataSource({ ...options, entities: [Doc], synchronize: true })
  await source.initialize()
  try {
    const [column] = await source.query(
      "SELECT pg_get_expr(adbin, adrelid) AS d FROM pg_attrdef WHERE adrelid = 'to_docs'::regclass")
    same('typeorm uuid: synchronize creates the key with DEFAULT uuidv7_next()', column.d, 'uuidv7_next()')
    const repo = source.getRepository('Doc')
    const doc = await repo.save({ n: -1 })
    check('typeorm uuid: save() reads back the generated UUIDv7', VALUE.uuid(doc.id), doc.id)
    same('typeorm uuid: findOneBy() finds it', (await repo.findOneBy({ id: doc.id })).n, -1)
    await fill((q) => source.query(q), 'to_docs', 'uuid')
    const rows = await repo.createQueryBuilder('d')
      .where('d.id >= uuidv7_floor(:from::timestamptz) AND d.id < uuidv7_floor(:to::timestamptz)', { from: FROM, to: TO })
      .orderBy('d.id').getMany()
    same('typeorm uuid: a time range on the key', rows.map((r) => r.n), [3, 4, 5])
  } finally {
    await source.destroy()
  }
  // the extension's types: refused by TypeORM's own check of column types
  for (const type of ['muid', 'hlculid', 'uid8', 'tid62']) {
    const Event = new EntitySchema({
      name: `To${type}`, tableName: `to_${type}`,
      columns: { id: { type, primary: true, default: () => GENERATOR[type] } },
    })
    await rejects(`typeorm ${type}: refused ("not supported") at initialize`,
      () => new DataSource({ ...options, entities: [Event] }).initialize(), /not supported/)
  }
}

async function main() {
  const pool = new pg.Pool({ max: 2 })
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS idtypes')
    await drizzleChecks(pool)
    await drizzleKitChecks(pool)
  } finally {
    await pool.end()
  }
  await knexChecks()
  await sequelizeChecks()
  await typeormChecks()
}

run(main)
