package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.TopicPartition;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * What a user would check after a run: every offset below the ledger's watermark is in the table
 * exactly once and nothing above it, and no staged object is left beyond the documented orphans.
 */
final class ExactlyOnceCheck {

  /** The table and bucket as found. */
  record Verdict(
      long rows,
      long distinctIds,
      long expected,
      Map<TopicPartition, Long> ledger,
      List<String> leftObjects) {

    long lost() {
      return Math.max(0, expected - distinctIds);
    }

    long duplicated() {
      return rows - distinctIds;
    }
  }

  private ExactlyOnceCheck() {}

  /** Reads the table, ledger and bucket of one scenario. */
  static Verdict inspect(ScenarioWarehouse warehouse, String table, SourceStream stream)
      throws SQLException {
    return new Verdict(
        warehouse.count(table),
        warehouse.distinctIds(table),
        stream.total(),
        warehouse.ledger(table),
        warehouse.stagedObjects(table));
  }

  /** Everything loaded once: rows = distinct ids = the source, ledger = the end offsets. */
  static Verdict assertComplete(
      ScenarioWarehouse warehouse, String table, SourceStream stream, int allowedOrphans)
      throws SQLException {
    Verdict v = inspect(warehouse, table, stream);
    assertThat(v.ledger()).as("ledger of %s", table).isEqualTo(stream.endOffsets());
    assertConsistent(warehouse, table, v);
    assertThat(v.distinctIds()).as("distinct ids in %s", table).isEqualTo(stream.total());
    assertThat(v.leftObjects()).as("staged objects left").hasSizeLessThanOrEqualTo(allowedOrphans);
    return v;
  }

  /**
   * What committed so far is exactly once: per partition, the offsets in the table are 0 ..
   * ledger-1, each once, and nothing for a partition without a ledger row.
   */
  static void assertConsistent(ScenarioWarehouse warehouse, String table, Verdict v)
      throws SQLException {
    assertThat(v.rows()).as("rows = distinct ids in %s", table).isEqualTo(v.distinctIds());
    long inLedger = v.ledger().values().stream().mapToLong(Long::longValue).sum();
    assertThat(v.rows()).as("rows = sum of ledger offsets in %s", table).isEqualTo(inLedger);
    for (String row :
        warehouse.rows(
            "SELECT pico_topic, pico_partition, count(DISTINCT id),"
                + " min(CAST(pico_offset AS BIGINT)), max(CAST(pico_offset AS BIGINT)) FROM "
                + ScenarioWarehouse.quote(table)
                + " GROUP BY pico_topic, pico_partition")) {
      String[] f = row.split("\\|");
      long next = v.ledger().getOrDefault(new TopicPartition(f[0], Integer.parseInt(f[1])), 0L);
      assertThat(row)
          .as("partition %s: distinct|min|max", f[1])
          .endsWith("|" + next + "|0|" + (next - 1));
    }
  }
}
