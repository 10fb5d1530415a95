-- A bigint, bytea or uuid becomes an id only where a statement says so
-- (value::uid8, CAST, USING): no statement reads their bits as an id by
-- itself, whatever the path (doc/reference.md, Clients).  What drivers send
-- for ids they do not know takes a cast or a client adapter.
--
-- Every cast of the extension from a core type into one of its id types
-- (those of idtypes_schemes() with a type of their own) goes through every
-- path; each path prints the outcome of its casts once per source type,
-- with {S} for the source type and {T} for the id type.

-- errors by their message alone (the detail and hint of a missing operator
-- or function differ between versions); idtypes' own refusal once in full
-- below
\set VERBOSITY terse

-- the extension's casts and their contexts (a: assignment, e: explicit);
-- those from bigint and bytea are declared for assignment so that every
-- assignment reaches their function, which refuses unless the cast is
-- explicit (src/byteid.h); every type of its own has both from and to bytea
CREATE TABLE casts AS
SELECT c.castsource::regtype AS source, c.casttarget::regtype AS target, c.castcontext AS context,
	   c.castfunc::regprocedure AS function
FROM pg_cast c
JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid
JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'idtypes';
CREATE TABLE id_types AS SELECT DISTINCT type::regtype AS id FROM idtypes_schemes() WHERE uuid_version IS NULL;
SELECT DISTINCT CASE WHEN source = id THEN '{T}' ELSE source::text END AS source,
	   CASE WHEN target = id THEN '{T}' ELSE target::text END AS target, context,
	   replace(function::text, id::text, '{T}') AS function
FROM casts, LATERAL (SELECT CASE WHEN source IN (SELECT id FROM id_types) THEN source ELSE target END AS id) i
ORDER BY 1, 2, 4;
SELECT id AS without_bytea_casts FROM id_types
WHERE NOT EXISTS (SELECT FROM casts WHERE source = 'bytea'::regtype AND target = id)
   OR NOT EXISTS (SELECT FROM casts WHERE source = id AND target = 'bytea'::regtype);

-- the casts into an id type, each with a value of its source: a 16-digit
-- decimal bigint, numeric or JSON number (its text is also the text of a
-- uid8, which a conversion through text would read as hex), bytes of the
-- id type's width, a UUIDv7;
-- and for COPY, which reads every column with its type's input function,
-- the text of one: the text of a bigint is none of a uid8's forms unless it
-- has 16 digits
CREATE TABLE casts_in AS
SELECT source, target, v AS text, quote_literal(v) || '::' || source AS value,
	   quote_literal(CASE WHEN source IN ('bigint', 'numeric', 'json', 'jsonb') THEN '42' ELSE v END) || '::' || source AS copied
FROM casts,
	 LATERAL (SELECT CASE WHEN source IN ('bigint', 'numeric', 'json', 'jsonb') THEN '1234567890123456'
			  WHEN source = 'bytea'::regtype THEN '\x' || repeat('a5', (SELECT typlen FROM pg_type WHERE oid = target))
			  ELSE '01983193-6564-7000-8000-000000000001' END AS v) v
WHERE target IN (SELECT id FROM id_types);
-- a table with a column of each id type, for the statements below
CREATE TABLE drv ();
SELECT DISTINCT sqlerr(format('ALTER TABLE drv ADD COLUMN %I %s', 'c_' || id, id)) AS columns FROM id_types;
SELECT current_setting('data_directory') || '/regress_client_casts.txt' AS copy_file \gset

-- each_cast(statements, sources): the statements (one or more, the last's
-- first column the result, 'ok' if it returns none) run for every cast
-- into an id type from one of the sources, with {S}, {T}, {V} and {C} the
-- source type, the id type, the value and the value for COPY, {F} a file of
-- the server's, and $1 a parameter of the source type with the value; each
-- in a subtransaction that is rolled back, so that each starts from the
-- same tables.  The result, or the SQLSTATE and message of the error, with
-- the type names and the value's text written back as {S}, {T} and {V}.
CREATE FUNCTION each_cast(statements text, sources regtype[] DEFAULT '{bigint,bytea,uuid,numeric,json,jsonb}')
RETURNS TABLE (source text, result text)
LANGUAGE plpgsql AS $$
DECLARE
	c record;
	q text;
	r text;
	outcome text;
BEGIN
	FOR c IN SELECT * FROM casts_in WHERE casts_in.source = ANY (sources) ORDER BY 1, 2 LOOP
		q := replace(replace(replace(replace(replace(statements, '{S}', c.source::text), '{T}', c.target::text),
									 '{V}', c.value), '{C}', c.copied),
					 '{F}', quote_literal(current_setting('data_directory') || '/regress_client_casts.txt'));
		BEGIN
			IF q LIKE '%$1%' THEN
				CASE c.source
					WHEN 'bigint'::regtype THEN EXECUTE q INTO r USING 1234567890123456::bigint;
					WHEN 'bytea'::regtype THEN EXECUTE q INTO r USING decode(repeat('a5', (SELECT typlen FROM pg_type WHERE oid = c.target)), 'hex');
					WHEN 'numeric'::regtype THEN EXECUTE q INTO r USING 1234567890123456::numeric;
					WHEN 'json'::regtype THEN EXECUTE q INTO r USING '1234567890123456'::json;
					WHEN 'jsonb'::regtype THEN EXECUTE q INTO r USING '1234567890123456'::jsonb;
					ELSE EXECUTE q INTO r USING '01983193-6564-7000-8000-000000000001'::uuid;
				END CASE;
			ELSE
				EXECUTE q INTO r;
			END IF;
			RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'done: ' || coalesce(r, 'ok');
		EXCEPTION WHEN OTHERS THEN
			-- (INTO raises its error after the statements ran without one)
			outcome := CASE WHEN SQLSTATE = 'P0001' AND SQLERRM LIKE 'done: %' THEN substr(SQLERRM, 7)
							WHEN SQLERRM = 'INTO used with a command that cannot return data' THEN 'ok'
							ELSE SQLSTATE || ': ' || replace(SQLERRM, c.text, '{V}') END;
		END;
		source := c.source::text;
		result := regexp_replace(regexp_replace(outcome, '(?<![A-Za-z0-9])' || c.target::text || '(?![A-Za-z0-9])', '{T}', 'g'),
								 '(?<![A-Za-z0-9])' || c.source::text || '(?![A-Za-z0-9])', '{S}', 'g');
		RETURN NEXT;
	END LOOP;
END
$$;
CREATE TABLE paths (n serial, path text, statements text, sources regtype[] DEFAULT '{bigint,bytea,uuid,numeric,json,jsonb}');

-- every path that converts without a cast refuses
INSERT INTO paths (path, statements) VALUES
	('a parameter typed as drivers type a long, bytes and a UUID', 'INSERT INTO drv (c_{T}) VALUES ($1)'),
	('INSERT ... SELECT', 'INSERT INTO drv (c_{T}) SELECT {V}'),
	('UPDATE', 'INSERT INTO drv DEFAULT VALUES; UPDATE drv SET c_{T} = {V}'),
	('INSERT ... ON CONFLICT', 'CREATE TABLE keyed (id {T} PRIMARY KEY); INSERT INTO keyed SELECT {V} ON CONFLICT (id) DO NOTHING'),
	('MERGE', 'CREATE TABLE keyed (id {T} PRIMARY KEY);
			   MERGE INTO keyed k USING (SELECT {V} AS v) s ON false WHEN NOT MATCHED THEN INSERT VALUES (s.v)'),
	('ALTER TABLE ... ALTER COLUMN ... TYPE', 'CREATE TABLE conv (c {S}); INSERT INTO conv VALUES ({V}); ALTER TABLE conv ALTER COLUMN c TYPE {T}'),
	('... of an array', 'CREATE TABLE conv (c {S}[]); INSERT INTO conv VALUES (ARRAY[{V}]); ALTER TABLE conv ALTER COLUMN c TYPE {T}[]'),
	('... of a domain', 'CREATE DOMAIN d AS {S}; CREATE TABLE conv (c d); INSERT INTO conv VALUES ({V}); ALTER TABLE conv ALTER COLUMN c TYPE {T}'),
	('... with another subcommand', 'CREATE TABLE conv (c {S}); INSERT INTO conv VALUES ({V}); ALTER TABLE conv ADD COLUMN n int, ALTER COLUMN c TYPE {T}'),
	('ALTER TYPE ... ALTER ATTRIBUTE ... TYPE ... CASCADE, a typed table',
	 'CREATE TYPE ct AS (c {S}); CREATE TABLE typed OF ct; INSERT INTO typed VALUES ({V}); ALTER TYPE ct ALTER ATTRIBUTE c TYPE {T} CASCADE'),
	('a function''s argument', 'CREATE FUNCTION takes(x {T}) RETURNS text LANGUAGE sql AS ''SELECT x::text''; SELECT takes({V})'),
	('a procedure''s INOUT argument', 'CREATE PROCEDURE takes(INOUT v {T}) LANGUAGE plpgsql AS $p$ BEGIN END $p$; CALL takes({V})'),
	('a SQL function''s result', 'CREATE FUNCTION gives(x {S}) RETURNS {T} LANGUAGE sql AS ''SELECT x''; SELECT gives({V})'),
	('PL/pgSQL: assignment', 'DO $p$ DECLARE v {T}; s {S} := {V}; BEGIN v := s; END $p$'),
	('PL/pgSQL: a declaration''s default', 'DO $p$ DECLARE s {S} := {V}; v {T} := s; BEGIN END $p$'),
	('PL/pgSQL: INTO', 'DO $p$ DECLARE v {T}; BEGIN SELECT {V} INTO v; END $p$'),
	('PL/pgSQL: RETURN', 'CREATE FUNCTION pl(x {S}) RETURNS {T} LANGUAGE plpgsql AS $p$ BEGIN RETURN x; END $p$; SELECT pl({V})'),
	('COPY: the text of the value (each column is read by its type''s input)',
	 'COPY (SELECT {C}) TO {F}; CREATE TABLE cp (c {T}); COPY cp FROM {F}'),
	('comparison', 'SELECT ({V})::{T} = {V}'),
	('UNION', 'SELECT ({V})::{T} UNION SELECT {V}'),
	('CASE', 'SELECT CASE WHEN true THEN ({V})::{T} ELSE {V} END'),
	('the id''s text as varchar (not an untyped literal)', 'INSERT INTO drv (c_{T}) VALUES (({V})::{T}::text::varchar)'),
	-- out of an id, explicit too
	('out: INSERT ... SELECT', 'CREATE TABLE plain (c {S}); INSERT INTO plain SELECT ({V})::{T}');
INSERT INTO paths (path, statements, sources) VALUES
	('integer is not bigint (no chain of casts)', 'INSERT INTO drv (c_{T}) VALUES (42::integer)', '{bigint}'),
	-- with bytea_output = escape, bytes that are the text of an id are still
	-- bytes, not that id
	('PL/pgSQL: bytes of the id''s text, bytea_output = escape',
	 'SET LOCAL bytea_output = escape; DO $p$ DECLARE v {T}; y bytea := convert_to(({V})::{T}::text, ''UTF8''); BEGIN v := y; END $p$',
	 '{bytea}');
-- written explicitly, each converts: casts and USING, and back
INSERT INTO paths (path, statements) VALUES
	('written: a parameter', 'INSERT INTO drv (c_{T}) VALUES ($1::{T})'),
	('written: value::{T}', 'SELECT (({V})::{T})::text'),
	('written: CAST', 'SELECT CAST({V} AS {T}) = ({V})::{T}'),
	('written: USING', 'CREATE TABLE conv (c {S}); INSERT INTO conv VALUES ({V});
						ALTER TABLE conv ALTER COLUMN c TYPE {T} USING c::{T}; SELECT c = ({V})::{T} FROM conv'),
	('written: USING, an array', 'CREATE TABLE conv (c {S}[]); INSERT INTO conv VALUES (ARRAY[{V}]);
								  ALTER TABLE conv ALTER COLUMN c TYPE {T}[] USING c::{T}[]; SELECT c[1] = ({V})::{T} FROM conv'),
	('written: PL/pgSQL', 'DO $p$ DECLARE v {T}; s {S} := {V}; BEGIN v := s::{T}; END $p$');
-- back out of an id, where a cast out exists
INSERT INTO paths (path, statements, sources) VALUES
	('written: value::{T}, and back', 'SELECT (({V})::{T})::{S} = {V}', '{bigint,bytea,uuid}'),
	('written: out', 'CREATE TABLE plain (c {S}); INSERT INTO plain SELECT (({V})::{T})::{S}; SELECT c = {V} FROM plain',
	 '{bigint,bytea,uuid}');

SELECT p.path, string_agg(DISTINCT e.source || ': ' || e.result, E'\n' ORDER BY e.source || ': ' || e.result) AS outcome
FROM paths p, LATERAL each_cast(p.statements, p.sources) e
GROUP BY p.n, p.path ORDER BY p.n;

-- idtypes' own refusal, in full: a driver's long bound into an id column
SELECT format('PREPARE ins_long(bigint) AS INSERT INTO drv (c_%s) VALUES ($1)', target) FROM casts_in WHERE source = 'bigint'::regtype \gexec
\set VERBOSITY default
EXECUTE ins_long(1234567890123456);
\set VERBOSITY terse
DEALLOCATE ins_long;

-- written, a number is the same 64 bits as the bigint of that integer, and
-- a JSON string an id's text; what is neither is refused
SELECT source, result AS number_as_bigint
FROM each_cast($$SELECT ('-3795148059624996843'::{S})::{T} = '-3795148059624996843'::bigint::{T}$$,
			   '{numeric,json,jsonb}');
SELECT source, result AS string_as_text
FROM each_cast($$SELECT (to_json(('-3795148059624996843'::bigint::{T})::text)::{S})::{T}
					  = '-3795148059624996843'::bigint::{T}$$, '{json,jsonb}');
SELECT source, result AS fraction FROM each_cast($$SELECT '1.5'::{S}::{T}$$, '{numeric,json,jsonb}');
SELECT source, result AS beyond_bigint FROM each_cast($$SELECT '99999999999999999999'::{S}::{T}$$, '{numeric,jsonb}');
SELECT source, result AS boolean FROM each_cast($$SELECT 'true'::{S}::{T}$$, '{json,jsonb}');
SELECT source, result AS array FROM each_cast($$SELECT '[1]'::{S}::{T}$$, '{json,jsonb}');
SELECT source, result AS short_string FROM each_cast($$SELECT '"1234"'::{S}::{T}$$, '{json,jsonb}');

-- the paths that carry text (COPY, above; the JSON record functions; a
-- parameter of unknown type, as node-postgres sends every parameter, which
-- is read as a literal is) read it as the id's text: a JSON number, or a
-- number a driver sent as text, is read so too, and 16 decimal digits are
-- 16 hex digits
SELECT source, result AS json_record_string
FROM each_cast($$SELECT id = '-3795148059624996843'::bigint::{T}
				 FROM {S}_to_record(pg_catalog.json_build_object('id', ('-3795148059624996843'::bigint::{T})::text)::{S})
				 AS r(id {T})$$, '{json,jsonb}');
SELECT source, result AS json_record_number
FROM each_cast($$SELECT id::text || ' ' || id::bigint FROM {S}_to_record('{"id": 1234567890123456}') AS r(id {T})$$,
			   '{json,jsonb}');
SELECT source, result AS json_record_short_number
FROM each_cast($$SELECT id::text FROM {S}_to_record('{"id": 42}') AS r(id {T})$$, '{json,jsonb}');
SELECT source, result AS untyped FROM each_cast($$SELECT '1234567890123456'::{T}::text$$, '{numeric}');

DROP TABLE casts, casts_in, id_types, drv, paths;
DROP FUNCTION each_cast(text, regtype[]);
