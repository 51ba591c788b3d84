package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
   * Two {@code redsink load --replace} processes of the production jar on one table at once: the
   * first has loaded its input into its run table and waits for the end of its input when the
   * second starts. The second is refused, naming the first's run table, and the first then replaces
   * the table with exactly its rows. The second used to drop the first's run table, make the table
   * its own input, and the first then printed "Replaced" with the second's rows in it.
   */
  @Test
  void aSecondReplaceOfATableIsRefusedWhileTheFirstRunsAndTheFirstReplacesIt(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = connector(emulator, dir, "overlap", "flush_max_records = 100\n");
    Warehouse warehouse = new Warehouse(emulator);
    Path old = dir.resolve("old.ndjson");
    Files.writeString(old, lines(100, "old"));
    assertThat(CommandLineRun.of("load", connector.toString(), "--topic", "ov", old.toString()))
        .extracting(CommandLineRun::exitCode)
        .isEqualTo(ExitCodes.OK);
    Path second = dir.resolve("second.ndjson");
    Files.writeString(second, lines(200, "second"));

    try (JvmProcess first =
        RedsinkLaunch.startPiped(
            dir, "load", connector.toString(), "--topic", "ov", "--replace", "-")) {
      first.write(lines(300, "first").lines().toList());
      String runTable = runTable(first);
      awaitRows(first, warehouse, runTable, 300);

      int refused;
      try (JvmProcess other =
          RedsinkLaunch.start(
              dir,
              Map.of(),
              "load",
              connector.toString(),
              "--topic",
              "ov",
              "--replace",
              second.toString())) {
        refused = other.awaitExit(Duration.ofMinutes(2));
        assertThat(refused).as(other.output()).isEqualTo(ExitCodes.FAILED);
        assertThat(other.stderr())
            .contains(
                "Cannot start a replace of overlap_ov: another replace of it is running, through"
                    + " run table "
                    + runTable
                    + " since ")
            .contains("wait until that one prints its result, or stop it (Ctrl-C")
            .doesNotContain("Replaced");
      }
      assertThat(warehouse.count(runTable)).as("the first run's table is intact").isEqualTo(300);

      first.input().close();
      assertThat(first.awaitExit(Duration.ofMinutes(2))).as(first.output()).isZero();
      assertThat(first.stdout())
          .contains("Replaced the contents of overlap_ov: 100 rows before, 300 rows after");
    }
    assertThat(
            warehouse.value(
                "SELECT COUNT(*), COUNT(DISTINCT id), SUM(CASE WHEN payload LIKE '%\"first\"%'"
                    + " THEN 1 ELSE 0 END) FROM overlap_ov"))
        .as("exactly the first run's rows")
        .isEqualTo("300|300|300");
    assertThat(warehouse.value("SELECT next_offset FROM _redsink_ledger_overlap_ov"))
        .isEqualTo("300");
    assertNoRunLeft(warehouse, "overlap_ov");
  }

  /**
   * A replace killed with SIGKILL after loading part of its input into its run table: the next
   * replace of the table finds the dead run's claim (its database session ended with the process),
   * drops its run table and makes the table exactly its own input.
   */
  @Test
  void aReplaceAfterAKilledReplaceDropsWhatItLeftAndSucceeds(
      RedshiftEmulator emulator, @TempDir Path dir) throws Exception {
    Path connector = connector(emulator, dir, "crashed", "flush_max_records = 100\n");
    Warehouse warehouse = new Warehouse(emulator);
    Path old = dir.resolve("old.ndjson");
    Files.writeString(old, lines(50, "old"));
    assertThat(CommandLineRun.of("load", connector.toString(), "--topic", "cr", old.toString()))
        .extracting(CommandLineRun::exitCode)
        .isEqualTo(ExitCodes.OK);
    String killedRun;
    try (JvmProcess killed =
        RedsinkLaunch.startPiped(
            dir, "load", connector.toString(), "--topic", "cr", "--replace", "-")) {
      killed.write(lines(150, "killed").lines().toList());
      killedRun = runTable(killed);
      awaitRows(killed, warehouse, killedRun, 100);
      killed.kill();
    }
    assertThat(warehouse.count("crashed_cr")).as("the killed run left the table").isEqualTo(50);

    Path next = dir.resolve("next.ndjson");
    Files.writeString(next, lines(80, "next"));
    try (JvmProcess replace =
        RedsinkLaunch.start(
            dir,
            Map.of(),
            "load",
            connector.toString(),
            "--topic",
            "cr",
            "--replace",
            next.toString())) {
      assertThat(replace.awaitExit(Duration.ofMinutes(2))).as(replace.output()).isZero();
      assertThat(replace.stdout())
          .contains("Replaced the contents of crashed_cr: 50 rows before, 80 rows after");
      assertThat(replace.stderr())
          .contains("Removing the claim of replace run " + killedRun)
          .contains("its session has ended");
    }
    assertThat(
            warehouse.value(
                "SELECT COUNT(*), COUNT(DISTINCT id), SUM(CASE WHEN payload LIKE '%\"next\"%'"
                    + " THEN 1 ELSE 0 END) FROM crashed_cr"))
        .isEqualTo("80|80|80");
    assertNoRunLeft(warehouse, "crashed_cr");
  }

  /** The run table a replace prints it loads into. */
  private static String runTable(JvmProcess replace) {
    replace.awaitOutput("Loading into run table ", Duration.ofMinutes(2));
    Matcher m = Pattern.compile("Loading into run table (\\S+) ").matcher(replace.stdout());
    assertThat(m.find()).as(replace.stdout()).isTrue();
    return m.group(1);
  }

  /** Waits until a replace's run table holds {@code rows} rows. */
  private static void awaitRows(JvmProcess replace, Warehouse warehouse, String table, long rows) {
    replace.await(
        table + " holding " + rows + " rows",
        () -> {
          try {
            return warehouse.tableExists(table) && warehouse.count(table) == rows;
          } catch (java.sql.SQLException e) {
            return false;
          }
        },
        Duration.ofMinutes(2));
  }

  /** No run table, run ledger or claim of the table is left. */
  private static void assertNoRunLeft(Warehouse warehouse, String table) throws Exception {
    assertThat(
            warehouse.number(
                "SELECT COUNT(*) FROM pg_class WHERE relname LIKE '"
                    + table
                    + "\\_rsrun\\_%'"
                    + " OR relname LIKE '\\_redsink\\_ledger\\_"
                    + table
                    + "\\_rsrun\\_%'"))
        .as("run tables and their ledgers left")
        .isZero();
    assertThat(warehouse.count("_redsink_replace_" + table)).as("claims left").isZero();
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
