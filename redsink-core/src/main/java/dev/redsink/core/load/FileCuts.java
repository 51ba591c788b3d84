package dev.redsink.core.load;

import dev.redsink.core.config.FileSplit;
import dev.redsink.core.record.Record;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a load's records into the row ranges of its Parquet files (see {@link FileSplit}): {@code
 * batch_size} rows per file, or about equal shares of the record data when files are cut by size or
 * rounded to the cluster's slices. Every file gets at least one record; order is kept.
 */
final class FileCuts {
  /** What a row adds besides its value and key: metadata columns, Parquet's own overhead. */
  static final int ROW_OVERHEAD_BYTES = 32;

  private FileCuts() {}

  static List<List<Record>> cut(List<Record> records, FileSplit split) {
    int rows = records.size();
    List<List<Record>> files = new ArrayList<>();
    if (rows == 0) {
      return files; // nothing to stage (a load of tombstones that delete nothing)
    }
    if (split.maxFileBytes().isEmpty() && split.slices().isEmpty()) {
      for (int from = 0; from < rows; from += split.batchSize()) {
        files.add(records.subList(from, Math.min(rows, from + split.batchSize())));
      }
      return files;
    }
    long total = 0;
    for (Record r : records) {
      total += bytes(r);
    }
    int count = split.fileCount(rows, total);
    if (split.maxFileBytes().isEmpty()) {
      // Rounded to slices: equal row counts keep every file within batch_size rows.
      for (int file = 0; file < count; file++) {
        files.add(
            records.subList(
                (int) ((long) rows * file / count), (int) ((long) rows * (file + 1) / count)));
      }
      return files;
    }
    int from = 0;
    long seen = 0;
    for (int file = 0; file < count; file++) {
      int left = count - file - 1;
      long boundary = total * (file + 1) / count;
      int to = from + 1;
      seen += bytes(records.get(from));
      while (to < rows - left && seen < boundary) {
        seen += bytes(records.get(to));
        to++;
      }
      if (left == 0) {
        to = rows;
      }
      files.add(records.subList(from, to));
      from = to;
    }
    return files;
  }

  /** The bytes a record adds to a file before compression, as far as sizing files goes. */
  static long bytes(Record r) {
    return (r.value() == null ? 0 : r.value().length)
        + (r.key() == null ? 0 : r.key().length)
        + ROW_OVERHEAD_BYTES;
  }
}
