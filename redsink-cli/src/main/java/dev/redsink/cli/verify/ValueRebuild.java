package dev.redsink.cli.verify;

import dev.redsink.core.Audits;
import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.core.record.Record;
import dev.redsink.core.verify.LogPartition;
import dev.redsink.core.verify.TopicReplay;
import dev.redsink.core.verify.ValueReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code redsink verify --values}: the topic's records up to the ledger (but those on the dead
 * letter queue and those a load refuses) loaded again, by the loads' own code, into a replace run's
 * table beside the target, which is compared with the table column by column in the cluster and
 * then dropped; the target is never touched.
 */
public final class ValueRebuild {
  private static final int BATCH = 10_000;

  private final Map<String, Object> pluginConfig;
  private final Audits audits;

  public ValueRebuild(Map<String, Object> pluginConfig, Audits audits) {
    this.pluginConfig = pluginConfig;
    this.audits = audits;
  }

  /** Rebuilds the replayed topic from {@code log} (or {@code file}) and compares. */
  public ValueReport compare(String topic, TopicReplay replay, TopicLog log, FileLog file)
      throws IOException {
    try (RedshiftSink sink = RedshiftSink.open(pluginConfig);
        ReplaceRun run = sink.replace(topic)) {
      List<Record> batch = new ArrayList<>();
      for (LogPartition p : replay.partitions().values()) {
        java.util.function.Consumer<Record> each =
            r -> {
              if (p.covers(r.offset()) && !p.deadLettered(r.offset()) && sink.check(r).isEmpty()) {
                batch.add(r);
                if (batch.size() >= BATCH) {
                  run.write(List.copyOf(batch));
                  batch.clear();
                }
              }
            };
        if (file != null) {
          if (p.partition() == 0) {
            file.read(p, each, read -> {});
          }
        } else {
          log.read(p, each, read -> {});
        }
      }
      if (!batch.isEmpty()) {
        run.write(List.copyOf(batch));
      }
      ValueReport values = audits.values(topic, run, replay.keyColumns());
      run.abort();
      return values;
    }
  }
}
