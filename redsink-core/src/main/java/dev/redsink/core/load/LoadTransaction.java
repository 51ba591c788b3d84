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
 * One load of one table in one Redshift transaction: lock the target, re-read the ledger, create a
 * session temp staging table, COPY the staged files into it, check the row count, insert into the
 * target (or, for write_mode = upsert and cdc, apply the key-folded changes: {@link UpsertStep}),
 * advance the ledger, drop the staging table, COMMIT. No TRUNCATE (it commits in Redshift), no
 * REGION (Parquet COPY refuses it).
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
    String staging = TableSql.newStagingName();
    try (Connection c = pool.connection()) {
      c.setAutoCommit(false);
      try (Statement st = c.createStatement()) {
        // Ledger first, then the target, always in this order: every load writes the shared
        // ledger, and Redshift's serializable isolation would otherwise abort one of two
        // concurrent loads (error 1023) even when they load different tables.
        st.execute(TableSql.lock(ledger.table()));
        st.execute(TableSql.lock(table.name()));
        Map<TopicPartition, Long> committed = ledger.read(c, table);
        if (plan.overlaps(committed)) {
          c.rollback();
          return new Result(Outcome.OVERLAP, 0, Timings.NONE);
        }
        long t0 = System.nanoTime();
        if (staged.files().isEmpty()) {
          // Every change of a key-folded load was a no-op (say a tombstone that deletes
          // nothing): only the ledger moves.
          ledger.advance(c, table, plan.next());
          commit(c, table);
          return new Result(Outcome.COMMITTED, 0, Timings.NONE);
        }
        st.execute(
            TableSql.createStaging(
                staging,
                staged.changes().map(StagedChanges::stagingLayout).orElse(table.layout()),
                table.keys()));
        copy(st, table, staged, staging);
        long copied = lastCopyCount(st);
        if (copied != staged.rows()) {
          c.rollback();
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
        long t1 = System.nanoTime();
        long inserted =
            staged.changes().isPresent()
                ? new UpsertStep(write).apply(st, table, staging, staged.changes().get())
                : st.executeUpdate(
                    TableSql.insertFromStaging(table.name(), staging, table.layout(), dedup));
        ledger.advance(c, table, plan.next());
        st.execute(TableSql.dropStaging(staging));
        long t2 = System.nanoTime();
        commit(c, table);
        long t3 = System.nanoTime();
        return new Result(
            Outcome.COMMITTED,
            inserted,
            new Timings(
                Duration.ofNanos(t1 - t0), Duration.ofNanos(t2 - t1), Duration.ofNanos(t3 - t2)));
      } catch (SQLException e) {
        rollbackQuietly(c);
        throw SqlStates.wrap("load into " + table, e);
      } catch (RuntimeException e) {
        rollbackQuietly(c);
        throw e;
      }
    } catch (SQLException e) {
      throw SqlStates.wrap("load into " + table, e);
    }
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

  private static void rollbackQuietly(Connection c) {
    try {
      if (!c.isClosed()) {
        c.rollback();
      }
    } catch (SQLException e) {
      // the connection is gone; the server rolls back on its own
    }
  }
}
