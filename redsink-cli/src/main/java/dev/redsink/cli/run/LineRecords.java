package dev.redsink.cli.run;

import dev.redsink.core.config.ByteSizes;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.record.Record;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Newline-delimited records read as one partition of a topic: the record at offset n is line n+1,
 * so reading the same input again yields the same offsets and the ledger skips what was loaded. A
 * line ends at {@code \n}, {@code \r\n} or a lone {@code \r}, as {@link
 * java.io.BufferedReader#readLine} ends it; its bytes are the record's value as they are (no
 * decoding into characters and back), once checked to be UTF-8: a line that is not fails the read,
 * naming its line number, rather than loading altered text. A line longer than a cap fails the read
 * too, naming it, rather than buffering input without newlines until memory runs out.
 */
public final class LineRecords {
  private static final int CHUNK = 64 * 1024;
  private static final int KEPT_PARTIAL = 1 << 20;

  /** The least cap on a line's length, in MB. */
  public static final long LEAST_LINE_CAP_MB = 64;

  /** The longest line an array holds. */
  private static final long LONGEST_ARRAY = Integer.MAX_VALUE - 8;

  private final InputStream in;
  private final String topic;
  private final long timestamp = System.currentTimeMillis();
  private final long maxLineBytes;
  private final byte[] chunk = new byte[CHUNK];
  private final CharsetDecoder utf8 =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private final CharBuffer decoded = CharBuffer.allocate(4096);
  private int at;
  private int end;
  private boolean eof;

  /** Set after a {@code \r}: a {@code \n} right after it ends no other line. */
  private boolean afterCr;

  /** The bytes of a line that spans chunks, gathered so far. */
  private byte[] partial = new byte[256];

  private int partialLength;
  private long offset;

  /** Lines of at most {@code maxLineBytes}. */
  public LineRecords(InputStream in, String topic, long maxLineBytes) {
    this.in = in;
    this.topic = topic;
    this.maxLineBytes = Math.min(maxLineBytes, LONGEST_ARRAY);
  }

  /**
   * Lines of a connector's input: the cap on a line is a guard against input without newlines, not
   * a limit on records (a record larger than {@code flush_max_bytes} loads alone, as in the other
   * runtimes), so it is the larger of {@code flush_max_bytes} and {@value #LEAST_LINE_CAP_MB} MB,
   * four times the largest value a Redshift column holds (16 MB of SUPER or VARBYTE).
   */
  public static LineRecords ofConnector(InputStream in, String topic, long flushMaxBytes) {
    return new LineRecords(in, topic, Math.max(flushMaxBytes, LEAST_LINE_CAP_MB << 20));
  }

  /** Skips lines below {@code next} (the ledger's next offset); returns how many were skipped. */
  public long skipTo(long next) {
    long skipped = 0;
    while (offset < next && line(false) != null) {
      offset++;
      skipped++;
    }
    return skipped;
  }

  /** The next batch of at most {@code max} records; empty at the end of the input. */
  public List<Record> next(int max) {
    return next(max, Long.MAX_VALUE);
  }

  /**
   * The next batch of at most {@code max} records, ending with the line that reaches {@code
   * maxBytes} of values; empty at the end of the input.
   */
  public List<Record> next(int max, long maxBytes) {
    List<Record> batch = new ArrayList<>(Math.min(max, 10_000));
    long bytes = 0;
    byte[] value;
    while (batch.size() < max && bytes < maxBytes && (value = line(true)) != null) {
      bytes += value.length;
      batch.add(new Record(topic, 0, offset++, timestamp, null, List.of(), value));
    }
    return batch;
  }

  /**
   * The next line's bytes without its terminator (checked to be UTF-8 when {@code keep}; an empty
   * array for a line that is skipped); null at the end of the input.
   */
  private byte[] line(boolean keep) {
    partialLength = 0;
    boolean any = false;
    while (true) {
      if (at == end && !fill()) {
        return any ? done(keep) : null;
      }
      if (afterCr) {
        afterCr = false;
        if (chunk[at] == '\n') {
          at++;
          continue;
        }
      }
      any = true;
      int from = at;
      while (at < end && chunk[at] != '\n' && chunk[at] != '\r') {
        at++;
      }
      if (keep && (long) partialLength + (at - from) > maxLineBytes) {
        throw tooLong();
      }
      if (at < end && keep && partialLength == 0) {
        // The whole line is in this chunk: its bytes are copied once.
        byte[] value = Arrays.copyOfRange(chunk, from, at);
        afterCr = chunk[at] == '\r';
        at++;
        requireUtf8(value);
        return value;
      }
      if (keep) {
        append(from, at);
      }
      if (at < end) {
        afterCr = chunk[at] == '\r';
        at++;
        return done(keep);
      }
    }
  }

  private byte[] done(boolean keep) {
    if (!keep) {
      return new byte[0];
    }
    byte[] value = Arrays.copyOf(partial, partialLength);
    if (partial.length > KEPT_PARTIAL) {
      // One long line does not keep its buffer for the lines after it.
      partial = new byte[256];
    }
    requireUtf8(value);
    return value;
  }

  private UncheckedIOException tooLong() {
    String limit = ByteSizes.format(maxLineBytes);
    String key = ConfigKeys.FLUSH_MAX_BYTES.name();
    return new UncheckedIOException(
        "Cannot read line "
            + (offset + 1)
            + " of the input: it is longer than "
            + limit
            + " (the larger of "
            + key
            + " and "
            + LEAST_LINE_CAP_MB
            + "MB); each line must be one record followed by a newline. Check that the input is"
            + " newline-delimited JSON, or raise "
            + key
            + " if a record really is this large",
        new IOException("longer than " + limit));
  }

  private void append(int from, int to) {
    int n = to - from;
    if (partialLength + n > partial.length) {
      long grown = Math.max(partialLength + n, Math.min(partial.length * 2L, maxLineBytes));
      partial = Arrays.copyOf(partial, (int) grown);
    }
    System.arraycopy(chunk, from, partial, partialLength, n);
    partialLength += n;
  }

  private boolean fill() {
    if (eof) {
      return false;
    }
    try {
      int n = in.read(chunk, 0, CHUNK);
      if (n < 0) {
        eof = true;
        return false;
      }
      at = 0;
      end = n;
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the input at line " + (offset + 1), e);
    }
  }

  /**
   * Checks a line is UTF-8: most are ASCII, which needs no decoder; the rest are decoded from their
   * first non-ASCII byte through one small buffer, reused.
   */
  private void requireUtf8(byte[] value) {
    int first = 0;
    while (first < value.length && value[first] >= 0) {
      first++;
    }
    if (first == value.length) {
      return;
    }
    utf8.reset();
    ByteBuffer bytes = ByteBuffer.wrap(value, first, value.length - first);
    CoderResult result;
    do {
      decoded.clear();
      result = utf8.decode(bytes, decoded, true);
    } while (result.isOverflow());
    if (!result.isError()) {
      decoded.clear();
      result = utf8.flush(decoded);
    }
    if (result.isError()) {
      throw new UncheckedIOException(
          "Cannot read line "
              + (offset + 1)
              + " of the input: it is not UTF-8 text; each line must be one record in UTF-8",
          new MalformedInputException(result.length()));
    }
  }
}
