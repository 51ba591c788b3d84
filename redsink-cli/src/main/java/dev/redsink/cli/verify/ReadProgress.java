package dev.redsink.cli.verify;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * A progress bar while verify reads a log, redrawn in place on a terminal; nothing when the output
 * is not one (a pipe, a file, a test).
 */
public final class ReadProgress {
  private static final int WIDTH = 30;
  private static final long EVERY_NANOS = 200_000_000L;

  private final PrintWriter out;
  private final boolean shown;
  private boolean drawn;

  private ReadProgress(PrintWriter out, boolean shown) {
    this.out = out;
    this.shown = shown;
  }

  /** A progress bar on {@code out} when the process has a terminal. */
  public static ReadProgress on(PrintWriter out) {
    return new ReadProgress(out, System.console() != null);
  }

  /** Progress of reading {@code total} records of one partition. */
  public LongConsumer of(String topic, int partition, long total) {
    if (!shown) {
      return read -> {};
    }
    long[] last = {0};
    return read -> {
      long now = System.nanoTime();
      if (now - last[0] < EVERY_NANOS && read < total) {
        return;
      }
      last[0] = now;
      int filled = total <= 0 ? WIDTH : (int) Math.min(WIDTH, WIDTH * read / total);
      out.printf(
          Locale.ROOT,
          "\rreading %s/%d [%s%s] %,d of %,d records   ",
          topic,
          partition,
          "#".repeat(filled),
          ".".repeat(WIDTH - filled),
          Math.min(read, total),
          total);
      out.flush();
      drawn = true;
    };
  }

  /** Ends a drawn bar's line. */
  public void done() {
    if (drawn) {
      out.println();
      out.flush();
      drawn = false;
    }
  }
}
