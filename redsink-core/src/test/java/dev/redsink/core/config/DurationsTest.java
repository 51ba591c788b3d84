package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

  @ParameterizedTest
  @CsvSource({
    "100ms, 100",
    "1s, 1000",
    "2m, 120000",
    "1h, 3600000",
    "1500, 1500",
    "1m 30s, 90000",
    "1m30s, 90000",
    "' 5 sec ', 5000",
    "0s, 0",
  })
  void parses(String text, long millis) {
    assertThat(Durations.parse(text)).contains(Duration.ofMillis(millis));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "soon", "1.5s", "-1s", "5 parsecs", "s", "1s x"})
  void rejects(String text) {
    assertThat(Durations.parse(text)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, 1, 999, 1000, 1500, 60_000, 90_000, 3_600_000})
  void formatRoundTrips(long millis) {
    Duration d = Duration.ofMillis(millis);
    assertThat(Durations.parse(Durations.format(d))).contains(d);
  }
}
