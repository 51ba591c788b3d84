package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Fails when docs/configuration.md differs from the catalogue. Regenerate with {@code flock
 * /tmp/redsink-mvn.lock mvn -o -B -q -pl redsink-core test -Dtest=ConfigurationDocTest
 * -Dredsink.regenerateDocs=true}.
 */
class ConfigurationDocTest {
  static final Path DOC = Path.of("..", "docs", "configuration.md");

  @Test
  void checkedInDocumentMatchesTheCatalogue() throws Exception {
    if (Boolean.getBoolean("redsink.regenerateDocs")) {
      ConfigurationDoc.write(DOC);
    }
    assertThat(Files.exists(DOC))
        .as("docs/configuration.md is missing; regenerate it with -Dredsink.regenerateDocs=true")
        .isTrue();
    assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
        .as(
            "docs/configuration.md is stale; run: mvn -o -B -q -pl redsink-core test"
                + " -Dtest=ConfigurationDocTest -Dredsink.regenerateDocs=true")
        .isEqualTo(ConfigurationDoc.markdown());
  }

  @Test
  void everyKeyAppearsWithBothSpellings() {
    String md = ConfigurationDoc.markdown();
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      assertThat(md).contains("| `" + key.name() + "` | `" + key.dottedName() + "` |");
    }
  }
}
