package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Records the configured layout cannot hold, odd topic names and degenerate batches: each has its
 * expected outcome (loaded intact, or refused naming the record or the key) and nothing else of the
 * stream is lost.
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class BadInputCatalogueIT {

  private static final int STREAM = 1_000;
  private static final long BAD = 500;

  private final ScenarioWarehouse warehouse;

  BadInputCatalogueIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void payloadOverTheVarbyteLimit() throws Exception {
    refusedByName("payload over VARBYTE(16777216)", "varbyte", new byte[16_777_217], "16777216");
  }

  @Test
  void payloadOverTheVarcharMaxLimit() throws Exception {
    refusedByName("payload over VARCHAR(65535)", "text", ascii(65_536), "65535");
  }

  @Test
  void fourByteUtf8OneByteOverTheLimit() throws Exception {
    refusedByName("4-byte UTF-8, one byte over 65535", "text", fourByteUtf8(65_536), "65536 bytes");
  }

  @Test
  void invalidUtf8InTextMode() throws Exception {
    refusedByName(
        "invalid UTF-8 in text mode", "text", new byte[] {'o', 'k', (byte) 0xC3, '('}, "UTF-8");
  }

  @Test
  void invalidJsonWithPayloadFormatSuper() throws Exception {
    refusedByName(
        "invalid JSON with payload_format = super",
        "super",
        "{\"a\": 1,".getBytes(StandardCharsets.UTF_8),
        "not valid JSON");
  }

  @Test
  void invalidJsonInTheTypedLayout() throws Exception {
    refusedByName(
        "invalid JSON with table_layout = typed",
        Map.of("table_layout", "typed"),
        "{\"p\": 0, \"o\":".getBytes(StandardCharsets.UTF_8),
        "as typed fields: the value is not valid JSON");
  }

  @Test
  void aJsonArrayInTheTypedLayout() throws Exception {
    refusedByName(
        "JSON array (not an object) with table_layout = typed",
        Map.of("table_layout", "typed"),
        "[1, 2, 3]".getBytes(StandardCharsets.UTF_8),
        "as typed fields: the value is not a JSON object");
  }

  @Test
  void anEmptyFieldNameInTheTypedLayout() throws Exception {
    refusedByName(
        "typed field with an empty name",
        Map.of("table_layout", "typed"),
        "{\"\": 1, \"p\": 0}".getBytes(StandardCharsets.UTF_8),
        "empty name");
  }

  @Test
  void aFieldNameWithNulInTheTypedLayout() throws Exception {
    refusedByName(
        "typed field name with NUL",
        Map.of("table_layout", "typed"),
        "{\"a\\u0000b\": 1}".getBytes(StandardCharsets.UTF_8),
        "field 'a\\0b' has a NUL character");
  }

  @Test
  void fieldNamesFoldingToOneColumnInTheTypedLayout() throws Exception {
    refusedByName(
        "typed fields 'a' and 'A' (one column once folded)",
        Map.of("table_layout", "typed"),
        "{\"a\": 1, \"A\": 2}".getBytes(StandardCharsets.UTF_8),
        "fields 'a' and 'A' both land in column 'a'");
  }

  @Test
  void aMetadataColumnsNameAsAFieldLandsInItsValueColumn() throws Exception {
    String table = ScenarioWarehouse.uniqueTable("odd");
    Map<String, Object> config = warehouse.config(table);
    config.put("table_layout", "typed");
    String topic = "odd." + table;
    List<Record> records = new ArrayList<>();
    for (long i = 0; i < STREAM; i++) {
      String value =
          i == BAD ? "{\"pico_topic\": \"mine\", \"n\": " + i + "}" : "{\"n\": " + i + "}";
      records.add(
          new Record(topic, 0, i, 0L, key(i), List.of(), value.getBytes(StandardCharsets.UTF_8)));
    }
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.check(records.get((int) BAD))).isEmpty();
      assertThat(sink.write(records).loaded()).isEqualTo(STREAM);
    }
    assertThat(warehouse.count(table)).isEqualTo(STREAM);
    assertThat(
            warehouse.rows("SELECT pico_topic, pico_topic_value FROM " + table + " WHERE n = 500"))
        .containsExactly(topic + "|mine");
    Figures.record(
        "typed field named like a metadata column (pico_topic)",
        STREAM,
        0,
        0,
        0,
        -1,
        "its value in pico_topic_value beside the record's topic; all loaded once");
  }

  @Test
  void fourByteUtf8AtTheExactByteLimitLoads() throws Exception {
    byte[] exact = fourByteUtf8(65_535);
    String table = loadsIntact("text", exact, null);
    assertThat(payloadBytes(table)).isEqualTo(65_535);
  }

  @Test
  void nulBytesInTextMode() throws Exception {
    refusedByName(
        "NUL bytes in text mode",
        "text",
        "a\u0000b\u0000c".getBytes(StandardCharsets.UTF_8),
        "NUL byte (0x00) at byte 1");
  }

  @Test
  void nulBytesInVarbyteMode() throws Exception {
    String table = loadsIntact("varbyte", new byte[] {0, 0, 1, 0}, null);
    assertThat(payloadBytes(table)).isEqualTo(4);
  }

  @Test
  void binaryKeysAreStoredAsBase64() throws Exception {
    byte[] key = {(byte) 0xFF, 0, (byte) 0xC3, 0x28};
    String table = loadsIntact("varbyte", "{}".getBytes(StandardCharsets.UTF_8), key);
    assertThat(warehouse.rows("SELECT pico_key FROM " + table + " WHERE id = '" + id(table) + "'"))
        .containsExactly("/wDDKA==");
  }

  @Test
  void tombstonesBecomeNullPayloads() throws Exception {
    String table = loadsIntact("varbyte", null, null);
    assertThat(
            warehouse.number(
                "SELECT count(*) FROM "
                    + table
                    + " WHERE payload IS NULL AND id = '"
                    + id(table)
                    + "'"))
        .isEqualTo(1);
  }

  @Test
  void aTenMegabyteRecordLoads() throws Exception {
    byte[] big = new byte[10 * 1024 * 1024];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) (i * 31);
    }
    String table = loadsIntact("varbyte", big, null);
    assertThat(payloadBytes(table)).isEqualTo(big.length);
  }

  @Test
  void emptyBatchesDoNothing() throws Exception {
    String table = ScenarioWarehouse.uniqueTable("bad");
    long statements;
    try (RedshiftSink sink = RedshiftSink.open(warehouse.config(table))) {
      statements = warehouse.emulator().statistics().statements();
      LoadResult r = sink.write(List.of());
      assertThat(r.received()).isZero();
      assertThat(r.loaded()).isZero();
      assertThat(warehouse.emulator().statistics().statements()).isEqualTo(statements);
    }
    assertThat(warehouse.count(table)).isZero();
    assertThat(warehouse.stagedObjects(table)).isEmpty();
    Figures.record("empty batch", 0, 0, 0, 0, -1, "no statement, no object");
  }

  @Test
  void twoTopicsFoldingToOneTableLoadOnceEach() throws Exception {
    String table = ScenarioWarehouse.uniqueTable("fold");
    String upper = table.toUpperCase(java.util.Locale.ROOT);
    Map<String, Object> config = warehouse.config("{topic}");
    config.put("s3_prefix", "reliability/" + table);
    List<Record> batch = new ArrayList<>();
    batch.addAll(new SourceStream(table, 1, STREAM).slice(0, 0, STREAM));
    batch.addAll(new SourceStream(upper, 1, STREAM).slice(0, 0, STREAM));
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(batch).loaded()).isEqualTo(2 * STREAM);
      assertThat(sink.write(batch).loaded()).as("a replay").isZero();
      assertThat(sink.nextOffsets(List.of(new TopicPartition(upper, 0))))
          .containsEntry(new TopicPartition(upper, 0), (long) STREAM);
    }
    assertThat(warehouse.count(table)).isEqualTo(2L * STREAM);
    assertThat(warehouse.distinctIds(table)).isEqualTo(2L * STREAM);
    assertThat(warehouse.tableExists(upper)).isFalse();
    Figures.record(
        "two topics folding to one table name",
        2 * STREAM,
        0,
        0,
        0,
        -1,
        "both topics in one table, each once (a warning names both)");
  }

  @Test
  void aTemplateResolvingOver127BytesNamesTheKey() throws Exception {
    String table = ScenarioWarehouse.uniqueTable("long");
    Map<String, Object> config = warehouse.config(table + "_{topic}");
    String topic = "t".repeat(120);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      InvalidConfigException e =
          catchThrowableOfType(
              InvalidConfigException.class,
              () -> sink.write(new SourceStream(topic, 1, 10).slice(0, 0, 10)));
      assertThat(e).isNotNull();
      assertThat(e.getMessage()).contains("target_table").contains("127").contains(topic);
    }
    assertThat(warehouse.stagedObjects(table)).isEmpty();
    Figures.record(
        "template resolving to > 127 bytes", 10, 0, 0, 0, -1, "refused naming target_table");
  }

  @Test
  void topicNamesWithQuotesSemicolonsAndCommentsCannotInjectSql() throws Exception {
    String canary = ScenarioWarehouse.uniqueTable("canary");
    injectionAttempt(canary, "x\"; DROP TABLE " + canary + "; --'");
  }

  @Test
  void longTopicNamesWithQuotesCannotInjectSql() throws Exception {
    String canary = ScenarioWarehouse.uniqueTable("canary");
    injectionAttempt(
        canary, "x\"; DROP TABLE " + canary + "; --'); DELETE FROM _redsink_offsets; --");
  }

  @Test
  void aTopicNameOf100BytesLoads() throws Exception {
    String canary = ScenarioWarehouse.uniqueTable("canary");
    injectionAttempt(canary, "long_" + canary + "_" + "n".repeat(100 - 6 - canary.length()));
  }

  private void injectionAttempt(String canary, String topic) throws Exception {
    warehouse.emulator().sqlFaults().reset();
    try (var c = warehouse.connect();
        var st = c.createStatement()) {
      st.execute("CREATE TABLE " + canary + " (x INT)");
      st.execute("INSERT INTO " + canary + " VALUES (1)");
    }
    Map<String, Object> config = warehouse.config("{topic}");
    config.put("s3_prefix", "reliability/" + canary);
    List<Record> records = new SourceStream(topic, 1, STREAM).slice(0, 0, STREAM);
    String other = canary + "_other";
    try (RedshiftSink sink = RedshiftSink.open(warehouse.config(other))) {
      sink.write(new SourceStream(other, 1, 1).slice(0, 0, 1)); // another table's ledger row
    }
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(records).loaded()).isEqualTo(STREAM);
    }
    String folded = topic.toLowerCase(java.util.Locale.ROOT); // Redshift folds identifiers
    assertThat(warehouse.tableExists(folded)).as("the table with the odd name").isTrue();
    assertThat(warehouse.count(folded)).isEqualTo(STREAM);
    assertThat(warehouse.distinctIds(folded)).isEqualTo(STREAM);
    assertThat(warehouse.count(canary)).as("the canary table survived").isEqualTo(1);
    assertThat(warehouse.ledger(other)).as("another table's ledger").hasSize(1);
    assertThat(warehouse.ledger(folded))
        .as("the new table's ledger: one row")
        .containsExactly(Map.entry(new TopicPartition(topic, 0), (long) STREAM));
    Figures.record(
        "topic with quotes, ; and -- (SQL injection attempt)",
        STREAM,
        0,
        0,
        0,
        -1,
        "table created under the odd name; nothing else touched");
  }

  /**
   * A stream with one bad record: the whole write is refused naming it (nothing committed), check()
   * finds exactly it, and the rest loads once.
   */
  private void refusedByName(String name, String format, byte[] payload, String reason)
      throws Exception {
    refusedByName(name, Map.of("payload_format", format), payload, reason);
  }

  private void refusedByName(
      String name, Map<String, Object> settings, byte[] payload, String reason) throws Exception {
    String table = ScenarioWarehouse.uniqueTable("bad");
    Map<String, Object> config = warehouse.config(table);
    config.putAll(settings);
    String topic = "bad." + table;
    List<Record> records = withRecord(topic, payload, key(BAD));
    String badId = topic + ":0:" + BAD;
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      BadRecordException e =
          catchThrowableOfType(BadRecordException.class, () -> sink.write(records));
      assertThat(e).as("%s: refused", name).isNotNull();
      assertThat(e.recordId()).isEqualTo(badId);
      assertThat(e.getMessage()).contains(badId).contains(reason);
      assertThat(warehouse.tableExists(table) ? warehouse.count(table) : 0)
          .as("rows after the refused write")
          .isZero();
      List<Record> good = new ArrayList<>();
      List<String> diverted = new ArrayList<>();
      for (Record r : records) {
        if (sink.check(r).isPresent()) {
          diverted.add(r.id());
        } else {
          good.add(r);
        }
      }
      assertThat(diverted).containsExactly(badId);
      assertThat(sink.write(good).loaded()).isEqualTo(STREAM - 1);
    }
    assertThat(warehouse.count(table)).isEqualTo(STREAM - 1);
    assertThat(warehouse.distinctIds(table)).isEqualTo(STREAM - 1);
    assertThat(warehouse.number("SELECT count(*) FROM " + table + " WHERE id = '" + badId + "'"))
        .isZero();
    assertThat(warehouse.ledger(table)).containsEntry(new TopicPartition(topic, 0), (long) STREAM);
    assertThat(warehouse.stagedObjects(table)).isEmpty();
    Figures.record(name, STREAM, 0, 0, 0, -1, "refused naming " + badId + "; the rest loaded once");
  }

  /** A stream with one unusual record that must load intact with all the others. */
  private String loadsIntact(String format, byte[] payload, byte[] key) throws Exception {
    String table = ScenarioWarehouse.uniqueTable("odd");
    Map<String, Object> config = warehouse.config(table);
    config.put("payload_format", format);
    String topic = "odd." + table;
    List<Record> records = withRecord(topic, payload, key == null ? key(BAD) : key);
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.check(records.get((int) BAD))).isEmpty();
      assertThat(sink.write(records).loaded()).isEqualTo(STREAM);
    }
    assertThat(warehouse.count(table)).isEqualTo(STREAM);
    assertThat(warehouse.distinctIds(table)).isEqualTo(STREAM);
    assertThat(warehouse.ledger(table)).containsEntry(new TopicPartition(topic, 0), (long) STREAM);
    assertThat(warehouse.stagedObjects(table)).isEmpty();
    return table;
  }

  /** The octet length of the unusual record's payload in the table. */
  private long payloadBytes(String table) throws SQLException {
    return warehouse.number(
        "SELECT octet_length(payload) FROM " + table + " WHERE id = '" + id(table) + "'");
  }

  private static String id(String table) {
    return "odd." + table + ":0:" + BAD;
  }

  private static List<Record> withRecord(String topic, byte[] payload, byte[] key) {
    List<Record> records = new ArrayList<>(new SourceStream(topic, 1, STREAM).slice(0, 0, STREAM));
    Record r = records.get((int) BAD);
    records.set((int) BAD, new Record(topic, 0, BAD, r.timestamp(), key, List.of(), payload));
    return records;
  }

  private static byte[] key(long offset) {
    return ("k" + offset).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] ascii(int bytes) {
    byte[] b = new byte[bytes];
    Arrays.fill(b, (byte) 'a');
    return b;
  }

  /** 4-byte characters (U+1F600) up to {@code bytes}, padded with ASCII to exactly that length. */
  private static byte[] fourByteUtf8(int bytes) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < bytes / 4; i++) {
      sb.appendCodePoint(0x1F600);
    }
    sb.append("a".repeat(bytes % 4));
    byte[] out = sb.toString().getBytes(StandardCharsets.UTF_8);
    assertThat(out).hasSize(bytes);
    return out;
  }
}
