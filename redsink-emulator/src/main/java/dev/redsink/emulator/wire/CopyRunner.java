package dev.redsink.emulator.wire;

import java.io.IOException;

/** Runs a Redshift COPY statement on a client's backend session. */
public interface CopyRunner {

  /** What a COPY loaded: rows, and the bytes of the files it read. */
  record Loaded(long rows, long bytes) {}

  /**
   * Runs the COPY and returns what it loaded.
   *
   * @throws CopyFailure with the error the client must see (the transaction is already aborted)
   */
  Loaded run(String sql, BackendSession session) throws CopyFailure, IOException;

  /** A COPY that failed with a Redshift error. */
  final class CopyFailure extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient ErrorFields error;

    public CopyFailure(ErrorFields error) {
      super(error.message());
      this.error = error;
    }

    public ErrorFields error() {
      return error;
    }
  }

  /** Thrown by a COPY's data stream to abandon the PostgreSQL COPY (nothing of it is kept). */
  final class AbandonCopy extends IOException {
    private static final long serialVersionUID = 1L;

    public AbandonCopy(String message) {
      super(message);
    }
  }
}
