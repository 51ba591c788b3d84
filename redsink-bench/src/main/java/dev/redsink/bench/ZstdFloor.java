package dev.redsink.bench;

import com.github.luben.zstd.Zstd;

/**
 * The floor no Parquet writer can beat: zstd-jni compressing the payload bytes alone, in 1 MiB
 * blocks (Parquet's page size) into a reused buffer, at the level Redsink's codec uses.
 */
final class ZstdFloor {
  /** Redsink's zstd level (ParquetCompression.ZSTD_LEVEL). */
  static final int LEVEL = dev.redsink.core.encode.ParquetCompression.ZSTD_LEVEL;

  private static final int BLOCK = 1 << 20;

  private final byte[] out = new byte[(int) Zstd.compressBound(BLOCK)];

  /** Compresses {@code bytes} block by block; returns the compressed size. */
  long compress(byte[] bytes) {
    long total = 0;
    for (int from = 0; from < bytes.length; from += BLOCK) {
      int length = Math.min(BLOCK, bytes.length - from);
      total += Zstd.compressByteArray(out, 0, out.length, bytes, from, length, LEVEL);
    }
    return total;
  }
}
