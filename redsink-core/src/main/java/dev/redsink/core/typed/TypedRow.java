package dev.redsink.core.typed;

import dev.redsink.core.table.TableName;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The top-level fields of one record value, in the order the value lists them. */
public record TypedRow(List<FieldValue> fields) {

  /**
   * Names of Redsink's own columns in every typed table; a value field with one of them lands in
   * {@code <name>_value} instead (a Debezium table's {@code id}, for instance).
   */
  private static final Set<String> RESERVED = Set.of("id", "created_at");

  public TypedRow {
    fields =
        fields.stream()
            .map(
                f ->
                    RESERVED.contains(TableName.fold(f.name()))
                        ? new FieldValue(columnName(f.name()), f.type(), f.value())
                        : f)
            .toList();
  }

  /** The column a field lands in: its folded name, with {@code _value} after a reserved one. */
  public static String columnName(String fieldName) {
    String folded = TableName.fold(fieldName);
    return RESERVED.contains(folded) ? folded + "_value" : folded;
  }

  /** The fields by the name Redshift gives their column (lower case). */
  public Map<String, FieldValue> byColumnName() {
    return fields.stream()
        .collect(Collectors.toMap(f -> TableName.fold(f.name()), Function.identity(), (a, b) -> b));
  }
}
