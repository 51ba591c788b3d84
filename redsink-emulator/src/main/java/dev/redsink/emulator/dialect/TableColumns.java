package dev.redsink.emulator.dialect;

import java.util.List;

/** What the dialect may ask the catalog about a table: its columns, and which of them are SUPER. */
@FunctionalInterface
public interface TableColumns {

  /** Answers nothing: statements are read without the catalog. */
  TableColumns UNKNOWN = (schema, table) -> List.of();

  /**
   * The columns of the table, in order, by their PostgreSQL names; empty when there is no such
   * table or the name is ambiguous.
   *
   * @param schema the schema as written, or null for an unqualified name
   */
  List<Column> of(String schema, String table);

  /** One column. */
  record Column(String name, Kind kind) {}

  /** What a column holds, as far as reading a literal for it goes. */
  enum Kind {
    SUPER,
    OTHER
  }
}
