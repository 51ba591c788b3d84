package dev.redsink.core.encode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileWriter;

/**
 * One optional column of a row group, encoded as Parquet v1 data pages without an object per value:
 * PLAIN values and RLE definition levels go into growable byte arrays, each page is compressed once
 * it holds about {@link #PAGE_BYTES}, and the compressed pages wait in one array until the file
 * writer takes the column.
 */
final class ColumnChunk {
  /** Values per page before it is cut, as parquet-java's default page size. */
  static final int PAGE_BYTES = 1 << 20;

  private final ColumnDescriptor descriptor;
  private final ChunkBuffers buffers;
  private byte[] values;
  private int valuesLength;
  private byte[] levels;
  private int levelsLength;
  private int runLevel = -1;
  private int runLength;
  private int pageValues;

  /** Booleans in the current page, whose bits fill its value bytes eight at a time. */
  private int pageBooleans;

  private long totalValues;
  private byte[] compressed;
  private int compressedLength;
  private final List<Page> pages = new ArrayList<>();

  /** A finished page: its value and null counts, sizes, and where it sits in the chunk. */
  private record Page(int values, int uncompressed, int offset, int length) {}

  /** A chunk whose arrays come from {@code buffers}, until {@link #release}. */
  ColumnChunk(ColumnDescriptor descriptor, ChunkBuffers buffers) {
    this.descriptor = descriptor;
    this.buffers = buffers;
    this.values = buffers.take(64 * 1024);
    this.levels = buffers.take(64);
    this.compressed = buffers.take(64 * 1024);
  }

  /** Gives the chunk's arrays back for the next file's chunks: the chunk is not used again. */
  void release() {
    for (byte[] b : new byte[][] {values, levels, compressed}) {
      buffers.give(b);
    }
    values = levels = compressed = null;
  }

  /**
   * {@code from}'s first {@code length} bytes in an array of at least {@code size} from the
   * buffers.
   */
  private byte[] grown(byte[] from, int length, int size) {
    byte[] to = buffers.take(size);
    System.arraycopy(from, 0, to, 0, length);
    buffers.give(from);
    return to;
  }

  void addNull(PageCodec codec) {
    level(0);
    endValue(codec);
  }

  /** A BYTE_ARRAY value: its length (4 bytes, little endian) and its bytes. */
  void addBytes(byte[] bytes, int offset, int length, PageCodec codec) {
    level(1);
    ensure(4 + length);
    writeIntLe(values, valuesLength, length);
    System.arraycopy(bytes, offset, values, valuesLength + 4, length);
    valuesLength += 4 + length;
    endValue(codec);
  }

  /** An INT64 value, little endian. */
  void addLong(long value, PageCodec codec) {
    level(1);
    ensure(8);
    for (int i = 0; i < 8; i++) {
      values[valuesLength++] = (byte) (value >>> (8 * i));
    }
    endValue(codec);
  }

  /** An INT32 value, little endian. */
  void addInt(int value, PageCodec codec) {
    level(1);
    ensure(4);
    writeIntLe(values, valuesLength, value);
    valuesLength += 4;
    endValue(codec);
  }

  /** A FLOAT value: its IEEE 754 bits, little endian. */
  void addFloat(float value, PageCodec codec) {
    addInt(Float.floatToRawIntBits(value), codec);
  }

  /** A DOUBLE value: its IEEE 754 bits, little endian. */
  void addDouble(double value, PageCodec codec) {
    addLong(Double.doubleToRawLongBits(value), codec);
  }

  /** A BOOLEAN value: PLAIN booleans are bit-packed, the first value in a byte's lowest bit. */
  void addBoolean(boolean value, PageCodec codec) {
    level(1);
    int bit = pageBooleans++ & 7;
    if (bit == 0) {
      ensure(1);
      values[valuesLength++] = 0;
    }
    if (value) {
      values[valuesLength - 1] |= (byte) (1 << bit);
    }
    endValue(codec);
  }

  /** A FIXED_LEN_BYTE_ARRAY value: its bytes only (the column gives the length). */
  void addFixed(byte[] bytes, PageCodec codec) {
    level(1);
    ensure(bytes.length);
    System.arraycopy(bytes, 0, values, valuesLength, bytes.length);
    valuesLength += bytes.length;
    endValue(codec);
  }

  /**
   * Room for a BYTE_ARRAY value of at most {@code maxLength} bytes written in place: returns the
   * position of its first byte; {@link #commitBytes} then sets its length.
   */
  int reserveBytes(int maxLength) {
    level(1);
    ensure(4 + maxLength);
    return valuesLength + 4;
  }

  /** Ends a value written in place at {@link #reserveBytes}'s position, {@code length} long. */
  void commitBytes(int length, PageCodec codec) {
    writeIntLe(values, valuesLength, length);
    valuesLength += 4 + length;
    endValue(codec);
  }

  /** The value buffer, for in-place writes between {@link #reserveBytes} and commit. */
  byte[] buffer() {
    return values;
  }

  /**
   * Compresses what is left as the last page and hands every page to the file writer. Pages carry
   * no statistics (COPY never reads them; computing them copies values), so the writer leaves out
   * the column and offset indexes, which would otherwise claim pages without min/max hold only
   * nulls.
   */
  @SuppressWarnings("deprecation")
  void writeTo(ParquetFileWriter file, PageCodec codec, ParquetCompression compression)
      throws IOException {
    finishPage(codec);
    file.startColumn(descriptor, totalValues, compression.codecName());
    for (Page p : pages) {
      file.writeDataPage(
          p.values(),
          p.uncompressed(),
          BytesInput.from(compressed, p.offset(), p.length()),
          Encoding.BIT_PACKED,
          Encoding.RLE,
          Encoding.PLAIN);
    }
    file.endColumn();
  }

  private void level(int level) {
    if (level == runLevel) {
      runLength++;
      return;
    }
    endRun();
    runLevel = level;
    runLength = 1;
  }

  /** Writes the current run of equal definition levels as one RLE run: varint header, value. */
  private void endRun() {
    if (runLength == 0) {
      return;
    }
    if (levels.length < levelsLength + 6) {
      levels = grown(levels, levelsLength, levels.length * 2 + 6);
    }
    int header = runLength << 1;
    while ((header & ~0x7F) != 0) {
      levels[levelsLength++] = (byte) ((header & 0x7F) | 0x80);
      header >>>= 7;
    }
    levels[levelsLength++] = (byte) header;
    levels[levelsLength++] = (byte) runLevel;
    runLength = 0;
    runLevel = -1;
  }

  private void endValue(PageCodec codec) {
    pageValues++;
    totalValues++;
    if (valuesLength >= PAGE_BYTES) {
      finishPage(codec);
    }
  }

  /** Page v1: definition levels (4-byte length, RLE runs), then PLAIN values; then compressed. */
  private void finishPage(PageCodec codec) {
    if (pageValues == 0) {
      return;
    }
    endRun();
    int size = 4 + levelsLength + valuesLength;
    byte[] page = buffers.page(size);
    writeIntLe(page, 0, levelsLength);
    System.arraycopy(levels, 0, page, 4, levelsLength);
    System.arraycopy(values, 0, page, 4 + levelsLength, valuesLength);
    int bound = codec.maxCompressedLength(size);
    if (compressed.length < compressedLength + bound) {
      compressed =
          grown(
              compressed,
              compressedLength,
              Math.max(compressedLength + bound, compressed.length + (compressed.length >> 1)));
    }
    int length = codec.compress(page, 0, size, compressed, compressedLength);
    pages.add(new Page(pageValues, size, compressedLength, length));
    compressedLength += length;
    valuesLength = 0;
    levelsLength = 0;
    pageValues = 0;
    pageBooleans = 0;
  }

  private void ensure(int more) {
    if (values.length < valuesLength + more) {
      values = grown(values, valuesLength, Math.max(valuesLength + more, values.length * 2));
    }
  }

  private static void writeIntLe(byte[] into, int at, int value) {
    into[at] = (byte) value;
    into[at + 1] = (byte) (value >>> 8);
    into[at + 2] = (byte) (value >>> 16);
    into[at + 3] = (byte) (value >>> 24);
  }
}
