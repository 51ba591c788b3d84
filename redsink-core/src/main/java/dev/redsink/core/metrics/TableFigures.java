package dev.redsink.core.metrics;

import dev.redsink.core.record.LoadResult;
import java.util.concurrent.atomic.AtomicLong;

/** What the loads into one table did, since the runtime started. Thread-safe. */
public final class TableFigures {
  private final AtomicLong rows = new AtomicLong();
  private final AtomicLong recordBytes = new AtomicLong();
  private final AtomicLong stagedBytes = new AtomicLong();
  private final AtomicLong files = new AtomicLong();
  private final AtomicLong loads = new AtomicLong();
  private final Histogram loadSeconds = new Histogram(Histogram.LOAD_SECONDS);
  private final Histogram freshnessSeconds = new Histogram(Histogram.FRESHNESS_SECONDS);
  private volatile long lastLoadMillis;

  void loaded(LoadResult.TableLoad load, long nowMillis) {
    rows.addAndGet(load.rows());
    recordBytes.addAndGet(load.recordBytes());
    stagedBytes.addAndGet(load.bytes());
    files.addAndGet(load.files());
    loads.incrementAndGet();
    loadSeconds.observe(
        load.stage().plus(load.copy()).plus(load.insert()).plus(load.commit()).toNanos() / 1e9);
    lastLoadMillis = nowMillis;
  }

  void fresh(double[] seconds, int count) {
    freshnessSeconds.observeAll(seconds, count);
  }

  /** Rows the loads wrote. */
  public long rows() {
    return rows.get();
  }

  /** Key, value and header bytes of the records the loads staged. */
  public long recordBytes() {
    return recordBytes.get();
  }

  /** Parquet bytes the loads staged in S3. */
  public long stagedBytes() {
    return stagedBytes.get();
  }

  /** Parquet files the loads staged. */
  public long files() {
    return files.get();
  }

  /** Loads committed. */
  public long loads() {
    return loads.get();
  }

  /** Each load's time from encoding its first file to its commit. */
  public Histogram.Snapshot loadSeconds() {
    return loadSeconds.snapshot();
  }

  /** Each record's time from its timestamp to its load's commit. */
  public Histogram.Snapshot freshnessSeconds() {
    return freshnessSeconds.snapshot();
  }

  /** When the last load committed, in milliseconds since the epoch; 0 before the first. */
  public long lastLoadMillis() {
    return lastLoadMillis;
  }
}
