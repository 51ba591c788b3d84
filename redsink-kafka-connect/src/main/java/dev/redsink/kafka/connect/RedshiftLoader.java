package dev.redsink.kafka.connect;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@link Loader} over the Redsink engine. */
final class RedshiftLoader implements Loader {
  private final RedshiftSink sink;

  private RedshiftLoader(RedshiftSink sink) {
    this.sink = sink;
  }

  static Loader open(Map<String, String> coreConfig) {
    return new RedshiftLoader(RedshiftSink.open(coreConfig));
  }

  @Override
  public LoadResult write(List<Record> batch, Map<TopicPartition, Long> settledThrough) {
    return sink.write(batch, settledThrough);
  }

  @Override
  public Optional<BadRecordException> check(Record record) {
    return sink.check(record);
  }

  @Override
  public RecordVerdict judge(Record record) {
    return sink.judge(record);
  }

  @Override
  public String tableOf(String topic) {
    return sink.tableOf(topic);
  }

  @Override
  public Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions) {
    return sink.nextOffsets(partitions);
  }

  @Override
  public boolean appliesTombstones() {
    return sink.appliesTombstones();
  }

  @Override
  public Duration retryDelay(int failures) {
    return sink.retryDelay(failures);
  }

  @Override
  public Duration retryTimeout() {
    return sink.retryTimeout();
  }

  @Override
  public void close() {
    sink.close();
  }
}
