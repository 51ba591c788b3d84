package dev.redsink.core;

import dev.redsink.core.load.LedgerTables;
import dev.redsink.core.record.LedgerEntry;
import java.util.List;
import java.util.Map;

/** {@link Ledgers} over the engine's ledger tables. */
final class EngineLedgers implements Ledgers {
  private final LedgerTables tables;

  EngineLedgers(LedgerTables tables) {
    this.tables = tables;
  }

  @Override
  public List<LedgerEntry> entries() {
    return tables.entries();
  }

  @Override
  public List<Integer> partitions(String topic, IfLocked ifLocked) {
    return tables.partitions(topic, engine(ifLocked));
  }

  @Override
  public Change reset(String topic, Map<Integer, Long> offsets, IfLocked ifLocked) {
    LedgerTables.Change change = tables.reset(topic, offsets, engine(ifLocked));
    return new Change(change.table().toString(), change.before(), change.after());
  }

  private static LedgerTables.IfLocked engine(IfLocked ifLocked) {
    return LedgerTables.IfLocked.valueOf(ifLocked.name());
  }

  @Override
  public void close() {
    tables.close();
  }
}
