/* idtypes--0.1.0--1.0.0.sql */

-- From the release 0.1.0 (released/idtypes--0.1.0.sql) to 1.0.0: what
-- changed in the SQL objects between the two, so that an installation of
-- 0.1.0 ends, after ALTER EXTENSION idtypes UPDATE, with the catalog of a
-- fresh install of 1.0.0 (t/013_upgrade.pl compares them).

\echo Use "ALTER EXTENSION idtypes UPDATE TO '1.0.0'" to load this file. \quit
