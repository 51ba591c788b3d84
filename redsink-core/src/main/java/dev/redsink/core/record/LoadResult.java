package dev.redsink.core.record;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What one {@link RedshiftSink#write} did: records received; records skipped because the ledger
 * already covered them; rows loaded ({@code loaded}: in upsert and cdc the changes applied, one per
 * key, so fewer than the records); per table the rows, files, bytes and time by phase; the next
 * offset now committed per partition (what a runtime may acknowledge); and per partition the
 * records whose rows and ledger entries this sink committed ({@code committed}). Those are the
 * records received and not skipped, plus what an earlier write of this sink committed and did not
 * report because it then failed (a table that committed before another failed, a COMMIT whose reply
 * was lost but which landed; its retry finds those records in the ledger), whose table loads are
 * then in {@code tables} too. A COMMIT whose reply was lost counts as this sink's when the ledger
 * covers its records afterwards: a second writer loading the same records at that moment is taken
 * for it.
 */
public record LoadResult(
    int received,
    int skipped,
    int loaded,
    List<TableLoad> tables,
    Map<TopicPartition, Long> next,
    Map<TopicPartition, Integer> committed) {

  public LoadResult {
    tables = List.copyOf(tables);
    next = Map.copyOf(next);
    committed = Map.copyOf(committed);
  }

  /** Records this sink committed, all partitions together (each once, whatever rows it made). */
  public int committedRecords() {
    return committed.values().stream().mapToInt(Integer::intValue).sum();
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
}
