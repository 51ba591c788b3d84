package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** write_mode, primary_key, delete_on_tombstone and cdc_delete_mode: defaults, values, checks. */
class WriteSettingsParserTest {

  private static Map<String, Object> typed(String mode) {
    Map<String, Object> raw = ConfigParserTest.minimal();
    raw.put("table_layout", "typed");
    raw.put("write_mode", mode);
    return raw;
  }

  private static List<String> problems(Map<String, Object> raw) {
    return catchThrowableOfType(InvalidConfigException.class, () -> ConfigParser.parse(raw))
        .problems();
  }

  @Test
  void defaultsAppend() {
    WriteSettings write = ConfigParserTest.parse(ConfigParserTest.minimal()).write();
    assertThat(write.mode()).isEqualTo(WriteMode.APPEND);
    assertThat(write.primaryKey()).isEmpty();
    assertThat(write.tombstones()).isEqualTo(WriteSettings.TombstoneHandling.IGNORE);
    assertThat(write.cdcDelete()).isEqualTo(CdcDeleteMode.HARD);
    assertThat(write.deletedColumn()).isEqualTo("pico_deleted");
  }

  @Test
  void explicitUpsertValues() {
    Map<String, Object> raw = typed("Upsert");
    raw.put("primary_key", "record_key");
    raw.put("delete.on.tombstone", true);
    raw.put("metadata_column_prefix", "rs_");
    RedsinkConfig config = ConfigParserTest.parse(raw);
    assertThat(config.write().mode()).isEqualTo(WriteMode.UPSERT);
    assertThat(config.write().keyFromRecordKey()).isTrue();
    assertThat(config.write().tombstones()).isEqualTo(WriteSettings.TombstoneHandling.DELETE);
    assertThat(config.write().deletedColumn()).isEqualTo("rs_deleted");
    assertThat(config.effectiveValues())
        .containsEntry("write_mode", "upsert")
        .containsEntry("delete_on_tombstone", "true");
    raw = typed("upsert");
    raw.put("primary_key", " order_id , line ");
    assertThat(ConfigParserTest.parse(raw).write().primaryKey())
        .containsExactly("order_id", "line");
  }

  @Test
  void cdcDefaultsToTheRecordKeyAndTakesADeleteMode() {
    Map<String, Object> raw = typed("cdc");
    raw.put("cdc_delete_mode", "soft");
    WriteSettings write = ConfigParserTest.parse(raw).write();
    assertThat(write.mode()).isEqualTo(WriteMode.CDC);
    assertThat(write.primaryKey()).containsExactly("record_key");
    assertThat(write.cdcDelete()).isEqualTo(CdcDeleteMode.SOFT);
  }

  @Test
  void historyDefaultsToTheRecordKeyAndTakesATimeFieldOnlyItself() {
    Map<String, Object> raw = typed("history");
    raw.put("history.time.field", "Changed_At");
    WriteSettings write = ConfigParserTest.parse(raw).write();
    assertThat(write.mode()).isEqualTo(WriteMode.HISTORY);
    assertThat(write.primaryKey()).containsExactly("record_key");
    assertThat(write.historyTimeField()).isEqualTo("changed_at");
    Map<String, Object> cdc = typed("cdc");
    cdc.put("history_time_field", "changed_at");
    assertThat(problems(cdc))
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith("history_time_field: needs write_mode = history")
                    .contains("remove it"));
    Map<String, Object> tombstones = typed("history");
    tombstones.put("primary_key", "id");
    tombstones.put("delete_on_tombstone", true);
    assertThat(problems(tombstones))
        .anySatisfy(p -> assertThat(p).startsWith("delete_on_tombstone: needs primary_key"));
  }

  @Test
  void primaryKeyIsAListOrACommaSeparatedString() {
    Map<String, Object> list = typed("upsert");
    list.put("primary_key", List.of("region", " order_id"));
    assertThat(ConfigParserTest.parse(list).write().primaryKey())
        .containsExactly("region", "order_id");
    Map<String, Object> text = typed("upsert");
    text.put("primary_key", "region, order_id");
    assertThat(ConfigParserTest.parse(text).write().primaryKey())
        .containsExactly("region", "order_id");
    Map<String, Object> empty = typed("upsert");
    empty.put("primary_key", List.of());
    assertThat(problems(empty)).anySatisfy(p -> assertThat(p).startsWith("primary_key: must name"));
    Map<String, Object> nested = typed("upsert");
    nested.put("primary_key", List.of(Map.of("a", 1)));
    assertThat(problems(nested))
        .anySatisfy(p -> assertThat(p).startsWith("primary_key: expected a list of strings"));
  }

  @Test
  void everyMisuseIsNamedWithItsKey() {
    assertThat(problems(typed("upsert")))
        .anySatisfy(p -> assertThat(p).contains("primary_key").contains("write_mode = upsert"));
    Map<String, Object> payload = ConfigParserTest.minimal();
    payload.put("write_mode", "cdc");
    assertThat(problems(payload))
        .anySatisfy(p -> assertThat(p).contains("write_mode").contains("table_layout = typed"));
    Map<String, Object> tombstones = typed("upsert");
    tombstones.put("primary_key", "id");
    tombstones.put("delete_on_tombstone", true);
    assertThat(problems(tombstones))
        .anySatisfy(
            p ->
                assertThat(p).contains("delete_on_tombstone").contains("primary_key = record_key"));
    Map<String, Object> wrong = typed("merge");
    wrong.put("primary_key", "id,,name");
    wrong.put("cdc_delete_mode", "purge");
    assertThat(problems(wrong))
        .anySatisfy(p -> assertThat(p).contains("write_mode").contains("append or upsert or cdc"))
        .anySatisfy(p -> assertThat(p).contains("primary_key").contains("comma-separated"))
        .anySatisfy(p -> assertThat(p).contains("cdc_delete_mode").contains("hard or soft"));
  }
}
