package dev.redsink.acceptance;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Runs cells through Kafka Connect: a worker whose plugin.path holds the plugin unzipped from the
 * built archive (nothing of Redsink is on the worker's class path), one connector per cell created
 * through the REST API, a wave of cells at a time. A cell is caught up when its connector's
 * consumer group has committed every offset produced: the connector commits only what Redshift
 * holds.
 */
final class ConnectRuntime {
  static final String CONNECTOR_CLASS = "dev.redsink.kafka.connect.RedshiftSinkConnector";

  private static final int WAVE = 24;
  private static final Duration PHASE = Duration.ofMinutes(3);

  private final EmbeddedConnectCluster connect;
  private final Broker broker;

  ConnectRuntime(EmbeddedConnectCluster connect, Broker broker) {
    this.connect = connect;
    this.broker = broker;
  }

  /** Takes every cell through its lifecycle, a wave at a time; finishes each cell. */
  void run(List<CellRun> cells) {
    for (int from = 0; from < cells.size(); from += WAVE) {
      List<CellRun> wave = cells.subList(from, Math.min(cells.size(), from + WAVE));
      try {
        wave(wave);
      } catch (Exception e) {
        wave.forEach(c -> c.fail("the Connect wave failed", e));
      } finally {
        for (CellRun c : wave) {
          for (String suffix : new String[] {"", "-seed", "-replay"}) {
            deleteQuietly(c.cell().id() + suffix);
          }
          c.finish();
        }
      }
    }
  }

  private void wave(List<CellRun> wave) throws Exception {
    for (CellRun c : wave) {
      broker.createTopic(c.cell().topic(), c.cell().partitions());
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
          connect.restartConnectorAndTasks(c.cell().id(), false, true, false);
          broker.produce(c.cell(), c.cell().topic(), c.input().part2());
        }
        case NEW_FIELD -> broker.produce(c.cell(), c.cell().topic(), c.input().part2());
        case REPLAY -> {
          connect.deleteConnector(c.cell().id());
          create(c, c.cell().id() + "-replay", c.cell().topic());
        }
        case FIRST_RUN -> {}
      }
    }
    await(wave, ConnectRuntime::lastConnector, c -> c.cell().topic(), c -> c.input().main());
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

  private void create(CellRun c, String name, String topic) {
    try {
      connect.configureConnector(name, connectorConfig(c, topic));
    } catch (RuntimeException e) {
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
  private static boolean committedInRedshift(
      String connector, String topic, Map<Integer, Long> ends) throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    ObjectName name =
        new ObjectName(
            "dev.redsink:type=RedshiftSinkTask,connector="
                + ObjectName.quote(connector)
                + ",task=0");
    if (!server.isRegistered(name)) {
      return false;
    }
    Map<String, Long> last = new HashMap<>();
    TabularData table;
    try {
      table = (TabularData) server.getAttribute(name, "LastCommittedOffsets");
    } catch (InstanceNotFoundException e) {
      return false; // the task stopped meanwhile
    }
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
  private String failure(String name) {
    ConnectorStateInfo info;
    try {
      info = connect.connectorStatus(name);
    } catch (RuntimeException e) {
      return null; // not created yet, or the worker is busy
    }
    if ("FAILED".equals(info.connector().state())) {
      return "connector " + name + " FAILED: " + info.connector().trace();
    }
    for (ConnectorStateInfo.TaskState task : info.tasks()) {
      if ("FAILED".equals(task.state())) {
        return "task " + name + "-" + task.id() + " FAILED: " + task.trace();
      }
    }
    return null;
  }

  private String status(String name) {
    try {
      ConnectorStateInfo info = connect.connectorStatus(name);
      return info.connector().state()
          + ", tasks "
          + info.tasks().stream().map(t -> t.id() + ":" + t.state()).toList();
    } catch (RuntimeException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  private void deleteQuietly(String name) {
    try {
      if (connect.connectors().contains(name)) {
        connect.deleteConnector(name);
      }
    } catch (RuntimeException e) {
      // already gone
    }
  }

  private static List<CellRun> live(List<CellRun> cells) {
    return cells.stream().filter(c -> !c.failed()).toList();
  }
}
