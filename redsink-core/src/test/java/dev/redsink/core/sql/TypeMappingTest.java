package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.ColumnType;
import dev.redsink.core.typed.FieldKind;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.FieldValue;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TypeMappingTest {

  @Test
  void numericColumnsWidenToTheTypeTheirFieldGrewTo() {
    assertThat(TypeMapping.widened(ColumnType.SMALLINT, FieldType.of(FieldKind.INT32)))
        .contains(ColumnType.INTEGER);
    assertThat(TypeMapping.widened(ColumnType.INTEGER, FieldType.of(FieldKind.INT64)))
        .contains(ColumnType.BIGINT);
    assertThat(TypeMapping.widened(ColumnType.REAL, FieldType.of(FieldKind.FLOAT64)))
        .contains(ColumnType.DOUBLE_PRECISION);
    assertThat(TypeMapping.widened(ColumnType.decimal(10, 2), FieldType.decimal(14, 2)))
        .contains(ColumnType.decimal(14, 2));
    assertThat(TypeMapping.widened(ColumnType.decimal(10, 2), FieldType.decimal(10, 4)))
        .as("more places keep the integer digits")
        .contains(ColumnType.decimal(12, 4));
  }

  @Test
  void noWideningWhereValuesWouldChangeOrTheTypeIsNotANumber() {
    assertThat(TypeMapping.widened(ColumnType.BIGINT, FieldType.of(FieldKind.FLOAT64)))
        .as("a double rounds large integers")
        .isEmpty();
    assertThat(TypeMapping.widened(ColumnType.BIGINT, FieldType.of(FieldKind.STRING))).isEmpty();
    assertThat(TypeMapping.widened(ColumnType.BIGINT, FieldType.of(FieldKind.INT32))).isEmpty();
    assertThat(TypeMapping.widened(ColumnType.decimal(38, 2), FieldType.decimal(38, 4)))
        .as("no DECIMAL holds 36 integer digits and 4 places")
        .isEmpty();
  }

  @Test
  void aDecimalFitsAColumnWithMorePlacesAndEnoughIntegerDigits() {
    FieldValue twoPlaces =
        new FieldValue("a", FieldType.decimal(10, 2), new BigDecimal("12345678.90"));
    assertThat(TypeMapping.fit(ColumnType.decimal(12, 4), 0, twoPlaces))
        .isEqualTo(TypeMapping.Fit.FITS);
    assertThat(TypeMapping.fit(ColumnType.decimal(10, 4), 0, twoPlaces))
        .as("eight integer digits, six in the column")
        .isEqualTo(TypeMapping.Fit.INCOMPATIBLE);
    assertThat(TypeMapping.fit(ColumnType.decimal(10, 1), 0, twoPlaces))
        .isEqualTo(TypeMapping.Fit.INCOMPATIBLE);
  }
}
