package dev.redsink.core.config;

import dev.redsink.core.table.TableLayout;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import java.util.List;

/**
 * The checks across write_mode, primary_key, delete_on_tombstone, cdc_delete_mode and
 * history_time_field.
 */
final class WriteSettingsParser {
  private WriteSettingsParser() {}

  static void check(KeyValues v, Problems problems) {
    WriteMode mode = v.get(ConfigKeys.WRITE_MODE);
    if (mode == null || mode == WriteMode.APPEND) {
      if (Boolean.TRUE.equals(v.get(ConfigKeys.DELETE_ON_TOMBSTONE))) {
        problems.problem(
            ConfigKeys.DELETE_ON_TOMBSTONE.name(),
            "needs write_mode = upsert; with write_mode = append a tombstone is appended");
      }
    }
    if (mode != WriteMode.HISTORY && v.get(ConfigKeys.HISTORY_TIME_FIELD) != null) {
      problems.problem(
          ConfigKeys.HISTORY_TIME_FIELD.name(),
          "needs write_mode = history; remove it, or set write_mode = history to keep every"
              + " version");
    }
    if (mode == null || mode == WriteMode.APPEND) {
      return;
    }
    if (v.get(ConfigKeys.TABLE_LAYOUT) != TableLayout.TYPED) {
      problems.problem(
          ConfigKeys.WRITE_MODE.name(),
          "write_mode = "
              + mode.keyword()
              + " needs table_layout = typed (rows are matched by field columns); set"
              + " table_layout = typed or write_mode = append");
    }
    List<String> key = v.get(ConfigKeys.PRIMARY_KEY);
    if (mode == WriteMode.UPSERT && key == null) {
      problems.problem(
          ConfigKeys.PRIMARY_KEY.name(),
          "is required with write_mode = upsert: list the fields that identify a row"
              + " (primary_key = \"order_id\") or use primary_key = \"record_key\"");
    }
    if (Boolean.TRUE.equals(v.get(ConfigKeys.DELETE_ON_TOMBSTONE))
        && (mode == WriteMode.UPSERT || mode == WriteMode.HISTORY)
        && key != null
        && !key.equals(List.of(WriteSettings.RECORD_KEY))) {
      problems.problem(
          ConfigKeys.DELETE_ON_TOMBSTONE.name(),
          "needs primary_key = record_key: a tombstone has no value fields, so its key can only"
              + " come from the record key");
    }
  }

  static WriteSettings settings(KeyValues v) {
    WriteMode mode = v.get(ConfigKeys.WRITE_MODE);
    List<String> key = v.get(ConfigKeys.PRIMARY_KEY);
    if (key == null) {
      key =
          mode == WriteMode.CDC || mode == WriteMode.HISTORY
              ? List.of(WriteSettings.RECORD_KEY)
              : List.of();
    }
    return new WriteSettings(
        mode,
        key,
        Boolean.TRUE.equals(v.get(ConfigKeys.DELETE_ON_TOMBSTONE))
            ? WriteSettings.TombstoneHandling.DELETE
            : WriteSettings.TombstoneHandling.IGNORE,
        v.get(ConfigKeys.CDC_DELETE_MODE),
        v.get(ConfigKeys.METADATA_COLUMN_PREFIX) + "deleted",
        v.get(ConfigKeys.UNAVAILABLE_VALUE_PLACEHOLDER),
        v.get(ConfigKeys.HISTORY_TIME_FIELD));
  }
}
