package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.ledger.LogOffsets;
import dev.redsink.cli.ledger.ResetOffsets;
import dev.redsink.core.Ledgers;
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
    description =
        "Sets where a topic's partitions resume, in one transaction, printing before and after;"
            + " rows already loaded stay. Stop the connector first.",
    footerHeading = "%nExample:%n",
    footer =
        "  redsink ledger reset orders.toml --topic orders.eu --to-earliest"
            + " --bootstrap-servers kafka:9092")
final class LedgerResetCommand implements Callable<Integer> {

  @Spec private CommandSpec spec;

  @Mixin private ConnectorAndBrokers options;

  @Option(
      names = "--topic",
      required = true,
      paramLabel = "TOPIC",
      description = "The topic whose partitions to reset.")
  private String topic;

  @Option(
      names = "--partition",
      paramLabel = "P",
      description =
          "A partition to reset; repeatable. With brokers, each must be one of the topic's."
              + " Default: every partition of the topic (from the brokers when known, else those"
              + " with ledger rows).")
  private List<Integer> partitions = List.of();

  @ArgGroup(multiplicity = "1")
  private Target target;

  @Option(
      names = "--wait",
      description =
          "Wait for a load holding the ledger's lock to commit. Default: refuse while one does.")
  private boolean await;

  /** Where to: an offset, or the earliest the log holds. */
  static final class Target {
    @Option(
        names = "--to-offset",
        paramLabel = "N",
        description =
            "Resume at offset N. With brokers, N must lie within each partition's log, from its"
                + " earliest record to its end.")
    Long offset;

    @Option(
        names = "--to-earliest",
        description =
            "Resume at each partition's earliest record still in its log, as the brokers report"
                + " it; needs the brokers.")
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
    if (kafka.isEmpty() && target.earliest) {
      refuseEarliestWithoutBrokers();
    }
    try (Ledgers ledgers = Ledgers.open(connector.pluginConfig())) {
      Map<Integer, Long> offsets = offsets(ledgers, kafka);
      Ledgers.Change change = ledgers.reset(topic, offsets, ifLocked());
      print(out, change, offsets);
    }
    return ExitCodes.OK;
  }

  private void refuseEarliestWithoutBrokers() {
    // Offset 0 is the earliest only while retention has deleted nothing: a runtime refuses to
    // resume below the log's start, so a guess would stop it instead of resuming.
    throw new ParameterException(
        spec.commandLine(),
        "Cannot reset topic '"
            + topic
            + "' to the earliest offset: the brokers are not known, and a log's earliest"
            + " offset is above 0 once retention deleted its first records. Give the brokers"
            + " with --bootstrap-servers HOST:PORT, $"
            + RunCommand.BOOTSTRAP_ENV
            + " or bootstrap.servers in the connector file's [kafka] table, or a known offset"
            + " with --to-offset N");
  }

  private Ledgers.IfLocked ifLocked() {
    return await ? Ledgers.IfLocked.WAIT : Ledgers.IfLocked.REFUSE;
  }

  private Map<Integer, Long> offsets(Ledgers ledgers, Optional<Properties> kafka) {
    if (kafka.isPresent()) {
      try (LogOffsets logs = LogOffsets.connect(kafka.get())) {
        // Checked against the logs before anything is written: a partition the topic lacks or
        // an offset outside its log would stop the next run instead of resuming it.
        List<Integer> chosen = ResetOffsets.partitions(topic, logs.partitions(topic), partitions);
        Map<Integer, ResetOffsets.LogRange> ranges = logs.ranges(topic, chosen);
        return target.earliest
            ? ResetOffsets.earliest(ranges)
            : ResetOffsets.at(topic, target.offset, ranges);
      }
    }
    Map<Integer, Long> offsets = new TreeMap<>();
    List<Integer> chosen =
        partitions.isEmpty() ? ledgers.partitions(topic, ifLocked()) : partitions;
    chosen.forEach(p -> offsets.put(p, target.offset));
    if (offsets.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(),
          "Cannot reset topic '"
              + topic
              + "': it has no ledger rows; name the partitions with --partition");
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
