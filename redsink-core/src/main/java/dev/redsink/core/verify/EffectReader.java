package dev.redsink.core.verify;

import dev.redsink.core.record.Record;

/** Reads what each record does to its table, as a load of the table reads it. */
@FunctionalInterface
public interface EffectReader {
  RecordEffect read(Record record);
}
