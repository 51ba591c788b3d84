package dev.redsink.core.load;

import dev.redsink.core.TopicPartition;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.sql.DedupMode;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.WriteSettings;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;

/**
 * One load of one table, on one connection, in two steps. First, outside any lock, the staged files
 * are COPYed into a session temp table (autocommit: a temp table outlives the statement that filled
 * it, and no other session can see it, so this can neither conflict with nor wait for any other
 * writer). Then one transaction: lock the table's ledger, then the target, read the ledger (the
 * locks come before the first statement that takes Redshift's snapshot, so the read sees what the
 * writer before committed), insert into the target (or, for write_mode = upsert and cdc, apply the
 * key-folded changes: {@link UpsertStep}), advance the ledger, drop the staging table, COMMIT. Only
 * writers of the same table wait for each other, and only for that short transaction; loads of
 * different tables share no table. No TRUNCATE (it commits in Redshift), no REGION (Parquet COPY
 * refuses it).
 *
 * <p>A load that can COPY straight into the target does so inside the transaction, after the ledger
 * read, in place of the insert; it then needs no staging table.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/c_serial_isolation.html">Serializable
 *     isolation</a>
 */
final class LoadTransaction {

  /** How a transaction ended. */
  enum Outcome {
    COMMITTED,
    /** Another writer committed some of these records first: re-plan from the ledger. */
    OVERLAP
  }

  /** Time spent in COPY, insert and commit. */
  record Timings(Duration copy, Duration insert, Duration commit) {
    static final Timings NONE = new Timings(Duration.ZERO, Duration.ZERO, Duration.ZERO);
  }

  /** The outcome and, when committed, the rows inserted and where the time went. */
  record Result(Outcome outcome, long inserted, Timings timings) {}

  private final Ledger ledger;
  private final String iamRole;
  private final DedupMode dedup;
  private final WriteSettings write;

  LoadTransaction(Ledger ledger, String iamRole, DedupMode dedup) {
    this(ledger, iamRole, dedup, WriteSettings.APPEND);
  }

  LoadTransaction(Ledger ledger, String iamRole, DedupMode dedup, WriteSettings write) {
    this.ledger = ledger;
    this.iamRole = iamRole;
    this.dedup = dedup;
    this.write = write;
  }

  /** How records are applied: appended, or upserted / CDC-applied by key. */
  WriteSettings write() {
    return write;
  }

  Result run(ConnectionPool pool, TablePlan plan, StagedBatch staged) {
    TargetTable table = plan.table();
    try (Connection c = pool.connection()) {
      String staging = null;
      try {
        long t0 = System.nanoTime();
        if (!staged.files().isEmpty()) {
          staging = TableSql.newStagingName();
          stage(c, table, staged, staging);
        }
        long t1 = System.nanoTime();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
          ledger.lock(st, table.name());
          st.execute(TableSql.lock(table.name()));
          Map<TopicPartition, Long> committed = ledger.read(c, table.name());
          if (plan.overlaps(committed)) {
            c.rollback();
            return new Result(Outcome.OVERLAP, 0, Timings.NONE);
          }
          // Every change of a key-folded load may have been a no-op (say a tombstone that deletes
          // nothing): then there is no staging table and only the ledger moves.
          long inserted = staging == null ? 0 : apply(st, table, staged, staging);
          ledger.advance(c, table.name(), plan.next());
          if (staging != null) {
            st.execute(TableSql.dropStaging(staging));
          }
          long t2 = System.nanoTime();
          commit(c, table);
          staging = null;
          long t3 = System.nanoTime();
          return new Result(
              Outcome.COMMITTED,
              inserted,
              new Timings(
                  Duration.ofNanos(t1 - t0), Duration.ofNanos(t2 - t1), Duration.ofNanos(t3 - t2)));
        }
      } catch (SQLException e) {
        throw SqlStates.wrap("load into " + table, e);
      } finally {
        rollbackQuietly(c);
        if (staging != null) {
          dropQuietly(c, staging);
        }
      }
    } catch (SQLException e) {
      throw SqlStates.wrap("load into " + table, e);
    }
  }

  /**
   * COPYs the staged files into a new session temp table, each statement committing on its own, and
   * checks the row count.
   */
  private void stage(Connection c, TargetTable table, StagedBatch staged, String staging)
      throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(
          TableSql.createStaging(
              staging,
              staged.changes().map(StagedChanges::stagingLayout).orElse(table.layout()),
              table.keys()));
      copy(st, table, staged, staging);
      long copied = lastCopyCount(st);
      if (copied != staged.rows()) {
        throw new RedsinkException(
            ErrorCategory.FATAL,
            "Cannot load into "
                + table
                + ": COPY loaded "
                + copied
                + " rows but "
                + staged.rows()
                + " were staged in "
                + staged.copyUrl());
      }
    }
  }

  /** Moves the staged rows into the target: an insert, or the key-folded changes. */
  private long apply(Statement st, TargetTable table, StagedBatch staged, String staging)
      throws SQLException {
    return staged.changes().isPresent()
        ? new UpsertStep(write).apply(st, table, staging, staged.changes().get())
        : st.executeUpdate(
            TableSql.insertFromStaging(table.name(), staging, table.layout(), dedup));
  }

  private void copy(Statement st, TargetTable table, StagedBatch staged, String staging) {
    try {
      st.execute(TableSql.copy(staging, staged.copyUrl(), iamRole, staged.copySource()));
    } catch (SQLException e) {
      RedsinkException wrapped = SqlStates.wrap("run COPY into " + table, e);
      throw new CopyFailure(
          wrapped.category(),
          wrapped.getMessage()
              + ". If the role is refused, aws_iam_role must be attached to the cluster and able"
              + " to read s3://"
              + staged.files().get(0).bucket()
              + "; for a load error, sys_load_error_detail (stl_load_errors on provisioned"
              + " clusters) has the file, column and reason",
          e);
    }
  }

  private static long lastCopyCount(Statement st) throws SQLException {
    try (ResultSet rs = st.executeQuery(TableSql.lastCopyCount())) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void commit(Connection c, TargetTable table) {
    try {
      c.commit();
    } catch (SQLException e) {
      throw SqlStates.wrapCommit("commit the load into " + table, e);
    }
  }

  /** Ends whatever transaction is open and returns the connection to autocommit. */
  private static void rollbackQuietly(Connection c) {
    try {
      if (!c.isClosed() && !c.getAutoCommit()) {
        c.rollback();
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      // the connection is gone; the server rolls back on its own
    }
  }

  /**
   * Drops a staging table the load did not drop (it failed or another writer came first), so the
   * pooled session does not keep it; a session that is gone took it along.
   */
  private static void dropQuietly(Connection c, String staging) {
    try (Statement st = c.createStatement()) {
      st.execute(TableSql.dropStaging(staging));
    } catch (SQLException e) {
      // the session is gone, and its temp tables with it
    }
  }
}
