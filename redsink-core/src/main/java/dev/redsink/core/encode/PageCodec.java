package dev.redsink.core.encode;

import com.github.luben.zstd.ZstdCompressCtx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Compresses one Parquet page at a time into a caller's array, reusing its native context between
 * pages. Not thread-safe: one per file being written.
 */
abstract sealed class PageCodec implements AutoCloseable {

  /** The most bytes {@link #compress} may write for {@code length} input bytes. */
  abstract int maxCompressedLength(int length);

  /**
   * Compresses {@code in[inOffset, inOffset + length)} into {@code out} at {@code outOffset}, which
   * has at least {@link #maxCompressedLength} bytes of room; returns the compressed length.
   */
  abstract int compress(byte[] in, int inOffset, int length, byte[] out, int outOffset);

  @Override
  public void close() {}

  /** zstd at a fixed level with one reused context. */
  static final class Zstd extends PageCodec {
    private final int level;
    private ZstdCompressCtx ctx;

    Zstd(int level) {
      this.level = level;
    }

    @Override
    int maxCompressedLength(int length) {
      return (int) com.github.luben.zstd.Zstd.compressBound(length);
    }

    @Override
    int compress(byte[] in, int inOffset, int length, byte[] out, int outOffset) {
      if (ctx == null) {
        ctx = new ZstdCompressCtx().setLevel(level);
      }
      return ctx.compressByteArray(out, outOffset, out.length - outOffset, in, inOffset, length);
    }

    @Override
    public void close() {
      if (ctx != null) {
        ctx.close();
        ctx = null;
      }
    }
  }

  /** Raw Snappy blocks, as Parquet's SNAPPY codec writes them (no framing). */
  static final class Snappy extends PageCodec {
    @Override
    int maxCompressedLength(int length) {
      return org.xerial.snappy.Snappy.maxCompressedLength(length);
    }

    @Override
    int compress(byte[] in, int inOffset, int length, byte[] out, int outOffset) {
      try {
        return org.xerial.snappy.Snappy.compress(in, inOffset, length, out, outOffset);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot compress a Parquet page with Snappy", e);
      }
    }
  }

  /**
   * A gzip member (RFC 1952) per page, as Parquet's GZIP codec writes them, at zlib's default level
   * 6; one reused deflater.
   */
  static final class Gzip extends PageCodec {
    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    private final CRC32 crc = new CRC32();

    @Override
    int maxCompressedLength(int length) {
      // zlib's deflateBound for a raw stream, plus the 10-byte header and 8-byte trailer.
      return length + ((length + 7) >> 3) + ((length + 63) >> 6) + 5 + HEADER.length + 8;
    }

    @Override
    int compress(byte[] in, int inOffset, int length, byte[] out, int outOffset) {
      System.arraycopy(HEADER, 0, out, outOffset, HEADER.length);
      int at = outOffset + HEADER.length;
      int end = outOffset + maxCompressedLength(length) - 8;
      deflater.reset();
      deflater.setInput(in, inOffset, length);
      deflater.finish();
      while (!deflater.finished()) {
        if (at >= end) {
          throw new IllegalStateException("gzip page exceeded its bound of " + (end - outOffset));
        }
        at += deflater.deflate(out, at, end - at);
      }
      crc.reset();
      crc.update(in, inOffset, length);
      at = writeIntLe(out, at, (int) crc.getValue());
      at = writeIntLe(out, at, length);
      return at - outOffset;
    }

    @Override
    public void close() {
      deflater.end();
    }

    private static int writeIntLe(byte[] into, int at, int value) {
      into[at] = (byte) value;
      into[at + 1] = (byte) (value >>> 8);
      into[at + 2] = (byte) (value >>> 16);
      into[at + 3] = (byte) (value >>> 24);
      return at + 4;
    }
  }

  /** Pages stored as they are. */
  static final class None extends PageCodec {
    @Override
    int maxCompressedLength(int length) {
      return length;
    }

    @Override
    int compress(byte[] in, int inOffset, int length, byte[] out, int outOffset) {
      System.arraycopy(in, inOffset, out, outOffset, length);
      return length;
    }
  }
}
