package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link SqlCorpus} cases through the clients users have: the Amazon Redshift JDBC driver
 * (extended protocol) and psql (simple protocol, text output), each on a new session.
 */
final class CorpusClients {

  private CorpusClients() {}

  static boolean psqlInstalled() {
    return Psql.installed();
  }

  /** Runs the setup statements once. */
  static void setUp(RedshiftEmulator emulator, SqlCorpus corpus) throws SQLException {
    try (Connection c = Redshift.connect(emulator);
        Statement st = c.createStatement()) {
      for (String sql : corpus.setup()) {
        st.execute(sql);
      }
    }
  }

  /** Checks a case through the Redshift JDBC driver. */
  static void checkJdbc(RedshiftEmulator emulator, SqlCorpus.Case example) throws SQLException {
    try (Connection c = Redshift.connect(emulator)) {
      List<String> statements = example.statements();
      try (Statement st = c.createStatement()) {
        for (String sql : statements.subList(0, statements.size() - 1)) {
          st.execute(sql);
        }
      }
      String last = statements.get(statements.size() - 1);
      if (example.fails()) {
        assertThatThrownBy(() -> jdbcRows(c, last))
            .as("JDBC: %s", last)
            .isInstanceOf(SQLException.class)
            .hasMessageContaining(example.error());
      } else {
        assertThat(jdbcRows(c, last))
            .as("JDBC: %s", last)
            .containsExactlyElementsOf(example.rows());
      }
    }
  }

  /** Checks a case through psql. */
  static void checkPsql(RedshiftEmulator emulator, SqlCorpus.Case example)
      throws IOException, InterruptedException {
    ProcessBuilder pb =
        Psql.command(
            emulator,
            List.of("-q", "-At", "-F", "|", "-v", "ON_ERROR_STOP=1", "-c", example.script()));
    Process p = pb.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("psql ends").isTrue();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    if (example.fails()) {
      assertThat(p.exitValue()).as("psql exit code, output %s", out).isNotZero();
      assertThat(err).as("psql: %s", example.script()).contains(example.error());
    } else {
      assertThat(p.exitValue()).as("psql: %s%n%s", example.script(), err).isZero();
      assertThat(out.lines().toList())
          .as("psql: %s", example.script())
          .containsExactlyElementsOf(example.rows());
    }
  }

  private static List<String> jdbcRows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          String v = rs.getString(i);
          row.append(i > 1 ? "|" : "").append(v == null ? "" : v);
        }
        out.add(row.toString());
      }
    }
    return out;
  }
}
