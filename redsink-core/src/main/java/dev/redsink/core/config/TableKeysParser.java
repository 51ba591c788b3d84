package dev.redsink.core.config;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.DistStyle;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableLayout;
import java.util.List;
import java.util.Optional;

/**
 * The checks across dist_style, dist_key and sort_key: KEY and a dist_key come together, and every
 * key column is one the created table will have, of a type Redshift accepts as a key.
 */
final class TableKeysParser {
  private TableKeysParser() {}

  static void check(KeyValues v, RowLayout layout, Problems problems) {
    DistStyle style = v.get(ConfigKeys.DIST_STYLE);
    String distKey = v.get(ConfigKeys.DIST_KEY);
    if (distKey != null && style != null && style != DistStyle.AUTO && style != DistStyle.KEY) {
      problems.problem(
          ConfigKeys.DIST_STYLE.name(),
          "must be key when dist_key is set, got '"
              + style.keyword()
              + "'; remove dist_key or set dist_style = key");
    }
    if (distKey == null && style == DistStyle.KEY) {
      problems.problem(
          ConfigKeys.DIST_KEY.name(),
          "is required with dist_style = key: name the column rows are distributed by, for"
              + " example dist_key = id");
    }
    if (distKey != null) {
      checkColumn(ConfigKeys.DIST_KEY, distKey, layout, problems);
    }
    for (String column : sortKey(v)) {
      checkColumn(ConfigKeys.SORT_KEY, column, layout, problems);
    }
  }

  static TableKeys keys(KeyValues v) {
    Optional<String> distKey = Optional.ofNullable(v.get(ConfigKeys.DIST_KEY));
    DistStyle style = distKey.isPresent() ? DistStyle.KEY : v.get(ConfigKeys.DIST_STYLE);
    return new TableKeys(style, distKey, sortKey(v));
  }

  private static List<String> sortKey(KeyValues v) {
    List<String> columns = v.get(ConfigKeys.SORT_KEY);
    return columns == null ? List.of() : columns;
  }

  /**
   * A payload table has exactly the layout's columns; a typed table also gets one per field, known
   * only when it is created, so a name that is not a fixed column is taken for a field then.
   */
  private static void checkColumn(
      ConfigKey<?> key, String name, RowLayout layout, Problems problems) {
    Optional<Column> column =
        layout.columns().stream().filter(c -> c.name().equals(name)).findFirst();
    if (column.isEmpty()) {
      if (layout.tableLayout() != TableLayout.TYPED) {
        problems.problem(
            key.name(),
            "'"
                + name
                + "' is not a column of the tables Redsink creates; their columns are "
                + String.join(", ", layout.columns().stream().map(Column::name).toList()));
      }
      return;
    }
    TableKeys.typeProblem(name, column.get().type())
        .ifPresent(problem -> problems.problem(key.name(), problem));
  }
}
