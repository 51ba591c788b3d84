package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many tables behind one sink: table metadata is read once and kept, read again only when a load
 * finds the table changed under it; loads of a batch's tables run side by side within
 * max_connections.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class TableMetadataIT {
  /** Tables one sink loads over three connections. */
  private static final int TABLES = 30;

  /** The catalog query that reads a table's columns. */
  private static final String COLUMNS_QUERY = "FROM pg_catalog.pg_attribute a";

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("meta");
  }

  @AfterEach
  void tearDown() {
    fx.emulator().sqlFaults().reset();
  }

  @Test
  void aTypedTableIsNotReadFromTheCatalogOnEveryLoad() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(List.of(record("t", 0, "{\"a\":1,\"b\":\"x\"}")));
      countCatalogReads();
      for (int i = 1; i <= 5; i++) {
        sink.write(List.of(record("t", i, "{\"a\":" + i + ",\"b\":\"y\"}")));
      }
      assertThat(fx.emulator().sqlFaults().fired()).as("catalog reads by 5 loads").isZero();
      sink.write(List.of(record("t", 6, "{\"a\":6,\"c\":true}")));
      assertThat(fx.emulator().sqlFaults().fired())
          .as("a new field reads the columns")
          .isPositive();
    }
    assertThat(fx.count(table)).isEqualTo(7);
  }

  @Test
  void aTypedColumnDroppedUnderTheSinkIsAddedAgain() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(List.of(record("t", 0, "{\"a\":1,\"b\":\"x\"}")));
      fx.execute("ALTER TABLE " + table + " DROP COLUMN b");
      sink.write(List.of(record("t", 1, "{\"a\":2,\"b\":\"y\"}")));
    }
    assertThat(fx.rows("SELECT a, b FROM " + table + " ORDER BY a"))
        .containsExactly("1|null", "2|y");
  }

  @Test
  void aColumnDroppedUnderAPayloadTableIsReportedAsASchemaMismatch() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      sink.write(SinkFixture.records("t", 0, 0, 3));
      fx.execute("ALTER TABLE " + table + " DROP COLUMN pico_key");
      assertThatThrownBy(() -> sink.write(SinkFixture.records("t", 0, 3, 3)))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("Schema mismatch detected")
          .hasMessageContaining("pico_key");
    }
    assertThat(fx.count(table)).isEqualTo(3);
  }

  @Test
  void oneSinkLoadsTenTimesMoreTablesThanItHasConnections() throws Exception {
    Map<String, Object> config = fx.config(table + "_{topic}");
    config.put("max_connections", 3);
    List<Record> batch = new ArrayList<>();
    // Thirty tables over three connections: far more tables than connections (each new table
    // costs its catalog reads and two CREATEs, so more tables only make the suite slower).
    for (int t = 0; t < TABLES; t++) {
      batch.addAll(SinkFixture.records("m" + t, 0, 0, 2));
    }
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      fx.emulator().statistics().reset();
      assertThat(sink.write(batch).loaded()).isEqualTo(2 * TABLES);
      assertThat(sink.write(batch).loaded()).as("a replay").isZero();
    }
    assertThat(
            fx.value(
                "SELECT count(*) FROM pg_class WHERE relname LIKE '"
                    + table
                    + "\\_m%' AND relkind = 'r'"))
        .isEqualTo(String.valueOf(TABLES));
    assertThat(
            fx.value(
                "SELECT count(*) FROM pg_class WHERE relname LIKE '\\_redsink\\_ledger\\_"
                    + table
                    + "\\_m%'"))
        .isEqualTo(String.valueOf(TABLES));
    assertThat(fx.count(table + "_m0")).isEqualTo(2);
    assertThat(fx.count(table + "_m" + (TABLES - 1))).isEqualTo(2);
    assertThat(fx.emulator().statistics().peakConnections())
        .as("client connections open at once (the pool's 3 and this test's)")
        .isLessThanOrEqualTo(3 + 1);
  }

  private void countCatalogReads() {
    fx.emulator().sqlFaults().failNext(COLUMNS_QUERY, 1_000, SqlFault.delay(Duration.ZERO));
  }

  private static Record record(String topic, long offset, String json) {
    return new Record(
        topic, 0, offset, 1_700_000_000_000L + offset, null, List.of(), json.getBytes(UTF_8));
  }
}
