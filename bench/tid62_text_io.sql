-- bench/tid62_text_io.sql: text output and input of tid62 against core uuid,
-- on 1M values each.  Run with psql against a database with idtypes:
--     psql -X -f bench/tid62_text_io.sql
-- and compare the \timing lines of each pair (run it a few times: the first
-- run also warms the cache).  Files go to the server's /tmp.
\set QUIET on
SET max_parallel_workers_per_gather = 0;
DROP TABLE IF EXISTS bench_uuid, bench_tid62, bench_uuid_text, bench_tid62_text,
	bench_uuid_in, bench_tid62_in;
CREATE TABLE bench_uuid AS SELECT md5(g::text)::uuid AS x FROM generate_series(1, 1000000) g;
CREATE TABLE bench_tid62 AS
SELECT substr(decode(md5(g::text), 'hex'), 1, 12)::tid62 AS x FROM generate_series(1, 1000000) g;
CREATE TABLE bench_uuid_text AS SELECT x::text AS s FROM bench_uuid;
CREATE TABLE bench_tid62_text AS SELECT x::text AS s FROM bench_tid62;
CREATE UNLOGGED TABLE bench_uuid_in (x uuid);
CREATE UNLOGGED TABLE bench_tid62_in (x tid62);
COPY bench_uuid TO '/tmp/idtypes_bench_uuid.txt';
COPY bench_tid62 TO '/tmp/idtypes_bench_tid62.txt';
VACUUM ANALYZE bench_uuid, bench_tid62, bench_uuid_text, bench_tid62_text;
\timing on
\echo scan only: uuid, tid62
SELECT count(x) FROM bench_uuid;
SELECT count(x) FROM bench_tid62;
\echo output: uuid, tid62
SELECT count(x::text) FROM bench_uuid;
SELECT count(x::text) FROM bench_tid62;
\echo COPY TO: uuid, tid62
COPY bench_uuid TO '/dev/null';
COPY bench_tid62 TO '/dev/null';
\echo input: uuid, tid62
SELECT count(s::uuid) FROM bench_uuid_text;
SELECT count(s::tid62) FROM bench_tid62_text;
\echo COPY FROM: uuid, tid62
COPY bench_uuid_in FROM '/tmp/idtypes_bench_uuid.txt';
COPY bench_tid62_in FROM '/tmp/idtypes_bench_tid62.txt';
\timing off
DROP TABLE bench_uuid, bench_tid62, bench_uuid_text, bench_tid62_text, bench_uuid_in, bench_tid62_in;
