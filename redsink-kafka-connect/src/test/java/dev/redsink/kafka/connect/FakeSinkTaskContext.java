package dev.redsink.kafka.connect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;

/** Records what a task asks of Connect: seeks, timeouts and errant-record reports. */
final class FakeSinkTaskContext implements SinkTaskContext {
  final Map<TopicPartition, Long> seeks = new HashMap<>();
  final Set<TopicPartition> assignment = new HashSet<>();
  final Set<TopicPartition> paused = new HashSet<>();
  final List<SinkRecord> reported = new ArrayList<>();
  final List<CompletableFuture<Void>> reports = new ArrayList<>();
  boolean reporterEnabled = true;
  boolean completeReportsAtOnce = true;
  long timeout = -1;

  @Override
  public Map<String, String> configs() {
    return Map.of();
  }

  @Override
  public void offset(Map<TopicPartition, Long> offsets) {
    seeks.putAll(offsets);
  }

  @Override
  public void offset(TopicPartition tp, long offset) {
    seeks.put(tp, offset);
  }

  @Override
  public void timeout(long timeoutMs) {
    timeout = timeoutMs;
  }

  @Override
  public Set<TopicPartition> assignment() {
    return assignment;
  }

  @Override
  public void pause(TopicPartition... partitions) {
    paused.addAll(List.of(partitions));
  }

  @Override
  public void resume(TopicPartition... partitions) {
    List.of(partitions).forEach(paused::remove);
  }

  @Override
  public void requestCommit() {}

  @Override
  public ErrantRecordReporter errantRecordReporter() {
    return reporterEnabled ? this::report : null;
  }

  private Future<Void> report(SinkRecord record, Throwable error) {
    reported.add(record);
    CompletableFuture<Void> future = new CompletableFuture<>();
    if (completeReportsAtOnce) {
      future.complete(null);
    }
    reports.add(future);
    return future;
  }

  @Override
  public PluginMetrics pluginMetrics() {
    return null;
  }
}
