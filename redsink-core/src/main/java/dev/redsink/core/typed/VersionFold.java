package dev.redsink.core.typed;

import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.typed.KeyFold.Folded;
import dev.redsink.core.typed.KeyFold.Operation;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * For write_mode = history: turns a load's changes, in source order, into the versions they make.
 * Every change of a key stages a version ({@code u}) closed by the key's next change in the load,
 * if any; a delete closes the key's version and stages none. A key's first change in the load (a
 * {@code d} row when it is a delete) also carries the time that closes the key's active version in
 * the table, which the load's one UPDATE reads as the key's earliest staged time. A change that did
 * not carry a column's value takes it from the key's previous version in the load, else (the keep
 * column lists it) from the table's active version of its key, or, for a primary-key change, from
 * the newest version of its old key (the previous key columns hold it as text).
 */
final class VersionFold {
  private static final FieldType TIMESTAMP = FieldType.of(FieldKind.TIMESTAMP);
  private static final FieldType BOOLEAN = FieldType.of(FieldKind.BOOLEAN);
  private static final FieldType STRING = FieldType.of(FieldKind.STRING);

  private final VersionTime times;
  private final ParsedRows rows;

  VersionFold(VersionTime times, ParsedRows rows) {
    this.times = times;
    this.rows = rows;
  }

  /** One staged row: a version, or the delete that closes a key's version in the table. */
  private static final class Staged {
    final Change change;
    final boolean delete;
    final long created;
    Long closed;

    /**
     * The key whose newest version in the table holds the values this one lacks (null: its own).
     */
    final ChangedKey keepFrom;

    Staged(Change change, boolean delete, long created, ChangedKey keepFrom) {
      this.change = change;
      this.delete = delete;
      this.created = created;
      this.keepFrom = keepFrom;
    }
  }

  /** The versions of {@code ordered}, changes in the order they happened at the source. */
  Folded fold(List<Change> ordered) {
    List<Staged> staged = new ArrayList<>(ordered.size());
    Map<List<String>, Staged> open = new HashMap<>();
    // The last version each key had in this load, kept past a delete of the key: a primary-key
    // change deletes the old key's version, and its new key's version takes unsent values from it.
    Map<List<String>, Staged> lastVersions = new HashMap<>();
    Set<List<String>> seen = new HashSet<>();
    // Each key's last change in this load, to drop a copy of it sent again (Debezium's resends).
    Map<List<String>, Change> lastChanges = new HashMap<>();
    List<String> keyColumns = List.of();
    long truncateAt = Long.MIN_VALUE;
    int changes = 0;
    for (Change c : ordered) {
      if (c.op() == Change.Op.SKIP) {
        continue;
      }
      if (c.op() == Change.Op.TRUNCATE) {
        long at = times.micros(c);
        open.values().forEach(v -> v.closed = at);
        open.clear();
        if (truncateAt == Long.MIN_VALUE) {
          truncateAt = at;
        }
        continue;
      }
      if (isCopy(c, lastChanges.put(c.key(), c))) {
        continue;
      }
      keyColumns = c.keyColumns();
      changes++;
      long at = VersionTime.of(c.row());
      Staged previous = open.remove(c.key());
      if (previous != null) {
        previous.closed = at;
      }
      boolean first = seen.add(c.key());
      if (c.op() != Change.Op.UPSERT) {
        if (first) {
          staged.add(new Staged(c, true, at, null));
        }
        continue;
      }
      ChangedKey keepFrom = null;
      if (c.previous() != null) {
        Staged old = lastVersions.get(c.previous().json());
        if (old != null) {
          c = c.filledFrom(old.change);
          keepFrom = old.keepFrom;
        }
        if (keepFrom == null) {
          keepFrom = c.previous();
        }
      } else if (previous != null) {
        c = c.filledFrom(previous.change);
        keepFrom = previous.keepFrom;
      }
      Staged version = new Staged(c, false, at, keepFrom);
      staged.add(version);
      open.put(c.key(), version);
      lastVersions.put(c.key(), version);
    }
    return folded(staged, changes, keyColumns, truncateAt);
  }

  /**
   * Whether a change is a copy of its key's previous change in the load: the same operation at the
   * same known source position with the same values, as a source connector sends a change again
   * after a restart. (Ordered by position, a copy follows its original.)
   */
  private static boolean isCopy(Change c, Change previous) {
    return previous != null
        && c.position() != Position.NONE
        && previous.op() == c.op()
        && previous.position().compareTo(c.position()) == 0
        && Objects.equals(values(previous.row()), values(c.row()));
  }

  private static List<Object> values(TypedRow row) {
    if (row == null) {
      return null;
    }
    List<Object> values = new ArrayList<>(row.size());
    for (FieldValue f : row.fields()) {
      values.add(f.value() instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : f.value());
    }
    return values;
  }

  private Folded folded(
      List<Staged> staged, int changes, List<String> keyColumns, long truncateAt) {
    List<dev.redsink.core.record.Record> out = new ArrayList<>(staged.size());
    Set<Operation> operations = EnumSet.noneOf(Operation.class);
    Set<String> kept = new LinkedHashSet<>();
    int previousKeyColumns = 0;
    for (Staged s : staged) {
      Change c = s.change;
      Operation op = s.delete ? Operation.DELETE : Operation.REPLACE;
      operations.add(op);
      List<FieldValue> fields = new ArrayList<>(c.row().size() + 3);
      for (FieldValue f : c.row().fields()) {
        if (!HistoryColumns.ALL.contains(f.name())) {
          fields.add(f);
        }
      }
      boolean active = !s.delete && s.closed == null;
      fields.add(new FieldValue(HistoryColumns.IS_ACTIVE, BOOLEAN, active));
      fields.add(new FieldValue(HistoryColumns.CREATE_TIME, TIMESTAMP, s.created));
      fields.add(new FieldValue(HistoryColumns.DELETE_TIME, TIMESTAMP, s.closed));
      fields.add(new FieldValue(KeyFold.OP_COLUMN, STRING, op.code()));
      if (!s.delete && !c.unavailable().isEmpty()) {
        kept.addAll(c.unavailable());
        fields.add(new FieldValue(KeyFold.KEEP_COLUMN, STRING, KeyFold.keepList(c.unavailable())));
        if (s.keepFrom != null && s.keepFrom.text() != null) {
          List<String> text = s.keepFrom.text();
          KeyFold.addText(fields, StagingColumns::previousKey, text);
          previousKeyColumns = text.size();
        }
      }
      TypedRow row = c.row().withFields(fields);
      dev.redsink.core.record.Record r = KeyFold.withValue(c.record(), row);
      rows.remember(r, KeyFold.asStaged(row));
      out.add(r);
    }
    return new Folded(
        out,
        changes,
        keyColumns,
        operations,
        kept,
        previousKeyColumns,
        0,
        0,
        0,
        0,
        truncateAt != Long.MIN_VALUE,
        truncateAt);
  }
}
