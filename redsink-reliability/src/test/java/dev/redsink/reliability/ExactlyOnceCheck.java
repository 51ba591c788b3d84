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

  /**
   * A history table's versions were each added and closed once: one active version per key, and
   * every version ends exactly where its key's next one begins (a version closed twice, or not at
   * all, breaks the chain).
   */
  static void assertVersionsChain(ScenarioWarehouse warehouse, String table, String keyColumns)
      throws SQLException {
    String t = ScenarioWarehouse.quote(table);
    assertThat(
            warehouse.rows(
                "SELECT (SELECT count(*) FROM "
                    + t
                    + " WHERE _record_is_active), (SELECT count(*) FROM (SELECT DISTINCT "
                    + keyColumns
                    + " FROM "
                    + t
                    + ") k)"))
        .as("active versions = keys in %s", table)
        .singleElement()
        .satisfies(r -> assertThat(r.split("\\|")[0]).isEqualTo(r.split("\\|")[1]));
    assertThat(
            warehouse.rows(
                "SELECT count(*) FROM (SELECT _record_is_active, _record_delete_time,"
                    + " LEAD(_record_create_time) OVER (PARTITION BY "
                    + keyColumns
                    + " ORDER BY _record_create_time, CAST(pico_offset AS BIGINT)) AS next_time"
                    + " FROM "
                    + t
                    + ") v WHERE _record_delete_time IS DISTINCT FROM next_time"
                    + " OR _record_is_active <> (next_time IS NULL)"))
        .as("versions of %s whose end is not their key's next version's start", table)
        .containsExactly("0");
  }
}
