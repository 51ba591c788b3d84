package dev.redsink.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
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

  private Figures() {}

  /** Appends one scenario's row. */
  static synchronized void record(
      String scenario,
      long records,
      int faultsFired,
      long lost,
      long duplicated,
      long recoveryMillis,
      String outcome) {
    String header =
        "records per scenario: "
            + Reliability.records()
            + "\n\n| scenario | records | faults fired | lost | duplicated | time to recover |"
            + " outcome |\n|---|---:|---:|---:|---:|---:|---|\n";
    String row =
        String.format(
            "| %s | %,d | %d | %d | %d | %s | %s |%n",
            scenario,
            records,
            faultsFired,
            lost,
            duplicated,
            recoveryMillis < 0 ? "–" : String.format("%,d ms", recoveryMillis),
            outcome);
    try {
      Files.createDirectories(FILE.toAbsolutePath().getParent());
      // The suites run in several JVMs at once: each row is appended under the file's lock, and
      // the first row of the run (the build empties the file before) writes the header.
      try (FileChannel file =
              FileChannel.open(FILE, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = file.lock()) {
        file.position(file.size());
        String text = file.size() == 0 ? header + row : row;
        file.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
      }
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
