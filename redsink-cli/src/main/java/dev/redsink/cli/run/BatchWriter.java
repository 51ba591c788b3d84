package dev.redsink.cli.run;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one batch exactly once: the engine commits all of it or none, so a transient failure is
 * retried with the same batch (the ledger skips what a lost COMMIT already loaded) until it
 * succeeds or the runner is stopped.
 */
public final class BatchWriter {
  private static final Logger LOG = LoggerFactory.getLogger(BatchWriter.class);
  private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

  private final RedshiftSink sink;
  private final LoadStats stats;
  private final BooleanSupplier stopping;

  public BatchWriter(RedshiftSink sink, LoadStats stats, BooleanSupplier stopping) {
    this.sink = sink;
    this.stats = stats;
    this.stopping = stopping;
  }

  /**
   * Loads the batch.
   *
   * @return the result, or null when the runner was stopped before the batch could be loaded
   *     (nothing of it was committed then, or the ledger has it and the next start skips it)
   * @throws RedsinkException a failure retrying cannot fix
   */
  public LoadResult write(List<Record> batch) throws InterruptedException {
    Duration backoff = FIRST_BACKOFF;
    while (true) {
      try {
        LoadResult result = sink.write(batch);
        stats.loaded(result.received(), result.loaded(), result.skipped());
        stats.loadedInto(result.tables().stream().map(LoadResult.TableLoad::table).toList());
        return result;
      } catch (RedsinkException e) {
        if (!e.isTransient()) {
          stats.failed();
          throw e;
        }
        stats.retried();
        LOG.warn(
            "Cannot load a batch of {} records yet, retrying in {}: {}",
            batch.size(),
            backoff,
            e.getMessage());
        if (stopping.getAsBoolean()) {
          return null;
        }
        Thread.sleep(backoff.toMillis());
        backoff =
            backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0
                ? MAX_BACKOFF
                : backoff.multipliedBy(2);
      }
    }
  }
}
