package dev.redsink.core.encode;

import java.util.ArrayDeque;

/**
 * The byte arrays column chunks fill, handed from one file to the next on the thread that encodes
 * them: a chunk's value, page and compressed buffers grow to a megabyte or more for every column of
 * every file, and allocating (and zeroing) them anew each time was a fifth of the encoding threads'
 * time, in arrays large enough for G1 to allocate them outside the young generation. Each thread
 * keeps at most {@link #KEPT_BYTES} of them; a thread's arrays go when it ends.
 */
final class ChunkBuffers {
  /**
   * What one thread keeps for its next files: 1/256 of the heap (8 MB of 2 GB; several threads
   * encode at once, and a small heap holds the loads' records too), at most 64 MB.
   */
  static final long KEPT_BYTES = Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 256);

  private static final ThreadLocal<ChunkBuffers> THREAD =
      ThreadLocal.withInitial(ChunkBuffers::new);

  private final ArrayDeque<byte[]> free = new ArrayDeque<>();
  private long kept;

  private ChunkBuffers() {}

  /** This thread's buffers. */
  static ChunkBuffers ofThread() {
    return THREAD.get();
  }

  /**
   * The smallest kept array of at least {@code length} bytes, or a new one (contents undefined).
   */
  byte[] take(int length) {
    byte[] best = null;
    for (byte[] b : free) {
      if (b.length >= length && (best == null || b.length < best.length)) {
        best = b;
      }
    }
    if (best == null) {
      return new byte[length];
    }
    free.removeFirstOccurrence(best);
    kept -= best.length;
    return best;
  }

  /** An array no longer used, for a later {@link #take} on this thread. */
  void give(byte[] b) {
    if (b.length == 0 || kept + b.length > KEPT_BYTES) {
      return;
    }
    free.addLast(b);
    kept += b.length;
  }

  /** Bytes kept, for tests. */
  long kept() {
    return kept;
  }
}
