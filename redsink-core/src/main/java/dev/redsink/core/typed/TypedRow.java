package dev.redsink.core.typed;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The top-level fields of one record value, in the order the value lists them, each named by the
 * column it lands in ({@link FieldNames}).
 */
public record TypedRow(List<FieldValue> fields) {

  public TypedRow {
    fields = List.copyOf(fields);
  }

  /** The fields by the name of their column. */
  public Map<String, FieldValue> byColumnName() {
    return fields.stream()
        .collect(Collectors.toMap(FieldValue::name, Function.identity(), (a, b) -> b));
  }
}
