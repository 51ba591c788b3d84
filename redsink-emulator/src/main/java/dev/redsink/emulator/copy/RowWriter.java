package dev.redsink.emulator.copy;

import dev.redsink.emulator.copy.TargetType.Family;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/** Checks one DuckDB result row against the target columns and writes it to a {@link RowOut}. */
final class RowWriter {
  private final ColumnPlan[] plans;
  private final Optional<Character> replacement;
  private final String fileUrl;

  RowWriter(List<ColumnPlan> plans, Optional<Character> replacement, String fileUrl) {
    this.plans = plans.toArray(new ColumnPlan[0]);
    this.replacement = replacement;
    this.fileUrl = fileUrl;
  }

  void write(ResultSet rs, RowOut out) throws SQLException, IOException {
    for (int i = 0; i < plans.length; i++) {
      ColumnPlan plan = plans[i];
      int index = i + 1;
      switch (plan.output()) {
        case TEXT:
        case UNCHECKED_TEXT:
          byte[] text = rs.getBytes(index);
          if (text == null) {
            out.nullField();
          } else {
            out.text(checkText(plan, text));
          }
          break;
        case HEX:
          byte[] bytes = rs.getBytes(index);
          if (bytes == null) {
            out.nullField();
          } else {
            checkLength(
                plan,
                bytes.length,
                () -> HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 512)));
            out.bytes(bytes);
          }
          break;
        case PLAIN:
          String value = rs.getString(index);
          if (value == null) {
            out.nullField();
          } else {
            out.plain(value, plan.type());
          }
          break;
        case INTEGRAL:
          long integral = rs.getLong(index);
          fixedOrNull(rs, out, width(plan.type()), integral);
          break;
        case FLOAT4:
          // floatToIntBits: every NaN as the one NaN PostgreSQL's text input makes.
          float real = rs.getFloat(index);
          fixedOrNull(rs, out, 4, Float.floatToIntBits(real));
          break;
        case FLOAT8:
          double dbl = rs.getDouble(index);
          fixedOrNull(rs, out, 8, Double.doubleToLongBits(dbl));
          break;
        case BOOL:
          boolean bool = rs.getBoolean(index);
          fixedOrNull(rs, out, 1, bool ? 1 : 0);
          break;
        case DAYS:
          long days = rs.getLong(index);
          fixedOrNull(rs, out, 4, rs.wasNull() ? 0 : PostgresDates.days(days));
          break;
        case CLOCK:
          long clock = rs.getLong(index);
          fixedOrNull(rs, out, 8, clock);
          break;
        case INSTANT:
          long instant = rs.getLong(index);
          fixedOrNull(rs, out, 8, rs.wasNull() ? 0 : PostgresDates.instant(instant, plan.type()));
          break;
        default: // JSON
          String json = rs.getString(index);
          if (json == null) {
            out.nullField();
          } else {
            out.json(json.getBytes(StandardCharsets.UTF_8));
          }
      }
    }
    out.endRow();
  }

  /** The value just fetched, or NULL when the fetch found one. */
  private static void fixedOrNull(ResultSet rs, RowOut out, int length, long bits)
      throws SQLException, IOException {
    if (rs.wasNull()) {
      out.nullField();
    } else {
      out.fixed(length, bits);
    }
  }

  private static int width(TargetType type) {
    return switch (type.family()) {
      case SMALLINT -> 2;
      case INTEGER -> 4;
      default -> 8;
    };
  }

  private byte[] checkText(ColumnPlan plan, byte[] text) {
    byte[] value = text;
    if (plan.output() == ColumnPlan.Output.UNCHECKED_TEXT) {
      int bad = Utf8.firstInvalid(value);
      if (bad >= 0) {
        if (replacement.isEmpty()) {
          throw failure(
              LoadError.INVALID_UTF8,
              plan,
              value,
              "Invalid UTF-8 byte 0x"
                  + HexFormat.of().toHexDigits(value[bad])
                  + " at position "
                  + bad
                  + " in column "
                  + plan.target().name()
                  + " (use ACCEPTINVCHARS to replace invalid characters), File name: "
                  + fileUrl);
        }
        value = Utf8.replaceInvalid(value, replacement.get());
      }
    }
    if (plan.type().family() == Family.CHAR && Utf8.hasMultibyte(value)) {
      throw failure(
          LoadError.INVALID_UTF8,
          plan,
          value,
          "Multibyte character not supported for CHAR (Hint: try using VARCHAR). Column "
              + plan.target().name()
              + ", File name: "
              + fileUrl);
    }
    byte[] checked = value;
    checkLength(plan, checked.length, () -> new String(checked, StandardCharsets.UTF_8));
    return value;
  }

  private void checkLength(ColumnPlan plan, int length, java.util.function.Supplier<String> raw) {
    int limit = plan.type().length();
    if (length > limit) {
      throw CopyException.loadFailed(
          new LoadError(
              LoadError.VALUE_TOO_LONG,
              fileUrl,
              plan.target().name(),
              plan.type().redshiftName(),
              raw.get(),
              "The length of the data column "
                  + plan.target().name()
                  + " is longer than the length defined in the table. Table: "
                  + limit
                  + ", Data: "
                  + length
                  + ", File name: "
                  + fileUrl),
          0);
    }
  }

  private CopyException failure(int code, ColumnPlan plan, byte[] value, String reason) {
    return CopyException.loadFailed(
        new LoadError(
            code,
            fileUrl,
            plan.target().name(),
            plan.type().redshiftName(),
            new String(value, StandardCharsets.UTF_8),
            reason),
        0);
  }
}
