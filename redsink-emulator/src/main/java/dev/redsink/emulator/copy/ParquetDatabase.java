package dev.redsink.emulator.copy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.duckdb.DuckDBConnection;

/**
 * The in-memory DuckDB database an emulator's COPYs read Parquet with: started at the first COPY,
 * one connection per COPY, closed with the emulator. A database of its own per COPY would cost each
 * COPY about 25 ms of CPU; a connection to the running one costs about 1 ms.
 */
public final class ParquetDatabase implements AutoCloseable {
  private DuckDBConnection root;
  private boolean closed;

  /** A connection of its own for one COPY; close it when the COPY ends. */
  public synchronized Connection connect() throws SQLException {
    if (closed) {
      throw new SQLException("The emulator is stopping");
    }
    if (root == null) {
      root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
    }
    return root.duplicate();
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (root != null) {
      try {
        root.close();
      } catch (SQLException e) {
        // stopping: the database is in memory, nothing is left behind
      }
      root = null;
    }
  }
}
