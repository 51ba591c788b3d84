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
 * Value fields named like Redsink's own columns (a Debezium table's {@code id}, a metadata or
 * staging column) land in {@code <name>_value} columns, in append and in upsert keyed by that
 * field; a name over 127 bytes lands in its cut, hashed column; a name no column can have is a bad
 * record the rest of the batch loads without.
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

  private Map<String, Object> typedConfig() {
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    return config;
  }

  private static Record record(long offset, String json) {
    return new Record("t", 0, offset, 1L, null, List.of(), json.getBytes(UTF_8));
  }

  @Test
  void idAndCreatedAtFieldsGetTheirOwnColumns() throws Exception {
    Map<String, Object> config = typedConfig();
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
    Map<String, Object> config = typedConfig();
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

  @Test
  void metadataAndStagingNamesKeepTheirValuesInUpsert() throws Exception {
    Map<String, Object> config = typedConfig();
    config.put("write_mode", "upsert");
    config.put("primary_key", "k");
    config.put("metadata_column_prefix", "m_");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(
          List.of(
              record(0, "{\"k\": 1, \"m_topic\": \"mine\", \"redsink_op\": \"d\", \"m_key\": 7}"),
              record(
                  1,
                  "{\"k\": 1, \"m_topic\": \"mine too\", \"redsink_op\": \"d\", \"m_key\": 8}")));
    }
    assertThat(
            fx.rows(
                "SELECT k, m_topic, m_topic_value, redsink_op_value, m_key_value FROM " + table))
        .as("the value's topic beside the record's, and 'd' is data, not a delete")
        .containsExactly("1|t|mine too|d|8");
  }

  @Test
  void aSoftDeleteCdcSourceColumnNamedLikeTheFlagKeepsItsValue() throws Exception {
    Map<String, Object> config = typedConfig();
    config.put("write_mode", "cdc");
    config.put("primary_key", "k");
    config.put("cdc_delete_mode", "soft");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(
          List.of(
              record(0, "{\"op\": \"c\", \"after\": {\"k\": 1, \"pico_deleted\": \"no\"}}"),
              record(1, "{\"op\": \"d\", \"before\": {\"k\": 1, \"pico_deleted\": \"yes\"}}")));
    }
    assertThat(fx.rows("SELECT k, pico_deleted, pico_deleted_value FROM " + table))
        .containsExactly("1|t|no");
  }

  @Test
  void aLongNameLandsInItsFittedColumnAndABadNameIsRefusedAlone() throws Exception {
    Map<String, Object> config = typedConfig();
    String longName = "reading_" + "é".repeat(100);
    List<Record> records =
        List.of(
            record(0, "{\"" + longName + "\": 1}"),
            record(1, "{\"n\": 1, \"N\": 2}"),
            record(2, "{\"READING_" + "é".repeat(100) + "\": 3}"));
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.check(records.get(1)))
          .hasValueSatisfying(
              e ->
                  assertThat(e.getMessage())
                      .contains("t:0:1")
                      .contains("fields 'n' and 'N' both land in column 'n'"));
      assertThat(sink.check(records.get(0))).isEmpty();
      sink.write(List.of(records.get(0), records.get(2)));
    }
    // 118 bytes of the name, '_' and 8 hex digits of its SHA-256: 127 bytes.
    String column = "reading_" + "é".repeat(55) + "_" + sha256Hex(longName).substring(0, 8);
    assertThat(column.getBytes(UTF_8)).hasSize(127);
    assertThat(fx.rows("SELECT \"" + column + "\" FROM " + table + " ORDER BY 1"))
        .as("the same column for the name in upper case")
        .containsExactly("1", "3");
  }

  private static String sha256Hex(String text) throws Exception {
    return java.util.HexFormat.of()
        .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(UTF_8)));
  }
}
