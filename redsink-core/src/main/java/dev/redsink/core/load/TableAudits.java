package dev.redsink.core.load;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LedgerEntry;
import dev.redsink.core.sql.AuditSql;
import dev.redsink.core.sql.ValueAuditSql;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnRole;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.typed.ChangeEffects;
import dev.redsink.core.verify.EffectReader;
import dev.redsink.core.verify.LogPartition;
import dev.redsink.core.verify.OffsetRange;
import dev.redsink.core.verify.PartitionReport;
import dev.redsink.core.verify.TopicReplay;
import dev.redsink.core.verify.ValueReport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code redsink verify} on the Redshift side, read-only: a connector's ledger rows and the audit
 * of each partition of its tables against the partition's log. Writes nothing, locks nothing.
 */
public final class TableAudits implements AutoCloseable {
  private final RedsinkConfig config;
  private final ConnectionPool pool;
  private final LedgerTables ledgers;

  private TableAudits(RedsinkConfig config, ConnectionPool pool, LedgerTables ledgers) {
    this.config = config;
    this.pool = pool;
    this.ledgers = ledgers;
  }

  /**
   * Parses the raw configuration (reference key names), refuses a layout it cannot audit, and
   * connects.
   *
   * @throws RedsinkException naming the key, when the tables have no offset columns
   */
  public static TableAudits open(Map<String, ?> rawConfig) {
    RedsinkConfig config = ConfigParser.parse(rawConfig).config();
    if (config.rowLayout().column(ColumnRole.OFFSET).isEmpty()) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Cannot verify: include_metadata = false, so the tables have no offset column to compare"
              + " with the log. Verify audits tables loaded with include_metadata = true (the"
              + " default).");
    }
    ConnectionPool pool = ConnectionPool.open(config.get(ConfigKeys.CONNECTION_STRING), 1);
    return new TableAudits(config, pool, LedgerTables.over(config, pool));
  }

  /** The table a topic loads into. */
  public TableName tableOf(String topic) {
    return ledgers.tableOf(topic);
  }

  /**
   * What each record does to the tables, read by the loads' own reader.
   *
   * @param tombstonesLoad whether the runtime stored a tombstone of an append as a row
   */
  public EffectReader effects(boolean tombstonesLoad) {
    return new ChangeEffects(config.rowLayout(), config.write(), tombstonesLoad);
  }

  /** The ledger's next offset per partition of {@code topic}. */
  public Map<Integer, Long> ledger(String topic) {
    Map<Integer, Long> next = new TreeMap<>();
    for (LedgerEntry e : ledgers.entriesOf(topic)) {
      next.put(e.partition(), e.nextOffset());
    }
    return next;
  }

  /** The topics with ledger rows in this connector's tables. */
  public List<String> ledgerTopics() {
    return ledgers.entries().stream().map(LedgerEntry::topic).distinct().sorted().toList();
  }

  /** The partitions of {@code topic} that have rows in its table; none when it does not exist. */
  public List<Integer> tablePartitions(String topic) {
    TableName table = tableOf(topic);
    try (Connection c = pool.connection()) {
      if (TargetTables.columns(c, table).isEmpty()) {
        return List.of();
      }
      List<Integer> found = new ArrayList<>();
      try (PreparedStatement ps = Jdbc.prepare(c, sql(table).partitions(topic));
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.add(Math.toIntExact(rs.getLong(1)));
        }
      }
      return found;
    } catch (SQLException e) {
      throw SqlStates.wrap("read the partitions of " + topic + " in " + table, e);
    }
  }

  /** Rows of {@code topic}'s table without a topic, partition or offset: no audit sees them. */
  public long rowsWithoutOffset(String topic) {
    TableName table = tableOf(topic);
    try (Connection c = pool.connection();
        Statement s = c.createStatement()) {
      if (TargetTables.columns(c, table).isEmpty()) {
        return 0;
      }
      try (ResultSet rs = s.executeQuery(sql(table).rowsWithoutOffset())) {
        rs.next();
        return rs.getLong(1);
      }
    } catch (SQLException e) {
      throw SqlStates.wrap("count the rows without an offset in " + table, e);
    }
  }

  /** Audits one partition of its topic's table against what its log says the table must hold. */
  public PartitionReport audit(LogPartition log, TopicReplay replay) {
    TableName table = tableOf(log.topic());
    try (Connection c = pool.connection()) {
      if (TargetTables.columns(c, table).isEmpty()) {
        return noTable(table, log);
      }
      return new OffsetAudit(c, sql(table), table.toString(), log, replay).run();
    } catch (SQLException e) {
      throw SqlStates.wrap(
          "audit " + table + " (topic " + log.topic() + ", partition " + log.partition() + ")", e);
    }
  }

  /**
   * Compares the topic's table, column by column, with the topic rebuilt from the log in a replace
   * run's table ({@code runTable}, as {@link dev.redsink.core.ReplaceRun#runTable} names it, beside
   * the target): rows matched by the record's id, or for upsert and cdc by {@code keyColumns}.
   * Compared are the columns both tables have but created_at (the load's time) and, for upsert and
   * cdc, the metadata columns (a soft delete keeps its row's; the offset audit checks them).
   */
  public ValueReport values(String topic, String runTable, List<String> keyColumns) {
    TableName target = tableOf(topic);
    TableName run =
        new TableName(target.schema(), runTable.substring(runTable.lastIndexOf('.') + 1));
    RowLayout layout = config.rowLayout();
    boolean byKey =
        config.write().mode() == WriteMode.UPSERT || config.write().mode() == WriteMode.CDC;
    List<String> join = byKey ? keyColumns : List.of(name(layout, ColumnRole.ID));
    if (join.isEmpty()) {
      // No change of the topic had a key: there is nothing to match rows by.
      return new ValueReport(target.toString(), topic, List.of(), 0, 0, 0, List.of());
    }
    Set<String> skipped = new HashSet<>();
    for (Column c : layout.columns()) {
      if (c.role() == ColumnRole.CREATED_AT || (byKey && c.role() != ColumnRole.FIELD)) {
        skipped.add(TableName.fold(c.name()));
      }
    }
    try (Connection c = pool.connection()) {
      Set<String> inRun = new HashSet<>();
      for (ExistingColumn e : TargetTables.columns(c, run)) {
        inRun.add(TableName.fold(e.name()));
      }
      List<ExistingColumn> compared = new ArrayList<>();
      for (ExistingColumn e : TargetTables.columns(c, target)) {
        String name = TableName.fold(e.name());
        if (inRun.contains(name) && !skipped.contains(name) && !join.contains(name)) {
          compared.add(e);
        }
      }
      return new ValueAudit(
              c,
              new ValueAuditSql(target, run, name(layout, ColumnRole.TOPIC), join, compared),
              target.toString(),
              topic)
          .run();
    } catch (SQLException e) {
      throw SqlStates.wrap("compare " + target + " with " + run, e);
    }
  }

  /** A table that does not exist holds nothing: every record that loads a row is missing. */
  private static PartitionReport noTable(TableName table, LogPartition log) {
    List<long[]> missing = new ArrayList<>();
    for (long o = log.start(); o < log.readUntil(); o++) {
      if (log.loads(o)) {
        missing.add(new long[] {o, 1});
      }
    }
    return new PartitionReport(
        table.toString(),
        log.topic(),
        log.partition(),
        log.start(),
        log.end(),
        log.ledgerNext(),
        0,
        log.settled(),
        log.deadLettered(),
        log.refused(),
        OffsetRange.of(missing),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        0,
        Math.max(0, log.end() - Math.max(log.ledgerNext(), log.start())),
        Map.of(),
        1);
  }

  private AuditSql sql(TableName table) {
    RowLayout layout = config.rowLayout();
    String digest =
        layout.isTyped() || layout.payloadFormat() == PayloadFormat.SUPER
            ? null
            : AuditSql.payloadDigest(
                name(layout, ColumnRole.PAYLOAD), layout.payloadFormat() == PayloadFormat.VARBYTE);
    return new AuditSql(
        table,
        name(layout, ColumnRole.OFFSET),
        name(layout, ColumnRole.TOPIC),
        name(layout, ColumnRole.PARTITION),
        digest);
  }

  private static String name(RowLayout layout, ColumnRole role) {
    return layout.column(role).map(Column::name).orElseThrow();
  }

  @Override
  public void close() {
    ledgers.close(); // and the pool it reads through
  }
}
