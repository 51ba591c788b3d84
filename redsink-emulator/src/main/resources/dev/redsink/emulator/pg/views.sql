-- Redshift's late-binding views (CREATE VIEW … WITH NO SCHEMA BINDING) over PostgreSQL's views,
-- which bind to the relations they read. Redshift binds a late-binding view when it is queried, so
-- the relations under it can be altered, dropped and created again
-- (https://docs.aws.amazon.com/redshift/latest/dg/r_CREATE_VIEW.html#r_CREATE_VIEW_late-binding-views).
-- Here each one is a PostgreSQL view that is either bound (its query) or unbound (a body that
-- raises the error its query raises now: "relation … does not exist" after a DROP TABLE). DDL on
-- its relations unbinds it first (ddl_command_start: the front end names the relations a DROP or
-- ALTER changes in a comment, /*redsink:changes ["s.t"] */) and binds it again once all its
-- relations exist (ddl_command_end of a CREATE or ALTER), inside the DDL's own transaction.
-- What makes a view late-binding (its query as written, column list and relations) is kept as a
-- comment on the view's _RETURN rule: it goes when the view goes, and being in the catalogs it
-- stays out of serializable conflict detection, so two writers altering two tables never fail
-- each other as they would over a table of the emulator's that both read and write.
-- Statements are separated by lines holding only ";;".
--
-- The key a late-binding view names a relation by: "schema"."name".
CREATE FUNCTION redsink_emulator.relation_key(rel oid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT pg_catalog.format('%I.%I', n.nspname, c.relname)
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE c.oid = rel
$$
;;
-- The same key for a qualified name as written (its last two parts, folded as PostgreSQL folds).
CREATE FUNCTION redsink_emulator.written_relation_key(written text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT pg_catalog.format('%I.%I', p[pg_catalog.cardinality(p) - 1], p[pg_catalog.cardinality(p)])
    FROM (SELECT pg_catalog.parse_ident(written) AS p) AS parts
$$
;;
-- What makes a view late-binding, {"columns": " (a, b)" or "", "query": …, "relations": [keys]},
-- or NULL for any other relation.
CREATE FUNCTION redsink_emulator.late_binding_view(rel oid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT pg_catalog.substr(d.description, 22)::jsonb
    FROM pg_catalog.pg_rewrite r
    JOIN pg_catalog.pg_description d
      ON d.classoid = 'pg_catalog.pg_rewrite'::regclass AND d.objoid = r.oid AND d.objsubid = 0
   WHERE r.ev_class = rel AND r.rulename = '_RETURN'
     AND pg_catalog.starts_with(d.description, 'redsink:late-binding ')
$$
;;
-- Marks a view late-binding (by its owner, or by the functions below).
CREATE FUNCTION redsink_emulator.remember_late_binding_view(rel oid, definition jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE pg_catalog.format('COMMENT ON RULE "_RETURN" ON %s IS %L',
    redsink_emulator.relation_key(rel), 'redsink:late-binding ' || definition::text);
END
$$
;;
-- The late-binding views of the database, for people and tests to read.
CREATE VIEW redsink_emulator.late_binding_views AS
SELECT c.oid AS relid, redsink_emulator.relation_key(c.oid) AS view_name,
       v.definition->>'query' AS query,
       ARRAY(SELECT pg_catalog.jsonb_array_elements_text(v.definition->'relations')) AS relations
  FROM pg_catalog.pg_class c
 CROSS JOIN LATERAL (SELECT redsink_emulator.late_binding_view(c.oid) AS definition) v
 WHERE c.relkind = 'v' AND v.definition IS NOT NULL
;;
GRANT SELECT ON redsink_emulator.late_binding_views TO PUBLIC
;;
-- The body of an unbound late-binding view: raises the error its query raises now, as Redshift
-- does when it binds the view at query time; an unbound late-binding view it reads raises its own
-- error first. A query that runs means its relations appeared in a way no DDL of the emulator saw
-- (two transactions each creating one of them, say).
CREATE FUNCTION redsink_emulator.late_binding_view_unbound(query text, relations text[])
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  relation text;
BEGIN
  FOREACH relation IN ARRAY relations LOOP
    IF redsink_emulator.is_unbound_view(pg_catalog.to_regclass(relation)) THEN
      EXECUTE 'SELECT FROM ' || relation;
    END IF;
  END LOOP;
  EXECUTE 'SELECT FROM (' || query || ') AS q LIMIT 0';
  RAISE EXCEPTION USING ERRCODE = '55000',
    MESSAGE = 'Cannot query late-binding view: its relations appeared after it was unbound; re-create the view';
END
$$
;;
-- The body (' AS …') of an unbound late-binding view: the columns its PostgreSQL view has (NULLs of
-- their types, so a query that names them reads as before; none for a view never bound) and a
-- condition that raises the error its query raises.
CREATE FUNCTION redsink_emulator.unbound_body(rel oid, query text, relations text[]) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT ' AS SELECT '
      || coalesce((
           SELECT pg_catalog.string_agg(
                    pg_catalog.format('NULL::%s AS %I',
                      pg_catalog.format_type(a.atttypid, a.atttypmod), a.attname),
                    ', ' ORDER BY a.attnum)
             FROM pg_catalog.pg_attribute a
            WHERE a.attrelid = rel AND a.attnum > 0 AND NOT a.attisdropped), '')
      || pg_catalog.format(' WHERE redsink_emulator.late_binding_view_unbound(%L, %L)',
                           query, relations)
$$
;;
-- The rules of the unbound late-binding views: those whose body calls the function above.
CREATE FUNCTION redsink_emulator.unbound_views() RETURNS SETOF oid LANGUAGE sql STABLE AS $$
  SELECT r.ev_class
    FROM pg_catalog.pg_depend d
    JOIN pg_catalog.pg_rewrite r
      ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND r.oid = d.objid
   WHERE d.refclassid = 'pg_catalog.pg_proc'::regclass
     AND d.refobjid = 'redsink_emulator.late_binding_view_unbound(text, text[])'::regprocedure
$$
;;
-- True for the PostgreSQL view of an unbound late-binding view.
CREATE FUNCTION redsink_emulator.is_unbound_view(rel oid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT rel IN (SELECT redsink_emulator.unbound_views())
$$
;;
-- The errors of a query that binds later (a relation, column or function that does not exist yet,
-- a privilege not granted yet, a view that depends on an unbound one), as opposed to a statement
-- that is wrong (a syntax error, a name taken, a table where a view should be).
CREATE FUNCTION redsink_emulator.binds_later(state text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (state LIKE '42%' AND state NOT IN ('42601', '42P07', '42809')) OR state IN ('3F000', '2BP01')
$$
;;
-- The late-binding views that read these relations, directly or through other views, with their
-- depth: the deepest reader is unbound first.
CREATE FUNCTION redsink_emulator.late_binding_readers(rels oid[])
RETURNS TABLE (relid oid, depth integer) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE readers(relid, depth) AS (
    SELECT r.ev_class, 1
      FROM pg_catalog.pg_depend d
      JOIN pg_catalog.pg_rewrite r
        ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND r.oid = d.objid
     WHERE d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid = ANY (rels)
       AND r.ev_class <> d.refobjid
    UNION
    SELECT r.ev_class, readers.depth + 1
      FROM readers
      JOIN pg_catalog.pg_depend d
        ON d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid = readers.relid
      JOIN pg_catalog.pg_rewrite r
        ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND r.oid = d.objid
     WHERE r.ev_class <> readers.relid
  )
  SELECT readers.relid, max(readers.depth)::integer
    FROM readers
   WHERE redsink_emulator.late_binding_view(readers.relid) IS NOT NULL
   GROUP BY readers.relid
$$
;;
-- Drops the PostgreSQL view of a late-binding view and creates it with another body (' AS …'),
-- keeping its name, owner, privileges and definition; late-binding views over it are unbound
-- first. The emulator's own DDL runs with redsink.late_binding = 'busy' so that the event triggers
-- below leave it alone.
CREATE FUNCTION redsink_emulator.recreate_late_binding_view(old oid, body text) RETURNS oid
LANGUAGE plpgsql SECURITY DEFINER SET redsink.late_binding = 'busy' AS $$
DECLARE
  key text := redsink_emulator.relation_key(old);
  definition jsonb := redsink_emulator.late_binding_view(old);
  owner name;
  acl aclitem[];
  reader record;
  grant_ record;
  created oid;
BEGIN
  SELECT pg_catalog.pg_get_userbyid(c.relowner), c.relacl INTO owner, acl
    FROM pg_catalog.pg_class c WHERE c.oid = old;
  FOR reader IN
    SELECT r.relid FROM redsink_emulator.late_binding_readers(ARRAY[old]) r ORDER BY r.depth DESC
  LOOP
    PERFORM redsink_emulator.unbind_late_binding_view(reader.relid);
  END LOOP;
  EXECUTE 'DROP VIEW ' || key;
  EXECUTE 'CREATE VIEW ' || key || body;
  created := pg_catalog.to_regclass(key);
  IF definition IS NOT NULL THEN
    PERFORM redsink_emulator.remember_late_binding_view(created, definition);
  END IF;
  EXECUTE pg_catalog.format('ALTER VIEW %s OWNER TO %I', key, owner);
  FOR grant_ IN SELECT * FROM pg_catalog.aclexplode(acl) LOOP
    EXECUTE pg_catalog.format('GRANT %s ON %s TO %s%s', grant_.privilege_type, key,
      CASE WHEN grant_.grantee = 0 THEN 'PUBLIC'
           ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(grant_.grantee)) END,
      CASE WHEN grant_.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
  END LOOP;
  RETURN created;
END
$$
;;
-- Unbinds a late-binding view: its PostgreSQL view stops depending on its relations.
CREATE FUNCTION redsink_emulator.unbind_late_binding_view(rel oid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET redsink.late_binding = 'busy' AS $$
DECLARE
  definition jsonb := redsink_emulator.late_binding_view(rel);
BEGIN
  IF NOT redsink_emulator.is_unbound_view(rel) THEN
    PERFORM redsink_emulator.recreate_late_binding_view(rel, redsink_emulator.unbound_body(
      rel, definition->>'query',
      ARRAY(SELECT pg_catalog.jsonb_array_elements_text(definition->'relations'))));
  END IF;
END
$$
;;
-- Binds the unbound late-binding views that read any of these relations (keys) once all their
-- relations exist and are bound, then those that read the views it bound. One whose query still
-- fails stays unbound, and raises that error when queried.
CREATE FUNCTION redsink_emulator.bind_late_binding_views(keys text[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET redsink.late_binding = 'busy' AS $$
DECLARE
  pending record;
  bound_one boolean := true;
BEGIN
  WHILE bound_one LOOP
    bound_one := false;
    FOR pending IN
      SELECT u.relid, v.definition, redsink_emulator.relation_key(u.relid) AS key
        FROM redsink_emulator.unbound_views() AS u(relid)
       CROSS JOIN LATERAL (
             SELECT redsink_emulator.late_binding_view(u.relid) AS definition) v
       CROSS JOIN LATERAL (
             SELECT ARRAY(SELECT pg_catalog.jsonb_array_elements_text(v.definition->'relations'))
               AS relations) r
       WHERE r.relations && keys
         AND NOT EXISTS (
               SELECT 1 FROM pg_catalog.unnest(r.relations) AS relation(key)
                WHERE pg_catalog.to_regclass(relation.key) IS NULL
                   OR redsink_emulator.is_unbound_view(pg_catalog.to_regclass(relation.key)))
       ORDER BY u.relid
    LOOP
      BEGIN
        PERFORM redsink_emulator.recreate_late_binding_view(
          pending.relid, (pending.definition->>'columns') || ' AS ' || (pending.definition->>'query'));
        keys := keys || pending.key;
        bound_one := true;
      EXCEPTION WHEN OTHERS THEN
        IF NOT redsink_emulator.binds_later(SQLSTATE) THEN
          RAISE;
        END IF;
      END;
    END LOOP;
  END LOOP;
END
$$
;;
-- CREATE [OR REPLACE] VIEW name [(columns)] AS query WITH NO SCHEMA BINDING, as the front end
-- passes it: Redshift checks nothing the query reads until the view is queried, so the view is
-- created bound when its query binds now and unbound otherwise. Runs as the creating user.
CREATE FUNCTION redsink_emulator.create_late_binding_view(
  name text, columns text, query text, relations text[], replace boolean) RETURNS void
LANGUAGE plpgsql SET redsink.late_binding = 'busy' AS $$
DECLARE
  old oid := CASE WHEN replace THEN pg_catalog.to_regclass(name) END;
  keys text[] := ARRAY(
    SELECT redsink_emulator.written_relation_key(r) FROM pg_catalog.unnest(relations) r);
  created oid;
BEGIN
  BEGIN
    IF redsink_emulator.late_binding_view(old) IS NOT NULL THEN
      -- Dropped and created again: its columns may change, as Redshift's own binding allows.
      PERFORM redsink_emulator.recreate_late_binding_view(old, columns || ' AS ' || query);
    ELSE
      EXECUTE 'CREATE ' || CASE WHEN replace THEN 'OR REPLACE ' ELSE '' END || 'VIEW '
        || name || columns || ' AS ' || query;
    END IF;
  EXCEPTION WHEN OTHERS THEN
    IF NOT redsink_emulator.binds_later(SQLSTATE) THEN
      RAISE;
    END IF;
    IF old IS NULL THEN
      EXECUTE 'CREATE VIEW ' || name || redsink_emulator.unbound_body(NULL, query, keys);
    ELSE
      PERFORM redsink_emulator.recreate_late_binding_view(
        old, redsink_emulator.unbound_body(old, query, keys));
    END IF;
  END;
  created := pg_catalog.to_regclass(name);
  PERFORM redsink_emulator.remember_late_binding_view(created, pg_catalog.jsonb_build_object(
    'columns', columns, 'query', query, 'relations', pg_catalog.to_jsonb(keys)));
  IF NOT redsink_emulator.is_unbound_view(created) THEN
    PERFORM redsink_emulator.bind_late_binding_views(ARRAY[redsink_emulator.relation_key(created)]);
  END IF;
END
$$
;;
-- Before a DROP or ALTER of a table or view: unbinds the late-binding views over the relations
-- the front end named, so PostgreSQL finds nothing that depends on them.
CREATE FUNCTION redsink_emulator.unbind_before_ddl() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  changed jsonb;
  reader record;
BEGIN
  IF current_setting('redsink.late_binding', true) = 'busy' THEN
    RETURN;
  END IF;
  changed := (regexp_match(current_query(), '/\*redsink:changes (\[.*\]) \*/'))[1]::jsonb;
  IF changed IS NULL THEN
    RETURN;
  END IF;
  FOR reader IN
    SELECT r.relid
      FROM redsink_emulator.late_binding_readers(ARRAY(
             SELECT pg_catalog.to_regclass(n)::oid
               FROM pg_catalog.jsonb_array_elements_text(changed) AS n
              WHERE pg_catalog.to_regclass(n) IS NOT NULL)) r
     ORDER BY r.depth DESC
  LOOP
    PERFORM redsink_emulator.unbind_late_binding_view(reader.relid);
  END LOOP;
END
$$
;;
CREATE EVENT TRIGGER redsink_late_binding_unbind ON ddl_command_start
  WHEN TAG IN ('ALTER TABLE', 'DROP TABLE', 'ALTER VIEW', 'DROP VIEW')
  EXECUTE FUNCTION redsink_emulator.unbind_before_ddl()
;;
-- After a CREATE or ALTER of a table or view: binds the late-binding views waiting for it.
CREATE FUNCTION redsink_emulator.bind_after_ddl() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  IF current_setting('redsink.late_binding', true) = 'busy'
     OR NOT EXISTS (SELECT FROM redsink_emulator.unbound_views()) THEN
    RETURN;
  END IF;
  PERFORM redsink_emulator.bind_late_binding_views(ARRAY(
    SELECT DISTINCT redsink_emulator.relation_key(d.objid)
      FROM pg_catalog.pg_event_trigger_ddl_commands() d
     WHERE d.classid = 'pg_catalog.pg_class'::regclass));
END
$$
;;
CREATE EVENT TRIGGER redsink_late_binding_bind ON ddl_command_end
  WHEN TAG IN ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'CREATE VIEW', 'ALTER TABLE',
               'ALTER VIEW')
  EXECUTE FUNCTION redsink_emulator.bind_after_ddl()
