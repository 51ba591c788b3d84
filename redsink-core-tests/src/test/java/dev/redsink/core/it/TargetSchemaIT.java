package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.AuthorizationException;
import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.Warehouse;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * target_schema that does not exist yet: created with the table and the ledger, or, without the
 * CREATE privilege on the database, a failure naming the schema and the grant. An emulator of its
 * own, with a login that is not a superuser.
 */
class TargetSchemaIT {
  private static final String LOADER = "loader";
  private static final String LOADER_PASSWORD = "Loader1pw";

  private static RedshiftEmulator emulator;
  private static SinkFixture fx;

  @BeforeAll
  static void start() {
    emulator = RedshiftEmulator.start(EmulatorOptions.defaults().user(LOADER, LOADER_PASSWORD));
    fx = new SinkFixture(emulator);
  }

  @AfterAll
  static void stop() {
    emulator.close();
  }

  private static String schema() {
    return Warehouse.uniqueTable("s");
  }

  private static Map<String, Object> config(String schema, String table) {
    Map<String, Object> c = fx.config(table);
    c.put("target_schema", schema);
    return c;
  }

  private static Map<String, Object> asLoader(Map<String, Object> c) {
    c.put(
        "connection_string",
        emulator.jdbcUrl() + "&user=" + LOADER + "&password=" + LOADER_PASSWORD);
    return c;
  }

  @Test
  void aSchemaThatDoesNotExistYetIsCreatedWithTheTableAndTheLedger() throws Exception {
    String schema = schema();
    Map<String, Object> typed = config(schema, "orders_{topic}");
    typed.put("table_layout", "typed");
    try (RedshiftSink sink = RedshiftSink.open(typed)) {
      assertThat(sink.nextOffset("eu", 0)).isEmpty();
      sink.write(SinkFixture.records("eu", 0, 0, 3));
      assertThat(sink.nextOffset("eu", 0)).hasValue(3);
    }
    assertThat(fx.rows("SELECT n FROM " + schema + ".orders_eu ORDER BY n"))
        .containsExactly("0", "1", "2");
    assertThat(fx.value("SELECT COUNT(*) FROM " + schema + "._redsink_ledger_orders_eu"))
        .isEqualTo("1");
  }

  @Test
  void withoutCreateOnTheDatabaseTheFailureNamesTheSchemaAndTheGrant() {
    String schema = schema();
    assertThatThrownBy(() -> RedshiftSink.open(asLoader(config(schema, "orders"))).close())
        .isInstanceOf(AuthorizationException.class)
        .hasMessageContaining("Cannot create schema " + schema + " (target_schema)")
        .hasMessageContaining("GRANT CREATE ON DATABASE")
        .hasMessageContaining("CREATE SCHEMA " + schema)
        .hasMessageNotContaining(LOADER_PASSWORD);
  }

  @Test
  void aSchemaThatExistsNeedsNoCreateOnTheDatabase() throws Exception {
    String schema = schema();
    try (Connection c = fx.connect();
        Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + schema);
      st.execute("GRANT USAGE, CREATE ON SCHEMA " + schema + " TO " + LOADER);
    }
    try (RedshiftSink sink = RedshiftSink.open(asLoader(config(schema, "orders")))) {
      assertThat(sink.write(SinkFixture.records("eu", 0, 0, 2)).loaded()).isEqualTo(2);
    }
    assertThat(fx.value("SELECT COUNT(*) FROM " + schema + ".orders")).isEqualTo("2");
  }
}
