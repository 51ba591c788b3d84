package dev.redsink.core.load;

import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.LoadResult.TableLoad;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.retry.RetryPolicy;
import dev.redsink.core.retry.Sleeper;
import dev.redsink.core.sql.DedupMode;
import dev.redsink.core.stage.Disposal;
import dev.redsink.core.stage.S3ObjectStore;
import dev.redsink.core.stage.Stager;
import dev.redsink.core.stage.UuidV7;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.KeyFold;
import dev.redsink.core.typed.ValueReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs loads: groups a batch's records by target table and loads each table exactly once (see
 * {@link TableLoader}), up to max_connections - 1 tables at a time (loads of different tables share
 * no table in Redshift, so they never wait for each other); answers where each partition resumes
 * from the ledger.
 */
public final class LoadEngine implements AutoCloseable {

  private final ConnectionPool pool;
  private final TargetTables tables;
  private final LoadContext ctx;
  private final ExecutorService threads;
  private final ExecutorService tableThreads;

  /**
   * Per table, the reader of each change a runtime's check takes, for the table's field names as
   * last opened (a table opened again, after its columns changed, gets a new one in its place).
   */
  private final Map<TableName, KeyFold.Judge> changeJudges = new ConcurrentHashMap<>();

  private final UnreportedCommits unreported = new UnreportedCommits();

  private LoadEngine(
      ConnectionPool pool,
      TargetTables tables,
      LoadContext ctx,
      ExecutorService threads,
      ExecutorService tableThreads) {
    this.threads = threads;
    this.tableThreads = tableThreads;
    this.pool = pool;
    this.tables = tables;
    this.ctx = ctx;
  }

  /** The retry policy built from the configuration, for the runtime's batch-level retries too. */
  public RetryPolicy retry() {
    return ctx.retry();
  }

  /** Connects (SELECT 1), builds the S3 client, and prepares a table without placeholders. */
  public static LoadEngine open(RedsinkConfig config) {
    ConnectionPool pool =
        ConnectionPool.open(
            config.get(ConfigKeys.CONNECTION_STRING), config.get(ConfigKeys.MAX_CONNECTIONS));
    S3ObjectStore store = null;
    ExecutorService threads = null;
    ExecutorService tableThreads = null;
    try {
      store = S3ObjectStore.of(config);
      RetryPolicy retry =
          new RetryPolicy(
              config.get(ConfigKeys.MAX_RETRIES),
              config.get(ConfigKeys.RETRY_DELAY),
              config.get(ConfigKeys.RETRY_MAX_DELAY),
              config.get(ConfigKeys.RETRY_TIMEOUT),
              Sleeper.SYSTEM);
      Stager stager = new Stager(store, config.get(ConfigKeys.S3_PREFIX), UuidV7.system(), retry);
      threads = daemonThreads("redsink-stage-", config.fileSplit().uploadConcurrency());
      // Each table load holds at most one connection at a time; one connection stays free for
      // ledger reads (a runtime resuming partitions) and for preparing new tables meanwhile.
      tableThreads =
          daemonThreads("redsink-table-", Math.max(1, config.get(ConfigKeys.MAX_CONNECTIONS) - 1));
      Ledger ledger = new Ledger();
      new LedgerMigration(pool, ledger, config.find(ConfigKeys.TARGET_SCHEMA)).run();
      TargetTables tables = new TargetTables(config, pool, ledger, retry);
      LoadContext ctx =
          new LoadContext(
              pool,
              tables,
              ledger,
              new LoadTransaction(
                  ledger,
                  config.get(ConfigKeys.AWS_IAM_ROLE),
                  config.get(ConfigKeys.DEDUP_BY_ID)
                      ? DedupMode.SKIP_EXISTING_IDS
                      : DedupMode.LEDGER_ONLY,
                  config.write(),
                  config.get(ConfigKeys.DIRECT_COPY) ? CopyPath.DIRECT : CopyPath.STAGED),
              stager,
              retry,
              config.fileSplit(),
              new FileStaging(threads, stager),
              config.get(ConfigKeys.VERBOSE_LOGGING),
              config.get(ConfigKeys.ARCHIVE) ? Disposal.ARCHIVE : Disposal.DELETE);
      LoadEngine engine = new LoadEngine(pool, tables, ctx, threads, tableThreads);
      if (!config.get(ConfigKeys.TARGET_TABLE).hasPlaceholders()) {
        tables.forTopic("");
      }
      return engine;
    } catch (RuntimeException e) {
      pool.close();
      if (threads != null) {
        threads.shutdownNow();
      }
      if (tableThreads != null) {
        tableThreads.shutdownNow();
      }
      if (store != null) {
        store.close();
      }
      throw e;
    }
  }

  /** Loads a batch, one table after another; see {@link dev.redsink.core.RedshiftSink#write}. */
  public LoadResult write(List<Record> batch) {
    return write(batch, Map.of());
  }

  /**
   * Loads a batch and moves the ledger to {@code settled} offsets (see {@link
   * dev.redsink.core.RedshiftSink#write(List, Map)}).
   */
  public LoadResult write(List<Record> batch, Map<TopicPartition, Long> settled) {
    Map<TargetTable, List<Record>> byTable = new LinkedHashMap<>();
    Map<TargetTable, Map<TopicPartition, Long>> settledByTable = new HashMap<>();
    String lastTopic = null;
    List<Record> current = null;
    for (Record r : batch) {
      if (!r.topic().equals(lastTopic)) {
        lastTopic = r.topic();
        current = byTable.computeIfAbsent(tables.forTopic(r.topic()), t -> new ArrayList<>());
      }
      current.add(r);
    }
    settled.forEach(
        (tp, offset) -> {
          TargetTable table = tables.forTopic(tp.topic());
          byTable.computeIfAbsent(table, t -> new ArrayList<>());
          settledByTable.computeIfAbsent(table, t -> new HashMap<>()).put(tp, offset);
        });
    List<TableLoader> loaders = new ArrayList<>();
    for (Map.Entry<TargetTable, List<Record>> e : byTable.entrySet()) {
      loaders.add(
          new TableLoader(
              ctx, e.getKey(), e.getValue(), settledByTable.getOrDefault(e.getKey(), Map.of())));
    }
    UnreportedCommits.Commits earlier = unreported.take();
    Map<TopicPartition, Integer> unclaimed = new HashMap<>(earlier.records());
    loaders.forEach(loader -> loader.claim(unclaimed));
    Attempt attempt = loadAll(loaders);
    Map<TopicPartition, Integer> committed = new HashMap<>(unclaimed);
    List<TableLoad> loads = new ArrayList<>(earlier.loads());
    Map<TopicPartition, Long> next = new HashMap<>();
    int skipped = 0;
    for (int i = 0; i < loaders.size(); i++) {
      TableLoader.Outcome outcome = attempt.outcomes().get(i);
      if (outcome == null) {
        loaders.get(i).unreported().forEach((tp, n) -> committed.merge(tp, n, Integer::sum));
      } else {
        outcome.committed().forEach((tp, n) -> committed.merge(tp, n, Integer::sum));
        loads.add(outcome.load());
        next.putAll(outcome.next());
        skipped += outcome.skipped();
      }
    }
    if (attempt.failure() != null) {
      // What did commit is the ledger's now: the retry of this batch finds it there, and the next
      // result reports it.
      unreported.keep(committed, loads);
      throw attempt.failure();
    }
    int loaded = loads.stream().mapToInt(TableLoad::rows).sum();
    return new LoadResult(batch.size(), skipped, loaded, loads, next, committed);
  }

  /** Each loader's outcome in order (null where its load failed), and the first failure. */
  private record Attempt(List<TableLoader.Outcome> outcomes, RuntimeException failure) {}

  /**
   * Loads the tables side by side and waits for all of them, never abandoning a load half-way;
   * returns the first failure in table order once every load has ended (the others committed or
   * rolled back on their own, and the ledger tells a retry which).
   */
  private Attempt loadAll(List<TableLoader> loaders) {
    if (loaders.size() == 1) {
      try {
        return new Attempt(List.of(loaders.get(0).load()), null);
      } catch (RuntimeException e) {
        return new Attempt(Collections.singletonList(null), e);
      }
    }
    List<Future<TableLoader.Outcome>> running = new ArrayList<>();
    for (TableLoader loader : loaders) {
      running.add(tableThreads.submit(loader::load));
    }
    List<TableLoader.Outcome> outcomes = new ArrayList<>();
    RuntimeException first = null;
    boolean interrupted = false;
    for (Future<TableLoader.Outcome> load : running) {
      while (true) {
        try {
          outcomes.add(load.get());
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          outcomes.add(null);
          if (first == null) {
            first = rethrowable(e.getCause());
          }
          break;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return new Attempt(outcomes, first);
  }

  private static RuntimeException rethrowable(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IllegalStateException("A table load failed", t);
  }

  /**
   * Starts an atomic full refresh of the table a topic resolves to; see {@link RunTableReplace}.
   */
  public RunTableReplace replace(String topic) {
    return RunTableReplace.start(ctx, tables, topic);
  }

  /** The checks a record must pass for its table, without staging anything. */
  public Optional<BadRecordException> check(Record record) {
    return judge(record).refusal();
  }

  /**
   * The checks a record must pass for its table, and whether a write may still refuse a record that
   * passes (a typed field its table has no column for yet, or none that takes it as is). A typed
   * table's record passes to be held with its JsonConverter envelope split ({@link
   * ValueReader#held}).
   */
  public RecordVerdict judge(Record taken) {
    try {
      TargetTable table = tables.forTopic(taken.topic());
      Record record = table.layout().isTyped() ? ValueReader.held(taken) : taken;
      WriteSettings write = ctx.transaction().write();
      // upsert and cdc check the row the record will stage (and that it carries its key).
      boolean settled;
      if (write.byKey() && table.layout().isTyped()) {
        KeyFold.Judge judge = changeJudges.get(table.name());
        if (judge == null || !judge.reads(table.names())) {
          judge = new KeyFold.Judge(write, table.names(), table.checks().judged());
          changeJudges.put(table.name(), judge);
        }
        KeyFold.Judged change = judge.read(record);
        settled = table.checks().checkSettled(change.normalized(), change.rows());
        judge.keep(change);
      } else {
        settled = table.checks().checkTaken(record);
      }
      return RecordVerdict.passed(settled, record);
    } catch (BadRecordException e) {
      return RecordVerdict.refused(e);
    }
  }

  /** Drops what the judge kept of these partitions' records: the runtime no longer owns them. */
  public void forget(Collection<TopicPartition> partitions) {
    for (TopicPartition tp : partitions) {
      tables.opened(tp.topic()).ifPresent(table -> table.checks().judged().forget(tp));
    }
  }

  /** The ledger's next offsets for these partitions (absent when nothing was loaded). */
  public Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions) {
    Map<TargetTable, List<TopicPartition>> byTable = new LinkedHashMap<>();
    for (TopicPartition tp : partitions) {
      byTable.computeIfAbsent(tables.forTopic(tp.topic()), t -> new ArrayList<>()).add(tp);
    }
    Map<TopicPartition, Long> next = new HashMap<>();
    for (Map.Entry<TargetTable, List<TopicPartition>> e : byTable.entrySet()) {
      try (Connection c = pool.connection()) {
        Map<TopicPartition, Long> ledger = ctx.ledger().resume(c, e.getKey(), e.getValue());
        for (TopicPartition tp : e.getValue()) {
          if (ledger.containsKey(tp)) {
            next.put(tp, ledger.get(tp));
          }
        }
      } catch (SQLException ex) {
        throw SqlStates.wrap("read the ledger of " + e.getKey(), ex);
      }
    }
    return next;
  }

  /** Daemon threads (for encoding and uploads, or table loads); idle ones end after a minute. */
  private static ExecutorService daemonThreads(String name, int count) {
    AtomicInteger n = new AtomicInteger();
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            count,
            count,
            1,
            TimeUnit.MINUTES,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread t = new Thread(task, name + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  @Override
  public void close() {
    tableThreads.shutdownNow();
    threads.shutdownNow();
    pool.close();
    ctx.stager().close();
  }
}
