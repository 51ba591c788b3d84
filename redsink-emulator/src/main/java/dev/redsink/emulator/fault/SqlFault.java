package dev.redsink.emulator.fault;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** What happens to one client statement that a SQL fault rule catches. */
public sealed interface SqlFault
    permits SqlFault.Fail,
        SqlFault.Terminate,
        SqlFault.DropBeforeStatement,
        SqlFault.DropBeforeReply,
        SqlFault.DropMidCopy,
        SqlFault.Delay,
        SqlFault.Hold {

  /** The statement fails with this error, raised inside the session (its transaction aborts). */
  record Fail(String sqlState, String message, String detail) implements SqlFault {}

  /** A FATAL error, then the server closes the connection (as for 57P01 admin shutdown). */
  record Terminate(String sqlState, String message) implements SqlFault {}

  /** The connection drops before the statement reaches the database. */
  record DropBeforeStatement() implements SqlFault {}

  /** The statement runs to completion, then the connection drops before its reply. */
  record DropBeforeReply() implements SqlFault {}

  /** A COPY starts loading, then the connection drops half-way. */
  record DropMidCopy() implements SqlFault {}

  /** The statement runs after a pause. */
  record Delay(Duration duration) implements SqlFault {}

  /**
   * The statement runs once {@code release} is counted down (or {@code atMost} has passed): a test
   * holds a session at a step, checks what other sessions can do meanwhile, then lets it go on.
   */
  record Hold(CountDownLatch release, Duration atMost) implements SqlFault {
    public void await() {
      try {
        release.await(atMost.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Redshift's serializable isolation violation, error 1023 (SQLSTATE XX000). */
  static SqlFault serializableIsolationViolation() {
    return new Fail(
        "XX000",
        "1023",
        "Serializable isolation violation on table - 0, transactions forming the cycle are: 0, 0"
            + " (pid:0)");
  }

  /** 57P01: the server was shut down by an administrator; the connection closes. */
  static SqlFault adminShutdown() {
    return new Terminate("57P01", "terminating connection due to administrator command");
  }

  /** A COPY load error as Redshift reports it. */
  static SqlFault loadError(String table) {
    return new Fail(
        "XX000",
        "Load into table '"
            + table
            + "' failed.  Check 'stl_load_errors' system table for details.",
        null);
  }

  static SqlFault fail(String sqlState, String message) {
    return new Fail(sqlState, message, null);
  }

  static SqlFault dropBeforeStatement() {
    return new DropBeforeStatement();
  }

  static SqlFault dropBeforeReply() {
    return new DropBeforeReply();
  }

  static SqlFault dropMidCopy() {
    return new DropMidCopy();
  }

  static SqlFault delay(Duration duration) {
    return new Delay(duration);
  }

  static SqlFault hold(CountDownLatch release, Duration atMost) {
    return new Hold(release, atMost);
  }
}
