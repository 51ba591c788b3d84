package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/acceptance.md states exactly what the matrix covers: its generated part must be what {@link
 * AcceptanceDoc} renders now ({@code -Dacceptance.regenerateDocs=true} rewrites it).
 */
class AcceptanceDocTest {
  private static final Path DOC = Path.of("..", "docs", "acceptance.md");

  @Test
  void theCheckedInDocumentStatesWhatTheMatrixCovers() throws IOException {
    String text = Files.readString(DOC, StandardCharsets.UTF_8);
    int begin = text.indexOf(AcceptanceDoc.BEGIN);
    int end = text.indexOf(AcceptanceDoc.END);
    assertThat(begin).as("the generated part's begin marker in " + DOC).isNotNegative();
    assertThat(end).as("the generated part's end marker in " + DOC).isGreaterThan(begin);
    String current = text.substring(begin, end + AcceptanceDoc.END.length() + 1);
    if (Boolean.getBoolean("acceptance.regenerateDocs")) {
      Files.writeString(
          DOC, text.replace(current, AcceptanceDoc.generated()), StandardCharsets.UTF_8);
      return;
    }
    assertThat(current)
        .as(
            "docs/acceptance.md is stale; regenerate it: mvn -B test -pl redsink-acceptance -am"
                + " -Dtest=AcceptanceDocTest -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dacceptance.regenerateDocs=true")
        .isEqualTo(AcceptanceDoc.generated());
  }
}
