package dev.redsink.core.typed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Staged rows written as envelopes read back as the same fields, types and values. */
class EnvelopesTest {

  /** Decimals read back at their scale, a VariableScaleDecimal's at its own: never rounded. */
  @Test
  void rowsWrittenOneAfterAnotherEachReadBackWithTheirOwnSchema() {
    TypedRow text = row(true, field("k", FieldKind.INT64, 1L), field("v", FieldKind.STRING, "a"));
    TypedRow number = row(true, field("k", FieldKind.INT64, 2L), field("v", FieldKind.INT64, 7L));
    TypedRow suggested =
        row(false, field("k", FieldKind.INT64, 3L), field("v", FieldKind.INT64, 8L));
    TypedRow wider =
        row(
            true,
            field("k", FieldKind.INT64, 4L),
            field("v", FieldKind.INT64, 9L),
            new FieldValue("d", FieldType.decimal(10, 2), new BigDecimal("1.50")));
    TypedRow variable =
        row(
            true,
            field("k", FieldKind.INT64, 5L),
            field("nv", FieldKind.VARIABLE_DECIMAL, new BigDecimal("3.14159265358979323846")),
            field("nz", FieldKind.VARIABLE_DECIMAL, new BigDecimal("-1.500000000000000000000")),
            field("ni", FieldKind.VARIABLE_DECIMAL, new BigDecimal("1E+30")));
    for (TypedRow row : List.of(text, text, number, suggested, suggested, wider, variable, text)) {
      assertThat(readBack(row)).isEqualTo(summary(row));
    }
  }

  @Test
  void aFieldWithNoTypeIsLeftOut() {
    TypedRow row = row(true, field("k", FieldKind.INT64, 1L), new FieldValue("n", null, null));
    assertThat(readBack(row)).containsExactly("declared true", "k INT64 1");
  }

  private static List<String> readBack(TypedRow row) {
    Record r = new Record("t", 0, 0, 0, null, List.of(), Envelopes.write(row));
    return summary(ValueReader.read(r, FieldNames.COLUMNS));
  }

  private static TypedRow row(boolean declared, FieldValue... fields) {
    return new TypedRow(List.of(fields), declared);
  }

  private static FieldValue field(String name, FieldKind kind, Object value) {
    return new FieldValue(name, FieldType.of(kind), value);
  }

  private static List<String> summary(TypedRow row) {
    List<String> out = new java.util.ArrayList<>();
    out.add("declared " + row.declared());
    for (FieldValue f : row.fields()) {
      if (f.type() != null) {
        Object v =
            f.value() instanceof BigDecimal d ? d.unscaledValue() + "E-" + d.scale() : f.value();
        out.add(f.name() + " " + f.type().kind() + " " + v);
      }
    }
    return out;
  }
}
