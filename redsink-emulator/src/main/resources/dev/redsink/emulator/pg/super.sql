-- Redshift's SUPER type over PostgreSQL's json, installed after catalog.sql.
-- Statements are separated by lines holding only ";;".
--
-- SUPER is a domain over json, not jsonb: json keeps a document's text as given, so objects keep
-- their attributes in the order they were written, as Redshift prints them (jsonb sorts them).
-- White space is removed when a value leaves the emulator (the wire front end and JSON_SERIALIZE),
-- so SUPER values print compactly as in https://docs.aws.amazon.com/redshift/latest/dg/JSON_SERIALIZE.html.
--
-- Comparisons follow Redshift's dynamic typing
-- (https://docs.aws.amazon.com/redshift/latest/dg/query-super.html#dynamic-typing-lax-processing):
-- "=" is false between different dynamic types, "<" and the like are null between them.
-- No "=" operator takes json on both sides, so that 'Bern' in payload.city = 'Bern' resolves as
-- text (PostgreSQL would otherwise read the literal as JSON); the total order used by ORDER BY,
-- GROUP BY and DISTINCT is a btree operator class of its own.
SET allow_system_table_mods = on
;;
CREATE DOMAIN pg_catalog.super AS json
  CHECK (octet_length(pg_catalog.textin(pg_catalog.json_out(VALUE))) <= 16777216)
;;
-- The text of a value as stored (the json type's own output, never a cast to text).
CREATE FUNCTION redsink_emulator.super_text(v json) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.textin(pg_catalog.json_out(v))
$$
;;
-- JSON text without white space outside strings.
CREATE FUNCTION redsink_emulator.super_compact(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN t ~ '[ \t\n\r]'
    THEN regexp_replace(t, '("(?:[^"\\]|\\.)*")|[ \t\n\r]+', '\1', 'g') ELSE t END
$$
;;
-- A string scalar's value, a number's digits, true/false; null for arrays and objects.
CREATE FUNCTION redsink_emulator.super_scalar(v json) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN pg_catalog.json_typeof(v) IN ('string', 'number', 'boolean') THEN v #>> '{}' END
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/JSON_PARSE.html
CREATE FUNCTION pg_catalog.json_parse(v text) RETURNS pg_catalog.super LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.json_in(v::cstring)::pg_catalog.super
$$
;;
CREATE FUNCTION pg_catalog.json_parse(v bytea) RETURNS pg_catalog.super LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.json_in(pg_catalog.convert_from(v, 'UTF8')::cstring)::pg_catalog.super
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/CAN_JSON_PARSE.html
CREATE FUNCTION pg_catalog.can_json_parse(v text) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT v IS JSON
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/JSON_SERIALIZE.html: never null ('null' for NULL).
CREATE FUNCTION redsink_emulator.json_serialize(v pg_catalog.super) RETURNS varchar LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(redsink_emulator.super_compact(redsink_emulator.super_text(v)), 'null')::varchar
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/r_json_size.html
CREATE FUNCTION pg_catalog.json_size(v pg_catalog.super) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.octet_length(redsink_emulator.super_compact(redsink_emulator.super_text(v)))
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/get_array_length.html
CREATE FUNCTION pg_catalog.get_array_length(v pg_catalog.super) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN pg_catalog.json_typeof(v) = 'array' THEN pg_catalog.json_array_length(v)::bigint END
$$
;;
-- Type introspection (https://docs.aws.amazon.com/redshift/latest/dg/query-super.html#introspection):
-- all false for null.
CREATE FUNCTION pg_catalog.is_array(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_catalog.json_typeof(v) = 'array', false)
$$
;;
CREATE FUNCTION pg_catalog.is_object(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_catalog.json_typeof(v) = 'object', false)
$$
;;
CREATE FUNCTION pg_catalog.is_scalar(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_catalog.json_typeof(v) IN ('string', 'number', 'boolean'), false)
$$
;;
CREATE FUNCTION pg_catalog.is_boolean(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_catalog.json_typeof(v) = 'boolean', false)
$$
;;
CREATE FUNCTION pg_catalog.is_varchar(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_catalog.json_typeof(v) = 'string', false)
$$
;;
-- CHAR holds single-byte characters only (r_is_char).
CREATE FUNCTION pg_catalog.is_char(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_catalog.json_typeof(v) = 'string' AND (v #>> '{}') !~ '[^\x01-\x7F]', false)
$$
;;
-- A number written with an exponent is a float (r_is_float prints 2.22e+0), any other a decimal.
CREATE FUNCTION redsink_emulator.super_number_kind(v json) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN pg_catalog.json_typeof(v) <> 'number' THEN NULL
              WHEN (v #>> '{}') ~ '[eE]' THEN 'float'
              WHEN (v #>> '{}') ~ '\.' THEN 'decimal'
              ELSE 'integer' END
$$
;;
CREATE FUNCTION redsink_emulator.super_integer_within(v json, bits integer) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN redsink_emulator.super_number_kind(v) = 'integer'
    THEN (v #>> '{}')::numeric BETWEEN -(2::numeric ^ (bits - 1)) AND 2::numeric ^ (bits - 1) - 1
    ELSE false END
$$
;;
CREATE FUNCTION pg_catalog.is_smallint(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT redsink_emulator.super_integer_within(v, 16)
$$
;;
CREATE FUNCTION pg_catalog.is_integer(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT redsink_emulator.super_integer_within(v, 32)
$$
;;
CREATE FUNCTION pg_catalog.is_bigint(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT redsink_emulator.super_integer_within(v, 64)
$$
;;
CREATE FUNCTION pg_catalog.is_decimal(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(redsink_emulator.super_number_kind(v) IN ('integer', 'decimal'), false)
$$
;;
CREATE FUNCTION pg_catalog.is_float(v pg_catalog.super) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(redsink_emulator.super_number_kind(v) = 'float', false)
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/r_decimal_precision.html and r_decimal_scale.
CREATE FUNCTION pg_catalog.decimal_precision(v pg_catalog.super) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN redsink_emulator.super_number_kind(v) IN ('integer', 'decimal')
    THEN greatest(1, length(ltrim(translate(v #>> '{}', '-+.', ''), '0'))) END
$$
;;
CREATE FUNCTION pg_catalog.decimal_scale(v pg_catalog.super) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE redsink_emulator.super_number_kind(v)
    WHEN 'integer' THEN 0 WHEN 'decimal' THEN length(split_part(v #>> '{}', '.', 2)) END
$$
;;
-- Navigation (https://docs.aws.amazon.com/redshift/latest/dg/query-super.html#navigation) in lax
-- mode: a missing attribute, an index out of bounds or a step into a scalar yields null. The
-- dialect turns payload.items[0].sku into nested calls; attribute names arrive folded as Redshift
-- folds them. There is no version for other types, so navigating one is refused when the
-- statement is planned (see the wire's error translation).
CREATE FUNCTION redsink_emulator.super_get(v pg_catalog.super, attribute text) RETURNS pg_catalog.super LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (v::json -> attribute)::pg_catalog.super
$$
;;
CREATE FUNCTION redsink_emulator.super_get(v pg_catalog.super, index integer) RETURNS pg_catalog.super LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN index >= 0 THEN (v::json -> index)::pg_catalog.super END
$$
;;
-- A subscript on a PostgreSQL array keeps PostgreSQL's meaning (catalog queries of psql and drivers).
CREATE FUNCTION redsink_emulator.super_get(v anyarray, index integer) RETURNS anyelement LANGUAGE sql IMMUTABLE AS $$
  SELECT v[index]
$$
;;
-- Unnesting (FROM t, t.arr AS e [AT i]) and object unpivoting (FROM t, UNPIVOT t.obj AS v AT k),
-- https://docs.aws.amazon.com/redshift/latest/dg/query-super.html#unnest; indexes count from 0.
CREATE FUNCTION redsink_emulator.super_elements(v pg_catalog.super) RETURNS SETOF pg_catalog.super LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT e::pg_catalog.super
  FROM pg_catalog.json_array_elements(CASE WHEN pg_catalog.json_typeof(v) = 'array' THEN v END) AS e
$$
;;
CREATE FUNCTION redsink_emulator.super_elements_at(v pg_catalog.super) RETURNS TABLE (element pg_catalog.super, index integer) LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT x.e::pg_catalog.super, (x.n - 1)::integer
  FROM pg_catalog.json_array_elements(CASE WHEN pg_catalog.json_typeof(v) = 'array' THEN v END)
       WITH ORDINALITY AS x(e, n)
$$
;;
CREATE FUNCTION redsink_emulator.super_values(v pg_catalog.super) RETURNS SETOF pg_catalog.super LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT x.value::pg_catalog.super
  FROM pg_catalog.json_each(CASE WHEN pg_catalog.json_typeof(v) = 'object' THEN v END) AS x
$$
;;
CREATE FUNCTION redsink_emulator.super_values_at(v pg_catalog.super) RETURNS TABLE (value pg_catalog.super, attribute varchar) LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT x.value::pg_catalog.super, x.key::varchar
  FROM pg_catalog.json_each(CASE WHEN pg_catalog.json_typeof(v) = 'object' THEN v END) AS x
$$
;;
-- Comparison between dynamic types: -1, 0 or 1, or null when the types differ or are arrays or
-- objects (only equality looks into those). Strings compare ignoring trailing blanks, as CHAR and
-- VARCHAR do, in the Unicode collation when PostgreSQL has ICU: the order query-super#order-by
-- shows ("Amazon" before "AWS"), whatever the machine's locale.
DO $$
BEGIN
  EXECUTE format($f$
    CREATE FUNCTION redsink_emulator.super_compare(a json, b json) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $b$
      SELECT CASE
        WHEN ta <> tb THEN NULL
        WHEN ta = 'number' THEN sign((a #>> '{}')::numeric - (b #>> '{}')::numeric)::integer
        WHEN ta = 'string' THEN CASE WHEN rtrim(a #>> '{}') COLLATE %1$I < rtrim(b #>> '{}') COLLATE %1$I THEN -1
                                     WHEN rtrim(a #>> '{}') COLLATE %1$I > rtrim(b #>> '{}') COLLATE %1$I THEN 1
                                     WHEN rtrim(a #>> '{}') = rtrim(b #>> '{}') THEN 0
                                     WHEN rtrim(a #>> '{}') COLLATE "C" < rtrim(b #>> '{}') COLLATE "C" THEN -1
                                     ELSE 1 END
        WHEN ta = 'boolean' THEN CASE WHEN (a #>> '{}')::boolean = (b #>> '{}')::boolean THEN 0
                                      WHEN (a #>> '{}')::boolean THEN 1 ELSE -1 END
        WHEN ta = 'null' THEN 0
      END
      FROM (SELECT pg_catalog.json_typeof(a) AS ta, pg_catalog.json_typeof(b) AS tb) AS t
    $b$ $f$,
    CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_collation WHERE collname = 'und-x-icu')
      THEN 'und-x-icu' ELSE 'C' END);
END
$$
;;
-- Deep equality; false between different dynamic types.
CREATE FUNCTION redsink_emulator.super_equal(a json, b json) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN pg_catalog.json_typeof(a) <> pg_catalog.json_typeof(b) THEN false
    WHEN pg_catalog.json_typeof(a) IN ('array', 'object') THEN a::jsonb = b::jsonb
    ELSE redsink_emulator.super_compare(a, b) = 0 END
$$
;;
-- The total order of ORDER BY: boolean, number, string, array, object
-- (https://docs.aws.amazon.com/redshift/latest/dg/query-super.html#order-by).
CREATE FUNCTION redsink_emulator.super_rank(v json) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE pg_catalog.json_typeof(v) WHEN 'boolean' THEN 1 WHEN 'number' THEN 2 WHEN 'string' THEN 3
    WHEN 'array' THEN 4 WHEN 'object' THEN 5 ELSE 0 END
$$
;;
CREATE FUNCTION redsink_emulator.super_order(a json, b json) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN redsink_emulator.super_rank(a) <> redsink_emulator.super_rank(b)
      THEN sign(redsink_emulator.super_rank(a) - redsink_emulator.super_rank(b))::integer
    WHEN redsink_emulator.super_rank(a) IN (1, 2, 3) THEN redsink_emulator.super_compare(a, b)
    ELSE pg_catalog.jsonb_cmp(a::jsonb, b::jsonb) END
$$
;;
DO $$
DECLARE
  op record;
BEGIN
  FOR op IN SELECT * FROM (VALUES
      ('lt', '<', '<'), ('le', '<=', '<='), ('eq', '=', '='), ('ge', '>=', '>='), ('gt', '>', '>'))
      AS o(name, sym, cmp) LOOP
    EXECUTE format('CREATE FUNCTION redsink_emulator.super_order_%s(a json, b json) RETURNS boolean'
      || ' LANGUAGE sql IMMUTABLE STRICT AS $f$ SELECT redsink_emulator.super_order(a, b) %s 0 $f$',
      op.name, op.cmp);
    EXECUTE format('CREATE OPERATOR redsink_emulator.~%s~ (LEFTARG = json, RIGHTARG = json,'
      || ' FUNCTION = redsink_emulator.super_order_%s)', op.sym, op.name);
  END LOOP;
END
$$
;;
CREATE OPERATOR CLASS redsink_emulator.super_ops DEFAULT FOR TYPE json USING btree AS
  OPERATOR 1 redsink_emulator.~<~, OPERATOR 2 redsink_emulator.~<=~, OPERATOR 3 redsink_emulator.~=~,
  OPERATOR 4 redsink_emulator.~>=~, OPERATOR 5 redsink_emulator.~>~,
  FUNCTION 1 redsink_emulator.super_order(json, json)
;;
-- The comparison operators of dynamic typing: SUPER against SUPER (the right side typed json, see
-- above) and against text, numbers and booleans on either side.
DO $$
DECLARE
  op record;
  other text;
  value text;
BEGIN
  FOR op IN SELECT * FROM (VALUES
      ('eq', '=', 'redsink_emulator.super_equal(a, b)'),
      ('ne', '<>', 'NOT redsink_emulator.super_equal(a, b)'),
      ('lt', '<', 'redsink_emulator.super_compare(a, b) < 0'),
      ('le', '<=', 'redsink_emulator.super_compare(a, b) <= 0'),
      ('gt', '>', 'redsink_emulator.super_compare(a, b) > 0'),
      ('ge', '>=', 'redsink_emulator.super_compare(a, b) >= 0')) AS o(name, sym, body) LOOP
    EXECUTE format('CREATE FUNCTION redsink_emulator.super_%s(a pg_catalog.super, b json) RETURNS boolean'
      || ' LANGUAGE sql IMMUTABLE STRICT AS $f$ SELECT %s $f$', op.name, op.body);
    EXECUTE format('CREATE OPERATOR pg_catalog.%s (LEFTARG = pg_catalog.super, RIGHTARG = json,'
      || ' FUNCTION = redsink_emulator.super_%s)', op.sym, op.name);
    FOREACH other IN ARRAY ARRAY['text', 'numeric', 'integer', 'bigint', 'double precision', 'boolean'] LOOP
      EXECUTE format('CREATE FUNCTION redsink_emulator.super_%s(a pg_catalog.super, b %s) RETURNS boolean'
        || ' LANGUAGE sql IMMUTABLE STRICT AS $f$ SELECT redsink_emulator.super_%s(a, pg_catalog.to_json(b)) $f$',
        op.name, other, op.name);
      EXECUTE format('CREATE FUNCTION redsink_emulator.super_%s(a %s, b pg_catalog.super) RETURNS boolean'
        || ' LANGUAGE sql IMMUTABLE STRICT AS $f$ SELECT redsink_emulator.super_%s(pg_catalog.to_json(a)::pg_catalog.super, b::json) $f$',
        op.name, other, op.name);
      EXECUTE format('CREATE OPERATOR pg_catalog.%s (LEFTARG = pg_catalog.super, RIGHTARG = %s,'
        || ' FUNCTION = redsink_emulator.super_%s)', op.sym, other, op.name);
      EXECUTE format('CREATE OPERATOR pg_catalog.%s (LEFTARG = %s, RIGHTARG = pg_catalog.super,'
        || ' FUNCTION = redsink_emulator.super_%s)', op.sym, other, op.name);
    END LOOP;
  END LOOP;
END
$$
;;
-- Casts from SUPER (json underneath) in lax mode: a value of the wrong dynamic type casts to null
-- (https://docs.aws.amazon.com/redshift/latest/dg/limitations-super.html). A number of scale 0
-- casts to boolean (5::super::bool is true, 5.0::super::bool is null).
CREATE FUNCTION redsink_emulator.super_number(v json, type text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN pg_catalog.json_typeof(v) = 'number' AND pg_catalog.pg_input_is_valid(v #>> '{}', type)
    THEN v #>> '{}' END
$$
;;
CREATE FUNCTION redsink_emulator.super_integer(v json, type text) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN pg_catalog.json_typeof(v) = 'number'
                   AND pg_catalog.pg_input_is_valid(round((v #>> '{}')::numeric)::text, type)
    THEN round((v #>> '{}')::numeric) END
$$
;;
CREATE FUNCTION redsink_emulator.super_to_int2(v json) RETURNS smallint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_integer(v, 'smallint')::smallint
$$
;;
CREATE FUNCTION redsink_emulator.super_to_int4(v json) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_integer(v, 'integer')::integer
$$
;;
CREATE FUNCTION redsink_emulator.super_to_int8(v json) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_integer(v, 'bigint')::bigint
$$
;;
CREATE FUNCTION redsink_emulator.super_to_numeric(v json) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_number(v, 'numeric')::numeric
$$
;;
CREATE FUNCTION redsink_emulator.super_to_float4(v json) RETURNS real LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_number(v, 'real')::real
$$
;;
CREATE FUNCTION redsink_emulator.super_to_float8(v json) RETURNS double precision LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_number(v, 'double precision')::double precision
$$
;;
CREATE FUNCTION redsink_emulator.super_to_bool(v json) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE pg_catalog.json_typeof(v)
    WHEN 'boolean' THEN (v #>> '{}')::boolean
    WHEN 'number' THEN CASE WHEN redsink_emulator.super_number_kind(v) = 'integer'
                            THEN (v #>> '{}')::numeric <> 0 END
  END
$$
;;
CREATE FUNCTION redsink_emulator.super_to_text(v json) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN pg_catalog.json_typeof(v) = 'string' THEN v #>> '{}' END
$$
;;
CREATE FUNCTION redsink_emulator.super_to_varchar(v json) RETURNS varchar LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_to_text(v)::varchar
$$
;;
CREATE FUNCTION redsink_emulator.super_to_bpchar(v json) RETURNS bpchar LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.super_to_text(v)::bpchar
$$
;;
-- Dates and times cast from SUPER strings, never to SUPER (limitations-super).
CREATE FUNCTION redsink_emulator.super_temporal(v json, type text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN pg_catalog.json_typeof(v) = 'string' AND pg_catalog.pg_input_is_valid(v #>> '{}', type)
    THEN v #>> '{}' END
$$
;;
CREATE FUNCTION redsink_emulator.super_to_date(v json) RETURNS date LANGUAGE sql STABLE STRICT AS $$
  SELECT redsink_emulator.super_temporal(v, 'date')::date
$$
;;
CREATE FUNCTION redsink_emulator.super_to_timestamp(v json) RETURNS timestamp LANGUAGE sql STABLE STRICT AS $$
  SELECT redsink_emulator.super_temporal(v, 'timestamp')::timestamp
$$
;;
CREATE FUNCTION redsink_emulator.super_to_timestamptz(v json) RETURNS timestamptz LANGUAGE sql STABLE STRICT AS $$
  SELECT redsink_emulator.super_temporal(v, 'timestamptz')::timestamptz
$$
;;
CREATE CAST (json AS smallint) WITH FUNCTION redsink_emulator.super_to_int2(json)
;;
CREATE CAST (json AS integer) WITH FUNCTION redsink_emulator.super_to_int4(json)
;;
CREATE CAST (json AS bigint) WITH FUNCTION redsink_emulator.super_to_int8(json)
;;
CREATE CAST (json AS numeric) WITH FUNCTION redsink_emulator.super_to_numeric(json)
;;
CREATE CAST (json AS real) WITH FUNCTION redsink_emulator.super_to_float4(json)
;;
CREATE CAST (json AS double precision) WITH FUNCTION redsink_emulator.super_to_float8(json)
;;
CREATE CAST (json AS boolean) WITH FUNCTION redsink_emulator.super_to_bool(json)
;;
CREATE CAST (json AS text) WITH FUNCTION redsink_emulator.super_to_text(json)
;;
CREATE CAST (json AS varchar) WITH FUNCTION redsink_emulator.super_to_varchar(json)
;;
CREATE CAST (json AS bpchar) WITH FUNCTION redsink_emulator.super_to_bpchar(json)
;;
CREATE CAST (json AS date) WITH FUNCTION redsink_emulator.super_to_date(json)
;;
CREATE CAST (json AS timestamp) WITH FUNCTION redsink_emulator.super_to_timestamp(json)
;;
CREATE CAST (json AS timestamptz) WITH FUNCTION redsink_emulator.super_to_timestamptz(json)
;;
-- Casts to SUPER: numbers, booleans and strings become SUPER scalars (a string is never parsed as
-- JSON: that is JSON_PARSE's job, https://docs.aws.amazon.com/redshift/latest/dg/ingest-super.html).
-- Assignment casts, so INSERT … VALUES (5) and INSERT … SELECT varchar_column fill SUPER columns.
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision',
      'boolean', 'text', 'varchar', 'bpchar'] LOOP
    EXECUTE format('CREATE FUNCTION redsink_emulator.super_from(v %s) RETURNS json LANGUAGE sql'
      || ' IMMUTABLE STRICT AS $f$ SELECT pg_catalog.to_json(v) $f$', source);
    EXECUTE format('CREATE CAST (%s AS json) WITH FUNCTION redsink_emulator.super_from(%s) AS ASSIGNMENT',
      source, source);
  END LOOP;
END
$$
;;
-- PostgreSQL's ANALYZE, autovacuum's included, sorts a sample of up to 30,000 values of every
-- column with its type's default btree operator class: for SUPER that is super_ops above, SQL
-- functions, and one automatic ANALYZE of a table with a SUPER column that loads keep changing took
-- seconds of CPU from the emulator's PostgreSQL, on the same machine as the client it measures.
-- Nothing reads statistics of SUPER values (Redshift's own are not emulated), so the SUPER columns
-- of tables get statistics target 0 when a CREATE TABLE, CREATE TABLE AS, SELECT INTO or ALTER
-- TABLE makes them, and ANALYZE leaves them out. Temporary tables are left alone: autovacuum never
-- analyses them.
CREATE FUNCTION redsink_emulator.super_without_statistics() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  col record;
BEGIN
  FOR col IN
    SELECT DISTINCT a.attrelid::regclass AS rel, a.attname
    FROM pg_catalog.pg_event_trigger_ddl_commands() AS d
    JOIN pg_catalog.pg_class AS c ON c.oid = d.objid
    JOIN pg_catalog.pg_attribute AS a ON a.attrelid = c.oid
    WHERE d.classid = 'pg_catalog.pg_class'::regclass
      AND c.relkind IN ('r', 'p') AND c.relpersistence <> 't'
      AND a.attnum > 0 AND NOT a.attisdropped
      AND a.atttypid = 'pg_catalog.super'::regtype
      AND a.attstattarget IS DISTINCT FROM 0
  LOOP
    EXECUTE format('ALTER TABLE %s ALTER COLUMN %I SET STATISTICS 0', col.rel, col.attname);
  END LOOP;
END
$$
;;
CREATE EVENT TRIGGER redsink_super_without_statistics ON ddl_command_end
  WHEN TAG IN ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE')
  EXECUTE FUNCTION redsink_emulator.super_without_statistics()
