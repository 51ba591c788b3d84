package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Infinities reach the binary form out of band, so no finite value can become one; the ends of the
 * ranges here, some of which DuckDB cannot write into a Parquet file for {@code RowFormatIT}.
 */
class PostgresDatesTest {
  private static final TargetType TIMESTAMP = TargetType.parse("timestamp without time zone");

  @Test
  void onlyTheOutOfBandMarksBecomeInfiniteDates() {
    assertThat(PostgresDates.days(Long.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
    assertThat(PostgresDates.days(-Long.MAX_VALUE)).isEqualTo(Integer.MIN_VALUE);
    assertThatThrownBy(() -> PostgresDates.days(Integer.MAX_VALUE))
        .hasMessageStartingWith("date out of range: \"");
    assertThatThrownBy(() -> PostgresDates.days(Integer.MIN_VALUE))
        .hasMessage("date out of range: \"5877612-06-22 (BC)\"");
    assertThat(PostgresDates.days(PostgresDates.FIRST_DATE)).isEqualTo(-2_451_545L);
    assertThatThrownBy(() -> PostgresDates.days(PostgresDates.FIRST_DATE - 1))
        .hasMessage("date out of range: \"4714-11-23 (BC)\"");
    assertThat(PostgresDates.days(PostgresDates.END_DATE - 1)).isEqualTo(2_145_031_948L);
    assertThatThrownBy(() -> PostgresDates.days(PostgresDates.END_DATE))
        .hasMessage("date out of range: \"5874898-01-01\"");
  }

  @Test
  void onlyTheOutOfBandMarksBecomeInfiniteTimestamps() {
    assertThat(PostgresDates.instant(Long.MAX_VALUE, TIMESTAMP)).isEqualTo(Long.MAX_VALUE);
    assertThat(PostgresDates.instant(-Long.MAX_VALUE, TIMESTAMP)).isEqualTo(Long.MIN_VALUE);
    // A Parquet INT64 timestamp of Long.MIN_VALUE is a finite (and far BC) instant.
    assertThatThrownBy(() -> PostgresDates.instant(Long.MIN_VALUE, TIMESTAMP))
        .hasMessageStartingWith("invalid input syntax for type timestamp: \"-");
    assertThatThrownBy(
            () -> PostgresDates.instant(-62_135_596_800_000_001L, TargetType.parse("timestamp")))
        .hasMessage("date/time field value out of range: \"0000-12-31 23:59:59.999999\"");
  }
}
