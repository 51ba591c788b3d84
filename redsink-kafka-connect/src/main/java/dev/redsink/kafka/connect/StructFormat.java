package dev.redsink.kafka.connect;

import java.util.Locale;
import java.util.Map;

/**
 * How record values with a Connect schema reach the engine: schemaless JSON for the payload layout
 * (the value as a JSON document), or JsonConverter's envelope with the schema for {@code
 * table.layout = typed}, whose columns and types come from that schema.
 */
enum StructFormat {
  SCHEMALESS_JSON,
  JSON_WITH_SCHEMA;

  /** The format a task's core configuration (dotted or underscored keys) asks for. */
  static StructFormat of(Map<String, String> coreConfig) {
    String layout = coreConfig.getOrDefault("table.layout", coreConfig.get("table_layout"));
    return layout != null && layout.trim().toLowerCase(Locale.ROOT).equals("typed")
        ? JSON_WITH_SCHEMA
        : SCHEMALESS_JSON;
  }
}
