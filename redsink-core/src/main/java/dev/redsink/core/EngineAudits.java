package dev.redsink.core;

import dev.redsink.core.load.TableAudits;
import dev.redsink.core.verify.EffectReader;
import dev.redsink.core.verify.LogPartition;
import dev.redsink.core.verify.PartitionReport;
import dev.redsink.core.verify.TopicReplay;
import dev.redsink.core.verify.ValueReport;
import java.util.List;
import java.util.Map;

/** {@link Audits} over the engine's {@link TableAudits}. */
final class EngineAudits implements Audits {
  private final TableAudits audits;

  EngineAudits(TableAudits audits) {
    this.audits = audits;
  }

  @Override
  public String tableOf(String topic) {
    return audits.tableOf(topic).toString();
  }

  @Override
  public List<String> ledgerTopics() {
    return audits.ledgerTopics();
  }

  @Override
  public EffectReader effects(boolean tombstonesLoad) {
    return audits.effects(tombstonesLoad);
  }

  @Override
  public Map<Integer, Long> ledger(String topic) {
    return audits.ledger(topic);
  }

  @Override
  public List<Integer> tablePartitions(String topic) {
    return audits.tablePartitions(topic);
  }

  @Override
  public long rowsWithoutOffset(String topic) {
    return audits.rowsWithoutOffset(topic);
  }

  @Override
  public PartitionReport audit(LogPartition log, TopicReplay replay) {
    return audits.audit(log, replay);
  }

  @Override
  public ValueReport values(String topic, ReplaceRun run, List<String> keyColumns) {
    return audits.values(topic, run.runTable(), keyColumns);
  }

  @Override
  public void close() {
    audits.close();
  }
}
