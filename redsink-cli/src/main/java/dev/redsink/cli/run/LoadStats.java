package dev.redsink.cli.run;

import dev.redsink.core.SessionListener;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/** Counters of one runner, read by the progress bar and the /metrics endpoint. */
public final class LoadStats implements SessionListener {
  private final String connector;
  private final AtomicLong received = new AtomicLong();
  private final AtomicLong loaded = new AtomicLong();
  private final AtomicLong skipped = new AtomicLong();
  private final AtomicLong loads = new AtomicLong();
  private final AtomicLong retries = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong lag = new AtomicLong(-1);
  private final Set<String> tables = new ConcurrentSkipListSet<>();
  private volatile boolean healthy = true;
  private volatile Instant failingSince;
  private volatile String lastFailure = "";

  public LoadStats(String connector) {
    this.connector = connector;
  }

  public String connector() {
    return connector;
  }

  /** Counts one load: records received, rows loaded, records the ledger already had. */
  public void loaded(int receivedRecords, int loadedRows, int skippedRecords) {
    received.addAndGet(receivedRecords);
    loaded.addAndGet(loadedRows);
    skipped.addAndGet(skippedRecords);
    loads.incrementAndGet();
    failingSince = null;
  }

  /** Counts one load and notes its tables. */
  @Override
  public void loaded(LoadResult result) {
    loaded(result.received(), result.loaded(), result.skipped());
    loadedInto(result.tables().stream().map(LoadResult.TableLoad::table).toList());
  }

  /** Counts a load that will be retried; a failure that ends the runner is counted by it. */
  @Override
  public void loadFailed(RuntimeException failure) {
    if (failingSince == null) {
      failingSince = Instant.now();
    }
    lastFailure = String.valueOf(failure.getMessage());
    if (failure instanceof RedsinkException e
        && (e.isTransient() || e.category() == ErrorCategory.COMMIT_OUTCOME_UNKNOWN)) {
      retried();
    }
  }

  /**
   * Since when every load has failed (retries included), until a load commits; empty while the last
   * load committed.
   */
  public Optional<Instant> failingSince() {
    return Optional.ofNullable(failingSince);
  }

  /** The last failure's message (Redsink's messages hold no secret). */
  public String lastFailure() {
    return lastFailure;
  }

  /** Notes the tables a load wrote to, for the summary. */
  public void loadedInto(Collection<String> names) {
    tables.addAll(names);
  }

  /** The tables loads wrote to, by name. */
  public Set<String> tables() {
    return Set.copyOf(tables);
  }

  void retried() {
    retries.incrementAndGet();
  }

  void failed() {
    failures.incrementAndGet();
    healthy = false;
  }

  void lag(long records) {
    lag.set(records);
  }

  public long received() {
    return received.get();
  }

  public long loaded() {
    return loaded.get();
  }

  public long skipped() {
    return skipped.get();
  }

  public long loads() {
    return loads.get();
  }

  public long retries() {
    return retries.get();
  }

  public long failures() {
    return failures.get();
  }

  /** Records behind the end of the assigned partitions; -1 while no partition is assigned. */
  public long lag() {
    return lag.get();
  }

  public boolean healthy() {
    return healthy;
  }
}
