package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.ledger.LedgerReport;
import dev.redsink.cli.ledger.LogOffsets;
import dev.redsink.core.Ledgers;
import dev.redsink.core.record.LedgerEntry;
import dev.redsink.core.record.TopicPartition;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code redsink ledger show}: every ledger row of a connector, with lag when brokers are known.
 */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    description =
        "Prints the next offset to load per table, topic and partition, and when it last moved;"
            + " with brokers, each log's end offset and the lag.",
    footerHeading = "%nExample:%n",
    footer = "  redsink ledger show orders.toml --bootstrap-servers localhost:9092")
final class LedgerShowCommand implements Callable<Integer> {

  @Spec private CommandSpec spec;

  @Mixin private ConnectorAndBrokers options;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    ConnectorFile connector = options.connector();
    List<LedgerEntry> entries;
    try (Ledgers ledgers = Ledgers.open(connector.pluginConfig())) {
      entries = ledgers.entries().stream().filter(e -> connector.matches(e.topic())).toList();
    }
    if (entries.isEmpty()) {
      out.println(
          "Connector '" + connector.key() + "' has no ledger rows: nothing was loaded yet.");
      return ExitCodes.OK;
    }
    Optional<Properties> kafka = options.kafka(connector);
    Optional<Map<TopicPartition, Long>> ends = Optional.empty();
    if (kafka.isPresent()) {
      try (LogOffsets logs = LogOffsets.connect(kafka.get())) {
        ends = Optional.of(logs.ends(entries.stream().map(LedgerEntry::topicPartition).toList()));
      }
    }
    new LedgerReport(out).print(connector.source().toString(), entries, ends);
    if (ends.isEmpty()) {
      out.println(
          "Give --bootstrap-servers (or set "
              + RunCommand.BOOTSTRAP_ENV
              + ") to see each log's end offset and the lag.");
    }
    return ExitCodes.OK;
  }
}
