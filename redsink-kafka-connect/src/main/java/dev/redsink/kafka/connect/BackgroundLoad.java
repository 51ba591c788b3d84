package dev.redsink.kafka.connect;

import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import org.apache.kafka.connect.errors.ConnectException;

/**
 * The one load a task runs while it keeps consuming: Connect calls {@code put} on a single thread,
 * so loading there would stop consumption for as long as each load takes. At most one load runs at
 * a time, in offset order, so the ledger only ever moves forward.
 */
final class BackgroundLoad {

  /** Records handed to one engine write, with the offsets the ledger may move to. */
  record Batch(List<Record> records, Map<TopicPartition, Long> settled) {}

  /** A finished load: its batch and either the result or the failure. */
  record Outcome(Batch batch, LoadResult result, RuntimeException failure) {}

  private final ExecutorService thread;
  private Batch batch;
  private FutureTask<LoadResult> load;

  private BackgroundLoad(ExecutorService thread) {
    this.thread = thread;
  }

  /** Loads on a daemon thread of their own. */
  static BackgroundLoad onThread(String name) {
    return new BackgroundLoad(
        Executors.newSingleThreadExecutor(
            task -> {
              Thread t = new Thread(task, name);
              t.setDaemon(true);
              return t;
            }));
  }

  /** Loads on the calling thread, inside {@link #start}: for tests that step through a task. */
  static BackgroundLoad inline() {
    return new BackgroundLoad(null);
  }

  /** Whether a load was started and its outcome not yet taken. */
  boolean isRunning() {
    return load != null;
  }

  /** Whether a load was started and has finished. */
  boolean isDone() {
    return load != null && load.isDone();
  }

  void start(Batch next, Loader loader) {
    if (load != null) {
      throw new IllegalStateException("a load is already running");
    }
    batch = next;
    load = new FutureTask<>(() -> loader.write(next.records(), next.settled()));
    if (thread == null) {
      load.run();
    } else {
      thread.execute(load);
    }
  }

  /**
   * Waits for the running load and takes its outcome. When the waiting thread is interrupted, the
   * load is given up on but keeps running: the next load queues behind it on the same thread.
   */
  Outcome await() {
    FutureTask<LoadResult> running = load;
    Batch loaded = batch;
    try {
      return new Outcome(loaded, running.get(), null);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error error) {
        throw error;
      }
      RuntimeException failure =
          cause instanceof RuntimeException r
              ? r
              : new ConnectException("Load failed: " + cause.getMessage(), cause);
      return new Outcome(loaded, null, failure);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(
          loaded, null, new ConnectException("Interrupted while waiting for a load", e));
    } finally {
      load = null;
      batch = null;
    }
  }

  /**
   * Runs {@code last} once the load still running, if any, has finished, then ends the thread. The
   * load is never interrupted: an interrupted load could neither finish its transaction nor delete
   * its staged files, and a load that completes after its partitions moved changes nothing (the
   * ledger). Does not wait.
   */
  void closeThen(Runnable last) {
    if (thread == null) {
      last.run();
      return;
    }
    thread.execute(last);
    thread.shutdown();
  }
}
