package dev.redsink.core.load;

import dev.redsink.core.encode.EncodedFile;
import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.Record;
import dev.redsink.core.stage.Disposal;
import dev.redsink.core.stage.StagedFile;
import dev.redsink.core.stage.Stager;
import dev.redsink.core.typed.ParsedRows;
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
 * the next files and at most that many encoded files are held in memory. When any file fails or the
 * caller is interrupted, the files not started yet are skipped, those in flight are waited for,
 * every one uploaded is deleted, and the first failure (in file order) is thrown.
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

  /**
   * Encodes the cuts (reusing the rows {@code parsed} read already) and uploads them; see {@link
   * Staged}.
   */
  Staged stage(
      List<List<Record>> cuts, ParquetFileWriter writer, Instant createdAt, ParsedRows parsed) {
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
                  EncodedFile file = writer.write(cut, createdAt, parsed);
                  long t1 = System.nanoTime();
                  encodeNanos.addAndGet(t1 - t0);
                  if (failed.get()) {
                    throw new CancellationException("an earlier file of this load failed");
                  }
                  StagedFile staged = stager.upload(file.bytes());
                  uploadNanos.addAndGet(System.nanoTime() - t1);
                  return staged;
                } catch (RuntimeException | Error e) {
                  failed.set(true);
                  throw e;
                }
              }));
    }
    // Every file is waited for, even after a failure or an interrupt (files not started yet skip
    // themselves): an upload in flight then still ends in the list below and is deleted, instead of
    // landing in the bucket after the load gave up.
    List<StagedFile> files = new ArrayList<>(cuts.size());
    Throwable first = null;
    boolean interrupted = false;
    for (Future<StagedFile> file : pending) {
      while (true) {
        try {
          files.add(file.get());
          break;
        } catch (InterruptedException e) {
          interrupted = true;
          failed.set(true);
          first = first == null ? e : first;
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (!(cause instanceof CancellationException) && first == null) {
            first = cause;
          }
          break;
        }
      }
    }
    if (first != null) {
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
