package dev.redsink.core;

import dev.redsink.core.load.LedgerTables;
import dev.redsink.core.record.LedgerEntry;
import dev.redsink.core.sql.LedgerSql;
import java.util.List;
import java.util.Map;

/**
 * The ledgers of a connector's tables, as {@code redsink ledger} operates them: every row with its
 * next offset, and resetting a topic's partitions to chosen offsets in one transaction, refusing
 * while a load holds the ledger's lock unless asked to wait. Touches no target table.
 */
public interface Ledgers extends AutoCloseable {

  /** The shared ledger table of earlier versions, moved into per-table ledgers on first start. */
  String LEGACY_TABLE = LedgerSql.LEGACY_TABLE;

  /** What a reset does when a load holds the ledger's lock. */
  enum IfLocked {
    /** Fail, naming the session that holds it. */
    REFUSE,
    /** Wait until that load commits or rolls back. */
    WAIT
  }

  /** A topic's ledger rows before and after a reset, and the table they belong to. */
  record Change(String table, List<LedgerEntry> before, List<LedgerEntry> after) {}

  /** Parses the raw configuration (reference key names) and connects with one connection. */
  static Ledgers open(Map<String, ?> rawConfig) {
    return new EngineLedgers(LedgerTables.open(rawConfig));
  }

  /** Every ledger row of this connector's tables, per-table ledgers and the legacy one. */
  List<LedgerEntry> entries();

  /** The partitions of {@code topic} that have a row in its table's ledger. */
  List<Integer> partitions(String topic, IfLocked ifLocked);

  /**
   * Sets the ledger's next offset of these partitions of {@code topic} in one transaction.
   *
   * @param offsets the next offset per partition number
   * @throws dev.redsink.core.error.RedsinkException when a load holds the ledger's lock and {@code
   *     ifLocked} is REFUSE
   */
  Change reset(String topic, Map<Integer, Long> offsets, IfLocked ifLocked);

  @Override
  void close();
}
