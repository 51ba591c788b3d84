package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.HeldStatement;
import dev.redsink.testkit.Warehouse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A numeric field whose type grows (a source's ALTER COLUMN … TYPE bigint) widens its column: a new
 * column, a copy and a swap in one transaction, exactly once with two writers.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class WideningIT {
  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("widen");
  }

  private Map<String, Object> typed(String evolution) {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("schema_evolution", evolution);
    return config;
  }

  /** A JsonConverter envelope of one field {@code n} of the given schema type. */
  private static Record record(int partition, long offset, String type, long n) {
    String json =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"n\",\"type\":\""
            + type
            + "\",\"optional\":true}]},\"payload\":{\"n\":"
            + n
            + "}}";
    return new Record("t", partition, offset, 0, null, List.of(), json.getBytes(UTF_8));
  }

  private String type() throws Exception {
    return fx.value(
        "SELECT type FROM pg_table_def WHERE tablename = '" + table + "' AND \"column\" = 'n'");
  }

  @Test
  void twoWritersWidenTheSameColumnOnceAndLoseNothing() throws Exception {
    try (RedshiftSink first = RedshiftSink.open(typed("add_columns"));
        RedshiftSink second = RedshiftSink.open(typed("add_columns"))) {
      first.write(List.of(record(0, 0, "int32", 1)));
      assertThat(type()).isEqualTo("integer");
      SinkFixture.writeSideBySide(
          List.of(first, second),
          3,
          (partition, b) -> {
            List<Record> batch = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
              long offset = 1 + b * 10L + i;
              batch.add(record(partition, offset, "int64", 5_000_000_000L + offset));
            }
            return batch;
          });
    }
    assertThat(type()).isEqualTo("bigint");
    assertThat(fx.count(table)).isEqualTo(61);
    assertThat(fx.distinctIds(table)).isEqualTo(61);
    assertThat(fx.value("SELECT n FROM " + table + " WHERE id = 't:0:0'")).isEqualTo("1");
    assertThat(fx.value("SELECT sum(n) FROM " + table))
        .isEqualTo(String.valueOf(1 + 2 * (30 * 5_000_000_000L + 465)));
    assertThat(
            fx.value(
                "SELECT count(*) FROM pg_table_def WHERE tablename = '"
                    + table
                    + "' AND \"column\" = 'redsink_widening'"))
        .isEqualTo("0");
  }

  /**
   * Another writer widens the column (SMALLINT to INTEGER) between this writer's plan (SMALLINT to
   * BIGINT) and its change, which the test holds at the table's LOCK: this writer widens on from
   * INTEGER to BIGINT instead of reading the narrower column as a changed source type.
   */
  @Test
  void aColumnAnotherWriterWidenedLessThanNeededIsWidenedFurther() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(typed("add_columns"))) {
      sink.write(List.of(record(0, 0, "int16", 7)));
      assertThat(type()).isEqualTo("smallint");
      Future<LoadResult> write;
      ExecutorService writer = Executors.newSingleThreadExecutor();
      try (HeldStatement lock = new HeldStatement(fx.emulator(), Duration.ofMinutes(1))) {
        lock.hold("LOCK \"" + table + "\"");
        write = writer.submit(() -> sink.write(List.of(record(0, 1, "int64", 5_000_000_000L))));
        lock.awaitHeld("the widening's LOCK of " + table);
        // The other writer's change: the same new column, copy and swap, to INTEGER.
        try (Connection c = fx.connect();
            Statement st = c.createStatement()) {
          c.setAutoCommit(false);
          st.execute("LOCK " + table);
          st.execute("ALTER TABLE " + table + " ADD COLUMN redsink_widening INTEGER");
          st.execute("UPDATE " + table + " SET redsink_widening = n");
          st.execute("ALTER TABLE " + table + " DROP COLUMN n");
          st.execute("ALTER TABLE " + table + " RENAME COLUMN redsink_widening TO n");
          c.commit();
        }
        assertThat(type()).isEqualTo("integer");
      }
      assertThat(write.get(1, TimeUnit.MINUTES).loaded()).isEqualTo(1);
      writer.shutdown();
    }
    assertThat(type()).isEqualTo("bigint");
    assertThat(fx.rows("SELECT id, n FROM " + table + " ORDER BY id"))
        .containsExactly("t:0:0|7", "t:0:1|5000000000");
    assertThat(fx.value("SELECT next_offset FROM _redsink_ledger_" + table + " WHERE topic = 't'"))
        .isEqualTo("2");
  }

  @Test
  void keepTypesRefusesLoudlyNamingTheColumnAndBothTypes() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(typed("add_columns_keep_types"))) {
      sink.write(List.of(record(0, 0, "int32", 1)));
      assertThatThrownBy(() -> sink.write(List.of(record(0, 1, "int64", 5_000_000_000L))))
          .isInstanceOf(RedsinkException.class)
          .isNotInstanceOf(BadRecordException.class)
          .hasMessageContaining(table)
          .hasMessageContaining("'n' is INTEGER")
          .hasMessageContaining("BIGINT")
          .hasMessageContaining("schema_evolution = add_columns");
    }
    assertThat(type()).isEqualTo("integer");
    assertThat(fx.count(table)).isEqualTo(1);
  }

  @Test
  void aViewOnTheColumnStopsTheWideningAndSaysSo() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(typed("add_columns"))) {
      sink.write(List.of(record(0, 0, "int32", 1)));
      fx.execute("CREATE VIEW " + table + "_v AS SELECT n FROM " + table);
      assertThatThrownBy(() -> sink.write(List.of(record(0, 1, "int64", 5_000_000_000L))))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("Cannot change column n")
          .hasMessageContaining("view");
    }
    assertThat(type()).as("rolled back").isEqualTo("integer");
    assertThat(fx.count(table)).isEqualTo(1);
  }

  @Test
  void aDeclaredTypeNoColumnCanTakeStopsTheLoadLoudlyAndTheWayOutWorks() throws Exception {
    String text =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"n\",\"type\":\"string\","
            + "\"optional\":true}]},\"payload\":{\"n\":\"five\"}}";
    Record changed = new Record("t", 0, 1, 0, null, List.of(), text.getBytes(UTF_8));
    try (RedshiftSink sink = RedshiftSink.open(typed("add_columns"))) {
      sink.write(List.of(record(0, 0, "int64", 1)));
      assertThat(sink.check(changed)).as("not one bad record").isEmpty();
      assertThatThrownBy(() -> sink.write(List.of(changed)))
          .isInstanceOf(RedsinkException.class)
          .isNotInstanceOf(BadRecordException.class)
          .hasMessageContaining("t:0:1")
          .hasMessageContaining(table)
          .hasMessageContaining("declares field 'n' as string")
          .hasMessageContaining("column 'n' is BIGINT")
          .hasMessageContaining("RENAME COLUMN n TO n_old");
      assertThat(fx.count(table)).isEqualTo(1);
    }
    fx.execute("ALTER TABLE " + table + " RENAME COLUMN n TO n_old");
    try (RedshiftSink sink = RedshiftSink.open(typed("add_columns"))) {
      sink.write(List.of(changed));
    }
    assertThat(fx.value("SELECT n FROM " + table + " WHERE id = 't:0:1'")).isEqualTo("five");
    assertThat(fx.value("SELECT n_old FROM " + table + " WHERE id = 't:0:0'")).isEqualTo("1");
  }
}
