package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
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
    // The plugin configuration's flush limit cuts the 1,000 lines into loads of 300.
    Files.writeString(
        connector,
        TestConnectors.file(emulator, "backfill", "backfill_{topic}", 300)
            + "flush_max_records = 300\n");
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
            "Loaded 1,000 records into backfill_events in 4 loads (0 lines were loaded before).");
    assertThat(second.exitCode()).as(second.out() + second.err()).isZero();
    assertThat(second.out())
        .contains("Skipping 1,000 lines the ledger says are loaded already.")
        .contains("Loaded 0 records");
    assertThat(
            new Warehouse(emulator)
                .value("SELECT COUNT(*), COUNT(DISTINCT id), MIN(payload) FROM backfill_events"))
        .isEqualTo("1000|1000|{\"n\":0,\"text\":\"zażółć 0\"}");
  }

  /**
   * An upsert of 1,000 lines over 100 keys: the summary counts the lines loaded, not the rows they
   * made, and a second run skips every line.
   */
  @Test
  void anUpsertSummaryCountsTheLinesLoadedNotTheRowsTheyMade(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector =
        connector(
            emulator,
            dir,
            "keyed",
            "table_layout = \"typed\"\nwrite_mode = \"upsert\"\nprimary_key = [\"k\"]\n");
    Path input = dir.resolve("keyed.ndjson");
    Files.writeString(
        input,
        IntStream.range(0, 1000)
            .mapToObj(i -> "{\"k\":" + (i % 100) + ",\"n\":" + i + "}")
            .collect(Collectors.joining("\n", "", "\n")));

    CommandLineRun first =
        CommandLineRun.of("load", connector.toString(), "--topic", "kv", input.toString());
    CommandLineRun second =
        CommandLineRun.of("load", connector.toString(), "--topic", "kv", input.toString());

    assertThat(first.exitCode()).as(first.out() + first.err()).isZero();
    assertThat(first.out()).contains("Loaded 1,000 records into keyed_kv in ");
    assertThat(second.out()).contains("Loaded 0 records into keyed_kv");
    assertThat(new Warehouse(emulator).value("SELECT COUNT(*), MIN(n), MAX(n) FROM keyed_kv"))
        .isEqualTo("100|900|999");
  }

  @Test
  void replaceMakesTheTableExactlyTheInput(RedshiftEmulator emulator, @TempDir Path dir)
      throws Exception {
    Path connector = connector(emulator, dir, "refresh", "");
    Path old = dir.resolve("old.ndjson");
    Files.writeString(old, lines(1000, "old"));
    Path fresh = dir.resolve("new.ndjson");
    Files.writeString(fresh, lines(400, "new"));

    CommandLineRun load =
        CommandLineRun.of("load", connector.toString(), "--topic", "ref", old.toString());
    CommandLineRun replace =
        CommandLineRun.of(
            "load", connector.toString(), "--topic", "ref", "--replace", fresh.toString());
    CommandLineRun again =
        CommandLineRun.of("load", connector.toString(), "--topic", "ref", fresh.toString());

    assertThat(load.exitCode()).as(load.out() + load.err()).isZero();
    assertThat(replace.exitCode()).as(replace.out() + replace.err()).isZero();
    assertThat(replace.out())
        .contains("Loading into run table")
        .contains("Replaced the contents of refresh_ref: 1,000 rows before, 400 rows after");
    assertThat(again.out()).contains("Skipping 400 lines the ledger says are loaded already.");
    Warehouse warehouse = new Warehouse(emulator);
    assertThat(
            warehouse.value(
                "SELECT COUNT(*), COUNT(DISTINCT id), SUM(CASE WHEN payload LIKE '%new%' THEN 1"
                    + " ELSE 0 END) FROM refresh_ref"))
        .isEqualTo("400|400|400");
    assertThat(
            warehouse.number(
                "SELECT COUNT(*) FROM pg_class WHERE relname LIKE 'refresh_ref_rsrun_%'"))
        .isZero();
  }

  /**
   * A replace whose loads keep meeting serializable isolation violations (error 1023, what a
   * concurrent transaction causes on Redshift) past max_retries: the batch is loaded again, as
   * every runtime does, and the table still becomes exactly the input, each line once.
   */
  @Test
  void aReplaceLoadsABatchAgainWhenItsRetriesAreSpentOnATransientFailure(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = connector(emulator, dir, "conflict", "retry_delay = \"50ms\"\n");
    Path input = dir.resolve("in.ndjson");
    Files.writeString(input, lines(500, "r"));
    int fired = emulator.sqlFaults().fired();
    emulator
        .sqlFaults()
        .failNext(
            "^(INSERT INTO|COPY) \"conflict_cf_rsrun_",
            4,
            SqlFault.serializableIsolationViolation());

    CommandLineRun replace =
        CommandLineRun.of(
            "load", connector.toString(), "--topic", "cf", "--replace", input.toString());

    assertThat(replace.exitCode()).as(replace.out() + replace.err()).isZero();
    assertThat(emulator.sqlFaults().fired() - fired)
        .as("the COPY failed past max_retries")
        .isEqualTo(4);
    assertThat(replace.out())
        .contains("Replaced the contents of conflict_cf: 0 rows before, 500 rows after");
    assertThat(
            new Warehouse(emulator)
                .value("SELECT COUNT(*), COUNT(DISTINCT payload) FROM conflict_cf"))
        .isEqualTo("500|500");
  }

  /**
   * A typed load whose input has two fields folding to one column: the load stops naming the line
   * (its record id) and the fields, loads nothing past it, and once the line is fixed the same
   * command loads every line once.
   */
  @Test
  void fieldsFoldingToOneColumnStopTheLoadNamingThemAndAFixedFileLoadsOnce(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = connector(emulator, dir, "names", "table_layout = \"typed\"\n");
    Path input = dir.resolve("names.ndjson");
    String bad = "{\"n\":500,\"a\":1,\"A\":2}";
    Files.writeString(input, lines(1000, "t").replace("{\"n\":500,\"tag\":\"t\"}", bad));

    CommandLineRun refused =
        CommandLineRun.of("load", connector.toString(), "--topic", "nm", input.toString());
    assertThat(refused.exitCode()).as(refused.out() + refused.err()).isNotZero();
    assertThat(refused.out() + refused.err())
        .contains("nm:0:500")
        .contains("fields 'a' and 'A' both land in column 'a'");
    Warehouse warehouse = new Warehouse(emulator);
    long loaded = warehouse.tableExists("names_nm") ? warehouse.count("names_nm") : 0;
    assertThat(loaded).as("rows loaded before the refused line").isLessThanOrEqualTo(500);
    if (warehouse.tableExists("_redsink_ledger_names_nm")) {
      assertThat(
              warehouse.number(
                  "SELECT COALESCE(MAX(next_offset), 0) FROM _redsink_ledger_names_nm"))
          .as("the ledger stops where the rows do")
          .isEqualTo(loaded);
    }

    Files.writeString(
        input,
        lines(1000, "t").replace("{\"n\":500,\"tag\":\"t\"}", "{\"n\":500,\"a\":1,\"a_upper\":2}"));
    CommandLineRun fixed =
        CommandLineRun.of("load", connector.toString(), "--topic", "nm", input.toString());
    assertThat(fixed.exitCode()).as(fixed.out() + fixed.err()).isZero();
    assertThat(warehouse.value("SELECT COUNT(*), COUNT(DISTINCT id) FROM names_nm"))
        .isEqualTo("1000|1000");
    assertThat(warehouse.value("SELECT a, a_upper FROM names_nm WHERE n = 500")).isEqualTo("1|2");
  }

  @Test
  void aMissingInputFileIsNamedWithWhatIsWrongBeforeAnythingConnects(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = connector(emulator, dir, "missing", "");
    long statements = emulator.statistics().statements();

    CommandLineRun run =
        CommandLineRun.of(
            "load", connector.toString(), "--topic", "m", dir.resolve("nope.ndjson").toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(run.err())
        .contains("Cannot read the records to load from " + dir.resolve("nope.ndjson"))
        .contains("no such file")
        .contains("standard input");
    assertThat(emulator.statistics().statements())
        .as("nothing ran on Redshift")
        .isEqualTo(statements);
  }

  @Test
  void aLineWithoutItsNewlineStopsTheLoadNamingItAndTheFixedFileLoadsEachLineOnce(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = connector(emulator, dir, "long", "flush_max_bytes = \"2KB\"\n");
    Path input = dir.resolve("long.ndjson");
    String good = lines(400, "ok");
    // Line 350 runs on without a newline past the cap (the larger of flush_max_bytes and 64MB),
    // as a file cut mid-record and glued to another would.
    int at = good.indexOf("{\"n\":349,");
    try (var out = Files.newBufferedWriter(input)) {
      out.write(good, 0, at);
      out.write("{\"pad\":\"");
      String block = "x".repeat(1 << 20);
      for (int mb = 0; mb < 65; mb++) {
        out.write(block);
      }
      out.write("\"}\n");
      out.write(good, good.indexOf("{\"n\":350,"), good.length() - good.indexOf("{\"n\":350,"));
    }

    CommandLineRun failed =
        CommandLineRun.of("load", connector.toString(), "--topic", "lg", input.toString());

    assertThat(failed.exitCode()).as(failed.out() + failed.err()).isEqualTo(ExitCodes.FAILED);
    assertThat(failed.err())
        .contains("Cannot read line 350 of the input: it is longer than 64MB")
        .contains("raise flush_max_bytes");

    Files.writeString(input, good);
    CommandLineRun fixed =
        CommandLineRun.of("load", connector.toString(), "--topic", "lg", input.toString());
    assertThat(fixed.exitCode()).as(fixed.out() + fixed.err()).isZero();
    assertThat(new Warehouse(emulator).value("SELECT COUNT(*), COUNT(DISTINCT id) FROM long_lg"))
        .isEqualTo("400|400");
  }

  /**
   * Writes {@code <key>.toml} into {@code dir}: a connector loading topics into {@code
   * <key>_{topic}}, polls of 300 lines, with {@code extra} TOML lines in its plugin_config.
   */
  private static Path connector(RedshiftEmulator emulator, Path dir, String key, String extra)
      throws java.io.IOException {
    Path file = dir.resolve(key + ".toml");
    Files.writeString(file, TestConnectors.file(emulator, key, key + "_{topic}", 300) + extra);
    return file;
  }

  private static String lines(int count, String tag) {
    return IntStream.range(0, count)
        .mapToObj(i -> "{\"n\":" + i + ",\"tag\":\"" + tag + "\"}")
        .collect(Collectors.joining("\n", "", "\n"));
  }
}
