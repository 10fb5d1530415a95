-- upgrade/bound.sql: from 0.1.0, the safe bound of each scheme for reading
-- new rows by key (src/bound.c, doc/operations.md).

CREATE FUNCTION muid_safe_bound() RETURNS muid
	AS 'MODULE_PATHNAME', 'muid_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION muid_safe_bound() IS
	'safe bound for reading new rows by key: every muid generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

CREATE FUNCTION hlculid_safe_bound() RETURNS hlculid
	AS 'MODULE_PATHNAME', 'hlculid_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION hlculid_safe_bound() IS
	'safe bound for reading new rows by key: every hlculid generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

CREATE FUNCTION uid8_safe_bound() RETURNS uid8
	AS 'MODULE_PATHNAME', 'uid8_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uid8_safe_bound() IS
	'safe bound for reading new rows by key: every uid8 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries, idtypes.uid8_generator_id and time_sequential)';

CREATE FUNCTION tid62_safe_bound() RETURNS tid62
	AS 'MODULE_PATHNAME', 'tid62_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION tid62_safe_bound() IS
	'safe bound for reading new rows by key: every tid62 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';

CREATE FUNCTION uuidv6_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv6_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION uuidv7_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv7_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION uuidv8_safe_bound() RETURNS pg_catalog.uuid
	AS 'MODULE_PATHNAME', 'uuidv8_safe_bound'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv6_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv6 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
COMMENT ON FUNCTION uuidv7_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv7 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
COMMENT ON FUNCTION uuidv8_safe_bound() IS
	'safe bound for reading new rows by key: every UUIDv8 generated on this server below it is committed and visible to snapshots taken after the call, or never will be (needs shared_preload_libraries)';
