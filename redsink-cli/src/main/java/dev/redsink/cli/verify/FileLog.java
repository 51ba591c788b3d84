package dev.redsink.cli.verify;

import dev.redsink.cli.run.LineRecords;
import dev.redsink.core.record.Record;
import dev.redsink.core.verify.LogPartition;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A file of newline-delimited records as {@code redsink load} reads it: partition 0, line n+1 at
 * offset n, every line a record that loads a row.
 */
public final class FileLog {
  private static final int BATCH = 10_000;

  private final Path file;
  private final String topic;
  private final long maxLineBytes;

  public FileLog(Path file, String topic, long maxLineBytes) {
    this.file = file;
    this.topic = topic;
    this.maxLineBytes = maxLineBytes;
  }

  /** The number of records (lines): the file's end offset. */
  public long end() throws IOException {
    long lines = 0;
    try (InputStream in = open()) {
      LineRecords records = LineRecords.ofConnector(in, topic, maxLineBytes);
      for (List<Record> batch = records.next(BATCH);
          !batch.isEmpty();
          batch = records.next(BATCH)) {
        lines += batch.size();
      }
    }
    return lines;
  }

  /** Reads the lines up to where the audit stops, each record to {@code each}. */
  public void read(LogPartition log, Consumer<Record> each, LongConsumer progress)
      throws IOException {
    try (InputStream in = open()) {
      LineRecords records = LineRecords.ofConnector(in, topic, maxLineBytes);
      long read = 0;
      for (List<Record> batch = records.next(BATCH);
          !batch.isEmpty() && read < log.readUntil();
          batch = records.next(BATCH)) {
        for (Record r : batch) {
          if (r.offset() < log.readUntil()) {
            each.accept(r);
          }
        }
        read += batch.size();
        progress.accept(read);
      }
    }
  }

  private InputStream open() throws IOException {
    return new BufferedInputStream(Files.newInputStream(file), 1 << 16);
  }
}
