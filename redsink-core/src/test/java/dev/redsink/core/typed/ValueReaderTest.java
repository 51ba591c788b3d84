package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ValueReaderTest {
  private static final FieldNames NAMES =
      FieldNames.of(
          RowLayout.typed(Set.of(ColumnGroup.METADATA, ColumnGroup.KEY), "pico_"),
          WriteSettings.APPEND);

  private static Record record(String json) {
    return new Record("t", 0, 5, 0L, null, List.of(), json == null ? null : json.getBytes(UTF_8));
  }

  @Test
  void envelopeFieldsAreTypedByTheirSchema() {
    TypedRow row =
        ValueReader.read(
            record(
                "{\"schema\":{\"type\":\"struct\",\"fields\":["
                    + "{\"field\":\"id\",\"type\":\"int32\"},"
                    + "{\"field\":\"amount\",\"type\":\"bytes\","
                    + "\"name\":\"org.apache.kafka.connect.data.Decimal\","
                    + "\"parameters\":{\"scale\":\"2\",\"connect.decimal.precision\":\"10\"}},"
                    + "{\"field\":\"when\",\"type\":\"int64\","
                    + "\"name\":\"org.apache.kafka.connect.data.Timestamp\"},"
                    + "{\"field\":\"missing\",\"type\":\"string\",\"optional\":true}]},"
                    + "\"payload\":{\"id\":7,\"amount\":\"AOI=\",\"when\":1000}}"),
            NAMES);
    assertThat(row.fields())
        .containsExactly(
            new FieldValue("id_value", FieldType.of(FieldKind.INT32), 7L),
            new FieldValue("amount", FieldType.decimal(10, 2), new BigDecimal("2.26")),
            new FieldValue("when", FieldType.of(FieldKind.TIMESTAMP), 1_000_000L),
            new FieldValue("missing", FieldType.of(FieldKind.STRING), null));
    assertThat(TypeMapping.column(row.fields().get(1).type(), 0))
        .isEqualTo(ColumnType.decimal(10, 2));
  }

  @Test
  void schemalessValuesAreInferred() {
    TypedRow row =
        ValueReader.read(
            record("{\"n\":1,\"x\":1.5,\"s\":\"a\",\"b\":false,\"o\":{\"k\":[1]},\"z\":null}"),
            NAMES);
    assertThat(row.fields())
        .extracting(f -> f.name() + " " + f.type() + " " + f.value())
        .containsExactly(
            "n int64 1",
            "x float64 1.5",
            "s string a",
            "b boolean false",
            "o struct {\"k\":[1]}",
            "z null null");
    assertThat(ValueReader.read(record(null), NAMES).fields()).isEmpty();
  }

  @Test
  void valuesThatAreNotObjectsOrDoNotMatchTheirSchemaNameTheRecord() {
    assertThatThrownBy(() -> ValueReader.read(record("[1]"), NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:5")
        .hasMessageContaining("not a JSON object");
    assertThatThrownBy(
            () ->
                ValueReader.read(
                    record(
                        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"id\","
                            + "\"type\":\"int32\"}]},\"payload\":{\"id\":\"seven\"}}"),
                    NAMES))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("field 'id' is declared int32");
  }

  @Test
  void fitWidensIntegersAndVarcharsButNeverNarrows() {
    FieldValue int32 = new FieldValue("a", FieldType.of(FieldKind.INT32), 1L);
    FieldValue int64 = new FieldValue("a", FieldType.of(FieldKind.INT64), 1L);
    FieldValue text = new FieldValue("s", FieldType.of(FieldKind.STRING), "é".repeat(200));
    assertThat(TypeMapping.fit(ColumnType.BIGINT, 8, int32)).isEqualTo(Fit.FITS);
    assertThat(TypeMapping.fit(ColumnType.INTEGER, 4, int64)).isEqualTo(Fit.INCOMPATIBLE);
    assertThat(TypeMapping.fit(ColumnType.varchar(256), 256, text)).isEqualTo(Fit.WIDEN);
    assertThat(TypeMapping.fit(ColumnType.BIGINT, 8, text)).isEqualTo(Fit.INCOMPATIBLE);
    assertThat(TypeMapping.column(text.type(), 400)).isEqualTo(ColumnType.varchar(65_535));
    assertThat(
            TypeMapping.fit(
                ColumnType.varchar(65_535),
                65_535,
                new FieldValue("s", FieldType.of(FieldKind.STRING), "x".repeat(65_536))))
        .isEqualTo(Fit.TOO_LONG);
  }
}
