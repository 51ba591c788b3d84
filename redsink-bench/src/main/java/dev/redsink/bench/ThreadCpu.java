package dev.redsink.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU seconds of one connector's threads over a load: its task thread (consumer, converter, put)
 * and the threads its sink started, without the broker's and the worker's own threads, whose
 * background work would otherwise be charged to a slow connector. The worker runs tasks on pooled
 * threads named {@code task-thread-<connector>-<n>} while they run, so a pooled thread counts by
 * its CPU since the mark, a thread started since the mark by all of its CPU.
 */
final class ThreadCpu {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final String connector;
  private final Map<Long, Long> before = new HashMap<>();

  private ThreadCpu(String connector) {
    this.connector = connector;
    for (long id : THREADS.getAllThreadIds()) {
      before.put(id, Math.max(0, THREADS.getThreadCpuTime(id)));
    }
  }

  /** Remembers every thread's CPU time now, for the connector about to start. */
  static ThreadCpu mark(String connector) {
    return new ThreadCpu(connector);
  }

  /** CPU seconds of the connector's threads since {@link #mark}. */
  double secondsSinceMark() {
    long nanos = 0;
    for (long id : THREADS.getAllThreadIds()) {
      long now = THREADS.getThreadCpuTime(id);
      if (now <= 0) {
        continue;
      }
      Long then = before.get(id);
      if (then == null) {
        nanos += now;
      } else if (isTaskThread(id)) {
        nanos += now - then;
      }
    }
    return nanos / 1e9;
  }

  private boolean isTaskThread(long id) {
    ThreadInfo info = THREADS.getThreadInfo(id);
    return info != null && info.getThreadName().startsWith("task-thread-" + connector + "-");
  }
}
