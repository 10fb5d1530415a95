--
-- node identity: what this server puts in its ids to tell them from other
-- servers' ids, and where each value comes from.  The regression server
-- preloads idtypes and configures no identity.
--
SELECT in_recovery, preloaded, medallion_source, publisher_source,
       uid8_cluster_id, uid8_cluster_source, uid8_generators, uid8_generator_source, uid8_mode
FROM idtypes_node_identity();

-- the values are the ones the generators use: an automatic medallion from
-- the Muid specification's range, the automatic publisher, this cluster's
-- system identifier
SELECT medallion = muid_medallion(gen_muid()) AS medallion_used,
       medallion BETWEEN x'1000000000000'::int8 AND x'1FFFFFFFFFFFF'::int8 AS medallion_in_range,
       publisher_id = hlculid_publisher(gen_hlculid()) AS publisher_used,
       system_identifier = (SELECT system_identifier FROM pg_control_system()) AS system_identifier
FROM idtypes_node_identity();

-- the view of the same name shows the same row, for postgres_fdw
SELECT (SELECT v::text FROM idtypes_node_identity v) = (SELECT f::text FROM idtypes_node_identity() f) AS same;
-- the row as a value of type record (its descriptor registered): its text,
-- a field of it, and JSON made from it
SELECT idtypes_node_identity()::text = (SELECT f::text FROM idtypes_node_identity() f) AS same_text,
       (idtypes_node_identity()).preloaded,
       row_to_json(idtypes_node_identity())->>'uid8_mode' = current_setting('idtypes.uid8_mode') AS json_mode;
SELECT attname, format_type(atttypid, atttypmod)
FROM pg_attribute
WHERE attrelid = 'idtypes_node_identity'::regclass AND attnum > 0
ORDER BY attnum;

-- anyone may read the view, as anyone may call the function
CREATE ROLE regress_idtypes_reader;
SET ROLE regress_idtypes_reader;
SELECT count(*) FROM idtypes_node_identity;
RESET ROLE;
DROP ROLE regress_idtypes_reader;
