package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SIGKILL at each step of a load: the loader runs in a child JVM against the emulator in this one,
 * a fault holds it at the step (a delayed statement or S3 request, or a lost COMMIT reply), it is
 * killed there, started again, and must finish with every record exactly once.
 */
@ExtendWith(WarehouseExtension.class)
class KillRestartIT {

  private static final Duration HOLD = Duration.ofSeconds(4);

  private final Warehouse warehouse;

  KillRestartIT(Warehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void killedAfterUpload() throws Exception {
    killAndRestart("SIGKILL after upload (before LOCK)", delayed("^LOCK"), Map.of(), 3);
  }

  @Test
  void killedAfterCopy() throws Exception {
    killAndRestart("SIGKILL after COPY", delayed("^SELECT pg_last_copy_count"), Map.of(), 3);
  }

  @Test
  void killedAfterInsert() throws Exception {
    killAndRestart(
        "SIGKILL after the INSERT (before the ledger UPDATE)", delayed("^UPDATE"), Map.of(), 3);
  }

  @Test
  void killedAfterCommitWasSentWithoutItsReply() throws Exception {
    killAndRestart(
        "SIGKILL after COMMIT ran, its reply lost",
        e -> EngineFaultMatrixIT.arm(e, "^COMMIT", 1, SqlFault.dropBeforeReply()),
        Map.of("retry_delay", "60s"),
        3);
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

  private static FaultPlan.Arming delayed(String statement) {
    return e -> EngineFaultMatrixIT.arm(e, statement, 1, SqlFault.delay(HOLD));
  }

  private void killAndRestart(
      String name, FaultPlan.Arming arming, Map<String, Object> overrides, int allowedOrphans)
      throws Exception {
    String table = Warehouse.uniqueTable("rel");
    SourceStream stream = SourceStream.of("rel." + table, Reliability.records());
    Map<String, Object> config = warehouse.config(table);
    config.putAll(overrides);
    Path dir = Path.of("target", "children", table).toAbsolutePath();
    Path properties = writeProperties(dir, config, stream);

    ScenarioCheck check = new ScenarioCheck(warehouse, name, table, stream);

    ChildProcess first = ChildProcess.loader(properties, dir, "first");
    first.await("two writes", () -> first.stdout().contains("WROTE 2 "), Duration.ofMinutes(2));
    Kill kill = Kill.atFault(first, warehouse, arming, check, Duration.ofMinutes(2));
    assertThat(first.stdout()).doesNotContain("DONE");

    ChildProcess second = ChildProcess.loader(properties, dir, "second");
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
  }

  private static Path writeProperties(Path dir, Map<String, Object> config, SourceStream stream)
      throws IOException {
    Files.createDirectories(dir);
    Properties p = new Properties();
    config.forEach((k, v) -> p.setProperty("sink." + k, String.valueOf(v)));
    p.setProperty("stream.topic", stream.topic());
    p.setProperty("stream.partitions", Integer.toString(stream.partitions()));
    p.setProperty("stream.perPartition", Long.toString(stream.perPartition()));
    p.setProperty(
        "stream.chunk", Long.toString(Math.max(1, Math.min(2_500, stream.perPartition() / 10))));
    Path file = dir.resolve("loader.properties");
    try (Writer w = Files.newBufferedWriter(file)) {
      p.store(w, "ChildLoader");
    }
    return file;
  }
}
