package dev.redsink.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An emulator in a child JVM, so the benchmark JVM's heap and RSS measure the sink alone and not
 * the emulator's S3 server and Parquet reader.
 */
final class EmulatorProcess implements AutoCloseable {
  private final Process process;
  private final Endpoint endpoint;
  private final int backendPort;
  private final long postmasterPid;
  private final BlockingQueue<String> statistics = new LinkedBlockingQueue<>();

  private EmulatorProcess(Process process, Endpoint endpoint, int backendPort, long postmasterPid) {
    this.process = process;
    this.endpoint = endpoint;
    this.backendPort = backendPort;
    this.postmasterPid = postmasterPid;
  }

  /** Starts the child with the same Java and class path and waits for its endpoint. */
  static EmulatorProcess start() throws IOException {
    return start("off");
  }

  /** Starts the child with a cost profile (CostProfile.parse's spelling). */
  static EmulatorProcess start(String costProfile) throws IOException {
    return start(costProfile, false);
  }

  /**
   * Starts the child with a cost profile and, with {@code pgStatStatements}, PostgreSQL's
   * pg_stat_statements loaded in its database (see {@link EmulatorServer}).
   */
  static EmulatorProcess start(String costProfile, boolean pgStatStatements) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        List.of(
            java,
            "-Xmx2g",
            "-cp",
            System.getProperty("java.class.path"),
            EmulatorServer.class.getName(),
            "--cost-profile=" + costProfile,
            "--pg-stat-statements=" + pgStatStatements);
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line;
    int backendPort = -1;
    long postmasterPid = -1;
    while ((line = out.readLine()) != null) {
      if (line.startsWith(EmulatorServer.BACKEND)) {
        backendPort = Integer.parseInt(line.substring(EmulatorServer.BACKEND.length()));
      }
      if (line.startsWith(EmulatorServer.POSTMASTER)) {
        postmasterPid = Long.parseLong(line.substring(EmulatorServer.POSTMASTER.length()));
      }
      if (line.startsWith(EmulatorServer.READY)) {
        Endpoint endpoint = Endpoint.parse(line.substring(EmulatorServer.READY.length()));
        EmulatorProcess started =
            new EmulatorProcess(process, endpoint, backendPort, postmasterPid);
        Thread drain = new Thread(() -> started.drain(out), "emulator-stdout");
        drain.setDaemon(true);
        drain.start();
        return started;
      }
    }
    process.destroyForcibly();
    throw new IOException("Cannot start the emulator process: it exited before it was ready");
  }

  /** Reads the child's output: statistics it was asked for are kept, the rest discarded. */
  private void drain(BufferedReader out) {
    try {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith(EmulatorServer.STATISTICS)) {
          statistics.add(line.substring(EmulatorServer.STATISTICS.length()));
        }
      }
    } catch (IOException e) {
      // the child exited
    }
  }

  /**
   * The emulator's statistics since it started, as it counts them at the Redshift front end:
   * statements, commits, copies, rows_written and one count per statement kind (SELECT, UPDATE, …).
   */
  synchronized Map<String, Long> statistics() throws IOException {
    OutputStream in = process.getOutputStream();
    in.write((EmulatorServer.ASK_STATISTICS + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
    String line;
    try {
      line = statistics.poll(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted waiting for the emulator's statistics", e);
    }
    if (line == null) {
      throw new IOException("The emulator did not report its statistics within 30 s");
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String field : line.split("\t")) {
      int eq = field.indexOf('=');
      counts.put(field.substring(0, eq), Long.parseLong(field.substring(eq + 1)));
    }
    return counts;
  }

  Endpoint endpoint() {
    return endpoint;
  }

  /** The embedded PostgreSQL's own port (trust authentication, user postgres), or -1. */
  int backendPort() {
    return backendPort;
  }

  /** CPU seconds so far of the emulator's JVM (front end, local S3, DuckDB reading files). */
  double emulatorCpuSeconds() {
    return CpuTime.of(process.pid());
  }

  /** CPU seconds so far of its PostgreSQL: the server and every backend, ended ones included. */
  double postgresCpuSeconds() {
    return postmasterPid < 0 ? Double.NaN : CpuTime.withChildren(postmasterPid);
  }

  @Override
  public void close() throws IOException {
    process.getOutputStream().close();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
