package dev.redsink.core;

import dev.redsink.core.load.TableAudits;
import dev.redsink.core.verify.EffectReader;
import dev.redsink.core.verify.LogPartition;
import dev.redsink.core.verify.PartitionReport;
import dev.redsink.core.verify.TopicReplay;
import dev.redsink.core.verify.ValueReport;
import java.util.List;
import java.util.Map;

/**
 * {@code redsink verify} on the Redshift side, read-only: a connector's ledger rows, and each
 * partition of its tables audited against what the partition's log says the table must hold, by
 * aggregate SQL in the cluster. Writes nothing, locks nothing.
 */
public interface Audits extends AutoCloseable {

  /**
   * Parses the raw configuration (reference key names) and connects with one connection.
   *
   * @throws dev.redsink.core.error.RedsinkException naming the key when its tables cannot be
   *     audited (no offset column)
   */
  static Audits open(Map<String, ?> rawConfig) {
    return new EngineAudits(TableAudits.open(rawConfig));
  }

  /** The table a topic loads into, as Redshift names it. */
  String tableOf(String topic);

  /** The topics with ledger rows in this connector's tables. */
  List<String> ledgerTopics();

  /**
   * What each record does to the tables, read by the loads' own reader: a row of its own, a key's
   * row, a delete, nothing, or a refusal.
   *
   * @param tombstonesLoad whether the runtime stored a tombstone of an append as a row ({@code
   *     redsink run} and {@code load} do; Kafka Connect skips it)
   */
  EffectReader effects(boolean tombstonesLoad);

  /** The ledger's next offset per partition of {@code topic}. */
  Map<Integer, Long> ledger(String topic);

  /** The partitions of {@code topic} that have rows in its table; none when it does not exist. */
  List<Integer> tablePartitions(String topic);

  /** Rows of {@code topic}'s table without a topic, partition or offset: no audit sees them. */
  long rowsWithoutOffset(String topic);

  /**
   * Audits one partition of its topic's table against what its log says the table must hold, once
   * {@code replay} replayed every partition of the topic.
   */
  PartitionReport audit(LogPartition log, TopicReplay replay);

  /**
   * Compares the topic's table, column by column, with the topic rebuilt from its log in {@code
   * run}'s table (written up to the ledger, never committed): for {@code redsink verify --values}.
   *
   * @param keyColumns for upsert and cdc, the key's columns ({@link TopicReplay#keyColumns})
   */
  ValueReport values(String topic, ReplaceRun run, List<String> keyColumns);

  @Override
  void close();
}
