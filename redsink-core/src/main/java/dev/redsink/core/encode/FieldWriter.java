package dev.redsink.core.encode;

import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.TypeFamily;
import dev.redsink.core.typed.FieldKind;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.Micros;
import dev.redsink.core.typed.TypedRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Writes one non-null typed field value into its column's chunk as the column's Parquet type (see
 * {@link ParquetSchemas}): the column, not the value, decides, so an int32 lands in a BIGINT column
 * as INT64. Text goes into the chunk as UTF-8 without an intermediate byte array.
 */
final class FieldWriter {
  private FieldWriter() {}

  static void write(
      ColumnChunk chunk, ColumnType column, FieldType type, Object value, PageCodec codec) {
    switch (column.family()) {
      case SMALLINT, INTEGER, DATE -> chunk.addInt(((Number) value).intValue(), codec);
      case BIGINT -> chunk.addLong(((Number) value).longValue(), codec);
      case REAL -> chunk.addFloat(((Number) value).floatValue(), codec);
      case DOUBLE -> chunk.addDouble(((Number) value).doubleValue(), codec);
      case BOOLEAN -> chunk.addBoolean((Boolean) value, codec);
      // Times and time stamps are read as microseconds, as Parquet holds them.
      case TIME, TIMESTAMP, TIMESTAMPTZ -> chunk.addLong(((Number) value).longValue(), codec);
      case BINARY -> {
        byte[] bytes = (byte[]) value;
        chunk.addBytes(bytes, 0, bytes.length, codec);
      }
      case DECIMAL -> decimal(chunk, column, (BigDecimal) value, codec);
      case SUPER -> text(chunk, FieldValue.json(type, value), codec);
      default -> text(chunk, text(type, value), codec);
    }
  }

  /**
   * {@link #write} of the non-null field at {@code j} of a row whose values are held {@link
   * TypedRow#inPlace}, without making the value where the column takes it as a number, a boolean or
   * text: the same bytes, as {@link Number}'s conversions make them. Any other pairing is written
   * from the value made.
   */
  static void writeInPlace(
      ColumnChunk chunk, ColumnType column, TypedRow row, int j, PageCodec codec) {
    FieldType type = row.type(j);
    FieldKind kind = type.kind();
    if (kind == FieldKind.INT64 || kind == FieldKind.FLOAT64) {
      boolean integral = kind == FieldKind.INT64;
      long bits = row.bits(j);
      double real = integral ? 0 : Double.longBitsToDouble(bits);
      switch (column.family()) {
        case SMALLINT, INTEGER, DATE -> {
          chunk.addInt(integral ? (int) bits : (int) real, codec);
          return;
        }
        case BIGINT, TIME, TIMESTAMP, TIMESTAMPTZ -> {
          chunk.addLong(integral ? bits : (long) real, codec);
          return;
        }
        case REAL -> {
          chunk.addFloat(integral ? (float) bits : (float) real, codec);
          return;
        }
        case DOUBLE -> {
          chunk.addDouble(integral ? (double) bits : real, codec);
          return;
        }
        default -> {}
      }
    } else if (kind == FieldKind.BOOLEAN && column.family() == TypeFamily.BOOLEAN) {
      chunk.addBoolean(row.bits(j) != 0, codec);
      return;
    } else if (kind == FieldKind.STRING && column.family() == TypeFamily.TEXT) {
      // ASCII: its UTF-8 bytes are the text's bytes.
      chunk.addBytes(row.text(), row.textFrom(j), row.textLength(j), codec);
      return;
    }
    write(chunk, column, type, row.value(j), codec);
  }

  /** A value bound for a VARCHAR column: text as is, a decimal plain, an instant in ISO-8601. */
  private static String text(FieldType type, Object value) {
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (type.kind() == FieldKind.TIMESTAMPTZ) {
      return Micros.instant(((Number) value).longValue()).toString();
    }
    return (String) value;
  }

  private static void text(ColumnChunk chunk, String text, PageCodec codec) {
    int at = chunk.reserveBytes(Utf8.maxBytes(text.length()));
    chunk.commitBytes(Utf8.encode(text, chunk.buffer(), at) - at, codec);
  }

  private static void decimal(
      ColumnChunk chunk, ColumnType column, BigDecimal value, PageCodec codec) {
    BigInteger unscaled = value.setScale(column.scale(), RoundingMode.UNNECESSARY).unscaledValue();
    if (column.length() <= 9) {
      chunk.addInt(unscaled.intValueExact(), codec);
    } else if (column.length() <= 18) {
      chunk.addLong(unscaled.longValueExact(), codec);
    } else {
      byte[] minimal = unscaled.toByteArray();
      byte[] fixed = new byte[ParquetSchemas.decimalBytes(column.length())];
      byte pad = (byte) (unscaled.signum() < 0 ? 0xFF : 0x00);
      int offset = fixed.length - minimal.length;
      for (int i = 0; i < offset; i++) {
        fixed[i] = pad;
      }
      System.arraycopy(minimal, 0, fixed, offset, minimal.length);
      chunk.addFixed(fixed, codec);
    }
  }
}
