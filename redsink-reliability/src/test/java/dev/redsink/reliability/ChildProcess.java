package dev.redsink.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** A {@link ChildLoader} JVM on the test class path, its output in files, killable with SIGKILL. */
final class ChildProcess {

  private final Process process;
  private final Path stdout;

  private ChildProcess(Process process, Path stdout) {
    this.process = process;
    this.stdout = stdout;
  }

  static ChildProcess start(Path properties, Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx512m",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            ChildLoader.class.getName(),
            properties.toString());
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    return new ChildProcess(p, out);
  }

  String output() {
    try {
      return Files.exists(stdout) ? Files.readString(stdout, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Polls until the condition holds; fails if the child exits first or time runs out. */
  void await(String what, BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (!process.isAlive()) {
        throw new AssertionError(
            "The child exited with " + process.exitValue() + " before " + what + ":\n" + output());
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out waiting for " + what + ":\n" + output());
      }
      try {
        Thread.sleep(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  /** SIGKILL: no shutdown hooks, no finally blocks, sockets closed by the kernel. */
  int kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
    return process.exitValue();
  }

  int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("The child did not finish in " + timeout + ":\n" + output());
    }
    return process.exitValue();
  }
}
