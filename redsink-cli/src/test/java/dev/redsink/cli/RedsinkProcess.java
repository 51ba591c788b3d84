package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * The redsink command run as a user runs it: a separate JVM on the shaded jar (or the test class
 * path before packaging), its output captured to files, stopped with SIGTERM. The demo module's
 * tests start its own jar with it.
 */
public final class RedsinkProcess implements AutoCloseable {
  private final Process process;
  private final Path stdout;
  private final Path stderr;

  private RedsinkProcess(Process process, Path stdout, Path stderr) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** The production command, this module's target/redsink.jar. */
  static RedsinkProcess start(Path workDir, Map<String, String> env, String... args)
      throws IOException {
    return start(workDir, env, List.of(), args);
  }

  /** Starts redsink with extra JVM options (system properties such as java.io.tmpdir). */
  static RedsinkProcess start(
      Path workDir, Map<String, String> env, List<String> jvmOptions, String... args)
      throws IOException {
    return start("redsink.jar", Redsink.class.getName(), workDir, env, jvmOptions, args);
  }

  /**
   * The command from {@code target/<jarName>} of the module under test, or from the test class path
   * with {@code mainClass} when the jar is not built yet.
   */
  public static RedsinkProcess start(
      String jarName, String mainClass, Path workDir, Map<String, String> env, String... args)
      throws IOException {
    return start(jarName, mainClass, workDir, env, List.of(), args);
  }

  /** The command from a jar, as above, with extra JVM options. */
  public static RedsinkProcess start(
      String jarName,
      String mainClass,
      Path workDir,
      Map<String, String> env,
      List<String> jvmOptions,
      String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    command.addAll(jvmOptions);
    Path jar = Paths.get("target", jarName).toAbsolutePath();
    if (Files.exists(jar)) {
      command.add("-jar");
      command.add(jar.toString());
    } else {
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(mainClass);
    }
    command.addAll(List.of(args));
    Files.createDirectories(workDir);
    Path out = Files.createTempFile(workDir, "stdout", ".txt");
    Path err = Files.createTempFile(workDir, "stderr", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().putAll(env);
    return new RedsinkProcess(builder.start(), out, err);
  }

  public String stdout() {
    return read(stdout);
  }

  public String stderr() {
    return read(stderr);
  }

  /** Waits until stdout contains the text, failing early if the process ends first. */
  public void awaitOutput(String text, Duration timeout) {
    Awaitility.await()
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              if (!process.isAlive() && !stdout().contains(text)) {
                throw new AssertionError(
                    "redsink exited with "
                        + process.exitValue()
                        + " before printing '"
                        + text
                        + "'\n"
                        + stdout()
                        + stderr());
              }
              return stdout().contains(text);
            });
  }

  /** Sends SIGTERM and returns the exit code. */
  public int terminate(Duration timeout) throws InterruptedException {
    process.destroy();
    return awaitExit(timeout);
  }

  /** Sends SIGKILL: the JVM ends at once, running no shutdown hook. */
  public int kill(Duration timeout) throws InterruptedException {
    process.destroyForcibly();
    return awaitExit(timeout);
  }

  /** The JVM's process, to find what it started. */
  public ProcessHandle handle() {
    return process.toHandle();
  }

  /** Sends SIGKILL: the process dies mid-whatever, as on a crash or an OOM kill. */
  public void kill() throws InterruptedException {
    kill(Duration.ofMinutes(1));
  }

  public int awaitExit(Duration timeout) throws InterruptedException {
    assertThat(process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
        .as("redsink exits within %s\n%s%s", timeout, stdout(), stderr())
        .isTrue();
    return process.exitValue();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
