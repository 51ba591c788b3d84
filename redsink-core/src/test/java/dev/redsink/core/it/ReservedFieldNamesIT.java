package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Value fields named like Redsink's own columns (a Debezium table's {@code id}) land in {@code
 * <name>_value} columns, in append and in upsert keyed by that field.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ReservedFieldNamesIT {

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("rf");
  }

  private static Record record(long offset, String json) {
    return new Record("t", 0, offset, 1L, null, List.of(), json.getBytes(UTF_8));
  }

  @Test
  void idAndCreatedAtFieldsGetTheirOwnColumns() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(
          List.of(
              record(0, "{\"id\": 5, \"name\": \"a\", \"created_at\": \"yesterday\"}"),
              record(1, "{\"ID\": 6, \"name\": \"b\"}")));
    }
    assertThat(
            fx.rows("SELECT id, id_value, name, created_at_value FROM " + table + " ORDER BY id"))
        .containsExactly("t:0:0|5|a|yesterday", "t:0:1|6|b|null");
  }

  @Test
  void upsertKeyedByAnIdField() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("write_mode", "upsert");
    config.put("primary_key", "id");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(
          List.of(
              record(0, "{\"id\": 1, \"name\": \"old\"}"),
              record(1, "{\"id\": 2, \"name\": \"two\"}"),
              record(2, "{\"id\": 1, \"name\": \"new\"}")));
      sink.write(List.of(record(3, "{\"id\": 2, \"name\": \"two again\"}")));
    }
    assertThat(fx.rows("SELECT id_value, name FROM " + table + " ORDER BY id_value"))
        .containsExactly("1|new", "2|two again");
  }
}
