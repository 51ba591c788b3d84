package dev.redsink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LedgerWaitTest {
  private static final TopicPartition P0 = new TopicPartition("orders", 0);
  private static final TopicPartition P1 = new TopicPartition("orders", 1);

  private final AtomicLong nanos = new AtomicLong(1_000);
  private final LedgerWait wait = new LedgerWait(nanos::get);
  private final List<String> consumer = new ArrayList<>();
  private final LedgerWait.Consumer recording =
      new LedgerWait.Consumer() {
        @Override
        public void pause(List<TopicPartition> partitions) {
          consumer.add("pause " + partitions);
        }

        @Override
        public void resume(List<TopicPartition> partitions) {
          consumer.add("resume " + partitions);
        }
      };

  @Test
  void aLedgerReadAtOnceResumesWithoutPausing() {
    wait.add(List.of(P0, P1));

    LedgerWait.Resumed resumed =
        wait.read(tps -> Map.of(P0, 42L), Duration.ofSeconds(3), recording).orElseThrow();
    wait.resume(resumed, recording);

    assertThat(resumed.partitions()).containsExactly(P0, P1);
    assertThat(resumed.next()).isEqualTo(Map.of(P0, 42L));
    assertThat(consumer).isEmpty();
    assertThat(wait.isEmpty()).isTrue();
  }

  @Test
  void anUnreachableLedgerPausesThePartitionsUntilTheRetryDelayThenResumesThem() {
    wait.add(List.of(P0));

    assertThat(wait.read(tps -> unreachable(), Duration.ofSeconds(3), recording)).isEmpty();
    assertThat(consumer).containsExactly("pause [orders-0]");
    assertThat(wait.isDue()).isFalse();
    assertThat(wait.untilRetry(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(3));
    assertThat(wait.untilRetry(Duration.ofSeconds(1))).isEqualTo(Duration.ofSeconds(1));

    nanos.addAndGet(Duration.ofSeconds(3).toNanos());
    assertThat(wait.isDue()).isTrue();
    LedgerWait.Resumed resumed =
        wait.read(tps -> Map.of(P0, 7L), Duration.ofSeconds(3), recording).orElseThrow();
    wait.resume(resumed, recording);

    assertThat(resumed.next()).isEqualTo(Map.of(P0, 7L));
    assertThat(consumer).containsExactly("pause [orders-0]", "resume [orders-0]");
    assertThat(wait.isDue()).isFalse();
  }

  @Test
  void recordsDeliveredWhileWaitingAreWithheldAndReadAgainWhenNoLedgerRowSaysWhere() {
    wait.add(List.of(P0, P1));
    wait.read(tps -> unreachable(), Duration.ofMillis(1), recording);

    assertThat(wait.withholds(P0, 5)).isTrue();
    assertThat(wait.withholds(P0, 3)).isTrue();
    assertThat(wait.withholds(P0, 9)).isTrue();
    assertThat(wait.withholds(P1, 100)).isTrue();
    assertThat(wait.withholds(new TopicPartition("other", 0), 1)).isFalse();

    LedgerWait.Resumed resumed =
        wait.read(tps -> Map.of(P1, 120L), Duration.ofMillis(1), recording).orElseThrow();

    // P0 has no ledger row: it resumes at the first record withheld; P1 at its ledger.
    assertThat(resumed.next()).isEqualTo(Map.of(P0, 3L, P1, 120L));
    assertThat(wait.withholds(P0, 3)).isFalse();
  }

  @Test
  void aRevokedPartitionNoLongerWaits() {
    wait.add(List.of(P0, P1));
    wait.remove(List.of(P0));

    LedgerWait.Resumed resumed =
        wait.read(tps -> Map.of(), Duration.ofMillis(1), recording).orElseThrow();

    assertThat(resumed.partitions()).containsExactly(P1);
  }

  @Test
  void aFailureThatIsNotTransientIsThrownAndThePartitionsStillWait() {
    wait.add(List.of(P0));
    RedsinkException denied =
        new RedsinkException(ErrorCategory.AUTHORIZATION, "permission denied for schema");

    assertThatThrownBy(
            () ->
                wait.read(
                    tps -> {
                      throw denied;
                    },
                    Duration.ofMillis(1),
                    recording))
        .isSameAs(denied);
    assertThat(consumer).isEmpty();
    assertThat(wait.isEmpty()).isFalse();
  }

  private static Map<TopicPartition, Long> unreachable() {
    throw new RedsinkException(ErrorCategory.TRANSIENT, "Connection refused");
  }
}
