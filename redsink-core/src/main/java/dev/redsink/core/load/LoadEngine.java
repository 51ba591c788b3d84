package dev.redsink.core.load;

import dev.redsink.core.LoadResult;
import dev.redsink.core.Record;
import dev.redsink.core.TopicPartition;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.BadRecordException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs loads: groups records by table, filters by the ledger, stages and loads each table. */
public final class LoadEngine implements AutoCloseable {

  private LoadEngine() {}

  public static LoadEngine open(RedsinkConfig config) {
    throw new UnsupportedOperationException("not yet");
  }

  public LoadResult write(List<Record> batch) {
    throw new UnsupportedOperationException("not yet");
  }

  public Optional<BadRecordException> check(Record record) {
    throw new UnsupportedOperationException("not yet");
  }

  public Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions) {
    throw new UnsupportedOperationException("not yet");
  }

  @Override
  public void close() {}
}
