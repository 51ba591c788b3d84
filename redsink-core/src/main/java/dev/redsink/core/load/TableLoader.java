package dev.redsink.core.load;

import dev.redsink.core.encode.RecordChecks;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.LoadResult.TableLoad;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.retry.RetriesSpent;
import dev.redsink.core.stage.Disposal;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.KeyFold;
import dev.redsink.core.typed.ParsedRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads one table's records of a batch exactly once. Every attempt starts from the ledger, so a
 * retry after any failure, including a COMMIT whose reply was lost, loads only what is not
 * committed yet; staged files are reused while the records to load stay the same.
 */
final class TableLoader {

  private static final Logger LOG = LoggerFactory.getLogger(TableLoader.class);
  private static final int MAX_REPLANS = 10;

  /**
   * One table load's outcome: its rows and files; the records it committed per partition (rows and
   * ledger, a COMMIT whose reply was lost and which landed included); those the ledger already
   * covered before it; and the ledger's next offsets.
   */
  record Outcome(
      TableLoad load,
      Map<TopicPartition, Integer> committed,
      int skipped,
      Map<TopicPartition, Long> next) {}

  private final LoadContext ctx;
  private TargetTable table;
  private ParsedRows parsed = ParsedRows.NONE;
  private final List<Record> records;
  private final KeyFold fold;
  private final Set<TopicPartition> partitions = new LinkedHashSet<>();
  private TablePlan stagedPlan;
  private StagedBatch staged;
  private int attempts;

  /** Set when the last attempt's COMMIT may have landed though its reply was lost. */
  private boolean commitUnknown;

  /**
   * Records per partition an attempt committed though its COMMIT's reply was lost (the ledger says
   * so).
   */
  private final Map<TopicPartition, Integer> landed = new HashMap<>();

  /** Records per partition of this table's records. */
  private final Map<TopicPartition, Integer> received = new HashMap<>();

  /**
   * Records per partition an earlier write of this sink committed and did not report (see {@link
   * UnreportedCommits}): the ledger covers them, and they count as committed, not skipped.
   */
  private final Map<TopicPartition, Integer> earlier = new HashMap<>();

  private final Map<TopicPartition, Long> settled;
  private final CopyPath path;

  /**
   * A loader that COPYs through a staging table whatever the write mode (a replace run's loads).
   */
  static TableLoader staged(LoadContext ctx, TargetTable table, List<Record> records) {
    return new TableLoader(ctx, table, records, Map.of(), CopyPath.STAGED);
  }

  /**
   * A loader that also moves the ledger to {@code settled} (see {@link TablePlan#of}) and COPYs
   * straight into the table where the load only appends.
   */
  TableLoader(
      LoadContext ctx, TargetTable table, List<Record> records, Map<TopicPartition, Long> settled) {
    this(ctx, table, records, settled, CopyPath.DIRECT);
  }

  private TableLoader(
      LoadContext ctx,
      TargetTable table,
      List<Record> records,
      Map<TopicPartition, Long> settled,
      CopyPath path) {
    this.ctx = ctx;
    this.path = path;
    this.settled = settled;
    partitions.addAll(settled.keySet());
    this.table = table;
    WriteSettings write = ctx.transaction().write();
    this.fold =
        write.byKey() && table.layout().isTyped()
            ? new KeyFold(records, write, table.names(), table.checks().judged())
            : null;
    this.records = fold == null ? records : fold.normalized();
    if (fold != null) {
      parsed = fold.rows();
    }
    Record previous = null;
    TopicPartition tp = null;
    for (Record r : this.records) {
      // Records come partition by partition: a partition is added once per run of its records.
      if (previous == null
          || previous.partition() != r.partition()
          || !previous.topic().equals(r.topic())) {
        tp = new TopicPartition(r.topic(), r.partition());
        partitions.add(tp);
      }
      received.merge(tp, 1, Integer::sum);
      previous = r;
    }
    if (table.layout().isTyped()) {
      table.checks().judged().loadStarted();
    }
  }

  /**
   * Takes from {@code unreported} the records of this table's partitions an earlier write committed
   * without reporting them; call before {@link #load()}.
   */
  void claim(Map<TopicPartition, Integer> unreported) {
    for (TopicPartition tp : received.keySet()) {
      Integer n = unreported.remove(tp);
      if (n != null) {
        earlier.merge(tp, n, Integer::sum);
      }
    }
  }

  /** What this loader committed and will not report, when its load failed. */
  Map<TopicPartition, Integer> unreported() {
    Map<TopicPartition, Integer> commits = new HashMap<>(earlier);
    landed.forEach((tp, n) -> commits.merge(tp, n, Integer::sum));
    return commits;
  }

  Outcome load() {
    try {
      return ctx.retry().run("load into " + table, this::attempt);
    } catch (RedsinkException e) {
      throw reported(e, attempts);
    } finally {
      discardStaged();
    }
  }

  /**
   * A COPY failure in the reference design's wording, which its troubleshooting table (and users'
   * alerts) match; still a {@link RetriesSpent} when retries were spent, so no enclosing policy
   * retries it again. Other failures as they are.
   */
  static RedsinkException reported(RedsinkException e, int attempts) {
    CopyFailure copy = CopyFailure.in(e);
    if (copy == null) {
      return e;
    }
    String message =
        "Redshift COPY failed after "
            + attempts
            + (attempts == 1 ? " attempt: " : " attempts: ")
            + copy.getMessage();
    return e instanceof RetriesSpent spent
        ? spent.reworded(message)
        : new RedsinkException(e.category(), message, e);
  }

  private Outcome attempt() {
    attempts++;
    table = ctx.tables().current(table);
    if (commitUnknown) {
      settleUnknownCommit();
    }
    for (int replan = 0; replan < MAX_REPLANS; replan++) {
      TablePlan plan = plan();
      if (plan.isEmpty()) {
        return outcome(empty(), plan, batchEnd());
      }
      if (plan.pending().isEmpty() || changesNothingYet(plan)) {
        // Only settled offsets move (or changes that find no table to change): a ledger-only
        // transaction, nothing staged, and no table created. A typed table is created from rows
        // to store, never from offsets alone: the ledger may hold rows before its table exists,
        // and a restart resumes from them as from any ledger row.
        StagedBatch none =
            new StagedBatch(
                List.of(),
                Optional.empty(),
                0,
                0,
                Duration.ZERO,
                Duration.ZERO,
                Duration.ZERO,
                Optional.empty());
        if (ctx.transaction().run(ctx.pool(), plan, none, path).outcome()
            == LoadTransaction.Outcome.OVERLAP) {
          continue;
        }
        return outcome(empty(), plan, plan.next());
      }
      if (table.layout().isTyped()) {
        new TypedTableCreation(ctx.pool())
            .createIfMissing(table, plan.pending(), parsed(), defaultSortKey());
        SchemaEvolver.Evolved evolved = new SchemaEvolver(ctx.pool()).evolve(plan, parsed());
        plan = evolved.plan();
        if (evolved.table() != table) {
          table = evolved.table();
          ctx.tables().remember(table);
        }
      }
      RecordChecks checks = plan.table().checks();
      if (plan.table().layout().isTyped()) {
        // The schema step made every field of these records fit its column as is, or refused
        // the load: what remains is what a record stores beside its fields.
        plan.pending().forEach(checks::checkBesideFields);
      } else {
        plan.pending().forEach(checks::check);
      }
      if (!plan.sameRecords(stagedPlan)
          || !plan.table().layout().equals(stagedPlan.table().layout())) {
        discardStaged();
        staged = BatchStaging.stage(ctx, fold, plan);
        stagedPlan = plan;
      }
      LoadTransaction.Result result;
      try {
        result = ctx.transaction().run(ctx.pool(), plan, staged, path);
      } catch (RedsinkException e) {
        if (SqlStates.tableChanged(e)) {
          // A DBA dropped or altered a column (or the table) the cached layout has: read the
          // table again on the next attempt, which then adapts or reports the mismatch.
          ctx.tables().forget(table);
          ctx.ledger().forget(Ledger.tableOf(table.name()));
          throw new TransientException(
              "Cannot load into "
                  + table
                  + ": the table changed under the load ("
                  + e.getMessage()
                  + "); its columns are read again",
              e);
        }
        if (e.category() == ErrorCategory.COMMIT_OUTCOME_UNKNOWN) {
          commitUnknown = true;
          throw new TransientException(
              "Cannot tell whether the load into "
                  + table
                  + " committed; the next attempt reads the ledger and loads only what is missing",
              e);
        }
        throw e;
      }
      if (result.outcome() == LoadTransaction.Outcome.OVERLAP) {
        LOG.info("Another writer loaded some of these records into {} first; re-planning", table);
        continue;
      }
      StagedBatch done = staged;
      staged = null;
      stagedPlan = null;
      ctx.dispose(done.objects(), ctx.disposal());
      TableLoad load = tableLoad(done, result);
      log(load);
      return outcome(load, plan, plan.next());
    }
    throw new TransientException(
        "Cannot load into " + table + ": other writers kept loading the same records first");
  }

  /**
   * Whether a key-folded load only deletes keys (or skips changes, such as the tombstones Debezium
   * sends after a delete) of a typed table that does not exist yet: nothing to delete there, so
   * only the ledger moves and the table waits for a change that stores a row. A replace run's loads
   * create their run table whatever they hold: its commit makes the target exactly the run.
   */
  private boolean changesNothingYet(TablePlan plan) {
    if (fold == null || path != CopyPath.DIRECT || !table.layout().fields().isEmpty()) {
      return false;
    }
    for (KeyFold.Operation op : fold.fold(plan.pending()).operations()) {
      if (op != KeyFold.Operation.DELETE) {
        return false;
      }
    }
    try (Connection c = ctx.pool().connection()) {
      return TargetTables.columns(c, table.name()).isEmpty();
    } catch (SQLException e) {
      throw SqlStates.wrap("read the columns of " + table, e);
    }
  }

  /**
   * The sort key a history table gets when sort_key is not set: its key columns, then the version
   * time, so a key's versions sit together in time order; none for the other write modes.
   */
  private List<String> defaultSortKey() {
    if (fold == null || ctx.transaction().write().mode() != WriteMode.HISTORY) {
      return List.of();
    }
    List<String> keys = fold.keyColumns();
    if (keys.isEmpty()) {
      return List.of();
    }
    List<String> sortKey = new ArrayList<>(keys);
    sortKey.add(HistoryColumns.CREATE_TIME);
    return sortKey;
  }

  /**
   * The outcome of a plan now committed (or all skipped): its pending records, with those this sink
   * committed before and had not reported, count as committed; the ledger covered the rest.
   */
  private Outcome outcome(TableLoad load, TablePlan plan, Map<TopicPartition, Long> next) {
    Map<TopicPartition, Integer> pending = plan.pendingByPartition();
    Map<TopicPartition, Integer> credited = unreported();
    Map<TopicPartition, Integer> committed = new HashMap<>(credited);
    pending.forEach((tp, n) -> committed.merge(tp, n, Integer::sum));
    int skipped = 0;
    for (Map.Entry<TopicPartition, Integer> e : received.entrySet()) {
      int covered = e.getValue() - pending.getOrDefault(e.getKey(), 0);
      skipped += Math.max(0, covered - credited.getOrDefault(e.getKey(), 0));
    }
    return new Outcome(load, committed, skipped, next);
  }

  private TablePlan plan() {
    return TablePlan.of(table, records, ledger(), settled);
  }

  private Map<TopicPartition, Long> ledger() {
    try (Connection c = ctx.pool().connection()) {
      return ctx.ledger().resume(c, table, partitions);
    } catch (SQLException e) {
      throw SqlStates.wrap("read the ledger of " + table, e);
    }
  }

  /**
   * After a COMMIT whose reply was lost: when the ledger now covers the staged records, that COMMIT
   * landed, so its files are disposed of as after any commit (archived with {@code archive = true})
   * rather than deleted as files of a load that did not happen.
   */
  private void settleUnknownCommit() {
    // Settled only once the ledger is read: a failed read leaves it for the next attempt.
    boolean landedNow = staged != null && stagedPlan.coveredBy(ledger());
    commitUnknown = false;
    if (landedNow) {
      stagedPlan.pendingByPartition().forEach((tp, n) -> landed.merge(tp, n, Integer::sum));
      StagedBatch done = staged;
      staged = null;
      stagedPlan = null;
      ctx.dispose(done.objects(), ctx.disposal());
    }
  }

  /** For an all-skipped batch: the partitions' committed offsets are at least the batch's end. */
  private Map<TopicPartition, Long> batchEnd() {
    Map<TopicPartition, Long> next = new HashMap<>();
    for (Record r : records) {
      next.merge(new TopicPartition(r.topic(), r.partition()), r.offset() + 1, Math::max);
    }
    return next;
  }

  private void discardStaged() {
    if (staged != null) {
      ctx.dispose(staged.objects(), Disposal.DELETE);
      staged = null;
      stagedPlan = null;
    }
  }

  private TableLoad empty() {
    Duration zero = Duration.ZERO;
    return new TableLoad(
        table.toString(), 0, 0, 0, 0, attempts, zero, zero, zero, zero, zero, zero);
  }

  private TableLoad tableLoad(StagedBatch batch, LoadTransaction.Result result) {
    LoadTransaction.Timings timings = result.timings();
    return new TableLoad(
        table.toString(),
        (int) result.inserted(),
        recordBytes(),
        batch.files().size(),
        batch.bytes(),
        attempts,
        batch.stage(),
        batch.encode(),
        batch.upload(),
        timings.copy(),
        timings.insert(),
        timings.commit());
  }

  /**
   * The typed rows of this table's records read so far, with its table's names: each record's JSON
   * is read once per load, not once per step (table creation, schema check, encoding).
   */
  private ParsedRows parsed() {
    FieldNames names = table.names().ofStagedRows();
    if (!parsed.readWith(names)) {
      parsed = new ParsedRows(names, table.checks().judged(), records.size());
    }
    return parsed;
  }

  private long recordBytes() {
    long bytes = 0;
    for (Record record : records) {
      bytes += record.bytes();
    }
    return bytes;
  }

  private void log(TableLoad load) {
    String format =
        "Loaded {} rows into {} from {} files ({} bytes, attempt {}): encode {} ms, upload {} ms,"
            + " COPY {} ms, insert {} ms, commit {} ms";
    Object[] args = {
      load.rows(),
      load.table(),
      load.files(),
      load.bytes(),
      load.attempts(),
      load.encode().toMillis(),
      load.upload().toMillis(),
      load.copy().toMillis(),
      load.insert().toMillis(),
      load.commit().toMillis()
    };
    if (ctx.verbose()) {
      LOG.info(format, args);
    } else {
      LOG.debug(format, args);
    }
  }
}
