package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * For write_mode = upsert and cdc: reads a table's records as keyed changes and folds a load's
 * changes to the last one per key (by source position, then offset), so the staging table holds
 * each key's change once, as MERGE and DELETE … USING require. Every staged row carries its
 * operation in the staging-only column {@link #OP_COLUMN}: {@code u} (replace the row), {@code d}
 * (delete it) or {@code s} (flag it deleted); a row {@code m} is not applied but kept as the row a
 * primary-key change moved, for the new key's change when it comes in a later load. An {@code m}
 * row may share its key with that key's {@code d} row (at most one {@code m} row per old and new
 * key), so every statement over the staging table selects its rows by op.
 */
public final class KeyFold {
  /** The staging-only column holding each staged row's operation. */
  public static final String OP_COLUMN = StagingColumns.OP;

  /** The staging-only column listing the columns a staged row keeps from the target's row. */
  public static final String KEEP_COLUMN = StagingColumns.KEEP;

  private final WriteSettings settings;
  private final ChangeReader reader;
  private final List<Record> normalized;
  private final Map<Record, Change> changes = new IdentityHashMap<>();
  private final ParsedRows rows = new ParsedRows(FieldNames.COLUMNS);
  private List<String> keyColumns = List.of();

  /**
   * The staged rows of one load: records whose values are envelopes with the op field (and the keep
   * field when {@code keptColumns} is not empty).
   *
   * @param changes the changes the staged rows apply, one per key (the staged {@code m} rows are
   *     not changes)
   * @param keptColumns the columns some staged row keeps from the target's row, because its change
   *     did not carry their value
   * @param previousKeyColumns how many {@link StagingColumns#previousKey} columns the staged rows
   *     have (0 for none): the old key, as text, of a primary-key change's row that keeps columns;
   *     it keeps them from that key's target row, never from the target row of its own key
   * @param previousNextKeyColumns how many {@link StagingColumns#previousNextKey} columns the
   *     staged rows have (0 for none): for a row whose key changed more than once, the new key its
   *     old key's row was kept under in the moved-rows table (null in rows where that is their own
   *     key)
   * @param nextKeyColumns how many {@link StagingColumns#nextKey} columns the staged rows have (0
   *     for none): the new key, as text, that a primary-key change gave the row of a staged key
   *     (the target's row of that key moved) or of a staged {@code m} row (that row moved)
   * @param awaitsKeyColumns how many {@link StagingColumns#awaitsOldKey} and {@link
   *     StagingColumns#awaitsNewKey} columns the staged rows have (0 for none): the primary-key
   *     change whose delete a row waits for, because its create (or the create its values come
   *     through) loads first; the delete's load gives the row the old row's values as they were
   * @param movedToKeyColumns how many {@link StagingColumns#movedToKey} columns the staged rows
   *     have (0 for none): the new key the table's row of a staged key moved to in this load, which
   *     what that row waits for follows
   * @param truncate whether the table is emptied before the staged rows apply (a source truncate
   *     came before them)
   * @param truncatedAt with write_mode = history and {@code truncate}, the time of the load's first
   *     truncate (microseconds since the epoch), which closes every version active before it
   */
  public record Folded(
      List<Record> staged,
      int changes,
      List<String> keyColumns,
      Set<Operation> operations,
      Set<String> keptColumns,
      int previousKeyColumns,
      int previousNextKeyColumns,
      int nextKeyColumns,
      int awaitsKeyColumns,
      int movedToKeyColumns,
      boolean truncate,
      long truncatedAt) {}

  /** What staged rows do; the staged op column holds {@link #code()}. */
  public enum Operation {
    REPLACE("u"),
    DELETE("d"),
    SOFT_DELETE("s"),
    /** Not applied: the row a primary-key change moved, kept for the new key's change. */
    MOVE("m");

    private final String code;

    Operation(String code) {
      this.code = code;
    }

    public String code() {
      return code;
    }
  }

  /**
   * Reads every record as a change, its fields named as {@code names} says.
   *
   * @throws dev.redsink.core.error.BadRecordException naming the record when it is not a change
   *     this mode can apply, e.g. a primary key field is absent
   */
  public KeyFold(List<Record> records, WriteSettings settings, FieldNames names) {
    this(records, settings, names, null);
  }

  /**
   * Reads every record as a change, taking the changes a runtime's {@link Judge} read already from
   * {@code judged} (may be null) instead of reading those records again.
   */
  public KeyFold(
      List<Record> records, WriteSettings settings, FieldNames names, JudgedRows judged) {
    this.settings = settings;
    this.reader = new ChangeReader(settings, names);
    this.normalized = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      Record record = records.get(i);
      Change change = judged == null ? null : judged.takeChange(record, names);
      change = change == null ? reader.read(record, i) : change.at(i);
      Record n = normalized(change, rows);
      if (keyColumns.isEmpty() && !change.keyColumns().isEmpty()) {
        keyColumns = change.keyColumns();
      }
      normalized.add(n);
      changes.put(n, change);
    }
  }

  /**
   * The record as later steps take its change: the record itself, its row remembered in {@code
   * rows} (every step reads rows from there, so the row is not written out as a value); a change
   * without a row (a tombstone, a truncate, a heartbeat) has no fields to make columns of, so its
   * record stands with no value.
   */
  private static Record normalized(Change change, ParsedRows rows) {
    if (change.row() == null) {
      return change.record().withValue(null);
    }
    rows.remember(change.record(), asStaged(change.row()));
    return change.record();
  }

  /**
   * One record read as the row its change will stage, for the check a runtime runs on each record
   * it takes: one per table, so that check does not set up a fold per record. What it read of a
   * record that passes the check is kept for the record's load.
   */
  public static final class Judge {
    private final ChangeReader reader;
    private final FieldNames names;
    private final JudgedRows judged;

    public Judge(WriteSettings settings, FieldNames names, JudgedRows judged) {
      this.reader = new ChangeReader(settings, names);
      this.names = names;
      this.judged = judged;
    }

    /** Whether this judge reads records with these names (those of the table as opened now). */
    public boolean reads(FieldNames tableNames) {
      return names == tableNames;
    }

    /**
     * The record's change, with its row.
     *
     * @throws dev.redsink.core.error.BadRecordException naming the record when it is not a change
     *     this mode can apply
     */
    public Judged read(Record record) {
      ParsedRows rows = new ParsedRows(FieldNames.COLUMNS, null, 1);
      Change change = reader.read(record, 0);
      return new Judged(normalized(change, rows), rows, change);
    }

    /** Keeps what {@link #read} read of a record that passed the check, for the record's load. */
    public void keep(Judged read) {
      judged.keep(read.change.record(), names, read.change);
    }
  }

  /**
   * A record as its change will be staged, and its row (read with {@link FieldNames#COLUMNS}, from
   * {@link #rows()}).
   */
  public static final class Judged {
    private final Record normalized;
    private final ParsedRows rows;
    private final Change change;

    private Judged(Record normalized, ParsedRows rows, Change change) {
      this.normalized = normalized;
      this.rows = rows;
      this.change = change;
    }

    public Record normalized() {
      return normalized;
    }

    public ParsedRows rows() {
      return rows;
    }
  }

  /**
   * The records as their rows will be staged, one per record with the same ids and offsets, for
   * creating and evolving the table and checking records against it: read their rows from {@link
   * #rows()}, whose fields carry their columns' names already ({@link FieldNames#COLUMNS}), never
   * from their values.
   */
  public List<Record> normalized() {
    return normalized;
  }

  /**
   * The rows of the {@link #normalized()} records and of the records {@link #fold} stages, with
   * {@link FieldNames#COLUMNS}: each change is read from its record once, not again from the
   * normalized value by every later step (table creation, checks, encoding).
   */
  public ParsedRows rows() {
    return rows;
  }

  /** The key columns of the records' changes (empty when none has a key: only skips). */
  public List<String> keyColumns() {
    return keyColumns;
  }

  /** Folds records from {@link #normalized()} to the last change per key. */
  public Folded fold(List<Record> pending) {
    List<Change> ordered = new ArrayList<>(pending.size());
    for (Record r : pending) {
      ordered.add(changes.get(r));
    }
    if (settings.mode() == WriteMode.CDC || settings.mode() == WriteMode.HISTORY) {
      ordered.sort(Comparator.comparing(Change::position).thenComparingInt(Change::index));
    }
    if (settings.mode() == WriteMode.HISTORY) {
      return new VersionFold(new VersionTime(settings), rows).fold(ordered);
    }
    Map<List<String>, Change> last = new LinkedHashMap<>();
    // The last row each key had in this load, kept past a delete of the key: a primary-key change
    // deletes the old key's row, and its new row takes unsent values from it.
    Map<List<String>, Change> lastRows = new HashMap<>();
    KeyChanges keyChanges = new KeyChanges();
    boolean truncate = false;
    List<String> keyColumns = List.of();
    for (Change c : ordered) {
      if (c.op() == Change.Op.SKIP) {
        continue;
      }
      if (c.op() == Change.Op.TRUNCATE) {
        // The table is emptied before the staged rows apply: earlier changes no longer matter.
        last.clear();
        lastRows.clear();
        keyChanges.clear();
        truncate = true;
        continue;
      }
      keyColumns = c.keyColumns();
      Change before = last.remove(c.key());
      if (c.previous() != null) {
        Change old = lastRows.get(c.previous().json());
        if (old != null) {
          c = c.filledFrom(old).continuing(old);
          if (!c.unavailable().isEmpty() && old.origin() != null) {
            // The old key's row lacked these values too (its key had changed as well: 1 → 2 →
            // 3, or a swap through a temporary key): they come from where it would take them.
            c = c.withOrigin(old.origin().through(c.previous()));
          }
        }
      } else if (before != null && before.op() == Change.Op.UPSERT) {
        c = c.filledFrom(before).continuing(before);
        if (before.origin() != null) {
          // A later change of a primary-key change's new key: its row still comes from the old
          // key's (and takes the row an earlier load kept for it).
          c = c.withOrigin(before.origin());
        }
      }
      if (c.op() == Change.Op.UPSERT && c.previous() != null) {
        keyChanges.created(c);
      } else if (c.op() == Change.Op.DELETE && c.next() != null) {
        keyChanges.deleted(c, lastRows.get(c.key()));
      } else if (c.op() == Change.Op.DELETE) {
        keyChanges.removed(c.key());
      }
      if (c.op() == Change.Op.SOFT_DELETE && before != null && before.op() == Change.Op.UPSERT) {
        // The row this load would have written, now flagged deleted: keeps its last values, and
        // takes those it lacks from where that row would have (a later key change reads them).
        c =
            new Change(
                c.record(),
                c.index(),
                Change.Op.UPSERT,
                c.keyColumns(),
                c.key(),
                reader.withDeletedFlag(before.row(), true),
                c.position(),
                before.unavailable(),
                null,
                null,
                before.origin(),
                before);
      }
      last.put(c.key(), c);
      if (c.op() == Change.Op.UPSERT) {
        lastRows.put(c.key(), c);
      }
    }
    List<Change> moves = keyChanges.moves();
    boolean softDeletes =
        settings.mode() == WriteMode.CDC && settings.cdcDelete() == CdcDeleteMode.SOFT;
    List<Record> staged = new ArrayList<>(last.size() + moves.size());
    Set<Operation> operations = EnumSet.noneOf(Operation.class);
    Set<String> kept = new LinkedHashSet<>();
    int previousKeyColumns = 0;
    int previousNextKeyColumns = 0;
    int nextKeyColumns = 0;
    int awaitsKeyColumns = 0;
    int movedToKeyColumns = 0;
    List<Change> toStage = new ArrayList<>(last.values());
    toStage.addAll(moves);
    for (int i = 0; i < toStage.size(); i++) {
      Change c = toStage.get(i);
      boolean move = i >= last.size();
      Operation op =
          move
              ? Operation.MOVE
              : switch (c.op()) {
                case DELETE -> Operation.DELETE;
                case SOFT_DELETE -> Operation.SOFT_DELETE;
                default -> Operation.REPLACE;
              };
      operations.add(op);
      List<FieldValue> fields = new ArrayList<>(c.row().fields());
      fields.add(new FieldValue(OP_COLUMN, FieldType.of(FieldKind.STRING), op.code()));
      if (!c.unavailable().isEmpty()) {
        kept.addAll(c.unavailable());
        fields.add(
            new FieldValue(KEEP_COLUMN, FieldType.of(FieldKind.STRING), keepList(c.unavailable())));
      }
      if (keyChanges.stagesOrigin(c)) {
        List<String> previous = c.origin().key().text();
        addText(fields, StagingColumns::previousKey, previous);
        previousKeyColumns = previous.size();
        if (c.origin().via() != null) {
          addText(fields, StagingColumns::previousNextKey, c.origin().via().text());
          previousNextKeyColumns = previous.size();
        }
      }
      ChangedKey next = move ? c.next() : keyChanges.nextKey(c.key());
      if (next != null) {
        addText(fields, StagingColumns::nextKey, next.text());
        nextKeyColumns = next.text().size();
      }
      // Soft deletes keep the old row in the table, where a create takes its values: they keep
      // nothing beside it and meet nothing.
      RowOrigin awaits =
          c.op() == Change.Op.UPSERT && !softDeletes ? keyChanges.awaits(c, KeyFold::self) : null;
      if (awaits != null) {
        addText(fields, StagingColumns::awaitsOldKey, awaits.key().text());
        addText(fields, StagingColumns::awaitsNewKey, awaits.via().text());
        awaitsKeyColumns = awaits.key().text().size();
      }
      ChangedKey movedTo = move ? null : keyChanges.movedTo(c.key());
      if (movedTo != null && movedTo.text() != null) {
        addText(fields, StagingColumns::movedToKey, movedTo.text());
        movedToKeyColumns = movedTo.text().size();
      }
      TypedRow row = c.row().withFields(fields);
      Record s = withValue(c.record(), row);
      rows.remember(s, asStaged(row));
      staged.add(s);
    }
    return new Folded(
        staged,
        last.size(),
        keyColumns,
        operations,
        kept,
        previousKeyColumns,
        previousNextKeyColumns,
        nextKeyColumns,
        awaitsKeyColumns,
        movedToKeyColumns,
        truncate,
        Long.MIN_VALUE);
  }

  /** The change's own key, as a staged key's text holds it. */
  private static ChangedKey self(Change c) {
    Map<String, FieldValue> byName = c.row().byColumnName();
    List<FieldValue> key = new ArrayList<>(c.keyColumns().size());
    for (String column : c.keyColumns()) {
      key.add(byName.get(column));
    }
    return ChangedKey.of(key);
  }

  static void addText(List<FieldValue> fields, IntFunction<String> column, List<String> text) {
    for (int i = 0; i < text.size(); i++) {
      fields.add(new FieldValue(column.apply(i), FieldType.of(FieldKind.STRING), text.get(i)));
    }
  }

  /**
   * The keep column's value: each column name in double quotes, as {@code UpsertSql.keepExisting}
   * looks for it.
   */
  static String keepList(Set<String> columns) {
    StringBuilder out = new StringBuilder();
    for (String c : columns) {
      out.append('"').append(c.replace("\"", "\"\"")).append('"');
    }
    return out.toString();
  }

  /**
   * The row as reading its staged value gives it back: without the schemaless nulls, which the
   * staged value leaves out ({@link Envelopes#write}).
   */
  static TypedRow asStaged(TypedRow row) {
    for (FieldValue f : row.fields()) {
      if (f.type() == null) {
        return row.withFields(row.fields().stream().filter(v -> v.type() != null).toList());
      }
    }
    return row;
  }

  static Record withValue(Record record, TypedRow row) {
    return record.withValue(Envelopes.write(row));
  }
}
