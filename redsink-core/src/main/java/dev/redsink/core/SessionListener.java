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

  /** A listener told everything this one is told, then {@code next}. */
  default SessionListener andThen(SessionListener next) {
    SessionListener first = this;
    return new SessionListener() {
      @Override
      public void taken() {
        first.taken();
        next.taken();
      }

      @Override
      public void skippedAlreadyLoaded() {
        first.skippedAlreadyLoaded();
        next.skippedAlreadyLoaded();
      }

      @Override
      public void loaded(LoadResult result, List<Record> records) {
        first.loaded(result, records);
        next.loaded(result, records);
      }

      @Override
      public void loadFailed(RuntimeException failure) {
        first.loadFailed(failure);
        next.loadFailed(failure);
      }
    };
  }
}
