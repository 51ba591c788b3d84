package dev.redsink.core.typed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsoTimestampsTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "2024-01-15T08:30:00.123456Z",
        "2024-01-15T08:30:00Z",
        "2024-01-15T08:30:00.1Z",
        "2024-01-15T08:30:00.123456000+01:00",
        "1815-12-10T23:59:59.999999-05:30",
        "1969-12-31T23:59:59.5Z",
        "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999999+18:00",
        "2024-02-29T12:00:00-18:00",
        // Forms java.time's parser reads and the direct reading leaves to it:
        "2024-01-15T08:30Z",
        "2024-01-15T08:30:00+05:30:15",
        "+10000-01-01T00:00:00Z",
        "2024-01-15T08:30:00.Z"
      })
  void readsAsJavaTimeDoes(String text) {
    assertThat(IsoTimestamps.micros(text)).isEqualTo(javaTime(text));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2023-02-29T12:00:00Z",
        "2024-13-01T00:00:00Z",
        "2024-01-15T24:00:00Z",
        "2024-01-15T08:30:00",
        "2024-01-15T08:30:00.123456+0100",
        "2024-01-15T08:30:00.1234567890Z",
        "2024-01-15T08:30:00+19:00",
        "2024-01-15 08:30:00Z",
        "infinity",
        ""
      })
  void refusesWhatJavaTimeRefuses(String text) {
    assertThatThrownBy(() -> IsoTimestamps.micros(text)).isInstanceOf(DateTimeParseException.class);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2024-01-15T08:30:00.123456789+01:00",
        "2024-01-15T08:30:00.0000001Z",
        "1969-12-31T23:59:59.999999999Z",
        // java.time's parser, for a form the direct reading leaves to it
        "+10000-01-01T00:00:00.000000001Z"
      })
  void refusesDigitsBelowAMicrosecondRatherThanCutThem(String text) {
    assertThatThrownBy(() -> IsoTimestamps.micros(text))
        .isInstanceOf(IsoTimestamps.BelowMicrosecondsException.class);
  }

  @Test
  void agreesWithJavaTimeOnManyInstantsAndOffsets() {
    SplittableRandom random = new SplittableRandom(11);
    int refused = 0;
    for (int i = 0; i < 20_000; i++) {
      int nanos = random.nextInt(1_000_000_000);
      Instant instant =
          Instant.ofEpochSecond(
              random.nextLong(-62_000_000_000L, 253_000_000_000L),
              random.nextBoolean() ? nanos : nanos / 1000 * 1000);
      ZoneOffset offset = ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 60, 18 * 60 + 1) * 60);
      String text = OffsetDateTime.ofInstant(instant, offset).toString();
      if (instant.getNano() % 1000 == 0) {
        assertThat(IsoTimestamps.micros(text)).as(text).isEqualTo(javaTime(text));
      } else {
        refused++;
        assertThatThrownBy(() -> IsoTimestamps.micros(text))
            .as(text)
            .isInstanceOf(IsoTimestamps.BelowMicrosecondsException.class);
      }
    }
    assertThat(refused).as("instants with nanoseconds").isGreaterThan(5_000);
  }

  private static long javaTime(String text) {
    return Micros.of(OffsetDateTime.parse(text).toInstant());
  }
}
