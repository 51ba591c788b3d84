package dev.redsink.core.encode;

import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The codec of the Parquet pages Redsink writes. Redshift's COPY reads Parquet through Spectrum,
 * which reads all four; zstd is the reference design's choice (small files for little CPU).
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/copy-usage_notes-copy-from-columnar.html">COPY
 *     from columnar data formats</a>
 */
public enum ParquetCompression {
  ZSTD(CompressionCodecName.ZSTD),
  SNAPPY(CompressionCodecName.SNAPPY),
  GZIP(CompressionCodecName.GZIP),
  NONE(CompressionCodecName.UNCOMPRESSED);

  /** zstd's default level: about 150 MB/s per core with a 2x ratio on typical payloads. */
  public static final int ZSTD_LEVEL = 3;

  private final CompressionCodecName codecName;

  ParquetCompression(CompressionCodecName codecName) {
    this.codecName = codecName;
  }

  /** The configuration spelling: {@code zstd}, {@code snappy}, {@code gzip} or {@code none}. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The codec as Parquet's footer names it. */
  CompressionCodecName codecName() {
    return codecName;
  }

  /** A fresh page compressor; its buffers and native context are reused until it is closed. */
  PageCodec newCodec() {
    return switch (this) {
      case ZSTD -> new PageCodec.Zstd(ZSTD_LEVEL);
      case SNAPPY -> new PageCodec.Snappy();
      case GZIP -> new PageCodec.Gzip();
      case NONE -> new PageCodec.None();
    };
  }
}
