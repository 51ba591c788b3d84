package dev.redsink.core.typed;

import dev.redsink.core.table.TableName;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The top-level fields of one record value, in the order the value lists them. */
public record TypedRow(List<FieldValue> fields) {

  public TypedRow {
    fields = List.copyOf(fields);
  }

  /** The fields by the name Redshift gives their column (lower case). */
  public Map<String, FieldValue> byColumnName() {
    return fields.stream()
        .collect(Collectors.toMap(f -> TableName.fold(f.name()), Function.identity(), (a, b) -> b));
  }
}
