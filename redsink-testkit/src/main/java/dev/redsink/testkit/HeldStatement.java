package dev.redsink.testkit;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.fault.SqlFault;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * A statement the emulator holds (its session waits on a latch) until the test releases it: how a
 * test stops one load at a step while it looks at what others may do meanwhile.
 */
public final class HeldStatement implements AutoCloseable {

  private final RedshiftEmulator emulator;
  private final Duration atMost;
  private final CountDownLatch release = new CountDownLatch(1);

  /** Disarms the emulator's SQL faults; a hold lasts {@code atMost} unless released before. */
  public HeldStatement(RedshiftEmulator emulator, Duration atMost) {
    this.emulator = emulator;
    this.atMost = atMost;
    emulator.sqlFaults().reset();
  }

  /** Holds the next statement matching the regular expression. */
  public void hold(String statement) {
    emulator.sqlFaults().failNext(statement, 1, SqlFault.hold(release, atMost));
  }

  /** Waits until the held statement is reached; fails, saying {@code what}, if it is not. */
  public void awaitHeld(String what) throws InterruptedException {
    long deadline = System.nanoTime() + atMost.toNanos();
    while (emulator.sqlFaults().fired() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    int fired = emulator.sqlFaults().fired();
    if (fired != 1) {
      throw new AssertionError("[" + what + "] expected 1 held statement, found " + fired);
    }
  }

  /** Lets the held statement run on. */
  public void release() {
    release.countDown();
  }

  /** Releases the hold and disarms the emulator's SQL faults. */
  @Override
  public void close() {
    release();
    emulator.sqlFaults().reset();
  }
}
