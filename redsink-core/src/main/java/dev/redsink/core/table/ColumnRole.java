package dev.redsink.core.table;

/** What a column holds, independent of its configured name. */
public enum ColumnRole {
  ID,
  OFFSET,
  TIMESTAMP,
  TOPIC,
  PARTITION,
  KEY,
  HEADERS,
  PAYLOAD,
  CREATED_AT,
  /** One top-level field of the value, in table_layout = typed. */
  FIELD
}
