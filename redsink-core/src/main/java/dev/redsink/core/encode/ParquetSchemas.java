package dev.redsink.core.encode;

import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema of a row layout, in the layout's column order (COPY maps by position): text as
 * BINARY/UTF8, SMALLINT as INT32/INT(16), INTEGER as INT32, BIGINT as INT64, VARBYTE as plain
 * BINARY, DECIMAL(p,s) as DECIMAL(p,s) (INT32, INT64 or fixed bytes), DATE, TIME and TIMESTAMP in
 * microseconds (COPY refuses nanoseconds), SUPER as JSON text (BINARY/UTF8) for the staging table's
 * text column; every column optional.
 */
final class ParquetSchemas {
  private ParquetSchemas() {}

  static MessageType of(RowLayout layout) {
    Types.MessageTypeBuilder message = Types.buildMessage();
    for (Column column : layout.columns()) {
      message.addField(field(column));
    }
    return message.named("redsink_row");
  }

  private static Type field(Column column) {
    ColumnType type = column.type();
    String name = column.name();
    return switch (type.family()) {
      case SMALLINT ->
          Types.optional(PrimitiveTypeName.INT32)
              .as(LogicalTypeAnnotation.intType(16, true))
              .named(name);
      case INTEGER -> Types.optional(PrimitiveTypeName.INT32).named(name);
      case BIGINT -> Types.optional(PrimitiveTypeName.INT64).named(name);
      case REAL -> Types.optional(PrimitiveTypeName.FLOAT).named(name);
      case DOUBLE -> Types.optional(PrimitiveTypeName.DOUBLE).named(name);
      case BOOLEAN -> Types.optional(PrimitiveTypeName.BOOLEAN).named(name);
      case BINARY -> Types.optional(PrimitiveTypeName.BINARY).named(name);
      case DECIMAL -> decimal(type, name);
      case DATE ->
          Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named(name);
      case TIME ->
          Types.optional(PrimitiveTypeName.INT64)
              .as(LogicalTypeAnnotation.timeType(false, TimeUnit.MICROS))
              .named(name);
      case TIMESTAMP ->
          Types.optional(PrimitiveTypeName.INT64)
              .as(LogicalTypeAnnotation.timestampType(false, TimeUnit.MICROS))
              .named(name);
      case TIMESTAMPTZ ->
          Types.optional(PrimitiveTypeName.INT64)
              .as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MICROS))
              .named(name);
      default ->
          Types.optional(PrimitiveTypeName.BINARY)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
    };
  }

  private static Type decimal(ColumnType type, String name) {
    LogicalTypeAnnotation decimal = LogicalTypeAnnotation.decimalType(type.scale(), type.length());
    if (type.length() <= 9) {
      return Types.optional(PrimitiveTypeName.INT32).as(decimal).named(name);
    }
    if (type.length() <= 18) {
      return Types.optional(PrimitiveTypeName.INT64).as(decimal).named(name);
    }
    return Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
        .length(decimalBytes(type.length()))
        .as(decimal)
        .named(name);
  }

  /** The fewest bytes whose two's complement holds every unscaled value of this precision. */
  static int decimalBytes(int precision) {
    return (int) Math.ceil((precision * Math.log(10) / Math.log(2) + 1) / 8);
  }
}
