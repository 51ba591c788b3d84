package dev.redsink.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.ColumnType;
import org.junit.jupiter.api.Test;

class ReplaceTargetTest {

  @Test
  void aRunsWiderNumberTypeIsTheTargetsNext() {
    assertThat(ReplaceTarget.holdingBoth(ColumnType.INTEGER, ColumnType.BIGINT))
        .contains(ColumnType.BIGINT);
    assertThat(ReplaceTarget.holdingBoth(ColumnType.REAL, ColumnType.DOUBLE_PRECISION))
        .contains(ColumnType.DOUBLE_PRECISION);
    assertThat(ReplaceTarget.holdingBoth(ColumnType.decimal(20, 10), ColumnType.decimal(22, 12)))
        .contains(ColumnType.decimal(22, 12));
  }

  @Test
  void aTargetWidenedMeanwhileKeepsItsTypeOrTakesOneHoldingBoth() {
    assertThat(ReplaceTarget.holdingBoth(ColumnType.BIGINT, ColumnType.INTEGER)).isEmpty();
    assertThat(ReplaceTarget.holdingBoth(ColumnType.BIGINT, ColumnType.DOUBLE_PRECISION)).isEmpty();
    assertThat(ReplaceTarget.holdingBoth(ColumnType.INTEGER, ColumnType.REAL)).isEmpty();
    assertThat(ReplaceTarget.holdingBoth(ColumnType.decimal(20, 2), ColumnType.decimal(22, 12)))
        .contains(ColumnType.decimal(30, 12));
    assertThat(ReplaceTarget.holdingBoth(ColumnType.decimal(38, 2), ColumnType.decimal(22, 12)))
        .isEmpty();
    assertThat(ReplaceTarget.holdingBoth(ColumnType.varchar(10), ColumnType.varchar(5))).isEmpty();
  }
}
