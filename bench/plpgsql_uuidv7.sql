-- bench/plpgsql_uuidv7.sql: a UUIDv7 in PL/pgSQL of the kind people paste
-- from blog posts, for comparison (bench/bench.py, bench/instructions.sh):
-- a random (v4) uuid with the Unix milliseconds written over its first six
-- bytes and the version nibble changed to 7.  idtypes does not ship it.
CREATE OR REPLACE FUNCTION bench_plpgsql_uuidv7() RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    b bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
    ms bigint := pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000);
BEGIN
    -- (the SQL-standard forms of overlay and substring are always pg_catalog's)
    b := overlay(b PLACING substring(pg_catalog.int8send(ms) FROM 3) FROM 1 FOR 6);
    b := pg_catalog.set_byte(b, 6, (pg_catalog.get_byte(b, 6) & 15) | 112);
    RETURN pg_catalog.encode(b, 'hex')::uuid;
END
$$;
