package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.cli.run.BatchWriter;
import dev.redsink.cli.run.LineRecords;
import dev.redsink.cli.run.LoadStats;
import dev.redsink.cli.run.ProgressBar;
import dev.redsink.core.Record;
import dev.redsink.core.RedshiftSink;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code redsink load}: a one-shot backfill of newline-delimited records from a file or stdin, with
 * the same exactly-once ledger (offsets are line numbers, so loading the same file twice loads
 * nothing the second time).
 */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description = {
      "Loads newline-delimited records from FILE (or stdin with - or no FILE) as partition 0 of"
          + " --topic, using the connector file's plugin_config.",
      "The record at offset n is line n+1: re-running the same input loads nothing twice."
    })
final class LoadCommand implements Callable<Integer> {

  @ParentCommand private Redsink parent;

  @Spec private CommandSpec spec;

  @Parameters(index = "0", paramLabel = "CONNECTOR.toml", description = "Connector file.")
  private Path file;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "FILE",
      description = "Newline-delimited records; - or none for stdin.")
  private String input;

  @Option(names = "--topic", required = true, description = "Topic name the records belong to.")
  private String topic;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    ConnectorFile connector = new ConnectorFileReader(EnvOverrides.system()).read(file);
    connector.notes().forEach(n -> out.println("Note: " + file + ": " + n));
    if (!connector.enabled()) {
      out.println(
          "Note: "
              + file
              + ": connector '"
              + connector.key()
              + "' has enabled = false; loading anyway");
    }
    if (!connector.matches(topic)) {
      out.println(
          "Note: topic '" + topic + "' matches none of the connector's [[topics]] patterns");
    }
    LoadStats stats = new LoadStats(connector.key());
    try (RedshiftSink sink = RedshiftSink.open(connector.pluginConfig());
        BufferedReader reader = reader()) {
      long next = sink.nextOffset(topic, 0).orElse(0);
      LineRecords lines = new LineRecords(reader, topic);
      long already = lines.skipTo(next);
      if (already > 0) {
        out.printf(
            Locale.ROOT, "Skipping %,d lines the ledger says are loaded already.%n", already);
      }
      BatchWriter writer = new BatchWriter(sink, stats, parent.stop()::isRequested);
      ProgressBar bar = new ProgressBar(out, List.of(stats), 0);
      List<Record> batch;
      while (!parent.stop().isRequested()
          && !(batch = lines.next(connector.batchLength())).isEmpty()) {
        writer.write(batch);
        bar.draw();
      }
      bar.finish();
      out.printf(
          Locale.ROOT,
          "Loaded %,d records into %s in %,d loads (%,d lines were loaded before).%n",
          stats.loaded(),
          connector.pluginConfig().get("target_table"),
          stats.loads(),
          already + stats.skipped());
    }
    return ExitCodes.OK;
  }

  private BufferedReader reader() throws java.io.IOException {
    if (input == null || input.equals("-")) {
      return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    }
    return Files.newBufferedReader(Path.of(input), StandardCharsets.UTF_8);
  }
}
