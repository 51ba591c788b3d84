package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.ledger.LogOffsets;
import dev.redsink.core.Ledgers;
import dev.redsink.core.record.TopicPartition;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code redsink ledger reset}: sets where a topic's partitions resume, in one transaction, and
 * prints the ledger rows before and after.
 */
@Command(
    name = "reset",
    mixinStandardHelpOptions = true,
    description = {
      "Sets the next offset to load of a topic's partitions (all of them, or those given) in one"
          + " transaction, and prints the ledger rows before and after. Stop the connector first:"
          + " while a load of the table holds the ledger's lock the reset is refused, unless"
          + " --wait is given; a connector still running would move the ledger on again.",
      "Rows already in the table stay; delete them yourself if the records are to be loaded"
          + " again."
    })
final class LedgerResetCommand implements Callable<Integer> {

  @Spec private CommandSpec spec;

  @Mixin private ConnectorAndBrokers options;

  @Option(names = "--topic", required = true, description = "The topic whose offsets to reset.")
  private String topic;

  @Option(
      names = "--partition",
      paramLabel = "P",
      description =
          "A partition to reset; repeatable. Default: every partition of the topic (from the"
              + " brokers when known, else those with ledger rows).")
  private List<Integer> partitions = List.of();

  @ArgGroup(multiplicity = "1")
  private Target target;

  @Option(
      names = "--wait",
      description = "Wait for a load holding the ledger's lock to commit instead of refusing.")
  private boolean await;

  /** Where to: an offset, or the earliest the log holds. */
  static final class Target {
    @Option(names = "--to-offset", paramLabel = "N", description = "Resume at offset N.")
    Long offset;

    @Option(
        names = "--to-earliest",
        description =
            "Resume at the log's earliest record (offset 0 without brokers: the consumer then"
                + " starts at the earliest record it still has).")
    boolean earliest;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    ConnectorFile connector = options.connector();
    if (!connector.matches(topic)) {
      out.println(
          "Note: topic '" + topic + "' matches none of the connector's [[topics]] patterns");
    }
    if (target.offset != null && target.offset < 0) {
      throw new ParameterException(spec.commandLine(), "--to-offset must be 0 or more");
    }
    Optional<Properties> kafka = options.kafka(connector);
    try (Ledgers ledgers = Ledgers.open(connector.pluginConfig())) {
      Map<Integer, Long> offsets = offsets(ledgers, kafka);
      Ledgers.Change change = ledgers.reset(topic, offsets, ifLocked());
      print(out, change, offsets);
    }
    return ExitCodes.OK;
  }

  private Ledgers.IfLocked ifLocked() {
    return await ? Ledgers.IfLocked.WAIT : Ledgers.IfLocked.REFUSE;
  }

  private Map<Integer, Long> offsets(Ledgers ledgers, Optional<Properties> kafka) {
    Map<Integer, Long> offsets = new TreeMap<>();
    if (kafka.isPresent()) {
      try (LogOffsets logs = LogOffsets.connect(kafka.get())) {
        List<Integer> chosen = partitions.isEmpty() ? logs.partitions(topic) : partitions;
        Map<TopicPartition, Long> earliest =
            target.earliest
                ? logs.beginnings(chosen.stream().map(p -> new TopicPartition(topic, p)).toList())
                : Map.of();
        for (int p : chosen) {
          offsets.put(
              p, target.earliest ? earliest.get(new TopicPartition(topic, p)) : target.offset);
        }
      }
    } else {
      List<Integer> chosen =
          partitions.isEmpty() ? ledgers.partitions(topic, ifLocked()) : partitions;
      chosen.forEach(p -> offsets.put(p, target.earliest ? 0L : target.offset));
    }
    if (offsets.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(),
          "Cannot reset topic '"
              + topic
              + "': it has no ledger rows"
              + (kafka.isPresent() ? " and the brokers do not know it" : "")
              + "; name the partitions with --partition");
    }
    return offsets;
  }

  private void print(PrintWriter out, Ledgers.Change change, Map<Integer, Long> offsets) {
    String table = change.table();
    out.println("Reset the ledger of table " + table + " for topic " + topic + ":");
    Map<Integer, Long> before = new TreeMap<>();
    change.before().forEach(e -> before.put(e.partition(), e.nextOffset()));
    Map<Integer, Long> after = new TreeMap<>();
    change.after().forEach(e -> after.put(e.partition(), e.nextOffset()));
    for (int p : offsets.keySet()) {
      Long was = before.get(p);
      out.printf(
          "  partition %d: next offset %s -> %d%n",
          p, was == null ? "none" : was.toString(), after.get(p));
    }
    out.println(
        "Rows already in "
            + table
            + " stay. Start the connector again to load from the new offsets.");
    out.flush();
  }
}
