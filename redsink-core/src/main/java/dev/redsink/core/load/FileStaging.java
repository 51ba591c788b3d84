package dev.redsink.core.load;

import dev.redsink.core.encode.EncodedFile;
import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.Record;
import dev.redsink.core.stage.Disposal;
import dev.redsink.core.stage.StagedFile;
import dev.redsink.core.stage.Stager;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Encodes and uploads the files of one load on the engine's staging threads: up to {@code
 * upload_concurrency} files are encoded and uploaded at once, so uploads overlap the encoding of
 * the next files and at most that many encoded files are held in memory. When any file fails, the
 * files not started yet are skipped, the ones uploaded are deleted, and the first failure (in file
 * order) is thrown.
 */
final class FileStaging {

  /** The staged files in record order, and the summed encode and upload time of all files. */
  record Staged(List<StagedFile> files, long bytes, Duration encode, Duration upload) {}

  private final ExecutorService threads;
  private final Stager stager;

  FileStaging(ExecutorService threads, Stager stager) {
    this.threads = threads;
    this.stager = stager;
  }

  Staged stage(List<List<Record>> cuts, ParquetFileWriter writer, Instant createdAt) {
    AtomicBoolean failed = new AtomicBoolean();
    AtomicLong encodeNanos = new AtomicLong();
    AtomicLong uploadNanos = new AtomicLong();
    List<Future<StagedFile>> pending = new ArrayList<>(cuts.size());
    for (List<Record> cut : cuts) {
      pending.add(
          threads.submit(
              () -> {
                if (failed.get()) {
                  throw new CancellationException("an earlier file of this load failed");
                }
                try {
                  long t0 = System.nanoTime();
                  EncodedFile file = writer.write(cut, createdAt);
                  long t1 = System.nanoTime();
                  encodeNanos.addAndGet(t1 - t0);
                  StagedFile staged = stager.upload(file.bytes());
                  uploadNanos.addAndGet(System.nanoTime() - t1);
                  return staged;
                } catch (RuntimeException | Error e) {
                  failed.set(true);
                  throw e;
                }
              }));
    }
    List<StagedFile> files = new ArrayList<>(cuts.size());
    Throwable first = null;
    boolean interrupted = false;
    for (Future<StagedFile> file : pending) {
      try {
        files.add(file.get());
      } catch (InterruptedException e) {
        interrupted = true;
        failed.set(true);
        pending.forEach(f -> f.cancel(false));
        first = first == null ? e : first;
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (!(cause instanceof CancellationException) && first == null) {
          first = cause;
        }
      } catch (CancellationException e) {
        // skipped after an earlier failure or an interrupt
      }
    }
    if (first != null || interrupted) {
      awaitAll(pending);
      stager.dispose(files, Disposal.DELETE);
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      throw rethrowable(first);
    }
    long bytes = files.stream().mapToLong(StagedFile::contentLength).sum();
    return new Staged(
        files, bytes, Duration.ofNanos(encodeNanos.get()), Duration.ofNanos(uploadNanos.get()));
  }

  /** Waits for files still being written after a failure, so none is uploaded behind our back. */
  private static void awaitAll(List<Future<StagedFile>> pending) {
    boolean interrupted = false;
    for (Future<StagedFile> f : pending) {
      while (!f.isDone()) {
        try {
          f.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException | CancellationException e) {
          break;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static RuntimeException rethrowable(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new TransientException("Interrupted while staging files; the load did not start", t);
  }
}
