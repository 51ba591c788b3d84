package dev.redsink.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordBufferTest {
  private final RecordBuffer buffer =
      new RecordBuffer(new FlushPolicy(3, 100, Duration.ofSeconds(10)));

  private static Record record(String topic, int partition, long offset, int keyBytes, int bytes) {
    return new Record(
        topic,
        partition,
        offset,
        0,
        keyBytes == 0 ? null : new byte[keyBytes],
        List.of(new Header("h", new byte[1])),
        new byte[bytes]);
  }

  @Test
  void isFullAtTheRecordThreshold() {
    buffer.add(record("t", 0, 0, 0, 1), 0);
    buffer.add(record("t", 0, 1, 0, 1), 0);
    assertThat(buffer.isFull()).isFalse();
    buffer.add(record("t", 0, 2, 0, 1), 0);
    assertThat(buffer.isFull()).isTrue();
  }

  @Test
  void countsKeyValueAndHeaderBytesTowardsTheByteThreshold() {
    buffer.add(record("t", 0, 0, 9, 80), 0);
    assertThat(buffer.bytes()).isEqualTo(90);
    assertThat(buffer.isFull()).isFalse();
    buffer.add(record("t", 0, 1, 0, 9), 0);
    assertThat(buffer.bytes()).isEqualTo(100);
    assertThat(buffer.isFull()).isTrue();
  }

  @Test
  void isDueWhenTheOldestRecordHasWaitedTheInterval() {
    assertThat(buffer.isDue(1_000_000)).isFalse();
    buffer.add(record("t", 0, 0, 0, 1), 1_000);
    buffer.add(record("t", 0, 1, 0, 1), 5_000);
    assertThat(buffer.millisUntilDue(6_000)).isEqualTo(5_000);
    assertThat(buffer.isDue(10_999)).isFalse();
    assertThat(buffer.isDue(11_000)).isTrue();
    buffer.clear();
    buffer.add(record("t", 0, 2, 0, 1), 12_000);
    assertThat(buffer.isDue(21_999)).isFalse();
  }

  @Test
  void aPrimaryKeyChangesDeleteWaitsForItsCreateBeforeTheBufferIsDue() {
    Record delete =
        new Record(
            "t",
            0,
            0,
            0,
            new byte[1],
            List.of(new Header(RecordBuffer.KEY_CHANGE_HEADER, new byte[1])),
            new byte[1]);
    Record tombstone = new Record("t", 0, 1, 0, new byte[1], List.of(), null);
    buffer.add(delete, 1_000);
    buffer.add(tombstone, 1_500);
    assertThat(buffer.isDue(11_000)).as("an interval after the oldest record").isTrue();
    buffer.clear();
    buffer.add(record("t", 0, 0, 0, 1), 1_000);
    buffer.add(delete, 9_000);
    buffer.add(tombstone, 9_100);
    buffer.add(record("t", 1, 0, 0, 1), 9_200);
    assertThat(buffer.isDue(11_000)).as("the old key's delete, its tombstone, no create").isFalse();
    assertThat(buffer.awaitsKeyChange(11_000)).isTrue();
    assertThat(buffer.awaitsKeyChange(19_000)).isFalse();
    assertThat(buffer.millisUntilDue(11_000)).isEqualTo(8_000);
    assertThat(buffer.isDue(19_000)).as("an interval after the delete").isTrue();
    buffer.add(record("t", 0, 2, 0, 1), 12_000);
    assertThat(buffer.isDue(12_000)).as("the create came").isTrue();
    buffer.add(delete, 13_000);
    buffer.discard(List.of(new TopicPartition("t", 0)));
    assertThat(buffer.isDue(13_000)).as("its partition closed").isTrue();
  }

  /**
   * Key changes in two partitions, more often than the interval: some partition's last record is
   * always a fresh delete, yet the buffer is due once its oldest record has waited two intervals.
   */
  @Test
  void keyChangesInSeveralPartitionsDelayTheLoadByOneIntervalAtMost() {
    long now = 1_000;
    buffer.add(record("t", 0, 0, 0, 1), now);
    long offset = 1;
    while (now < 60_000) {
      now += 3_000;
      int partition = (int) (offset % 2);
      buffer.add(
          new Record(
              "t",
              partition,
              offset++,
              0,
              new byte[1],
              List.of(new Header(RecordBuffer.KEY_CHANGE_HEADER, new byte[1])),
              new byte[1]),
          now);
      if (now < 21_000) {
        assertThat(buffer.isDue(now)).as("at %d ms", now).isFalse();
        assertThat(buffer.awaitsKeyChange(now)).isTrue();
      } else {
        assertThat(buffer.isDue(now)).as("at %d ms, the oldest record from 1000 ms", now).isTrue();
        assertThat(buffer.awaitsKeyChange(now)).isFalse();
      }
    }
    assertThat(buffer.millisUntilDue(19_000)).isEqualTo(2_000);
  }

  @Test
  void discardsClosedPartitions() {
    buffer.add(record("t", 0, 0, 0, 10), 0);
    buffer.add(record("t", 1, 0, 0, 20), 0);
    buffer.add(record("u", 0, 5, 0, 30), 0);

    buffer.discard(List.of(new TopicPartition("t", 0)));

    assertThat(buffer.records()).extracting(Record::id).containsExactly("t:1:0", "u:0:5");
    assertThat(buffer.bytes()).isEqualTo(52);
  }

  @Test
  void aFailedLoadGoesBackInFrontAndIsDueAtOnce() {
    buffer.add(record("t", 0, 5, 0, 10), 50_000);
    buffer.putBack(List.of(record("t", 0, 3, 0, 1), record("t", 0, 4, 0, 1)));

    assertThat(buffer.records()).extracting(Record::id).containsExactly("t:0:3", "t:0:4", "t:0:5");
    assertThat(buffer.isDue(50_000)).isTrue();
  }
}
