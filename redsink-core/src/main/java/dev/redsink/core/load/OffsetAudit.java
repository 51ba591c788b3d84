package dev.redsink.core.load;

import dev.redsink.core.sql.AuditSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.verify.AuditLimits;
import dev.redsink.core.verify.LogPartition;
import dev.redsink.core.verify.OffsetFigures;
import dev.redsink.core.verify.OffsetRange;
import dev.redsink.core.verify.PartitionReport;
import dev.redsink.core.verify.RecordEffect;
import dev.redsink.core.verify.TopicReplay;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Audits one partition of a table whose rows carry their record's offset against what its log says
 * the table must hold: one statement of figures for the whole range covered by the ledger; where
 * they disagree, figures per sub-range, narrowing down until a range is small enough to count its
 * rows offset by offset. A table whose log is intact costs one statement per partition.
 */
final class OffsetAudit {
  /** Offsets asked about per statement when resolving alternatives. */
  private static final int ALTERNATIVES_PER_STATEMENT = 1000;

  /** Keys named per finding at most. */
  private static final int NAMED_KEYS = 100;

  private final Connection c;
  private final AuditSql sql;
  private final String table;
  private final LogPartition log;
  private final TopicReplay replay;
  private final List<long[]> missing = new ArrayList<>();
  private final List<long[]> duplicated = new ArrayList<>();
  private final List<long[]> extra = new ArrayList<>();
  private final List<long[]> changed = new ArrayList<>();
  private final List<long[]> unresolved = new ArrayList<>();
  private int statements;

  OffsetAudit(Connection c, AuditSql sql, String table, LogPartition log, TopicReplay replay) {
    this.c = c;
    this.sql = sql;
    this.table = table;
    this.log = log;
    this.replay = replay;
  }

  PartitionReport run() throws SQLException {
    resolveAlternatives();
    long start = log.start();
    long next = log.ledgerNext();
    long rows;
    long beyond;
    long before;
    OffsetFigures actual;
    try (PreparedStatement ps =
            prepare(sql.partitionFigures(log.topic(), log.partition(), start, next));
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      actual = figures(rs, 1);
      beyond = rs.getLong(6);
      before = rs.getLong(7);
    }
    rows = actual.rows();
    // Offsets between the log's end and the ledger cannot load (the log never had them): the
    // figures of [start, next) are compared with the log's up to where it was read.
    if (!actual.equals(log.figures(start, next))) {
      narrow(start, Math.max(next, start));
    }
    List<OffsetRange> beyondLedger =
        beyond == 0 ? List.of() : OffsetRange.of(counted(next, Long.MAX_VALUE, false));
    Map<Long, String> keys = keys();
    return new PartitionReport(
        table,
        log.topic(),
        log.partition(),
        start,
        log.end(),
        next,
        rows,
        log.settled(),
        log.deadLettered(),
        log.refused(),
        OffsetRange.of(missing),
        OffsetRange.of(duplicated),
        OffsetRange.of(extra),
        OffsetRange.of(changed),
        unresolved.stream().map(r -> new OffsetRange(r[0], r[1], r[2])).toList(),
        beyondLedger,
        before,
        Math.max(0, log.end() - Math.max(next, start)),
        keys,
        statements);
  }

  /**
   * For a table of keys: the key of each offset a finding names (a bounded number): a missing row's
   * from the log, an extra or duplicated row's from the table.
   */
  private Map<Long, String> keys() throws SQLException {
    Map<Long, String> keys = new HashMap<>();
    List<String> columns = replay.keyColumns();
    if (columns.isEmpty()) {
      return keys;
    }
    keys.putAll(replay.keysAt(log.partition(), firstOffsets(missing)));
    Set<Long> inTable = firstOffsets(extra);
    inTable.addAll(firstOffsets(changed));
    inTable.addAll(firstOffsets(duplicated));
    if (!inTable.isEmpty()) {
      try (PreparedStatement ps =
              prepare(sql.keysAt(log.topic(), log.partition(), inTable, columns));
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          List<String> values = new ArrayList<>();
          for (int i = 0; i < columns.size(); i++) {
            values.add(String.valueOf(rs.getString(i + 2)));
          }
          keys.put(rs.getLong(1), RecordEffect.printed(columns, String.join("\u0000", values)));
        }
      }
    }
    return keys;
  }

  private static Set<Long> firstOffsets(List<long[]> finding) {
    Set<Long> offsets = new TreeSet<>();
    for (int i = 0; i < finding.size() && offsets.size() < NAMED_KEYS; i++) {
      offsets.add(finding.get(i)[0]);
    }
    return offsets;
  }

  /**
   * Asks the table which of two offsets the rows that may carry either hold (soft-deleted keys), a
   * thousand at a time.
   */
  private void resolveAlternatives() throws SQLException {
    List<Map.Entry<Long, Long>> pairs = new ArrayList<>(log.alternatives().entrySet());
    for (int from = 0; from < pairs.size(); from += ALTERNATIVES_PER_STATEMENT) {
      List<Map.Entry<Long, Long>> chunk =
          pairs.subList(from, Math.min(pairs.size(), from + ALTERNATIVES_PER_STATEMENT));
      Set<Long> present = new HashSet<>();
      try (PreparedStatement ps =
              prepare(
                  sql.presentAmong(
                      log.topic(),
                      log.partition(),
                      chunk.stream().map(Map.Entry::getValue).toList()));
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          present.add(rs.getLong(1));
        }
      }
      for (Map.Entry<Long, Long> pair : chunk) {
        if (present.contains(pair.getValue())) {
          log.takeAlternative(pair.getKey());
        }
      }
    }
  }

  /** Finds what differs in {@code [from, to)}, whose figures disagree with the log's. */
  private void narrow(long from, long to) throws SQLException {
    if (statements >= AuditLimits.NARROWING_STATEMENTS) {
      unresolved.add(new long[] {from, to - 1, to - from});
      return;
    }
    if (to - from <= AuditLimits.LISTED) {
      compareOffsets(from, to);
      return;
    }
    long width = (to - from + AuditLimits.BUCKETS - 1) / AuditLimits.BUCKETS;
    Map<Long, OffsetFigures> buckets = new HashMap<>();
    try (PreparedStatement ps =
            prepare(sql.bucketFigures(log.topic(), log.partition(), from, to, width));
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        buckets.put(rs.getLong(1), figures(rs, 2));
      }
    }
    for (long b = 0; from + b * width < to; b++) {
      long lo = from + b * width;
      long hi = Math.min(to, lo + width);
      if (!buckets.getOrDefault(b, OffsetFigures.NONE).equals(log.figures(lo, hi))) {
        narrow(lo, hi);
      }
    }
  }

  /** Counts the rows of each offset of a small range and compares them with the log. */
  private void compareOffsets(long from, long to) throws SQLException {
    Map<Long, long[]> present = new HashMap<>();
    for (long[] oc : counted(from, to, true)) {
      present.put(oc[0], oc);
    }
    for (long o = from; o < to; o++) {
      long[] found = present.get(o);
      long rowsOf = found == null ? 0 : found[1];
      boolean loads = log.loads(o);
      if (loads && rowsOf == 0) {
        note(missing, o, 1);
      } else if (loads && rowsOf > 1) {
        note(duplicated, o, rowsOf - 1);
      } else if (!loads && rowsOf > 0) {
        note(extra, o, rowsOf);
      } else if (loads && found[2] != log.digestOf(o)) {
        note(changed, o, 1);
      }
    }
  }

  private static void note(List<long[]> finding, long offset, long count) {
    if (finding.size() < AuditLimits.REPORTED) {
      finding.add(new long[] {offset, count});
    }
  }

  /** Offsets of {@code [from, to)} with rows and their row counts (a bounded number of them). */
  private List<long[]> counted(long from, long to, boolean all) throws SQLException {
    List<long[]> found = new ArrayList<>();
    int limit = all ? AuditLimits.LISTED : AuditLimits.REPORTED;
    try (PreparedStatement ps =
            prepare(sql.rowsPerOffset(log.topic(), log.partition(), from, to, limit));
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        java.math.BigDecimal digests = rs.getBigDecimal(3);
        found.add(
            new long[] {
              rs.getLong(1), rs.getLong(2), digests == null ? 0 : digests.longValueExact()
            });
      }
    }
    return found;
  }

  private PreparedStatement prepare(SqlStatement statement) throws SQLException {
    statements++;
    return Jdbc.prepare(c, statement);
  }

  private static OffsetFigures figures(ResultSet rs, int first) throws SQLException {
    return new OffsetFigures(
        rs.getLong(first),
        rs.getLong(first + 1),
        integer(rs.getBigDecimal(first + 2)),
        integer(rs.getBigDecimal(first + 3)),
        integer(rs.getBigDecimal(first + 4)));
  }

  private static BigInteger integer(BigDecimal value) {
    return value == null ? BigInteger.ZERO : value.toBigIntegerExact();
  }
}
