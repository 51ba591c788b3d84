package dev.redsink.core;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Records a write may still refuse, kept as the runtime delivered them until their load commits, so
 * a refused one reaches the runtime's errant path exactly as it came. Only for sources that cannot
 * restore a record exactly from what the engine loads.
 */
final class RefusableRecords<R> {
  private final RecordSource<R> source;
  private final ErrantRecordSink<R> errant;

  /** The records as taken, by id. */
  private final Map<String, R> originals = new HashMap<>();

  RefusableRecords(RecordSource<R> source, ErrantRecordSink<R> errant) {
    this.source = source;
    this.errant = errant;
  }

  /** Keeps {@code delivered}, converted as {@code converted}, while a write may refuse it. */
  void keep(Record converted, R delivered) {
    if (!source.restoresExactly()) {
      originals.put(converted.id(), delivered);
    }
  }

  /** The records' load committed: none of them can be refused any more. */
  void loaded(List<Record> records) {
    if (!originals.isEmpty()) {
      records.forEach(r -> originals.remove(r.id()));
    }
  }

  /**
   * Diverts the record a write refused, as delivered, and waits until it is reported.
   *
   * @throws RuntimeException when the errant path refuses it
   */
  void divert(Record refused, BadRecordException reason) {
    R original = originals.remove(refused.id());
    errant.divert(original != null ? original : source.restore(refused), reason);
    errant.awaitDiverted();
  }

  /** Forgets the records of partitions revoked from the runtime. */
  void forget(Collection<TopicPartition> partitions) {
    originals.values().removeIf(r -> partitions.contains(source.partition(r)));
  }
}
