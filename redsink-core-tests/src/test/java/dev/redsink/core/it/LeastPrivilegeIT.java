package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Loads as a user holding exactly the privileges docs/how-it-works.md lists ("The privileges a load
 * uses"), not as a superuser: on an empty schema, where Redsink creates and so owns its tables, and
 * into a table and ledger another user created, with the documented GRANTs and ownership.
 */
class LeastPrivilegeIT {
  private static final String USER = "loader";
  private static final String PASSWORD = "Loader12";

  private static RedshiftEmulator emulator;
  private static SinkFixture admin;

  @BeforeAll
  static void start() throws Exception {
    emulator = RedshiftEmulator.start(EmulatorOptions.defaults().user(USER, PASSWORD));
    admin = new SinkFixture(emulator);
    admin.execute(
        "GRANT CREATE ON SCHEMA public TO " + USER, "GRANT TEMP ON DATABASE dev TO " + USER);
  }

  @AfterAll
  static void stop() throws Exception {
    emulator.close();
  }

  /** A configuration that connects as the loader. */
  private static Map<String, Object> asLoader(Map<String, Object> config) {
    config.put("connection_string", emulator.jdbcUrl() + "&user=" + USER + "&password=" + PASSWORD);
    return config;
  }

  private static Map<String, Object> typedUpsert(String table) {
    Map<String, Object> c = admin.config(table);
    c.put("table_layout", "typed");
    c.put("write_mode", "upsert");
    c.put("primary_key", List.of("k"));
    return c;
  }

  /** Typed records keyed by k; from {@code withExtra} on they carry a new field. */
  private static List<Record> rows(long from, int count, boolean withExtra) {
    List<Record> out = new ArrayList<>();
    for (long o = from; o < from + count; o++) {
      String json =
          "{\"k\":"
              + (o % 50)
              + ",\"n\":"
              + o
              + (withExtra ? ",\"extra\":\"e" + o + "\"" : "")
              + "}";
      out.add(
          new Record(
              "lp",
              0,
              o,
              1_700_000_000_000L + o,
              null,
              List.of(),
              json.getBytes(StandardCharsets.UTF_8)));
    }
    return out;
  }

  @Test
  void onAnEmptySchemaRedsinkCreatesAndOwnsWhatItLoads() throws Exception {
    String append = Warehouse.uniqueTable("lp_append");
    try (RedshiftSink sink = RedshiftSink.open(asLoader(admin.config(append)))) {
      assertThat(sink.write(SinkFixture.records("lp", 0, 0, 100)).loaded()).isEqualTo(100);
    }
    String upsert = Warehouse.uniqueTable("lp_upsert");
    try (RedshiftSink sink = RedshiftSink.open(asLoader(typedUpsert(upsert)))) {
      sink.write(rows(0, 100, false));
      sink.write(rows(100, 100, true));
    }
    assertThat(admin.count(append)).isEqualTo(100);
    // The tables are the loader's: it ran as the loader, not as a superuser.
    assertThat(
            admin.value(
                "SELECT count(*) FROM pg_tables WHERE tableowner = '"
                    + USER
                    + "' AND tablename IN ('"
                    + append
                    + "', '"
                    + upsert
                    + "')"))
        .isEqualTo("2");
    assertThat(admin.value("SELECT count(*), max(n), count(extra) FROM " + upsert))
        .isEqualTo("50|199|50");
  }

  @Test
  void intoAnotherUsersTableWithTheDocumentedGrants() throws Exception {
    String table = Warehouse.uniqueTable("lp_existing");
    try (RedshiftSink sink = RedshiftSink.open(typedUpsert(table))) {
      sink.write(rows(0, 100, false));
    }
    String ledger = "_redsink_ledger_" + table;
    admin.execute(
        "GRANT INSERT, SELECT, DELETE ON " + table + " TO " + USER,
        "GRANT SELECT, INSERT, UPDATE ON " + ledger + " TO " + USER);
    // Without ownership, the table's columns stay as they are (no ALTER TABLE).
    Map<String, Object> config = asLoader(typedUpsert(table));
    config.put("schema_evolution", "none");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(rows(100, 100, false));
    }
    assertThat(admin.value("SELECT count(*), min(n), max(n) FROM " + table))
        .isEqualTo("50|150|199");
  }

  @Test
  void schemaEvolutionIntoAnotherUsersTableNeedsItsOwnership() throws Exception {
    String table = Warehouse.uniqueTable("lp_owned");
    try (RedshiftSink sink = RedshiftSink.open(typedUpsert(table))) {
      sink.write(rows(0, 100, false));
    }
    admin.execute(
        "ALTER TABLE " + table + " OWNER TO " + USER,
        "GRANT SELECT, INSERT, UPDATE ON _redsink_ledger_" + table + " TO " + USER);
    try (RedshiftSink sink = RedshiftSink.open(asLoader(typedUpsert(table)))) {
      sink.write(rows(100, 100, true));
    }
    assertThat(admin.value("SELECT count(*), max(n), count(extra) FROM " + table))
        .isEqualTo("50|199|50");
  }
}
