-- From 0.1.0: the event trigger that refuses ALTER TABLE ... ALTER COLUMN
-- ... TYPE into an id type from bigint, bytea or uuid without USING
-- (src/castguard.c, src/idtypes.sql).
CREATE FUNCTION @extschema@.idtypes_alter_column_type() RETURNS pg_catalog.event_trigger
	LANGUAGE C
	AS 'MODULE_PATHNAME', 'idtypes_alter_column_type';

CREATE EVENT TRIGGER idtypes_alter_column_type ON ddl_command_start
	WHEN TAG IN ('ALTER TABLE')
	EXECUTE FUNCTION @extschema@.idtypes_alter_column_type();

COMMENT ON FUNCTION @extschema@.idtypes_alter_column_type() IS
	'event trigger function: refuses ALTER COLUMN ... TYPE into an id type from bigint, bytea or uuid without USING';
COMMENT ON EVENT TRIGGER idtypes_alter_column_type IS
	'refuses ALTER COLUMN ... TYPE into an id type from bigint, bytea or uuid without USING';
