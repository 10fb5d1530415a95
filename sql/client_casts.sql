-- What drivers send, stored into id columns: bigint, bytea and uuid
-- parameters convert on assignment (INSERT, UPDATE, PL/pgSQL), and nowhere
-- else: comparisons, function calls, UNION and CASE stay explicit.

-- errors by their message alone: the detail and hint of a missing operator
-- or function differ between versions (19 moved part of the hint into a
-- detail)
\set VERBOSITY terse

-- the extension's casts and their contexts (a: assignment, e: explicit)
SELECT c.castsource::regtype AS source, c.casttarget::regtype AS target, c.castcontext
FROM pg_cast c
JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid
JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'idtypes'
ORDER BY c.castsource::regtype::text, c.casttarget::regtype::text;

CREATE TABLE drv (m muid, h hlculid, u8 uid8, t62 tid62);

-- parameters typed as JDBC, psycopg and asyncpg type them
PREPARE ins_long(bigint) AS INSERT INTO drv (u8) VALUES ($1);
EXECUTE ins_long(-3074457345618258602);
EXECUTE ins_long(-1);
EXECUTE ins_long(42);
PREPARE ins_bytes(bytea, bytea, bytea, bytea) AS INSERT INTO drv (m, h, u8, t62) VALUES ($1, $2, $3, $4);
EXECUTE ins_bytes('\x05d5eac793e61f17b9f5b9479df94ac0', '\x0198319365640000000aaaa111111111',
                  '\xcb54ecf2840a0015', '\x0000000b3a7c6e3a9f0f1e2d');
PREPARE ins_uuid(uuid, uuid) AS INSERT INTO drv (m, h) VALUES ($1, $2);
EXECUTE ins_uuid('05d5eac7-93e6-1f17-b9f5-b9479df94ac0', '01983193-6564-0000-000a-aaa111111111');
SELECT * FROM drv ORDER BY u8, m;
PREPARE upd(bigint, bytea) AS UPDATE drv SET u8 = $1, t62 = $2 WHERE u8 = '000000000000002a';
EXECUTE upd(43, '\x000000000000000000000001');
SELECT u8, t62 FROM drv WHERE u8 = '000000000000002b';

-- the bytes must be the type's size
EXECUTE ins_bytes('\x05d5', NULL, NULL, NULL);
EXECUTE ins_bytes(NULL, NULL, '\xcb54ecf2840a00', NULL);
EXECUTE ins_bytes(NULL, NULL, NULL, '\x00');

-- in PL/pgSQL too, an assignment
DO $$
DECLARE v uid8;
BEGIN
	v := 255::bigint;
	RAISE NOTICE '%', v;
END $$;

-- integer is not bigint (no chain of casts): setInt() is not an id
INSERT INTO drv (u8) VALUES (42::integer);
-- text types other than an untyped literal need an explicit cast
INSERT INTO drv (u8) VALUES ('000000000000002a'::varchar);
-- out of the id types, only explicitly
CREATE TABLE plain (b bigint, y bytea, u uuid);
INSERT INTO plain (b) SELECT u8 FROM drv LIMIT 1;
INSERT INTO plain (y) SELECT u8 FROM drv LIMIT 1;
INSERT INTO plain (u) SELECT m FROM drv LIMIT 1;
INSERT INTO plain (b, y, u) SELECT u8::bigint, u8::bytea, m::uuid FROM drv WHERE m IS NOT NULL AND u8 IS NOT NULL;
SELECT * FROM plain;

-- comparisons, functions, UNION and CASE stay explicit
SELECT count(*) FROM drv WHERE u8 = 42::bigint;
SELECT count(*) FROM drv WHERE u8 = '\xcb54ecf2840a0015'::bytea;
SELECT count(*) FROM drv WHERE m = '05d5eac7-93e6-1f17-b9f5-b9479df94ac0'::uuid;
SELECT count(*) FROM drv WHERE h = '01983193-6564-0000-000a-aaa111111111'::uuid;
PREPARE sel_long(bigint) AS SELECT count(*) FROM drv WHERE u8 = $1;
SELECT uid8_timestamp(42::bigint);
SELECT muid_timestamp('05d5eac7-93e6-1f17-b9f5-b9479df94ac0'::uuid);
SELECT u8 FROM drv UNION SELECT 1::bigint;
SELECT CASE WHEN true THEN u8 ELSE 1::bigint END FROM drv;
-- written explicitly, they work
SELECT count(*) FROM drv WHERE u8 = 43::bigint::uid8;
SELECT count(*) FROM drv WHERE m = '05d5eac7-93e6-1f17-b9f5-b9479df94ac0'::uuid::muid;
PREPARE sel_long2(bigint) AS SELECT count(*) FROM drv WHERE u8 = $1::uid8;
EXECUTE sel_long2(-1);

-- an untyped literal is still the type's own text form only: the 16-digit
-- hex text, never a decimal number
INSERT INTO drv (u8) VALUES ('1234567890123456');
SELECT u8 FROM drv WHERE u8 = '1234567890123456';
INSERT INTO drv (u8) VALUES ('-1');

-- (the refusals below are idtypes' own: their detail and hint are the same
-- on every version)
\set VERBOSITY default
-- a change of a column's type into an id type does not reinterpret its
-- values by these casts: without USING it is refused (an event trigger),
-- with USING it runs
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
-- with USING the user has said how
ALTER TABLE conv ALTER COLUMN v7 TYPE muid USING v7::muid, ALTER COLUMN b TYPE uid8 USING b::uid8;
ALTER TABLE conv ALTER COLUMN y TYPE tid62 USING y::tid62;
SELECT v7, b, y FROM conv;
-- other changes of type are not concerned
ALTER TABLE conv ALTER COLUMN d TYPE bigint;
ALTER TABLE conv ALTER COLUMN b TYPE uid8;
DROP TABLE conv;
DROP DOMAIN big;

DROP TABLE drv, plain;
