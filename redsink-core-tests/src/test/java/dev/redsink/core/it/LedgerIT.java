package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The per-table ledger as stored, and the upgrade from the shared ledger {@code _redsink_offsets}
 * that earlier versions wrote: its rows are built here with exactly that version's DDL and values.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class LedgerIT {

  /** The shared ledger's DDL as the earlier version created it. */
  private static final String LEGACY_DDL =
      """
      CREATE TABLE IF NOT EXISTS %s (
        "target_table" VARCHAR(512) NOT NULL,
        "topic" VARCHAR(256) NOT NULL,
        "partition" BIGINT NOT NULL,
        "next_offset" BIGINT NOT NULL,
        "updated_at" TIMESTAMP NOT NULL,
        "version" INTEGER NOT NULL
      )""";

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) throws Exception {
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("lg");
  }

  @Test
  void rowsRoundTripInTheStoredFormat() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      sink.write(SinkFixture.records("orders.eu", 3, 0, 7));
      assertThat(sink.nextOffset("orders.eu", 3)).hasValue(7);
    }
    assertThat(
            fx.rows(
                "SELECT target_table, topic, partition, next_offset, version FROM "
                    + ledger(table)))
        .containsExactly(table + "|orders.eu|3|7|2");
    assertThat(fx.value("SELECT count(*) FROM " + ledger(table) + " WHERE updated_at IS NULL"))
        .isEqualTo("0");
  }

  @Test
  void aRowOfANewerFormatIsRefused() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      sink.write(SinkFixture.records("t", 0, 0, 3));
    }
    fx.execute("UPDATE " + ledger(table) + " SET version = 3");
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      assertThatThrownBy(() -> sink.nextOffset("t", 0))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("format version 3")
          .hasMessageContaining("newer Redsink");
    }
  }

  @Test
  void aTypedTableNotCreatedYetResumesFromNothing() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.nextOffsets(List.of(new TopicPartition("t", 0)))).isEmpty();
      assertThat(fx.value("SELECT count(*) FROM " + ledger(table))).isEqualTo("0");
    }
  }

  @Test
  void anUpgradeResumesFromTheSharedLedgerAndMovesIt() throws Exception {
    String other = table + "_other";
    // The earlier version loaded t:0 0..9, then settled 10 and 11 (sent to a dead-letter queue),
    // and settled t:1 up to 5 without loading any of it; another table has its own rows.
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      sink.write(SinkFixture.records("t", 0, 0, 10));
    }
    fx.execute(
        "DROP TABLE " + ledger(table),
        String.format(LEGACY_DDL, "_redsink_offsets"),
        legacyRow(table, "t", 0, 12),
        legacyRow(table, "t", 1, 5),
        legacyRow(other, "u", 2, 42));

    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      assertThat(sink.nextOffset("t", 0)).as("not 10, the highest id + 1").hasValue(12);
      assertThat(sink.nextOffset("t", 1)).hasValue(5);
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 20)).loaded()).isEqualTo(8);
    }
    assertThat(legacyExists()).as("the emptied shared ledger is dropped").isFalse();
    assertThat(fx.rows("SELECT topic, partition, next_offset, version FROM " + ledger(other)))
        .containsExactly("u|2|42|2");
    assertThat(fx.count(table)).isEqualTo(18);
    assertThat(fx.distinctIds(table)).isEqualTo(18);
  }

  @Test
  void sinksStartingTogetherMoveTheSharedLedgerOnce() throws Exception {
    fx.execute(String.format(LEGACY_DDL, "_redsink_offsets"));
    for (int i = 0; i < 4; i++) {
      fx.execute(legacyRow(table + "_" + i, "t", 0, 100 + i));
    }
    List<CompletableFuture<Long>> starts = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      String target = table + "_" + i;
      starts.add(
          CompletableFuture.supplyAsync(
              () -> {
                try (RedshiftSink sink = RedshiftSink.open(fx.config(target))) {
                  return sink.nextOffset("t", 0).orElse(-1);
                }
              }));
    }
    for (int i = 0; i < 4; i++) {
      assertThat(starts.get(i).get(2, TimeUnit.MINUTES)).isEqualTo(100 + i);
    }
    assertThat(legacyExists()).isFalse();
  }

  @Test
  void anUpgradeInATargetSchemaMovesThatSchemasLedger() throws Exception {
    fx.execute(
        "CREATE SCHEMA IF NOT EXISTS upgrade_s",
        String.format(LEGACY_DDL, "upgrade_s._redsink_offsets"),
        "INSERT INTO upgrade_s._redsink_offsets VALUES ('"
            + table
            + "', 't', 0, 77, GETDATE(), 1)");
    Map<String, Object> config = fx.config(table);
    config.put("target_schema", "upgrade_s");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.nextOffset("t", 0)).hasValue(77);
    }
    assertThat(fx.value("SELECT next_offset FROM upgrade_s." + ledger(table))).isEqualTo("77");
  }

  private static String ledger(String target) {
    return "\"_redsink_ledger_" + target + "\"";
  }

  private static String legacyRow(String target, String topic, int partition, long next) {
    return "INSERT INTO _redsink_offsets VALUES ('"
        + target
        + "', '"
        + topic
        + "', "
        + partition
        + ", "
        + next
        + ", GETDATE(), 1)";
  }

  private boolean legacyExists() throws Exception {
    return !fx.value("SELECT count(*) FROM pg_class WHERE relname = '_redsink_offsets'")
        .equals("0");
  }
}
