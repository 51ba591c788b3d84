package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.Map;

/**
 * One fault scenario: a generated stream loaded into its own table by the {@link StreamLoader}
 * while a {@link FaultPlan} injects faults, then checked by {@link ExactlyOnceCheck} and recorded
 * in the {@link Figures}.
 */
final class Scenario {

  /** How a scenario ended: the loader's run and what the table and bucket hold. */
  record Outcome(LoadRun run, ExactlyOnceCheck.Verdict verdict, int faultsFired) {}

  private final ScenarioWarehouse warehouse;
  private final String name;
  private final String table;
  private final SourceStream stream;
  private final Map<String, Object> config;
  private final ScenarioCheck check;
  private FaultPlan plan = FaultPlan.none();
  private int chunkPerPartition;
  private int allowedOrphans;
  private boolean history;

  private Scenario(ScenarioWarehouse warehouse, String name, int records) {
    this.warehouse = warehouse;
    this.name = name;
    this.table = ScenarioWarehouse.uniqueTable("rel");
    this.stream = SourceStream.of("rel." + table, records);
    this.config = warehouse.config(table);
    this.check = new ScenarioCheck(warehouse, name, table, stream);
    this.chunkPerPartition = (int) Math.max(1, Math.min(2_500, stream.perPartition() / 10));
  }

  static Scenario named(ScenarioWarehouse warehouse, String name) {
    return new Scenario(warehouse, name, Reliability.records());
  }

  static Scenario named(ScenarioWarehouse warehouse, String name, int records) {
    return new Scenario(warehouse, name, records);
  }

  Scenario faults(FaultPlan plan) {
    this.plan = plan;
    return this;
  }

  Scenario set(String key, Object value) {
    config.put(key, value);
    return this;
  }

  /**
   * Loads the stream with write_mode = history, keyed by partition and value (each key changes
   * every ~1,000 offsets): every record is a version, and the check also proves that each key has
   * one active version and each closed one ends where its key's next begins.
   */
  Scenario history() {
    config.put("table_layout", "typed");
    config.put("write_mode", "history");
    config.put("primary_key", java.util.List.of("p", "v"));
    this.history = true;
    return this;
  }

  /** Records per partition per write (four partitions). */
  Scenario chunk(int perPartition) {
    this.chunkPerPartition = perPartition;
    return this;
  }

  /** Staged objects a fault may legitimately leave behind (failed cleanup). */
  Scenario orphans(int allowed) {
    this.allowedOrphans = allowed;
    return this;
  }

  String table() {
    return table;
  }

  SourceStream stream() {
    return stream;
  }

  Map<String, Object> config() {
    return config;
  }

  /** Runs the stream to its end through every fault, then checks it loaded exactly once. */
  Outcome recovers() throws SQLException {
    warehouse.resetFaults();
    LoadRun run = load(plan);
    int fired = check.assertEveryFaultFired(plan);
    assertThat(run.stopped()).as("%s: stop message", name).isEmpty();
    ExactlyOnceCheck.Verdict v = check.assertComplete(allowedOrphans);
    if (history) {
      ExactlyOnceCheck.assertVersionsChain(warehouse, table, "p, v");
    }
    if (run.restarts() == 0) {
      // One sink committed the whole stream: its results count every record once, a COMMIT whose
      // reply was lost included (a restarted sink cannot count what the failed one committed).
      assertThat(run.committed())
          .as("%s: records the writes say they committed", name)
          .isEqualTo(stream.total());
    }
    check.record(
        fired,
        v,
        run.longestRecovery().toMillis(),
        "recovered (" + run.retries() + " retries, " + run.restarts() + " restarts)");
    return new Outcome(run, v, fired);
  }

  /**
   * Runs until the pipeline stops on a non-transient fault; checks the message, that what committed
   * is exactly once, then that a restart with the fault gone completes the stream exactly once.
   */
  Outcome stopsWith(String messagePart) throws SQLException {
    warehouse.resetFaults();
    LoadRun run = load(plan);
    int fired = check.assertEveryFaultFired(plan);
    assertThat(run.stopped()).as("%s: stop message", name).isPresent();
    assertThat(run.stopped().get()).contains(messagePart);
    check.assertCleanStop();
    warehouse.resetFaults();
    LoadRun resumed = load(FaultPlan.none());
    assertThat(resumed.stopped()).as("%s: after the fault is gone", name).isEmpty();
    ExactlyOnceCheck.Verdict v = check.assertComplete(0);
    check.record(
        fired,
        v,
        -1,
        "stopped after "
            + run.writes()
            + " writes: \""
            + Figures.abbreviate(run.stopped().get())
            + "\"; restart completed");
    return new Outcome(run, v, fired);
  }

  private LoadRun load(FaultPlan faults) {
    return new StreamLoader(config, stream, chunkPerPartition, faults, warehouse.emulator()).run();
  }
}
