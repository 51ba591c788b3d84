package dev.redsink.core.table;

/** The optional column groups of a Redsink table. */
public enum ColumnGroup {
  /** offset, timestamp, topic and partition; switched by include_metadata. */
  METADATA,
  /** The record key; switched by include_key. */
  KEY,
  /** The record headers as a SUPER object; switched by include_headers. */
  HEADERS
}
