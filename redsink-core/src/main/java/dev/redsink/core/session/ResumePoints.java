package dev.redsink.core.session;

import dev.redsink.core.error.LogBehindLedgerException;
import dev.redsink.core.record.TopicPartition;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where each partition resumed from the ledger, kept until its first record arrives: a first record
 * below it means the consumer's offset was out of range and reset, so the log now ends below the
 * ledger (a topic deleted and recreated).
 */
public final class ResumePoints {
  /** The ledger's next offset of each partition opened and not delivered from yet. */
  private final Map<TopicPartition, Long> resumedAt = new HashMap<>();

  /** Partitions the runtime sought one record before the ledger. */
  private final Set<TopicPartition> seekedOneBefore = new HashSet<>();

  /** The partition was opened at the ledger's {@code next} offset. */
  public void resumed(TopicPartition partition, long next) {
    resumedAt.put(partition, next);
  }

  /** The runtime seeks the partition one record before the ledger's offset. */
  public void seekedOneBefore(TopicPartition partition) {
    seekedOneBefore.add(partition);
  }

  /**
   * Checks the record delivered for a partition against where it resumed, the first time only.
   *
   * @throws LogBehindLedgerException when the first record is below the resume point
   */
  public void check(TopicPartition partition, long offset) {
    if (resumedAt.isEmpty()) {
      return;
    }
    Long resumed = resumedAt.remove(partition);
    if (resumed == null) {
      return;
    }
    long seeked = seekedOneBefore.remove(partition) ? 1 : 0;
    if (offset < resumed - seeked) {
      throw LogBehindLedgerException.restartedBelow(partition, resumed, offset);
    }
  }

  /** Forgets partitions revoked from the runtime. */
  public void forget(Collection<TopicPartition> partitions) {
    partitions.forEach(resumedAt::remove);
    seekedOneBefore.removeAll(partitions);
  }
}
