package dev.redsink.emulator.copy;

import dev.redsink.emulator.copy.TableColumn.Identity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which target columns a COPY fills, in the order of the file's columns, by Redshift's column-list
 * rules (https://docs.aws.amazon.com/redshift/latest/dg/copy-parameters-column-mapping.html): the
 * list maps the file's columns by position (Parquet never by name,
 * https://docs.aws.amazon.com/redshift/latest/dg/copy-usage_notes-copy-from-columnar.html); a
 * column left out gets its DEFAULT or NULL, and one that can take neither fails the COPY; an
 * IDENTITY column is listed with EXPLICIT_IDS and only then; without a list, every column in table
 * order, IDENTITY columns only with EXPLICIT_IDS. That the list holds as many columns as the file
 * is checked per file by {@link ParquetLoad} (Spectrum's error 15007).
 */
public final class ColumnMapping {

  /**
   * Redshift's error for a COPY whose column list leaves out a NOT NULL column without a DEFAULT
   * (SQLSTATE 42601), as Redshift reports it (commands_copy.c, DoTheCopy).
   */
  static final String REQUIRED_COLUMN_LEFT_OUT =
      "NOT NULL column without DEFAULT must be included in column list";

  private ColumnMapping() {}

  /**
   * The columns COPY loads, in file order.
   *
   * @param table the table's columns in ordinal order
   * @param tableName the table as the COPY names it, for messages
   * @throws CopyException for a list naming an unknown column (42703) or one twice (42701), an
   *     IDENTITY column listed without EXPLICIT_IDS or left out with it, or a required column left
   *     out (42601)
   */
  public static List<ColumnSpec> choose(
      List<TableColumn> table, String tableName, CopyCommand copy) {
    boolean explicitIds = copy.has(CopyFlag.EXPLICIT_IDS);
    if (copy.columns().isEmpty()) {
      List<ColumnSpec> all = new ArrayList<>();
      for (TableColumn c : table) {
        if (c.identity() == Identity.NONE || explicitIds) {
          all.add(c.spec());
        }
      }
      return all;
    }
    List<ColumnSpec> chosen = new ArrayList<>();
    Set<String> listed = new HashSet<>();
    for (String name : copy.columns()) {
      TableColumn column = find(table, name).orElse(null);
      if (column == null) {
        throw CopyException.of(
            "42703", "column \"" + name + "\" of relation \"" + tableName + "\" does not exist");
      }
      if (!listed.add(name)) {
        throw CopyException.of("42701", "column \"" + name + "\" specified more than once");
      }
      if (column.identity() == Identity.ALWAYS && !explicitIds) {
        throw CopyException.of(
            CopyException.SYNTAX_ERROR,
            "IDENTITY column \""
                + name
                + "\" is in the column list, which requires EXPLICIT_IDS; leave it out of the"
                + " list to have its values generated");
      }
      chosen.add(column.spec());
    }
    for (TableColumn c : table) {
      if (listed.contains(c.name())) {
        continue;
      }
      if (c.identity() == Identity.ALWAYS && explicitIds) {
        throw CopyException.of(
            CopyException.SYNTAX_ERROR,
            "EXPLICIT_IDS requires the IDENTITY column \""
                + c.name()
                + "\" in the column list; list it, or leave out EXPLICIT_IDS");
      }
      if (c.required()) {
        throw CopyException.of(CopyException.SYNTAX_ERROR, REQUIRED_COLUMN_LEFT_OUT);
      }
    }
    return chosen;
  }

  private static Optional<TableColumn> find(List<TableColumn> table, String name) {
    return table.stream().filter(c -> c.name().equals(name)).findFirst();
  }
}
