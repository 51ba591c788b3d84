package dev.redsink.emulator.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How SUPER paths are read, and what is left alone: the PostgreSQL text each statement becomes. */
class SuperPathRuleTest {

  private static String plan(String sql, SessionFlags flags) {
    Plan plan = Dialect.plan(Statement.parse(sql), flags);
    assertThat(plan).isInstanceOf(Plan.Forward.class);
    return ((Plan.Forward) plan).sql();
  }

  private static String plan(String sql) {
    return plan(sql, SessionFlags.DEFAULTS);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '~',
      value = {
        "SELECT payload.city FROM t"
            + " ~ SELECT redsink_emulator.super_get(payload, 'city') AS \"city\" FROM t",
        "SELECT o.payload.items[0].sku AS s FROM t AS o"
            + " ~ SELECT redsink_emulator.super_get(redsink_emulator.super_get("
            + "redsink_emulator.super_get(o.payload, 'items'), (0)), 'sku') AS s FROM t AS o",
        "SELECT s.t.p.a FROM s.t"
            + " ~ SELECT redsink_emulator.super_get(s.t.p, 'a') AS \"a\" FROM s.t",
        "SELECT id FROM t WHERE p.Order = 1"
            + " ~ SELECT id FROM t WHERE redsink_emulator.super_get(p, 'order') = 1",
        "SELECT id FROM t WHERE p.s IN ('a', 'b')"
            + " ~ SELECT id FROM t WHERE redsink_emulator.super_get(p, 's') IN ('a'::varchar,"
            + " 'b'::varchar)",
        "SELECT e, n FROM t, t.p.items AS e AT n"
            + " ~ SELECT \"e\", n FROM t, LATERAL redsink_emulator.super_elements_at("
            + "redsink_emulator.super_get(t.p, 'items')) AS \"e\"(\"e\", \"n\")",
        "SELECT e.sku FROM t c, c.p e"
            + " ~ SELECT redsink_emulator.super_get(\"e\", 'sku') AS \"sku\" FROM t c,"
            + " LATERAL redsink_emulator.super_elements(c.p) AS \"e\"(\"e\")",
        "SELECT k, v FROM t, UNPIVOT t.p AS v AT k"
            + " ~ SELECT k, \"v\" FROM t, LATERAL redsink_emulator.super_values_at(t.p) AS"
            + " \"v\"(\"v\", \"k\")",
        "SELECT p -> 'a' FROM t ~ SELECT p OPERATOR(redsink_emulator.->) 'a' FROM t",
        "SELECT ARRAY(1, 'a'), OBJECT('k', 2)"
            + " ~ SELECT (pg_catalog.json_build_array(1, 'a')::pg_catalog.super),"
            + " (pg_catalog.json_build_object('k', 2)::pg_catalog.super)",
        "SELECT 'x'::super, 'x'::varbyte ~ SELECT 'x'::varchar::super, 'x'::varchar::bytea",
      })
  void rewritesSuperPaths(String sql, String expected) {
    assertThat(plan(sql)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(
      delimiterString = "%%",
      value = {
        "SELECT t.col, s.t.col FROM s.t",
        "SELECT n.name, c.name FROM s.a c JOIN s.b n ON n.id = c.b_id",
        "SELECT pg_catalog.lower(a.x)::pg_catalog.text FROM t a",
        "INSERT INTO s.t (a, b) SELECT x.a, x.b FROM s.u x",
        "UPDATE s.t SET a = 1 WHERE s.t.b = 2",
        "DELETE FROM s.t USING s.u WHERE s.t.id = s.u.id",
        "SELECT EXTRACT(year FROM d), SUBSTRING(s FROM 2 FOR 3) FROM t",
        "SELECT ARRAY(SELECT 1), ARRAY[1, 2]",
        "GRANT SELECT ON s.t TO someone",
        "CREATE VIEW s.v AS SELECT u.a FROM s.u",
        "SELECT t.* FROM t",
        "SELECT c.oid FROM s.a c WHERE c.relname OPERATOR(pg_catalog.~) '^(dt)$' COLLATE"
            + " pg_catalog.default AND pg_catalog.pg_table_is_visible(c.oid)",
        "CREATE FUNCTION s.f() RETURNS pg_catalog.int4 LANGUAGE sql AS $$ SELECT 1 $$",
        // Tables in the FROM lists of subqueries (pgjdbc's getPrimaryKeys, getTypeInfo):
        "SELECT r.k FROM (SELECT a.k, (s.f(a.ks)).n AS n FROM s.a a JOIN s.b b ON a.id = b.id) r"
            + " WHERE r.n = (r.ks).x",
        "SELECT b.oid FROM s.b LEFT JOIN (SELECT n.oid, r.r FROM s.n AS n JOIN (SELECT g.r,"
            + " (f(false))[g.r] AS k FROM generate_series(1, 3) AS g(r)) AS r USING (k)) AS b"
            + " ON b.oid = 1",
      })
  void leavesOtherNamesAlone(String sql) {
    assertThat(plan(sql)).isEqualTo(sql);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '~',
      value = {
        "false ~ false ~ tag ~ tag",
        "false ~ true ~ Tag ~ Tag",
        "true ~ false ~ tag ~ Tag",
        "true ~ true ~ Tag ~ Tag",
      })
  void attributeNamesFoldAsTheSessionSays(
      boolean caseSensitiveIdentifiers,
      boolean caseSensitiveSuperAttributes,
      String unquoted,
      String quoted) {
    SessionFlags flags = new SessionFlags(caseSensitiveIdentifiers, caseSensitiveSuperAttributes);
    assertThat(plan("SELECT id FROM t WHERE p.Tag = 1", flags))
        .contains("super_get(p, '" + unquoted + "')");
    assertThat(plan("SELECT id FROM t WHERE p.\"Tag\" = 1", flags))
        .contains("super_get(p, '" + quoted + "')");
  }
}
