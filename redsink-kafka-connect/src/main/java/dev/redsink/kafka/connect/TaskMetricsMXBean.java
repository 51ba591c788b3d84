package dev.redsink.kafka.connect;

import java.util.Map;

/**
 * A task's counters over JMX, under {@code dev.redsink:type=RedshiftSinkTask,connector=…,task=…}.
 */
public interface TaskMetricsMXBean {
  /** Records Connect handed to the task (redeliveries not counted again). */
  long getRecordsReceived();

  /** Records committed to Redshift, each once (rows per table: {@link #getRowsLoadedByTable}). */
  long getRecordsLoaded();

  /** Records skipped because the ledger already covered them. */
  long getRecordsSkippedAlreadyLoaded();

  /** Errant records handed to Connect's reporter (dead letter queue or error log). */
  long getRecordsSentToDeadLetterQueue();

  /** Errant records skipped with a warning (errors.tolerance=all, no reporter configured). */
  long getRecordsErrantSkipped();

  /** Records with a null value ignored (behavior.on.null.values=ignore). */
  long getNullValuesIgnored();

  /** Successful loads (one per flush). */
  long getLoads();

  /** Loads that failed (each attempt the task saw fail). */
  long getLoadFailures();

  long getEncodeTimeMs();

  long getUploadTimeMs();

  long getCopyTimeMs();

  long getInsertTimeMs();

  long getCommitTimeMs();

  /** Parquet bytes staged in S3. */
  long getBytesStaged();

  /** Parquet files staged in S3. */
  long getFilesStaged();

  /** Records waiting in the buffer now. */
  long getBufferedRecords();

  /** Key and value bytes waiting in the buffer now. */
  long getBufferedBytes();

  /** The offset of the last record committed in Redshift, per topic-partition. */
  Map<String, Long> getLastCommittedOffsets();

  /** Rows loaded per target table (schema-qualified when target.schema is set). */
  Map<String, Long> getRowsLoadedByTable();

  /** Key, value and header bytes of the records loaded, per table. */
  Map<String, Long> getLoadedBytesByTable();

  /** Committed loads per table. */
  Map<String, Long> getLoadsByTable();

  /** When each table's last load committed, in milliseconds since the epoch. */
  Map<String, Long> getLastLoadTimeMsByTable();

  /** Median load duration per table (encode to commit), estimated from a histogram. */
  Map<String, Long> getLoadDurationMsP50ByTable();

  /** 99th percentile load duration per table, estimated from a histogram. */
  Map<String, Long> getLoadDurationMsP99ByTable();

  /** Median freshness per table (record timestamp to commit), estimated from a histogram. */
  Map<String, Long> getFreshnessMsP50ByTable();

  /** 99th percentile freshness per table, estimated from a histogram. */
  Map<String, Long> getFreshnessMsP99ByTable();

  /** Records loaded per topic-partition this task owns. */
  Map<String, Long> getRecordsLoadedByPartition();
}
