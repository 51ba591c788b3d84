package dev.redsink.core.verify;

import java.util.List;

/**
 * A table's values compared with its topic rebuilt from the log in a run table ({@code redsink
 * verify --values}).
 *
 * @param table the audited table
 * @param topic the topic compared
 * @param columns the columns compared
 * @param differing matched rows (by id, or by primary key) with a column that differs
 * @param onlyInTable the table's rows of the topic the rebuild has no match for
 * @param onlyRebuilt rebuilt rows the table has no match for
 * @param differences the first differing rows' columns, each with both values
 */
public record ValueReport(
    String table,
    String topic,
    List<String> columns,
    long differing,
    long onlyInTable,
    long onlyRebuilt,
    List<Difference> differences) {

  /**
   * One column of one row that differs.
   *
   * @param row the row's id or key, as {@code id=…} or {@code n=5}
   * @param inTable the table's value as text (null for NULL)
   * @param rebuilt the value the log loads, as text (null for NULL)
   */
  public record Difference(String row, String column, String inTable, String rebuilt) {}

  public ValueReport {
    columns = List.copyOf(columns);
    differences = List.copyOf(differences);
  }

  /** True when every row matches its rebuilt row in every column compared. */
  public boolean exact() {
    return differing == 0 && onlyInTable == 0 && onlyRebuilt == 0;
  }
}
