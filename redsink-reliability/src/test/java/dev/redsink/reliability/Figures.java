package dev.redsink.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The run's figures, one Markdown table row per scenario, appended to target/reliability-figures.md
 * (the source of the table in docs/reliability.md).
 */
final class Figures {

  private static final Path FILE =
      Path.of(System.getProperty("reliability.figures", "target/reliability-figures.md"));
  private static boolean started;

  private Figures() {}

  /** Appends one scenario's row; the first call of a JVM starts a fresh file. */
  static synchronized void record(
      String scenario,
      long records,
      int faultsFired,
      long lost,
      long duplicated,
      long recoveryMillis,
      String outcome) {
    try {
      Files.createDirectories(FILE.toAbsolutePath().getParent());
      if (!started) {
        started = true;
        Files.writeString(
            FILE,
            "records per scenario: "
                + Reliability.records()
                + "\n\n| scenario | records | faults fired | lost | duplicated | time to recover |"
                + " outcome |\n|---|---:|---:|---:|---:|---:|---|\n",
            StandardCharsets.UTF_8);
      }
      Files.writeString(
          FILE,
          String.format(
              "| %s | %,d | %d | %d | %d | %s | %s |%n",
              scenario,
              records,
              faultsFired,
              lost,
              duplicated,
              recoveryMillis < 0 ? "–" : String.format("%,d ms", recoveryMillis),
              outcome),
          StandardCharsets.UTF_8,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A message's first line, cut at 90 characters, for the outcome column. */
  static String abbreviate(String message) {
    String first = message.split("\n")[0];
    return first.length() > 90 ? first.substring(0, 90) + "…" : first;
  }
}
