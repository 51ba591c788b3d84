package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizesTest {

  @Test
  void readsUnitsAsPowersOf1024() {
    assertThat(ByteSizes.parse("512")).contains(512L);
    assertThat(ByteSizes.parse("512KB")).contains(512L * 1024);
    assertThat(ByteSizes.parse("64MB")).contains(64L * 1024 * 1024);
    assertThat(ByteSizes.parse(" 64 mib ")).contains(64L * 1024 * 1024);
    assertThat(ByteSizes.parse("1GB")).contains(1024L * 1024 * 1024);
    assertThat(ByteSizes.parse("2g")).contains(2L * 1024 * 1024 * 1024);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "MB", "64 TB", "-1MB", "1.5GB", "sixty", "9999999999999GB"})
  void refusesWhatItCannotRead(String text) {
    assertThat(ByteSizes.parse(text)).isEqualTo(Optional.empty());
  }
}
