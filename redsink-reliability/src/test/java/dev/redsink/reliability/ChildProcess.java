package dev.redsink.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A child JVM on the test class path (the {@code redsink} command or a {@link ChildLoader}), its
 * output in files, stopped with SIGTERM as a service manager does or SIGKILL as a crash.
 */
final class ChildProcess {

  private final String label;
  private final Duration poll;
  private final Process process;
  private final Path stdout;
  private final Path stderr;

  private ChildProcess(String label, Duration poll, Process process, Path stdout, Path stderr) {
    this.label = label;
    this.poll = poll;
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** The {@code redsink} command ({@code dev.redsink.cli.Redsink}) with {@code env} added. */
  static ChildProcess redsink(Path dir, String name, Map<String, String> env, String... args)
      throws IOException {
    return start(
        "redsink", Duration.ofMillis(20), dir, name, env, "dev.redsink.cli.Redsink", List.of(args));
  }

  /**
   * A {@link ChildLoader} reading {@code properties}, polled every 2 ms so that a kill lands close
   * to the condition awaited.
   */
  static ChildProcess loader(Path properties, Path dir, String name) throws IOException {
    return start(
        "The child",
        Duration.ofMillis(2),
        dir,
        name,
        Map.of(),
        ChildLoader.class.getName(),
        List.of(properties.toString()));
  }

  private static ChildProcess start(
      String label,
      Duration poll,
      Path dir,
      String name,
      Map<String, String> env,
      String mainClass,
      List<String> args)
      throws IOException {
    Files.createDirectories(dir);
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.addAll(args);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().putAll(env);
    return new ChildProcess(label, poll, builder.start(), out, err);
  }

  String stdout() {
    return read(stdout);
  }

  /** Standard output and standard error (the logs) together. */
  String output() {
    return read(stdout) + read(stderr);
  }

  /** Polls until the condition holds; fails if the child exits first or time runs out. */
  void await(String what, BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (!process.isAlive()) {
        throw new AssertionError(
            label + " exited with " + process.exitValue() + " before " + what + ":\n" + output());
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out waiting for " + what + ":\n" + output());
      }
      try {
        Thread.sleep(poll.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  /** SIGKILL: no shutdown hooks, no finally blocks, no in-flight load finished. */
  int kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
    return process.exitValue();
  }

  /** SIGTERM, then the exit status. */
  int terminate(Duration timeout) throws InterruptedException {
    process.destroy();
    return waitFor(timeout);
  }

  int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(label + " did not finish in " + timeout + ":\n" + output());
    }
    return process.exitValue();
  }

  /** Kills the process if a failed test left it running. */
  void destroy() {
    process.destroyForcibly();
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
