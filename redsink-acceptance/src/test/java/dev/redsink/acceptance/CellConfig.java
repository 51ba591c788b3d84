package dev.redsink.acceptance;

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
  static Map<String, Object> of(Cell cell, CellWarehouse warehouse) {
    Map<String, Object> c = warehouse.config(cell.targetTable(), "acceptance/" + cell.id());
    // Each runtime authenticates through IAM, as production deployments do (AwsIdentity).
    AwsIdentity.configure(c, cell.runtime(), warehouse.emulator());
    cell.schema().ifPresent(s -> c.put("target_schema", s));
    c.put("max_connections", 2);
    c.put("upload_concurrency", 2);
    c.put("max_retries", 3);
    c.put("retry_delay", "200ms");
    // The suite's bucket denies unencrypted uploads (AcceptanceIT), as production buckets often do.
    c.put("s3_sse", "AES256");
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
      }
      case HISTORY -> c.put("write_mode", "history");
    }
    if (cell.mode().takesChangeEvents() && !cell.runtime().fromKafka()) {
      // Lines carry no record key: the change events' own key field identifies the row.
      c.put("primary_key", List.of("order_id"));
    }
    return c;
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
}
