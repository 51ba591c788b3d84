package dev.redsink.core.config;

import java.util.Optional;

/**
 * How a load is cut into Parquet files: {@code batchSize} rows per file, or files of about equal
 * size holding at most {@code maxFileBytes} of record data; the file count rounded up to a multiple
 * of {@code slices} when set; {@code uploadConcurrency} files encoded and uploaded at once.
 */
public record FileSplit(
    int batchSize, Optional<Long> maxFileBytes, Optional<Integer> slices, int uploadConcurrency) {

  /** The reference design's rows per file, for {@link #rows} where batch_size is unset. */
  public static final int REFERENCE_ROWS = 100;

  /**
   * Record data per file when neither batch_size nor max_file_bytes is set: a load of the default
   * 64 MB flush is four files, encoded and uploaded side by side, each 1 MB or more after
   * compression for all but small loads, as AWS advises.
   */
  public static final long DEFAULT_FILE_BYTES = 16 * ByteSizes.MIB;

  /** Rounding to slices stops where files would hold less than this much record data. */
  public static final long MIN_SLICE_FILE_BYTES = ByteSizes.MIB;

  public FileSplit {
    if (batchSize < 1 || uploadConcurrency < 1) {
      throw new IllegalArgumentException("batchSize and uploadConcurrency must be above 0");
    }
  }

  /** batch_size rows per file, one upload at a time: the reference design's behaviour. */
  public static FileSplit rows(int batchSize) {
    return new FileSplit(batchSize, Optional.empty(), Optional.empty(), 1);
  }

  /**
   * The number of files for a load of {@code rows} records holding {@code bytes} of record data:
   * never more files than rows, never fewer than one.
   */
  public int fileCount(int rows, long bytes) {
    if (rows <= 1) {
      return 1;
    }
    long count =
        maxFileBytes.isPresent()
            ? ceilDiv(bytes, maxFileBytes.get())
            : ceilDiv(rows, (long) batchSize);
    count = Math.max(1, count);
    if (slices.isPresent()) {
      long rounded = ceilDiv(count, slices.get()) * slices.get();
      if (rounded > count && bytes / rounded >= MIN_SLICE_FILE_BYTES) {
        count = rounded;
      }
    }
    return (int) Math.min(rows, count);
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
