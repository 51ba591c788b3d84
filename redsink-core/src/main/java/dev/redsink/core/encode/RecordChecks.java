package dev.redsink.core.encode;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.JudgedRows;
import dev.redsink.core.typed.ParsedRows;
import dev.redsink.core.typed.RowBudget;
import dev.redsink.core.typed.TypedRow;
import dev.redsink.core.typed.ValueReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks each record against the byte capacities of its table's columns before anything is encoded,
 * so an oversized or invalid record fails with its id instead of a COPY error from Redshift.
 */
public final class RecordChecks {
  private final RowLayout layout;
  private final Column id;
  private final Optional<Column> topic;
  private final Optional<Column> key;
  private final Optional<Column> payload;
  private final Optional<Column> headers;
  private final SchemaEvolution evolution;
  private final FieldNames names;
  private volatile FieldChecks fields;
  private final Map<String, Integer> topicLengths = new ConcurrentHashMap<>();
  private final JudgedRows judged;

  /**
   * The most record bytes whose typed rows one table keeps from a runtime's check for their load:
   * the default flush.max.bytes, within what the process's {@link RowBudget} has left (a row takes
   * about four times its JSON's bytes); the rest of a larger buffer is read again by its load.
   */
  private static final long JUDGED_BYTES = 64L << 20;

  /**
   * Checks for a layout; for a typed one, {@code evolution} decides whether a field of a type its
   * column cannot take is a bad record (add_columns) or left to fail the load (none), and {@code
   * names} the column each field lands in.
   */
  public RecordChecks(RowLayout layout, SchemaEvolution evolution, FieldNames names) {
    this(layout, evolution, names, null);
  }

  /**
   * {@link #RecordChecks(RowLayout, SchemaEvolution, FieldNames)} keeping the rows runtimes' checks
   * read in {@code judged} (shared by every form of one table), or in rows of its own when null.
   */
  public RecordChecks(
      RowLayout layout, SchemaEvolution evolution, FieldNames names, JudgedRows judged) {
    this.judged = judged != null ? judged : new JudgedRows(JUDGED_BYTES, RowBudget.PROCESS);
    this.layout = layout;
    this.evolution = evolution;
    this.names = names;
    this.fields = new FieldChecks(layout, evolution);
    this.id = layout.id();
    this.topic = layout.column(ColumnRole.TOPIC);
    this.key = layout.column(ColumnRole.KEY);
    this.payload = layout.column(ColumnRole.PAYLOAD);
    this.headers = layout.column(ColumnRole.HEADERS);
  }

  /**
   * Throws {@link BadRecordException} naming topic:partition:offset, the size and the limit when
   * the record does not fit.
   */
  public void check(Record record) {
    checkSettled(record);
  }

  /**
   * {@link #check}, returning whether no later write can refuse the record: always in the payload
   * layout, and in the typed layout when every non-null field has a column that takes it as is.
   */
  public boolean checkSettled(Record record) {
    if (!layout.isTyped()) {
      checked(record);
      return true;
    }
    return fields.check(record, fieldsAfterMetadata(record));
  }

  /**
   * {@link #checkSettled(Record)} as a runtime runs it when it takes a record: the typed row it
   * reads is kept for the record's load ({@link #judged}), which then does not parse the value
   * again.
   */
  public boolean checkTaken(Record record) {
    if (!layout.isTyped()) {
      return checkSettled(record);
    }
    TypedRow row = fieldsAfterMetadata(record);
    FieldChecks checks = fields;
    boolean settled = checks.check(record, row);
    judged.keep(record, names, row, settled ? checks : null);
    return settled;
  }

  /**
   * Whether a row kept with {@code settledBy} ({@link JudgedRows}) was found to fit columns that
   * {@code layout}'s field columns are: then each of its non-null fields fits its column as is.
   */
  public static boolean settledFor(Object settledBy, RowLayout layout) {
    return settledBy instanceof FieldChecks checks && checks.settlesFor(layout);
  }

  /** The typed rows runtimes' checks read, for the loads of their records. */
  public JudgedRows judged() {
    return judged;
  }

  /** {@link #checkSettled(Record)}, reusing the typed row {@code parsed} read already. */
  public boolean checkSettled(Record record, ParsedRows parsed) {
    Optional<TypedRow> row = layout.isTyped() ? parsed.of(record, names) : Optional.empty();
    if (row.isEmpty()) {
      return checkSettled(record);
    }
    checkedMetadata(record);
    return fields.check(record, row.get());
  }

  /**
   * Checks typed fields against the field columns of {@code evolved} from now on: the table as the
   * last schema evolution left it, so a runtime's check sees columns added since the table opened.
   */
  public void adopt(RowLayout evolved) {
    this.fields = new FieldChecks(evolved, evolution);
  }

  /** Checks the record and returns its typed fields (null in the payload layout). */
  TypedRow checked(Record record) {
    if (layout.isTyped()) {
      TypedRow row = fieldsAfterMetadata(record);
      fields.check(record, row);
      return row;
    }
    checkedMetadata(record);
    byte[] value = record.wholeValue();
    if (value != null) {
      fits(record, payload.orElseThrow(), value.length);
      if (layout.payloadFormat() == PayloadFormat.SUPER && !Json.isValid(value)) {
        throw new BadRecordException(
            record.id(),
            "Cannot encode record "
                + record.id()
                + ": the payload ("
                + value.length
                + " bytes) is not valid JSON, and payload_format = super stores JSON in a SUPER"
                + " column; use payload_format = text or varbyte for other payloads");
      }
      if (layout.payloadFormat() == PayloadFormat.TEXT) {
        int nul = indexOfNul(value);
        if (nul >= 0) {
          throw new BadRecordException(
              record.id(),
              "Cannot encode record "
                  + record.id()
                  + ": the payload has a NUL byte (0x00) at byte "
                  + nul
                  + ", which Redshift's VARCHAR cannot hold (it is a string terminator there);"
                  + " use payload_format = varbyte for payloads that may contain NUL");
        }
        int invalid = Utf8.firstInvalid(value);
        if (invalid >= 0) {
          throw new BadRecordException(
              record.id(),
              "Cannot encode record "
                  + record.id()
                  + ": the payload ("
                  + value.length
                  + " bytes) is not valid UTF-8 at byte "
                  + invalid
                  + ", and payload_format = text stores UTF-8 text; use payload_format = varbyte"
                  + " for binary payloads");
        }
      }
    }
    return null;
  }

  /** The metadata columns' checks, then the typed fields as read (not yet checked). */
  private TypedRow fieldsAfterMetadata(Record record) {
    checkedMetadata(record);
    return ValueReader.read(record, names);
  }

  /**
   * Checks only what a typed record stores beside its fields (id, topic, key and headers): for a
   * load whose schema step has made every field fit its column as is.
   */
  public void checkBesideFields(Record record) {
    checkedMetadata(record);
  }

  /** Checks what every layout stores beside the value: id, topic, key and headers. */
  private void checkedMetadata(Record record) {
    int topicBytes =
        topicLengths.computeIfAbsent(
            record.topic(), t -> t.getBytes(StandardCharsets.UTF_8).length);
    int idBytes = topicBytes + 2 + digits(record.partition()) + digits(record.offset());
    fits(record, id, idBytes);
    if (topic.isPresent()) {
      fits(record, topic.get(), topicBytes);
    }
    if (key.isPresent() && record.key() != null) {
      fits(record, key.get(), 4 * ((record.key().length + 2) / 3));
    }
    if (headers.isPresent()) {
      fits(record, headers.get(), Json.headers(record.headers()).length);
    }
  }

  /**
   * The bad-record exception for a typed field whose value's type its column cannot take, naming
   * record, field, column type and field type.
   */
  public static BadRecordException incompatible(Record record, FieldValue field, Column column) {
    return FieldChecks.incompatible(record, field, column);
  }

  /**
   * The bad-record exception for a typed field whose value its column would hold only rounded (and
   * no wider DECIMAL holds exactly), naming record, field, column, value and the fix.
   */
  public static BadRecordException inexact(Record record, FieldValue field, Column column) {
    return FieldChecks.inexact(record, field, column.name(), column.type());
  }

  private static int indexOfNul(byte[] bytes) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  private static void fits(Record record, Column column, int bytes) {
    if (bytes > column.maxBytes()) {
      String what = column.role() == ColumnRole.KEY ? "base64 key" : column.name();
      throw new BadRecordException(
          record.id(),
          "Cannot encode record "
              + record.id()
              + ": the "
              + what
              + " is "
              + bytes
              + " bytes, over the limit of "
              + column.maxBytes()
              + " bytes of column '"
              + column.name()
              + "'");
    }
  }

  private static int digits(long value) {
    if (value == Long.MIN_VALUE) {
      return 20;
    }
    int n = value < 0 ? 2 : 1;
    for (long v = Math.abs(value); v >= 10; v /= 10) {
      n++;
    }
    return n;
  }
}
