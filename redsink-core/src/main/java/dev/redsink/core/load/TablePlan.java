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
    Map<TopicPartition, Run> runs = new HashMap<>();
    Run run = null;
    for (Record r : records) {
      if (run == null || run.partition() != r.partition() || !run.topic().equals(r.topic())) {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        run = runs.computeIfAbsent(tp, k -> new Run(k, ledger.getOrDefault(k, Long.MIN_VALUE)));
      }
      if (r.offset() >= run.ledgerNext && run.isNew(r, pending)) {
        pending.add(r);
      }
    }
    Map<TopicPartition, Long> first = new HashMap<>();
    Map<TopicPartition, Long> next = new HashMap<>();
    runs.forEach(
        (tp, r) -> {
          if (r.next > Long.MIN_VALUE) {
            first.put(tp, r.first);
            next.put(tp, r.next);
          }
        });
    settled.forEach(
        (tp, offset) -> {
          if (offset > ledger.getOrDefault(tp, Long.MIN_VALUE)) {
            next.merge(tp, offset, Math::max);
          }
        });
    return new TablePlan(
        table, pending, first, next, records.size() - pending.size(), ParsedRows.NONE);
  }

  /**
   * One partition's records in a plan: those below the ledger are skipped, and a record taken twice
   * (a runtime's redelivery) is planned once. Offsets mostly rise within a partition, so a record
   * above every one planned is new without a set of offsets; the set is made only when one is not.
   */
  private static final class Run {
    private final TopicPartition tp;
    private final long ledgerNext;
    private long first = Long.MAX_VALUE;
    private long next = Long.MIN_VALUE;
    private Set<Long> planned;

    Run(TopicPartition tp, long ledgerNext) {
      this.tp = tp;
      this.ledgerNext = ledgerNext;
    }

    String topic() {
      return tp.topic();
    }

    int partition() {
      return tp.partition();
    }

    /** Whether {@code r} is not planned yet; if so it is, from now on. */
    boolean isNew(Record r, List<Record> pending) {
      long offset = r.offset();
      if (offset >= next) {
        if (planned != null) {
          planned.add(offset);
        }
      } else {
        if (planned == null) {
          planned = new HashSet<>();
          for (Record p : pending) {
            if (p.partition() == tp.partition() && p.topic().equals(tp.topic())) {
              planned.add(p.offset());
            }
          }
        }
        if (!planned.add(offset)) {
          return false;
        }
      }
      first = Math.min(first, offset);
      next = Math.max(next, offset + 1);
      return true;
    }
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

  /** The pending records per partition: what committing this plan commits. */
  Map<TopicPartition, Integer> pendingByPartition() {
    Map<TopicPartition, Integer> counts = new HashMap<>();
    TopicPartition tp = null;
    for (Record r : pending) {
      if (tp == null || tp.partition() != r.partition() || !tp.topic().equals(r.topic())) {
        tp = new TopicPartition(r.topic(), r.partition());
      }
      counts.merge(tp, 1, Integer::sum);
    }
    return counts;
  }

  /** True when both plans stage the same records (so staged files can be reused). */
  boolean sameRecords(TablePlan other) {
    return other != null
        && pending.size() == other.pending.size()
        && first.equals(other.first)
        && next.equals(other.next);
  }
}
