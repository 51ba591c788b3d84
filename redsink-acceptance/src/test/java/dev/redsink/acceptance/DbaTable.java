package dev.redsink.acceptance;

import java.util.ArrayList;
import java.util.List;

/**
 * The table a DBA creates before Redsink first runs: the columns the configuration implies, in
 * another order, and two of the DBA's own — a nullable one and a NOT NULL one with a DEFAULT —
 * which Redsink must leave to their defaults. A typed table starts with its key fields only; the
 * rest are added by the first load.
 */
final class DbaTable {
  static final String NULLABLE = "dba_note";
  static final String WITH_DEFAULT = "dba_source";
  static final String DEFAULT_VALUE = "dba";

  private DbaTable() {}

  /** The CREATE TABLE statement for the cell's table. */
  static String ddl(Cell cell) {
    List<String> columns = new ArrayList<>();
    columns.add("\"" + NULLABLE + "\" VARCHAR(64)");
    switch (cell.layout()) {
      case VARBYTE -> columns.add("\"payload\" VARBYTE(16777216)");
      case TEXT -> columns.add("\"payload\" VARCHAR(MAX)");
      case SUPER -> columns.add("\"payload\" SUPER");
      case HEADERS -> {
        columns.add("\"payload\" VARCHAR(MAX)");
        columns.add("\"pico_headers\" SUPER");
      }
      default -> {
        columns.add("\"order_id\" BIGINT");
        columns.add("\"region\" VARCHAR(256)");
      }
    }
    columns.add("\"id\" VARCHAR(512)");
    columns.add("\"created_at\" VARCHAR(256)");
    columns.add("\"pico_partition\" BIGINT");
    columns.add("\"pico_topic\" VARCHAR(256)");
    columns.add("\"pico_offset\" VARCHAR(20)");
    columns.add("\"pico_timestamp\" VARCHAR(20)");
    columns.add("\"pico_key\" VARCHAR(MAX)");
    columns.add("\"" + WITH_DEFAULT + "\" VARCHAR(16) NOT NULL DEFAULT '" + DEFAULT_VALUE + "'");
    return "CREATE TABLE " + cell.qualifiedTable() + " (" + String.join(", ", columns) + ")";
  }
}
