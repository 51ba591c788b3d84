package dev.redsink.core.sql;

import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.TableName;
import java.util.List;

/**
 * The statements {@code redsink check --conformance} adds to the engine's own: its scratch schema,
 * reading loaded values back, and the statements that provoke the SQLSTATEs the engine classifies.
 * Everything else it runs is the engine's own SQL.
 */
public final class ConformanceSql {
  /** Every scratch schema's name starts with this; {@code yyyyMMddHHmmss} (UTC) follows. */
  public static final String SCHEMA_PREFIX = "redsink_conformance_";

  private ConformanceSql() {}

  public static String createSchema(String schema) {
    return "CREATE SCHEMA " + Identifiers.quote(schema);
  }

  /** Drops the scratch schema with everything in it. */
  public static String dropSchema(String schema) {
    return "DROP SCHEMA IF EXISTS " + Identifiers.quote(schema) + " CASCADE";
  }

  /** A small table of its own for the error probes: {@code (k INTEGER, v VARCHAR(256))}. */
  public static String createProbeTable(TableName table) {
    return "CREATE TABLE " + Identifiers.table(table) + " (\"k\" INTEGER, \"v\" VARCHAR(256))";
  }

  /** Counts a table's rows. */
  public static String count(TableName table) {
    return "SELECT COUNT(*) FROM " + Identifiers.table(table);
  }

  /** Adds a row to a probe table. */
  public static String insertProbeRow(TableName table, int k) {
    return "INSERT INTO "
        + Identifiers.table(table)
        + " (\"k\", \"v\") VALUES ("
        + k
        + ", 'probe')";
  }

  /** Selects a column that does not exist: SQLSTATE 42703. */
  public static String selectMissingColumn(TableName table) {
    return "SELECT \"no_such_column\" FROM " + Identifiers.table(table);
  }

  /**
   * One column of a one-row table as text to show: VARBYTE in hex, SUPER serialized, long text as
   * its length in bytes and characters.
   */
  public static String shown(TableName table, String column, ColumnType type) {
    String c = Identifiers.quote(column);
    String value;
    if (type.equals(ColumnType.VARBYTE_MAX)) {
      value = "TO_HEX(" + c + ")";
    } else if (type.equals(ColumnType.SUPER)) {
      value = "JSON_SERIALIZE(" + c + ")";
    } else if (type.equals(ColumnType.BOOLEAN)) {
      // Redshift casts no BOOLEAN to text.
      value = "CASE WHEN " + c + " THEN 'true' ELSE 'false' END";
    } else if (type.equals(ColumnType.VARCHAR_MAX)) {
      value = "OCTET_LENGTH(" + c + ") || ' bytes, ' || LEN(" + c + ") || ' characters'";
    } else {
      value = "CAST(" + c + " AS VARCHAR(256))";
    }
    return "SELECT " + value + " FROM " + Identifiers.table(table);
  }

  /**
   * The number of rows whose column equals the value bound to the one parameter, read as the
   * column's type: compared by Redshift, whatever text its driver gives the value. VARBYTE takes
   * hex, SUPER its JSON text.
   */
  public static String countEqual(TableName table, String column, ColumnType type) {
    String c = Identifiers.quote(column);
    String condition;
    if (type.equals(ColumnType.VARBYTE_MAX)) {
      condition = c + " = FROM_HEX(?)";
    } else if (type.equals(ColumnType.SUPER)) {
      condition = "JSON_SERIALIZE(" + c + ") = ?";
    } else {
      condition = c + " = CAST(? AS " + SqlTypes.ddl(type) + ")";
    }
    return "SELECT COUNT(*) FROM " + Identifiers.table(table) + " WHERE " + condition;
  }

  /**
   * Selected columns of a table as text, ordered by the first one's value (not its text: the output
   * columns get names of their own, which ORDER BY would otherwise pick).
   */
  public static String rows(TableName table, List<String> columns) {
    StringBuilder select = new StringBuilder("SELECT ");
    for (int i = 0; i < columns.size(); i++) {
      select
          .append(i == 0 ? "" : ", ")
          .append("CAST(")
          .append(Identifiers.quote(columns.get(i)))
          .append(" AS VARCHAR(256)) AS \"v")
          .append(i + 1)
          .append('"');
    }
    return select
        .append(" FROM ")
        .append(Identifiers.table(table))
        .append(" ORDER BY ")
        .append(Identifiers.quote(columns.get(0)))
        .toString();
  }
}
