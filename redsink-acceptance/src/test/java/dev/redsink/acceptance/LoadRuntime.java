package dev.redsink.acceptance;

import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Runs cells through {@code redsink load} and {@code redsink load --replace}: a process per step,
 * on files written from the cell's input (the record at offset n is line n+1), or on a pipe the
 * test writes the first part to and then kills the process (lifecycle restart). Two cells run at a
 * time.
 */
final class LoadRuntime {
  private static final Duration STEP = Duration.ofMinutes(3);
  private static final int PARALLEL = 2;

  private final CellWarehouse warehouse;

  LoadRuntime(CellWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  void run(List<CellRun> cells) {
    ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
    try {
      for (CellRun c : cells) {
        pool.execute(
            () -> {
              try {
                cell(c);
              } catch (Exception e) {
                c.fail("the test could not run the cell: " + e);
              }
            });
      }
    } finally {
      pool.shutdown();
      try {
        pool.awaitTermination(2, TimeUnit.HOURS);
        verify(cells);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (Exception e) {
        cells.forEach(c -> c.fail("redsink verify did not run", e));
      } finally {
        cells.forEach(CellRun::finish);
      }
    }
  }

  /**
   * redsink verify, once for every cell, each table against the files its topics were loaded from.
   */
  private static void verify(List<CellRun> cells) throws Exception {
    List<String> sources = new ArrayList<>();
    for (CellRun c : cells) {
      if (c.failed()) {
        continue;
      }
      Cell cell = c.cell();
      sources.add(c.dir().resolve("load.toml").toString());
      sources.addAll(List.of("--file", cell.topic() + "=" + c.dir().resolve("main.ndjson")));
      if (cell.state() == TableState.EARLIER_RUN) {
        sources.addAll(
            List.of("--file", cell.seedTopic() + "=" + c.dir().resolve("earlier.ndjson")));
      }
    }
    Verification.run(cells, "load", sources, null);
  }

  private void cell(CellRun c) throws Exception {
    Cell cell = c.cell();
    Path toml = c.dir().resolve("load.toml");
    Files.writeString(toml, RunRuntime.connectorFile(cell.id(), c, "acc\\.(seed\\.)?" + cell.id()));
    Path main = lines(c.dir().resolve("main.ndjson"), cell, c.input().main());
    if (cell.state() == TableState.EARLIER_RUN) {
      Path earlier = lines(c.dir().resolve("earlier.ndjson"), cell, c.input().earlier());
      step(c, "earlier", toml, cell.seedTopic(), earlier.toString(), 0);
    }
    switch (cell.lifecycle()) {
      case FIRST_RUN, NEW_FIELD -> step(c, "load", toml, cell.topic(), main.toString(), 0);
      case REPLAY -> {
        step(c, "load", toml, cell.topic(), main.toString(), 0);
        step(c, "again", toml, cell.topic(), main.toString(), c.input().main().size());
      }
      case RESTART -> {
        killMidStream(c, toml);
        step(c, "resumed", toml, cell.topic(), main.toString(), c.input().part1().size());
      }
    }
    if (!c.failed()) {
      checkNoRunTables(c);
    }
  }

  /**
   * One {@code redsink load} to its end: exit 0, and a summary naming the resolved table (and, when
   * {@code alreadyLoaded} is above zero, saying that many lines were loaded before).
   */
  private void step(
      CellRun c, String name, Path toml, String topic, String input, int alreadyLoaded)
      throws Exception {
    if (c.failed()) {
      return;
    }
    Cell cell = c.cell();
    try (JvmProcess p =
        Suite.redsink(c.dir(), name, false, args(c, toml, topic, input), c.environment())) {
      c.log(p.stdoutFile());
      c.log(p.stderrFile());
      int code = p.waitFor(STEP);
      if (code != 0) {
        c.fail("redsink " + String.join(" ", args(c, toml, topic, input)) + " exited with " + code);
        return;
      }
      String out = p.stdout();
      String summary =
          cell.runtime() == RuntimeKind.REPLACE ? "Replaced the contents of " : " into ";
      if (!out.contains(summary + qualified(cell))) {
        c.fail("the summary of step '" + name + "' does not name table " + qualified(cell));
      }
      if (cell.runtime() == RuntimeKind.LOAD
          && alreadyLoaded > 0
          && !out.contains(String.format("(%,d lines were loaded before)", alreadyLoaded))) {
        c.fail("step '" + name + "' does not say " + alreadyLoaded + " lines were loaded before");
      }
    }
  }

  /**
   * Feeds the first part through a pipe, waits until it is committed (load: the table holds it;
   * replace: the run table has rows), SIGKILLs the process while it waits for more, and checks a
   * killed replace left the table as it was.
   */
  private void killMidStream(CellRun c, Path toml) throws Exception {
    Cell cell = c.cell();
    boolean replace = cell.runtime() == RuntimeKind.REPLACE;
    ExpectedTable before = Expectation.of(cell, c.input().earlier(), List.of());
    ExpectedTable afterPart1 = Expectation.of(cell, c.input().earlier(), c.input().part1());
    try (JvmProcess p =
        Suite.redsink(c.dir(), "killed", true, args(c, toml, cell.topic(), "-"), c.environment())) {
      c.log(p.stdoutFile());
      c.log(p.stderrFile());
      p.write(encode(cell, c.input().part1()));
      BooleanSupplier reached =
          replace ? () -> runTableHasRows(cell) : () -> differences(cell, afterPart1).isEmpty();
      long deadline = System.nanoTime() + STEP.toNanos();
      while (!reached.getAsBoolean()) {
        if (!p.isAlive()) {
          c.fail(
              "redsink load exited ("
                  + p.waitFor(Duration.ZERO)
                  + ") before the first part was"
                  + " loaded");
          return;
        }
        if (System.nanoTime() > deadline) {
          c.fail(
              "the first part was not loaded within "
                  + STEP
                  + ": "
                  + (replace ? "no run table with rows" : differences(cell, afterPart1)));
          return;
        }
        Thread.sleep(200);
      }
      p.kill();
    }
    if (replace) {
      List<String> changed = differences(cell, before);
      if (!changed.isEmpty()) {
        c.fail("a replace killed before its end changed the table: " + changed);
      }
    }
  }

  private boolean runTableHasRows(Cell cell) {
    try {
      for (String table : warehouse.runTables(cell)) {
        if (warehouse.count(cell, table) > 0) {
          return true;
        }
      }
      return false;
    } catch (java.sql.SQLException e) {
      return false;
    }
  }

  private List<String> differences(Cell cell, ExpectedTable expected) {
    try {
      return warehouse.differences(cell, expected);
    } catch (java.sql.SQLException e) {
      return List.of("cannot read the table: " + e.getMessage());
    }
  }

  /** After the whole lifecycle: a replace leaves no run table behind. */
  private void checkNoRunTables(CellRun c) throws java.sql.SQLException {
    if (c.cell().runtime() == RuntimeKind.REPLACE && !warehouse.runTables(c.cell()).isEmpty()) {
      c.fail("run tables left behind: " + warehouse.runTables(c.cell()));
    }
  }

  private static List<String> args(CellRun c, Path toml, String topic, String input) {
    List<String> args = new ArrayList<>(List.of("load", toml.toString(), "--topic", topic));
    if (c.cell().runtime() == RuntimeKind.REPLACE) {
      args.add("--replace");
    }
    args.add(input);
    return args;
  }

  /** The table as the summary names it: schema-qualified when target_schema is set. */
  private static String qualified(Cell cell) {
    return cell.schema().map(s -> s + ".").orElse("") + cell.table();
  }

  private static Path lines(Path file, Cell cell, List<Message> messages) throws IOException {
    Files.write(file, encode(cell, messages), StandardCharsets.UTF_8);
    return file;
  }

  private static List<String> encode(Cell cell, List<Message> messages) {
    List<String> lines = new ArrayList<>(messages.size());
    for (Message m : messages) {
      lines.add(new String(Encoding.value(cell, m), StandardCharsets.UTF_8));
    }
    return lines;
  }
}
