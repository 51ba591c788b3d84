package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Statements on a target's awaited rows, {@code _redsink_awaited_<target>} next to it: the other
 * half of the moved rows' meeting point ({@link MovedRowsSql}). A primary-key change's create that
 * loads before its delete (the two are in different partitions) takes the old row's values from
 * wherever they are then, and leaves a row here naming the change (its old and new key, as text):
 * one row with an empty column name, saying the create has loaded, and one row per column whose
 * value it did not carry. The delete's load keeps the old row as the moved rows do, sets each
 * awaited column of the row that is now the create's (found by its key, which follows the row when
 * its key changes again) to the old row's value as it was at the delete, and removes both halves.
 * When the old row itself awaits an earlier change's delete (a key changed twice, loaded out of
 * order), the awaiting rows are pointed at that change instead. The table exists only while a row
 * waits in it.
 */
public final class AwaitedRowsSql {
  /** The prefix of a target's awaited-rows table. */
  public static final String PREFIX = "_redsink_awaited_";

  /** The column naming the awaited column ({@value #TRACE} for the row saying a create loaded). */
  public static final String COLUMN = "redsink_column";

  /** {@link #COLUMN}'s value in the row that only says a create loaded first. */
  public static final String TRACE = "";

  /**
   * Whether the row that awaits waits in the moved-rows table (kept there under its key, which
   * {@code redsink_key_…} holds) rather than in the target or this load's staging table.
   */
  public static final String MOVED = "redsink_moved";

  private static final String HOLDER = "redsink_key_";
  private static final String OLD = "redsink_old_key_";
  private static final String NEW = "redsink_new_key_";
  private static final String KEY_TEXT = "VARCHAR(65535)";

  private AwaitedRowsSql() {}

  /** The awaited-rows table of a target, next to it, its name fitted as the ledger's is. */
  public static TableName of(TableName target) {
    return SideTable.of(PREFIX, target);
  }

  private static List<String> columns(String prefix, int keys) {
    List<String> names = new ArrayList<>(keys);
    for (int i = 1; i <= keys; i++) {
      names.add(prefix + i);
    }
    return names;
  }

  /** The columns holding the key of the row that awaits, as text. */
  static List<String> holder(int keys) {
    return columns(HOLDER, keys);
  }

  static List<String> oldKey(int keys) {
    return columns(OLD, keys);
  }

  static List<String> newKey(int keys) {
    return columns(NEW, keys);
  }

  /** The moved-rows table's columns holding the new key as text. */
  static List<String> movedNextKey(int keys) {
    List<String> names = new ArrayList<>(keys);
    for (int i = 0; i < keys; i++) {
      names.add(StagingColumns.nextKey(i));
    }
    return names;
  }

  /** Creates the table for keys of {@code keys} columns. */
  public static String create(TableName table, int keys) {
    List<String> defs = new ArrayList<>();
    for (List<String> group : List.of(holder(keys), oldKey(keys), newKey(keys))) {
      for (String c : group) {
        defs.add(Identifiers.quote(c) + " " + KEY_TEXT);
      }
    }
    defs.add(Identifiers.quote(COLUMN) + " VARCHAR(" + RedshiftLimits.IDENTIFIER_MAX_BYTES + ")");
    defs.add(Identifiers.quote(MOVED) + " BOOLEAN");
    return "CREATE TABLE " + Identifiers.table(table) + " (" + String.join(", ", defs) + ")";
  }

  /** Drops the table if it exists (a source truncate empties the target). */
  public static String dropIfExists(TableName table) {
    return TableSql.dropIfExists(table);
  }

  /** Drops the table once empty. */
  public static String drop(TableName table) {
    return MovedRowsSql.drop(table);
  }

  /** One row, if the table has any. */
  public static String anyRow(TableName table) {
    return MovedRowsSql.anyRow(table);
  }

  /** The distinct columns rows await (not the trace rows). */
  public static String awaitedColumns(TableName table) {
    return "SELECT DISTINCT "
        + Identifiers.quote(COLUMN)
        + " FROM "
        + Identifiers.table(table)
        + " WHERE "
        + Identifiers.quote(COLUMN)
        + " <> ''";
  }

  /**
   * The staging columns a load's rows use here: the op, keep and next-key columns of the moved
   * rows, the change a row awaits (old and new key) and the key the table's row moved to.
   */
  public record Staged(
      String staging,
      List<Column> keys,
      String opColumn,
      String keepColumn,
      List<String> nextKey,
      List<String> awaitsOldKey,
      List<String> awaitsNewKey,
      List<String> movedTo) {

    String s() {
      return Identifiers.quote(staging);
    }

    String col(String column) {
      return s() + "." + Identifiers.quote(column);
    }
  }

  /**
   * Forgets what the table's rows of the staged keys await in the columns their staged rows carry,
   * and all they await when the row is deleted. Run after {@link #follow} and {@link #adopt}, so
   * that the rows awaiting under a staged key are the ones its staged row replaces. The trace rows
   * stay: the delete still has to meet them.
   */
  public static String forgetCarried(TableName table, Staged st, boolean keeps) {
    String a = Identifiers.table(table);
    StringBuilder where = new StringBuilder(KeyText.matches(st.s(), st.keys(), a, holder(st)));
    where.append(" AND ").append(a).append('.').append(Identifiers.quote(COLUMN)).append(" <> ''");
    where.append(" AND NOT ").append(a).append('.').append(Identifiers.quote(MOVED));
    where.append(" AND ").append(st.col(st.opColumn())).append(" <> 'm'");
    if (keeps) {
      // A row that lacks the column (its keep column lists it) still awaits it.
      where
          .append(" AND (")
          .append(st.col(st.opColumn()))
          .append(" = 'd' OR ")
          .append(st.col(st.keepColumn()))
          .append(" IS NULL OR POSITION('\"' || REPLACE(")
          .append(a)
          .append('.')
          .append(Identifiers.quote(COLUMN))
          .append(", '\"', '\"\"') || '\"' IN ")
          .append(st.col(st.keepColumn()))
          .append(") = 0)");
    }
    return "DELETE FROM " + a + " USING " + st.s() + " WHERE " + where;
  }

  private static List<String> holder(Staged st) {
    return holder(st.keys().size());
  }

  /**
   * What the table's rows of the staged keys await follows them to the key they moved to in this
   * load: to the moved-rows table, or to the new key's row when its create is in this load.
   */
  public static String follow(TableName table, Staged st) {
    String a = Identifiers.table(table);
    List<String> holder = holder(st);
    List<String> set = new ArrayList<>();
    for (int i = 0; i < holder.size(); i++) {
      set.add(Identifiers.quote(holder.get(i)) + " = " + st.col(st.movedTo().get(i)));
    }
    // Kept in the moved-rows table when its staged row names the new key (its create is not in
    // this load); else the create is, and the row is the new key's staged row.
    set.add(
        Identifiers.quote(MOVED)
            + " = "
            + (st.nextKey().isEmpty() ? "FALSE" : st.col(st.nextKey().get(0)) + " IS NOT NULL"));
    return "UPDATE "
        + a
        + " SET "
        + String.join(", ", set)
        + " FROM "
        + st.s()
        + " WHERE "
        + KeyText.matches(st.s(), st.keys(), a, holder)
        + " AND NOT "
        + a
        + "."
        + Identifiers.quote(MOVED)
        + " AND "
        + st.col(st.movedTo().get(0))
        + " IS NOT NULL";
  }

  /**
   * What the moved rows this load's staged rows take await, the staged rows (and then the table's
   * rows) await: the rows awaiting under the moved row's new key leave the moved-rows table —
   * unless the staged row taking it is itself moved on by this load ({@code m}, a key changed again
   * before its old row's value came): then they await under that row's next key, in the moved-rows
   * table still, where the next create takes them.
   */
  public static String adopt(
      TableName table, TableName moved, Staged st, MovedRowsSql.StagedOrigin origin) {
    String a = Identifiers.table(table);
    String m = Identifiers.table(moved);
    List<String> set = new ArrayList<>();
    if (st.nextKey().isEmpty()) {
      set.add(Identifiers.quote(MOVED) + " = FALSE");
    } else {
      String movedOn = st.col(st.opColumn()) + " = 'm'";
      List<String> holder = holder(st);
      for (int i = 0; i < holder.size(); i++) {
        set.add(
            Identifiers.quote(holder.get(i))
                + " = CASE WHEN "
                + movedOn
                + " THEN "
                + st.col(st.nextKey().get(i))
                + " ELSE "
                + a
                + "."
                + Identifiers.quote(holder.get(i))
                + " END");
      }
      set.add(Identifiers.quote(MOVED) + " = " + movedOn);
    }
    return "UPDATE "
        + a
        + " SET "
        + String.join(", ", set)
        + " FROM "
        + m
        + " kept, "
        + st.s()
        + " WHERE "
        + a
        + "."
        + Identifiers.quote(MOVED)
        + textEquals(a, holder(st), "kept", movedNextKey(st.keys().size()))
        + " AND "
        + MovedRowsSql.movedMatch(
            "kept", st.staging(), st.keys(), origin, movedNextKey(st.keys().size()))
        + (st.nextKey().isEmpty() ? "" : movedRowFirst(st, origin));
  }

  /**
   * A key's {@code d} row continues the row its {@code m} row moves on, so both name the kept row
   * they take: the {@code m} row's match is the one that counts (the row lives on under its next
   * key), and an UPDATE … FROM must see one match per row it sets.
   */
  private static String movedRowFirst(Staged st, MovedRowsSql.StagedOrigin origin) {
    String keys =
        st.keys().stream()
            .map(k -> " AND moved_on." + Identifiers.quote(k.name()) + " = " + st.col(k.name()))
            .collect(Collectors.joining());
    return " AND ("
        + st.col(st.opColumn())
        + " = 'm' OR NOT EXISTS (SELECT 1 FROM "
        + st.s()
        + " moved_on WHERE moved_on."
        + Identifiers.quote(st.opColumn())
        + " = 'm' AND moved_on."
        + Identifiers.quote(origin.previousKeyColumns().get(0))
        + " IS NOT NULL"
        + keys
        + "))";
  }

  /**
   * Records, for each staged row whose create loads before its change's delete (and whose old row
   * was not kept by that delete), that it loaded ({@code column} = {@link #TRACE}) or that it
   * awaits {@code column}'s value (only rows whose keep column lists it). A moved row ({@code m})
   * awaits under the key it will have.
   *
   * @param moved the target's moved-rows table when it exists, else null
   */
  public static String await(TableName table, TableName moved, Staged st, String column) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < st.keys().size(); i++) {
      String own = KeyText.asText(st.col(st.keys().get(i).name()));
      values.add(
          st.nextKey().isEmpty()
              ? own
              : "CASE WHEN "
                  + st.col(st.opColumn())
                  + " = 'm' THEN "
                  + st.col(st.nextKey().get(i))
                  + " ELSE "
                  + own
                  + " END");
    }
    for (String c : st.awaitsOldKey()) {
      values.add(st.col(c));
    }
    for (String c : st.awaitsNewKey()) {
      values.add(st.col(c));
    }
    values.add(Identifiers.literal(column));
    values.add(st.col(st.opColumn()) + " = 'm'");
    StringBuilder where = new StringBuilder(awaiting(moved, st));
    if (!column.equals(TRACE)) {
      where
          .append(" AND POSITION(")
          .append(Identifiers.literal('"' + column.replace("\"", "\"\"") + '"'))
          .append(" IN ")
          .append(st.col(st.keepColumn()))
          .append(") > 0");
    }
    List<String> all = new ArrayList<>(holder(st));
    all.addAll(oldKey(st.keys().size()));
    all.addAll(newKey(st.keys().size()));
    all.add(COLUMN);
    all.add(MOVED);
    return "INSERT INTO "
        + Identifiers.table(table)
        + " ("
        + String.join(", ", all.stream().map(Identifiers::quote).toList())
        + ") SELECT "
        + String.join(", ", values)
        + " FROM "
        + st.s()
        + " WHERE "
        + where;
  }

  /** One staged row whose create loads before its change's delete, if any. */
  public static String anyAwaiting(TableName moved, Staged st) {
    return "SELECT 1 FROM " + st.s() + " WHERE " + awaiting(moved, st) + " LIMIT 1";
  }

  /**
   * The staged rows that name a change whose delete they await, unless the delete loaded first and
   * kept the old row (this load takes it).
   */
  private static String awaiting(TableName moved, Staged st) {
    StringBuilder where = new StringBuilder(st.col(st.awaitsOldKey().get(0)) + " IS NOT NULL");
    if (moved != null) {
      where
          .append(" AND NOT EXISTS (SELECT 1 FROM ")
          .append(Identifiers.table(moved))
          .append(" kept WHERE ")
          .append(KeyText.matches("kept", st.keys(), st.s(), st.awaitsOldKey()))
          .append(textEquals("kept", movedNextKey(st.keys().size()), st.s(), st.awaitsNewKey()))
          .append(")");
    }
    return where.toString();
  }

  /** {@code AND left.l1 = right.r1 AND …} for text columns. */
  static String textEquals(
      String left, List<String> leftColumns, String right, List<String> rightColumns) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < leftColumns.size(); i++) {
      out.append(" AND ")
          .append(left)
          .append('.')
          .append(Identifiers.quote(leftColumns.get(i)))
          .append(" = ")
          .append(right)
          .append('.')
          .append(Identifiers.quote(rightColumns.get(i)));
    }
    return out.toString();
  }
}
