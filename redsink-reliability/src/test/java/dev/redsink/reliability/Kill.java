package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.testkit.JvmProcess;
import java.sql.SQLException;
import java.time.Duration;

/**
 * A child JVM SIGKILLed where a fault armed into its load holds it: how many faults were armed,
 * when the signal went, and what the table held then (short of the whole stream).
 */
record Kill(int armed, long atNanos, ExactlyOnceCheck.Verdict atKill) {

  /** Arms the faults, waits until they fired, kills the child and inspects the table. */
  static Kill atFault(
      JvmProcess child,
      ScenarioWarehouse warehouse,
      FaultPlan.Arming arming,
      ScenarioCheck check,
      Duration timeout)
      throws InterruptedException, SQLException {
    int armed = arming.arm(warehouse.emulator());
    child.await("the fault to fire", () -> warehouse.faultsFired() >= armed, timeout);
    long at = System.nanoTime();
    assertThat(child.kill()).as("exit status of the killed child").isNotZero();
    ExactlyOnceCheck.Verdict atKill = check.inspect();
    assertThat(atKill.rows()).as("rows at the kill").isLessThan(atKill.expected());
    return new Kill(armed, at, atKill);
  }

  /** Milliseconds from the kill to now. */
  long millisSince() {
    return Duration.ofNanos(System.nanoTime() - atNanos).toMillis();
  }

  /** The figures' outcome once a restart completed the stream. */
  String outcome(ExactlyOnceCheck.Verdict end) {
    return "killed at "
        + atKill.rows()
        + " rows; restart completed"
        + (end.leftObjects().isEmpty() ? "" : ", " + end.leftObjects().size() + " orphan files");
  }
}
