package dev.redsink.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU seconds (user + system) spent by processes, read from Linux's /proc: what a run cost the
 * machine's cores, beside how long it took. Returns NaN where /proc is not there.
 */
final class CpuTime {
  /** Linux's USER_HZ, the unit of /proc/[pid]/stat's times; 100 on every mainstream kernel. */
  private static final double TICKS_PER_SECOND = 100.0;

  private CpuTime() {}

  /** CPU seconds of one process so far (all its threads, living and ended). */
  static double of(long pid) {
    long[] t = times(pid);
    return t == null ? Double.NaN : (t[0] + t[1]) / TICKS_PER_SECOND;
  }

  /**
   * CPU seconds of a process and its children: the ones it has reaped (PostgreSQL's backends of
   * closed connections) and the ones still running (open connections, background workers).
   */
  static double withChildren(long pid) {
    long[] own = times(pid);
    if (own == null) {
      return Double.NaN;
    }
    long ticks = own[0] + own[1] + own[2] + own[3];
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : (Iterable<Path>) procs::iterator) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        long child = Long.parseLong(name);
        long[] t = times(child);
        if (t != null && t[4] == pid) {
          ticks += t[0] + t[1];
        }
      }
    } catch (IOException e) {
      return Double.NaN;
    }
    return ticks / TICKS_PER_SECOND;
  }

  /** utime, stime, cutime, cstime and the parent's pid, or null when the process is gone. */
  private static long[] times(long pid) {
    String stat;
    try {
      stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return null;
    }
    // The command name (field 2) is in parentheses and may hold spaces: fields count from after it.
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    // f[0] is field 3 (state), so field n is f[n - 3].
    return new long[] {
      Long.parseLong(f[11]),
      Long.parseLong(f[12]),
      Long.parseLong(f[13]),
      Long.parseLong(f[14]),
      Long.parseLong(f[1])
    };
  }
}
