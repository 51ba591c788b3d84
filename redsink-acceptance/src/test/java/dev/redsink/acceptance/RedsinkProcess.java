package dev.redsink.acceptance;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code redsink} command as users run it, {@code java -jar redsink.jar …} from the built jar,
 * its output in files, its standard input a file or a pipe the test writes to, stopped with SIGTERM
 * as a service manager does or SIGKILL as a crash.
 */
final class RedsinkProcess implements AutoCloseable {
  private final String name;
  private final Process process;
  private final Path stdout;
  private final Path stderr;

  private RedsinkProcess(String name, Process process, Path stdout, Path stderr) {
    this.name = name;
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /**
   * Starts {@code redsink <args>} in {@code dir}, output to {@code <name>.out} and {@code
   * <name>.err}; with {@code pipedInput} its standard input is a pipe ({@link #input}).
   */
  static RedsinkProcess start(Path dir, String name, boolean pipedInput, List<String> args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-jar");
    command.add(Suite.cliJar().toString());
    command.addAll(args);
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    // -Dacceptance.logLevel=INFO (or DEBUG) shows the engine's and the Kafka client's logs in each
    // process's .err file.
    String level = System.getProperty("acceptance.logLevel", "");
    if (!level.isBlank()) {
      builder.environment().put("REDSINK_LOG_LEVEL", level);
      builder.environment().put("REDSINK_ROOT_LOG_LEVEL", level);
    }
    if (!pipedInput) {
      builder.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    }
    return new RedsinkProcess(name, builder.start(), out, err);
  }

  String name() {
    return name;
  }

  Path stdoutFile() {
    return stdout;
  }

  Path stderrFile() {
    return stderr;
  }

  /** The pipe to the process's standard input. */
  OutputStream input() {
    return process.getOutputStream();
  }

  /** Writes lines to the process's standard input and flushes them. */
  void write(List<String> lines) {
    try {
      OutputStream in = process.getOutputStream();
      for (String line : lines) {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
      in.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write to " + name, e);
    }
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Standard output, then standard error. */
  String output() {
    return read(stdout) + read(stderr);
  }

  String stdout() {
    return read(stdout);
  }

  /** Waits for the exit; kills the process and returns -1 when it does not end in time. */
  int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      return -1;
    }
    return process.exitValue();
  }

  /** SIGKILL: no shutdown hook, no in-flight load finished. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM, then the exit status (-1 when it had to be killed). */
  int terminate(Duration timeout) throws InterruptedException {
    process.destroy();
    return waitFor(timeout);
  }

  @Override
  public void close() {
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
