package dev.redsink.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
  final List<Duration> sleeps = new ArrayList<>();
  final RetryPolicy policy = new RetryPolicy(3, Duration.ofSeconds(1), sleeps::add);

  @Test
  void retriesTransientFailuresWithLinearBackoff() {
    AtomicInteger calls = new AtomicInteger();
    String result =
        policy.run(
            "run COPY into orders",
            () -> {
              if (calls.incrementAndGet() < 3) {
                throw new TransientException("Cannot run COPY: SQLSTATE 40001");
              }
              return "ok";
            });
    assertThat(result).isEqualTo("ok");
    assertThat(sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
  }

  @Test
  void givesUpAfterMaxAttemptsKeepingTheCategory() {
    AtomicInteger calls = new AtomicInteger();
    assertThatThrownBy(
            () ->
                policy.runVoid(
                    "run COPY into orders",
                    () -> {
                      calls.incrementAndGet();
                      throw new TransientException("connection reset");
                    }))
        .isInstanceOfSatisfying(
            RedsinkException.class,
            e -> assertThat(e.category()).isEqualTo(ErrorCategory.TRANSIENT))
        .hasMessage("Cannot run COPY into orders: failed after 3 attempts: connection reset")
        .hasCauseInstanceOf(TransientException.class);
    assertThat(calls).hasValue(3);
    assertThat(sleeps).hasSize(2);
  }

  @Test
  void anEnclosingPolicyDoesNotRetryWhatAnInnerOneGaveUpOn() {
    AtomicInteger uploads = new AtomicInteger();
    assertThatThrownBy(
            () ->
                policy.runVoid(
                    "load into orders",
                    () ->
                        policy.runVoid(
                            "upload s3://b/k.parquet",
                            () -> {
                              uploads.incrementAndGet();
                              throw new TransientException("503 Slow Down");
                            })))
        .isInstanceOfSatisfying(
            RetriesSpent.class, e -> assertThat(e.isTransient()).as("still transient").isTrue())
        .hasMessage("Cannot upload s3://b/k.parquet: failed after 3 attempts: 503 Slow Down");
    assertThat(uploads).as("uploads: 3, not 3 × 3").hasValue(3);
  }

  @Test
  void cleanupGivesUpLikeAnyAction() {
    AtomicInteger deletes = new AtomicInteger();
    assertThatThrownBy(
            () ->
                policy.runCleanup(
                    "delete s3://b/k.parquet",
                    () -> {
                      deletes.incrementAndGet();
                      throw new TransientException("500");
                    }))
        .hasMessage("Cannot delete s3://b/k.parquet: failed after 3 attempts: 500");
    assertThat(deletes).hasValue(3);
  }

  @Test
  void nonTransientFailuresAreNotRetried() {
    AtomicInteger calls = new AtomicInteger();
    assertThatThrownBy(
            () ->
                policy.runVoid(
                    "insert",
                    () -> {
                      calls.incrementAndGet();
                      throw new FatalException("syntax error");
                    }))
        .isInstanceOf(FatalException.class)
        .hasMessage("syntax error");
    assertThat(calls).hasValue(1);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void rejectsNonsense() {
    assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, d -> {}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(new RetryPolicy(1, Duration.ofMillis(100), d -> {}).delayAfter(3))
        .isEqualTo(Duration.ofMillis(300));
  }

  @Test
  void theBatchDelayGrowsLinearlyUpToTheCap() {
    RetryPolicy capped =
        new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ZERO, d -> {});
    assertThat(capped.batchDelay(1)).hasSeconds(1);
    assertThat(capped.batchDelay(7)).hasSeconds(7);
    assertThat(capped.batchDelay(100)).hasSeconds(30);
    assertThat(capped.timeout()).isZero();
  }
}
