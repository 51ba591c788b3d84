package dev.redsink.core;

import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.time.Duration;
import java.util.List;

/**
 * An atomic full refresh of one table ({@link RedshiftSink#replace}): {@link #write} the whole
 * input, then {@link #commit} to make the table exactly that input in one transaction. Closing it
 * uncommitted, a failure or a kill leaves the table as it was; the next replace of the table drops
 * what such a run left behind. One run of a table at a time: {@link RedshiftSink#replace} is
 * refused while another run of the same table is live.
 */
public interface ReplaceRun extends AutoCloseable {

  /** Rows before and after, and how long the run took. */
  record Summary(long rowsBefore, long rowsAfter, Duration elapsed) {}

  /** The table being replaced, as messages name it. */
  String table();

  /** The run table the input loads into until the commit, for messages and tests. */
  String runTable();

  /** Loads records into the run, exactly once per record as any load. */
  LoadResult write(List<Record> records);

  /**
   * Makes the table hold exactly the run's rows, in one transaction; returns only when it did.
   * Fails, leaving the table as it was, when another replace took the run over (its claim lapsed)
   * or its run table is gone.
   */
  Summary commit();

  /** Drops what the run loaded; the table is untouched. Nothing happens after a commit. */
  void abort();

  /** Aborts unless committed. */
  @Override
  void close();
}
