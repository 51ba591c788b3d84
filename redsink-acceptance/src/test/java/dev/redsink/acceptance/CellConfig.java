package dev.redsink.acceptance;

import dev.redsink.emulator.RedshiftEmulator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A cell's plugin configuration as a user writes it: the seed key names with TOML values (lists as
 * arrays) for the {@code redsink} command, and the dotted names with strings (lists
 * comma-separated) for Kafka Connect.
 */
final class CellConfig {
  private CellConfig() {}

  /** The engine keys and values (String, Boolean, Integer or List of String). */
  static Map<String, Object> of(Cell cell, Warehouse warehouse) {
    RedshiftEmulator emulator = warehouse.emulator();
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("connection_string", warehouse.connectionString());
    c.put("target_table", cell.targetTable());
    cell.schema().ifPresent(s -> c.put("target_schema", s));
    c.put("aws_iam_role", emulator.iamRole());
    c.put("s3_bucket", emulator.bucket());
    c.put("s3_prefix", "acceptance/" + cell.id());
    c.put("aws_region", emulator.region());
    c.put("s3_endpoint", emulator.s3().endpoint().toString());
    c.put("aws_access_key_id", emulator.s3().accessKeyId());
    c.put("aws_secret_access_key", emulator.s3().secretAccessKey());
    c.put("max_connections", 2);
    c.put("upload_concurrency", 2);
    c.put("max_retries", 3);
    c.put("retry_delay", "200ms");
    c.putAll(cell.options().keys());
    switch (cell.layout()) {
      case VARBYTE -> c.put("payload_format", "varbyte");
      case TEXT -> c.put("payload_format", "text");
      case SUPER -> c.put("payload_format", "super");
      case HEADERS -> {
        c.put("payload_format", "text");
        c.put("include_headers", true);
      }
      case TYPED_JSON, TYPED_ENVELOPE -> c.put("table_layout", "typed");
    }
    switch (cell.mode()) {
      case APPEND -> {}
      case UPSERT_FIELDS -> {
        c.put("write_mode", "upsert");
        c.put("primary_key", List.of("region", "order_id"));
      }
      case UPSERT_RECORD_KEY -> {
        c.put("write_mode", "upsert");
        c.put("primary_key", "record_key");
      }
      case DELETE_ON_TOMBSTONE -> {
        c.put("write_mode", "upsert");
        c.put("primary_key", "record_key");
        c.put("delete_on_tombstone", true);
      }
      case CDC_HARD, CDC_SOFT -> {
        c.put("write_mode", "cdc");
        c.put("cdc_delete_mode", cell.mode() == WriteMode.CDC_SOFT ? "soft" : "hard");
        if (!cell.runtime().fromKafka()) {
          // Lines carry no record key: the change events' own key field identifies the row.
          c.put("primary_key", List.of("order_id"));
        }
      }
    }
    return c;
  }

  /** The {@code [plugin_config]} table's lines. */
  static String toml(Map<String, Object> config) {
    StringBuilder out = new StringBuilder();
    config.forEach((key, value) -> out.append(key).append(" = ").append(toml(value)).append('\n'));
    return out.toString();
  }

  /** The Kafka Connect spelling: dotted names, lists comma-separated. */
  static Map<String, String> connect(Map<String, Object> config) {
    Map<String, String> out = new LinkedHashMap<>();
    config.forEach(
        (key, value) ->
            out.put(
                key.replace('_', '.'),
                value instanceof List<?> list
                    ? list.stream().map(String::valueOf).collect(Collectors.joining(","))
                    : String.valueOf(value)));
    return out;
  }

  static String toml(Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(CellConfig::toml).collect(Collectors.joining(", ", "[", "]"));
    }
    if (value instanceof String s) {
      return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    return String.valueOf(value);
  }
}
