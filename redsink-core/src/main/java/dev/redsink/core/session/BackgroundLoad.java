package dev.redsink.core.session;

import dev.redsink.core.error.FatalException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.function.Function;

/**
 * The one load a session runs while its runtime keeps consuming: a runtime feeds records on a
 * single thread, so loading there would stop consumption for as long as each load takes. At most
 * one load runs at a time, in offset order, so the ledger only ever moves forward.
 */
public final class BackgroundLoad {

  /** Records handed to one engine write, with the offsets the ledger may move to. */
  public record Batch(List<Record> records, Map<TopicPartition, Long> settled) {}

  /** A finished load: its batch and either the result or the failure. */
  public record Outcome(Batch batch, LoadResult result, RuntimeException failure) {}

  private final ExecutorService thread;
  private Batch batch;
  private FutureTask<LoadResult> load;

  private BackgroundLoad(ExecutorService thread) {
    this.thread = thread;
  }

  /** Loads on a daemon thread of their own. */
  public static BackgroundLoad onThread(String name) {
    return new BackgroundLoad(
        Executors.newSingleThreadExecutor(
            task -> {
              Thread t = new Thread(task, name);
              t.setDaemon(true);
              return t;
            }));
  }

  /**
   * Loads on the calling thread, inside {@link #start}: for tests and runtimes that load between
   * polls.
   */
  public static BackgroundLoad inline() {
    return new BackgroundLoad(null);
  }

  /** Whether a load was started and its outcome not yet taken. */
  public boolean isRunning() {
    return load != null;
  }

  /** Whether a load was started and has finished. */
  public boolean isDone() {
    return load != null && load.isDone();
  }

  public void start(Batch next, Function<Batch, LoadResult> loader) {
    if (load != null) {
      throw new IllegalStateException("a load is already running");
    }
    batch = next;
    load = new FutureTask<>(() -> loader.apply(next));
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
  public Outcome await() {
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
              : new FatalException("Load failed: " + cause.getMessage(), cause);
      return new Outcome(loaded, null, failure);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(
          loaded, null, new FatalException("Interrupted while waiting for a load", e));
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
  public void closeThen(Runnable last) {
    if (thread == null) {
      last.run();
      return;
    }
    thread.execute(last);
    thread.shutdown();
  }
}
