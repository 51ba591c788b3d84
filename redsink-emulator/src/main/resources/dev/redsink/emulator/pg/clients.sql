-- The catalog as the clients people point at Redshift read it: psql's backslash commands (the
-- queries it sends a server that reports version 8.0), the Amazon Redshift JDBC driver's and
-- pgjdbc's DatabaseMetaData, SQL IDEs. Client SELECTs that read pg_class, pg_attribute, pg_index,
-- pg_namespace, pg_proc or pg_constraint are pointed at the rs_* views here (the dialect's
-- ExpressionRule), which show what Redshift shows: names of up to 127 bytes, column types without
-- the emulator's domains, columns PostgreSQL has since dropped, declared primary keys, and none of
-- the emulator's own objects. Statements are separated by lines holding only ";;".
SET allow_system_table_mods = on
;;
-- VARBYTE's type name, as Redshift's pg_type has it; columns' own types stay rs_varbyte_<n>.
CREATE DOMAIN pg_catalog.varbyte AS bytea
;;
-- The type a client sees for a column: the base type of the emulator's VARCHAR, CHAR and VARBYTE
-- domains with the length in the type modifier (as Redshift stores varchar(n): n + 4).
CREATE FUNCTION redsink_emulator.client_type(t oid) RETURNS oid LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT CASE WHEN ty.typname LIKE 'rs\_varbyte\_%' THEN 'pg_catalog.varbyte'::regtype::oid
                               ELSE ty.typbasetype END
                     FROM pg_catalog.pg_type ty
                    WHERE ty.oid = t AND ty.typname ~ '^rs_(varchar|char|varbyte)_[0-9]+$'), t)
$$
;;
CREATE FUNCTION redsink_emulator.client_typmod(t oid, m integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT CASE WHEN ty.typname LIKE 'rs\_varbyte\_%' THEN substr(ty.typname, 12)::integer + 4
                               ELSE ty.typtypmod END
                     FROM pg_catalog.pg_type ty
                    WHERE ty.oid = t AND ty.typname ~ '^rs_(varchar|char|varbyte)_[0-9]+$'), m)
$$
;;
-- Declared primary keys as clients find them in Redshift's catalog: a constraint (pgjdbc reads
-- pg_constraint) and an index of its own (the Amazon Redshift JDBC driver reads pg_index, and the
-- index's pg_class and pg_attribute rows). The emulator enforces no key and keeps no index, so
-- these rows exist only in the rs_* views, under oids counted down from the top of the range.
CREATE VIEW redsink_emulator.primary_keys AS
SELECT k.relid, c.relnamespace, c.relowner,
       coalesce(k.primary_key_name, pg_catalog.redsink_display_name(c.relname) || '_pkey')::name AS conname,
       (4294967295 - 2 * k.relid::bigint)::oid AS index_oid,
       (4294967294 - 2 * k.relid::bigint)::oid AS constraint_oid,
       k.primary_key AS conkey
FROM redsink_emulator.table_keys k
JOIN pg_catalog.pg_class c ON c.oid = k.relid
WHERE cardinality(k.primary_key) > 0
;;
GRANT SELECT ON redsink_emulator.primary_keys TO PUBLIC
;;
-- Builds pg_catalog.rs_<catalog>: every column of pg_catalog.<catalog>, some replaced by an
-- expression, then extra columns, rows filtered; then, when given, rows synthesized from
-- synthesized_from with the expressions in synthesized (NULL for the other columns).
CREATE FUNCTION redsink_emulator.client_view(catalog text, replaced jsonb, extra jsonb, filter text,
                                             synthesized jsonb DEFAULT NULL,
                                             synthesized_from text DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cols text;
  made text;
  extras text := '';
  made_extras text := '';
  e record;
BEGIN
  SELECT string_agg(CASE WHEN replaced ? a.attname
                      THEN (replaced->>a.attname::text) || ' AS ' || quote_ident(a.attname)
                      ELSE quote_ident(a.attname) END, ', ' ORDER BY a.attnum),
         string_agg('(' || coalesce(synthesized->>a.attname::text, 'NULL') || ')::'
                      || pg_catalog.format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum)
    INTO cols, made
    FROM pg_catalog.pg_attribute a
   WHERE a.attrelid = ('pg_catalog.' || catalog)::regclass AND a.attnum > 0 AND NOT a.attisdropped;
  FOR e IN SELECT key, value FROM jsonb_each_text(coalesce(extra, '{}')) LOOP
    extras := extras || ', ' || e.value || ' AS ' || quote_ident(e.key);
    made_extras := made_extras || ', ' || coalesce(synthesized->>e.key, e.value);
  END LOOP;
  EXECUTE 'CREATE VIEW pg_catalog.rs_' || catalog || ' AS SELECT ' || cols || extras
       || ' FROM pg_catalog.' || catalog || coalesce(' WHERE ' || filter, '')
       || CASE WHEN synthesized IS NULL THEN ''
               ELSE ' UNION ALL SELECT ' || made || made_extras || ' FROM ' || synthesized_from END;
  EXECUTE 'GRANT SELECT ON pg_catalog.rs_' || catalog || ' TO PUBLIC';
END
$$
;;
-- The catalog views compute their replaced columns for every row a query scans (thousands of
-- system attributes for one table's columns): each function call is guarded by the condition its
-- function tests first (a long name's hash suffix; a type of the emulator's, whose oid is past
-- PostgreSQL's built-in ones), so system rows cost an expression, not a function's query.
SELECT redsink_emulator.client_view('pg_class',
  '{"relname": "CASE WHEN relname::text ~ ''_[0-9a-f]{10}$'' THEN pg_catalog.redsink_display_name(relname) ELSE relname::text END"}',
  '{"relhasoids": "false"}',
  'relnamespace <> ''redsink_emulator''::regnamespace',
  '{"oid": "index_oid", "relname": "conname", "relnamespace": "relnamespace",
    "relowner": "relowner", "relkind": "''i''", "relam": "403", "relnatts": "cardinality(conkey)",
    "relpersistence": "''p''", "relreplident": "''n''", "relispopulated": "true",
    "relhasindex": "false", "relisshared": "false", "relhasrules": "false",
    "relhastriggers": "false", "relhassubclass": "false", "relrowsecurity": "false",
    "relforcerowsecurity": "false", "relispartition": "false", "relpages": "0",
    "reltuples": "0", "relallvisible": "0", "reltype": "0", "reloftype": "0",
    "reltablespace": "0", "relfilenode": "0", "reltoastrelid": "0", "relchecks": "0",
    "relrewrite": "0"}',
  'redsink_emulator.primary_keys')
;;
SELECT redsink_emulator.client_view('pg_attribute',
  '{"attname": "CASE WHEN attname::text ~ ''_[0-9a-f]{10}$'' THEN pg_catalog.redsink_display_name(attname) ELSE attname::text END",
    "atttypid": "CASE WHEN atttypid < 16384 THEN atttypid ELSE redsink_emulator.client_type(atttypid) END",
    "atttypmod": "CASE WHEN atttypid < 16384 THEN atttypmod ELSE redsink_emulator.client_typmod(atttypid, atttypmod) END"}',
  NULL, NULL,
  '{"attrelid": "pk.index_oid", "attname": "pg_catalog.redsink_display_name(a.attname)",
    "atttypid": "redsink_emulator.client_type(a.atttypid)",
    "atttypmod": "redsink_emulator.client_typmod(a.atttypid, a.atttypmod)",
    "attnum": "u.n", "attlen": "a.attlen", "attndims": "0", "attbyval": "a.attbyval",
    "attalign": "a.attalign", "attstorage": "a.attstorage", "attcompression": "''''",
    "attnotnull": "a.attnotnull", "atthasdef": "false", "atthasmissing": "false",
    "attidentity": "''''", "attgenerated": "''''", "attisdropped": "false",
    "attislocal": "true", "attinhcount": "0", "attcollation": "a.attcollation",
    "attcacheoff": "-1"}',
  'redsink_emulator.primary_keys pk CROSS JOIN LATERAL unnest(pk.conkey) WITH ORDINALITY AS u(attnum, n)
   JOIN pg_catalog.pg_attribute a ON a.attrelid = pk.relid AND a.attnum = u.attnum')
;;
SELECT redsink_emulator.client_view('pg_index', '{}', NULL,
  'NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.oid = indrelid
                 AND c.relnamespace = ''redsink_emulator''::regnamespace)',
  '{"indexrelid": "index_oid", "indrelid": "relid", "indnatts": "cardinality(conkey)",
    "indnkeyatts": "cardinality(conkey)", "indisunique": "true", "indnullsnotdistinct": "false",
    "indisprimary": "true", "indisexclusion": "false", "indimmediate": "true",
    "indisclustered": "false", "indisvalid": "true", "indcheckxmin": "false",
    "indisready": "true", "indislive": "true", "indisreplident": "false",
    "indkey": "array_to_string(conkey, '' '')", "indcollation": "''''", "indclass": "''''",
    "indoption": "''''"}',
  'redsink_emulator.primary_keys')
;;
SELECT redsink_emulator.client_view('pg_constraint', '{}', NULL,
  'connamespace <> ''redsink_emulator''::regnamespace',
  '{"oid": "constraint_oid", "conname": "conname", "connamespace": "relnamespace",
    "contype": "''p''", "condeferrable": "false", "condeferred": "false", "convalidated": "true",
    "conrelid": "relid", "contypid": "0", "conindid": "index_oid", "conparentid": "0",
    "confrelid": "0", "confupdtype": "'' ''", "confdeltype": "'' ''", "confmatchtype": "'' ''",
    "conislocal": "true", "coninhcount": "0", "connoinherit": "true", "conkey": "conkey"}',
  'redsink_emulator.primary_keys')
;;
SELECT redsink_emulator.client_view('pg_namespace', '{}', NULL, 'nspname <> ''redsink_emulator''')
;;
-- psql's queries for servers before 11 read proisagg and proiswindow, since replaced by prokind.
SELECT redsink_emulator.client_view('pg_proc', '{}',
  '{"proisagg": "prokind = ''a''", "proiswindow": "prokind = ''w''"}',
  'pronamespace <> ''redsink_emulator''::regnamespace')
;;
-- PG_PROC_INFO (https://docs.aws.amazon.com/redshift/latest/dg/r_PG_PROC_INFO.html): pg_proc with
-- its oid as prooid and prokind; the Amazon Redshift JDBC driver's getProcedures and
-- getFunctions read it.
CREATE VIEW pg_catalog.pg_proc_info AS SELECT p.oid AS prooid, p.* FROM pg_catalog.rs_pg_proc p
;;
GRANT SELECT ON pg_catalog.pg_proc_info TO PUBLIC
;;
-- The relations a client lists: tables and views outside the emulator's schema.
CREATE VIEW redsink_emulator.client_relations AS
SELECT pg_catalog.current_database()::text AS database_name,
       n.nspname::text AS schema_name,
       pg_catalog.redsink_display_name(c.relname) AS table_name,
       CASE WHEN c.relkind IN ('v', 'm') THEN 'VIEW' ELSE 'BASE TABLE' END::text AS table_type,
       pg_catalog.array_to_string(c.relacl, '~')::text AS table_acl,
       pg_catalog.obj_description(c.oid, 'pg_class')::text AS remarks
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm')
  AND n.nspname NOT IN ('redsink_emulator', 'pg_toast')
  AND (n.nspname NOT LIKE 'pg\_temp\_%' OR n.oid = pg_catalog.pg_my_temp_schema())
  AND pg_catalog.has_schema_privilege(n.oid, 'USAGE')
;;
GRANT SELECT ON redsink_emulator.client_relations TO PUBLIC
;;
-- SVV_TABLES (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_TABLES.html)
CREATE VIEW pg_catalog.svv_tables AS
SELECT database_name AS table_catalog, schema_name AS table_schema, table_name, table_type, remarks
FROM redsink_emulator.client_relations
;;
GRANT SELECT ON pg_catalog.svv_tables TO PUBLIC
;;
-- SVV_ALL_TABLES (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_ALL_TABLES.html)
CREATE VIEW pg_catalog.svv_all_tables AS
SELECT database_name, schema_name, table_name, table_type, table_acl, remarks
FROM redsink_emulator.client_relations
;;
GRANT SELECT ON pg_catalog.svv_all_tables TO PUBLIC
;;
-- SVV_COLUMNS (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_COLUMNS.html)
CREATE VIEW pg_catalog.svv_columns AS
SELECT pg_catalog.current_database()::text AS table_catalog,
       n.nspname::text AS table_schema,
       pg_catalog.redsink_display_name(c.relname) AS table_name,
       pg_catalog.redsink_display_name(a.attname) AS column_name,
       a.attnum::integer AS ordinal_position,
       pg_catalog.pg_get_expr(d.adbin, d.adrelid) AS column_default,
       CASE WHEN a.attnotnull THEN 'NO' ELSE 'YES' END::text AS is_nullable,
       regexp_replace(pg_catalog.redshift_type(a.atttypid, a.atttypmod), '\(.*\)$', '') AS data_type,
       (regexp_match(pg_catalog.redshift_type(a.atttypid, a.atttypmod), '\((\d+)\)$'))[1]::integer AS character_maximum_length,
       information_schema._pg_numeric_precision(
         CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END,
         CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END)::integer AS numeric_precision,
       information_schema._pg_numeric_precision_radix(
         CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END,
         CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END)::integer AS numeric_precision_radix,
       information_schema._pg_numeric_scale(
         CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END,
         CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END)::integer AS numeric_scale,
       information_schema._pg_datetime_precision(a.atttypid, a.atttypmod)::integer AS datetime_precision,
       NULL::text AS interval_type,
       NULL::text AS interval_precision,
       NULL::text AS character_set_catalog,
       NULL::text AS character_set_schema,
       NULL::text AS character_set_name,
       NULL::text AS collation_catalog,
       NULL::text AS collation_schema,
       NULL::text AS collation_name,
       NULL::text AS domain_name,
       pg_catalog.col_description(c.oid, a.attnum)::text AS remarks
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
WHERE c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped
  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'redsink_emulator')
  AND n.nspname NOT LIKE 'pg\_toast%'
  AND (n.nspname NOT LIKE 'pg\_temp\_%' OR n.oid = pg_catalog.pg_my_temp_schema())
;;
GRANT SELECT ON pg_catalog.svv_columns TO PUBLIC
;;
-- SVV_ALL_COLUMNS (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_ALL_COLUMNS.html)
CREATE VIEW pg_catalog.svv_all_columns AS
SELECT table_catalog AS database_name, table_schema AS schema_name, table_name, column_name,
       ordinal_position, column_default, is_nullable, data_type, character_maximum_length,
       numeric_precision, numeric_scale, remarks
FROM pg_catalog.svv_columns
;;
GRANT SELECT ON pg_catalog.svv_all_columns TO PUBLIC
;;
-- SVV_ALL_SCHEMAS (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_ALL_SCHEMAS.html)
CREATE VIEW pg_catalog.svv_all_schemas AS
SELECT pg_catalog.current_database()::text AS database_name, n.nspname::text AS schema_name,
       n.nspowner::integer AS schema_owner, 'local'::text AS schema_type,
       pg_catalog.array_to_string(n.nspacl, '~')::text AS schema_acl,
       NULL::text AS source_database, NULL::text AS schema_option
FROM pg_catalog.pg_namespace n
WHERE n.nspname <> 'redsink_emulator' AND n.nspname NOT LIKE 'pg\_toast%'
  AND n.nspname NOT LIKE 'pg\_temp\_%'
;;
GRANT SELECT ON pg_catalog.svv_all_schemas TO PUBLIC
;;
-- SVV_REDSHIFT_DATABASES (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_REDSHIFT_DATABASES.html)
CREATE VIEW pg_catalog.svv_redshift_databases AS
SELECT d.datname::text AS database_name, d.datdba::integer AS database_owner,
       'local'::text AS database_type, pg_catalog.array_to_string(d.datacl, '~')::text AS database_acl,
       NULL::text AS database_options, 'Snapshot Isolation'::text AS database_isolation_level
FROM pg_catalog.pg_database d
WHERE d.datname = pg_catalog.current_database()
;;
GRANT SELECT ON pg_catalog.svv_redshift_databases TO PUBLIC
;;
-- No external (Spectrum) schemas: SVV_EXTERNAL_SCHEMAS, SVV_EXTERNAL_TABLES and
-- SVV_EXTERNAL_COLUMNS (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_EXTERNAL_SCHEMAS.html,
-- r_SVV_EXTERNAL_TABLES.html, r_SVV_EXTERNAL_COLUMNS.html) are empty.
CREATE VIEW pg_catalog.svv_external_schemas AS
SELECT NULL::oid AS esoid, NULL::smallint AS eskind, NULL::name AS schemaname,
       NULL::integer AS esowner, NULL::name AS databasename, NULL::text AS esoptions
WHERE false
;;
GRANT SELECT ON pg_catalog.svv_external_schemas TO PUBLIC
;;
CREATE VIEW pg_catalog.svv_external_tables AS
SELECT NULL::text AS redshift_database_name, NULL::name AS schemaname, NULL::name AS tablename,
       NULL::text AS location, NULL::text AS input_format, NULL::text AS output_format,
       NULL::text AS serialization_lib, NULL::text AS serde_parameters, NULL::integer AS compressed,
       NULL::text AS parameters, NULL::text AS tabletype
WHERE false
;;
GRANT SELECT ON pg_catalog.svv_external_tables TO PUBLIC
;;
CREATE VIEW pg_catalog.svv_external_columns AS
SELECT NULL::text AS redshift_database_name, NULL::name AS schemaname, NULL::name AS tablename,
       NULL::name AS columnname, NULL::text AS external_type, NULL::integer AS columnnum,
       NULL::integer AS part_key, NULL::text AS is_nullable
WHERE false
;;
GRANT SELECT ON pg_catalog.svv_external_columns TO PUBLIC
;;
-- Late-binding views' columns, which the JDBC driver's getColumns adds to pg_attribute's: the
-- emulator's late-binding views are PostgreSQL views, whose columns pg_attribute has (views.sql).
CREATE FUNCTION pg_catalog.pg_get_late_binding_view_cols() RETURNS SETOF record
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN;
END
$$
;;
-- Redshift's ISNULL (https://docs.aws.amazon.com/redshift/latest/dg/r_NVL_function.html), which the
-- driver's getColumns uses; PostgreSQL has REGEXP_SUBSTR.
CREATE FUNCTION pg_catalog.isnull(a anyelement, b anyelement) RETURNS anyelement LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(a, b)
$$
;;
-- REGEXP_REPLACE without a replacement removes every match
-- (https://docs.aws.amazon.com/redshift/latest/dg/REGEXP_REPLACE.html); the driver's getColumns uses it.
CREATE FUNCTION pg_catalog.regexp_replace(s text, pattern text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.regexp_replace(s, pattern, '', 'g')
$$
;;
-- CHARINDEX (https://docs.aws.amazon.com/redshift/latest/dg/r_CHARINDEX.html); the driver's
-- getColumns uses it.
CREATE FUNCTION pg_catalog.charindex(sub text, s text) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.strpos(s, sub)
$$
