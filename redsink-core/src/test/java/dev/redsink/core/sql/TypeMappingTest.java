package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.ColumnType;
import dev.redsink.core.typed.FieldKind;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.FieldValue;
import java.math.BigDecimal;
import java.util.List;
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
        .as("eight integer digits, six in the column: the type fits, the value does not")
        .isEqualTo(TypeMapping.Fit.INEXACT);
    assertThat(TypeMapping.widened(ColumnType.decimal(10, 4), twoPlaces.type(), twoPlaces.value()))
        .contains(ColumnType.decimal(12, 4));
    assertThat(TypeMapping.fit(ColumnType.decimal(10, 1), 0, twoPlaces))
        .isEqualTo(TypeMapping.Fit.INCOMPATIBLE);
  }

  private static final FieldType VARIABLE = FieldType.of(FieldKind.VARIABLE_DECIMAL);

  private static TypeMapping.Fit variable(ColumnType column, String decimal) {
    return TypeMapping.fit(column, 0, new FieldValue("nv", VARIABLE, new BigDecimal(decimal)));
  }

  @Test
  void aNumericWithoutScaleFitsEveryDecimalColumnThatHoldsItsValueExactly() {
    assertThat(TypeMapping.column(VARIABLE, 0)).isEqualTo(ColumnType.decimal(38, 18));
    ColumnType own = ColumnType.decimal(38, 18);
    assertThat(variable(own, "3.141592653589793238")).isEqualTo(TypeMapping.Fit.FITS);
    assertThat(variable(own, "1.500000000000000000000"))
        .as("trailing zeros are no places")
        .isEqualTo(TypeMapping.Fit.FITS);
    assertThat(variable(own, "3.14159265358979323846"))
        .as("20 places, 18 in the column")
        .isEqualTo(TypeMapping.Fit.INEXACT);
    assertThat(variable(own, "123456789012345678901"))
        .as("21 integer digits, 20 in the column")
        .isEqualTo(TypeMapping.Fit.INEXACT);
    assertThat(variable(ColumnType.decimal(38, 0), "12345678901234567890123456789012345678"))
        .as("a user's DECIMAL(38,0)")
        .isEqualTo(TypeMapping.Fit.FITS);
    assertThat(variable(ColumnType.decimal(38, 0), "1.5")).isEqualTo(TypeMapping.Fit.INEXACT);
    assertThat(variable(ColumnType.decimal(5, 5), "0")).isEqualTo(TypeMapping.Fit.FITS);
    assertThat(variable(ColumnType.DOUBLE_PRECISION, "1.5"))
        .isEqualTo(TypeMapping.Fit.INCOMPATIBLE);
  }

  @Test
  void aValueWithMorePlacesWidensADecimalWhereItsDigitsAllowAndNeverRedsinksOwn() {
    assertThat(
            TypeMapping.widened(
                ColumnType.decimal(20, 10), VARIABLE, new BigDecimal("1.123456789012")))
        .as("a user's DECIMAL(20,10) and a value of 12 places")
        .contains(ColumnType.decimal(22, 12));
    assertThat(
            TypeMapping.widened(
                ColumnType.decimal(20, 10), VARIABLE, new BigDecimal("123456789012345.5")))
        .as("more integer digits")
        .contains(ColumnType.decimal(25, 10));
    assertThat(
            TypeMapping.widened(
                ColumnType.decimal(38, 18), VARIABLE, new BigDecimal("3.14159265358979323846")))
        .as("DECIMAL(38,18) cannot take places without losing integer digits")
        .isEmpty();
    assertThat(TypeMapping.widened(ColumnType.decimal(20, 10), VARIABLE))
        .as("the type alone needs nothing wider")
        .isEmpty();
  }

  @Test
  void anIntegerADoubleWouldRoundDoesNotFitDoublePrecision() {
    FieldType int64 = FieldType.of(FieldKind.INT64);
    for (long exact : List.of(0L, -(1L << 53), 1L << 53, 1L << 60, Long.MIN_VALUE)) {
      assertThat(TypeMapping.fit(ColumnType.DOUBLE_PRECISION, 0, int64, exact))
          .as("%d", exact)
          .isEqualTo(TypeMapping.Fit.FITS);
    }
    for (long rounded : List.of((1L << 53) + 1, -(1L << 53) - 1, Long.MAX_VALUE)) {
      assertThat(TypeMapping.fit(ColumnType.DOUBLE_PRECISION, 0, int64, rounded))
          .as("%d", rounded)
          .isEqualTo(TypeMapping.Fit.INEXACT);
      assertThat(TypeMapping.widened(ColumnType.DOUBLE_PRECISION, int64, rounded)).isEmpty();
    }
    assertThat(TypeMapping.fit(ColumnType.BIGINT, 0, int64, Long.MAX_VALUE))
        .isEqualTo(TypeMapping.Fit.FITS);
  }
}
