package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink check --conformance} against the emulator, through the command line as {@code
 * main} runs it: every item passes, and the scratch schema is gone afterwards (kept with --keep).
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ConformanceIT {
  private static final Pattern SCHEMA = Pattern.compile("in schema (redsink_conformance_\\d{14})");

  @TempDir Path dir;
  private RedshiftEmulator emulator;
  private Warehouse warehouse;

  @BeforeEach
  void emulator(RedshiftEmulator emulator) {
    this.emulator = emulator;
    this.warehouse = new Warehouse(emulator);
  }

  @Test
  void everyItemPassesOnTheEmulatorAndTheSchemaIsDroppedAfterwards() throws Exception {
    Path json = dir.resolve("conformance.json");

    // Through the production jar, as users run it.
    String out;
    try (JvmProcess run =
        RedsinkLaunch.start(
            dir,
            Map.of(),
            "check",
            "--conformance",
            connector().toString(),
            "--json",
            json.toString())) {
      assertThat(run.waitFor(Duration.ofMinutes(2))).as(run.output()).isZero();
      out = run.stdout();
    }
    assertThat(out)
        .doesNotContain("✗")
        .contains("✓ COPY Parquet into DECIMAL(38,37)")
        .contains("✓ COPY Parquet into SUPER")
        .contains("✓ COPY Parquet compressed with zstd")
        .contains("✓ COPY Parquet files listed in a manifest")
        .contains("✓ COPY straight into the target with the ledger row in one transaction")
        .contains("✓ cdc: a primary-key change kept in the moved-rows table")
        .contains("✓ history: versions closed by one UPDATE, <table>_current view")
        .contains("✓ serializable isolation violation (error 1023): retried as transient")
        .contains("✓ lock holders of a table")
        .contains("- permission denied (SQLSTATE 42501)")
        .containsPattern("\\d+ of \\d+ conformance items passed, 1 skipped\\.")
        .doesNotContain(emulator.password());
    String schema = schema(out);
    assertThat(out).contains("Schema " + schema + " dropped.");
    assertThat(schemas()).doesNotContain(schema);
    assertThat(Files.readString(json))
        .contains("\"schema\" : \"" + schema + "\"")
        .contains("\"name\" : \"COPY Parquet into TIMESTAMPTZ\"")
        .contains("\"status\" : \"passed\"")
        .contains("\"statement\" : ")
        .contains("\"answered\" : ");
  }

  @Test
  void ctrlCStopsAfterTheItemInProgressAndKeepKeepsTheSchema() throws Exception {
    StopSignal stop = StopSignal.manual();
    stop.request();

    CommandLineRun run =
        CommandLineRun.of(stop, "check", "--conformance", "--keep", connector().toString());

    String schema = schema(run.out());
    try {
      assertThat(run.out())
          .contains("Stopped: the items after the last one printed did not run.")
          .contains("Schema " + schema + " kept; drop it with: DROP SCHEMA " + schema + " CASCADE")
          .contains("All 1 conformance items passed.");
      assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
      assertThat(schemas()).contains(schema);
    } finally {
      try (var c = warehouse.connect();
          var st = c.createStatement()) {
        st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
  }

  @Test
  void aClusterItCannotReachExitsTwoWithTheReasonAndTheFix() throws IOException {
    Path file = CheckConnectorFile.write(dir, emulator, emulator.user(), "wrong-password", "", "");

    CommandLineRun run = CommandLineRun.of("check", "--conformance", file.toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
    assertThat(run.out())
        .contains("Cannot run: Cannot connect to postgres://")
        .contains("check connection_string")
        .doesNotContain("wrong-password");
  }

  @Test
  void keepWithoutConformanceIsAUsageError() throws IOException {
    CommandLineRun run = CommandLineRun.of("check", "--keep", connector().toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--keep and --json go with --conformance");
  }

  private Path connector() throws IOException {
    return CheckConnectorFile.write(dir, emulator, emulator.user(), emulator.password(), "", "");
  }

  private static String schema(String out) {
    Matcher m = SCHEMA.matcher(out);
    assertThat(m.find()).as(out).isTrue();
    return m.group(1);
  }

  private List<String> schemas() throws SQLException {
    return warehouse.rows(
        "SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname LIKE 'redsink_conformance_%'");
  }
}
