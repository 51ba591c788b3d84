package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SUPER as Redshift users query it — navigation, unnesting, unpivoting, dynamic typing, casts,
 * introspection and printing — through the Amazon Redshift JDBC driver and psql, each example with
 * the answer Redshift's documentation gives (super-corpus.sql names the page of each).
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class SuperIT {

  private static final SqlCorpus CORPUS = SqlCorpus.read("super-corpus.sql");

  static List<SqlCorpus.Case> cases() {
    return CORPUS.cases();
  }

  @BeforeAll
  static void setUp(RedshiftEmulator emulator) throws Exception {
    CorpusClients.setUp(emulator, CORPUS);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void throughTheRedshiftJdbcDriver(SqlCorpus.Case example, RedshiftEmulator emulator)
      throws Exception {
    CorpusClients.checkJdbc(emulator, example);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void throughPsql(SqlCorpus.Case example, RedshiftEmulator emulator) throws Exception {
    assumeTrue(CorpusClients.psqlInstalled(), "psql is not installed");
    CorpusClients.checkPsql(emulator, example);
  }

  /** Redshift names a navigation's column after its last attribute, in lower case. */
  @Test
  void navigationColumnsAreNamedAfterTheLastAttribute(RedshiftEmulator emulator) throws Exception {
    try (Connection c = Redshift.connect(emulator);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT payload.City, o.payload.items[0].SKU, payload.items[0], payload"
                    + " FROM super_orders AS o WHERE id = 1")) {
      ResultSetMetaData meta = rs.getMetaData();
      assertThat(List.of(meta.getColumnLabel(1), meta.getColumnLabel(2), meta.getColumnLabel(3)))
          .containsExactly("city", "sku", "items");
      // The driver knows SUPER by Redshift's type OID.
      assertThat(meta.getColumnTypeName(4)).isEqualTo("super");
      assertThat(meta.getColumnType(4)).isEqualTo(Types.LONGVARCHAR);
    }
  }

  /**
   * PostgreSQL would sort a sample of each SUPER column with SQL functions on every automatic
   * ANALYZE: SUPER columns are left out of its statistics, whichever statement made them.
   */
  @Test
  void superColumnsAreLeftOutOfPostgresStatistics(RedshiftEmulator emulator) throws Exception {
    try (Connection c = Redshift.connect(emulator);
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE super_stats (id INT, doc SUPER, note VARCHAR(20))");
      st.execute("ALTER TABLE super_stats ADD COLUMN extra SUPER");
      st.execute(
          "INSERT INTO super_stats SELECT 1, JSON_PARSE('{\"a\": 1}'), 'one', JSON_PARSE('[1]')"
              + " UNION ALL SELECT 2, JSON_PARSE('{\"a\": 2}'), 'two', JSON_PARSE('[2]')");
      st.execute("CREATE TABLE super_stats_copy AS SELECT id, doc FROM super_stats");
      st.execute("SELECT id, extra INTO super_stats_into FROM super_stats");
    }
    try (Connection pg = DriverManager.getConnection(emulator.backendJdbcUrl());
        Statement st = pg.createStatement()) {
      st.execute("ANALYZE super_stats, super_stats_copy, super_stats_into");
      List<String> analysed = new ArrayList<>();
      try (ResultSet rs =
          st.executeQuery(
              "SELECT tablename || '.' || attname FROM pg_stats WHERE tablename LIKE"
                  + " 'super_stats%' ORDER BY 1")) {
        while (rs.next()) {
          analysed.add(rs.getString(1));
        }
      }
      assertThat(analysed)
          .containsExactly(
              "super_stats.id", "super_stats.note", "super_stats_copy.id", "super_stats_into.id");
    }
    try (Connection c = Redshift.connect(emulator);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT id FROM super_stats ORDER BY doc DESC")) {
      List<Integer> ids = new ArrayList<>();
      while (rs.next()) {
        ids.add(rs.getInt(1));
      }
      assertThat(ids).as("SUPER still orders").containsExactly(2, 1);
    }
  }
}
