--
-- bound: the safe bound of each scheme for reading new rows by key
-- (src/clock/bound.c), for every scheme of idtypes_schemes() (each_scheme() of
-- sql/setup.sql: a check prints the schemes it fails for, none when all
-- pass).  The server of the regression files preloads idtypes; nothing
-- else generates ids while a file runs, so a committed id is below the
-- bound and an id of the open transaction is not.
--

-- the schemes whose bound this server gives, and why the others have none
-- (uid8's needs the server's generator, idtypes.uid8_generator_id, which
-- this server has not)
CREATE TABLE bounded AS
SELECT scheme FROM each_scheme('SELECT {safe_bound}()') WHERE result !~ '^[0-9A-Z]{5}: ';
SELECT count(*) > 0 AS some_bounded FROM bounded;
SELECT DISTINCT result AS no_bound FROM each_scheme('SELECT {safe_bound}()') WHERE result ~ '^[0-9A-Z]{5}: ';
CREATE FUNCTION check_bounded(query text) RETURNS TABLE (scheme text, result text)
LANGUAGE sql AS $$
	SELECT * FROM each_scheme(query, 'name IN (SELECT scheme FROM bounded)') WHERE result <> 'true'
$$;

-- every bound is an id of its scheme, within its tick, and never goes back
SELECT * FROM check_bounded('SELECT {floor}({timestamp}(b)) <= b AND b <= {ceil}({timestamp}(b))
							 FROM (SELECT {safe_bound}() AS b) s');
SELECT * FROM check_bounded('SELECT {safe_bound}() <= {safe_bound}()');

-- an open transaction holds the bound at or below its ids, whichever
-- session asks; once it commits the bound passes them
BEGIN;
CREATE TABLE ids AS SELECT scheme, result AS id FROM each_scheme('SELECT {gen}()');
SELECT * FROM check_bounded($$SELECT {safe_bound}() <= id::{type} FROM ids WHERE scheme = '{name}'$$);
-- later ids of the same transaction: still held
CREATE TABLE later AS SELECT scheme, result AS id FROM each_scheme('SELECT {gen}()');
SELECT * FROM check_bounded($$SELECT {safe_bound}() <= id::{type} FROM ids WHERE scheme = '{name}'$$);
COMMIT;
SELECT * FROM check_bounded($$SELECT {safe_bound}() > id::{type} FROM later WHERE scheme = '{name}'$$);
DROP TABLE ids, later;

-- a rolled-back subtransaction's ids hold the bound until the top-level
-- transaction ends; a rolled-back transaction's are released
BEGIN;
SAVEPOINT s;
SELECT string_agg(scheme || '=' || result, ',') AS sub FROM each_scheme('SELECT {gen}()') \gset
ROLLBACK TO SAVEPOINT s;
SELECT * FROM check_bounded(format($$SELECT {safe_bound}() <= (regexp_match(%L, '(?:^|,){name}=([^,]*)'))[1]::{type}$$, :'sub'));
ROLLBACK;
SELECT * FROM check_bounded(format($$SELECT {safe_bound}() > (regexp_match(%L, '(?:^|,){name}=([^,]*)'))[1]::{type}$$, :'sub'));

-- ids generated while the leader's transaction runs a parallel plan belong
-- to it: they hold the bound until it ends
BEGIN;
SELECT set_config(CASE WHEN current_setting('server_version_num')::int >= 160000
					   THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'on', true) AS parallel;
SET LOCAL parallel_setup_cost = 0;
CREATE TABLE par AS SELECT scheme, result AS id FROM each_scheme('SELECT {gen}() FROM (VALUES (1)) v');
RESET parallel_setup_cost;
SELECT * FROM check_bounded($$SELECT {safe_bound}() <= id::{type} FROM par WHERE scheme = '{name}'$$);
COMMIT;
SELECT * FROM check_bounded($$SELECT {safe_bound}() > id::{type} FROM par WHERE scheme = '{name}'$$);
DROP TABLE par;

-- a shifted UUIDv7 is outside the bound, by design (doc/operations.md):
-- a negative shift gives an id below a bound already returned, in an open
-- transaction too; a positive one stays above it
BEGIN;
SELECT uuidv7_safe_bound() AS v7_bound \gset
SELECT uuidv7_next(interval '-1 second') < :'v7_bound'::uuid AS shifted_back_below_bound,
	   uuidv7_next(interval '1 second') > :'v7_bound'::uuid AS shifted_ahead_above_bound;
COMMIT;

-- VOLATILE (evaluated at every call, since it moves within a statement)
-- and PARALLEL RESTRICTED, every scheme's
SELECT DISTINCT result AS volatility_parallel
FROM each_scheme($$SELECT provolatile::text || proparallel FROM pg_proc WHERE proname = '{safe_bound}'$$);

DROP FUNCTION check_bounded(text);
DROP TABLE bounded;
