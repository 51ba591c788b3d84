package dev.redsink.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Peak heap use, measured where heaps peak: just before each collection (the GC beans' usage before
 * GC, summed over heap pools), plus the current use when asked; and the process's RSS high water
 * mark from /proc/self/status.
 */
final class MemoryWatch implements AutoCloseable {
  private final Set<String> heapPools = new HashSet<>();
  private final AtomicLong peak = new AtomicLong();
  private final AtomicLong peakAfterGc = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = this::onGc;

  MemoryWatch() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(listener, null, null);
        emitters.add(emitter);
      }
    }
  }

  private void onGc(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    long used = 0;
    for (var e : info.getGcInfo().getMemoryUsageBeforeGc().entrySet()) {
      if (heapPools.contains(e.getKey())) {
        used += e.getValue().getUsed();
      }
    }
    peak.accumulateAndGet(used, Math::max);
    long after = 0;
    for (var e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
      if (heapPools.contains(e.getKey())) {
        after += e.getValue().getUsed();
      }
    }
    peakAfterGc.accumulateAndGet(after, Math::max);
  }

  /** Forgets the peak so far (between runs). */
  void reset() {
    peak.set(currentHeap());
    peakAfterGc.set(0);
  }

  /**
   * The most heap still in use right after a collection since the last reset: what the load really
   * holds, independent of how lazily a large -Xmx lets the collector run.
   */
  long peakLiveBytes() {
    return peakAfterGc.get();
  }

  /** The highest heap use seen since the last reset, in bytes. */
  long peakHeapBytes() {
    return Math.max(peak.get(), currentHeap());
  }

  private static long currentHeap() {
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    return heap.getUsed();
  }

  /** Total collections and their accumulated time (ms) so far. */
  static long[] gcCountAndMillis() {
    long count = 0;
    long millis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      count += Math.max(0, gc.getCollectionCount());
      millis += Math.max(0, gc.getCollectionTime());
    }
    return new long[] {count, millis};
  }

  /** VmHWM, the resident set's high water mark of this process, in bytes; -1 off Linux. */
  static long rssHighWaterBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return -1;
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        // already gone
      }
    }
  }
}
