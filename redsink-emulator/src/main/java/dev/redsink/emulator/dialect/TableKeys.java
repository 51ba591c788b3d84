package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The distribution and sort keys of one CREATE TABLE, collected while it is rewritten and checked
 * as Redshift checks them. The backend records them (an event trigger reads them from a comment on
 * the forwarded statement), so pg_table_def and svv_table_info show them.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_CREATE_TABLE_NEW.html">CREATE
 *     TABLE</a>
 */
final class TableKeys {

  /** COMPOUND sort keys hold at most 400 columns, INTERLEAVED ones 8 (CREATE TABLE). */
  static final int MAX_COMPOUND_SORT_COLUMNS = 400;

  static final int MAX_INTERLEAVED_SORT_COLUMNS = 8;

  /** Marks the comment the backend's event trigger reads; keep in step with catalog.sql. */
  static final String COMMENT_PREFIX = "/*redsink:keys ";

  private final Map<String, Boolean> columns = new LinkedHashMap<>();
  private String distStyle;
  private final List<String> distKeys = new ArrayList<>();
  private String sortStyle;
  private final List<String> sortKeys = new ArrayList<>();
  private final List<String> columnSortKeys = new ArrayList<>();
  private int tableSortKeys;
  private String likeTable;
  private final List<String> primaryKey = new ArrayList<>();
  private String primaryKeyName;

  /** A column of the new table and whether its type may be a distribution or sort key. */
  void column(String name, boolean keyType) {
    columns.put(name, keyType);
  }

  /** {@code DISTSTYLE x}. */
  void distStyle(String style) throws DialectException {
    if (distStyle != null) {
      throw syntax("DISTSTYLE is specified more than once");
    }
    distStyle = style.toUpperCase(Locale.ROOT);
  }

  /** {@code DISTKEY (c)} or a column's DISTKEY attribute. */
  void distKey(String column) {
    distKeys.add(column);
  }

  /** {@code [COMPOUND | INTERLEAVED] SORTKEY (c, …)} or {@code SORTKEY AUTO}. */
  void sortKey(String style, List<String> keys) {
    tableSortKeys++;
    sortStyle = style;
    sortKeys.addAll(keys);
  }

  /** A column's SORTKEY attribute: a single-column sort key unless the table names one. */
  void columnSortKey(String column) {
    columnSortKeys.add(column);
  }

  /**
   * {@code [CONSTRAINT name] PRIMARY KEY (c, …)} or a column's PRIMARY KEY attribute. Redshift
   * keeps the key in its catalog, for clients and the planner, and never enforces it.
   */
  void primaryKey(String constraintName, List<String> keys) throws DialectException {
    if (!primaryKey.isEmpty()) {
      throw new DialectException(
          RedshiftError.of("42P16", "multiple primary keys for table are not allowed"));
    }
    primaryKey.addAll(keys);
    primaryKeyName = constraintName;
  }

  /** {@code LIKE parent}: the new table takes the parent's keys. */
  void like(String parent) {
    likeTable = parent;
  }

  /**
   * Refuses what Redshift refuses: keys naming no column of the table, a key column of a type that
   * cannot be one, two distribution keys, DISTSTYLE KEY without a key (or another style with one),
   * too many sort key columns, and keys given together with LIKE.
   */
  void check() throws DialectException {
    if (likeTable != null
        && (distStyle != null
            || !distKeys.isEmpty()
            || tableSortKeys > 0
            || !columnSortKeys.isEmpty())) {
      throw syntax(
          "Distribution style and sort keys are inherited by LIKE tables and cannot be"
              + " specified with LIKE");
    }
    // The same column named twice (after the column and in DISTKEY (c)) is one key.
    if (distKeys.stream().distinct().count() > 1) {
      throw syntax("Only one column can be the distribution key (DISTKEY) of a table");
    }
    if (tableSortKeys > 1) {
      throw syntax("SORTKEY is specified more than once");
    }
    if (columnSortKeys.size() > 1) {
      throw syntax(
          "SORTKEY after a column makes a single-column sort key; name several columns in"
              + " SORTKEY (a, b, …)");
    }
    if (tableSortKeys == 0 && !columnSortKeys.isEmpty()) {
      sortStyle = "COMPOUND";
      sortKeys.addAll(columnSortKeys);
    }
    String style = distStyle == null ? (distKeys.isEmpty() ? "AUTO" : "KEY") : distStyle;
    if (style.equals("KEY") && distKeys.isEmpty()) {
      throw syntax("DISTSTYLE KEY needs a DISTKEY column");
    }
    if (!style.equals("KEY") && !distKeys.isEmpty()) {
      throw syntax("DISTKEY needs DISTSTYLE KEY, not DISTSTYLE " + style);
    }
    int max =
        "INTERLEAVED".equals(sortStyle) ? MAX_INTERLEAVED_SORT_COLUMNS : MAX_COMPOUND_SORT_COLUMNS;
    if (sortKeys.size() > max) {
      throw new DialectException(
          RedshiftError.of(
              RedshiftError.INVALID_PARAMETER_VALUE,
              "too many sort key columns: "
                  + sortKeys.size()
                  + (max == MAX_INTERLEAVED_SORT_COLUMNS
                      ? "; an interleaved sort key holds at most "
                      : "; a compound sort key holds at most ")
                  + max));
    }
    Set<String> seen = new HashSet<>();
    for (String key : sortKeys) {
      if (!seen.add(key)) {
        throw syntax("column \"" + key + "\" appears twice in the sort key");
      }
    }
    if (columns.isEmpty()) {
      return; // CREATE TABLE … AS or LIKE: the columns come from elsewhere
    }
    for (String key : distKeys) {
      requireKeyColumn(key, "DISTKEY");
    }
    for (String key : sortKeys) {
      requireKeyColumn(key, "SORTKEY");
    }
  }

  private void requireKeyColumn(String column, String what) throws DialectException {
    Boolean keyType = columns.get(column);
    if (keyType == null) {
      throw new DialectException(
          RedshiftError.of(
              RedshiftError.UNDEFINED_COLUMN,
              "column \"" + column + "\" named in " + what + " does not exist"));
    }
    if (!keyType) {
      throw new DialectException(
          RedshiftError.of(
              RedshiftError.FEATURE_NOT_SUPPORTED,
              "column \"" + column + "\" has a type that cannot be a " + what + " column"));
    }
  }

  /**
   * The comment the backend reads. Every created table gets one, defaults included, so a table that
   * reuses a dropped one's oid never shows the old keys.
   */
  String comment() {
    String style = distStyle == null ? (distKeys.isEmpty() ? "AUTO" : "KEY") : distStyle;
    StringBuilder json = new StringBuilder("{\"diststyle\":").append(CommentJson.string(style));
    if (!distKeys.isEmpty()) {
      json.append(",\"distkey\":").append(CommentJson.string(distKeys.get(0)));
    }
    json.append(",\"sortstyle\":")
        .append(CommentJson.string(sortStyle == null ? "AUTO" : sortStyle));
    json.append(",\"sortkey\":").append(CommentJson.strings(sortKeys));
    if (likeTable != null) {
      json.append(",\"like\":").append(CommentJson.string(likeTable));
    }
    if (!primaryKey.isEmpty()) {
      json.append(",\"primary_key\":").append(CommentJson.strings(primaryKey));
      if (primaryKeyName != null) {
        json.append(",\"primary_key_name\":").append(CommentJson.string(primaryKeyName));
      }
    }
    return COMMENT_PREFIX + json.append("} */");
  }

  private static DialectException syntax(String message) {
    return new DialectException(RedshiftError.of(RedshiftError.SYNTAX_ERROR, message));
  }
}
