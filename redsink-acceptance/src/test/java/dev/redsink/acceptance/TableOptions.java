package dev.redsink.acceptance;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The table options a user sets beside layout and write mode — the Parquet codec, distribution and
 * sort keys of the tables Redsink creates, the staging path for appends — and the definition they
 * give a table Redsink creates. Like the table naming, a cell's options are chosen by its name.
 */
enum TableOptions {
  DEFAULTS(
      "defaults",
      "defaults",
      "zstd files; appends COPY straight into the target; Redshift chooses distribution and sort"
          + " key",
      Map.of(),
      new Definition("AUTO(EVEN)", "AUTO(SORTKEY)", 0)),
  SNAPPY_KEYS(
      "snappy-keys",
      "snappy, dist and sort keys",
      "parquet_compression = snappy, dist_key = id, sort_key = pico_partition,id",
      ordered("parquet_compression", "snappy", "dist_key", "id", "sort_key", "pico_partition,id"),
      new Definition("KEY(id)", "pico_partition", 2)),
  GZIP_STAGING(
      "gzip-staging",
      "gzip, staging table",
      "parquet_compression = gzip, direct_copy = false (appends COPY into a session temp table and"
          + " insert from it)",
      ordered("parquet_compression", "gzip", "direct_copy", false),
      new Definition("AUTO(EVEN)", "AUTO(SORTKEY)", 0)),
  NONE_EVEN(
      "none-even",
      "uncompressed, even",
      "parquet_compression = none, dist_style = even",
      ordered("parquet_compression", "none", "dist_style", "even"),
      new Definition("EVEN", "AUTO(SORTKEY)", 0));

  /** A table's distribution and sort key as svv_table_info shows them. */
  record Definition(String distStyle, String sortKey1, int sortKeys) {
    @Override
    public String toString() {
      return "diststyle " + distStyle + ", sortkey1 " + sortKey1 + ", sortkey_num " + sortKeys;
    }
  }

  private final String label;
  private final String title;
  private final String doc;
  private final Map<String, Object> keys;
  private final Definition created;

  TableOptions(
      String label, String title, String doc, Map<String, Object> keys, Definition created) {
    this.label = label;
    this.title = title;
    this.doc = doc;
    this.keys = keys;
    this.created = created;
  }

  String label() {
    return label;
  }

  String title() {
    return title;
  }

  String doc() {
    return doc;
  }

  /** The configuration keys this option sets, in the engine's key names. */
  Map<String, Object> keys() {
    return keys;
  }

  /**
   * The definition the cell's table ends with: what these options give a table Redsink creates
   * (without sort_key a history table is sorted by its key, order_id, then the version time), or
   * for a DBA's table what the DBA gave it (an existing table is never altered).
   */
  Definition expectedFor(TableState state, WriteMode mode) {
    if (state == TableState.DBA_TABLE) {
      return DEFAULTS.created;
    }
    if (mode == WriteMode.HISTORY && !keys.containsKey("sort_key")) {
      return new Definition(created.distStyle(), "order_id", 2);
    }
    return created;
  }

  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
