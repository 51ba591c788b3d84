package dev.redsink.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A request to stop, raised by SIGTERM or Ctrl-C (through a shutdown hook) or by a test. When the
 * JVM is shutting down because of a signal, the hook waits for the running command to finish its
 * in-flight work and then ends the JVM with the command's exit code, so a clean stop exits 0.
 */
public final class StopSignal {
  /** How long a signal waits for the in-flight load before the JVM ends anyway. */
  static final Duration GRACE = Duration.ofSeconds(60);

  private final CountDownLatch requested = new CountDownLatch(1);
  private final CountDownLatch finished = new CountDownLatch(1);
  private final AtomicInteger exitCode = new AtomicInteger(ExitCodes.OK);
  private volatile boolean exiting;

  /** A signal not tied to the JVM's shutdown, for running commands inside tests. */
  public static StopSignal manual() {
    return new StopSignal();
  }

  /** A signal raised by the JVM's shutdown (SIGTERM, SIGINT). */
  public static StopSignal onShutdown() {
    StopSignal signal = new StopSignal();
    Runtime.getRuntime().addShutdownHook(new Thread(signal::onJvmShutdown, "redsink-shutdown"));
    return signal;
  }

  /** Asks the running command to stop. */
  public void request() {
    requested.countDown();
  }

  public boolean isRequested() {
    return requested.getCount() == 0;
  }

  /** Blocks until a stop is requested. */
  public void await() throws InterruptedException {
    requested.await();
  }

  /** Blocks until a stop is requested or the timeout passes; true when requested. */
  public boolean await(Duration timeout) throws InterruptedException {
    return requested.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Called by main once the command returned: ends the JVM with its exit code. */
  public void exit(int code) {
    exitCode.set(code);
    exiting = true;
    finished.countDown();
    System.exit(code);
  }

  private void onJvmShutdown() {
    if (exiting) {
      return;
    }
    request();
    try {
      if (finished.await(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        // Exit with the command's own code (0 after a clean stop) rather than 143 for SIGTERM.
        Runtime.getRuntime().halt(exitCode.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
