package dev.redsink.core.sql;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.TableName;
import java.util.ArrayList;
import java.util.List;

/**
 * Statements of a load whose primary-key change deletes meet the creates that loaded before them
 * ({@link AwaitedRowsSql}): each delete's old row is kept in the moved-rows table first, then the
 * rows that await its values take them from it (or are pointed at the change the old row itself
 * awaits), and the notes and the old rows kept only to meet them are removed, in the load
 * transaction.
 */
public final class MeetingSql {
  private MeetingSql() {}

  /** The moved row of an awaiting row's change: its old key and new key ({@code a} the alias). */
  private static String movedRowOf(String moved, List<Column> keys, String a) {
    return KeyText.matches(moved, keys, a, AwaitedRowsSql.oldKey(keys.size()))
        + AwaitedRowsSql.textEquals(
            moved, AwaitedRowsSql.movedNextKey(keys.size()), a, AwaitedRowsSql.newKey(keys.size()));
  }

  /**
   * Points the rows that await a change whose old row is kept now, but whose old row itself awaits
   * that column from an earlier change (it waits under the change's new key), at that earlier
   * change.
   */
  public static String repoint(TableName table, TableName moved, List<Column> keys) {
    String a = Identifiers.table(table);
    String m = Identifiers.table(moved);
    int n = keys.size();
    List<String> set = new ArrayList<>();
    List<String> differs = new ArrayList<>();
    for (List<String> group : List.of(AwaitedRowsSql.oldKey(n), AwaitedRowsSql.newKey(n))) {
      for (String c : group) {
        set.add(Identifiers.quote(c) + " = earlier." + Identifiers.quote(c));
        differs.add("earlier." + Identifiers.quote(c) + " <> " + a + "." + Identifiers.quote(c));
      }
    }
    return "UPDATE "
        + a
        + " SET "
        + String.join(", ", set)
        + " FROM "
        + m
        + " kept, "
        + a
        + " earlier WHERE "
        + movedRowOf("kept", keys, a)
        + AwaitedRowsSql.textEquals(
            "earlier", AwaitedRowsSql.holder(n), a, AwaitedRowsSql.newKey(n))
        + " AND earlier."
        + Identifiers.quote(AwaitedRowsSql.MOVED)
        + " AND earlier."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " = "
        + a
        + "."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " AND "
        + a
        + "."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " <> '' AND ("
        + String.join(" OR ", differs)
        + ")";
  }

  /**
   * Sets {@code column} of the target's rows that await it to the value of the kept old row of the
   * change they await.
   */
  public static String fillTarget(
      TableName table, TableName target, TableName moved, List<Column> keys, String column) {
    String t = Identifiers.table(target);
    return fill(
        t,
        "kept." + Identifiers.quote(column),
        table,
        moved,
        keys,
        column,
        false,
        KeyText.matches(t, keys, "awaiting", AwaitedRowsSql.holder(keys.size())));
  }

  /**
   * Sets {@code column} of this load's staged rows ({@code u}) that await it, which replace the
   * target's rows at the end of the load; a SUPER value as the JSON text the staging table holds.
   */
  public static String fillStaged(
      TableName table, TableName moved, AwaitedRowsSql.Staged st, String column, boolean isSuper) {
    String kept = "kept." + Identifiers.quote(column);
    return fill(
        st.s(),
        isSuper ? "JSON_SERIALIZE(" + kept + ")" : kept,
        table,
        moved,
        st.keys(),
        column,
        false,
        KeyText.matches(st.s(), st.keys(), "awaiting", AwaitedRowsSql.holder(st.keys().size()))
            + " AND "
            + st.col(st.opColumn())
            + " = 'u'");
  }

  /**
   * Sets {@code column} of the moved rows kept for a key that awaits it (the row moved on before
   * the change it awaits loaded) to the value of the kept old row of that change.
   */
  public static String fillMoved(
      TableName table, TableName moved, List<Column> keys, String column) {
    String m = Identifiers.table(moved);
    return fill(
        m,
        "kept." + Identifiers.quote(column),
        table,
        moved,
        keys,
        column,
        true,
        AwaitedRowsSql.textEquals(
                m,
                AwaitedRowsSql.movedNextKey(keys.size()),
                "awaiting",
                AwaitedRowsSql.holder(keys.size()))
            .substring(" AND ".length()));
  }

  /** The UPDATE of {@code updated} (a table reference, not aliased: Redshift refuses that). */
  private static String fill(
      String updated,
      String value,
      TableName table,
      TableName moved,
      List<Column> keys,
      String column,
      boolean inMoved,
      String holderMatch) {
    return "UPDATE "
        + updated
        + " SET "
        + Identifiers.quote(column)
        + " = "
        + value
        + " FROM "
        + Identifiers.table(table)
        + " awaiting, "
        + Identifiers.table(moved)
        + " kept WHERE awaiting."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " = "
        + Identifiers.literal(column)
        + " AND "
        + (inMoved ? "" : "NOT ")
        + "awaiting."
        + Identifiers.quote(AwaitedRowsSql.MOVED)
        + " AND "
        + holderMatch
        + " AND "
        + movedRowOf("kept", keys, "awaiting");
  }

  /**
   * What waited in an old row this load kept only to meet its create, which loaded first, the
   * create's row now awaits in the table: run before the kept rows are removed ({@link #dropMet}).
   */
  public static String adoptMet(TableName table, TableName moved, List<Column> keys) {
    String a = Identifiers.table(table);
    int n = keys.size();
    return "UPDATE "
        + a
        + " SET "
        + Identifiers.quote(AwaitedRowsSql.MOVED)
        + " = FALSE FROM "
        + Identifiers.table(moved)
        + " kept, "
        + a
        + " met WHERE "
        + a
        + "."
        + Identifiers.quote(AwaitedRowsSql.MOVED)
        + AwaitedRowsSql.textEquals(
            a, AwaitedRowsSql.holder(n), "kept", AwaitedRowsSql.movedNextKey(n))
        + " AND "
        + movedRowOf("kept", keys, "met")
        + " AND met."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " = ''";
  }

  /** Removes the rows whose awaited value was set: their change's old row is kept. */
  public static String forgetFilled(TableName table, TableName moved, List<Column> keys) {
    String a = Identifiers.table(table);
    return "DELETE FROM "
        + a
        + " USING "
        + Identifiers.table(moved)
        + " kept WHERE "
        + movedRowOf("kept", keys, a)
        + " AND "
        + a
        + "."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " <> ''";
  }

  /**
   * Removes the old rows this load kept for changes whose create loaded first: the rows awaiting
   * them have their values now, and no create will come to take them.
   */
  public static String dropMet(TableName table, TableName moved, List<Column> keys) {
    String m = Identifiers.table(moved);
    return "DELETE FROM "
        + m
        + " USING "
        + Identifiers.table(table)
        + " met WHERE "
        + KeyText.matches(m, keys, "met", AwaitedRowsSql.oldKey(keys.size()))
        + AwaitedRowsSql.textEquals(
            m, AwaitedRowsSql.movedNextKey(keys.size()), "met", AwaitedRowsSql.newKey(keys.size()))
        + " AND met."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " = ''";
  }

  /** Removes the trace rows of the changes whose delete is staged in this load. */
  public static String forgetMet(TableName table, AwaitedRowsSql.Staged st) {
    String a = Identifiers.table(table);
    return "DELETE FROM "
        + a
        + " USING "
        + st.s()
        + " WHERE "
        + a
        + "."
        + Identifiers.quote(AwaitedRowsSql.COLUMN)
        + " = '' AND "
        + KeyText.matches(st.s(), st.keys(), a, AwaitedRowsSql.oldKey(st.keys().size()))
        + AwaitedRowsSql.textEquals(
            st.s(), st.nextKey(), a, AwaitedRowsSql.newKey(st.keys().size()));
  }
}
