package dev.redsink.acceptance;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * One cell of the acceptance matrix: a runtime, a layout, a write mode, the table's state before
 * the run and the lifecycle of the run, plus how target_table names the table and the table options
 * set. Its topics, table and schema are named after a short id derived from its name, so cells
 * never share them.
 */
record Cell(
    RuntimeKind runtime,
    Layout layout,
    WriteMode mode,
    TableState state,
    Lifecycle lifecycle,
    TableNaming naming,
    TableOptions options) {

  /**
   * A cell whose table naming and table options are chosen by its name: about half of the cells use
   * each naming, about a quarter each set of options.
   */
  static Cell of(
      RuntimeKind runtime, Layout layout, WriteMode mode, TableState state, Lifecycle lifecycle) {
    long hash = crc(axes(runtime, layout, mode, state, lifecycle));
    TableNaming naming = (hash & 1) == 0 ? TableNaming.FIXED : TableNaming.TEMPLATE;
    TableOptions[] options = TableOptions.values();
    return new Cell(
        runtime,
        layout,
        mode,
        state,
        lifecycle,
        naming,
        options[(int) ((hash >>> 1) % options.length)]);
  }

  /** The axes' labels, e.g. {@code load/typed-json/upsert-fields/absent/first-run}. */
  String axes() {
    return axes(runtime, layout, mode, state, lifecycle);
  }

  /**
   * The axes, the naming and the options, as printed in test names and used by {@code
   * -Dacceptance.cells}.
   */
  String name() {
    return axes() + "/" + naming.name().toLowerCase(Locale.ROOT) + "/" + options.label();
  }

  /** A short id for names in Kafka and Redshift: {@code a} and 7 base-36 digits of the name. */
  String id() {
    String digits = Long.toString(crc(name()), 36);
    return "a" + "0".repeat(Math.max(0, 7 - digits.length())) + digits;
  }

  /** The topic of the cell's input. */
  String topic() {
    return "acc." + id();
  }

  /** The topic an earlier run loads into the same table (table state {@code earlier-run}). */
  String seedTopic() {
    return "acc.seed." + id();
  }

  /** The dead letter queue of the cell's Kafka Connect connectors. */
  String deadLetterTopic() {
    return "acc.dlq." + id();
  }

  /** The resolved table name. */
  String table() {
    return "acc_" + id();
  }

  /** The target_table setting. */
  String targetTable() {
    return naming == TableNaming.FIXED ? table() : "acc_{topic_segment[-1]}";
  }

  /** The target_schema setting: a schema of the cell's own that does not exist yet, or none. */
  Optional<String> schema() {
    return state == TableState.NEW_SCHEMA ? Optional.of("acc_s_" + id()) : Optional.empty();
  }

  /** The table as SQL names it, schema-qualified when the cell has a schema. */
  String qualifiedTable() {
    return schema().map(s -> "\"" + s + "\".").orElse("") + "\"" + table() + "\"";
  }

  /** A history table's current-state view, {@code <table>_current}, as SQL names it. */
  String qualifiedView() {
    return schema().map(s -> "\"" + s + "\".").orElse("") + "\"" + table() + "_current\"";
  }

  /** Partitions of the cell's topics: two from Kafka, one (partition 0) from lines. */
  int partitions() {
    return runtime.fromKafka() ? 2 : 1;
  }

  private static String axes(
      RuntimeKind runtime, Layout layout, WriteMode mode, TableState state, Lifecycle lifecycle) {
    return runtime.label()
        + "/"
        + layout.label()
        + "/"
        + mode.label()
        + "/"
        + state.label()
        + "/"
        + lifecycle.label();
  }

  private static long crc(String text) {
    CRC32 crc = new CRC32();
    crc.update(text.getBytes(StandardCharsets.UTF_8));
    return crc.getValue();
  }

  @Override
  public String toString() {
    return name();
  }
}
