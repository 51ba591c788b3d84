package dev.redsink.cli.run;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * A one-line progress display, redrawn in place: records loaded (of a known total when there is
 * one), records per second, loads and lag.
 */
public final class ProgressBar {
  private static final int WIDTH = 30;

  private final PrintWriter out;
  private final List<LoadStats> stats;
  private final long total;
  private final long started = System.nanoTime();
  private long lastLoaded;
  private long lastAt = System.nanoTime();
  private double rate;

  /** A bar towards {@code total} records; 0 when the total is unknown. */
  public ProgressBar(PrintWriter out, List<LoadStats> stats, long total) {
    this.out = out;
    this.stats = List.copyOf(stats);
    this.total = total;
  }

  /** Redraws the line. */
  public void draw() {
    out.print("\r" + line() + "   ");
    out.flush();
  }

  /** Redraws the line one last time and ends it. */
  public void finish() {
    draw();
    out.println();
    out.flush();
  }

  String line() {
    long loaded = stats.stream().mapToLong(s -> s.records() + s.skipped()).sum();
    long loads = stats.stream().mapToLong(LoadStats::loads).sum();
    long lag = stats.stream().mapToLong(LoadStats::lag).filter(l -> l >= 0).sum();
    long now = System.nanoTime();
    double seconds = (now - lastAt) / 1e9;
    if (seconds >= 0.5) {
      double current = (loaded - lastLoaded) / seconds;
      rate = rate == 0 ? current : 0.5 * rate + 0.5 * current;
      lastLoaded = loaded;
      lastAt = now;
    }
    String bar = "";
    if (total > 0) {
      int filled = (int) Math.min(WIDTH, WIDTH * loaded / total);
      bar =
          "["
              + "#".repeat(filled)
              + ".".repeat(WIDTH - filled)
              + "] "
              + String.format(Locale.ROOT, "%3d%% ", Math.min(100, 100 * loaded / total));
    }
    return bar
        + String.format(
            Locale.ROOT,
            "%,d%s records  %,.0f records/s  %,d loads  lag %s  %ds",
            loaded,
            total > 0 ? String.format(Locale.ROOT, "/%,d", total) : "",
            rate,
            loads,
            lag < 0 ? "-" : String.format(Locale.ROOT, "%,d", lag),
            (now - started) / 1_000_000_000L);
  }
}
