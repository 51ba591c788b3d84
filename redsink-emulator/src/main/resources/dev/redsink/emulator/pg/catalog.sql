-- Redshift's functions and catalog views over PostgreSQL, installed once in the "dev" database.
-- Objects live in pg_catalog so they resolve from any search_path, as they do in Redshift.
-- Statements are separated by lines holding only ";;".
SET allow_system_table_mods = on
;;
CREATE SCHEMA redsink_emulator
;;
GRANT USAGE ON SCHEMA redsink_emulator TO PUBLIC
;;
CREATE TABLE redsink_emulator.long_names (pg_name text PRIMARY KEY, redshift_name text NOT NULL)
;;
GRANT SELECT ON redsink_emulator.long_names TO PUBLIC
;;
CREATE FUNCTION pg_catalog.redsink_display_name(n name) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN n::text ~ '_[0-9a-f]{10}$'
    THEN coalesce((SELECT redshift_name FROM redsink_emulator.long_names WHERE pg_name = n::text), n::text)
    ELSE n::text END
$$
;;
CREATE FUNCTION pg_catalog.redshift_type(t oid, m integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN ty.typname LIKE 'rs\_varchar\_%' THEN 'character varying(' || substr(ty.typname, 12) || ')'
    WHEN ty.typname LIKE 'rs\_char\_%' THEN 'character(' || substr(ty.typname, 9) || ')'
    WHEN ty.typname LIKE 'rs\_varbyte\_%' THEN 'binary varying(' || substr(ty.typname, 12) || ')'
    WHEN ty.typname = 'varbyte' AND m > 4 THEN 'binary varying(' || (m - 4) || ')'
    WHEN ty.typname = 'varbyte' THEN 'binary varying'
    WHEN ty.typname IN ('super', 'json') THEN 'super'
    WHEN ty.typname = 'bytea' THEN 'binary varying'
    ELSE pg_catalog.format_type(t, m) END
  FROM pg_catalog.pg_type ty WHERE ty.oid = t
$$
;;
CREATE FUNCTION redsink_emulator.strtol_any(t text, base integer) RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  s text := lower(btrim(t));
  negative boolean := false;
  r numeric := 0;
  d integer;
  c text;
BEGIN
  IF base < 2 OR base > 36 THEN
    RAISE EXCEPTION 'Invalid input base %: STRTOL takes a base from 2 to 36', base;
  END IF;
  IF left(s, 1) = '-' THEN negative := true; s := substr(s, 2);
  ELSIF left(s, 1) = '+' THEN s := substr(s, 2);
  END IF;
  IF base = 16 AND left(s, 2) = '0x' THEN s := substr(s, 3); END IF;
  IF s = '' THEN RAISE EXCEPTION 'Invalid input string for STRTOL: "%"', t; END IF;
  FOREACH c IN ARRAY regexp_split_to_array(s, '') LOOP
    d := position(c IN '0123456789abcdefghijklmnopqrstuvwxyz') - 1;
    IF d < 0 OR d >= base THEN
      RAISE EXCEPTION 'Invalid input string for STRTOL: "%" in base %', t, base;
    END IF;
    r := r * base + d;
  END LOOP;
  RETURN (CASE WHEN negative THEN -r ELSE r END)::bigint;
END
$$
;;
-- Base 16 without a sign or prefix, the common case, as one cast (inlined into the query); any
-- other input through the digit loop. Not STRICT, so PostgreSQL inlines it (NULL gives NULL).
CREATE FUNCTION pg_catalog.strtol(t text, base integer) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN base = 16 AND t ~ '^[0-9a-fA-F]{1,15}$'
    THEN ('x' || lpad(t, 16, '0'))::bit(64)::bigint
    ELSE redsink_emulator.strtol_any(t, base) END
$$
;;
-- DATEADD(datepart, n, t): the front end passes the datepart as text
-- (https://docs.aws.amazon.com/redshift/latest/dg/r_DATEADD_function.html,
-- dateparts: r_Dateparts_for_datetime_functions.html).
CREATE FUNCTION redsink_emulator.datepart_interval(part text) RETURNS interval LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  CASE lower(part)
    WHEN 'millennium', 'millennia', 'mil', 'mils' THEN RETURN interval '1000 years';
    WHEN 'century', 'centuries', 'c', 'cent', 'cents' THEN RETURN interval '100 years';
    WHEN 'decade', 'decades', 'dec', 'decs' THEN RETURN interval '10 years';
    WHEN 'year', 'years', 'y', 'yr', 'yrs' THEN RETURN interval '1 year';
    WHEN 'quarter', 'quarters', 'qtr', 'qtrs' THEN RETURN interval '3 months';
    WHEN 'month', 'months', 'mon', 'mons' THEN RETURN interval '1 month';
    WHEN 'week', 'weeks', 'w' THEN RETURN interval '1 week';
    WHEN 'day', 'days', 'd' THEN RETURN interval '1 day';
    WHEN 'hour', 'hours', 'h', 'hr', 'hrs' THEN RETURN interval '1 hour';
    WHEN 'minute', 'minutes', 'm', 'min', 'mins' THEN RETURN interval '1 minute';
    WHEN 'second', 'seconds', 's', 'sec', 'secs' THEN RETURN interval '1 second';
    WHEN 'millisecond', 'milliseconds', 'ms', 'msec', 'msecs', 'msecond', 'mseconds', 'millisec',
         'millisecs', 'millisecon' THEN RETURN interval '1 millisecond';
    WHEN 'microsecond', 'microseconds', 'microsec', 'microsecs', 'usecond', 'useconds', 'us',
         'usec', 'usecs' THEN RETURN interval '1 microsecond';
    ELSE RAISE EXCEPTION 'Invalid datepart "%" for DATEADD', part;
  END CASE;
END
$$
;;
CREATE FUNCTION redsink_emulator.dateadd(part text, n bigint, t timestamp) RETURNS timestamp LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT t + n * redsink_emulator.datepart_interval(part)
$$
;;
CREATE FUNCTION redsink_emulator.dateadd(part text, n bigint, t date) RETURNS timestamp LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT t::timestamp + n * redsink_emulator.datepart_interval(part)
$$
;;
CREATE FUNCTION redsink_emulator.dateadd(part text, n bigint, t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT t + n * redsink_emulator.datepart_interval(part)
$$
;;
-- TRUNC(timestamp) is the timestamp's date, as Redshift has it.
CREATE FUNCTION pg_catalog.trunc(t timestamp) RETURNS date LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT t::date
$$
;;
CREATE FUNCTION pg_catalog.getdate() RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT date_trunc('second', statement_timestamp())::timestamp
$$
;;
CREATE FUNCTION pg_catalog.sysdate() RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT transaction_timestamp()::timestamp
$$
;;
CREATE FUNCTION pg_catalog.pg_last_copy_count() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('redsink.last_copy_count', true), ''), '0')::bigint
$$
;;
CREATE FUNCTION pg_catalog.pg_last_copy_id() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('redsink.last_copy_id', true), ''), '-1')::integer
$$
;;
CREATE FUNCTION pg_catalog.redshift_version() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'PostgreSQL 8.0.2 on i686-pc-linux-gnu, compiled by GCC gcc (GCC) 3.4.2 20041017 (Red Hat 3.4.2-6.fc3), Redshift 1.0.0 (redsink-emulator)'::text
$$
;;
CREATE FUNCTION pg_catalog.redshift_raise(state text, msg text, detail text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF detail IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = state, MESSAGE = msg;
  END IF;
  RAISE EXCEPTION USING ERRCODE = state, MESSAGE = msg, DETAIL = detail;
END
$$
;;
CREATE FUNCTION redsink_emulator.row_count(rel oid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  EXECUTE 'SELECT count(*) FROM ' || rel::regclass INTO n;
  RETURN n;
END
$$
;;
CREATE TABLE redsink_emulator.table_keys (
  relid oid PRIMARY KEY,
  diststyle text NOT NULL,
  distkey name,
  sortstyle text NOT NULL,
  sortkey name[] NOT NULL,
  -- The declared primary key's columns (attnums in key order, so renames keep it) and its name.
  primary_key smallint[] NOT NULL DEFAULT '{}',
  primary_key_name name
)
;;
GRANT SELECT ON redsink_emulator.table_keys TO PUBLIC
;;
-- Records the distribution and sort keys of every table a CREATE TABLE creates, inside the
-- creating transaction (a rollback forgets them). The front end appends the keys to the statement
-- it forwards as a comment, /*redsink:keys {json} */, which current_query() still holds here. LIKE
-- copies the parent's keys, as Redshift does. A table that reuses a dropped table's oid overwrites
-- the old row; IF NOT EXISTS on an existing table creates nothing and records nothing.
-- No fixed search_path: LIKE's parent is resolved as the creating session resolves it.
CREATE FUNCTION redsink_emulator.record_table_keys() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  created record;
  keys jsonb := (regexp_match(current_query(), '/\*redsink:keys (\{.*\}) \*/'))[1]::jsonb;
  parent oid;
BEGIN
  FOR created IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE object_type = 'table' LOOP
    parent := CASE WHEN keys ? 'like' THEN to_regclass(keys->>'like')::oid END;
    -- LIKE copies the parent's distribution and sort keys, not its primary key.
    INSERT INTO redsink_emulator.table_keys AS k
           (relid, diststyle, distkey, sortstyle, sortkey, primary_key, primary_key_name)
    SELECT created.objid, p.diststyle, p.distkey, p.sortstyle, p.sortkey, '{}', NULL
      FROM redsink_emulator.table_keys p WHERE p.relid = parent
    UNION ALL
    SELECT created.objid, coalesce(keys->>'diststyle', 'AUTO'), keys->>'distkey',
           coalesce(keys->>'sortstyle', 'AUTO'),
           ARRAY(SELECT jsonb_array_elements_text(coalesce(keys->'sortkey', '[]'::jsonb)))::name[],
           ARRAY(SELECT a.attnum
                   FROM jsonb_array_elements_text(coalesce(keys->'primary_key', '[]'::jsonb))
                        WITH ORDINALITY AS pk(col, o)
                   JOIN pg_catalog.pg_attribute a ON a.attrelid = created.objid AND a.attname = pk.col
                  ORDER BY pk.o)::smallint[],
           keys->>'primary_key_name'
     WHERE NOT EXISTS (SELECT 1 FROM redsink_emulator.table_keys p WHERE p.relid = parent)
    ON CONFLICT (relid) DO UPDATE
      SET diststyle = excluded.diststyle, distkey = excluded.distkey,
          sortstyle = excluded.sortstyle, sortkey = excluded.sortkey,
          primary_key = excluded.primary_key, primary_key_name = excluded.primary_key_name;
  END LOOP;
END
$$
;;
CREATE EVENT TRIGGER redsink_table_keys ON ddl_command_end
  WHEN TAG IN ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO')
  EXECUTE FUNCTION redsink_emulator.record_table_keys()
;;
CREATE FUNCTION redsink_emulator.forget_table_keys() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
BEGIN
  DELETE FROM redsink_emulator.table_keys
   WHERE relid IN (SELECT objid FROM pg_event_trigger_dropped_objects() WHERE object_type = 'table');
END
$$
;;
CREATE EVENT TRIGGER redsink_table_keys_drop ON sql_drop
  WHEN TAG IN ('DROP TABLE')
  EXECUTE FUNCTION redsink_emulator.forget_table_keys()
;;
-- pg_table_def's sortkey: a column's position in the sort key, negative at odd positions of an
-- interleaved key, as Redshift shows it; 0 for columns outside the key.
CREATE FUNCTION redsink_emulator.sortkey_position(k redsink_emulator.table_keys, col name)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT CASE WHEN k.sortstyle = 'INTERLEAVED' AND o % 2 = 1 THEN -o::integer
                               ELSE o::integer END
                     FROM unnest(k.sortkey) WITH ORDINALITY AS s(c, o) WHERE s.c = col), 0)
$$
;;
CREATE VIEW pg_catalog.pg_table_def AS
SELECT n.nspname::text AS schemaname,
       pg_catalog.redsink_display_name(c.relname) AS tablename,
       pg_catalog.redsink_display_name(a.attname) AS "column",
       pg_catalog.redshift_type(a.atttypid, a.atttypmod) AS type,
       'none'::character(32) AS encoding,
       coalesce(k.distkey = a.attname, false) AS distkey,
       CASE WHEN k.relid IS NULL THEN 0 ELSE redsink_emulator.sortkey_position(k, a.attname) END
         AS sortkey,
       a.attnotnull AS notnull
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
LEFT JOIN redsink_emulator.table_keys k ON k.relid = c.oid
WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
  AND n.nspname = ANY (pg_catalog.current_schemas(true))
  AND pg_catalog.pg_table_is_visible(c.oid)
ORDER BY n.nspname, c.relname, a.attnum
;;
GRANT SELECT ON pg_catalog.pg_table_def TO PUBLIC
;;
CREATE VIEW pg_catalog.svv_table_info AS
SELECT * FROM (
  SELECT pg_catalog.current_database()::text AS database,
         n.nspname::text AS schema,
         c.oid::integer AS table_id,
         pg_catalog.redsink_display_name(c.relname) AS "table",
         'Y'::text AS encoded,
         CASE coalesce(k.diststyle, 'AUTO')
           WHEN 'AUTO' THEN 'AUTO(EVEN)'
           WHEN 'KEY' THEN 'KEY(' || pg_catalog.redsink_display_name(k.distkey) || ')'
           ELSE k.diststyle END::text AS diststyle,
         CASE WHEN coalesce(k.sortstyle, 'AUTO') = 'AUTO' THEN 'AUTO(SORTKEY)'
           ELSE pg_catalog.redsink_display_name(k.sortkey[1]) END::text AS sortkey1,
         (SELECT max((regexp_match(pg_catalog.redshift_type(a.atttypid, a.atttypmod),
                 '^character varying\((\d+)\)$'))[1]::integer)
            FROM pg_catalog.pg_attribute a
           WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS max_varchar,
         'none'::text AS sortkey1_enc,
         coalesce(cardinality(k.sortkey), 0) AS sortkey_num,
         ceil(pg_catalog.pg_total_relation_size(c.oid) / 1048576.0)::bigint AS size,
         0::numeric(10, 4) AS pct_used,
         0::bigint AS empty,
         0::numeric(5, 2) AS unsorted,
         0::numeric(5, 2) AS stats_off,
         redsink_emulator.row_count(c.oid) AS tbl_rows,
         NULL::numeric(19, 2) AS skew_sortkey1,
         NULL::numeric(19, 2) AS skew_rows,
         NULL::bigint AS estimated_visible_rows
  FROM pg_catalog.pg_class c
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN redsink_emulator.table_keys k ON k.relid = c.oid
  WHERE c.relkind = 'r'
    AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'redsink_emulator')
    AND n.nspname NOT LIKE 'pg\_%'
    AND (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user)
) t
WHERE tbl_rows > 0
;;
GRANT SELECT ON pg_catalog.svv_table_info TO PUBLIC
;;
CREATE TABLE redsink_emulator.load_errors (
  userid integer, slice integer, tbl integer, starttime timestamp, session integer, query integer,
  filename character(256), line_number bigint, colname character(127), type character(10),
  col_length character(10), position integer, raw_line character(1024),
  raw_field_value character(1024), err_code integer, err_reason character(100),
  is_partial integer, start_offset bigint, transaction_id bigint, error_message text
)
;;
GRANT SELECT ON redsink_emulator.load_errors TO PUBLIC
;;
CREATE VIEW pg_catalog.stl_load_errors AS
SELECT userid, slice, tbl, starttime, session, query, filename, line_number, colname, type,
       col_length, position, raw_line, raw_field_value, err_code, err_reason, is_partial, start_offset
FROM redsink_emulator.load_errors
;;
GRANT SELECT ON pg_catalog.stl_load_errors TO PUBLIC
;;
CREATE VIEW pg_catalog.sys_load_error_detail AS
SELECT userid AS user_id, query AS query_id, transaction_id, session AS session_id, tbl AS table_id,
       starttime AS start_time, rtrim(filename) AS file_name, line_number, rtrim(colname) AS column_name,
       rtrim(type) AS column_type, rtrim(col_length) AS column_length, position,
       err_code AS error_code, error_message
FROM redsink_emulator.load_errors
;;
GRANT SELECT ON pg_catalog.sys_load_error_detail TO PUBLIC
;;
-- Transactions holding or awaiting table locks, as Redshift's SVV_TRANSACTIONS shows them
-- (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_TRANSACTIONS.html): a regular user sees
-- only its own sessions, a superuser every session.
CREATE VIEW pg_catalog.svv_transactions AS
SELECT a.usename::text AS txn_owner,
       a.datname::text AS txn_db,
       coalesce(a.backend_xid::text, a.backend_xmin::text, '0')::bigint AS xid,
       l.pid AS pid,
       a.xact_start::timestamp AS txn_start,
       l.mode::text AS lock_mode,
       l.locktype::text AS lockable_object_type,
       l.relation::integer AS relation,
       l.granted AS granted
FROM pg_catalog.pg_locks l
JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype IN ('relation', 'transactionid')
  AND (a.usename = current_user
       OR (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user))
;;
GRANT SELECT ON pg_catalog.svv_transactions TO PUBLIC
;;
-- Open sessions, as Redshift's STV_SESSIONS shows them
-- (https://docs.aws.amazon.com/redshift/latest/dg/r_STV_SESSIONS.html): a regular user sees only
-- its own sessions, a superuser every session; names are CHAR(50), blank-padded.
CREATE VIEW pg_catalog.stv_sessions AS
SELECT a.backend_start::timestamp AS starttime,
       a.pid AS process,
       a.usename::character(50) AS user_name,
       a.datname::character(50) AS db_name,
       0 AS timeout_sec
FROM pg_catalog.pg_stat_activity a
WHERE a.backend_type = 'client backend'
  AND (a.usename = current_user
       OR (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user))
;;
GRANT SELECT ON pg_catalog.stv_sessions TO PUBLIC
