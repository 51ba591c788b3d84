package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;

/**
 * Runs cells through Kafka Connect: a worker whose plugin.path holds the plugin unzipped from the
 * built archive (nothing of Redsink is on the worker's class path), one connector per cell created
 * through the REST API, a wave of cells at a time. A cell is caught up when its connector's
 * consumer group has committed every offset produced: the connector commits only what Redshift
 * holds. Its connectors divert refused records to a dead letter queue of the cell's own, which must
 * then hold exactly the refused records. On a worker that runs in a process of its own, a restart
 * mid-stream also kills that process and starts it again.
 */
final class ConnectRuntime {
  static final String CONNECTOR_CLASS = "dev.redsink.kafka.connect.RedshiftSinkConnector";

  private static final int WAVE = 24;
  private static final Duration PHASE = Duration.ofMinutes(3);

  private final ConnectWorker worker;
  private final ConnectRest rest;
  private final Broker broker;

  ConnectRuntime(ConnectWorker worker, Broker broker) {
    this.worker = worker;
    this.rest = worker.rest();
    this.broker = broker;
  }

  /** Takes every cell through its lifecycle, a wave at a time; finishes each cell. */
  void run(List<CellRun> cells) {
    for (int from = 0; from < cells.size(); from += WAVE) {
      List<CellRun> wave = cells.subList(from, Math.min(cells.size(), from + WAVE));
      try {
        wave(wave);
        verify(wave, from / WAVE);
      } catch (Exception e) {
        wave.forEach(c -> c.fail("the Connect wave failed", e));
      } finally {
        for (CellRun c : wave) {
          for (String suffix : new String[] {"", "-seed", "-replay"}) {
            deleteQuietly(c.cell().id() + suffix);
          }
          if (worker instanceof WorkerProcess process) {
            process.logs().forEach(c::log);
          }
          c.finish();
        }
      }
    }
  }

  private void wave(List<CellRun> wave) throws Exception {
    for (CellRun c : wave) {
      broker.createTopic(c.cell().topic(), c.cell().partitions());
      broker.createTopic(c.cell().deadLetterTopic(), 1);
    }
    List<CellRun> earlier =
        wave.stream().filter(c -> c.cell().state() == TableState.EARLIER_RUN).toList();
    for (CellRun c : earlier) {
      broker.createTopic(c.cell().seedTopic(), c.cell().partitions());
      broker.produce(c.cell(), c.cell().seedTopic(), c.input().earlier());
      create(c, c.cell().id() + "-seed", c.cell().seedTopic());
    }
    await(
        earlier, c -> c.cell().id() + "-seed", c -> c.cell().seedTopic(), c -> c.input().earlier());
    for (CellRun c : earlier) {
      deleteQuietly(c.cell().id() + "-seed");
    }

    for (CellRun c : live(wave)) {
      broker.produce(c.cell(), c.cell().topic(), firstDelivery(c));
      create(c, c.cell().id(), c.cell().topic());
    }
    await(wave, c -> c.cell().id(), c -> c.cell().topic(), ConnectRuntime::firstDelivery);

    for (CellRun c : live(wave)) {
      switch (c.cell().lifecycle()) {
        case RESTART -> {
          rest.restart(c.cell().id());
          broker.produce(c.cell(), c.cell().topic(), c.input().part2());
        }
        case NEW_FIELD -> broker.produce(c.cell(), c.cell().topic(), c.input().part2());
        case REPLAY -> {
          rest.delete(c.cell().id());
          create(c, c.cell().id() + "-replay", c.cell().topic());
        }
        case FIRST_RUN -> {}
      }
    }
    boolean restarts = live(wave).stream().anyMatch(c -> c.cell().lifecycle() == Lifecycle.RESTART);
    if (restarts && worker instanceof WorkerProcess process) {
      // While the restarted connectors load the second part: every connector of the wave loses
      // its worker at once, buffers and uncommitted offsets included.
      process.killAndRestart();
    }
    await(wave, ConnectRuntime::lastConnector, c -> c.cell().topic(), c -> c.input().main());
    checkDeadLetters(live(wave));
  }

  /**
   * redsink verify, once for the wave, given each cell's connector configuration as a user would
   * hand it over (its dead letter queue accounts for the refused records).
   */
  private void verify(List<CellRun> wave, int number) throws Exception {
    List<String> sources = new ArrayList<>();
    for (CellRun c : live(wave)) {
      Path file = c.dir().resolve("connector.json");
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("name", lastConnector(c));
      json.put("config", connectorConfig(c, c.cell().topic()));
      new ObjectMapper().writeValue(file.toFile(), json);
      sources.addAll(List.of("--connect-config", file.toString()));
    }
    Verification.run(
        live(wave),
        worker.getClass().getSimpleName() + "-wave" + number,
        sources,
        broker.bootstrapServers());
  }

  /** Each cell's dead letter queue holds its refused records, and no other record. */
  private void checkDeadLetters(List<CellRun> cells) {
    Map<String, List<String>> found =
        broker.deadLetters(cells.stream().map(c -> c.cell().deadLetterTopic()).toList());
    for (CellRun c : cells) {
      Set<String> expected = Expectation.deadLetters(c.cell(), c.input());
      Set<String> held = new TreeSet<>(found.get(c.cell().deadLetterTopic()));
      if (!held.equals(expected)) {
        c.fail(
            "the dead letter queue "
                + c.cell().deadLetterTopic()
                + " holds "
                + held
                + ", expected the refused records "
                + expected);
      }
    }
  }

  /** What the first connector of a cell is given: the first part, or everything. */
  private static List<Message> firstDelivery(CellRun c) {
    Lifecycle l = c.cell().lifecycle();
    return l == Lifecycle.RESTART || l == Lifecycle.NEW_FIELD
        ? c.input().part1()
        : c.input().main();
  }

  private static String lastConnector(CellRun c) {
    return c.cell().id() + (c.cell().lifecycle() == Lifecycle.REPLAY ? "-replay" : "");
  }

  private void create(CellRun c, String name, String topic) throws InterruptedException {
    try {
      rest.configure(name, connectorConfig(c, topic));
    } catch (IOException | RuntimeException e) {
      c.fail("Kafka Connect refused connector " + name + ": " + e.getMessage());
    }
  }

  /** The connector's configuration, as a user would POST it. */
  static Map<String, String> connectorConfig(CellRun c, String topic) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("connector.class", CONNECTOR_CLASS);
    props.put("tasks.max", "1");
    props.put("topics", topic);
    String bytes = "org.apache.kafka.connect.converters.ByteArrayConverter";
    String json = "org.apache.kafka.connect.json.JsonConverter";
    switch (c.cell().layout()) {
      case VARBYTE -> {
        props.put("key.converter", bytes);
        props.put("value.converter", bytes);
      }
      case TEXT, HEADERS -> {
        props.put("key.converter", bytes);
        props.put("value.converter", "org.apache.kafka.connect.storage.StringConverter");
      }
      case SUPER -> {
        props.put("key.converter", bytes);
        props.put("value.converter", json);
        props.put("value.converter.schemas.enable", "false");
      }
      case TYPED_JSON, TYPED_ENVELOPE -> {
        String schemas = Boolean.toString(c.cell().layout() == Layout.TYPED_ENVELOPE);
        props.put("key.converter", json);
        props.put("key.converter.schemas.enable", schemas);
        props.put("value.converter", json);
        props.put("value.converter.schemas.enable", schemas);
      }
    }
    props.put("flush.max.records", Integer.toString(InputGenerator.BATCH));
    props.put("flush.interval.ms", "500");
    props.put("errors.tolerance", "all");
    props.put("errors.deadletterqueue.topic.name", c.cell().deadLetterTopic());
    props.put("errors.deadletterqueue.topic.replication.factor", "1");
    props.put("errors.deadletterqueue.context.headers.enable", "true");
    props.putAll(CellConfig.connect(c.config()));
    return props;
  }

  /** Waits until each live cell's connector has committed its messages, or fails the cell. */
  private void await(
      List<CellRun> cells,
      Function<CellRun, String> connector,
      Function<CellRun, String> topic,
      Function<CellRun, List<Message>> messages)
      throws Exception {
    Map<CellRun, Map<Integer, Long>> pending = new HashMap<>();
    for (CellRun c : live(cells)) {
      pending.put(c, Broker.ends(c.cell(), messages.apply(c)));
    }
    long deadline = System.nanoTime() + PHASE.toNanos();
    while (!pending.isEmpty()) {
      for (CellRun c : new ArrayList<>(pending.keySet())) {
        String name = connector.apply(c);
        String failure = failure(name);
        if (failure != null) {
          c.fail(failure);
          pending.remove(c);
        } else if (committedInRedshift(name, topic.apply(c), pending.get(c))
            || broker.caughtUp("connect-" + name, topic.apply(c), pending.get(c))) {
          pending.remove(c);
        } else if (System.nanoTime() > deadline) {
          c.fail(
              "connector "
                  + name
                  + " did not commit offsets "
                  + pending.get(c)
                  + " within "
                  + PHASE
                  + "; committed "
                  + broker.committed("connect-" + name, topic.apply(c))
                  + "; status "
                  + status(name));
          pending.remove(c);
        }
      }
      Thread.sleep(250);
    }
  }

  /**
   * Whether the connector's task reports, on its MXBean, every offset up to {@code ends} committed
   * in Redshift. A replaying connector finds the ledger at the end when it opens its partitions and
   * has nothing to load, so Connect never commits offsets for its new consumer group: this is where
   * it shows that it resumed from the ledger.
   */
  private boolean committedInRedshift(String connector, String topic, Map<Integer, Long> ends)
      throws Exception {
    ObjectName name =
        new ObjectName(
            "dev.redsink:type=RedshiftSinkTask,connector="
                + ObjectName.quote(connector)
                + ",task=0");
    TabularData table;
    try {
      MBeanServerConnection server = worker.mbeans();
      if (!server.isRegistered(name)) {
        return false;
      }
      table = (TabularData) server.getAttribute(name, "LastCommittedOffsets");
    } catch (InstanceNotFoundException | IOException e) {
      return false; // the task stopped meanwhile, or the worker (restarting)
    }
    Map<String, Long> last = new HashMap<>();
    for (Object row : table.values()) {
      CompositeData entry = (CompositeData) row;
      last.put((String) entry.get("key"), (Long) entry.get("value"));
    }
    for (Map.Entry<Integer, Long> e : ends.entrySet()) {
      long lastOffset = last.getOrDefault(topic + "-" + e.getKey(), -1L);
      if (e.getValue() > 0 && lastOffset < e.getValue() - 1) {
        return false;
      }
    }
    return true;
  }

  /** The connector's or a task's failure trace, or null while it runs. */
  private String failure(String name) throws InterruptedException {
    Optional<ConnectRest.ConnectorStatus> status;
    try {
      status = rest.status(name);
    } catch (IOException e) {
      return null; // the worker is busy, or restarting
    }
    if (status.isEmpty()) {
      return null; // not created yet
    }
    if ("FAILED".equals(status.get().state())) {
      return "connector " + name + " FAILED: " + status.get().trace();
    }
    for (ConnectRest.TaskStatus task : status.get().tasks()) {
      if ("FAILED".equals(task.state())) {
        return "task " + name + "-" + task.id() + " FAILED: " + task.trace();
      }
    }
    return null;
  }

  private String status(String name) throws InterruptedException {
    try {
      return rest.status(name)
          .map(
              s ->
                  s.state()
                      + ", tasks "
                      + s.tasks().stream().map(t -> t.id() + ":" + t.state()).toList())
          .orElse("unknown (no such connector)");
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  private void deleteQuietly(String name) {
    try {
      rest.delete(name);
    } catch (IOException | RuntimeException e) {
      // the worker is gone; its connectors with it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static List<CellRun> live(List<CellRun> cells) {
    return cells.stream().filter(c -> !c.failed()).toList();
  }
}
