package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.copy.ParquetFixtures;
import dev.redsink.emulator.cost.ClusterCosts;
import dev.redsink.emulator.cost.CostCounters;
import dev.redsink.emulator.cost.CostProfile;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The cost profile: the delays it adds are counted by kind and summed from the profile, never
 * timed, and commits pass the commit queue one at a time across sessions, in arrival order.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class CostProfileIT {

  private RedshiftEmulator emulator;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) throws SQLException {
    this.emulator = emulator;
    try (Connection c = Redshift.connect(emulator)) {
      exec(c, "DROP TABLE IF EXISTS costed", "CREATE TABLE costed (id VARCHAR(8), n BIGINT)");
    }
  }

  @AfterEach
  void tearDown() {
    emulator.costs().profile(CostProfile.NONE);
    emulator.costs().pause(ClusterCosts.Pause.SLEEP);
  }

  @Test
  void everyStatementCommitAndCopyIsDelayedAsTheProfileSays() throws SQLException {
    String key = "cost-it/" + UUID.randomUUID() + ".parquet";
    long bytes =
        ParquetFixtures.put(
            emulator.s3(),
            emulator.bucket(),
            key,
            "SELECT 'r' || i AS id, i::BIGINT AS n FROM range(100) t(i)");
    CostProfile profile = CostProfile.parse("statement=1ms,commit=2ms,copy=3ms,mb=4ms");
    try (Connection c = Redshift.connect(emulator)) {
      emulator.statistics().reset();
      emulator.costs().profile(profile);
      c.setAutoCommit(false);
      exec(
          c,
          "INSERT INTO costed VALUES ('a', 1)",
          "COPY costed FROM 's3://"
              + emulator.bucket()
              + "/"
              + key
              + "' IAM_ROLE '"
              + emulator.iamRole()
              + "' FORMAT AS PARQUET");
      c.commit();
      c.setAutoCommit(true);
      exec(c, "INSERT INTO costed VALUES ('b', 2)");
      emulator.costs().profile(CostProfile.NONE);
      assertThat(value(c, "SELECT count(*) FROM costed")).isEqualTo("102");
    }
    // One INSERT, the COPY's 100 rows, one more INSERT: the rows the cluster wrote.
    assertThat(emulator.statistics().rowsWritten()).isEqualTo(102);
    CostCounters.Snapshot costs = emulator.statistics().costs();
    long statements = emulator.statistics().statements();
    // BEGIN (the driver's), INSERT, COPY, COMMIT, then one autocommit INSERT: two commits.
    assertThat(costs.statementDelays()).isEqualTo(statements - 1);
    assertThat(costs.commitDelays()).isEqualTo(2);
    assertThat(costs.copyDelays()).isEqualTo(1);
    assertThat(costs.bytesCharged()).isEqualTo(bytes);
    Duration perMb = Duration.ofNanos(Math.round(4_000_000 * (bytes / 1e6)));
    assertThat(costs.delayed())
        .isEqualTo(
            Duration.ofMillis(costs.statementDelays()).plusMillis(2 * 2).plusMillis(3).plus(perMb));
  }

  @Test
  void commitsOfDifferentSessionsQueueOneAtATime() throws Exception {
    Semaphore released = new Semaphore(0);
    emulator
        .costs()
        .pause(
            delay -> {
              if (delay.equals(Duration.ofMillis(7))) {
                released.acquire();
              }
            });
    emulator.costs().profile(CostProfile.parse("commit=7ms"));
    emulator.statistics().reset();
    try (Connection first = Redshift.connect(emulator);
        Connection second = Redshift.connect(emulator)) {
      CompletableFuture<Void> a = insertAsync(first, "a");
      Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> emulator.statistics().costs().commitQueue().size() == 1);
      CompletableFuture<Void> b = insertAsync(second, "b");
      Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> emulator.costs().waiting() == 1);
      // The first commit still holds the queue: the second's row is not there yet.
      assertThat(b).isNotDone();
      released.release();
      a.get();
      Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> emulator.statistics().costs().commitQueue().size() == 2);
      released.release();
      b.get();
    }
    List<CostCounters.QueuedCommit> queue = emulator.statistics().costs().commitQueue();
    assertThat(queue).extracting(CostCounters.QueuedCommit::order).containsExactly(1L, 2L);
    assertThat(queue).extracting(CostCounters.QueuedCommit::ahead).containsExactly(0, 1);
    assertThat(queue.get(0).session()).isNotEqualTo(queue.get(1).session());
    assertThat(emulator.statistics().costs().longestQueue()).isEqualTo(1);
    try (Connection c = Redshift.connect(emulator)) {
      assertThat(value(c, "SELECT string_agg(id, ',') FROM costed")).isIn("a,b", "b,a");
    }
  }

  private CompletableFuture<Void> insertAsync(Connection c, String id) {
    return CompletableFuture.runAsync(
        () -> {
          try {
            exec(c, "INSERT INTO costed VALUES ('" + id + "', 0)");
          } catch (SQLException e) {
            throw new IllegalStateException(e);
          }
        });
  }
}
