package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.sql.AwaitedRowsSql;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.MovedRowsSql;
import dev.redsink.core.sql.ReplaceClaimSql;
import dev.redsink.core.sql.ReplaceSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An atomic full refresh of one table: records load into a run-scoped table with the usual files,
 * COPYs, checks and ledger (keyed by the run table, so a retried write loads nothing twice); {@link
 * #commit} then replaces the target's contents and ledger rows with the run's in one transaction.
 * Until then, and after any failure or kill, the target is exactly as it was. One replace of a
 * table runs at a time: a run claims the target first ({@link ReplaceClaim}), a second replace is
 * refused while the claim is live, and the next run drops the run tables a crashed run left behind,
 * never a live run's. The swap commits only while its run still holds the claim, and marks it
 * committed in the same transaction, which is how a lost COMMIT reply is read back.
 */
public final class RunTableReplace implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RunTableReplace.class);

  /** Rows before and after, and how long the run took. */
  public record Summary(long rowsBefore, long rowsAfter, Duration elapsed) {}

  private final LoadContext ctx;
  private final TargetTables tables;
  private final TargetTable target;
  private final TargetTable run;
  private final Instant started;
  private final ReplaceClaim claim;
  private final boolean runCreated;
  private volatile boolean written;
  private boolean finished;

  private RunTableReplace(
      LoadContext ctx,
      TargetTables tables,
      TargetTable target,
      TargetTable run,
      Instant started,
      ReplaceClaim claim,
      boolean runCreated) {
    this.ctx = ctx;
    this.tables = tables;
    this.target = target;
    this.run = run;
    this.started = started;
    this.claim = claim;
    this.runCreated = runCreated;
  }

  static RunTableReplace start(LoadContext ctx, TargetTables tables, String topic) {
    TargetTable target = tables.forTopic(topic);
    Instant started = Instant.now();
    byte[] id = new byte[4];
    ThreadLocalRandom.current().nextBytes(id);
    TableName runName = ReplaceSql.runTable(target.name(), started, HexFormat.of().formatHex(id));
    // The claim first: once it is in, every other run table of the target is a dead run's.
    ReplaceClaim claim = ReplaceClaim.take(ctx, target.name(), runName);
    boolean runCreated;
    try {
      // Retried as a load is (DDL a concurrent writer's transaction can make fail with a
      // serializable isolation violation): a retry drops what a failed attempt created, a run
      // table of the target, and starts again.
      runCreated =
          ctx.retry().run("start a replace of " + target, () -> createRun(ctx, target, runName));
    } catch (RuntimeException e) {
      claim.close();
      throw e;
    }
    LOG.info("Replacing the contents of {} through run table {}", target, runName);
    return new RunTableReplace(
        ctx,
        tables,
        target,
        TargetTable.of(
            runName,
            target.layout(),
            SchemaEvolution.ADD_COLUMNS,
            target.compression(),
            target.keys(),
            target.names()),
        started,
        claim,
        runCreated);
  }

  /**
   * Creates the run table like the target, unless the target does not exist yet: whether it did.
   */
  private static boolean createRun(LoadContext ctx, TargetTable target, TableName runName) {
    try (Connection c = ctx.pool().connection();
        Statement st = c.createStatement()) {
      dropStaleRuns(c, ctx.ledger(), target);
      if (!TargetTables.columns(c, target.name()).isEmpty()) {
        st.execute(ReplaceSql.createRunTable(runName, target.name()));
        return true;
      }
      // Otherwise the target is a typed table not created yet: the run's first load creates the
      // run table from its records' fields, as any load creates a typed table, and the commit
      // creates the target like it.
      return false;
    } catch (SQLException e) {
      throw SqlStates.wrap("start a replace of " + target, e);
    }
  }

  /**
   * Drops every run table of the target: called holding the target's claim, so they are dead runs'
   * (crashed, or taken over after their claim lapsed), or a failed attempt of this one's.
   */
  private static void dropStaleRuns(Connection c, Ledger ledger, TargetTable target)
      throws SQLException {
    List<String> stale = new ArrayList<>();
    SqlStatement query = ReplaceSql.runTables(target.name());
    try (PreparedStatement ps = Jdbc.prepare(c, query);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        if (ReplaceSql.isRunTableOf(target.name(), rs.getString(1))) {
          stale.add(rs.getString(1));
        }
      }
    }
    try (Statement st = c.createStatement()) {
      for (String name : stale) {
        TableName table = new TableName(target.name().schema(), name);
        LOG.warn("Dropping run table {} left behind by an earlier replace of {}", table, target);
        // The run table last: a stale run is found by it, so what goes before it is never lost.
        st.execute(MovedRowsSql.dropIfExists(MovedRowsSql.of(table)));
        st.execute(AwaitedRowsSql.dropIfExists(AwaitedRowsSql.of(table)));
        st.execute(LedgerSql.drop(Ledger.tableOf(table)));
        st.execute(ReplaceSql.dropTable(table));
        ledger.forget(Ledger.tableOf(table));
      }
    }
  }

  /** The table being replaced, as messages name it. */
  public String table() {
    return target.toString();
  }

  /** The run table's name, for messages and tests. */
  public String runTable() {
    return run.toString();
  }

  /** Loads records into the run table, exactly once per record as any load. */
  public LoadResult write(List<Record> records) {
    for (Record r : records) {
      if (!tables.forTopic(r.topic()).equals(target)) {
        throw new FatalException(
            "Cannot replace "
                + target
                + ": record "
                + r
                + " belongs to table "
                + tables.forTopic(r.topic()));
      }
    }
    // A run's loads keep the staging path: a replace is a one-off refresh whose rows are copied
    // once more at the swap anyway, so the direct COPY would save little there.
    written = true;
    TableLoader.Outcome outcome;
    try {
      outcome = TableLoader.staged(ctx, run, records).load();
    } catch (RedsinkException e) {
      // A load into a run table another replace dropped fails on the missing table: say why.
      throw claimHeld() ? e : claim.takenOver();
    }
    Map<TopicPartition, Long> next = new HashMap<>(outcome.next());
    return new LoadResult(
        records.size(),
        outcome.skipped(),
        outcome.load().rows(),
        List.of(outcome.load()),
        next,
        outcome.committed());
  }

  /**
   * Makes the target hold exactly the run's rows, in one transaction, and drops the run table.
   *
   * @throws FatalException when another replace took this run's claim over: the target does not
   *     hold this run's rows
   */
  public Summary commit() {
    long before = count(target.name());
    try {
      ctx.retry().runVoid("replace the contents of " + target, this::promote);
    } catch (RedsinkException e) {
      if (e.category() != ErrorCategory.COMMIT_OUTCOME_UNKNOWN) {
        throw e;
      }
      // Whether the swap committed is read back from the claim: a committed claim returns at
      // once, a running one swaps again (the lost COMMIT did not happen).
      LOG.warn("{}; reading back whether it committed", e.getMessage());
      ctx.retry().runVoid("replace the contents of " + target, this::promote);
    }
    finished = true;
    claim.close();
    long after = count(target.name());
    Summary summary = new Summary(before, after, Duration.between(started, Instant.now()));
    LOG.info(
        "Replaced {}: {} rows before, {} after, in {} ms",
        target,
        before,
        after,
        summary.elapsed().toMillis());
    return summary;
  }

  private void promote() {
    try (Connection c = ctx.pool().connection()) {
      // Read first without the lock, so a run taken over touches nothing of the target.
      Optional<String> state = claim.state(c);
      if (state.isEmpty()) {
        throw claim.takenOver();
      }
      if (state.get().equals(ReplaceClaimSql.COMMITTED)) {
        return; // an earlier attempt committed and lost its reply
      }
      List<ExistingColumn> runColumns = TargetTables.columns(c, run.name());
      if (runColumns.isEmpty()) {
        if (runCreated || written) {
          throw new FatalException(
              "Cannot replace the contents of "
                  + target
                  + ": its run table "
                  + run
                  + " no longer exists (dropped by something other than this run); the table is"
                  + " unchanged by this run. Run the replace again");
        }
        // Nothing was written to a typed target that does not exist yet: nothing to replace.
        return;
      }
      if (target.layout().isTyped()) {
        new ReplaceTarget(target, run.name()).prepare(c, runColumns);
      }
      ctx.ledger().create(c, target.name());
      // Rows the run's cdc loads keep for primary-key changes whose creates are still to come
      // follow its rows and ledger: the target's own kept rows belong to the contents replaced.
      TableName runMoved = MovedRowsSql.of(run.name());
      boolean runKept = !TargetTables.columns(c, runMoved).isEmpty();
      TableName runAwaited = AwaitedRowsSql.of(run.name());
      boolean runAwaits = !TargetTables.columns(c, runAwaited).isEmpty();
      c.setAutoCommit(false);
      try (Statement st = c.createStatement()) {
        // The ledger's lock keeps every writer of the target out until the swap commits; readers
        // are not locked out: they see the old contents until then, the new ones after.
        ctx.ledger().lock(st, target.name());
        // The claim is checked and marked in the swap's transaction, under the claims' lock: a
        // run taken over rolls back, and a committed swap is known to have committed.
        st.execute(ReplaceClaimSql.lock(claim.table()));
        Optional<String> held = claim.state(c);
        if (held.isEmpty() || !held.get().equals(ReplaceClaimSql.RUNNING)) {
          c.rollback();
          if (held.isEmpty()) {
            throw claim.takenOver();
          }
          return;
        }
        for (String sql :
            ReplaceSql.promote(
                target.name(),
                run.name(),
                runColumns.stream().map(ExistingColumn::name).toList(),
                Ledger.tableOf(target.name()),
                Ledger.tableOf(run.name()))) {
          st.execute(sql);
        }
        if (ctx.transaction().write().mode() == WriteMode.HISTORY) {
          // The view lists the target's columns as the run left them.
          CurrentViews.make(
              st,
              target.name(),
              TargetTables.columns(c, target.name()).stream().map(ExistingColumn::name).toList());
        }
        TableName targetMoved = MovedRowsSql.of(target.name());
        st.execute(MovedRowsSql.dropIfExists(targetMoved));
        if (runKept) {
          st.execute(MovedRowsSql.rename(runMoved, targetMoved.name()));
        }
        // So do the run's creates that loaded before their deletes, which the run has not seen.
        TableName targetAwaited = AwaitedRowsSql.of(target.name());
        st.execute(AwaitedRowsSql.dropIfExists(targetAwaited));
        if (runAwaits) {
          st.execute(MovedRowsSql.rename(runAwaited, targetAwaited.name()));
        }
        if (!claim.markCommitted(c)) {
          c.rollback();
          throw claim.takenOver();
        }
        try {
          c.commit();
        } catch (SQLException e) {
          throw SqlStates.wrapCommit("commit the replace of " + target, e);
        }
        ctx.ledger().forget(Ledger.tableOf(run.name()));
      } catch (SQLException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw SqlStates.wrap("replace the contents of " + target, e);
    }
  }

  /** Rows in a table; 0 for a typed target not created yet. */
  private long count(TableName table) {
    try (Connection c = ctx.pool().connection()) {
      if (TargetTables.columns(c, table).isEmpty()) {
        return 0;
      }
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery(ReplaceSql.count(table))) {
        rs.next();
        return rs.getLong(1);
      }
    } catch (SQLException e) {
      throw SqlStates.wrap("count the rows of " + table, e);
    }
  }

  /** Whether this run still holds its claim (read without the lock). */
  private boolean claimHeld() {
    try (Connection c = ctx.pool().connection()) {
      return claim.state(c).isPresent();
    } catch (SQLException | RuntimeException e) {
      return true; // unknown: the load's own failure says more
    }
  }

  /** Drops the run table and its ledger rows, then gives up the claim; the target is untouched. */
  public void abort() {
    if (finished) {
      return;
    }
    finished = true;
    try {
      dropRun();
    } finally {
      claim.close();
    }
  }

  private void dropRun() {
    try (Connection c = ctx.pool().connection();
        Statement st = c.createStatement()) {
      // The run table last: the next replace finds a stale run by it.
      st.execute(MovedRowsSql.dropIfExists(MovedRowsSql.of(run.name())));
      st.execute(AwaitedRowsSql.dropIfExists(AwaitedRowsSql.of(run.name())));
      st.execute(LedgerSql.drop(Ledger.tableOf(run.name())));
      st.execute(ReplaceSql.dropTable(run.name()));
      ctx.ledger().forget(Ledger.tableOf(run.name()));
      LOG.info("Abandoned the replace of {}; dropped {}", target, run);
    } catch (SQLException e) {
      LOG.warn(
          "Cannot drop run table {} ({}); the next replace of {} drops it",
          run,
          e.getMessage(),
          target);
    }
  }

  /** Aborts unless committed. */
  @Override
  public void close() {
    abort();
  }
}
