package dev.redsink.demo;

/** The queries the demo shows and runs over its two Quick start tables, orders_eu and orders_us. */
final class SampleQueries {
  static final String ORDERS_PER_PARTITION =
      "SELECT pico_topic, pico_partition, COUNT(*) AS orders FROM orders_eu"
          + " GROUP BY pico_topic, pico_partition ORDER BY pico_partition";

  static final String FIRST_ORDERS =
      "SELECT id, payload FROM orders_us ORDER BY pico_partition, pico_offset::BIGINT LIMIT 3";

  private SampleQueries() {}

  /** Rows in one of the demo's tables; its name is a plain lower-case identifier. */
  static String count(String table) {
    return "SELECT COUNT(*) FROM " + table;
  }
}
