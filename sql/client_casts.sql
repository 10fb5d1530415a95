-- A bigint, bytea or uuid becomes an id only where a statement says so
-- (value::uid8, CAST, USING): no statement reads their bits as an id by
-- itself, whatever the path (doc/reference.md, Clients).  What drivers send
-- for ids they do not know takes a cast or a client adapter.

-- errors by their message alone (the detail and hint of a missing operator
-- or function differ between versions); idtypes' own refusal once in full
-- below
\set VERBOSITY terse

-- the extension's casts and their contexts (a: assignment, e: explicit);
-- those from bigint and bytea are declared for assignment so that every
-- assignment reaches their function, which refuses unless the cast is
-- explicit (src/byteid.h)
SELECT c.castsource::regtype AS source, c.casttarget::regtype AS target, c.castcontext,
       c.castfunc::regprocedure AS function
FROM pg_cast c
JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid
JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'idtypes'
ORDER BY c.castsource::regtype::text, c.casttarget::regtype::text;

CREATE TABLE drv (m muid, h hlculid, u8 uid8, t62 tid62);
CREATE TABLE src (b bigint, y8 bytea, y12 bytea, y16 bytea, u uuid, bs bigint[]);
-- a 16-digit decimal bigint: its text is also the text of a uid8, which a
-- conversion through text would read as hex
INSERT INTO src VALUES (1234567890123456, '\xcb54ecf2840a0015', '\x0000000b3a7c6e3a9f0f1e2d',
                        '\x0198319365640000000aaaa111111111', '01983193-6564-7000-8000-000000000001',
                        '{1,2}');

-- parameters typed as JDBC, psycopg and asyncpg type a long, bytes and a
-- UUID: refused into an id column, stored with the cast
PREPARE ins_long(bigint) AS INSERT INTO drv (u8) VALUES ($1);
\set VERBOSITY default
EXECUTE ins_long(-3074457345618258602);
\set VERBOSITY terse
PREPARE ins_bytes(bytea, bytea, bytea, bytea) AS INSERT INTO drv (m, h, u8, t62) VALUES ($1, $2, $3, $4);
EXECUTE ins_bytes('\x05d5eac793e61f17b9f5b9479df94ac0', NULL, NULL, NULL);
EXECUTE ins_bytes(NULL, '\x0198319365640000000aaaa111111111', NULL, NULL);
EXECUTE ins_bytes(NULL, NULL, '\xcb54ecf2840a0015', NULL);
EXECUTE ins_bytes(NULL, NULL, NULL, '\x0000000b3a7c6e3a9f0f1e2d');
PREPARE ins_uuid(uuid, uuid) AS INSERT INTO drv (m, h) VALUES ($1, $2);
PREPARE ins_long_cast(bigint) AS INSERT INTO drv (u8) VALUES ($1::uid8);
EXECUTE ins_long_cast(-3074457345618258602);
EXECUTE ins_long_cast(42);
PREPARE ins_bytes_cast(bytea, bytea, bytea, bytea) AS
	INSERT INTO drv (m, h, u8, t62) VALUES ($1::muid, $2::hlculid, $3::uid8, $4::tid62);
EXECUTE ins_bytes_cast('\x05d5eac793e61f17b9f5b9479df94ac0', '\x0198319365640000000aaaa111111111',
                       '\xcb54ecf2840a0015', '\x0000000b3a7c6e3a9f0f1e2d');
PREPARE ins_uuid_cast(uuid, uuid) AS INSERT INTO drv (m, h) VALUES ($1::muid, $2::hlculid);
EXECUTE ins_uuid_cast('05d5eac7-93e6-1f17-b9f5-b9479df94ac0', '01983193-6564-0000-000a-aaa111111111');
SELECT * FROM drv ORDER BY u8, m;
-- the bytes must be the type's size
EXECUTE ins_bytes_cast('\x05d5', NULL, NULL, NULL);
EXECUTE ins_bytes_cast(NULL, NULL, '\xcb54ecf2840a00', NULL);
EXECUTE ins_bytes_cast(NULL, NULL, NULL, '\x00');

-- every path that converts without a cast refuses:
-- INSERT ... SELECT
INSERT INTO drv (m) SELECT u FROM src;
INSERT INTO drv (h) SELECT u FROM src;
INSERT INTO drv (u8) SELECT b FROM src;
INSERT INTO drv (m) SELECT y16 FROM src;
INSERT INTO drv (t62) SELECT y12 FROM src;
-- UPDATE
UPDATE drv SET h = y16 FROM src;
UPDATE drv SET u8 = b FROM src;
UPDATE drv SET m = u FROM src;
-- INSERT ... ON CONFLICT, and MERGE's actions, assign as INSERT and UPDATE do
CREATE TABLE keyed (id uid8 PRIMARY KEY);
INSERT INTO keyed SELECT b FROM src ON CONFLICT (id) DO NOTHING;
MERGE INTO keyed k USING src s ON false WHEN NOT MATCHED THEN INSERT VALUES (s.b);
-- ALTER TABLE ... ALTER COLUMN ... TYPE
CREATE DOMAIN big AS bigint;
CREATE TABLE conv (v7 uuid, b bigint, y bytea, bs bigint[], d big);
INSERT INTO conv VALUES ('01983193-6564-7000-8000-000000000001', -3795148059624996843,
                         '\x0000000b3a7c6e3a9f0f1e2d', '{1,2}', 42);
ALTER TABLE conv ALTER COLUMN v7 TYPE muid;
ALTER TABLE conv ALTER COLUMN v7 TYPE hlculid;
ALTER TABLE conv ALTER COLUMN b TYPE uid8;
ALTER TABLE conv ALTER COLUMN y TYPE tid62;
ALTER TABLE conv ALTER COLUMN bs TYPE uid8[];
ALTER TABLE conv ALTER COLUMN d TYPE uid8;
ALTER TABLE conv ADD COLUMN n int, ALTER COLUMN b TYPE uid8;
SELECT v7, b, y, bs, d FROM conv;
-- ALTER TYPE ... ALTER ATTRIBUTE ... TYPE ... CASCADE, with a typed table
CREATE TYPE ct AS (u uuid, i int8, y bytea);
CREATE TABLE typed OF ct;
INSERT INTO typed VALUES ('01983193-6564-7000-8000-000000000001', 42, '\xcb54ecf2840a0015');
ALTER TYPE ct ALTER ATTRIBUTE u TYPE muid CASCADE;
ALTER TYPE ct ALTER ATTRIBUTE u TYPE hlculid CASCADE;
ALTER TYPE ct ALTER ATTRIBUTE i TYPE uid8 CASCADE;
ALTER TYPE ct ALTER ATTRIBUTE y TYPE uid8 CASCADE;
SELECT * FROM typed;
-- function arguments: no function of an id takes them
SELECT uid8_timestamp(b) FROM src;
SELECT muid_timestamp(u) FROM src;
SELECT hlculid_timestamp(y16) FROM src;
CREATE FUNCTION takes_muid(m muid) RETURNS text LANGUAGE sql AS $$ SELECT m::text $$;
SELECT takes_muid(u) FROM src;
CREATE PROCEDURE takes_uid8(INOUT v uid8) LANGUAGE plpgsql AS $$ BEGIN END $$;
CALL takes_uid8(42::bigint);
-- a function's result
CREATE FUNCTION gives_uid8(x bigint) RETURNS uid8 LANGUAGE sql AS $$ SELECT x $$;
SELECT gives_uid8(1234567890123456);
CREATE FUNCTION gives_muid(x uuid) RETURNS muid LANGUAGE sql AS $$ SELECT x $$;
-- PL/pgSQL: assignment, a declaration's default, INTO and RETURN
DO $$ DECLARE v uid8; b bigint := 1234567890123456; BEGIN v := b; RAISE NOTICE '%', v; END $$;
DO $$ DECLARE b bigint := 1234567890123456; v uid8 := b; BEGIN RAISE NOTICE '%', v; END $$;
DO $$ DECLARE v uid8; BEGIN SELECT b INTO v FROM src; RAISE NOTICE '%', v; END $$;
DO $$ DECLARE v tid62; BEGIN SELECT y12 INTO v FROM src; RAISE NOTICE '%', v; END $$;
DO $$ DECLARE v hlculid; BEGIN SELECT y16 INTO v FROM src; RAISE NOTICE '%', v; END $$;
-- (from a uuid, PL/pgSQL has no cast and converts through text: the
-- uuid's text is no form of a muid's or an hlculid's)
DO $$ DECLARE v muid; BEGIN SELECT u INTO v FROM src; RAISE NOTICE '%', v; END $$;
DO $$ DECLARE v hlculid; u uuid := '01983193-6564-7000-8000-000000000001'; BEGIN v := u; END $$;
CREATE FUNCTION plpgsql_uid8(x bigint) RETURNS uid8 LANGUAGE plpgsql AS $$ BEGIN RETURN x; END $$;
SELECT plpgsql_uid8(1234567890123456);
-- with bytea_output = escape, bytes that are the text of an id are still
-- bytes, not that id
SET bytea_output = escape;
DO $$ DECLARE v uid8; y bytea := convert_to('1234567890abcdef', 'UTF8'); BEGIN v := y; END $$;
RESET bytea_output;
-- COPY reads each column with the type's own input function: the text of
-- a bigint, a bytea or a uuid is no id text (only the type's own forms are)
COPY drv (u8) FROM stdin;
42
\.
COPY drv (m) FROM stdin;
05d5eac7-93e6-1f17-b9f5-b9479df94ac0
\.
COPY drv (t62) FROM stdin;
\\x0000000b3a7c6e3a9f0f1e2d
\.
COPY drv (h) FROM stdin;
01983193-6564-0000-000a-aaa111111111
\.
COPY drv (m, u8) FROM stdin;
05D5EAC793E61F17B9F5B9479DF94AC0	00000000000000ff
\.
SELECT m, u8 FROM drv WHERE u8 = '00000000000000ff';

-- written explicitly, each converts: casts and USING
INSERT INTO drv (m, h, u8, t62) SELECT u::muid, u::hlculid, b::uid8, y12::tid62 FROM src;
INSERT INTO drv (u8) SELECT CAST(y8 AS uid8) FROM src;
UPDATE drv SET h = y16::hlculid FROM src WHERE drv.u8 = 'cb54ecf2840a0015' AND drv.h IS NULL;
-- the same bits: 1234567890123456 is 0x000462d53c8abac0
SELECT m, h, u8, t62 FROM drv WHERE u8 IN ('000462d53c8abac0', 'cb54ecf2840a0015') ORDER BY u8, m;
SELECT uid8_timestamp(b::uid8), muid_timestamp(u::muid) FROM src;
ALTER TABLE conv ALTER COLUMN v7 TYPE muid USING v7::muid, ALTER COLUMN b TYPE uid8 USING b::uid8;
ALTER TABLE conv ALTER COLUMN y TYPE tid62 USING y::tid62, ALTER COLUMN bs TYPE uid8[] USING bs::uid8[];
ALTER TABLE conv ALTER COLUMN d TYPE uid8 USING d::uid8;
SELECT v7, b, y, bs, d FROM conv;
DO $$ DECLARE v uid8; b bigint := 1234567890123456; BEGIN v := b::uid8; RAISE NOTICE '%', v; END $$;
-- the ids out again: explicit too
CREATE TABLE plain (b bigint, y bytea, u uuid);
INSERT INTO plain (b) SELECT u8 FROM drv;
INSERT INTO plain (y) SELECT u8 FROM drv;
INSERT INTO plain (u) SELECT m FROM drv;
INSERT INTO plain (b, y, u) SELECT u8::bigint, u8::bytea, m::uuid FROM drv
WHERE m IS NOT NULL AND u8 IS NOT NULL ORDER BY 1 LIMIT 1;
SELECT * FROM plain;

-- comparisons, UNION and CASE do not mix the types either
SELECT count(*) FROM drv WHERE u8 = 42::bigint;
SELECT count(*) FROM drv WHERE m = '05d5eac7-93e6-1f17-b9f5-b9479df94ac0'::uuid;
SELECT u8 FROM drv UNION SELECT 1::bigint;
SELECT CASE WHEN true THEN u8 ELSE 1::bigint END FROM drv;
SELECT count(*) FROM drv WHERE u8 = 42::bigint::uid8;
PREPARE sel_long(bigint) AS SELECT count(*) FROM drv WHERE u8 = $1::uid8;
EXECUTE sel_long(-3074457345618258602);

-- integer is not bigint (no chain of casts), nor is varchar an untyped
-- literal; an untyped literal is the type's own text form only (16 hex
-- digits for a uid8, never a decimal number)
INSERT INTO drv (u8) VALUES (42::integer);
INSERT INTO drv (u8) VALUES ('000000000000002a'::varchar);
INSERT INTO drv (u8) VALUES ('1234567890123456');
SELECT count(*) FROM drv WHERE u8 = '1234567890123456';
INSERT INTO drv (u8) VALUES ('-1');

DROP TABLE drv, src, keyed, conv, typed, plain;
DROP TYPE ct;
DROP DOMAIN big;
DROP FUNCTION takes_muid(muid), gives_uid8(bigint), plpgsql_uid8(bigint);
DROP PROCEDURE takes_uid8(uid8);
