package dev.redsink.emulator.cost;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the cost profile did: the delays it added by kind, and the order in which commits went
 * through the commit queue with how many were ahead of each. Benchmarks and tests read these counts
 * instead of measuring time.
 */
public final class CostCounters {

  /** Commits remembered in {@link Snapshot#commitQueue()}, the most recent last. */
  static final int REMEMBERED_COMMITS = 10_000;

  /** One commit's turn in the queue: its order, its session, and the commits ahead of it. */
  public record QueuedCommit(long order, int session, int ahead) {}

  /** The counters at one moment. */
  public record Snapshot(
      long statementDelays,
      long commitDelays,
      long copyDelays,
      long bytesCharged,
      Duration delayed,
      int longestQueue,
      List<QueuedCommit> commitQueue) {}

  private final AtomicLong statements = new AtomicLong();
  private final AtomicLong commits = new AtomicLong();
  private final AtomicLong copies = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong delayedNanos = new AtomicLong();
  private int longestQueue;
  private long order;
  private final Deque<QueuedCommit> queue = new ArrayDeque<>();

  void statement(Duration delay) {
    statements.incrementAndGet();
    delayedNanos.addAndGet(delay.toNanos());
  }

  void copy(long byteCount, Duration delay) {
    copies.incrementAndGet();
    bytes.addAndGet(byteCount);
    delayedNanos.addAndGet(delay.toNanos());
  }

  /** A commit's turn began, {@code ahead} commits having waited in the queue before it. */
  synchronized void commit(int session, int ahead, Duration delay) {
    commits.incrementAndGet();
    delayedNanos.addAndGet(delay.toNanos());
    longestQueue = Math.max(longestQueue, ahead);
    queue.addLast(new QueuedCommit(++order, session, ahead));
    if (queue.size() > REMEMBERED_COMMITS) {
      queue.removeFirst();
    }
  }

  public synchronized Snapshot snapshot() {
    return new Snapshot(
        statements.get(),
        commits.get(),
        copies.get(),
        bytes.get(),
        Duration.ofNanos(delayedNanos.get()),
        longestQueue,
        List.copyOf(queue));
  }

  /** Forgets everything, as {@code EmulatorStatistics.reset()} does for the other counts. */
  public synchronized void reset() {
    statements.set(0);
    commits.set(0);
    copies.set(0);
    bytes.set(0);
    delayedNanos.set(0);
    longestQueue = 0;
    order = 0;
    queue.clear();
  }
}
