package dev.redsink.core.verify;

import java.util.List;
import java.util.Map;

/**
 * One partition of a table audited against its log.
 *
 * @param rows the table's rows of the offsets the audit could check (from the log's start up to the
 *     ledger's next offset)
 * @param settled records a load settles without a row: tombstones Kafka Connect skips, Debezium's
 *     heartbeats, deletes of keys
 * @param deadLettered records found on the dead letter queue
 * @param refused records a load refuses as bad that the dead letter queue does not hold
 * @param missing offsets whose record loads a row, covered by the ledger, with no row in the table
 * @param duplicated offsets with more than one row; each range's count is the rows too many
 * @param extra rows of offsets covered by the ledger whose record loads no row: a tombstone, a
 *     record on the dead letter queue, an offset the log does not have
 * @param changed offsets whose one row's payload differs from its record's value (payload layouts
 *     but SUPER)
 * @param unresolved ranges whose figures disagree with the log's, left as they are once the
 *     partition's narrowing used {@link AuditLimits#NARROWING_STATEMENTS} statements (each range's
 *     count is its offsets)
 * @param beyondLedger rows of offsets at or after the ledger's next offset: no load wrote them
 * @param unverifiable rows of offsets before the log's start: retention deleted their records
 * @param notYetLoaded records between the ledger's next offset and the log's end: lag, not an error
 * @param keys for upsert and cdc tables, the key of the offsets named in the findings
 * @param statements SQL statements the audit of this partition sent
 */
public record PartitionReport(
    String table,
    String topic,
    int partition,
    long logStart,
    long logEnd,
    long ledgerNext,
    long rows,
    long settled,
    long deadLettered,
    long refused,
    List<OffsetRange> missing,
    List<OffsetRange> duplicated,
    List<OffsetRange> extra,
    List<OffsetRange> changed,
    List<OffsetRange> unresolved,
    List<OffsetRange> beyondLedger,
    long unverifiable,
    long notYetLoaded,
    Map<Long, String> keys,
    int statements) {

  public PartitionReport {
    missing = List.copyOf(missing);
    duplicated = List.copyOf(duplicated);
    extra = List.copyOf(extra);
    changed = List.copyOf(changed);
    unresolved = List.copyOf(unresolved);
    beyondLedger = List.copyOf(beyondLedger);
    keys = Map.copyOf(keys);
  }

  /** True when every record the ledger covers is in the table once and nothing else is. */
  public boolean exact() {
    return missing.isEmpty()
        && duplicated.isEmpty()
        && extra.isEmpty()
        && changed.isEmpty()
        && unresolved.isEmpty()
        && beyondLedger.isEmpty();
  }
}
