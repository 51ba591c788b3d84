package dev.redsink.emulator.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** String literals bound for SUPER columns become VARCHAR values; others are left alone. */
class SuperLiteralRuleTest {

  private static final TableColumns CATALOG =
      (schema, table) ->
          table.equals("t")
              ? List.of(
                  new TableColumns.Column("id", TableColumns.Kind.OTHER),
                  new TableColumns.Column("doc", TableColumns.Kind.SUPER))
              : List.of();

  private static String plan(String sql) {
    return ((Plan.Forward) Dialect.plan(Statement.parse(sql), SessionFlags.DEFAULTS, CATALOG))
        .sql();
  }

  @Test
  void literalsForSuperColumnsAreVarchar() {
    assertThat(plan("INSERT INTO t VALUES ('a', 'abc'), ('b', JSON_PARSE('[1]'))"))
        .isEqualTo("INSERT INTO t VALUES ('a', 'abc'::varchar), ('b', JSON_PARSE('[1]'))");
    assertThat(plan("INSERT INTO s.t (doc, id) VALUES ('{\"a\": 1}', 'x')"))
        .isEqualTo("INSERT INTO s.t (doc, id) VALUES ('{\"a\": 1}'::varchar, 'x')");
  }

  @Test
  void otherTablesAndStatementsAreLeftAlone() {
    assertThat(plan("INSERT INTO u VALUES ('a', 'abc')"))
        .isEqualTo("INSERT INTO u VALUES ('a', 'abc')");
    assertThat(plan("INSERT INTO t SELECT 'a', doc FROM t"))
        .isEqualTo("INSERT INTO t SELECT 'a', doc FROM t");
  }
}
