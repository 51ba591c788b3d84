package dev.redsink.core.encode;

import dev.redsink.core.table.ColumnType;
import dev.redsink.core.typed.FieldKind;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.Micros;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Writes one non-null typed field value as its column's Parquet type (see {@link ParquetSchemas}):
 * the column, not the value, decides, so an int32 lands in a BIGINT column as INT64.
 */
final class FieldWriter {

  void write(RecordConsumer out, ColumnType column, FieldValue field) {
    Object value = field.value();
    switch (column.family()) {
      case SMALLINT, INTEGER, DATE -> out.addInteger(((Number) value).intValue());
      case BIGINT -> out.addLong(((Number) value).longValue());
      case REAL -> out.addFloat(((Number) value).floatValue());
      case DOUBLE -> out.addDouble(((Number) value).doubleValue());
      case BOOLEAN -> out.addBoolean((Boolean) value);
      // Times and time stamps are read as microseconds, as Parquet holds them.
      case TIME, TIMESTAMP, TIMESTAMPTZ -> out.addLong(((Number) value).longValue());
      case BINARY -> out.addBinary(Binary.fromConstantByteArray((byte[]) value));
      case DECIMAL -> decimal(out, column, (BigDecimal) value);
      case SUPER -> out.addBinary(Binary.fromString(field.json()));
      default -> out.addBinary(Binary.fromConstantByteArray(text(field)));
    }
  }

  /** A value bound for a VARCHAR column: text as is, a decimal plain, an instant in ISO-8601. */
  private static byte[] text(FieldValue field) {
    Object value = field.value();
    String text;
    if (value instanceof BigDecimal d) {
      text = d.toPlainString();
    } else if (field.type().kind() == FieldKind.TIMESTAMPTZ) {
      text = Micros.instant(((Number) value).longValue()).toString();
    } else {
      text = (String) value;
    }
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static void decimal(RecordConsumer out, ColumnType column, BigDecimal value) {
    java.math.BigInteger unscaled =
        value.setScale(column.scale(), RoundingMode.UNNECESSARY).unscaledValue();
    if (column.length() <= 9) {
      out.addInteger(unscaled.intValueExact());
    } else if (column.length() <= 18) {
      out.addLong(unscaled.longValueExact());
    } else {
      byte[] minimal = unscaled.toByteArray();
      byte[] fixed = new byte[ParquetSchemas.decimalBytes(column.length())];
      byte pad = (byte) (unscaled.signum() < 0 ? 0xFF : 0x00);
      int offset = fixed.length - minimal.length;
      for (int i = 0; i < offset; i++) {
        fixed[i] = pad;
      }
      System.arraycopy(minimal, 0, fixed, offset, minimal.length);
      out.addBinary(Binary.fromConstantByteArray(fixed));
    }
  }
}
