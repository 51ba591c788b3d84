package dev.redsink.cli;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.ConnectorFileReader;
import dev.redsink.cli.connector.EnvOverrides;
import dev.redsink.cli.run.ConnectorSession;
import dev.redsink.cli.run.LineRecords;
import dev.redsink.cli.run.LoadStats;
import dev.redsink.cli.run.ProgressBar;
import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.core.SessionSettings;
import dev.redsink.core.SinkSession;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
    description =
        "Loads newline-delimited records as partition 0 of a topic: line n+1 is offset n, so"
            + " loading the same input again loads nothing twice.",
    footerHeading = "%nExample:%n",
    footer = "  redsink load orders.toml --topic orders.eu backfill.ndjson")
final class LoadCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(LoadCommand.class);

  @ParentCommand private Redsink parent;

  @Spec private CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "CONNECTOR.toml",
      description = "Connector file; its plugin_config says where and how to load.")
  private Path file;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "FILE",
      defaultValue = "-",
      description = "Newline-delimited records; - for standard input. Default: ${DEFAULT-VALUE}.")
  private String input;

  @Option(
      names = "--topic",
      required = true,
      paramLabel = "TOPIC",
      description = "The topic the records belong to: it names the table and the ledger rows.")
  private String topic;

  @Option(
      names = "--replace",
      description =
          "Make the table exactly this input, atomically, in one transaction at the end; a"
              + " failure or Ctrl-C before then leaves the table as it was. Default: append.")
  private boolean replace;

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
    requireReadableInput();
    if (replace) {
      return replace(connector, new LoadStats(connector.key()), out);
    }
    try (RedshiftSink sink = RedshiftSink.open(connector.pluginConfig());
        InputStream reader = reader()) {
      LoadStats stats = new LoadStats(connector.key(), sink::tableOf);
      SinkSession<Record> session = ConnectorSession.open(sink, connector, stats);
      try {
        TopicPartition partition = new TopicPartition(topic, 0);
        long next = session.open(List.of(partition)).getOrDefault(partition, 0L);
        LineRecords lines =
            LineRecords.ofConnector(
                reader, topic, SessionSettings.of(connector.pluginConfig()).maxBytes());
        long already = lines.skipTo(next);
        if (already > 0) {
          out.printf(
              Locale.ROOT, "Skipping %,d lines the ledger says are loaded already.%n", already);
        }
        ProgressBar bar = new ProgressBar(out, List.of(stats), 0);
        BooleanSupplier stopped = parent.stop()::isRequested;
        List<Record> batch;
        boolean loading = true;
        while (loading
            && !stopped.getAsBoolean()
            && !(batch = lines.next(connector.batchLength())).isEmpty()) {
          loading = session.putRetrying(batch, stopped);
          bar.draw();
        }
        if (loading) {
          session.flushRetrying(stopped);
        }
        bar.finish();
        out.printf(
            Locale.ROOT,
            "Loaded %,d records into %s in %,d load%s (%,d lines were loaded before).%n",
            stats.records(),
            sink.tableOf(topic),
            stats.loads(),
            stats.loads() == 1 ? "" : "s",
            already + stats.skipped());
      } finally {
        // A load may still run beside reading when a failure or Ctrl-C ends the loop.
        ConnectorSession.end(session);
      }
    }
    return ExitCodes.OK;
  }

  /** Loads every line into a run table, then swaps it in; prints rows before and after. */
  private int replace(ConnectorFile connector, LoadStats stats, PrintWriter out)
      throws java.io.IOException {
    try (RedshiftSink sink = RedshiftSink.open(connector.pluginConfig());
        ReplaceRun run = sink.replace(topic);
        InputStream reader = reader()) {
      out.println("Loading into run table " + run.runTable() + " …");
      // One write per flush limit's worth of lines: a replace has no reader to keep up with.
      SessionSettings limits = SessionSettings.of(connector.pluginConfig());
      LineRecords lines = LineRecords.ofConnector(reader, topic, limits.maxBytes());
      ProgressBar bar = new ProgressBar(out, List.of(stats), 0);
      List<Record> batch;
      while (!(batch = lines.next(limits.maxRecords(), limits.maxBytes())).isEmpty()) {
        if (parent.stop().isRequested()) {
          bar.finish();
          out.println("Stopped: the replace was abandoned and the table is unchanged.");
          return ExitCodes.OK;
        }
        LoadResult result = writeRetrying(sink, run, batch);
        if (result == null) {
          bar.finish();
          out.println("Stopped: the replace was abandoned and the table is unchanged.");
          return ExitCodes.OK;
        }
        stats.loaded(result);
        bar.draw();
      }
      bar.finish();
      ReplaceRun.Summary summary = run.commit();
      out.printf(
          Locale.ROOT,
          "Replaced the contents of %s: %,d rows before, %,d rows after, in %.1f s.%n",
          run.table(),
          summary.rowsBefore(),
          summary.rowsAfter(),
          summary.elapsed().toMillis() / 1000.0);
    }
    return ExitCodes.OK;
  }

  /**
   * Writes one batch into the run, loading it again after a transient failure (the run's ledger
   * skips what committed) as every runtime does: after retry_delay × failures, until it loads,
   * retry_timeout passes or Ctrl-C.
   *
   * @return null when stopped first
   */
  private LoadResult writeRetrying(RedshiftSink sink, ReplaceRun run, List<Record> batch) {
    long started = System.nanoTime();
    for (int failures = 1; ; failures++) {
      try {
        return run.write(batch);
      } catch (RedsinkException e) {
        Duration timeout = sink.retryTimeout();
        boolean timedOut =
            !timeout.isZero()
                && Duration.ofNanos(System.nanoTime() - started).compareTo(timeout) > 0;
        if (!e.isTransient() || timedOut) {
          throw e;
        }
        Duration delay = sink.retryDelay(failures);
        LOG.warn(
            "Cannot load a batch into {} yet, retrying in {} ms: {}",
            run.runTable(),
            delay.toMillis(),
            e.getMessage());
        if (stoppedWithin(delay)) {
          return null;
        }
      }
    }
  }

  /** Waits {@code delay} unless a stop comes first: true when it did. */
  private boolean stoppedWithin(Duration delay) {
    try {
      return parent.stop().await(delay);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  /** Refuses an input file that cannot be read before anything connects to Redshift. */
  private void requireReadableInput() {
    if (input == null || input.equals("-")) {
      return;
    }
    Path path = Path.of(input);
    String problem =
        !Files.exists(path)
            ? "no such file"
            : Files.isDirectory(path)
                ? "it is a directory"
                : !Files.isReadable(path) ? "permission denied" : null;
    if (problem != null) {
      throw new IllegalArgumentException(
          "Cannot read the records to load from "
              + input
              + ": "
              + problem
              + "; give a file of newline-delimited records, or - (or nothing) to read standard"
              + " input");
    }
  }

  private InputStream reader() throws java.io.IOException {
    if (input == null || input.equals("-")) {
      return System.in;
    }
    return Files.newInputStream(Path.of(input));
  }
}
