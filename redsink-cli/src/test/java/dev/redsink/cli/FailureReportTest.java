package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/** A failure's one line says what is wrong, also when the JDK's message is only a path. */
class FailureReportTest {

  @Test
  void aMissingFileSaysSo() {
    assertThat(FailureReport.describe(new NoSuchFileException("conf/missing.toml")))
        .isEqualTo("Cannot read conf/missing.toml: no such file");
    assertThat(
            FailureReport.describe(
                new UncheckedIOException("reading input", new NoSuchFileException("a.ndjson"))))
        .isEqualTo("reading input: Cannot read a.ndjson: no such file");
  }

  @Test
  void anUnreadableFileSaysSo() {
    assertThat(FailureReport.describe(new AccessDeniedException("secret.toml")))
        .isEqualTo("Cannot read secret.toml: permission denied");
  }
}
