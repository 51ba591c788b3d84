package dev.redsink.core.encode;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/** A Parquet output file in memory: the bytes go straight to S3, never to disk. */
final class BufferOutputFile implements OutputFile {
  private final Buffer buffer;

  BufferOutputFile(int initialCapacity) {
    this.buffer = new Buffer(initialCapacity);
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) {
    return stream();
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) {
    buffer.reset();
    return stream();
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  /** The bytes written so far. */
  byte[] toByteArray() {
    return buffer.bytes();
  }

  private PositionOutputStream stream() {
    return new PositionOutputStream() {
      @Override
      public long getPos() {
        return buffer.size();
      }

      @Override
      public void write(int b) {
        buffer.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        buffer.write(b, off, len);
      }
    };
  }

  /** Exposes the array without the defensive copy of {@link ByteArrayOutputStream#toByteArray}. */
  private static final class Buffer extends ByteArrayOutputStream {
    Buffer(int size) {
      super(size);
    }

    byte[] bytes() {
      return buf.length == count ? buf : Arrays.copyOf(buf, count);
    }
  }
}
