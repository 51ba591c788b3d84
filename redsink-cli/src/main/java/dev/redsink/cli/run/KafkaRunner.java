package dev.redsink.cli.run;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.cli.connector.TopicSpec;
import dev.redsink.core.LedgerWait;
import dev.redsink.core.RedshiftSink;
import dev.redsink.core.SessionListener;
import dev.redsink.core.SinkSession;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.error.LogBehindLedgerException;
import dev.redsink.core.error.RecordsDeletedBeforeLoadException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.Header;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one connector from Kafka as an adapter of a {@link SinkSession}: subscribes to the topics
 * its patterns match as a member of the consumer group {@code redsink-<connector key>}, seeks each
 * assigned partition to the ledger's next offset, and feeds what it polls (at most batch_length
 * records per poll, waiting up to poll_interval for them) to the session, which loads beside the
 * polling when its flush limits trip or the consumer has caught up, retrying transient failures
 * with the retry policy's back-off. Several processes running the same connector file share the
 * partitions; when one stops or dies, the group hands its partitions to the others, which resume
 * them from the ledger. Kafka offsets are committed after each load for monitoring only; the ledger
 * in Redshift decides where a partition resumes. A partition whose log ends below the ledger's next
 * offset (a recreated topic) stops the runner with a {@link LogBehindLedgerException}, one whose
 * log starts above it (records deleted by retention before they were loaded, while the runner was
 * stopped or while it lagged behind) with a {@link RecordsDeletedBeforeLoadException}.
 */
public final class KafkaRunner implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaRunner.class);
  private static final Duration LAG_EVERY = Duration.ofSeconds(1);

  private final ConnectorFile connector;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final LoadStats stats;
  private final SinkSession<Record> session;
  private volatile boolean stopping;
  private volatile RuntimeException failure;
  private RuntimeException rebalanceFailure;

  /** Partitions assigned while Redshift could not answer, paused until their ledger is read. */
  private final LedgerWait ledgerWait = new LedgerWait();

  /** The consumer's side of the wait. */
  private final LedgerWait.Consumer waitingConsumer = new WaitingConsumer();

  public KafkaRunner(ConnectorFile connector, RedshiftSink sink, Properties kafka) {
    this.connector = connector;
    this.consumer = new KafkaConsumer<>(consumerProperties(connector, kafka));
    this.stats = new LoadStats(connector.key(), sink::tableOf);
    this.session = ConnectorSession.open(sink, connector, stats, new Monitoring());
    stats.buffered(session::bufferedRecords);
  }

  /** The consumer settings: the caller's, then what exactly-once loading needs. */
  static Properties consumerProperties(ConnectorFile connector, Properties kafka) {
    Properties p = new Properties();
    p.put(ConsumerConfig.GROUP_ID_CONFIG, "redsink-" + connector.key());
    // Every assigned partition is sought explicitly (the ledger's offset, or the log's start), so
    // an offset out of range can only mean records deleted before they were loaded: fail loudly
    // rather than jump to the log's first record.
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "redsink-" + connector.key());
    p.putAll(kafka);
    boolean classicGroup =
        !"consumer".equalsIgnoreCase(p.getProperty(ConsumerConfig.GROUP_PROTOCOL_CONFIG, ""));
    if (classicGroup && !p.containsKey(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG)) {
      // The classic protocol's default, the range assignor, hands partition 0 of every topic to
      // one member: processes sharing many one-partition topics (orders\..*) would not share the
      // load. The sticky assignor spreads partitions across topics and moves them incrementally.
      p.put(
          ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
          CooperativeStickyAssignor.class.getName());
    }
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(connector.batchLength()));
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return p;
  }

  public LoadStats stats() {
    return stats;
  }

  /** Asks the loop to stop after the in-flight load; safe from any thread. */
  public void stop() {
    stopping = true;
    consumer.wakeup();
  }

  /** The failure that ended the loop, or null. */
  public RuntimeException failure() {
    return failure;
  }

  @Override
  public void run() {
    try {
      consumer.subscribe(pattern(connector.topics()), new SeekToLedger());
      loop();
    } catch (WakeupException e) {
      // stopped while polling: nothing in flight
    } catch (RuntimeException e) {
      if (!stopping) {
        failure = e;
        stats.failed();
      }
    } finally {
      try {
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
      } catch (RuntimeException e) {
        LOG.debug("Closing the consumer", e);
      }
      ConnectorSession.end(session);
    }
  }

  private void loop() {
    long lagAt = 0;
    Duration pollInterval = connector.pollInterval();
    BooleanSupplier stopped = () -> stopping;
    while (!stopping) {
      if (ledgerWait.isDue()) {
        openWaiting();
      }
      ConsumerRecords<byte[], byte[]> polled;
      try {
        // poll_interval, or less when partitions wait to read their ledger again.
        polled = consumer.poll(ledgerWait.untilRetry(pollInterval));
      } catch (InvalidOffsetException e) {
        // A partition the listener refused to seek has no position: its failure comes first.
        if (rebalanceFailure != null) {
          throw rebalanceFailure;
        }
        if (!(e instanceof OffsetOutOfRangeException outOfRange)) {
          throw e;
        }
        if (!session.flushRetrying(stopped)) {
          return;
        }
        throw deletedWhileBehind(outOfRange);
      }
      if (rebalanceFailure != null) {
        // Thrown here rather than from the listener, which the consumer would wrap.
        throw rebalanceFailure;
      }
      // The session loads beside this loop when its flush limits trip; an empty poll means the
      // consumer has caught up, so what is buffered loads now rather than at the flush interval.
      boolean going =
          polled.isEmpty()
              ? session.flushIdleRetrying(stopped)
              : session.putRetrying(records(polled), stopped);
      if (!going) {
        return;
      }
      if (System.nanoTime() - lagAt >= LAG_EVERY.toNanos()) {
        long behind = lag();
        stats.lag(behind < 0 ? behind : behind + session.bufferedRecords());
        lagAt = System.nanoTime();
      }
    }
  }

  /**
   * Resumes the partitions waiting for their ledger: seeks each to the ledger's next offset (after
   * checking that its log still holds it) and lets the consumer fetch them. When the ledger cannot
   * be read yet for a transient reason (Redshift unreachable, a serializable isolation violation),
   * the partitions stay paused, and the loop tries again after the retry policy's delay, as the
   * Kafka Connect task does, rather than stopping the connector.
   */
  private void openWaiting() {
    Optional<LedgerWait.Resumed> read =
        ledgerWait.read(session::open, session.retryDelay(), waitingConsumer);
    if (read.isEmpty()) {
      return;
    }
    List<TopicPartition> partitions = read.get().partitions();
    List<org.apache.kafka.common.TopicPartition> waiting =
        partitions.stream().map(KafkaRunner::kafka).toList();
    Map<TopicPartition, Long> next = read.get().next();
    stats.figures().opened(next, partitions);
    // A seek below the log's start would find the offset out of range, skipping records the
    // topic's retention deleted before they were loaded: after a restart the process may have
    // been down longer than the retention.
    LogBounds bounds = LogBounds.of(consumer, waiting);
    Optional<RedsinkException> mismatch = bounds.mismatch(next);
    if (mismatch.isPresent()) {
      LOG.error(mismatch.get().getMessage());
      throw mismatch.get();
    }
    Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> resumed = new HashMap<>();
    for (org.apache.kafka.common.TopicPartition tp : waiting) {
      Long offset = next.get(core(tp));
      if (offset != null) {
        consumer.seek(tp, offset);
        resumed.put(tp, new OffsetAndMetadata(offset));
        LOG.info("{} resumes at offset {} (from the ledger)", tp, offset);
      } else {
        // Nothing loaded yet: the whole log, whatever the group committed.
        long start = bounds.start(core(tp));
        consumer.seek(tp, start);
        LOG.info("{} starts at offset {} (the log's first; nothing loaded yet)", tp, start);
      }
    }
    ledgerWait.resume(read.get(), waitingConsumer);
    commitForMonitoring(resumed);
  }

  /**
   * The failure for partitions whose next records the topic's retention deleted while this runner
   * was behind (what it buffered is loaded first, so the ledger's next offset is the position).
   */
  private RedsinkException deletedWhileBehind(OffsetOutOfRangeException e) {
    Map<TopicPartition, Long> positions = new HashMap<>();
    e.offsetOutOfRangePartitions().forEach((tp, position) -> positions.put(core(tp), position));
    RedsinkException failure =
        LogBounds.of(consumer, e.offsetOutOfRangePartitions().keySet())
            .mismatch(positions)
            .orElseGet(
                () ->
                    new FatalException(
                        "Cannot read " + positions + " from Kafka: " + e.getMessage(), e));
    LOG.error(failure.getMessage());
    return failure;
  }

  /**
   * Commits each load's offsets to the consumer group; told before the stats count the load (which
   * the session tells every event).
   */
  private final class Monitoring implements SessionListener {
    @Override
    public void loaded(LoadResult result, List<Record> records) {
      // What is left once this batch is loaded, set before its rows count as loaded, so the last
      // progress line never shows a lag from before the last load.
      try {
        stats.lag(lag());
      } catch (WakeupException e) {
        // A stop's wakeup, meant for the next poll: the loop ends on its stop flag instead, and
        // this load still counts and is committed to the group.
      }
      Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
      result.next().forEach((tp, next) -> commit.put(kafka(tp), new OffsetAndMetadata(next)));
      commitForMonitoring(commit);
    }
  }

  /**
   * Commits offsets the ledger already holds to the consumer group, so kafka-consumer-groups shows
   * the true lag: after each load, and on assignment, where a process that took over partitions
   * whose records an earlier one loaded (before being killed, or in an earlier group) has nothing
   * to load and would otherwise leave the group's offsets behind forever.
   */
  private void commitForMonitoring(
      Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> offsets) {
    if (offsets.isEmpty()) {
      return;
    }
    try {
      consumer.commitSync(offsets);
    } catch (WakeupException e) {
      // The wakeup of a stop, meant for the next poll, landed here: the loop ends without one.
      try {
        consumer.commitSync(offsets);
      } catch (RuntimeException again) {
        LOG.debug("Cannot commit Kafka offsets for monitoring", again);
      }
    } catch (RuntimeException e) {
      // Monitoring only: the ledger already holds the truth.
      LOG.debug("Cannot commit Kafka offsets for monitoring", e);
    }
  }

  /**
   * Records in the partitions' logs this runner has not polled yet; -1 while the group has assigned
   * it no partition, which is not "caught up" (no lag to report is not zero lag).
   */
  private long lag() {
    try {
      var assignment = consumer.assignment();
      if (assignment.isEmpty()) {
        return -1;
      }
      long lag = 0;
      for (var e : consumer.endOffsets(assignment, Duration.ofSeconds(2)).entrySet()) {
        stats.figures().logEnd(core(e.getKey()), e.getValue());
        lag += Math.max(0, e.getValue() - consumer.position(e.getKey(), Duration.ofSeconds(2)));
      }
      return lag;
    } catch (WakeupException e) {
      throw e;
    } catch (RuntimeException e) {
      return stats.lag();
    }
  }

  private static List<Record> records(ConsumerRecords<byte[], byte[]> polled) {
    List<Record> records = new ArrayList<>(polled.count());
    polled.forEach(r -> records.add(record(r)));
    return records;
  }

  /** A consumed record as the engine takes it, headers included. */
  public static Record record(ConsumerRecord<byte[], byte[]> r) {
    List<Header> headers = new ArrayList<>();
    r.headers().forEach(h -> headers.add(new Header(h.key(), h.value())));
    return new Record(
        r.topic(), r.partition(), r.offset(), r.timestamp(), r.key(), headers, r.value());
  }

  static Pattern pattern(List<TopicSpec> topics) {
    return Pattern.compile(
        topics.stream()
            .map(t -> "(?:" + t.pattern().pattern() + ")")
            .collect(Collectors.joining("|")));
  }

  /**
   * Seeks newly assigned partitions to the ledger's next offset, after checking that each log still
   * reaches it (or pauses them until the ledger can be read); loads what is buffered when
   * partitions are revoked, and forgets them.
   */
  private final class SeekToLedger implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsAssigned(Collection<org.apache.kafka.common.TopicPartition> assigned) {
      if (assigned.isEmpty() || rebalanceFailure != null) {
        return;
      }
      ledgerWait.add(assigned.stream().map(KafkaRunner::core).toList());
      try {
        openWaiting();
      } catch (RuntimeException e) {
        rebalanceFailure = e;
      }
    }

    @Override
    public void onPartitionsRevoked(Collection<org.apache.kafka.common.TopicPartition> revoked) {
      // The session loads what it buffered, then forgets the revoked partitions: their next owner
      // reads anything that did not load again from the ledger.
      List<TopicPartition> moved = revoked.stream().map(KafkaRunner::core).toList();
      ledgerWait.remove(moved);
      try {
        session.flush();
      } catch (RuntimeException e) {
        // close() below tries once more and says why it cannot.
      }
      // Before the partitions go (a rebalance, or the consumer closing as the run stops): the
      // group's offsets then show what the ledger holds, not the load before the last.
      Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
      session
          .committed()
          .forEach(
              (tp, next) -> {
                org.apache.kafka.common.TopicPartition k = kafka(tp);
                if (revoked.contains(k)) {
                  commit.put(k, new OffsetAndMetadata(next));
                }
              });
      commitForMonitoring(commit);
      session.close(moved);
      stats.figures().forget(moved);
      if (!revoked.isEmpty()) {
        LOG.info("Partitions {} moved to another member of the group", revoked);
      }
    }
  }

  /**
   * Pauses partitions waiting for their ledger with a position of their own, so the consumer
   * neither fetches them nor asks for one it has not got (auto.offset.reset = none); the seek to
   * the ledger comes once it is read.
   */
  private final class WaitingConsumer implements LedgerWait.Consumer {
    @Override
    public void pause(List<TopicPartition> partitions) {
      List<org.apache.kafka.common.TopicPartition> waiting =
          partitions.stream().map(KafkaRunner::kafka).toList();
      consumer.seekToBeginning(waiting);
      consumer.pause(waiting);
    }

    @Override
    public void resume(List<TopicPartition> partitions) {
      consumer.resume(partitions.stream().map(KafkaRunner::kafka).toList());
    }
  }

  private static org.apache.kafka.common.TopicPartition kafka(TopicPartition tp) {
    return new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition());
  }

  private static TopicPartition core(org.apache.kafka.common.TopicPartition tp) {
    return LogBounds.core(tp);
  }
}
