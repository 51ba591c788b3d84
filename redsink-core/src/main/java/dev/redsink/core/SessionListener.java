package dev.redsink.core;

import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.util.List;

/** What a {@link SinkSession} tells its runtime's metrics and progress output; all optional. */
public interface SessionListener {

  /** A record was taken (not one the ledger covers or one already taken). */
  default void taken() {}

  /** A record the ledger already covers was skipped. */
  default void skippedAlreadyLoaded() {}

  /** A load committed. */
  default void loaded(LoadResult result) {}

  /** A load of these records committed; by default {@link #loaded(LoadResult)}. */
  default void loaded(LoadResult result, List<Record> records) {
    loaded(result);
  }

  /** A load failed; its records wait for the next attempt, or the runtime fails. */
  default void loadFailed(RuntimeException failure) {}
}
