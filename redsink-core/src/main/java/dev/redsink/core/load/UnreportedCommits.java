package dev.redsink.core.load;

import dev.redsink.core.record.LoadResult.TableLoad;
import dev.redsink.core.record.TopicPartition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a write committed though it then failed (one of its tables failed after another committed,
 * or a COMMIT whose reply was lost landed before the load failed for good): no result reported it,
 * and the write's retry finds those records in the ledger. The next result reports them, so every
 * record this sink commits is counted once, as committed rather than skipped. Thread-safe.
 */
final class UnreportedCommits {

  /** Records per partition and table loads committed and not reported yet. */
  record Commits(Map<TopicPartition, Integer> records, List<TableLoad> loads) {

    static final Commits NONE = new Commits(Map.of(), List.of());
  }

  private final Map<TopicPartition, Integer> records = new HashMap<>();
  private final List<TableLoad> loads = new ArrayList<>();

  /** Keeps commits for the next result to report. */
  synchronized void keep(Map<TopicPartition, Integer> committed, List<TableLoad> committedLoads) {
    committed.forEach((tp, n) -> records.merge(tp, n, Integer::sum));
    loads.addAll(committedLoads);
  }

  /** The commits kept so far, which are no longer kept. */
  synchronized Commits take() {
    if (records.isEmpty() && loads.isEmpty()) {
      return Commits.NONE;
    }
    Commits taken = new Commits(Map.copyOf(records), List.copyOf(loads));
    records.clear();
    loads.clear();
    return taken;
  }
}
