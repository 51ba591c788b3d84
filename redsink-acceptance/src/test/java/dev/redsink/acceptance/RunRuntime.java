package dev.redsink.acceptance;

import dev.redsink.testkit.ConnectorFile;
import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs cells through {@code redsink run}: one connector file per cell, several cells per process (a
 * wave shares at most four: the earlier runs', the ones that are killed after the first part, the
 * ones that run on, and the restarted ones), against the suite's Kafka broker. A connector is
 * caught up when its consumer group has committed every offset produced ({@code redsink run}
 * commits after each load); a replaying connector, which finds the ledger at the end and has
 * nothing to load, when it has its partitions and reports no lag on {@code /metrics}.
 */
final class RunRuntime {
  private static final int WAVE = 24;
  private static final Duration PHASE = Duration.ofMinutes(3);
  private static final Duration STOP = Duration.ofMinutes(1);
  private static final Duration SETTLE = Duration.ofMillis(2500);

  private final Broker broker;
  private final HttpClient http = HttpClient.newHttpClient();

  RunRuntime(Broker broker) {
    this.broker = broker;
  }

  /** One running {@code redsink run} and the connectors (cell, key) it runs. */
  private record Run(JvmProcess process, int httpPort, Map<String, CellRun> byKey) {}

  void run(List<CellRun> cells) {
    for (int from = 0; from < cells.size(); from += WAVE) {
      List<CellRun> wave = cells.subList(from, Math.min(cells.size(), from + WAVE));
      try {
        wave(wave, from / WAVE);
        List<String> files = new ArrayList<>();
        for (CellRun c : live(wave)) {
          files.add(c.dir().resolve(key(c, "") + ".toml").toString());
        }
        Verification.run(live(wave), "run-wave" + from / WAVE, files, broker.bootstrapServers());
      } catch (Exception e) {
        wave.forEach(c -> c.fail("the redsink run wave failed", e));
      } finally {
        wave.forEach(CellRun::finish);
      }
    }
  }

  private void wave(List<CellRun> wave, int number) throws Exception {
    List<Run> started = new ArrayList<>();
    try {
      for (CellRun c : wave) {
        broker.createTopic(c.cell().topic(), c.cell().partitions());
      }
      Map<String, CellRun> seeds = new LinkedHashMap<>();
      for (CellRun c : wave) {
        if (c.cell().state() == TableState.EARLIER_RUN) {
          broker.createTopic(c.cell().seedTopic(), c.cell().partitions());
          broker.produce(c.cell(), c.cell().seedTopic(), c.input().earlier());
          seeds.put(key(c, "-seed"), c);
        }
      }
      if (!seeds.isEmpty()) {
        Run r0 = start("wave" + number + "-earlier", seeds, c -> c.cell().seedTopic(), started);
        await(r0, seeds, c -> c.cell().seedTopic(), c -> c.input().earlier(), false);
        stop(r0);
      }

      Map<String, CellRun> killed = new LinkedHashMap<>();
      Map<String, CellRun> steady = new LinkedHashMap<>();
      for (CellRun c : live(wave)) {
        Lifecycle l = c.cell().lifecycle();
        boolean split = l == Lifecycle.RESTART || l == Lifecycle.NEW_FIELD;
        broker.produce(c.cell(), c.cell().topic(), split ? c.input().part1() : c.input().main());
        (l == Lifecycle.RESTART || l == Lifecycle.REPLAY ? killed : steady).put(key(c, ""), c);
      }
      Run r1a = killed.isEmpty() ? null : start("wave" + number + "-killed", killed, null, started);
      Run r1b = steady.isEmpty() ? null : start("wave" + number + "-steady", steady, null, started);
      for (Run r : new Run[] {r1a, r1b}) {
        if (r != null) {
          await(r, r.byKey(), c -> c.cell().topic(), RunRuntime::firstDelivery, false);
        }
      }
      if (r1a != null) {
        r1a.process().kill();
      }

      Map<String, CellRun> restarted = new LinkedHashMap<>();
      for (CellRun c : live(wave)) {
        switch (c.cell().lifecycle()) {
          case RESTART -> {
            broker.produce(c.cell(), c.cell().topic(), c.input().part2());
            restarted.put(key(c, ""), c);
          }
          case REPLAY -> restarted.put(key(c, "-replay"), c);
          case NEW_FIELD -> broker.produce(c.cell(), c.cell().topic(), c.input().part2());
          case FIRST_RUN -> {}
        }
      }
      if (r1b != null) {
        Map<String, CellRun> newField = new LinkedHashMap<>();
        r1b.byKey()
            .forEach(
                (k, c) -> {
                  if (c.cell().lifecycle() == Lifecycle.NEW_FIELD) {
                    newField.put(k, c);
                  }
                });
        await(r1b, newField, c -> c.cell().topic(), c -> c.input().main(), false);
      }
      if (!restarted.isEmpty()) {
        Run r2 = start("wave" + number + "-restarted", restarted, null, started);
        Map<String, CellRun> replays = new LinkedHashMap<>();
        Map<String, CellRun> restarts = new LinkedHashMap<>();
        r2.byKey().forEach((k, c) -> (k.endsWith("-replay") ? replays : restarts).put(k, c));
        await(r2, restarts, c -> c.cell().topic(), c -> c.input().main(), false);
        await(r2, replays, c -> c.cell().topic(), c -> c.input().main(), true);
        stop(r2);
      }
      if (r1b != null) {
        stop(r1b);
      }
    } finally {
      for (Run r : started) {
        r.process().close();
      }
    }
  }

  private static List<Message> firstDelivery(CellRun c) {
    Lifecycle l = c.cell().lifecycle();
    return l == Lifecycle.RESTART || l == Lifecycle.NEW_FIELD
        ? c.input().part1()
        : c.input().main();
  }

  private static String key(CellRun c, String suffix) {
    return c.cell().id() + suffix;
  }

  private Run start(
      String name,
      Map<String, CellRun> byKey,
      java.util.function.Function<CellRun, String> topic,
      List<Run> started)
      throws IOException {
    Path dir = Files.createDirectories(Suite.work().resolve("run"));
    List<String> args = new ArrayList<>(List.of("run"));
    for (Map.Entry<String, CellRun> e : byKey.entrySet()) {
      CellRun c = e.getValue();
      String t = topic == null ? c.cell().topic() : topic.apply(c);
      Path file = c.dir().resolve(e.getKey() + ".toml");
      // A static member id: a restarted process takes over its partitions at once, where a new
      // member would wait until the group gives up on the SIGKILLed one (max.poll.interval.ms).
      Files.writeString(
          file,
          connectorFile(e.getKey(), c, t.replace(".", "\\."))
              + "\n[kafka]\n\"group.instance.id\" = \""
              + e.getKey()
              + "\"\n");
      args.add(file.toString());
    }
    int port = freePort();
    args.addAll(
        List.of(
            "--bootstrap-servers",
            broker.bootstrapServers(),
            "--http-port",
            Integer.toString(port)));
    JvmProcess process =
        Suite.redsink(dir, name, false, args, byKey.values().iterator().next().environment());
    byKey
        .values()
        .forEach(
            c -> {
              c.log(process.stdoutFile());
              c.log(process.stderrFile());
            });
    Run run = new Run(process, port, byKey);
    started.add(run);
    return run;
  }

  /**
   * A connector file in the reference format, as a user writes it; its flush limit makes loads of
   * {@link InputGenerator#BATCH} records, as in every runtime.
   */
  static String connectorFile(String key, CellRun c, String pattern) {
    Map<String, Object> config = new LinkedHashMap<>(c.config());
    config.put("flush_max_records", InputGenerator.BATCH);
    return ConnectorFile.text(
        key, "acceptance " + c.cell().name(), pattern, InputGenerator.BATCH, "200ms", config);
  }

  /**
   * Waits until each connector is caught up, or fails its cell: the process ended, the connector is
   * down on {@code /metrics}, or time ran out.
   */
  private void await(
      Run run,
      Map<String, CellRun> connectors,
      java.util.function.Function<CellRun, String> topic,
      java.util.function.Function<CellRun, List<Message>> messages,
      boolean replay)
      throws Exception {
    Map<String, CellRun> pending = new LinkedHashMap<>();
    connectors.forEach(
        (k, c) -> {
          if (!c.failed()) {
            pending.put(k, c);
          }
        });
    Map<String, Long> assignedAt = new HashMap<>();
    long deadline = System.nanoTime() + PHASE.toNanos();
    while (!pending.isEmpty()) {
      Map<String, Long> up = metric(run, "redsink_up");
      Map<String, Long> lag = metric(run, "redsink_consumer_lag");
      for (Map.Entry<String, CellRun> e : new ArrayList<>(pending.entrySet())) {
        String key = e.getKey();
        CellRun c = e.getValue();
        if (!run.process().isAlive()) {
          c.fail(
              "redsink run ("
                  + run.process().name()
                  + ") exited before connector "
                  + key
                  + " caught up; its output is below");
          pending.remove(key);
        } else if (up.getOrDefault(key, 1L) == 0) {
          c.fail(
              "connector "
                  + key
                  + " failed (redsink_up 0 on /metrics); the process output"
                  + " below ends with the reason");
          pending.remove(key);
        } else if (replay
            ? replayedAll(key, c, topic.apply(c), lag, assignedAt)
            : broker.caughtUp(
                "redsink-" + key, topic.apply(c), Broker.ends(c.cell(), messages.apply(c)))) {
          pending.remove(key);
        } else if (System.nanoTime() > deadline) {
          c.fail(
              "connector "
                  + key
                  + " did not catch up within "
                  + PHASE
                  + "; committed "
                  + broker.committed("redsink-" + key, topic.apply(c))
                  + ", lag "
                  + lag.get(key));
          pending.remove(key);
        }
      }
      Thread.sleep(250);
    }
  }

  /** The replaying connector has had its partitions long enough to report its lag after a poll. */
  private boolean replayedAll(
      String key, CellRun c, String topic, Map<String, Long> lag, Map<String, Long> assignedAt)
      throws Exception {
    Long since = assignedAt.get(key);
    if (since == null) {
      if (broker.assigned("redsink-" + key, topic) == c.cell().partitions()) {
        assignedAt.put(key, System.nanoTime());
      }
      return false;
    }
    return System.nanoTime() - since > SETTLE.toNanos() && lag.getOrDefault(key, -1L) == 0;
  }

  /** One metric per connector from {@code /metrics}; empty while the endpoint is not up. */
  private Map<String, Long> metric(Run run, String name) {
    Map<String, Long> values = new HashMap<>();
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + run.httpPort() + "/metrics"))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      Matcher m =
          Pattern.compile("(?m)^" + name + "\\{connector=\"([^\"]+)\"\\} (-?\\d+)$")
              .matcher(r.body());
      while (m.find()) {
        values.put(m.group(1), Long.parseLong(m.group(2)));
      }
    } catch (IOException e) {
      // not listening yet
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return values;
  }

  /** SIGTERM: the in-flight load finishes; a clean stop exits 0. */
  private void stop(Run run) throws InterruptedException {
    int code = run.process().terminate(STOP);
    // A connector that failed makes the whole process exit 1; that cell already says why.
    boolean explained = run.byKey().values().stream().anyMatch(CellRun::failed);
    if (code != 0 && (code == -1 || !explained)) {
      for (CellRun c : run.byKey().values()) {
        if (!c.failed()) {
          c.fail(
              "redsink run ("
                  + run.process().name()
                  + ") exited with "
                  + code
                  + " after SIGTERM; its output is below");
        }
      }
    }
  }

  /** A port free at the moment, for a child process to listen on. */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static List<CellRun> live(List<CellRun> cells) {
    return cells.stream().filter(c -> !c.failed()).toList();
  }
}
