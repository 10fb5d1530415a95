-- src/identity.sql: the node identity in effect (src/identity.c), as a
-- function and a view of the same name.

---------------------------------------------------------------------------
-- node identity
---------------------------------------------------------------------------

-- what this server puts in its ids to tell them from other servers' ids,
-- and where each value comes from; a view of the same name, so that other
-- servers can read it through postgres_fdw (functions cannot be)
CREATE FUNCTION idtypes_node_identity(
		OUT system_identifier pg_catalog.int8,
		OUT in_recovery pg_catalog.bool,
		OUT preloaded pg_catalog.bool,
		OUT medallion pg_catalog.int8,
		OUT medallion_source pg_catalog.text,
		OUT publisher_id pg_catalog.int4,
		OUT publisher_source pg_catalog.text,
		OUT uid8_cluster_id pg_catalog.int4,
		OUT uid8_cluster_source pg_catalog.text,
		OUT uid8_generators pg_catalog.int4range,
		OUT uid8_generator_source pg_catalog.text,
		OUT uid8_mode pg_catalog.text)
	RETURNS pg_catalog.record
	AS 'MODULE_PATHNAME', 'idtypes_node_identity'
	LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION idtypes_node_identity() IS
	'node identity of this server in generated ids (medallion, publisher, uid8 cluster and generator ids), and where each comes from';

CREATE VIEW idtypes_node_identity AS
	SELECT * FROM idtypes_node_identity();
COMMENT ON VIEW idtypes_node_identity IS
	'node identity of this server in generated ids, as a view that postgres_fdw can read';
-- readable by everyone, like the function (and the settings it shows)
GRANT SELECT ON idtypes_node_identity TO PUBLIC;
