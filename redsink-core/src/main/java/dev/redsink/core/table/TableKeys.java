package dev.redsink.core.table;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * The distribution style, distribution key and compound sort key of the tables Redsink creates.
 * Both keys name columns of the table's layout (folded to lower case as Redshift stores them); no
 * sort key means SORTKEY AUTO. An existing table is never altered to match.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_CREATE_TABLE_NEW.html">CREATE
 *     TABLE</a>
 */
public record TableKeys(DistStyle distStyle, Optional<String> distKey, List<String> sortKey) {

  /** Redshift's defaults: DISTSTYLE AUTO, SORTKEY AUTO. */
  public static final TableKeys AUTO = new TableKeys(DistStyle.AUTO, Optional.empty(), List.of());

  /** A compound sort key holds at most 400 columns (CREATE TABLE). */
  public static final int MAX_SORT_KEY_COLUMNS = 400;

  public TableKeys {
    sortKey = List.copyOf(sortKey);
    if ((distStyle == DistStyle.KEY) != distKey.isPresent()) {
      throw new IllegalArgumentException("DISTSTYLE KEY and a distribution key come together");
    }
  }

  /** Every column either key names, the distribution key first. */
  public List<String> columns() {
    LinkedHashSet<String> all = new LinkedHashSet<>();
    distKey.ifPresent(all::add);
    all.addAll(sortKey);
    return List.copyOf(all);
  }

  /**
   * Why a layout cannot take these keys (a key column it lacks, or one whose type cannot be a key),
   * or empty when it can.
   */
  public Optional<String> problemWith(RowLayout layout) {
    for (String name : columns()) {
      Optional<Column> column =
          layout.columns().stream().filter(c -> c.name().equals(name)).findFirst();
      if (column.isEmpty()) {
        return Optional.of(
            "'"
                + name
                + "' is not a column of the table (its columns: "
                + String.join(", ", layout.columns().stream().map(Column::name).toList())
                + ")");
      }
      Optional<String> type = typeProblem(name, column.get().type());
      if (type.isPresent()) {
        return type;
      }
    }
    return Optional.empty();
  }

  /** Why a column of this name and type cannot be a key column, or empty when it can. */
  public static Optional<String> typeProblem(String name, ColumnType type) {
    return canBeKey(type)
        ? Optional.empty()
        : Optional.of(
            "'"
                + name
                + "' is "
                + type.display()
                + "; Redshift's keys take numbers, dates, times, booleans, CHAR and VARCHAR"
                + " columns only");
  }

  /** Whether a column of this type may be a distribution or sort key column. */
  private static boolean canBeKey(ColumnType type) {
    return type.family() != TypeFamily.BINARY && type.family() != TypeFamily.SUPER;
  }
}
