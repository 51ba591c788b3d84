package dev.redsink.cli.run;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.core.ErrantRecordSink;
import dev.redsink.core.RecordSource;
import dev.redsink.core.RedshiftSink;
import dev.redsink.core.SessionListener;
import dev.redsink.core.SessionSettings;
import dev.redsink.core.SinkSession;
import dev.redsink.core.record.Record;
import java.util.concurrent.CountDownLatch;

/**
 * The sink session of a connector file's {@code redsink run} or {@code redsink load}: loads run on
 * a thread of their own beside reading, started by the flush limits of the file's plugin
 * configuration (flush_max_records, flush_max_bytes, flush_interval) or when the reader has caught
 * up; a record the engine cannot store fails the command, naming the record.
 */
public final class ConnectorSession {
  private ConnectorSession() {}

  public static SinkSession<Record> open(
      RedshiftSink sink, ConnectorFile connector, LoadStats stats) {
    return open(sink, connector, stats, new SessionListener() {});
  }

  /**
   * As {@link #open(RedshiftSink, ConnectorFile, LoadStats)}, telling {@code first} each event
   * first.
   */
  public static SinkSession<Record> open(
      RedshiftSink sink, ConnectorFile connector, LoadStats stats, SessionListener first) {
    ErrantRecordSink<Record> failing = ErrantRecordSink.failing();
    return new SinkSession<>(
        sink,
        RecordSource.plain(),
        (record, reason) -> {
          stats.figures().badRecord();
          failing.divert(record, reason);
        },
        first.andThen(stats),
        SessionSettings.of(connector.pluginConfig()).onThread("redsink-load-" + connector.key()));
  }

  /**
   * Ends the session's load thread once a load still running on it has committed or rolled back
   * (and deleted its staged files), and waits for that: call before closing the engine.
   */
  public static void end(SinkSession<?> session) {
    CountDownLatch ended = new CountDownLatch(1);
    session.stop(ended::countDown);
    try {
      ended.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
