package dev.redsink.cli.run;

import dev.redsink.core.SessionListener;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.metrics.LoadFigures;
import dev.redsink.core.metrics.TableFigures;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;

/** Counters of one runner, read by the progress bar and the /metrics endpoint. */
public final class LoadStats implements SessionListener {
  private final String connector;
  private final AtomicLong received = new AtomicLong();
  private final AtomicLong loaded = new AtomicLong();
  private final AtomicLong records = new AtomicLong();
  private final AtomicLong skipped = new AtomicLong();
  private final AtomicLong loads = new AtomicLong();
  private final AtomicLong retries = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong lag = new AtomicLong(-1);
  private final Set<String> tables = new ConcurrentSkipListSet<>();
  private volatile boolean healthy = true;
  private volatile Instant failingSince;
  private volatile String lastFailure = "";
  private final LoadFigures figures;
  private volatile LongSupplier buffered = () -> 0;

  /** Counters whose per-table figures name each topic's table with {@code tableOf}. */
  public LoadStats(String connector, Function<String, String> tableOf) {
    this.connector = connector;
    this.figures = new LoadFigures(tableOf, Clock.systemUTC());
  }

  /** Counters whose per-table figures name tables after their topics. */
  public LoadStats(String connector) {
    this(connector, Function.identity());
  }

  /** Per table and partition: records, bytes, load durations, freshness, ledger and log. */
  public LoadFigures figures() {
    return figures;
  }

  /** Where to read the records buffered for the next load from. */
  void buffered(LongSupplier records) {
    buffered = records;
  }

  /** Records buffered for the next load. */
  public long bufferedRecords() {
    return buffered.getAsLong();
  }

  public String connector() {
    return connector;
  }

  /**
   * Counts one load: records received, rows loaded, records the ledger already had, records it
   * committed (in upsert and cdc several records of a key make one change, so rows can be fewer).
   */
  void loaded(int receivedRecords, int loadedRows, int skippedRecords, int committedRecords) {
    received.addAndGet(receivedRecords);
    loaded.addAndGet(loadedRows);
    records.addAndGet(committedRecords);
    skipped.addAndGet(skippedRecords);
    loads.incrementAndGet();
    failingSince = null;
  }

  /** A record the ledger already covered, skipped before it reached a load. */
  @Override
  public void skippedAlreadyLoaded() {
    skipped.incrementAndGet();
  }

  /** Counts one load of these records, per table and partition too. */
  @Override
  public void loaded(LoadResult result, List<Record> records) {
    loaded(result);
    figures.loaded(result, records);
  }

  /** Counts one load and notes its tables. */
  @Override
  public void loaded(LoadResult result) {
    loaded(result.received(), result.loaded(), result.skipped(), result.committedRecords());
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

  /** Rows loads wrote: in upsert and cdc, the changes applied, one per key and load. */
  public long loaded() {
    return loaded.get();
  }

  /** Records loads committed (each record once, whatever rows it made). */
  public long records() {
    return records.get();
  }

  /** Key, value and header bytes of the records loads staged. */
  public long bytes() {
    return figures.tables().values().stream().mapToLong(TableFigures::recordBytes).sum();
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
