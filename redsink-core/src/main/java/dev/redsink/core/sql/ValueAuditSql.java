package dev.redsink.core.sql;

import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The statements of {@code redsink verify --values}: a table compared, in the cluster, with the
 * same topic rebuilt from its log in a run table (by the loads' own code), matched by {@code join}
 * columns (the record's id, or the primary key), column by column.
 *
 * @param target the audited table
 * @param run the run table the log was rebuilt into
 * @param topicColumn the target's topic column: only the audited topic's rows are compared
 * @param join the columns that match a row of one table with its row in the other
 * @param columns the columns compared, with their catalog types
 */
public record ValueAuditSql(
    TableName target,
    TableName run,
    String topicColumn,
    List<String> join,
    List<ExistingColumn> columns) {

  /** Characters of a value a report shows at most. */
  public static final int SHOWN_CHARACTERS = 120;

  public ValueAuditSql {
    join = List.copyOf(join);
    columns = List.copyOf(columns);
  }

  private String targetRows() {
    return "(SELECT * FROM "
        + Identifiers.table(target)
        + " WHERE "
        + Identifiers.quote(topicColumn)
        + " = ?) AS t";
  }

  private String matched() {
    return join.stream()
        .map(k -> "t." + Identifiers.quote(k) + " = r." + Identifiers.quote(k))
        .collect(Collectors.joining(" AND "));
  }

  /** Whether the column's values differ, NULL against a value included; never NULL itself. */
  private static String differs(ExistingColumn c) {
    String a = comparable("t", c);
    String b = comparable("r", c);
    String q = Identifiers.quote(c.name());
    return "COALESCE("
        + a
        + " <> "
        + b
        + ", FALSE) OR (t."
        + q
        + " IS NULL) <> (r."
        + q
        + " IS NULL)";
  }

  /** SUPER compares by its JSON text; every other type by itself. */
  private static String comparable(String alias, ExistingColumn c) {
    String column = alias + "." + Identifiers.quote(c.name());
    return c.type().toLowerCase(java.util.Locale.ROOT).startsWith("super")
        ? "JSON_SERIALIZE(" + column + ")"
        : column;
  }

  /** The value as a report shows it: text, cut to {@link #SHOWN_CHARACTERS}. */
  private static String shown(String alias, ExistingColumn c) {
    String column = alias + "." + Identifiers.quote(c.name());
    String type = c.type().toLowerCase(java.util.Locale.ROOT);
    String text =
        type.startsWith("super")
            ? "JSON_SERIALIZE(" + column + ")"
            : type.startsWith("varbyte") || type.startsWith("binary varying")
                ? "FROM_VARBYTE(" + column + ", 'hex')"
                : "CAST(" + column + " AS VARCHAR(65535))";
    return "LEFT(" + text + ", " + SHOWN_CHARACTERS + ")";
  }

  /**
   * The first {@code limit} matched rows with a column that differs: the join columns (as text),
   * then per column 1 when it differs, then per column both values as text (table, rebuilt).
   */
  public SqlStatement differences(String topic, int limit) {
    List<String> select = new ArrayList<>();
    for (String k : join) {
      select.add("CAST(t." + Identifiers.quote(k) + " AS VARCHAR(65535))");
    }
    for (ExistingColumn c : columns) {
      select.add("CASE WHEN " + differs(c) + " THEN 1 ELSE 0 END");
    }
    for (ExistingColumn c : columns) {
      select.add(shown("t", c));
      select.add(shown("r", c));
    }
    return SqlStatement.of(
        "SELECT "
            + String.join(", ", select)
            + " FROM "
            + targetRows()
            + " JOIN "
            + Identifiers.table(run)
            + " AS r ON "
            + matched()
            + " WHERE "
            + columns.stream().map(c -> "(" + differs(c) + ")").collect(Collectors.joining(" OR "))
            + " ORDER BY "
            + join.stream().map(k -> "t." + Identifiers.quote(k)).collect(Collectors.joining(", "))
            + " LIMIT "
            + limit,
        topic);
  }

  /**
   * One row: matched rows with a column that differs, the table's rows the rebuilt table has no
   * match for, and the rebuilt rows the table has no match for.
   */
  public SqlStatement counts(String topic) {
    String anyDiffers =
        columns.stream().map(c -> "(" + differs(c) + ")").collect(Collectors.joining(" OR "));
    return SqlStatement.of(
        "SELECT (SELECT COUNT(*) FROM "
            + targetRows()
            + " JOIN "
            + Identifiers.table(run)
            + " AS r ON "
            + matched()
            + " WHERE "
            + (anyDiffers.isEmpty() ? "FALSE" : anyDiffers)
            + "), (SELECT COUNT(*) FROM "
            + targetRows()
            + " WHERE NOT EXISTS (SELECT 1 FROM "
            + Identifiers.table(run)
            + " AS r WHERE "
            + matched()
            + ")), (SELECT COUNT(*) FROM "
            + Identifiers.table(run)
            + " AS r WHERE NOT EXISTS (SELECT 1 FROM "
            + targetRows()
            + " WHERE "
            + matched()
            + "))",
        topic,
        topic,
        topic);
  }
}
