package dev.redsink.core.load;

import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.typed.ParsedRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The records of one table that the ledger does not cover yet (each offset once), and what the
 * ledger becomes when they commit.
 *
 * @param first the lowest pending offset per partition
 * @param next the ledger's next offset per partition after the load (highest pending + 1)
 * @param parsed the pending records' typed rows, where the schema check read them already
 */
record TablePlan(
    TargetTable table,
    List<Record> pending,
    Map<TopicPartition, Long> first,
    Map<TopicPartition, Long> next,
    int skipped,
    ParsedRows parsed) {

  static TablePlan of(TargetTable table, List<Record> records, Map<TopicPartition, Long> ledger) {
    return of(table, records, ledger, Map.of());
  }

  /**
   * The plan, also moving the ledger to {@code settled} offsets a runtime has dealt with otherwise
   * (records sent to its dead-letter queue, ignored tombstones) where they are ahead of it.
   */
  static TablePlan of(
      TargetTable table,
      List<Record> records,
      Map<TopicPartition, Long> ledger,
      Map<TopicPartition, Long> settled) {
    List<Record> pending = new ArrayList<>(records.size());
    Map<TopicPartition, Long> first = new HashMap<>();
    Map<TopicPartition, Long> next = new HashMap<>();
    Map<TopicPartition, Set<Long>> seen = new HashMap<>();
    TopicPartition last = null;
    for (Record r : records) {
      TopicPartition tp =
          last != null && last.partition() == r.partition() && last.topic().equals(r.topic())
              ? last
              : new TopicPartition(r.topic(), r.partition());
      last = tp;
      if (r.offset() < ledger.getOrDefault(tp, Long.MIN_VALUE)) {
        continue;
      }
      if (!seen.computeIfAbsent(tp, k -> new HashSet<>()).add(r.offset())) {
        continue;
      }
      pending.add(r);
      first.merge(tp, r.offset(), Math::min);
      next.merge(tp, r.offset() + 1, Math::max);
    }
    settled.forEach(
        (tp, offset) -> {
          if (offset > ledger.getOrDefault(tp, Long.MIN_VALUE)) {
            next.merge(tp, offset, Math::max);
          }
        });
    return new TablePlan(
        table, pending, first, next, records.size() - pending.size(), ParsedRows.NONE);
  }

  /** Nothing to load and nothing to move in the ledger. */
  boolean isEmpty() {
    return pending.isEmpty() && next.isEmpty();
  }

  /** True when a ledger read later covers some pending record: another writer loaded it. */
  boolean overlaps(Map<TopicPartition, Long> ledger) {
    for (Map.Entry<TopicPartition, Long> e : first.entrySet()) {
      Long committed = ledger.get(e.getKey());
      if (committed != null && committed > e.getValue()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The ledger rows this load moves, given the ledger as its transaction read it: only those it
   * moves forward. A partition with only settled offsets is not part of the overlap check, and
   * another writer may have passed them since the plan was made; only {@code redsink ledger reset}
   * moves a ledger back.
   */
  Map<TopicPartition, Long> advancing(Map<TopicPartition, Long> ledger) {
    Map<TopicPartition, Long> forward = new HashMap<>();
    next.forEach(
        (tp, offset) -> {
          if (offset > ledger.getOrDefault(tp, Long.MIN_VALUE)) {
            forward.put(tp, offset);
          }
        });
    return forward;
  }

  /** True when every pending record is covered by this ledger: the load has committed. */
  boolean coveredBy(Map<TopicPartition, Long> ledger) {
    for (Map.Entry<TopicPartition, Long> e : next.entrySet()) {
      Long committed = ledger.get(e.getKey());
      if (committed == null || committed < e.getValue()) {
        return false;
      }
    }
    return true;
  }

  /** True when both plans stage the same records (so staged files can be reused). */
  boolean sameRecords(TablePlan other) {
    return other != null
        && pending.size() == other.pending.size()
        && first.equals(other.first)
        && next.equals(other.next);
  }
}
