package dev.redsink.core.encode;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A Parquet codec factory that calls zstd-jni directly. Parquet's own factory goes through Hadoop's
 * CompressionCodec and fails without Hadoop on the classpath (NoClassDefFoundError for
 * org.apache.hadoop.conf.Configurable).
 */
public final class ZstdCodecFactory implements CompressionCodecFactory {
  /** zstd's default level: about 150 MB/s per core with a 2x ratio on typical payloads. */
  public static final int DEFAULT_LEVEL = 3;

  private final int level;
  private final List<PageCompressor> compressors = new ArrayList<>();

  public ZstdCodecFactory(int level) {
    this.level = level;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    requireZstd(codec);
    PageCompressor compressor = new PageCompressor(level);
    synchronized (compressors) {
      compressors.add(compressor);
    }
    return compressor;
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    requireZstd(codec);
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        return BytesInput.from(Zstd.decompress(toArray(bytes), uncompressedSize));
      }

      @Override
      public void decompress(
          ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
          throws IOException {
        byte[] in = new byte[compressedSize];
        input.get(in);
        output.put(Zstd.decompress(in, uncompressedSize));
      }

      @Override
      public void release() {}
    };
  }

  /** Frees the compression contexts of every compressor this factory made. */
  @Override
  public void release() {
    synchronized (compressors) {
      compressors.forEach(PageCompressor::release);
      compressors.clear();
    }
  }

  /**
   * Compresses pages with one zstd context and two buffers reused page after page. Parquet copies
   * or writes out a compressed page before it compresses the next one, as it does for its own
   * codecs, so the returned bytes may share the output buffer.
   */
  private static final class PageCompressor implements BytesInputCompressor {
    private final int level;
    private final PageBuffer in = new PageBuffer();
    private ZstdCompressCtx ctx;
    private byte[] out = new byte[0];

    PageCompressor(int level) {
      this.level = level;
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      if (ctx == null) {
        ctx = new ZstdCompressCtx().setLevel(level);
      }
      in.reset();
      bytes.writeAllTo(in);
      int bound = (int) Zstd.compressBound(in.size());
      if (out.length < bound) {
        out = new byte[bound];
      }
      int size = ctx.compressByteArray(out, 0, out.length, in.array(), 0, in.size());
      return BytesInput.from(out, 0, size);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.ZSTD;
    }

    @Override
    public void release() {
      if (ctx != null) {
        ctx.close();
        ctx = null;
      }
    }
  }

  /** A page's uncompressed bytes, exposed without ByteArrayOutputStream's defensive copy. */
  private static final class PageBuffer extends ByteArrayOutputStream {
    byte[] array() {
      return buf;
    }
  }

  private static byte[] toArray(BytesInput bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) bytes.size());
    bytes.writeAllTo(out);
    return out.toByteArray();
  }

  private static void requireZstd(CompressionCodecName codec) {
    if (codec != CompressionCodecName.ZSTD) {
      throw new IllegalArgumentException(
          "Cannot compress with " + codec + ": only ZSTD is available without Hadoop");
    }
  }
}
