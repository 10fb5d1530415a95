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
-- Version dependence: the first part runs on every version and has the same
-- output everywhere.  The second needs pg_input_is_valid() (16) and COPY
-- ... ON_ERROR (17), so it runs from 17 on, behind the \if below; this file
-- has two expected outputs: soft_input.out (17 and later) and
-- soft_input_1.out (before 17, where the \if skips it).  The line printed
-- by the \if tells the two apart, so neither output can pass for the other.
-- (A version guard in one pg_regress file, rather than a TAP test, keeps
-- the test on the throwaway server of the other regression files, with no
-- server start of its own and nothing that differs between the TAP modules
-- of the supported versions.)
--

-- bad text of every type, and one good value each
CREATE TABLE soft_input (typ text, input text, PRIMARY KEY (typ, input));
INSERT INTO soft_input VALUES
	('muid', '05D5EAC793E61F17B9F5B9479DF94AC0'),
	('muid', ''),
	('muid', '05D5EAC793E61F17B9F5B9479DF94AG0'),
	('muid', '05D5EAC793E61F-17B9F5B9479D-F94AC0'),
	('hlculid', '01K0RS6SB4000002NAM48H248H'),
	('hlculid', '01K0RS6SB4000002NAM48H248U'),
	('hlculid', '80000000000000000000000000'),
	('hlculid', '019831936564-0000-000A-AAA11111111G'),
	('uid8', '0000000000000001'),
	('uid8', '000000000000001'),
	('uid8', '000000000000000G'),
	('tid62', '04XVaYIJisigHzUpr'),
	('tid62', '04XVaYIJisigHzUp!'),
	('tid62', '1f2SI9UJPXvb7vdJ2'),
	('simpledb_id', 'user-0ABC_x'),
	('simpledb_id', ''),
	('simpledb_id', 'a b');

-- every version: the cast fails with SQLSTATE 22P02 (23514 for the domain's
-- CHECK) and a message naming the type and quoting the input
SELECT typ, input, sqlerr(format('SELECT %L::%s', input, typ)) AS cast
FROM soft_input ORDER BY typ, input;

SELECT current_setting('server_version_num')::int >= 170000 AS soft_errors \gset
\if :soft_errors
\echo 'PostgreSQL 17 or later: soft errors and COPY ... ON_ERROR'

-- pg_input_is_valid() is false, and pg_input_error_info() gives the message,
-- detail and SQLSTATE of the hard error, for every bad text; no error is
-- raised, so the transaction goes on
BEGIN;
SELECT s.typ, s.input, pg_input_is_valid(s.input, s.typ) AS valid,
	   e.sql_error_code, e.message, e.detail
FROM soft_input s, pg_input_error_info(s.input, s.typ) e
ORDER BY s.typ, s.input;
-- the soft error is the hard error, word for word
SELECT s.typ, s.input, e.sql_error_code, e.message, sqlerr(format('SELECT %L::%s', s.input, s.typ)) AS cast
FROM soft_input s, pg_input_error_info(s.input, s.typ) e
WHERE sqlerr(format('SELECT %L::%s', s.input, s.typ))
	  IS DISTINCT FROM coalesce(e.sql_error_code || ': ' || e.message, 'ok');
COMMIT;
-- arrays of each type: array input passes the error context to the element's
SELECT t.typ, pg_input_is_valid('{' || t.bad || '}', t.typ || '[]') AS valid_array,
	   e.sql_error_code, e.message
FROM (VALUES ('muid', 'zz'), ('hlculid', 'zz'), ('uid8', 'zz'), ('tid62', 'zz'), ('simpledb_id', 'a/b')) t(typ, bad),
	 pg_input_error_info('{' || t.bad || '}', t.typ || '[]') e
ORDER BY t.typ;

-- COPY ... WITH (ON_ERROR ignore) skips the rows of data/every_type.csv
-- that hold bad text in any column (one row per bad value of the table
-- above), and loads the others, whole
CREATE TABLE every_type (line int, m muid, h hlculid, u uid8, t tid62, s simpledb_id);
\copy every_type FROM 'data/every_type.csv' WITH (FORMAT csv, HEADER true, ON_ERROR ignore)
SELECT * FROM every_type ORDER BY line;
-- without ON_ERROR the first bad row stops COPY, and nothing is loaded
TRUNCATE every_type;
\copy every_type FROM 'data/every_type.csv' WITH (FORMAT csv, HEADER true)
SELECT count(*) AS loaded FROM every_type;
DROP TABLE every_type;

\else
\echo 'before PostgreSQL 17: hard errors only'
\endif

DROP TABLE soft_input;
