package dev.redsink.emulator.wire;

import java.io.IOException;
import java.io.InputStream;

/** The backend PostgreSQL session of one client, as emulator commands use it. */
public interface BackendSession {

  /** Runs SQL with the simple query protocol; the error, if any, is in the result. */
  QueryResult query(String sql) throws IOException;

  /**
   * Runs {@code COPY … FROM STDIN} and streams {@code data} into it. An injected mid-COPY fault
   * drops the connection here, after some data and before the end.
   */
  QueryResult copyIn(String copySql, InputStream data) throws IOException;

  /** Raises a Redshift error inside the session, aborting its transaction like any error. */
  QueryResult raise(String sqlState, String message, String detail) throws IOException;

  /** The session's user. */
  String user();

  /** The emulator's id for this session. */
  int sessionId();
}
