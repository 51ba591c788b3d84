package dev.redsink.core.typed;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
import dev.redsink.core.table.FittedName;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The column each top-level field of a typed record lands in, for one table. Redshift folds names
 * to lower case, so the column is the field's name in lower case; a name Redsink uses for a column
 * of its own (id, created_at, the metadata columns under metadata_column_prefix, the staging
 * columns {@code redsink_op} and {@code redsink_rn}, and with cdc_delete_mode = soft the deleted
 * flag) gets {@code _value} after it; a name over Redshift's 127 bytes keeps its first bytes and
 * ends in {@code _} and 8 hex digits of the SHA-256 of its folded name, so two long names stay
 * apart. An empty name or one with a NUL character cannot name a column: the record is a bad record
 * naming the field.
 */
public final class FieldNames {
  /**
   * Names for rows already read once (a key-folded load's staged changes): their fields carry their
   * column's name already, which this keeps.
   */
  public static final FieldNames COLUMNS = new FieldNames(Set.of(), false, false);

  private static final String SUFFIX = "_value";

  /** Field names remembered with their column, at most: every record repeats its table's names. */
  private static final int REMEMBERED = 10_000;

  private final Set<String> reserved;
  private final boolean reservesStagingNames;
  private final boolean byKey;
  private final Map<String, String> columns = new ConcurrentHashMap<>();

  /**
   * The name last read as bytes at each of a row's first positions: a row like the one before finds
   * its names without building them. Shared by threads: an entry is immutable, and a lost write
   * only costs the next row a lookup.
   */
  private final ByteName[] recent = new ByteName[32];

  /**
   * The names of the last row read from bytes whose fields were all checked (each lands in a column
   * of its own): a row whose names are these, or the first of them, needs no check. Shared by
   * threads as {@link #recent} is: a shape is immutable once remembered.
   */
  private RowShape checked;

  /** The names of a row's fields, in order. */
  record RowShape(ByteName[] names) {}

  /**
   * The names and types of the last row read from bytes, which the next row's fields share while
   * they are the same. Shared by threads as {@link #checked} is.
   */
  private FieldList.Layout lastLayout;

  /** A field name read from ASCII bytes, with its column. */
  record ByteName(byte[] bytes, String field, String column) {
    boolean is(byte[] b, int from, int to) {
      return Arrays.equals(bytes, 0, bytes.length, b, from, to);
    }
  }

  private FieldNames(Set<String> reserved, boolean reservesStagingNames, boolean byKey) {
    this.reserved = Set.copyOf(reserved);
    this.reservesStagingNames = reservesStagingNames;
    this.byKey = byKey;
  }

  /** The names of fields of a table with these fixed columns, written in this mode. */
  public static FieldNames of(RowLayout layout, WriteSettings write) {
    Set<String> reserved = new HashSet<>();
    for (Column c : layout.columns()) {
      if (c.role() != ColumnRole.FIELD) {
        reserved.add(TableName.fold(c.name()));
      }
    }
    if (write.mode() == WriteMode.CDC && write.cdcDelete() == CdcDeleteMode.SOFT) {
      reserved.add(TableName.fold(write.deletedColumn()));
    }
    if (write.mode() == WriteMode.HISTORY) {
      reserved.addAll(HistoryColumns.ALL);
    }
    return new FieldNames(reserved, true, write.byKey());
  }

  /**
   * The names to read the rows a load stages with: these for appends, which stage the records as
   * they are; {@link #COLUMNS} for upsert and cdc, which stage their changes read once already
   * ({@link KeyFold#normalized()}).
   */
  public FieldNames ofStagedRows() {
    return byKey ? COLUMNS : this;
  }

  /**
   * The column of the field named {@code field} in {@code record}.
   *
   * @throws BadRecordException naming the record and the field when no column can have its name
   */
  public String column(Record record, String field) {
    String known = columns.get(field);
    if (known != null) {
      return known;
    }
    String column = newColumn(record, field);
    if (columns.size() < REMEMBERED) {
      columns.put(field, column);
    }
    return column;
  }

  /**
   * The field named by the ASCII bytes {@code b[from, to)}, at {@code position} in its row, with
   * its column: {@link #column(Record, String)} without building the name when the row before had
   * it at that position.
   *
   * @throws BadRecordException naming the record and the field when no column can have its name
   */
  ByteName column(Record record, byte[] b, int from, int to, int position) {
    ByteName known = position < recent.length ? recent[position] : null;
    if (known != null && known.is(b, from, to)) {
      return known;
    }
    String field = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    ByteName name = new ByteName(Arrays.copyOfRange(b, from, to), field, column(record, field));
    if (position < recent.length) {
      recent[position] = name;
    }
    return name;
  }

  /** The names of the last row whose fields were all checked; null before the first. */
  RowShape checked() {
    return checked;
  }

  /** The names and types of the last row read from bytes; null before the first. */
  FieldList.Layout lastLayout() {
    return lastLayout;
  }

  /** Remembers the names and types of the last row read from bytes. */
  void lastLayout(FieldList.Layout layout) {
    lastLayout = layout;
  }

  /** Remembers the names of a row whose fields were all checked. */
  void checked(RowShape shape) {
    checked = shape;
  }

  private String newColumn(Record record, String field) {
    if (field.isEmpty()) {
      throw bad(record, "a field has an empty name, which no Redshift column can have");
    }
    if (field.indexOf('\0') >= 0) {
      throw bad(
          record,
          "field '"
              + printable(field)
              + "' has a NUL character (\\0) in its name, which no Redshift column can have");
    }
    String folded = TableName.fold(field);
    if (reserved.contains(folded)
        || (reservesStagingNames && StagingColumns.isStagingOnly(folded))) {
      folded = folded + SUFFIX;
    }
    return FittedName.of(folded, TableName.MAX_IDENTIFIER_BYTES);
  }

  /**
   * The bad record for two fields landing in one column (their names fold to one, or one is a
   * Redsink name whose {@code _value} column the other names).
   */
  static BadRecordException collision(Record record, String first, String second, String column) {
    return bad(
        record,
        "fields '"
            + printable(first)
            + "' and '"
            + printable(second)
            + "' both land in column '"
            + column
            + "' (Redshift folds names to lower case, and a field named like a Redsink column"
            + " lands in <name>"
            + SUFFIX
            + "), so one value would be lost");
  }

  private static BadRecordException bad(Record record, String reason) {
    return new BadRecordException(
        record.id(),
        "Cannot read record "
            + record.id()
            + " as typed fields: "
            + reason
            + "; rename the field before Redsink (Kafka Connect's ReplaceField transform"
            + " renames fields) or load the topic with table_layout = payload");
  }

  /** A name as it can be printed: NUL and other control characters escaped. */
  private static String printable(String name) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c < 0x20) {
        sb.append(c == 0 ? "\\0" : String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.length() > 200 ? sb.substring(0, 200) + "…" : sb.toString();
  }
}
