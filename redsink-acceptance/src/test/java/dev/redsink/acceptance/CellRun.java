package dev.redsink.acceptance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One cell on its way through its runtime: its input, the table it should end with, its files, what
 * went wrong (a runtime failure or a check between steps) and the logs to show when it did.
 */
final class CellRun {
  private static final int LOG_TAIL = 6_000;

  private final Cell cell;
  private final long runSeed;
  private final CellInput input;
  private final ExpectedTable expected;
  private final Optional<ExpectedTable> currentView;
  private final Map<String, Object> config;
  private final Map<String, String> environment;
  private final Path dir;
  private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
  private final List<Path> logs = Collections.synchronizedList(new ArrayList<>());
  private final CompletableFuture<Void> done = new CompletableFuture<>();

  /** A cell whose input is generated from the run's seed and the cell's name. */
  CellRun(Cell cell, long runSeed, CellWarehouse warehouse, Path root) throws IOException {
    this.cell = cell;
    this.runSeed = runSeed;
    this.input =
        InputGenerator.generate(cell, runSeed ^ (cell.name().hashCode() * 0x9E3779B97F4A7C15L));
    this.expected = Expectation.of(cell, input);
    this.currentView =
        cell.mode() == WriteMode.HISTORY
            ? Optional.of(Expectation.current(cell, input))
            : Optional.empty();
    this.config = CellConfig.of(cell, warehouse);
    this.environment = AwsIdentity.environment(cell.runtime(), warehouse.emulator());
    this.dir = Files.createDirectories(root.resolve(cell.id()));
    Files.writeString(dir.resolve("cell.txt"), cell.name() + "\nrun seed " + runSeed + "\n");
  }

  Cell cell() {
    return cell;
  }

  CellInput input() {
    return input;
  }

  ExpectedTable expected() {
    return expected;
  }

  /** What a history table's {@code <table>_current} view should show; empty for other modes. */
  Optional<ExpectedTable> currentView() {
    return currentView;
  }

  Map<String, Object> config() {
    return config;
  }

  /** The environment of the cell's {@code redsink} processes (its AWS identity). */
  Map<String, String> environment() {
    return environment;
  }

  Path dir() {
    return dir;
  }

  /** Records a problem; the runtime skips the cell's remaining steps. */
  void fail(String problem) {
    problems.add(problem);
  }

  /** A problem the suite met: the exception and the suite's own frames it passed through. */
  void fail(String problem, Exception e) {
    StringBuilder text = new StringBuilder(problem).append(": ").append(e);
    for (StackTraceElement frame : e.getStackTrace()) {
      if (frame.getClassName().startsWith(CellRun.class.getPackageName())) {
        text.append("\n      at ").append(frame);
      }
    }
    fail(text.toString());
  }

  boolean failed() {
    return !problems.isEmpty();
  }

  /** A log to show when the cell fails (read when the report is made, so it is complete). */
  void log(Path file) {
    logs.add(file);
  }

  /** The runtime has finished with this cell (whether or not it failed). */
  void finish() {
    done.complete(null);
  }

  /** Waits for the runtime to finish with the cell. */
  void await(long minutes) throws InterruptedException {
    try {
      done.get(minutes, TimeUnit.MINUTES);
    } catch (TimeoutException e) {
      fail("the runtime did not finish with the cell within " + minutes + " minutes");
    } catch (java.util.concurrent.ExecutionException e) {
      fail("the runtime failed: " + e.getCause());
    }
  }

  List<String> problems() {
    synchronized (problems) {
      return List.copyOf(problems);
    }
  }

  /** What to print when the cell fails: the problems and the tail of each log. */
  String report(List<String> differences) {
    StringBuilder out = new StringBuilder();
    out.append("Cell ")
        .append(cell.name())
        .append(" (id ")
        .append(cell.id())
        .append(", input seed ")
        .append(input.seed())
        .append("; rerun it with -Dacceptance.cells='^")
        .append(cell.name())
        .append("$' -Dacceptance.seed=")
        .append(runSeed)
        .append(")\n");
    problems().forEach(p -> out.append("  - ").append(p).append('\n'));
    differences.forEach(d -> out.append("  - ").append(d).append('\n'));
    synchronized (logs) {
      for (Path log : logs) {
        out.append("--- ").append(log).append(" (tail) ---\n").append(tail(log)).append('\n');
      }
    }
    return out.toString();
  }

  private static String tail(Path file) {
    try {
      if (!Files.exists(file)) {
        return "(no output)";
      }
      String text = Files.readString(file, StandardCharsets.UTF_8);
      return text.length() <= LOG_TAIL ? text : "…" + text.substring(text.length() - LOG_TAIL);
    } catch (IOException e) {
      return "(cannot read: " + e.getMessage() + ")";
    }
  }
}
