--
-- bound: the safe bound of each scheme for reading new rows by key
-- (src/bound.c).  The server of the regression files preloads idtypes;
-- nothing else generates ids while a file runs, so a committed id is below
-- the bound and an id of the open transaction is not.
--

-- every scheme's bound is a value of its type, and never goes back
SELECT muid_safe_bound() <= muid_safe_bound() AS muid,
	   hlculid_safe_bound() <= hlculid_safe_bound() AS hlculid,
	   tid62_safe_bound() <= tid62_safe_bound() AS tid62,
	   uuidv6_safe_bound() <= uuidv6_safe_bound() AS v6,
	   uuidv7_safe_bound() <= uuidv7_safe_bound() AS v7,
	   uuidv8_safe_bound() <= uuidv8_safe_bound() AS v8;
-- the bounds are ids of their version, at the first position of their tick
SELECT substr(uuidv6_safe_bound()::text, 15, 1) AS v6, substr(uuidv7_safe_bound()::text, 15, 1) AS v7,
	   substr(uuidv8_safe_bound()::text, 15, 1) AS v8, right(uuidv7_safe_bound()::text, 17) AS v7_tail,
	   muid_medallion(muid_safe_bound()) AS medallion, muid_offset(muid_safe_bound()) AS "offset",
	   hlculid_publisher(hlculid_safe_bound()) AS publisher, hlculid_entropy(hlculid_safe_bound()) AS entropy;

-- an open transaction holds the bound at or below its ids, whichever
-- session asks; once it commits the bound passes them
BEGIN;
SELECT gen_muid() AS m, gen_hlculid() AS h, gen_tid62() AS t,
	   uuidv6_next() AS u6, uuidv7_next() AS u7, uuidv8_next() AS u8 \gset
SELECT muid_safe_bound() <= :'m' AS muid, hlculid_safe_bound() <= :'h' AS hlculid,
	   tid62_safe_bound() <= :'t' AS tid62, uuidv6_safe_bound() <= :'u6' AS v6,
	   uuidv7_safe_bound() <= :'u7' AS v7, uuidv8_safe_bound() <= :'u8' AS v8;
-- later ids of the same transaction: still held
SELECT gen_muid() AS m2, uuidv7_next() AS u72 \gset
SELECT muid_safe_bound() <= :'m' AS muid, uuidv7_safe_bound() <= :'u7' AS v7;
COMMIT;
SELECT muid_safe_bound() > :'m2' AS muid, hlculid_safe_bound() > :'h' AS hlculid,
	   tid62_safe_bound() > :'t' AS tid62, uuidv6_safe_bound() > :'u6' AS v6,
	   uuidv7_safe_bound() > :'u72' AS v7, uuidv8_safe_bound() > :'u8' AS v8;

-- a rolled-back subtransaction's ids hold the bound until the top-level
-- transaction ends; a rolled-back transaction's are released
BEGIN;
SAVEPOINT s;
SELECT uuidv7_next() AS sub \gset
ROLLBACK TO SAVEPOINT s;
SELECT uuidv7_safe_bound() <= :'sub' AS held_after_rollback_to;
ROLLBACK;
SELECT uuidv7_safe_bound() > :'sub' AS released;

-- muid: one timestamp per transaction, so the bound stays at or below the
-- transaction's microsecond, below every muid of it (offset 0 included)
BEGIN;
SELECT muid_transaction() AS mt \gset
SELECT muid_safe_bound() <= muid_floor(muid_timestamp(:'mt')) AS held;
COMMIT;
SELECT muid_safe_bound() > :'mt' AS released;

-- ids that a parallel worker generates belong to the leader's transaction:
-- they hold the bound until the leader's transaction ends (the worker has
-- exited long before)
BEGIN;
SELECT set_config(CASE WHEN current_setting('server_version_num')::int >= 160000
					   THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'on', true) AS parallel;
SET LOCAL parallel_setup_cost = 0;
SELECT gen_tid62() AS pt, uuidv8_next() AS pu FROM (VALUES (1)) v \gset
RESET parallel_setup_cost;
SELECT tid62_safe_bound() <= :'pt' AS tid62_held, uuidv8_safe_bound() <= :'pu' AS v8_held;
COMMIT;
SELECT tid62_safe_bound() > :'pt' AS tid62_released, uuidv8_safe_bound() > :'pu' AS v8_released;

-- VOLATILE: evaluated at every call, since it moves within a statement
SELECT p.proname, p.provolatile, p.proparallel FROM pg_proc p
WHERE p.proname LIKE '%safe_bound' ORDER BY 1;

-- uid8: only the server's generator in time_sequential mode (this server
-- has no idtypes.uid8_generator_id)
\set VERBOSITY terse
SELECT uid8_safe_bound();
\set VERBOSITY default
