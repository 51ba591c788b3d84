package dev.redsink.cli.run;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.core.ErrantRecordSink;
import dev.redsink.core.RecordSource;
import dev.redsink.core.RedshiftSink;
import dev.redsink.core.SessionListener;
import dev.redsink.core.SessionSettings;
import dev.redsink.core.SinkSession;
import dev.redsink.core.record.Record;
import java.time.Clock;
import java.util.Optional;

/**
 * The sink session of a connector file's {@code redsink run} or {@code redsink load}: loads of
 * batch_length records or whatever waited poll_interval, on the caller's thread between its polls;
 * a record the engine cannot store fails the command, naming the record.
 */
public final class ConnectorSession {
  private ConnectorSession() {}

  public static SinkSession<Record> open(
      RedshiftSink sink, ConnectorFile connector, SessionListener listener) {
    return new SinkSession<>(
        sink,
        RecordSource.plain(),
        ErrantRecordSink.failing(),
        listener,
        new SessionSettings(
            connector.batchLength(),
            Long.MAX_VALUE,
            connector.pollInterval(),
            Clock.systemUTC(),
            Optional.empty()));
  }
}
