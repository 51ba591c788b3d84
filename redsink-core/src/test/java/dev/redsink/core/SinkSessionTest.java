package dev.redsink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.CommitOutcomeUnknownException;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.error.RecordVerdict;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.Header;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.retry.RetryPolicy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The sink session as {@code redsink run} drives it: inline loads, blocking retries. */
class SinkSessionTest {
  private static final TopicPartition P0 = new TopicPartition("orders", 0);

  private final Ledger loader = new Ledger();
  private final List<Duration> sleeps = new ArrayList<>();
  private Instant now = Instant.parse("2026-01-01T00:00:00Z");
  private final Clock clock =
      new Clock() {
        @Override
        public ZoneOffset getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }

        @Override
        public Instant instant() {
          return now;
        }
      };

  private final SinkSession<Record> session =
      new SinkSession<>(
          loader,
          RecordSource.plain(),
          ErrantRecordSink.failing(),
          new SessionListener() {},
          new SessionSettings(3, Long.MAX_VALUE, Duration.ofMinutes(1), clock, Optional.empty()),
          d -> {
            sleeps.add(d);
            now = now.plus(d);
          });

  private static List<Record> records(long from, long to) {
    return LongStream.range(from, to)
        .mapToObj(
            o ->
                new Record(
                    "orders", 0, o, 0, null, List.of(), ("v" + o).getBytes(StandardCharsets.UTF_8)))
        .toList();
  }

  @Test
  void anIdleRuntimeLoadsAPrimaryKeyChangesDeleteWithItsCreateNotBefore() {
    byte[] v = "v".getBytes(StandardCharsets.UTF_8);
    Record delete =
        new Record("orders", 0, 0, 0, null, List.of(new Header("__debezium.newkey", v)), v);
    Record tombstone = new Record("orders", 0, 1, 0, null, List.of(), null);
    Record create =
        new Record("orders", 0, 2, 0, null, List.of(new Header("__debezium.oldkey", v)), v);

    session.put(List.of(delete, tombstone));
    session.flushIdle();
    assertThat(loader.rows).as("the create is on its way").isEmpty();
    session.put(List.of(create));
    session.flushIdle();
    assertThat(loader.rows).as("one load: delete, tombstone, create").containsExactly(0L, 1L, 2L);

    session.put(List.of(new Record("orders", 0, 3, 0, null, delete.headers(), v)));
    session.flushIdle();
    assertThat(loader.rows).hasSize(3);
    now = now.plus(Duration.ofMinutes(1));
    session.flushIdle();
    assertThat(loader.rows).as("a flush interval later it loads alone").contains(3L);
  }

  @Test
  void aTransientFailureIsRetriedWithTheBackoffUntilTheBatchLoadsNothingLostNothingTwice() {
    loader.failures.add(new TransientException("Cannot connect: SQLSTATE 08006"));
    loader.failures.add(new CommitOutcomeUnknownException("Cannot tell whether COMMIT landed"));

    assertThat(session.putRetrying(records(0, 3), () -> false)).isTrue();

    assertThat(sleeps).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    assertThat(loader.rows).containsExactly(0L, 1L, 2L);
    assertThat(session.commit(List.of(P0))).containsEntry(P0, 3L);
    assertThat(session.retryDelay()).as("a success resets the backoff").hasMillis(100);
  }

  @Test
  void aBatchStillFailingAfterTheRetryTimeoutFailsTheRuntimeNamingTheTimeout() {
    loader.timeout = Duration.ofSeconds(1);
    for (int i = 0; i < 20; i++) {
      loader.failures.add(new TransientException("Cannot connect: SQLSTATE 08006"));
    }

    assertThatThrownBy(() -> session.putRetrying(records(0, 3), () -> false))
        .isInstanceOf(FatalException.class)
        .hasMessageContaining("Cannot load a batch of 3 records")
        .hasMessageContaining("retry_timeout")
        .hasMessageContaining("SQLSTATE 08006");
    assertThat(loader.rows).isEmpty();
    assertThat(session.bufferedRecords()).as("the records are kept, not dropped").isEqualTo(3);
  }

  @Test
  void aStoppedRuntimeStopsRetryingAndCommitsNothingItDidNotLoad() {
    loader.failures.add(new TransientException("Cannot connect: SQLSTATE 08006"));

    assertThat(session.putRetrying(records(0, 3), () -> true)).isFalse();

    assertThat(sleeps).isEmpty();
    assertThat(loader.rows).isEmpty();
    assertThat(session.committed()).doesNotContainKey(P0);
  }

  @Test
  void aNonTransientFailureIsNotRetried() {
    loader.failures.add(new FatalException("Cannot load into orders: permission denied"));

    assertThatThrownBy(() -> session.putRetrying(records(0, 3), () -> false))
        .hasMessageContaining("permission denied");
    assertThat(sleeps).isEmpty();
  }

  @Test
  void aBadRecordFailsTheRuntimeNamingIt() {
    List<Record> batch = new ArrayList<>(records(0, 2));
    batch.add(new Record("orders", 0, 2, 0, null, List.of(), Ledger.BAD));

    assertThatThrownBy(() -> session.putRetrying(batch, () -> false))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("orders:0:2");
    assertThat(loader.rows).isEmpty();
  }

  @Test
  void aListenerThatThrowsAfterALoadCommittedLeavesTheSessionAtTheLedgersOffsets() {
    SinkSession<Record> throwing =
        new SinkSession<>(
            loader,
            RecordSource.plain(),
            ErrantRecordSink.failing(),
            new SessionListener() {
              @Override
              public void loaded(LoadResult result, List<Record> records) {
                throw new IllegalStateException("the runtime's consumer was woken up to stop");
              }
            },
            new SessionSettings(3, Long.MAX_VALUE, Duration.ofMinutes(1), clock, Optional.empty()),
            d -> {});
    throwing.put(records(0, 2));

    assertThatThrownBy(throwing::flush).hasMessageContaining("woken up");

    assertThat(loader.rows).containsExactly(0L, 1L);
    assertThat(throwing.committed())
        .as("what the runtime commits to Kafka when its partitions go")
        .containsEntry(P0, 2L);
  }

  @Test
  void opensFromTheLedgerAndSkipsWhatItCovers() {
    loader.next.put(P0, 2L);

    assertThat(session.open(List.of(P0))).containsEntry(P0, 2L);
    session.put(records(2, 5));

    assertThat(loader.rows).containsExactly(2L, 3L, 4L);
    assertThat(session.committed()).containsEntry(P0, 5L);
  }

  @Test
  void closeLoadsWhatIsBufferedAndForgetsThePartition() {
    session.put(records(0, 2));
    assertThat(loader.rows).isEmpty();

    session.close(List.of(P0));

    assertThat(loader.rows).containsExactly(0L, 1L);
    assertThat(session.committed()).isEmpty();
    assertThat(session.bufferedRecords()).isZero();
    assertThat(loader.forgotten).as("the engine drops what it kept of them").containsExactly(P0);
  }

  @Test
  void aRefusedBadRecordIsNeverPassedByTheLedgerWhenTheRuntimeClosesOrCommitsAfterwards() {
    List<Record> batch = new ArrayList<>(records(0, 2));
    batch.add(new Record("orders", 0, 2, 0, null, List.of(), Ledger.BAD));
    batch.addAll(records(3, 4));

    assertThatThrownBy(() -> session.put(batch)).isInstanceOf(BadRecordException.class);
    // What Kafka Connect does after put() failed: ask for offsets, close the partitions.
    assertThat(session.commit(List.of(P0))).doesNotContainKey(P0);
    session.close(List.of(P0));

    assertThat(loader.next.getOrDefault(P0, 0L))
        .as("the ledger stays below the refused record, so the next start reads it again")
        .isLessThanOrEqualTo(2L);
    assertThat(loader.rows).doesNotContain(3L);
  }

  @Test
  void aRecordTheEngineRejectsThatTheRuntimeRefusesToDivertFailsTheSessionForEveryPartition() {
    TopicPartition p1 = new TopicPartition("orders", 1);
    loader.rejectAtWrite.add(1L);

    assertThatThrownBy(() -> session.put(records(0, 3))).isInstanceOf(BadRecordException.class);
    // Cooperative rebalancing: another partition is revoked, P0 stays assigned.
    session.close(List.of(p1));

    assertThatThrownBy(() -> session.put(records(3, 6)))
        .as("the session loads nothing more until the runtime starts again from the ledger")
        .isInstanceOf(BadRecordException.class);
    assertThat(session.commit(List.of(P0))).doesNotContainKey(P0);
    session.close(List.of(P0));
    assertThat(loader.rows).isEmpty();
    assertThat(loader.next.getOrDefault(P0, 0L)).isLessThanOrEqualTo(1L);
  }

  /** A session over the same loader that diverts bad records to {@code errant}. */
  private SinkSession<Record> divertingTo(ErrantRecordSink<Record> errant) {
    return new SinkSession<>(
        loader,
        RecordSource.plain(),
        errant,
        new SessionListener() {},
        new SessionSettings(3, Long.MAX_VALUE, Duration.ofMinutes(1), clock, Optional.empty()),
        d -> {});
  }

  @Test
  void aRecordIsBufferedAsTheEngineHoldsItAndDivertedWholeWhenAWriteRejectsIt() {
    byte[] schema = "{\"type\":\"struct\",\"fields\":[]}".getBytes(StandardCharsets.UTF_8);
    loader.hold = r -> r.withEnvelope(schema, r.value());
    loader.rejectAtWrite.add(1L);
    List<Record> reported = new ArrayList<>();
    SinkSession<Record> withDlq =
        divertingTo(
            new ErrantRecordSink<>() {
              @Override
              public void divert(Record record, BadRecordException reason) {
                reported.add(record);
              }
            });

    withDlq.put(records(0, 2));
    assertThat(withDlq.bufferedBytes()).as("the payloads; the shared schema once").isEqualTo(4);
    withDlq.close(List.of(P0));

    assertThat(loader.written).extracting(Record::valueSchema).containsOnly(schema);
    assertThat(loader.rows).containsExactly(0L);
    assertThat(reported).hasSize(1);
    assertThat(reported.get(0).valueSchema()).isNull();
    assertThat(new String(reported.get(0).value(), StandardCharsets.UTF_8))
        .as("the record as it was handed over")
        .isEqualTo("{\"schema\":{\"type\":\"struct\",\"fields\":[]},\"payload\":v1}");
  }

  @Test
  void aDivertedRecordWhoseReportFailsIsNotPassedByTheLedger() {
    List<Record> reported = new ArrayList<>();
    SinkSession<Record> withDlq =
        divertingTo(
            new ErrantRecordSink<>() {
              @Override
              public void divert(Record record, BadRecordException reason) {
                reported.add(record);
              }

              @Override
              public void awaitDiverted() {
                throw new IllegalStateException("Cannot report to the dead letter queue");
              }
            });
    List<Record> batch = new ArrayList<>(records(0, 1));
    batch.add(new Record("orders", 0, 1, 0, null, List.of(), Ledger.BAD));

    withDlq.put(batch);
    assertThat(withDlq.commit(List.of(P0))).doesNotContainKey(P0);
    withDlq.close(List.of(P0));

    assertThat(reported).hasSize(1);
    assertThat(loader.next.getOrDefault(P0, 0L)).isLessThanOrEqualTo(1L);
  }

  /** An in-memory engine with a ledger for one partition that fails the next writes when told. */
  private static final class Ledger implements BatchLoader {
    static final byte[] BAD = "BAD".getBytes(StandardCharsets.UTF_8);

    final Map<TopicPartition, Long> next = new HashMap<>();
    final List<Long> rows = new ArrayList<>();
    final Deque<RedsinkException> failures = new ArrayDeque<>();
    Duration timeout = Duration.ZERO;
    final java.util.Set<Long> rejectAtWrite = new java.util.HashSet<>();
    final List<TopicPartition> forgotten = new ArrayList<>();
    final List<Record> written = new ArrayList<>();
    java.util.function.UnaryOperator<Record> hold;

    @Override
    public RecordVerdict judge(Record record) {
      Optional<BadRecordException> refusal = check(record);
      if (refusal.isPresent()) {
        return RecordVerdict.refused(refusal.get());
      }
      return RecordVerdict.passed(false, hold == null ? null : hold.apply(record));
    }

    @Override
    public void forget(java.util.Collection<TopicPartition> partitions) {
      forgotten.addAll(partitions);
    }

    @Override
    public LoadResult write(List<Record> batch, Map<TopicPartition, Long> settledThrough) {
      if (!failures.isEmpty()) {
        throw failures.pop();
      }
      written.addAll(batch);
      for (Record r : batch) {
        if (rejectAtWrite.contains(r.offset())) {
          throw new BadRecordException(r.id(), "Cannot encode record " + r.id());
        }
      }
      int skipped = 0;
      for (Record r : batch) {
        if (r.offset() < next.getOrDefault(P0, 0L)) {
          skipped++;
        } else {
          rows.add(r.offset());
          next.put(P0, r.offset() + 1);
        }
      }
      settledThrough.forEach((tp, offset) -> next.merge(tp, offset, Math::max));
      return new LoadResult(
          batch.size(),
          skipped,
          batch.size() - skipped,
          List.of(),
          next,
          Map.of(P0, batch.size() - skipped));
    }

    @Override
    public Optional<BadRecordException> check(Record record) {
      return java.util.Arrays.equals(record.value(), BAD)
          ? Optional.of(new BadRecordException(record.id(), "Cannot encode record " + record.id()))
          : Optional.empty();
    }

    @Override
    public Map<TopicPartition, Long> nextOffsets(Collection<TopicPartition> partitions) {
      return Map.copyOf(next);
    }

    @Override
    public boolean appliesTombstones() {
      return false;
    }

    @Override
    public Duration retryDelay(int failures) {
      return new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(30), timeout, d -> {})
          .batchDelay(failures);
    }

    @Override
    public Duration retryTimeout() {
      return timeout;
    }
  }
}
