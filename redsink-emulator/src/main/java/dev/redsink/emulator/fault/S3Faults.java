package dev.redsink.emulator.fault;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The armed fault rules ("the next N PUTs fail with SlowDown") and the log of fired faults. */
public final class S3Faults {
  private final Map<S3RequestKind, Deque<Fault>> pending = new EnumMap<>(S3RequestKind.class);
  private final List<FiredFault> fired = new ArrayList<>();

  /**
   * Makes the next {@code count} requests of {@code kind} suffer {@code fault}, after any queued.
   */
  public synchronized void failNext(S3RequestKind kind, int count, Fault fault) {
    if (count < 0) {
      throw new IllegalArgumentException("Cannot arm fault: count must be >= 0, was " + count);
    }
    Deque<Fault> queue = pending.computeIfAbsent(kind, k -> new ArrayDeque<>());
    for (int i = 0; i < count; i++) {
      queue.addLast(fault);
    }
  }

  /** How many faults have fired for requests of this kind. */
  public synchronized int fired(S3RequestKind kind) {
    return (int) fired.stream().filter(f -> f.kind() == kind).count();
  }

  /** Every fault fired so far, in order. */
  public synchronized List<FiredFault> firedFaults() {
    return List.copyOf(fired);
  }

  /** How many faults are armed and have not fired yet. */
  public synchronized int pending() {
    return pending.values().stream().mapToInt(Deque::size).sum();
  }

  /** Disarms every pending fault and forgets the fired ones. */
  public synchronized void reset() {
    pending.clear();
    fired.clear();
  }

  /** Takes the fault for this request, if one is armed, and records it as fired. */
  public synchronized Optional<Fault> take(S3RequestKind kind, String method, String target) {
    Deque<Fault> queue = pending.get(kind);
    if (queue == null || queue.isEmpty()) {
      return Optional.empty();
    }
    Fault fault = queue.removeFirst();
    fired.add(new FiredFault(kind, method, target, fault));
    return Optional.of(fault);
  }
}
