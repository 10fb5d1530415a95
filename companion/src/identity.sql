-- companion/src/identity.sql: the node identity and the clock mode of this
-- database, as src/identity.sql is the C extension's: the settings, this
-- database's random identities, the view of what is in effect, and the
-- reading of them into a session's parameters.  Second in the install
-- script, after idtypes_sql.sql (companion/Makefile's SOURCES).

---------------------------------------------------------------------------
-- settings
---------------------------------------------------------------------------

-- The node identity and the clock mode of this database: one row, which
-- only the role that installed the companion may change, read
-- by every generator.  Managed platforms let no one but a superuser store
-- a custom parameter with ALTER DATABASE or ALTER ROLE, and any session may
-- SET one, so the identity is not a parameter.
--
-- An identity left NULL is this database's random one (idtypes_sql_node).
-- pg_dump keeps the row (a configuration table of the extension); a
-- restore creates the extension anew, with its default row, then copies
-- the dumped one in: an INSERT into the table replaces its row (the
-- trigger below), so that the restore does not fail on the one-row key.
CREATE TABLE idtypes_sql_settings (
	only_row pg_catalog.bool PRIMARY KEY DEFAULT true CHECK (only_row),
	clock pg_catalog.text NOT NULL DEFAULT 'session'
		CHECK (clock = ANY (ARRAY['session', 'sequence']::pg_catalog.text[])),
	medallion pg_catalog.int8
		CHECK (medallion >= 0 AND medallion <= 4503599627370495),
	publisher_id pg_catalog.int4
		CHECK (publisher_id >= 0 AND publisher_id <= 65535),
	uid8_cluster_id pg_catalog.int4
		CHECK (uid8_cluster_id >= 0 AND uid8_cluster_id <= 15),
	uid8_generator_id pg_catalog.int4
		CHECK (uid8_generator_id >= 0 AND uid8_generator_id <= 2047),
	uid8_generator_count pg_catalog.int4 NOT NULL DEFAULT 1
		CHECK (uid8_generator_count >= 1 AND uid8_generator_count <= 2048),
	uid8_mode pg_catalog.text NOT NULL DEFAULT 'time_sequential'
		CHECK (uid8_mode = ANY (ARRAY['spread', 'time_sequential']::pg_catalog.text[])),
	hlculid_max_drift pg_catalog.interval DEFAULT '5 minutes',
	CHECK (uid8_generator_id + uid8_generator_count <= 2048)
);
COMMENT ON TABLE idtypes_sql_settings IS
	'the node identity and clock mode of the idtypes_sql companion in this database (one row; its owner may update it)';
COMMENT ON COLUMN idtypes_sql_settings.clock IS
	'session: a clock per session (fast); sequence: one clock per scheme for the database, in a sequence (ordered across sessions, kept over crashes and failover)';
COMMENT ON COLUMN idtypes_sql_settings.medallion IS 'medallion of this node in muids, 0 to 2^52-1; NULL: this database''s random one';
COMMENT ON COLUMN idtypes_sql_settings.publisher_id IS 'publisher of this node in hlculids, 0 to 65535; NULL: this database''s random one';
COMMENT ON COLUMN idtypes_sql_settings.uid8_cluster_id IS 'cluster id of this node in uid8 ids, 0 to 15; NULL: 0';
COMMENT ON COLUMN idtypes_sql_settings.uid8_generator_id IS 'first generator id of this node in uid8 ids, 0 to 2047; NULL: this database''s random one';
COMMENT ON COLUMN idtypes_sql_settings.uid8_generator_count IS 'generator ids this node uses from its first up (64 ids per millisecond each)';
COMMENT ON COLUMN idtypes_sql_settings.uid8_mode IS 'layout of generated uid8 ids: time_sequential or spread';
COMMENT ON COLUMN idtypes_sql_settings.hlculid_max_drift IS 'how far ahead of this server''s clock hlculid_observe() accepts an id; NULL: no limit';
INSERT INTO idtypes_sql_settings DEFAULT VALUES;
GRANT SELECT ON idtypes_sql_settings TO PUBLIC;
-- the role that installed the extension changes it, and a restore from
-- pg_dump inserts its dumped row
GRANT INSERT, UPDATE ON idtypes_sql_settings TO @extowner@; -- extension only
SELECT pg_catalog.pg_extension_config_dump('idtypes_sql_settings', ''); -- extension only

CREATE FUNCTION idtypes_sql_settings_replace() RETURNS trigger
	LANGUAGE plpgsql
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	UPDATE @internal@.idtypes_sql_settings
	   SET (clock, medallion, publisher_id, uid8_cluster_id, uid8_generator_id, uid8_generator_count, uid8_mode,
			hlculid_max_drift)
		 = (NEW.clock, NEW.medallion, NEW.publisher_id, NEW.uid8_cluster_id, NEW.uid8_generator_id,
			NEW.uid8_generator_count, NEW.uid8_mode, NEW.hlculid_max_drift);
	IF FOUND THEN
		RETURN NULL;
	END IF;
	RETURN NEW;
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_settings_replace() IS
	'internal: an INSERT into idtypes_sql_settings replaces its row (a restore from pg_dump copies the dumped row in)';
CREATE TRIGGER idtypes_sql_settings_replace BEFORE INSERT ON idtypes_sql_settings
	FOR EACH ROW EXECUTE FUNCTION idtypes_sql_settings_replace();

-- This database's random identities, drawn at install from the schemes'
-- ranges: a medallion from the Muid specification's range for random ones
-- (2^48 to 2^49-1), any publisher, any generator id (the 60 random bits of
-- the first half of a v4 UUID each).  Not dumped: a database restored from
-- pg_dump draws its own, as a new node.
CREATE TABLE idtypes_sql_node (
	only_row pg_catalog.bool PRIMARY KEY DEFAULT true CHECK (only_row),
	medallion pg_catalog.int8 NOT NULL
		CHECK (medallion >= 281474976710656 AND medallion <= 562949953421311),
	publisher_id pg_catalog.int4 NOT NULL
		CHECK (publisher_id >= 0 AND publisher_id <= 65535),
	uid8_generator_id pg_catalog.int4 NOT NULL
		CHECK (uid8_generator_id >= 0 AND uid8_generator_id <= 2047)
);
COMMENT ON TABLE idtypes_sql_node IS
	'the random identities of this database, drawn at install, for the settings left NULL';
INSERT INTO idtypes_sql_node (medallion, publisher_id, uid8_generator_id)
SELECT 281474976710656::pg_catalog.int8 | (r1 >> 16 & 281474976710655::pg_catalog.int8),
	   (r2 >> 48 & 65535::pg_catalog.int8)::pg_catalog.int4,
	   (r2 >> 32 & 2047::pg_catalog.int8)::pg_catalog.int4
FROM (SELECT ('x' || pg_catalog.translate(pg_catalog.substr(pg_catalog.gen_random_uuid()::pg_catalog.text, 1, 18), '-', ''))::pg_catalog.bit(64)::pg_catalog.int8 AS r1,
			 ('x' || pg_catalog.translate(pg_catalog.substr(pg_catalog.gen_random_uuid()::pg_catalog.text, 1, 18), '-', ''))::pg_catalog.bit(64)::pg_catalog.int8 AS r2) r;
GRANT SELECT ON idtypes_sql_node TO PUBLIC;

-- The identity and clock mode in effect, and where each comes from, as the
-- C extension's view of the same name shows them (without its
-- system_identifier and preloaded).  A random generator id is kept below
-- 2048 less the count, so that the node's ids fit.
CREATE VIEW idtypes_node_identity AS
SELECT pg_catalog.pg_is_in_recovery() AS in_recovery,
	   s.clock,
	   COALESCE(s.medallion, n.medallion) AS medallion,
	   CASE WHEN s.medallion IS NULL THEN 'automatic' ELSE 'configured' END AS medallion_source,
	   COALESCE(s.publisher_id, n.publisher_id) AS publisher_id,
	   CASE WHEN s.publisher_id IS NULL THEN 'automatic' ELSE 'configured' END AS publisher_source,
	   COALESCE(s.uid8_cluster_id, 0) AS uid8_cluster_id,
	   CASE WHEN s.uid8_cluster_id IS NULL THEN 'default' ELSE 'configured' END AS uid8_cluster_source,
	   pg_catalog.int4range(g.first, g.first + s.uid8_generator_count) AS uid8_generators,
	   CASE WHEN s.uid8_generator_id IS NULL THEN 'automatic' ELSE 'configured' END AS uid8_generator_source,
	   s.uid8_mode,
	   s.hlculid_max_drift
FROM idtypes_sql_settings s, idtypes_sql_node n,
	 LATERAL (SELECT COALESCE(s.uid8_generator_id,
							  n.uid8_generator_id % (2049 - s.uid8_generator_count)) AS first) g;
COMMENT ON VIEW idtypes_node_identity IS
	'node identity of this database in generated ids, its clock mode, and where each comes from';
GRANT SELECT ON idtypes_node_identity TO PUBLIC;

-- How far ahead of this server's clock a clock may be moved
-- (idtypes_advance_clock()): hlculid_max_drift, and at
-- least 5 minutes.
CREATE FUNCTION idtypes_sql_max_ahead() RETURNS pg_catalog.interval
	LANGUAGE plpgsql STABLE PARALLEL SAFE
	SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
	RETURN (SELECT greatest(coalesce(s.hlculid_max_drift, '5 minutes'), '5 minutes') FROM @internal@.idtypes_sql_settings s);
END
$fn$;
COMMENT ON FUNCTION idtypes_sql_max_ahead() IS
	'internal: how far ahead of this server''s clock a clock may be moved: hlculid_max_drift, at least 5 minutes';

-- This session's settings, read from the settings at a session's first id
-- and kept in its parameters idtypes_sql.clock and idtypes_sql.publisher
-- (a session that changes them changes only what its own ids say, as it
-- could by writing any value into a key; one that sets idtypes_sql.clock
-- before its first id keeps it, e.g. 'session' on a hot standby).  A
-- change of the table applies to the sessions that start afterwards (and
-- to a session after DISCARD ALL or RESET ALL).  Returns the publisher's
-- four hexadecimal digits, or the clock mode.  The parameters are the
-- database's, not the schema's: install the companion once per database.
CREATE FUNCTION idtypes_sql_load(publisher pg_catalog.bool) RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
BEGIN ATOMIC
	SELECT CASE WHEN publisher THEN p ELSE c END
	  FROM (SELECT pg_catalog.set_config('idtypes_sql.publisher', pg_catalog.lpad(pg_catalog.to_hex(s.publisher_id), 4, '0'), false) AS p,
				   pg_catalog.set_config('idtypes_sql.clock',
						COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.clock', true), ''), s.clock), false) AS c
			  FROM @internal@.idtypes_node_identity s) x;
END;
COMMENT ON FUNCTION idtypes_sql_load(pg_catalog.bool) IS
	'internal: reads idtypes_sql_settings into this session''s parameters; returns the publisher (hex) or the clock mode';

CREATE FUNCTION idtypes_sql_clock_mode() RETURNS pg_catalog.text
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN COALESCE(NULLIF(pg_catalog.current_setting('idtypes_sql.clock', true), ''), @internal@.idtypes_sql_load(false));
COMMENT ON FUNCTION idtypes_sql_clock_mode() IS 'internal: this session''s clock mode, session or sequence';
