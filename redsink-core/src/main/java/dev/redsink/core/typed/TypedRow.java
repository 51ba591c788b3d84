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

  /** The fields by the name of their column. */
  public Map<String, FieldValue> byColumnName() {
    return fields.stream()
        .collect(Collectors.toMap(FieldValue::name, Function.identity(), (a, b) -> b));
  }
}
