package dev.redsink.kafka.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a record the engine cannot store goes: Connect's errant record reporter (dead letter queue,
 * error log) when {@code errors.tolerance=all}, otherwise a task failure naming the record. Reports
 * are awaited before any later load, so no offset past an errant record is committed before the
 * record is safely reported.
 */
final class ErrantRecords {
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
  void divert(SinkRecord record, Exception reason) {
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
  void awaitReported() {
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

  static String name(SinkRecord record) {
    return record.originalTopic()
        + "-"
        + record.originalKafkaPartition()
        + "@"
        + record.originalKafkaOffset();
  }
}
