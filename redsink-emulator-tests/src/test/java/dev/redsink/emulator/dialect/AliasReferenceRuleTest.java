package dev.redsink.emulator.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Lateral alias references, as the Amazon Redshift JDBC driver's catalog queries use them. */
class AliasReferenceRuleTest {

  /** Table t has columns a and c; table n has oid and nspname; nothing else is known. */
  private static final TableColumns CATALOG =
      (schema, table) ->
          switch (table) {
            case "t" -> columns("a", "c");
            case "n" -> columns("oid", "nspname");
            default -> List.of();
          };

  private static List<TableColumns.Column> columns(String... names) {
    return java.util.Arrays.stream(names)
        .map(name -> new TableColumns.Column(name, TableColumns.Kind.OTHER))
        .toList();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '~',
      value = {
        "SELECT n.nspname AS table_schem FROM s.n n WHERE table_schem LIKE 'p%'"
            + " ~ SELECT n.nspname AS table_schem FROM s.n n WHERE (n.nspname) LIKE 'p%'",
        "SELECT a + 1 AS x, x * 2 AS y FROM t ~ SELECT a + 1 AS x, (a + 1) * 2 AS y FROM t",
        "SELECT * FROM (SELECT a AS b, b AS e FROM t) ~ SELECT * FROM (SELECT a AS b, (a) AS e FROM t)",
        // A column of that name wins; unknown relations and subqueries are left alone.
        "SELECT a AS c FROM t WHERE c = 1 ~ SELECT a AS c FROM t WHERE c = 1",
        "SELECT a AS x FROM u WHERE x = 1 ~ SELECT a AS x FROM u WHERE x = 1",
        "SELECT a AS x FROM (SELECT 1 AS a) q WHERE x = 1 ~ SELECT a AS x FROM (SELECT 1 AS a) q WHERE x = 1",
        "SELECT a AS x FROM t WHERE t.x = 1 ~ SELECT a AS x FROM t WHERE t.x = 1",
        "SELECT CASE a WHEN 1 THEN 1WHEN 2 THEN 3 END FROM t"
            + " ~ SELECT CASE a WHEN 1 THEN 1 WHEN 2 THEN 3 END FROM t",
      })
  void aliasesResolveAsRedshiftResolvesThem(String sql, String expected) {
    Plan plan = Dialect.plan(Statement.parse(sql), SessionFlags.DEFAULTS, CATALOG);
    assertThat(plan).isInstanceOf(Plan.Forward.class);
    assertThat(((Plan.Forward) plan).sql()).isEqualTo(expected);
  }
}
