package dev.redsink.cli.run;

import dev.redsink.core.record.Record;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Newline-delimited records read as one partition of a topic: the record at offset n is line n+1,
 * so reading the same input again yields the same offsets and the ledger skips what was loaded.
 */
public final class LineRecords {
  private final BufferedReader reader;
  private final String topic;
  private final long timestamp = System.currentTimeMillis();
  private long offset;

  public LineRecords(BufferedReader reader, String topic) {
    this.reader = reader;
    this.topic = topic;
  }

  /** Skips lines below {@code next} (the ledger's next offset); returns how many were skipped. */
  public long skipTo(long next) {
    long skipped = 0;
    try {
      while (offset < next && reader.readLine() != null) {
        offset++;
        skipped++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the input", e);
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
    try {
      String line;
      while (batch.size() < max && bytes < maxBytes && (line = reader.readLine()) != null) {
        byte[] value = line.getBytes(StandardCharsets.UTF_8);
        bytes += value.length;
        batch.add(new Record(topic, 0, offset++, timestamp, null, List.of(), value));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the input", e);
    }
    return batch;
  }
}
