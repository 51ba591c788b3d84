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
 * The {@code redsink} command ({@code dev.redsink.cli.Redsink}) in a child JVM on the test class
 * path, its output in files, stopped with SIGTERM as a service manager does or SIGKILL as a crash.
 */
final class RedsinkCommand {

  private final Process process;
  private final Path stdout;
  private final Path stderr;

  private RedsinkCommand(Process process, Path stdout, Path stderr) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  static RedsinkCommand start(Path dir, String name, Map<String, String> env, String... args)
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
    command.add("dev.redsink.cli.Redsink");
    command.addAll(List.of(args));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().putAll(env);
    return new RedsinkCommand(builder.start(), out, err);
  }

  String stdout() {
    return read(stdout);
  }

  /** Standard output and standard error (the logs) together. */
  String output() {
    return read(stdout) + read(stderr);
  }

  /** Polls until the condition holds; fails if the command exits first or time runs out. */
  void await(String what, BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (!process.isAlive()) {
        throw new AssertionError(
            "redsink exited with " + process.exitValue() + " before " + what + ":\n" + output());
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out waiting for " + what + ":\n" + output());
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  /** SIGKILL: no shutdown hook, no in-flight load finished. */
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
      throw new AssertionError("redsink did not finish in " + timeout + ":\n" + output());
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
