package dev.redsink.acceptance;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.fault.FiredSqlFault;
import dev.redsink.emulator.fault.SqlFault;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Lines up the writers' {@code CREATE SCHEMA} of each schema in the emulator: each writer's
 * statement waits until every writer's has arrived, then all run at the same moment — the worst
 * case of two tasks or processes starting together on an empty warehouse, where each saw the schema
 * missing. Nothing else is held; a statement waits at most {@code atMost}.
 */
final class SimultaneousCreates implements AutoCloseable {
  private final RedshiftEmulator emulator;
  private final int writers;
  private final Map<String, CountDownLatch> bySchema = new LinkedHashMap<>();
  private final Thread releaser;
  private volatile boolean closed;

  SimultaneousCreates(
      RedshiftEmulator emulator, List<String> schemas, int writers, Duration atMost) {
    this.emulator = emulator;
    this.writers = writers;
    emulator.sqlFaults().reset();
    for (String schema : schemas) {
      CountDownLatch release = new CountDownLatch(1);
      bySchema.put(schema, release);
      emulator.sqlFaults().failNext(statement(schema), writers, SqlFault.hold(release, atMost));
    }
    releaser = new Thread(this::releaseWhenAllArrived, "simultaneous-creates");
    releaser.setDaemon(true);
    releaser.start();
  }

  private static String statement(String schema) {
    return "CREATE SCHEMA IF NOT EXISTS \"" + schema + "\"";
  }

  /** How many writers' CREATE SCHEMA of this schema arrived. */
  int arrived(String schema) {
    int n = 0;
    String statement = statement(schema).toLowerCase(Locale.ROOT);
    for (FiredSqlFault f : emulator.sqlFaults().firedFaults()) {
      if (f.statement().toLowerCase(Locale.ROOT).contains(statement)) {
        n++;
      }
    }
    return n;
  }

  private void releaseWhenAllArrived() {
    while (!closed) {
      bySchema.forEach(
          (schema, release) -> {
            if (release.getCount() > 0 && arrived(schema) >= writers) {
              release.countDown();
            }
          });
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Lets every held statement run and disarms the emulator's SQL faults. */
  @Override
  public void close() {
    closed = true;
    releaser.interrupt();
    bySchema.values().forEach(CountDownLatch::countDown);
    emulator.sqlFaults().reset();
  }
}
