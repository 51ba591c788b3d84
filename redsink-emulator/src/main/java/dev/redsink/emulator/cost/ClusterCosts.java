package dev.redsink.emulator.cost;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Applies a {@link CostProfile} to client sessions: waits before statements and after COPYs, and
 * runs commits one at a time through a fair queue shared by every session, as Redshift's commit
 * queue does (STL_COMMIT_STATS counts the transactions ahead of each commit). With the profile off,
 * nothing waits and nothing is counted.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/r_STL_COMMIT_STATS.html">STL_COMMIT_STATS</a>
 */
public final class ClusterCosts {

  /** How a delay is waited; tests replace it to hold a commit in the queue. */
  @FunctionalInterface
  public interface Pause {
    void pause(Duration delay) throws InterruptedException;

    /** Thread.sleep. */
    Pause SLEEP =
        delay -> {
          if (!delay.isZero()) {
            Thread.sleep(delay.toMillis(), (int) (delay.toNanos() % 1_000_000));
          }
        };
  }

  /** Work done while holding the commit queue: the commit itself. */
  @FunctionalInterface
  public interface Commit {
    boolean run() throws IOException;
  }

  private static final double BYTES_PER_MEGABYTE = 1e6;

  private volatile CostProfile profile;
  private volatile Pause pause;
  private final CostCounters counters;
  private final ReentrantLock queue = new ReentrantLock(true);

  public ClusterCosts(CostProfile profile, Pause pause, CostCounters counters) {
    this.profile = profile;
    this.pause = pause;
    this.counters = counters;
  }

  public CostProfile profile() {
    return profile;
  }

  /** Replaces the profile; statements already waiting keep theirs. */
  public void profile(CostProfile profile) {
    this.profile = profile;
  }

  /** Replaces how delays are waited: tests hold a commit in the queue with their own. */
  public void pause(Pause pause) {
    this.pause = pause;
  }

  /** Commits waiting for the queue right now (not counting the one holding it). */
  public int waiting() {
    return queue.getQueueLength();
  }

  /** Waits the per-statement latency, before a client statement runs. */
  public void statement() {
    Duration delay = profile.statement();
    if (delay.isZero()) {
      return;
    }
    wait(delay);
    counters.statement(delay);
  }

  /**
   * Runs a commit through the queue: waits for the commits ahead, holds the queue for the commit
   * latency and the commit itself, then lets the next one in. Returns what the commit returned.
   */
  public boolean commit(int session, Commit commit) throws IOException {
    Duration delay = profile.commit();
    if (delay.isZero()) {
      return commit.run();
    }
    int ahead = queue.getQueueLength() + (queue.isLocked() ? 1 : 0);
    queue.lock();
    try {
      counters.commit(session, ahead, delay);
      wait(delay);
      return commit.run();
    } finally {
      queue.unlock();
    }
  }

  /** Waits the per-COPY latency and the per-megabyte latency for {@code bytes} read. */
  public void copy(long bytes) {
    CostProfile p = profile;
    if (p.copy().isZero() && p.perMegabyte().isZero()) {
      return;
    }
    Duration delay =
        p.copy()
            .plus(
                Duration.ofNanos(
                    Math.round(p.perMegabyte().toNanos() * (bytes / BYTES_PER_MEGABYTE))));
    wait(delay);
    counters.copy(bytes, delay);
  }

  private void wait(Duration delay) {
    try {
      pause.pause(delay);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
