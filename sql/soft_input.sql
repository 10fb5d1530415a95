--
-- soft input errors: bad text of every type, as a hard error (every
-- version) and as a soft one (PostgreSQL 17 and later).
--
-- The input functions report bad text with ereturn(): since PostgreSQL 16
-- a caller that passes an error context (pg_input_is_valid(),
-- pg_input_error_info(), COPY's ON_ERROR) gets the error back instead of an
-- aborted statement; before 16, src/compat.h makes ereturn() a plain
-- ereport(ERROR).  simpledb_id is a domain over text: its CHECK failure is
-- soft through core's domain input since 16 too.
--
-- The types are those of idtypes_schemes() with text of their own (not
-- core's uuid), each_scheme() of sql/setup.sql; a check prints what fails,
-- nothing when all passes.  Each scheme's own file has the bad text
-- particular to its forms.
--
-- Version dependence: the first part runs on every version and has the same
-- output everywhere.  The second needs pg_input_is_valid() (16) and COPY
-- ... ON_ERROR (17), so it runs from 17 on, behind the \if below; this file
-- has two expected outputs: soft_input.out (17 and later) and
-- soft_input_1.out (before 17, where the \if skips it).  The line printed
-- by the \if tells the two apart, so neither output can pass for the other.
--

-- good and bad text of every type: its text of an id (good), the empty
-- string, a character that no id text has, one character more and one
-- fewer; and simpledb_id's; with the error the cast gives, or ok
CREATE TABLE soft_input (typ text, input text, good boolean, expect text);
INSERT INTO soft_input
SELECT s.scheme, v.input, v.input = s.result,
	   CASE WHEN v.input = s.result THEN 'ok'
			ELSE format('22P02: invalid input syntax for type %s: "%s"', s.scheme, v.input) END
FROM each_scheme($$SELECT {floor}('2025-07-22 10:00:00+00')::text$$, 'uuid_version IS NULL') s,
	 LATERAL (VALUES (s.result), (''), (overlay(s.result PLACING '!' FROM 2)), (s.result || '0'), (left(s.result, -1))) v(input);
INSERT INTO soft_input VALUES
	('simpledb_id', 'user-0ABC_x', true, 'ok'),
	('simpledb_id', '', false, '23514: value for domain simpledb_id violates check constraint "simpledb_id_check"'),
	('simpledb_id', 'a b', false, '23514: value for domain simpledb_id violates check constraint "simpledb_id_check"');
SELECT count(DISTINCT typ) > 1 AS types, bool_and(good) FILTER (WHERE expect = 'ok') AS good_is_ok
FROM soft_input;

-- every version: the cast fails with SQLSTATE 22P02 (23514 for the domain's
-- CHECK) and a message naming the type and quoting the input
SELECT typ, input, sqlerr(format('SELECT %L::%s', input, typ)) AS cast, expect
FROM soft_input
WHERE sqlerr(format('SELECT %L::%s', input, typ)) <> expect;
SELECT typ, input, sqlerr(format('SELECT %L::%s', input, typ)) AS cast
FROM soft_input WHERE typ = 'simpledb_id' ORDER BY input;

SELECT current_setting('server_version_num')::int >= 170000 AS soft_errors \gset
\if :soft_errors
\echo 'PostgreSQL 17 or later: soft errors and COPY ... ON_ERROR'

-- pg_input_is_valid() says whether the text is good, and
-- pg_input_error_info() gives the SQLSTATE and message of the hard error,
-- word for word, for every bad text; no error is raised, so the
-- transaction goes on
BEGIN;
SELECT s.typ, s.input, pg_input_is_valid(s.input, s.typ) AS valid, e.sql_error_code, e.message
FROM soft_input s, pg_input_error_info(s.input, s.typ) e
WHERE pg_input_is_valid(s.input, s.typ) <> s.good
   OR coalesce(e.sql_error_code || ': ' || e.message, 'ok') <> s.expect;
COMMIT;
-- the detail of the domain's error
SELECT s.input, e.sql_error_code, e.message, e.detail
FROM soft_input s, pg_input_error_info(s.input, s.typ) e WHERE s.typ = 'simpledb_id' AND NOT s.good ORDER BY 1;
-- arrays of each type: array input passes the error context to the element's
SELECT t.typ, pg_input_is_valid('{' || t.bad || '}', t.typ || '[]') AS valid_array,
	   e.sql_error_code, e.message
FROM (SELECT DISTINCT typ, CASE typ WHEN 'simpledb_id' THEN 'a/b' ELSE 'zz' END AS bad FROM soft_input) t,
	 pg_input_error_info('{' || t.bad || '}', t.typ || '[]') e
WHERE pg_input_is_valid('{' || t.bad || '}', t.typ || '[]')
   OR e.sql_error_code || ': ' || e.message
	  <> CASE t.typ WHEN 'simpledb_id' THEN '23514: value for domain simpledb_id violates check constraint "simpledb_id_check"'
		 ELSE format('22P02: invalid input syntax for type %s: "zz"', t.typ) END;

-- COPY ... WITH (ON_ERROR ignore): a table with a column of every type,
-- and its rows as text (written by the server to a file of its data
-- directory, and read back by COPY): the first rows good in every column,
-- then one row per bad text of the table above, good in every other
-- column.  COPY skips the rows that hold bad text in any column and loads
-- the others, whole.
CREATE TABLE every_type (line int, c_simpledb_id simpledb_id);
CREATE TABLE every_type_text (line int, c_simpledb_id text);
SELECT DISTINCT result AS columns FROM each_scheme($$
	SELECT sqlerr('ALTER TABLE every_type ADD COLUMN c_{type} {type}; ALTER TABLE every_type_text ADD COLUMN c_{type} text')$$,
	'uuid_version IS NULL');
SELECT jsonb_object_agg('c_' || typ, input) AS good_row FROM soft_input WHERE good \gset
INSERT INTO every_type_text
SELECT (jsonb_populate_record(NULL::every_type_text, :'good_row'::jsonb || '{"line": 1}')).*;
INSERT INTO every_type_text
SELECT (jsonb_populate_record(NULL::every_type_text, :'good_row'::jsonb
		|| jsonb_build_object('c_' || typ, input, 'line', 1 + row_number() OVER (ORDER BY typ <> 'simpledb_id', typ, input)))).*
FROM soft_input WHERE NOT good;
SELECT count(*) FILTER (WHERE line = 1) AS good_rows, count(*) = 1 + (SELECT count(*) FROM soft_input WHERE NOT good) AS one_per_bad_text
FROM every_type_text;
SELECT current_setting('data_directory') || '/regress_every_type.txt' AS every_type_file \gset
SELECT sqlerr(format('COPY every_type_text TO %L', :'every_type_file')) AS written;
SET client_min_messages = warning;
SELECT sqlerr(format('COPY every_type FROM %L WITH (ON_ERROR ignore)', :'every_type_file')) AS loaded;
RESET client_min_messages;
SELECT (SELECT array_agg(line ORDER BY line) FROM every_type) AS lines,
	   (SELECT jsonb_agg(to_jsonb(t) ORDER BY line) FROM every_type t)
	   = (SELECT jsonb_agg(to_jsonb(t) ORDER BY line) FROM every_type_text t WHERE line = 1) AS loaded_whole;
-- without ON_ERROR the first bad row (simpledb_id's) stops COPY, and
-- nothing is loaded
TRUNCATE every_type;
SELECT sqlerr(format('COPY every_type FROM %L', :'every_type_file')) AS error;
SELECT count(*) AS loaded FROM every_type;
DROP TABLE every_type, every_type_text;

\else
\echo 'before PostgreSQL 17: hard errors only'
\endif

DROP TABLE soft_input;
