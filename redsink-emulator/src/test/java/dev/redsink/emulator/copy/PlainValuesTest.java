package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Infinities reach the binary form out of band, so no finite value can become one; the values here
 * cannot be written by DuckDB into a Parquet file, so {@code RowFormatIT} cannot reach them.
 */
class PlainValuesTest {
  private static final TargetType TIMESTAMP = TargetType.parse("timestamp without time zone");

  @Test
  void onlyTheOutOfBandMarksBecomeInfiniteDates() {
    assertThat(PlainValues.days(Long.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
    assertThat(PlainValues.days(-Long.MAX_VALUE)).isEqualTo(Integer.MIN_VALUE);
    assertThatThrownBy(() -> PlainValues.days(Integer.MAX_VALUE))
        .hasMessageStartingWith("date out of range: \"");
    assertThatThrownBy(() -> PlainValues.days(Integer.MIN_VALUE))
        .hasMessage("date out of range: \"5877612-06-22 (BC)\"");
    assertThat(PlainValues.days(-2_451_545L)).isEqualTo(-2_451_545L);
  }

  @Test
  void onlyTheOutOfBandMarksBecomeInfiniteTimestamps() {
    assertThat(PlainValues.instant(Long.MAX_VALUE, TIMESTAMP)).isEqualTo(Long.MAX_VALUE);
    assertThat(PlainValues.instant(-Long.MAX_VALUE, TIMESTAMP)).isEqualTo(Long.MIN_VALUE);
    // A Parquet INT64 timestamp of Long.MIN_VALUE is a finite (and far BC) instant.
    assertThatThrownBy(() -> PlainValues.instant(Long.MIN_VALUE, TIMESTAMP))
        .hasMessageStartingWith("invalid input syntax for type timestamp: \"-");
  }
}
