package dev.redsink.reliability;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Arms faults while a connector loads, the {@link FaultPlan} of a stream we do not drive: the first
 * once a load has committed, each next one after the previous fired and another load committed (so
 * roughly every other load meets one), and none once most of the stream is in, so every armed fault
 * meets a load. It also measures the longest time from a fault firing to the next committed load.
 */
final class RollingFaults implements AutoCloseable {

  /** Of the stream, the share after which no new fault is armed. */
  private static final double LAST_ARM_BEFORE = 0.7;

  private final ScenarioWarehouse warehouse;
  private final String table;
  private final long total;
  private final int times;
  private final FaultPlan.Arming arming;
  private final AtomicInteger armed = new AtomicInteger();
  private final AtomicInteger episodes = new AtomicInteger();
  private final AtomicInteger firedEpisodes = new AtomicInteger();
  private final AtomicLong longestNanos = new AtomicLong();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile RuntimeException failure;

  private RollingFaults(
      ScenarioWarehouse warehouse, String table, long total, int times, FaultPlan.Arming arming) {
    this.warehouse = warehouse;
    this.table = table;
    this.total = total;
    this.times = times;
    this.arming = arming;
    this.thread = new Thread(this::drive, "rolling-faults-" + table);
    this.thread.setDaemon(true);
  }

  /** Starts arming {@code times} fault episodes into the loads of {@code table}. */
  static RollingFaults start(
      ScenarioWarehouse warehouse, String table, long total, int times, FaultPlan.Arming arming) {
    RollingFaults faults = new RollingFaults(warehouse, table, total, times, arming);
    faults.thread.start();
    return faults;
  }

  private void drive() {
    long lastArmLedger = 0;
    long firedLedger = -1;
    long firedAt = -1;
    boolean waiting = false;
    try {
      while (running) {
        long ledger = ledgerTotal();
        long now = System.nanoTime();
        if (waiting && warehouse.faultsPending() == 0) {
          waiting = false;
          firedAt = now;
          firedLedger = ledger;
          firedEpisodes.incrementAndGet();
        }
        if (!waiting && firedAt >= 0 && ledger > firedLedger) {
          longestNanos.accumulateAndGet(now - firedAt, Math::max);
          firedAt = -1;
        }
        if (!waiting
            && episodes.get() < times
            && ledger > lastArmLedger
            && ledger < total * LAST_ARM_BEFORE) {
          armed.addAndGet(arming.arm(warehouse.emulator()));
          episodes.incrementAndGet();
          lastArmLedger = ledger;
          waiting = true;
        }
        Thread.sleep(15);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      failure = e;
    }
  }

  private long ledgerTotal() {
    try {
      return warehouse.ledger(table).values().stream().mapToLong(Long::longValue).sum();
    } catch (SQLException e) {
      return 0; // no ledger table yet
    }
  }

  /** Faults armed so far (an episode may arm several, say two 503s in a row). */
  int armed() {
    return armed.get();
  }

  /** Episodes armed so far. */
  int episodes() {
    return episodes.get();
  }

  /** Episodes whose every fault has fired. */
  int firedEpisodes() {
    return firedEpisodes.get();
  }

  /** The longest time from an episode's faults having fired to the next committed load. */
  long longestRecoveryMillis() {
    return longestNanos.get() / 1_000_000;
  }

  @Override
  public void close() {
    running = false;
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (failure != null) {
      throw failure;
    }
  }
}
