package dev.redsink.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A child JVM run as a user runs the command: {@code java -jar} on the built jar (or a main class
 * on the test class path), its output captured in files, stopped with SIGTERM as a service manager
 * does or SIGKILL as a crash. Children of one jar share the classes they load through a {@link
 * ClassDataArchive}.
 */
public final class JvmProcess implements AutoCloseable {

  private final String name;
  private final Duration poll;
  private final Process process;
  private final Path stdout;
  private final Path stderr;

  private JvmProcess(String name, Duration poll, Process process, Path stdout, Path stderr) {
    this.name = name;
    this.poll = poll;
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** A launch of {@code mainClass}: from the test class path unless {@link Launch#jar} is built. */
  public static Launch of(String mainClass) {
    return new Launch(mainClass);
  }

  /** How to start the JVM; every setting is optional. */
  public static final class Launch {
    private final String mainClass;
    private Path jar;
    private String classPath;
    private final List<String> jvmOptions = new ArrayList<>();
    private final Map<String, String> env = new HashMap<>();
    private boolean pipedInput;
    private Duration poll = Duration.ofMillis(200);

    private Launch(String mainClass) {
      this.mainClass = mainClass;
    }

    /** Runs {@code java -jar jar} when the jar exists (not yet packaged: the class path). */
    public Launch jar(Path jar) {
      this.jar = jar;
      return this;
    }

    /**
     * Runs the main class from this class path instead of the test's (a program of its own, such as
     * another version's Kafka Connect worker).
     */
    public Launch classPath(String classPath) {
      this.classPath = classPath;
      return this;
    }

    /** JVM options before the jar or main class, such as {@code -Xmx256m}. */
    public Launch jvmOptions(List<String> options) {
      jvmOptions.addAll(options);
      return this;
    }

    /** Environment variables added to this JVM's. */
    public Launch env(Map<String, String> variables) {
      env.putAll(variables);
      return this;
    }

    /** Standard input a pipe the test writes to ({@link #input}) instead of {@code /dev/null}. */
    public Launch pipedInput() {
      pipedInput = true;
      return this;
    }

    /** How often {@link #await} checks its condition (200 ms unless set). */
    public Launch poll(Duration interval) {
      poll = interval;
      return this;
    }

    /**
     * Starts the JVM with {@code args} in {@code dir}, output in {@code <name>.out} and {@code
     * <name>.err} there (suffixed {@code -2}, {@code -3}… so an earlier run's output stays).
     */
    public JvmProcess start(Path dir, String name, List<String> args) throws IOException {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      // Short-lived JVMs sharing the machine with the test's: C1 alone compiles enough.
      command.add("-XX:TieredStopAtLevel=1");
      command.addAll(jvmOptions);
      boolean fromJar = jar != null && Files.exists(jar);
      String path =
          fromJar
              ? null
              : JarredClassPath.of(
                  classPath != null ? classPath : System.getProperty("java.class.path"));
      ClassDataArchive classData =
          ClassDataArchive.forLaunch(fromJar ? jar : null, fromJar ? null : path).next();
      command.addAll(classData.jvmOptions());
      if (fromJar) {
        command.add("-jar");
        command.add(jar.toAbsolutePath().toString());
      } else {
        command.add("-cp");
        command.add(path);
        command.add(mainClass);
      }
      command.addAll(args);
      Files.createDirectories(dir);
      String base = name;
      for (int n = 2; Files.exists(dir.resolve(base + ".out")); n++) {
        base = name + "-" + n;
      }
      Path out = dir.resolve(base + ".out");
      Path err = dir.resolve(base + ".err");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      if (!pipedInput) {
        builder.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      }
      builder.environment().putAll(env);
      Process process = builder.start();
      classData.started(process);
      return new JvmProcess(name, poll, process, out, err);
    }
  }

  public String name() {
    return name;
  }

  public Path stdoutFile() {
    return stdout;
  }

  public Path stderrFile() {
    return stderr;
  }

  public String stdout() {
    return read(stdout);
  }

  public String stderr() {
    return read(stderr);
  }

  /** Standard output, then standard error (the logs). */
  public String output() {
    return stdout() + stderr();
  }

  /** The pipe to the process's standard input (see {@link Launch#pipedInput}). */
  public OutputStream input() {
    return process.getOutputStream();
  }

  /** Writes lines to the process's standard input and flushes them. */
  public void write(List<String> lines) {
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

  public boolean isAlive() {
    return process.isAlive();
  }

  /** The JVM's process, to find what it started. */
  public ProcessHandle handle() {
    return process.toHandle();
  }

  /** Waits until standard output contains the text; fails if the process ends first. */
  public void awaitOutput(String text, Duration timeout) {
    await("printing '" + text + "'", () -> stdout().contains(text), timeout);
  }

  /** Polls until the condition holds; fails if the process exits first or time runs out. */
  public void await(String what, BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (!process.isAlive()) {
        if (condition.getAsBoolean()) {
          return;
        }
        throw new AssertionError(
            name + " exited with " + process.exitValue() + " before " + what + ":\n" + output());
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

  /** Waits for the exit; kills the process and returns -1 when it does not end in time. */
  public int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      return -1;
    }
    return process.exitValue();
  }

  /** The exit status; fails, with the output, when the process does not end in time. */
  public int awaitExit(Duration timeout) throws InterruptedException {
    int code = waitFor(timeout);
    if (code == -1) {
      throw new AssertionError(name + " did not exit within " + timeout + ":\n" + output());
    }
    return code;
  }

  /** SIGTERM, then the exit status (-1 when it had to be killed). */
  public int terminate(Duration timeout) throws InterruptedException {
    process.destroy();
    return waitFor(timeout);
  }

  /** SIGKILL: no shutdown hook, no finally block, no in-flight load finished; the exit status. */
  public int kill() throws InterruptedException {
    process.destroyForcibly();
    return awaitExit(Duration.ofMinutes(1));
  }

  /** Kills the process if a failed test left it running. */
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
