package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.rows;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The queries docs/table-layouts.md shows for history tables run as printed, through the Amazon
 * Redshift JDBC driver, on history tables of known versions, and answer what the page says they
 * answer: the table at a point in time, the open orders at the end of each day, the keys deleted
 * last week and the current state.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class HistoryQueriesPageIT {
  private static final Path PAGE = Path.of("..", "docs", "table-layouts.md");

  private Connection c;

  @BeforeEach
  void connect(RedshiftEmulator emulator) throws SQLException {
    c = Redshift.connect(emulator);
    exec(c, "DROP SCHEMA IF EXISTS hq CASCADE", "CREATE SCHEMA hq", "SET search_path TO hq");
    String versions =
        " _record_is_active BOOLEAN, _record_create_time TIMESTAMP, _record_delete_time TIMESTAMP)";
    exec(
        c,
        "CREATE TABLE customers (id INTEGER, name VARCHAR(20)," + versions,
        "INSERT INTO customers VALUES"
            + " (1, 'a', FALSE, '2026-02-01 00:00:00', '2026-04-01 00:00:00'),"
            + " (1, 'b', TRUE, '2026-04-01 00:00:00', NULL),"
            + " (2, 'c', TRUE, '2026-03-02 00:00:00', NULL),"
            + " (7, 'd', FALSE, DATEADD(day, -20, GETDATE()), DATEADD(day, -2, GETDATE())),"
            + " (8, 'e', FALSE, DATEADD(day, -60, GETDATE()), DATEADD(day, -30, GETDATE()))",
        "CREATE VIEW customers_current AS SELECT id, name FROM hq.customers"
            + " WHERE _record_is_active WITH NO SCHEMA BINDING",
        "CREATE TABLE orders (id INTEGER, status VARCHAR(20)," + versions,
        "INSERT INTO orders VALUES"
            + " (1, 'open', FALSE, '2026-03-01 10:00:00', '2026-03-02 12:00:00'),"
            + " (1, 'shipped', TRUE, '2026-03-02 12:00:00', NULL),"
            + " (2, 'open', TRUE, '2026-03-02 09:00:00', NULL)");
  }

  @AfterEach
  void close() throws SQLException {
    exec(c, "DROP SCHEMA IF EXISTS hq CASCADE");
    c.close();
  }

  @Test
  void theHistoryModeQueriesAnswerAsThePageSays() throws Exception {
    List<String> queries = queries();
    assertThat(queries).hasSize(4);
    assertThat(rows(c, queries.get(0)))
        .as("the table on 1 March")
        .containsExactly("1|a|f|2026-02-01 00:00:00|2026-04-01 00:00:00");
    assertThat(rows(c, queries.get(1)))
        .as("open orders at the end of each day")
        .containsExactly("2026-03-02|1", "2026-03-03|1");
    assertThat(rows(c, queries.get(2)))
        .as("keys deleted last week")
        .singleElement()
        .asString()
        .startsWith("7|");
    assertThat(rows(c, queries.get(3)))
        .as("the current state")
        .containsExactlyInAnyOrder("1|b", "2|c");
  }

  /** The statements of the page's block of history queries, after its "Queries:" line. */
  private static List<String> queries() throws Exception {
    String page = Files.readString(PAGE);
    int from = page.indexOf("```sql", page.indexOf("\nQueries:\n"));
    String block = page.substring(from + "```sql".length(), page.indexOf("```", from + 6));
    List<String> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : block.split("\n")) {
      if (line.startsWith("--") || line.isBlank()) {
        continue;
      }
      current.append(line).append('\n');
      if (line.strip().endsWith(";")) {
        statements.add(current.toString().strip().replaceAll(";$", ""));
        current.setLength(0);
      }
    }
    return statements;
  }
}
