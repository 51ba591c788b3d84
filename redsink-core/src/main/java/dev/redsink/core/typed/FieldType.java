package dev.redsink.core.typed;

import java.util.Locale;

/**
 * A field's type: its kind and, for declared decimals, precision and scale (precision 0 when the
 * schema does not give one; a VARIABLE_DECIMAL has neither, each value its own scale).
 */
public record FieldType(FieldKind kind, int precision, int scale) {

  /** One type per kind, shared: every field of every typed record has one. */
  private static final FieldType[] PLAIN = plain();

  public static FieldType of(FieldKind kind) {
    return PLAIN[kind.ordinal()];
  }

  private static FieldType[] plain() {
    FieldKind[] kinds = FieldKind.values();
    FieldType[] types = new FieldType[kinds.length];
    for (FieldKind kind : kinds) {
      types[kind.ordinal()] = new FieldType(kind, 0, 0);
    }
    return types;
  }

  public static FieldType decimal(int precision, int scale) {
    return new FieldType(FieldKind.DECIMAL, precision, scale);
  }

  /** As Kafka Connect spells it, for messages: {@code int32}, {@code Decimal(10,2)}. */
  @Override
  public String toString() {
    return switch (kind) {
      case DECIMAL -> "Decimal(" + (precision == 0 ? "?" : precision) + "," + scale + ")";
      case VARIABLE_DECIMAL -> "io.debezium.data.VariableScaleDecimal";
      case DATE -> "Date";
      case TIME -> "Time";
      case TIMESTAMP -> "Timestamp";
      case TIMESTAMPTZ -> "io.debezium.time.ZonedTimestamp";
      case JSON -> "io.debezium.data.Json";
      default -> kind.name().toLowerCase(Locale.ROOT);
    };
  }
}
