package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;

/**
 * What every fault scenario checks on its own table, whatever drives the load (the engine in this
 * JVM, a child JVM or Kafka Connect): each armed fault fired, what committed is exactly once
 * ({@link ExactlyOnceCheck}), and the scenario's row in the {@link Figures}.
 */
final class ScenarioCheck {

  private final ScenarioWarehouse warehouse;
  private final String name;
  private final String table;
  private final SourceStream stream;

  ScenarioCheck(ScenarioWarehouse warehouse, String name, String table, SourceStream stream) {
    this.warehouse = warehouse;
    this.name = name;
    this.table = table;
    this.stream = stream;
  }

  /** Exactly as many faults fired as the plan armed, at least one, none left pending. */
  int assertEveryFaultFired(FaultPlan plan) {
    return assertEveryFaultFired(plan.armed(), "faults armed (" + plan.description() + ")");
  }

  /** Exactly {@code armed} faults fired, at least one, none left pending; returns how many. */
  int assertEveryFaultFired(int armed) {
    return assertEveryFaultFired(armed, "faults armed");
  }

  private int assertEveryFaultFired(int armed, String description) {
    assertThat(armed).as("%s: %s", name, description).isPositive();
    assertThat(warehouse.faultsPending()).as("%s: faults armed but never fired", name).isZero();
    int fired = warehouse.faultsFired();
    assertThat(fired).as("%s: faults fired", name).isEqualTo(armed);
    return fired;
  }

  /** The table, ledger and bucket as they are now. */
  ExactlyOnceCheck.Verdict inspect() throws SQLException {
    return ExactlyOnceCheck.inspect(warehouse, table, stream);
  }

  /** What committed so far is exactly once. */
  ExactlyOnceCheck.Verdict assertConsistent() throws SQLException {
    ExactlyOnceCheck.Verdict v = inspect();
    ExactlyOnceCheck.assertConsistent(warehouse, table, v);
    return v;
  }

  /** A stop that left things clean: what committed is exactly once and no staged object is left. */
  ExactlyOnceCheck.Verdict assertCleanStop() throws SQLException {
    ExactlyOnceCheck.Verdict v = assertConsistent();
    assertThat(v.leftObjects()).as("staged objects left at the stop").isEmpty();
    return v;
  }

  /** The whole stream loaded once, at most {@code allowedOrphans} staged objects left. */
  ExactlyOnceCheck.Verdict assertComplete(int allowedOrphans) throws SQLException {
    return ExactlyOnceCheck.assertComplete(warehouse, table, stream, allowedOrphans);
  }

  /** Appends the scenario's row; {@code recoveryMillis} -1 when there is none to show. */
  void record(int faultsFired, ExactlyOnceCheck.Verdict v, long recoveryMillis, String outcome) {
    Figures.record(
        name, stream.total(), faultsFired, v.lost(), v.duplicated(), recoveryMillis, outcome);
  }
}
