package dev.redsink.cli.verify;

import dev.redsink.core.Audits;
import dev.redsink.core.verify.LogPartition;
import dev.redsink.core.verify.TopicReplay;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongConsumer;

/**
 * One topic's table audited against the topic's log (Kafka, or the file {@code redsink load} read):
 * every partition the ledger, the table or the log knows read once into a replay of the topic, then
 * each audited in the cluster.
 *
 * @param log the Kafka log; null when {@code file} is given
 * @param file the file the topic was loaded from; null for Kafka
 * @param partition the only partition to audit; null for all
 * @param deadLetterTopic Kafka Connect's dead letter queue; null for none
 * @param tombstonesLoad whether the runtime stored tombstones of an append as rows
 * @param values for --values, the rebuild the table's values are compared with; null for none
 */
public record TopicAudit(
    Audits audits,
    TopicLog log,
    FileLog file,
    String topic,
    Integer partition,
    String deadLetterTopic,
    boolean tombstonesLoad,
    ValueRebuild values) {

  /** Audits the topic's partitions into the report. */
  public void run(VerifyReport report, ReadProgress progress) throws IOException {
    Map<Integer, Long> ledger = audits.ledger(topic);
    if (ledger.isEmpty() && audits.tablePartitions(topic).isEmpty()) {
      report.note(
          "topic "
              + topic
              + ": nothing loaded yet (no ledger row, no row in "
              + audits.tableOf(topic)
              + ")");
      return;
    }
    DeadLetters dead =
        log != null && deadLetterTopic != null
            ? log.deadLetters(deadLetterTopic, topic)
            : DeadLetters.NONE;
    if (dead.unattributed() > 0) {
      report.note(
          dead.unattributed()
              + " records on the dead letter queue "
              + deadLetterTopic
              + " carry no __connect.errors.* headers: set"
              + " errors.deadletterqueue.context.headers.enable = true so verify can tell whose"
              + " they are");
    }
    Set<Integer> partitions = new TreeSet<>(ledger.keySet());
    partitions.addAll(audits.tablePartitions(topic));
    if (log != null) {
      partitions.addAll(log.partitions(topic));
    } else {
      partitions.add(0);
    }
    if (partition != null) {
      partitions.retainAll(Set.of(partition));
    }
    TopicReplay replay = new TopicReplay(audits.effects(tombstonesLoad));
    long fileEnd = file == null ? 0 : file.end();
    for (int p : partitions) {
      long[] range = file != null ? new long[] {0, p == 0 ? fileEnd : 0} : log.range(topic, p);
      replay.add(
          new LogPartition(topic, p, range[0], range[1], ledger.getOrDefault(p, 0L), dead.of(p)));
    }
    for (LogPartition p : replay.partitions().values()) {
      LongConsumer shown =
          progress.of(topic, p.partition(), Math.max(0, p.readUntil() - p.start()));
      if (file != null) {
        if (p.partition() == 0) {
          file.read(p, replay::record, shown);
        }
      } else {
        log.read(p, replay::record, shown);
      }
      progress.done();
    }
    replay.finish();
    for (LogPartition p : replay.partitions().values()) {
      report.add(audits.audit(p, replay));
    }
    report.withoutOffset(audits.tableOf(topic), audits.rowsWithoutOffset(topic));
    if (values != null) {
      report.values(values.compare(topic, replay, log, file));
    }
  }
}
