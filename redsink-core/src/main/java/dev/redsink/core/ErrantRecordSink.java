package dev.redsink.core;

import dev.redsink.core.error.BadRecordException;

/**
 * Where a {@link SinkSession} sends a record the engine cannot store: a dead letter queue, or a
 * failure naming the record (by throwing). The session awaits earlier reports before any later
 * load, so no offset past an errant record is committed before the record is safely reported.
 */
public interface ErrantRecordSink<R> {

  /** Reports the record, or throws to fail the runtime. */
  void divert(R record, BadRecordException reason);

  /** Waits until every report so far is durable; throws when one failed. */
  default void awaitDiverted() {}

  /** A sink that fails the runtime with the reason, which names the record. */
  static <R> ErrantRecordSink<R> failing() {
    return (record, reason) -> {
      throw reason;
    };
  }
}
