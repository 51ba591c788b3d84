package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SIGKILL at each step of a load: the loader runs in a child JVM against the emulator in this one,
 * a fault holds it at the step (a delayed statement or S3 request, or a lost COMMIT reply), it is
 * killed there, started again, and must finish with every record exactly once.
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class KillRestartIT {

  private static final Duration HOLD = Duration.ofSeconds(4);

  private final ScenarioWarehouse warehouse;

  KillRestartIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void killedAfterUpload() throws Exception {
    killAndRestart("SIGKILL after upload (before LOCK)", delayed("^LOCK"), Map.of(), 3);
  }

  @Test
  void killedAfterCopy() throws Exception {
    killAndRestart(
        "SIGKILL after the COPY into the target, before COMMIT",
        delayed("^SELECT pg_last_copy_count"),
        Map.of(),
        3);
  }

  @Test
  void killedAfterInsert() throws Exception {
    killAndRestart(
        "SIGKILL after the target write (before the ledger UPDATE)",
        delayed("^UPDATE"),
        Map.of(),
        3);
  }

  @Test
  void killedAfterCommitWasSentWithoutItsReply() throws Exception {
    killAndRestart(
        "SIGKILL after COMMIT ran, its reply lost",
        e -> EngineFaultMatrixIT.arm(e, "^COMMIT", 1, SqlFault.dropBeforeReply()),
        Map.of("retry_delay", "60s"),
        3);
  }

  /**
   * History mode, killed with its versions closed and inserted but not committed: the restart
   * closes and inserts them once (one active version per key, an unbroken chain of versions).
   */
  @Test
  void historyKilledAfterClosingVersionsBeforeCommit() throws Exception {
    String table =
        killAndRestart(
            "history: SIGKILL after the versions' UPDATE and INSERT, before COMMIT",
            delayed("^INSERT INTO \"rel_"),
            Map.of("table_layout", "typed", "write_mode", "history", "primary_key", "p,v"),
            3,
            Math.min(8_000, Reliability.records()));
    ExactlyOnceCheck.assertVersionsChain(warehouse, table, "p, v");
  }

  @Test
  void killedWhileTheClusterIsStillCommitting() throws Exception {
    killAndRestart("SIGKILL while COMMIT is in flight", delayed("^COMMIT"), Map.of(), 3);
  }

  @Test
  void killedDuringCleanup() throws Exception {
    killAndRestart(
        "SIGKILL during cleanup (S3 DELETE)",
        e -> EngineFaultMatrixIT.arm(e, S3RequestKind.DELETE, 1, Fault.delay(HOLD)),
        Map.of(),
        3);
  }

  /**
   * Writers of distinct tables load at the same time, each in its own child JVM: one is held inside
   * its ledger transaction (its table and ledger locked), one in its COPY, the third runs free; all
   * three are SIGKILLed together, started again together, and every table ends exactly once.
   */
  @Test
  void concurrentWritersOfDistinctTablesKilledTogether() throws Exception {
    List<String> tables = new ArrayList<>();
    List<SourceStream> streams = new ArrayList<>();
    List<Path> properties = new ArrayList<>();
    List<ScenarioCheck> checks = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String table = ScenarioWarehouse.uniqueTable("rel");
      SourceStream stream = SourceStream.of("rel." + table, Reliability.records());
      Path dir = Path.of("target", "children", table).toAbsolutePath();
      tables.add(table);
      streams.add(stream);
      // Forty writes, not ten: none of the three may finish its stream while the test waits for
      // the others' second write and arms the holds.
      properties.add(
          writeProperties(dir, warehouse.config(table), stream, stream.perPartition() / 40));
      checks.add(
          new ScenarioCheck(
              warehouse, "SIGKILL of 3 concurrent writers of distinct tables", table, stream));
    }
    List<JvmProcess> first = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      first.add(Children.loader(properties.get(i), properties.get(i).getParent(), "first"));
    }
    for (JvmProcess child : first) {
      child.await("two writes", () -> child.stdout().contains("WROTE 2 "), Duration.ofMinutes(2));
    }
    int armed =
        EngineFaultMatrixIT.arm(
                warehouse.emulator(),
                "^(INSERT INTO|COPY) \"" + tables.get(0) + "\"",
                1,
                SqlFault.delay(HOLD))
            + EngineFaultMatrixIT.arm(
                warehouse.emulator(),
                "^COPY .*s3://[^']*/reliability/" + tables.get(1) + "/",
                1,
                SqlFault.delay(HOLD));
    first
        .get(0)
        .await(
            "both faults to fire", () -> warehouse.faultsFired() >= armed, Duration.ofMinutes(2));
    long killedAt = System.nanoTime();
    for (JvmProcess child : first) {
      assertThat(child.kill()).as("exit status of a killed child").isNotZero();
    }
    for (int i = 0; i < 3; i++) {
      checks.get(i).assertConsistent();
    }

    List<JvmProcess> second = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      second.add(Children.loader(properties.get(i), properties.get(i).getParent(), "second"));
    }
    for (JvmProcess child : second) {
      assertThat(child.waitFor(Duration.ofMinutes(10))).as(child.output()).isZero();
      assertThat(child.stdout()).contains("DONE");
    }
    long recovered = (System.nanoTime() - killedAt) / 1_000_000;
    int fired = checks.get(0).assertEveryFaultFired(armed);
    for (int i = 0; i < 3; i++) {
      ExactlyOnceCheck.Verdict v = checks.get(i).assertComplete(3);
      if (i == 0) {
        checks.get(i).record(fired, v, recovered, "3 killed together; restarts completed");
      }
    }
  }

  private static FaultPlan.Arming delayed(String statement) {
    return e -> EngineFaultMatrixIT.arm(e, statement, 1, SqlFault.delay(HOLD));
  }

  private void killAndRestart(
      String name, FaultPlan.Arming arming, Map<String, Object> overrides, int allowedOrphans)
      throws Exception {
    killAndRestart(name, arming, overrides, allowedOrphans, Reliability.records());
  }

  /** Kills the loader of a stream of {@code records} at the fault; returns the table. */
  private String killAndRestart(
      String name,
      FaultPlan.Arming arming,
      Map<String, Object> overrides,
      int allowedOrphans,
      int records)
      throws Exception {
    String table = ScenarioWarehouse.uniqueTable("rel");
    SourceStream stream = SourceStream.of("rel." + table, records);
    Map<String, Object> config = warehouse.config(table);
    config.putAll(overrides);
    Path dir = Path.of("target", "children", table).toAbsolutePath();
    Path properties = writeProperties(dir, config, stream);

    ScenarioCheck check = new ScenarioCheck(warehouse, name, table, stream);

    JvmProcess first = Children.loader(properties, dir, "first");
    first.await("two writes", () -> first.stdout().contains("WROTE 2 "), Duration.ofMinutes(2));
    Kill kill = Kill.atFault(first, warehouse, arming, check, Duration.ofMinutes(2));
    assertThat(first.stdout()).doesNotContain("DONE");

    JvmProcess second = Children.loader(properties, dir, "second");
    second.await(
        "the first write after the restart",
        () -> second.stdout().contains("WROTE 1 ") || second.stdout().contains("DONE"),
        Duration.ofMinutes(2));
    long recovered = kill.millisSince();
    assertThat(second.waitFor(Duration.ofMinutes(10))).as(second.output()).isZero();
    assertThat(second.stdout()).contains("DONE");

    int fired = check.assertEveryFaultFired(kill.armed());
    ExactlyOnceCheck.Verdict v = check.assertComplete(allowedOrphans);
    check.record(fired, v, recovered, kill.outcome(v));
    return table;
  }

  private static Path writeProperties(Path dir, Map<String, Object> config, SourceStream stream)
      throws IOException {
    return writeProperties(
        dir, config, stream, Math.max(1, Math.min(2_500, stream.perPartition() / 10)));
  }

  /** The child's properties, writing {@code chunk} records per partition at a time. */
  private static Path writeProperties(
      Path dir, Map<String, Object> config, SourceStream stream, long chunk) throws IOException {
    Files.createDirectories(dir);
    Properties p = new Properties();
    config.forEach((k, v) -> p.setProperty("sink." + k, String.valueOf(v)));
    p.setProperty("stream.topic", stream.topic());
    p.setProperty("stream.partitions", Integer.toString(stream.partitions()));
    p.setProperty("stream.perPartition", Long.toString(stream.perPartition()));
    p.setProperty("stream.chunk", Long.toString(Math.max(1, chunk)));
    Path file = dir.resolve("loader.properties");
    try (Writer w = Files.newBufferedWriter(file)) {
      p.store(w, "ChildLoader");
    }
    return file;
  }
}
