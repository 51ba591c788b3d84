package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SIGKILL at each step of a load: the loader runs in a child JVM against the emulator in this one,
 * a fault holds it at the step (a delayed statement or S3 request, or a lost COMMIT reply), it is
 * killed there, started again, and must finish with every record exactly once.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class KillRestartIT {

  private static final Duration HOLD = Duration.ofSeconds(4);

  private Warehouse warehouse;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    warehouse = new Warehouse(emulator);
    warehouse.resetFaults();
  }

  @AfterEach
  void tearDown() {
    warehouse.resetFaults();
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

    ChildProcess first = ChildProcess.start(properties, dir, "first");
    first.await("two writes", () -> first.output().contains("WROTE 2 "), Duration.ofMinutes(2));
    int armed = arming.arm(warehouse.emulator);
    first.await("the fault to fire", () -> warehouse.faultsFired() >= armed, Duration.ofMinutes(2));
    long killedAt = System.nanoTime();
    int exit = first.kill();
    assertThat(exit).as("exit status of the killed child").isNotZero();
    assertThat(first.output()).doesNotContain("DONE");
    ExactlyOnceCheck.Verdict atKill = ExactlyOnceCheck.inspect(warehouse, table, stream);
    assertThat(atKill.rows()).as("rows at the kill").isLessThan(stream.total());

    ChildProcess second = ChildProcess.start(properties, dir, "second");
    second.await(
        "the first write after the restart",
        () -> second.output().contains("WROTE 1 ") || second.output().contains("DONE"),
        Duration.ofMinutes(2));
    long recovered = Duration.ofNanos(System.nanoTime() - killedAt).toMillis();
    assertThat(second.waitFor(Duration.ofMinutes(10))).as(second.output()).isZero();
    assertThat(second.output()).contains("DONE");

    assertThat(warehouse.emulator.sqlFaults().pending() + warehouse.emulator.s3Faults().pending())
        .isZero();
    int fired = warehouse.faultsFired();
    assertThat(fired).as("faults fired").isEqualTo(armed);
    ExactlyOnceCheck.Verdict v =
        ExactlyOnceCheck.assertComplete(warehouse, table, stream, allowedOrphans);
    Figures.record(
        name,
        stream.total(),
        fired,
        v.lost(),
        v.duplicated(),
        recovered,
        "killed at "
            + atKill.rows()
            + " rows; restart completed"
            + (v.leftObjects().isEmpty() ? "" : ", " + v.leftObjects().size() + " orphan files"));
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
