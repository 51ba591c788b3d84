package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.sql.DedupMode;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;

/**
 * One load of one table, on one connection. A load that only appends ({@link CopyPath#DIRECT}) is
 * one transaction: lock the table's ledger, read it (the lock comes before the first statement that
 * takes Redshift's snapshot, so the read sees what the writer before committed), COPY the staged
 * files straight into the target, check the row count, advance the ledger, COMMIT: each row is
 * written once. Other loads ({@link CopyPath#STAGED}) first COPY the files into a session temp
 * table in a transaction of its own, committed before the ledger transaction begins (a temp table
 * no other session can see, so this neither conflicts with nor waits for any other writer), then
 * run the same ledger transaction with an insert from the staging table (or, for write_mode =
 * upsert and cdc, the key-folded changes: {@link UpsertStep}; for history, the versions: {@link
 * HistoryStep}) in place of the COPY, and drop the staging table. Only writers of the same table
 * wait for each other, on the ledger's lock; loads of different tables share no table. The target
 * is never locked: its writes take only Redshift's implicit write locks, which block no reader, so
 * a SELECT of the target never waits for a load and sees each load whole once it commits. No
 * TRUNCATE (it commits in Redshift), no REGION (Parquet COPY refuses it).
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

  /**
   * Time spent in COPY (with the staging table's transaction when there is one), in the ledger
   * transaction apart from the COPY (lock, ledger, insert) and in COMMIT.
   */
  record Timings(Duration copy, Duration insert, Duration commit) {
    static final Timings NONE = new Timings(Duration.ZERO, Duration.ZERO, Duration.ZERO);
  }

  /** The outcome and, when committed, the rows written and where the time went. */
  record Result(Outcome outcome, long inserted, Timings timings) {}

  private final Ledger ledger;
  private final String iamRole;
  private final DedupMode dedup;
  private final WriteSettings write;
  private final CopyPath appends;
  private final CurrentViews views = new CurrentViews();

  /**
   * A load transaction; {@code appends} is the path of loads that only append ({@code direct_copy}:
   * {@link CopyPath#STAGED} keeps them on the staging path too).
   */
  LoadTransaction(
      Ledger ledger, String iamRole, DedupMode dedup, WriteSettings write, CopyPath appends) {
    this.ledger = ledger;
    this.iamRole = iamRole;
    this.dedup = dedup;
    this.write = write;
    this.appends = appends;
  }

  /** How records are applied: appended, or upserted / CDC-applied by key. */
  WriteSettings write() {
    return write;
  }

  /**
   * Runs the load, COPYing straight into the target when both {@code allowed} and {@code
   * direct_copy} allow it and the load only appends (see {@link CopyPath#of}).
   */
  Result run(ConnectionPool pool, TablePlan plan, StagedBatch staged, CopyPath allowed) {
    TargetTable table = plan.table();
    // Every change of a key-folded load may have been a no-op (say a tombstone that deletes
    // nothing): then nothing is staged and only the ledger moves.
    CopyPath path =
        staged.files().isEmpty()
            ? null
            : CopyPath.of(
                allowed == CopyPath.DIRECT ? appends : CopyPath.STAGED,
                staged,
                dedup,
                table.layout());
    try (Connection c = pool.connection()) {
      String staging = null;
      try {
        long t0 = System.nanoTime();
        if (path == CopyPath.STAGED) {
          staging = TableSql.newStagingName();
          stage(c, table, staged, staging);
        }
        long t1 = System.nanoTime();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
          ledger.lock(st, table.name());
          Map<TopicPartition, Long> committed = ledger.read(c, table.name());
          if (plan.overlaps(committed)) {
            // The files hold records another writer committed first: the loader re-plans.
            c.rollback();
            return new Result(Outcome.OVERLAP, 0, Timings.NONE);
          }
          long t2 = System.nanoTime();
          long written = 0;
          boolean versions = write.mode() == WriteMode.HISTORY && staged.changes().isPresent();
          // A replace run's loads go to its run table: the target's view is made at the swap.
          boolean history = versions && allowed == CopyPath.DIRECT;
          if (history) {
            views.refresh(st, table);
          }
          if (staged.changes().map(StagedChanges::truncate).orElse(false)) {
            if (!versions) {
              written += new UpsertStep(write).truncate(st, table);
            } else if (staging == null) {
              // A truncate with no version staged beside it (alone in its load, or beside records
              // that stage nothing): it closes the active versions, as the apply would.
              written += HistoryStep.truncate(st, table, staged.changes().get());
            }
          }
          if (path == CopyPath.DIRECT) {
            copyChecked(
                st,
                table,
                staged,
                TableSql.copyInto(
                    table.name(),
                    table.layout().columns(),
                    staged.copyUrl(),
                    iamRole,
                    staged.copySource()));
            written = staged.rows();
          } else if (staging != null) {
            written += apply(st, table, staged, staging);
          }
          long copied = path == CopyPath.DIRECT ? System.nanoTime() - t2 : 0;
          ledger.advance(c, table.name(), plan.advancing(committed));
          if (staging != null) {
            st.execute(TableSql.dropStaging(staging));
          }
          long t3 = System.nanoTime();
          commit(c, table);
          staging = null;
          if (history) {
            views.committed(table);
          }
          long t4 = System.nanoTime();
          return new Result(
              Outcome.COMMITTED,
              written,
              new Timings(
                  Duration.ofNanos(t1 - t0 + copied),
                  Duration.ofNanos(t3 - t1 - copied),
                  Duration.ofNanos(t4 - t3)));
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
   * COPYs the staged files into a new session temp table and checks the row count, in a transaction
   * of its own: one commit instead of one per statement, and committed before the ledger
   * transaction begins, so that transaction still takes its lock before its snapshot.
   */
  private void stage(Connection c, TargetTable table, StagedBatch staged, String staging)
      throws SQLException {
    c.setAutoCommit(false);
    try (Statement st = c.createStatement()) {
      st.execute(
          TableSql.createStaging(
              staging,
              staged.changes().map(StagedChanges::stagingLayout).orElse(table.layout()),
              table.keys()));
      copyChecked(
          st,
          table,
          staged,
          TableSql.copy(staging, staged.copyUrl(), iamRole, staged.copySource()));
    }
    // A lost reply here is an ordinary transient failure: the load's rows are not in this commit,
    // and a retry stages into a new temp table on whichever session it gets.
    c.commit();
  }

  /** Runs a COPY of the staged files and checks it loaded exactly the rows staged. */
  private void copyChecked(Statement st, TargetTable table, StagedBatch staged, String copy)
      throws SQLException {
    copy(st, table, staged, copy);
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

  /** Moves the staged rows into the target: an insert, or the key-folded changes. */
  private long apply(Statement st, TargetTable table, StagedBatch staged, String staging)
      throws SQLException {
    if (staged.changes().isPresent() && write.mode() == WriteMode.HISTORY) {
      return new HistoryStep().apply(st, table, staging, staged.changes().get());
    }
    return staged.changes().isPresent()
        ? new UpsertStep(write).apply(st, table, staging, staged.changes().get())
        : st.executeUpdate(
            TableSql.insertFromStaging(table.name(), staging, table.layout(), dedup));
  }

  private void copy(Statement st, TargetTable table, StagedBatch staged, String copy) {
    try {
      st.execute(copy);
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
