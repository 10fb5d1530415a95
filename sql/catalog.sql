--
-- catalog: the surface of the extension as \dx+ idtypes lists it: every
-- member documented with a comment, nothing internal or test-only among
-- them, the promised volatility, strictness and parallel safety, and a
-- description for every setting.
--
-- The members are shown with the name of each scheme (idtypes_schemes():
-- its name, and its type when it has one of its own) written {scheme}, and
-- each such form once: what every scheme has shows once, and a scheme's
-- own functions show as {scheme}_<what>.  The byte-id block that every
-- type comparable with timestamptz has (src/byteid.sql.in) is counted
-- below, for each such type.
--
-- Since PostgreSQL 17 the array type that comes with each type, and the row
-- type that comes with each table or view, are members of the extension
-- too; they are left out here (they come with their type or relation), so
-- that the list is the same on every version.
--
CREATE VIEW members AS
SELECT d.classid, d.objid, pg_describe_object(d.classid, d.objid, 0) AS member
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idtypes')
  AND d.deptype = 'e'
  AND NOT EXISTS (SELECT FROM pg_type t
                  WHERE d.classid = 'pg_type'::regclass AND t.oid = d.objid
                    AND (EXISTS (SELECT FROM pg_type e WHERE e.oid = t.typelem AND e.typarray = t.oid)
                         OR EXISTS (SELECT FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind <> 'c')));
-- a text with every scheme's name written {scheme}
CREATE FUNCTION generic(s text) RETURNS text
LANGUAGE sql STABLE AS $$
	SELECT regexp_replace(s, '(?<![A-Za-z0-9])(' || string_agg(n, '|' ORDER BY length(n) DESC, n) || ')(?![A-Za-z0-9])',
						  '{scheme}', 'g')
	FROM (SELECT name AS n FROM idtypes_schemes() UNION SELECT type FROM idtypes_schemes() WHERE uuid_version IS NULL) n
$$;

-- how many of each kind
SELECT classid::regclass AS catalog, count(DISTINCT generic(member)) FROM members GROUP BY 1 ORDER BY 1;

-- every member has a comment (COMMENT ON in the SQL sources in src/)
SELECT member FROM members WHERE obj_description(objid, classid::regclass::name) IS NULL;

-- the types, and what the operators, operator classes and casts connect
SELECT DISTINCT generic(member) AS member FROM members WHERE classid = 'pg_type'::regclass ORDER BY 1;
SELECT generic(oprleft::regtype::text) AS oprleft, generic(oprright::regtype::text) AS oprright,
	   string_agg(DISTINCT oprname, ' ' ORDER BY oprname) AS operators
FROM pg_operator o JOIN members m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid
GROUP BY 1, 2 ORDER BY 1, 2;
SELECT DISTINCT generic(member) AS member FROM members
WHERE classid IN ('pg_opclass'::regclass, 'pg_cast'::regclass) ORDER BY 1;

-- the byte-id block (src/byteid.sql.in): how many members, with the type
-- written {type}, every type comparable with timestamptz has
WITH byteid AS (
	SELECT t.typname FROM pg_type t JOIN members m ON m.classid = 'pg_type'::regclass AND m.objid = t.oid
	WHERE EXISTS (SELECT FROM pg_operator o WHERE o.oprleft = t.oid AND o.oprright = 'timestamptz'::regtype)),
forms AS (
	SELECT b.typname, regexp_replace(m.member, '(?<![A-Za-z0-9])' || b.typname || '(?![A-Za-z0-9])', '{type}', 'g') AS form
	FROM byteid b JOIN members m ON m.member ~ ('(?<![A-Za-z0-9])' || b.typname || '(?![A-Za-z0-9])'))
SELECT (SELECT count(*) FROM byteid) > 1 AS several_types, count(*) AS block_members
FROM (SELECT form FROM forms GROUP BY form HAVING count(DISTINCT typname) = (SELECT count(*) FROM byteid)) f;

-- the functions by volatility, strictness, parallel safety and leakproofness
-- (the functions behind operators, operator classes and type I/O by count),
-- so that a new function shows up here with its properties
SELECT p.provolatile AS vol, p.proisstrict AS strict, p.proparallel AS par, p.proleakproof AS leakproof,
       count(DISTINCT generic(p.oid::regprocedure::text)) FILTER (WHERE support) AS support,
       string_agg(DISTINCT generic(p.proname), ' ' ORDER BY generic(p.proname)) FILTER (WHERE NOT support) AS functions
FROM pg_proc p
JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid,
LATERAL (SELECT p.proname ~ '_(eq|ne|lt|le|gt|ge|cmp|hash|hash_extended|smaller|larger|in|out|recv|send|sortsupport|skipsupport)(_timestamptz)?$'
                OR p.proname ~ '^timestamptz_(eq|ne|lt|le|gt|ge|cmp)_' AS support) s
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;

-- every operator support function is bound to an operator, an operator
-- class, an aggregate or a type (none is left over from development)
SELECT p.oid::regprocedure
FROM pg_proc p JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
WHERE (p.proname ~ '_(eq|ne|lt|le|gt|ge|cmp|hash|hash_extended|smaller|larger|in|out|recv|send|sortsupport|skipsupport)(_timestamptz)?$'
       OR p.proname ~ '^timestamptz_(eq|ne|lt|le|gt|ge|cmp)_')
  AND NOT EXISTS (SELECT FROM pg_type t WHERE p.oid IN (t.typinput, t.typoutput, t.typreceive, t.typsend))
  AND NOT EXISTS (SELECT FROM pg_operator o WHERE o.oprcode = p.oid)
  AND NOT EXISTS (SELECT FROM pg_amproc a WHERE a.amproc = p.oid)
  -- skip support is bound on PostgreSQL 18 and later only
  AND NOT (p.proname ~ '_skipsupport$' AND current_setting('server_version_num')::int < 180000)
  AND NOT EXISTS (SELECT FROM pg_aggregate a WHERE p.oid IN (a.aggtransfn, a.aggcombinefn));

-- every function's name starts with its scheme's (the name of one of the
-- extension's base types, or uuid), or gen_, or the extension's for the
-- helpers, and no name is that of a core function
SELECT DISTINCT p.proname
FROM pg_proc p JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
WHERE p.proname !~ ('^(' || (SELECT string_agg(t.typname, '|')
                             FROM members mt JOIN pg_type t ON mt.classid = 'pg_type'::regclass
                                                            AND t.oid = mt.objid AND t.typtype = 'b')
                    || '|uuid|gen|timestamptz|seq10|seq36|idtypes)_?')
  AND p.proname NOT IN ('min', 'max', 'seq10', 'seq36', 'uuid464');
SELECT DISTINCT p.proname
FROM pg_proc p JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
WHERE EXISTS (SELECT FROM pg_proc c WHERE c.pronamespace = 'pg_catalog'::regnamespace AND c.proname = p.proname)
ORDER BY 1;

-- the settings: loading the library defines them; each is described
SELECT count(*) > 0 AS loaded FROM idtypes_schemes();
SELECT name, short_desc <> '' AND extra_desc <> '' AS described, vartype
FROM pg_settings WHERE name LIKE 'idtypes.%' ORDER BY 1;

DROP VIEW members;
DROP FUNCTION generic(text);
