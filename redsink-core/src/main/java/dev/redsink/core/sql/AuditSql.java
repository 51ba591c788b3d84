package dev.redsink.core.sql;

import dev.redsink.core.table.TableName;
import java.util.List;

/**
 * The read-only statements of {@code redsink verify}: aggregates over a table's offset column per
 * topic and partition, computed in the cluster so a table is never downloaded. The offset column is
 * {@code VARCHAR(20)} (the reference design's), so every statement reads it cast to BIGINT; sums
 * are taken as DECIMAL(38,0), which holds the sum of squares of ten million offsets near 2^40.
 *
 * @param table the audited table
 * @param offset its offset column ({@code pico_offset})
 * @param topic its topic column
 * @param partition its partition column
 * @param digest the SQL of each row's payload digest ({@link #payloadDigest}); null for none
 */
public record AuditSql(
    TableName table, String offset, String topic, String partition, String digest) {

  /** The longest VARBYTE value digested from its hex: twice as long is VARCHAR's limit. */
  public static final int HEX_DIGEST_MAX_BYTES = 32_767;

  /**
   * The digest of a payload column's value as {@code PayloadDigest} computes it from the record:
   * the first 7 hex digits of the MD5 of the text, or of the lowercase hex of the bytes (a longer
   * VARBYTE value: its length); 0 for NULL. Null for a column verify does not digest (SUPER).
   */
  public static String payloadDigest(String column, boolean varbyte) {
    String c = Identifiers.quote(column);
    if (!varbyte) {
      return "CASE WHEN "
          + c
          + " IS NULL THEN 0 ELSE STRTOL(SUBSTRING(MD5("
          + c
          + "), 1, 7), 16) END";
    }
    return "CASE WHEN "
        + c
        + " IS NULL THEN 0 WHEN LEN("
        + c
        + ") > "
        + HEX_DIGEST_MAX_BYTES
        + " THEN LEN("
        + c
        + ") ELSE STRTOL(SUBSTRING(MD5(LOWER(FROM_VARBYTE("
        + c
        + ", 'hex'))), 1, 7), 16) END";
  }

  private String offsets() {
    return "(SELECT CAST("
        + Identifiers.quote(offset)
        + " AS BIGINT) AS o, "
        + (digest == null ? "0" : digest)
        + " AS h FROM "
        + Identifiers.table(table)
        + " WHERE "
        + Identifiers.quote(topic)
        + " = ? AND "
        + Identifiers.quote(partition)
        + " = ?) AS r";
  }

  private static String figures(String within) {
    String d = "CAST(o AS DECIMAL(38,0))";
    return "COUNT(CASE WHEN "
        + within
        + " THEN 1 END), COUNT(DISTINCT CASE WHEN "
        + within
        + " THEN o END), SUM(CASE WHEN "
        + within
        + " THEN "
        + d
        + " END), SUM(CASE WHEN "
        + within
        + " THEN "
        + d
        + " * "
        + d
        + " END), SUM(CASE WHEN "
        + within
        + " THEN CAST(h AS DECIMAL(38,0)) END)";
  }

  /**
   * One row for a partition: rows, distinct offsets, sum and sum of squares of the offsets, and the
   * sum of the payload digests, in {@code [start, next)}; then the rows at or after {@code next};
   * then the rows before both.
   */
  public SqlStatement partitionFigures(
      String topicName, int partitionNumber, long start, long next) {
    return SqlStatement.of(
        "SELECT "
            + figures("o >= " + start + " AND o < " + next)
            + ", COUNT(CASE WHEN o >= "
            + next
            + " THEN 1 END), COUNT(CASE WHEN o < "
            + start
            + " THEN 1 END) FROM "
            + offsets(),
        topicName,
        (long) partitionNumber);
  }

  /**
   * Per sub-range of {@code width} offsets of {@code [from, to)} that holds rows: its number
   * ({@code (offset - from) / width}), then rows, distinct offsets, sum and sum of squares, sum of
   * digests.
   */
  public SqlStatement bucketFigures(
      String topicName, int partitionNumber, long from, long to, long width) {
    return SqlStatement.of(
        "SELECT (o - "
            + from
            + ") / "
            + width
            + " AS bucket, "
            + figures("TRUE")
            + " FROM "
            + offsets()
            + " WHERE o >= "
            + from
            + " AND o < "
            + to
            + " GROUP BY 1",
        topicName,
        (long) partitionNumber);
  }

  /**
   * Each offset of {@code [from, to)} that has rows, with its row count and the sum of their
   * digests, in offset order.
   */
  public SqlStatement rowsPerOffset(
      String topicName, int partitionNumber, long from, long to, int limit) {
    return SqlStatement.of(
        "SELECT o, COUNT(*), SUM(CAST(h AS DECIMAL(38,0))) FROM "
            + offsets()
            + " WHERE o >= "
            + from
            + " AND o < "
            + to
            + " GROUP BY o ORDER BY o LIMIT "
            + limit,
        topicName,
        (long) partitionNumber);
  }

  /** Which of these offsets rows carry. */
  public SqlStatement presentAmong(
      String topicName, int partitionNumber, java.util.Collection<Long> at) {
    return SqlStatement.of(
        "SELECT DISTINCT o FROM "
            + offsets()
            + " WHERE o IN ("
            + at.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
            + ")",
        topicName,
        (long) partitionNumber);
  }

  /** The offset and the key columns (as text) of the rows at these offsets. */
  public SqlStatement keysAt(
      String topicName, int partitionNumber, java.util.Collection<Long> at, List<String> keys) {
    StringBuilder text =
        new StringBuilder("SELECT CAST(" + Identifiers.quote(offset) + " AS BIGINT)");
    for (String k : keys) {
      text.append(", CAST(").append(Identifiers.quote(k)).append(" AS VARCHAR)");
    }
    text.append(" FROM ")
        .append(Identifiers.table(table))
        .append(" WHERE ")
        .append(Identifiers.quote(topic))
        .append(" = ? AND ")
        .append(Identifiers.quote(partition))
        .append(" = ? AND CAST(")
        .append(Identifiers.quote(offset))
        .append(" AS BIGINT) IN (")
        .append(at.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")))
        .append(") ORDER BY 1");
    return SqlStatement.of(text.toString(), topicName, (long) partitionNumber);
  }

  /** The partitions of a topic that have rows in the table. */
  public SqlStatement partitions(String topicName) {
    return SqlStatement.of(
        "SELECT DISTINCT "
            + Identifiers.quote(partition)
            + " FROM "
            + Identifiers.table(table)
            + " WHERE "
            + Identifiers.quote(topic)
            + " = ? AND "
            + Identifiers.quote(partition)
            + " IS NOT NULL ORDER BY 1",
        topicName);
  }

  /** Rows no audit of a partition sees: no topic, partition or offset. */
  public String rowsWithoutOffset() {
    return "SELECT COUNT(*) FROM "
        + Identifiers.table(table)
        + " WHERE "
        + Identifiers.quote(offset)
        + " IS NULL OR "
        + Identifiers.quote(topic)
        + " IS NULL OR "
        + Identifiers.quote(partition)
        + " IS NULL";
  }
}
