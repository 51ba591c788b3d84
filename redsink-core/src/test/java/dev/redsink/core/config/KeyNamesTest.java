package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which known key an unknown one was meant to be. */
class KeyNamesTest {

  @Test
  void theNearestKeyIsNamedInTheUnknownKeysSpelling() {
    assertThat(KeyNames.nearestKey("conection_string")).isEqualTo("connection_string");
    assertThat(KeyNames.nearestKey("conection.string")).isEqualTo("connection.string");
    assertThat(KeyNames.nearestKey("PRIMARY_KEYS")).isEqualTo("primary_key");
    assertThat(KeyNames.nearestKey("targettable")).isEqualTo("target_table");
  }

  @Test
  void aNearMissIsATypoAwayAndSeparatorsAndCaseDoNotCount() {
    List<String> ours = List.of("connection.string", "target.table", "slices");
    assertThat(KeyNames.nearMiss("conection.string", ours)).contains("connection.string");
    assertThat(KeyNames.nearMiss("target_table", ours)).contains("target.table");
    assertThat(KeyNames.nearMiss("Target.Tabel", ours)).contains("target.table");
    assertThat(KeyNames.nearMiss("slicez", ours)).contains("slices");
    assertThat(KeyNames.nearMiss("topics", ours)).isEmpty();
    assertThat(KeyNames.nearMiss("tasks.max", ours)).isEmpty();
    assertThat(KeyNames.nearMiss("value.converter.schemas.enable", ours)).isEmpty();
  }

  @Test
  void distanceCountsInsertionsDeletionsAndSubstitutions() {
    assertThat(KeyNames.distance("", "abc")).isEqualTo(3);
    assertThat(KeyNames.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(KeyNames.distance("same", "same")).isZero();
  }
}
