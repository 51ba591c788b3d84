package dev.redsink.acceptance;

/** How a cell's target_table names its table: a fixed name or a template over the topic. */
enum TableNaming {
  /** {@code target_table = "acc_<id>"}: every topic of the cell loads into that one table. */
  FIXED,
  /** {@code target_table = "acc_{topic_segment[-1]}"}, resolved from topics {@code acc.<id>}. */
  TEMPLATE
}
