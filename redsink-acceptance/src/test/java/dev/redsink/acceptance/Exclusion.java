package dev.redsink.acceptance;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** A combination of axis values the matrix leaves out, and why. */
record Exclusion(String what, String why, Predicate<Cell> applies) {

  /** Every exclusion; a cell none of them applies to is in the full matrix. */
  static final List<Exclusion> ALL =
      List.of(
          new Exclusion(
              "payload layouts × any write mode but append",
              "upsert and cdc match rows by field columns, which only table_layout = typed has;"
                  + " the configuration refuses the combination",
              c -> !c.layout().isTyped() && c.mode() != WriteMode.APPEND),
          new Exclusion(
              "payload layouts × new field mid-stream",
              "a payload layout stores the value whole: a new field is data, not a column, so the"
                  + " cell would repeat first-run",
              c -> !c.layout().isTyped() && c.lifecycle() == Lifecycle.NEW_FIELD),
          new Exclusion(
              "`redsink load` (with or without --replace) × headers",
              "a line carries no headers",
              c -> c.runtime().fromLines() && c.layout() == Layout.HEADERS),
          new Exclusion(
              "`redsink load` (with or without --replace) × upsert by record key, tombstones",
              "a line carries no record key and cannot be a tombstone (CDC from lines keys on the"
                  + " change events' own fields, primary_key = [\"order_id\"])",
              c -> c.runtime().fromLines() && c.mode().needsRecordKey()),
          new Exclusion(
              "`redsink load --replace` × cdc",
              "a replace makes the table exactly its input, while a change stream is applied to"
                  + " the rows a table already has; load change events without --replace",
              c -> c.runtime() == RuntimeKind.REPLACE && c.mode().isCdc()),
          new Exclusion(
              "Kafka Connect 3.7 × any table state but absent",
              "the table's state before the run is the engine's business, the same on every"
                  + " Connect version; the 3.7 cells prove what the plugin asks of Connect"
                  + " (converters, keys and tombstones, the dead letter queue, offsets across a"
                  + " restart and a killed worker) in every layout and write mode but history",
              c -> c.runtime() == RuntimeKind.CONNECT_37 && c.state() != TableState.ABSENT),
          new Exclusion(
              "Kafka Connect 3.7 × history",
              "history is the engine's business too: it asks of Connect exactly what cdc does"
                  + " (the same change events, keys and tombstones), which the 3.7 cdc cells"
                  + " prove; the Kafka Connect cells run history through the plugin",
              c -> c.runtime() == RuntimeKind.CONNECT_37 && c.mode() == WriteMode.HISTORY));

  /** The first exclusion that applies to the cell. */
  static Optional<Exclusion> of(Cell cell) {
    return ALL.stream().filter(e -> e.applies().test(cell)).findFirst();
  }
}
