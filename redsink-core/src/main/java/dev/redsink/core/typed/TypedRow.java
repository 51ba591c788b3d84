package dev.redsink.core.typed;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The top-level fields of one record value, in the order the value lists them, each named by the
 * column it lands in ({@link FieldNames}).
 *
 * @param declared whether a schema declared the fields' types (a JsonConverter envelope), rather
 *     than their values suggesting them: a declared type no column can take is the source's schema
 *     changing, not one bad record
 */
public record TypedRow(List<FieldValue> fields, boolean declared) {

  public TypedRow {
    fields = fields instanceof FieldList read ? read.done() : List.copyOf(fields);
  }

  /** Fields whose types their values suggest. */
  public TypedRow(List<FieldValue> fields) {
    this(fields, false);
  }

  /** Other fields, declared as these were. */
  public TypedRow withFields(List<FieldValue> other) {
    return new TypedRow(other, declared);
  }

  /** The name of the field at {@code index}, without making the field. */
  public String name(int index) {
    return fields instanceof FieldList read ? read.name(index) : fields.get(index).name();
  }

  /** The type of the field at {@code index}, without making the field. */
  public FieldType type(int index) {
    return fields instanceof FieldList read ? read.type(index) : fields.get(index).type();
  }

  /** The number of fields. */
  public int size() {
    return fields.size();
  }

  /** The value of the field at {@code index}, without making the field. */
  public Object value(int index) {
    return fields instanceof FieldList read ? read.value(index) : fields.get(index).value();
  }

  /** Whether the field at {@code index} has no value, without making the value. */
  public boolean isNull(int index) {
    return fields instanceof FieldList read ? read.type(index) == null : value(index) == null;
  }

  /**
   * Whether the values sit where they were read, in the record's bytes ({@link FieldList}): plain
   * JSON scalars, each an INT64, FLOAT64, BOOLEAN, ASCII STRING or a schemaless null, which {@link
   * #bits} and {@link #text} read without making an object.
   */
  public boolean inPlace() {
    return fields instanceof FieldList;
  }

  /**
   * The value of a field held {@link #inPlace}: an INT64 as is, a FLOAT64's raw bits, a BOOLEAN as
   * 1 or 0.
   */
  public long bits(int index) {
    return ((FieldList) fields).slot(index);
  }

  /**
   * The bytes of the ASCII STRING fields held {@link #inPlace}; {@link #textFrom} and {@link
   * #textLength} say where a field's text is. They are the record's own value bytes: read them,
   * never write into them.
   */
  public byte[] text() {
    return ((FieldList) fields).source();
  }

  /** Where the text of a STRING field held {@link #inPlace} begins in {@link #text}. */
  public int textFrom(int index) {
    return FieldList.textFrom(bits(index));
  }

  /** The length in bytes (and in chars: ASCII) of a STRING field held {@link #inPlace}. */
  public int textLength(int index) {
    return FieldList.textLength(bits(index));
  }

  /** The fields by the name of their column. */
  public Map<String, FieldValue> byColumnName() {
    return fields.stream()
        .collect(Collectors.toMap(FieldValue::name, Function.identity(), (a, b) -> b));
  }
}
