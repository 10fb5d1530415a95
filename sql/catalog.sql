--
-- catalog: the surface of the extension as \dx+ idtypes lists it: every
-- member documented with a comment, nothing internal or test-only among
-- them, the promised volatility, strictness and parallel safety, and a
-- description for every setting.
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

-- how many of each kind
SELECT classid::regclass AS catalog, count(*) FROM members GROUP BY 1 ORDER BY 1;

-- every member has a comment (COMMENT ON in the SQL sources in src/)
SELECT member FROM members WHERE obj_description(objid, classid::regclass::name) IS NULL;

-- the types, and what the operators, operator classes and casts connect
SELECT member, obj_description(objid, 'pg_type') FROM members
WHERE classid = 'pg_type'::regclass ORDER BY 1;
SELECT oprleft::regtype, oprright::regtype, count(*), string_agg(oprname, ' ' ORDER BY oprname) AS operators
FROM pg_operator o JOIN members m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid
GROUP BY 1, 2 ORDER BY 1, 2;
SELECT member FROM members WHERE classid IN ('pg_opclass'::regclass, 'pg_cast'::regclass) ORDER BY 1;

-- the functions by volatility, strictness, parallel safety and leakproofness
-- (the functions behind operators, operator classes and type I/O by count),
-- so that a new function shows up here with its properties
SELECT p.provolatile AS vol, p.proisstrict AS strict, p.proparallel AS par, p.proleakproof AS leakproof,
       count(*) FILTER (WHERE support) AS support,
       string_agg(DISTINCT p.proname, ' ' ORDER BY p.proname) FILTER (WHERE NOT support) AS functions
FROM pg_proc p
JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid,
LATERAL (SELECT p.proname ~ '_(eq|ne|lt|le|gt|ge|cmp|hash|hash_extended|smaller|larger|in|out|recv|send|sortsupport)(_timestamptz)?$'
                OR p.proname ~ '^timestamptz_(eq|ne|lt|le|gt|ge|cmp)_' AS support) s
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;

-- every operator support function is bound to an operator, an operator
-- class, an aggregate or a type (none is left over from development)
SELECT p.oid::regprocedure
FROM pg_proc p JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
WHERE (p.proname ~ '_(eq|ne|lt|le|gt|ge|cmp|hash|hash_extended|smaller|larger|in|out|recv|send|sortsupport)(_timestamptz)?$'
       OR p.proname ~ '^timestamptz_(eq|ne|lt|le|gt|ge|cmp)_')
  AND NOT EXISTS (SELECT FROM pg_type t WHERE p.oid IN (t.typinput, t.typoutput, t.typreceive, t.typsend))
  AND NOT EXISTS (SELECT FROM pg_operator o WHERE o.oprcode = p.oid)
  AND NOT EXISTS (SELECT FROM pg_amproc a WHERE a.amproc = p.oid)
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
SELECT muid_timestamp('05D5EAC793E61F17B9F5B9479DF94AC0') IS NOT NULL AS loaded;
SELECT name, short_desc <> '' AND extra_desc <> '' AS described, vartype
FROM pg_settings WHERE name LIKE 'idtypes.%' ORDER BY 1;

DROP VIEW members;
