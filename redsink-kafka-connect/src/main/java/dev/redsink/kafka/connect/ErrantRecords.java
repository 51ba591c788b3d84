package dev.redsink.kafka.connect;

import dev.redsink.core.ErrantRecordSink;
import dev.redsink.core.error.BadRecordException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a record the engine cannot store goes: Connect's errant record reporter (dead letter queue,
 * error log) when {@code errors.tolerance=all}, otherwise a task failure naming the record. Reports
 * are awaited before any later load, so no offset past an errant record is committed before the
 * record is safely reported.
 */
final class ErrantRecords implements ErrantRecordSink<SinkRecord> {
  private static final Logger LOG = LoggerFactory.getLogger(ErrantRecords.class);

  private final ErrorTolerance tolerance;
  private final ErrantRecordReporter reporter;
  private final TaskMetrics metrics;
  private final List<Future<Void>> pending = new ArrayList<>();

  /**
   * @param reporter null when the connector has neither a dead letter queue nor error logging
   */
  ErrantRecords(ErrorTolerance tolerance, ErrantRecordReporter reporter, TaskMetrics metrics) {
    this.tolerance = tolerance;
    this.reporter = reporter;
    this.metrics = metrics;
  }

  /**
   * Reports the record, or fails.
   *
   * @throws ConnectException when errors.tolerance is none
   */
  @Override
  public void divert(SinkRecord record, BadRecordException reason) {
    String name = name(record);
    if (tolerance == ErrorTolerance.NONE) {
      throw new ConnectException(
          "Cannot load record "
              + name
              + ": "
              + reason.getMessage()
              + ". Set errors.tolerance=all and errors.deadletterqueue.topic.name to divert such"
              + " records instead of failing",
          reason);
    }
    if (reporter == null) {
      LOG.warn(
          "Skipping record {} (errors.tolerance=all, no dead letter queue configured): {}",
          name,
          reason.getMessage());
      metrics.errantSkipped();
      return;
    }
    LOG.debug("Reporting errant record {}: {}", name, reason.getMessage());
    pending.add(reporter.report(record, reason));
    metrics.sentToDeadLetterQueue();
  }

  /**
   * Waits until every report so far is durable.
   *
   * @throws ConnectException when a report failed
   */
  @Override
  public void awaitDiverted() {
    try {
      for (Future<Void> report : pending) {
        report.get();
      }
    } catch (ExecutionException e) {
      throw new ConnectException(
          "Cannot report an errant record to the dead letter queue: " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectException("Interrupted while reporting errant records", e);
    }
    pending.clear();
  }

  /** The task's errant record reporter; null when the connector has none or Connect is older. */
  static ErrantRecordReporter reporterOf(SinkTaskContext context) {
    try {
      return context.errantRecordReporter();
    } catch (NoSuchMethodError | NoClassDefFoundError e) {
      return null; // a worker older than Kafka 2.6
    }
  }

  static String name(SinkRecord record) {
    return record.originalTopic()
        + "-"
        + record.originalKafkaPartition()
        + "@"
        + record.originalKafkaOffset();
  }
}
