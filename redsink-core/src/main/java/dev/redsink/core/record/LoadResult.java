package dev.redsink.core.record;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What one {@link RedshiftSink#write} did: records received, skipped because the ledger already
 * covered them, and loaded; per table the rows, files, bytes and time by phase; and the next offset
 * now committed per partition (what a runtime may acknowledge).
 */
public record LoadResult(
    int received, int skipped, int loaded, List<TableLoad> tables, Map<TopicPartition, Long> next) {

  public LoadResult {
    tables = List.copyOf(tables);
    next = Map.copyOf(next);
  }

  /**
   * One table's load within a write. {@code stage} is the wall time of encoding and uploading the
   * files; {@code encode} and {@code upload} are summed over files, which are encoded and uploaded
   * {@code upload_concurrency} at a time, so together they may exceed {@code stage}. {@code
   * recordBytes} is the key, value and header bytes of the records staged, {@code bytes} the
   * Parquet bytes.
   */
  public record TableLoad(
      String table,
      int rows,
      long recordBytes,
      int files,
      long bytes,
      int attempts,
      Duration stage,
      Duration encode,
      Duration upload,
      Duration copy,
      Duration insert,
      Duration commit) {}

  static LoadResult empty(int received) {
    return new LoadResult(received, received, 0, List.of(), Map.of());
  }
}
