package dev.redsink.core.encode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A Parquet codec factory over {@link PageCodec}, for parquet-java's record writer. Parquet's own
 * factory goes through Hadoop's CompressionCodec and fails without Hadoop on the classpath.
 * Write-only: Redsink never reads Parquet.
 */
final class PageCodecFactory implements CompressionCodecFactory {
  private final ParquetCompression compression;
  private final List<PageCompressor> compressors = new ArrayList<>();

  PageCodecFactory(ParquetCompression compression) {
    this.compression = compression;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    if (codec != compression.codecName()) {
      throw new IllegalArgumentException(
          "Cannot compress with " + codec + ": this writer is set up for " + compression);
    }
    PageCompressor compressor = new PageCompressor(compression);
    synchronized (compressors) {
      compressors.add(compressor);
    }
    return compressor;
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    throw new UnsupportedOperationException("Redsink writes Parquet and never reads it");
  }

  /** Frees the codec contexts of every compressor this factory made. */
  @Override
  public void release() {
    synchronized (compressors) {
      compressors.forEach(PageCompressor::release);
      compressors.clear();
    }
  }

  /**
   * Compresses pages with one codec and two buffers reused page after page. Parquet copies or
   * writes out a compressed page before it compresses the next one, as it does for its own codecs,
   * so the returned bytes may share the output buffer.
   */
  private static final class PageCompressor implements BytesInputCompressor {
    private final ParquetCompression compression;
    private final PageBuffer in = new PageBuffer();
    private PageCodec codec;
    private byte[] out = new byte[0];

    PageCompressor(ParquetCompression compression) {
      this.compression = compression;
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      if (codec == null) {
        codec = compression.newCodec();
      }
      in.reset();
      bytes.writeAllTo(in);
      int bound = codec.maxCompressedLength(in.size());
      if (out.length < bound) {
        out = new byte[bound];
      }
      int size = codec.compress(in.array(), 0, in.size(), out, 0);
      return BytesInput.from(out, 0, size);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return compression.codecName();
    }

    @Override
    public void release() {
      if (codec != null) {
        codec.close();
        codec = null;
      }
    }
  }

  /** A page's uncompressed bytes, exposed without ByteArrayOutputStream's defensive copy. */
  private static final class PageBuffer extends ByteArrayOutputStream {
    byte[] array() {
      return buf;
    }
  }
}
