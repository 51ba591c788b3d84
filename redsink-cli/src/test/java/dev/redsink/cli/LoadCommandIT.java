package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code redsink load} twice from the same file: the second run loads nothing. */
@ExtendWith(RedshiftEmulatorExtension.class)
class LoadCommandIT {

  @Test
  void loadingTheSameFileTwiceLoadsEachLineOnce(RedshiftEmulator emulator, @TempDir Path dir)
      throws Exception {
    Path connector = dir.resolve("backfill.toml");
    Files.writeString(
        connector, TestConnectors.file(emulator, "backfill", "backfill_{topic}", 300));
    Path lines = dir.resolve("events.ndjson");
    Files.writeString(
        lines,
        IntStream.range(0, 1000)
            .mapToObj(i -> "{\"n\":" + i + ",\"text\":\"zażółć " + i + "\"}")
            .collect(Collectors.joining("\n", "", "\n")));

    CommandLineRun first =
        CommandLineRun.of("load", connector.toString(), "--topic", "events", lines.toString());
    CommandLineRun second =
        CommandLineRun.of("load", connector.toString(), "--topic", "events", lines.toString());

    assertThat(first.exitCode()).as(first.out() + first.err()).isZero();
    assertThat(first.out())
        .contains(
            "Loaded 1,000 records into backfill_{topic} in 4 loads (0 lines were loaded before).");
    assertThat(second.exitCode()).as(second.out() + second.err()).isZero();
    assertThat(second.out())
        .contains("Skipping 1,000 lines the ledger says are loaded already.")
        .contains("Loaded 0 records");
    try (Connection c =
            DriverManager.getConnection(emulator.jdbcUrl(), emulator.user(), emulator.password());
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT COUNT(*), COUNT(DISTINCT id), MIN(payload) FROM backfill_events")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(1000);
      assertThat(rs.getLong(2)).isEqualTo(1000);
      assertThat(rs.getString(3)).isEqualTo("{\"n\":0,\"text\":\"zażółć 0\"}");
    }
  }
}
