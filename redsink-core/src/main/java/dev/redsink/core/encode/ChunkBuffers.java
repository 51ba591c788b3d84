package dev.redsink.core.encode;

import java.util.ArrayDeque;

/**
 * The byte arrays column chunks fill, handed from one file to the next on the thread that encodes
 * them: a chunk's value and compressed buffers grow to a megabyte or more for every column of every
 * file, and allocating (and zeroing) them anew each time was a fifth of the encoding threads' time,
 * in arrays large enough for G1 to allocate them outside the young generation. Each thread keeps at
 * most {@link #KEPT_BYTES} of them, and beside them one array its pages are assembled in, one page
 * at a time ({@link #page(int)}); a thread's arrays go when it ends.
 */
final class ChunkBuffers {
  /**
   * What one thread keeps for its next files: 1/256 of a heap of up to 1 GB (1 MB of 256 MB;
   * several threads encode at once, and a small heap holds the loads' records too), 1/128 of a
   * larger one (16 MB of 2 GB: a typed file's dozen columns each fill a megabyte of values and one
   * of compressed pages), at most 64 MB.
   */
  static final long KEPT_BYTES = kept(Runtime.getRuntime().maxMemory());

  private static final ThreadLocal<ChunkBuffers> THREAD =
      ThreadLocal.withInitial(ChunkBuffers::new);

  private final ArrayDeque<byte[]> free = new ArrayDeque<>();
  private long kept;

  /** The array this thread's pages are assembled in, one at a time, whatever the heap. */
  private byte[] page = new byte[0];

  private static final int PAGE_ARRAY_BYTES = ColumnChunk.PAGE_BYTES + (64 << 10);

  private ChunkBuffers() {}

  static long kept(long heap) {
    return Math.min(64L << 20, heap / (heap <= 1L << 30 ? 256 : 128));
  }

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

  /**
   * The array to assemble a page of {@code size} bytes in, until the next page: a page is only
   * assembled to be compressed, so one array of a full page and a value past it serves every column
   * of the thread's files (one per column kept a megabyte each for a whole file); a larger page, of
   * a value over a megabyte, gets an array of its own.
   */
  byte[] page(int size) {
    if (size > PAGE_ARRAY_BYTES) {
      return new byte[size];
    }
    if (page.length == 0) {
      page = new byte[PAGE_ARRAY_BYTES];
    }
    return page;
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
