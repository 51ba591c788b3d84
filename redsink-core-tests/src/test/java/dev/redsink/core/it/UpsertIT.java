package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** write_mode = upsert against the emulator: last value per key wins, exactly once, tombstones. */
@ExtendWith(RedshiftEmulatorExtension.class)
class UpsertIT {
  private static final String SCHEMA =
      """
      {"type":"struct","fields":[
        {"field":"sku","type":"int64","optional":false},
        {"field":"name","type":"string","optional":true},
        {"field":"qty","type":"int32","optional":true}
      ]}""";

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    emulator.sqlFaults().reset();
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("upsert");
  }

  private Map<String, Object> upsert(String primaryKey) {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("write_mode", "upsert");
    config.put("primary_key", primaryKey);
    return config;
  }

  private static Record enveloped(int partition, long offset, long id, String name, int qty) {
    String value =
        "{\"schema\":"
            + SCHEMA
            + ",\"payload\":{\"sku\":"
            + id
            + ",\"name\":\""
            + name
            + "\",\"qty\":"
            + qty
            + "}}";
    return new Record(
        "t",
        partition,
        offset,
        1_700_000_000_000L + offset,
        null,
        List.of(),
        value.getBytes(UTF_8));
  }

  private static Record keyed(long offset, long id, String valueJson) {
    return new Record(
        "t",
        0,
        offset,
        1_700_000_000_000L + offset,
        ("{\"sku\":" + id + "}").getBytes(UTF_8),
        List.of(),
        valueJson == null ? null : valueJson.getBytes(UTF_8));
  }

  @Test
  void repeatedKeysWithinAndAcrossLoadsEndWithTheLastValueOncePerKeyWhenReplayed()
      throws Exception {
    // Two loads; keys repeat inside each load and across them, over two partitions.
    List<Record> first = new ArrayList<>();
    List<Record> second = new ArrayList<>();
    for (int o = 0; o < 30; o++) {
      first.add(enveloped(o % 2, o / 2, o % 7, "a" + o, o));
    }
    for (int o = 30; o < 60; o++) {
      second.add(enveloped(o % 2, o / 2, o % 11, "b" + o, o));
    }
    for (int replay = 0; replay < 2; replay++) {
      try (RedshiftSink sink = RedshiftSink.open(upsert("sku"))) {
        sink.write(first);
        sink.write(second);
      }
    }
    // expected: last record per key over the whole stream, in offset order per partition; the
    // key space of the second load (0..10) covers the first's (0..6).
    List<String> expected = new ArrayList<>();
    for (int id = 0; id < 11; id++) {
      int last = -1;
      for (int o = 30; o < 60; o++) {
        if (o % 11 == id) {
          last = o;
        }
      }
      expected.add(id + "|b" + last + "|" + last);
    }
    assertThat(fx.rows("SELECT sku, name, qty FROM " + table + " ORDER BY sku"))
        .containsExactlyElementsOf(expected);
  }

  @Test
  void theLastRecordPerKeyInALoadWinsAndTheLoadCountsTheRowsItWrote() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(upsert("sku"))) {
      assertThat(
              sink.write(
                      List.of(
                          enveloped(0, 0, 1, "x", 1),
                          enveloped(0, 1, 2, "y", 2),
                          enveloped(0, 2, 1, "z", 3)))
                  .loaded())
          .isEqualTo(2);
      assertThat(sink.write(List.of(enveloped(0, 3, 1, "w", 4))).loaded()).isEqualTo(1);
    }
    assertThat(fx.rows("SELECT sku, name, qty FROM " + table + " ORDER BY sku"))
        .containsExactly("1|w|4", "2|y|2");
  }

  @Test
  void tombstonesDeleteTheirKeyWithRecordKey() throws Exception {
    Map<String, Object> config = upsert("record_key");
    config.put("delete_on_tombstone", true);
    List<Record> stream =
        List.of(
            keyed(0, 1, "{\"name\":\"one\"}"),
            keyed(1, 2, "{\"name\":\"two\"}"),
            keyed(2, 3, "{\"name\":\"three\"}"),
            keyed(3, 2, null),
            keyed(4, 3, "{\"name\":\"three again\"}"));
    List<Record> later = List.of(keyed(5, 1, null), keyed(6, 4, null));
    for (int replay = 0; replay < 2; replay++) {
      try (RedshiftSink sink = RedshiftSink.open(config)) {
        sink.write(stream);
        sink.write(later);
      }
    }
    assertThat(fx.rows("SELECT sku, name FROM " + table + " ORDER BY sku"))
        .containsExactly("3|three again");
  }

  @Test
  void aLoadOfTombstonesThatDeleteNothingOnlyMovesTheLedger() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(upsert("sku"))) {
      sink.write(List.of(enveloped(0, 0, 1, "x", 1)));
      var result = sink.write(List.of(keyed(1, 1, null), keyed(2, 2, null)));
      assertThat(result.loaded()).isZero();
      assertThat(result.next()).containsValue(3L);
      assertThat(sink.write(List.of(keyed(1, 1, null), keyed(2, 2, null))).skipped()).isEqualTo(2);
    }
    assertThat(fx.rows("SELECT sku, name FROM " + table)).containsExactly("1|x");
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void aRecordWithoutItsPrimaryKeyFieldIsABadRecordNamingIt() {
    try (RedshiftSink sink = RedshiftSink.open(upsert("sku"))) {
      assertThat(sink.check(keyed(0, 1, "{\"name\":\"no id\"}")))
          .hasValueSatisfying(e -> assertThat(e).hasMessageContaining("primary key field 'sku'"));
      assertThatThrownBy(() -> sink.write(List.of(keyed(0, 1, "{\"name\":\"no id\"}"))))
          .isInstanceOf(BadRecordException.class)
          .hasMessageContaining("t:0:0")
          .hasMessageContaining("primary key field 'sku'");
    }
  }

  @Test
  void upsertWithoutPrimaryKeyOrWithPayloadLayoutIsRefused() {
    Map<String, Object> config = fx.config(table);
    config.put("write_mode", "upsert");
    config.put("delete_on_tombstone", true);
    assertThatThrownBy(() -> RedshiftSink.open(config))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("primary_key")
        .hasMessageContaining("table_layout = typed");
    config.put("table_layout", "typed");
    config.put("primary_key", "sku");
    assertThatThrownBy(() -> RedshiftSink.open(config))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("delete_on_tombstone")
        .hasMessageContaining("primary_key = record_key");
  }

  @Test
  void keysOnThePrimaryKeyShapeTheCreatedTableAndItsStaging() throws Exception {
    Map<String, Object> config = upsert("sku");
    config.put("dist_key", "sku");
    config.put("sort_key", "sku,pico_timestamp");
    List<Record> batch = new ArrayList<>();
    for (int o = 0; o < 20; o++) {
      batch.add(enveloped(0, o, o % 5, "n" + o, o));
    }
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(batch);
    }
    assertThat(fx.rows("SELECT sku, name FROM " + table + " ORDER BY sku"))
        .containsExactly("0|n15", "1|n16", "2|n17", "3|n18", "4|n19");
    assertThat(
            fx.rows(
                "SELECT \"column\", distkey, sortkey FROM pg_table_def WHERE tablename = '"
                    + table
                    + "' AND (distkey OR sortkey <> 0)"))
        .containsExactly("pico_timestamp|f|2", "sku|t|1");
  }

  @Test
  void aDistKeyNamingNoFieldOfTheFirstRecordsFailsBeforeCreatingTheTable() throws Exception {
    Map<String, Object> config = upsert("sku");
    config.put("dist_key", "customer");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThatThrownBy(() -> sink.write(List.of(enveloped(0, 0, 1, "a", 1))))
          .hasMessageContaining("Cannot create typed table " + table)
          .hasMessageContaining("'customer' is not a column of the table");
    }
    assertThat(fx.value("SELECT count(*) FROM svv_columns WHERE table_name = '" + table + "'"))
        .isEqualTo("0");
  }
}
