package dev.redsink.core.typed;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Record bytes whose checked rows one process keeps for their loads, shared by every table's {@link
 * JudgedRows}: one table may keep as many as its own bound allows while the others keep few, and
 * many tables (a Connect worker running many tasks) together keep no more than one share of the
 * heap. What a table holds goes back to the budget when it forgets its rows, or when the table
 * itself is dropped without forgetting them.
 */
public final class RowBudget {
  /** The process's budget: 1/32 of the heap (64 MB of a 2 GB heap). */
  public static final RowBudget PROCESS = new RowBudget(Runtime.getRuntime().maxMemory() / 32);

  private static final Cleaner CLEANER = Cleaner.create();

  private final AtomicLong left;

  public RowBudget(long bytes) {
    this.left = new AtomicLong(bytes);
  }

  /** Takes {@code bytes} from the budget; false, taking nothing, when fewer are left. */
  boolean take(long bytes) {
    long now;
    do {
      now = left.get();
      if (now < bytes) {
        return false;
      }
    } while (!left.compareAndSet(now, now - bytes));
    return true;
  }

  /** Gives back bytes taken. */
  void give(long bytes) {
    left.addAndGet(bytes);
  }

  /** Bytes left, for tests. */
  long left() {
    return left.get();
  }

  /**
   * What one holder took, given back when the holder becomes unreachable: a table dropped without
   * forgetting its rows does not keep the budget.
   */
  Held held(Object holder) {
    Held held = new Held(this);
    CLEANER.register(holder, held::release);
    return held;
  }

  /** The bytes one holder has taken from a budget. */
  static final class Held {
    private final RowBudget budget;
    private final AtomicLong bytes = new AtomicLong();

    private Held(RowBudget budget) {
      this.budget = budget;
    }

    boolean take(long n) {
      if (!budget.take(n)) {
        return false;
      }
      bytes.addAndGet(n);
      return true;
    }

    void give(long n) {
      bytes.addAndGet(-n);
      budget.give(n);
    }

    private void release() {
      budget.give(bytes.getAndSet(0));
    }
  }
}
