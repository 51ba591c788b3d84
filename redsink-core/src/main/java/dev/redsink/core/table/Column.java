package dev.redsink.core.table;

/**
 * One column of a Redsink table: its name, type, role, the configuration that implies it, and the
 * byte capacity values are checked against before encoding.
 */
public record Column(
    String name, ColumnType type, ColumnRole role, String impliedBy, int maxBytes) {

  Column(String name, ColumnType type, ColumnRole role, String impliedBy) {
    this(name, type, role, impliedBy, type.maxBytes());
  }

  /** This column with a different byte capacity, as found on an existing table. */
  public Column withMaxBytes(int bytes) {
    return new Column(name, type, role, impliedBy, bytes);
  }
}
