package dev.redsink.cli.run;

import dev.redsink.cli.connector.ConnectorFile;
import dev.redsink.core.RedshiftSink;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/** The connectors of one {@code redsink run} (or demo), each loading on its own thread. */
public final class Pipeline implements AutoCloseable {
  private static final Duration JOIN = Duration.ofSeconds(60);

  private final List<RedshiftSink> sinks = new ArrayList<>();
  private final List<KafkaRunner> runners = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();

  private Pipeline() {}

  /**
   * Opens a sink per connector (validating its configuration and reaching Redshift) and starts its
   * consumer loop.
   *
   * @throws dev.redsink.core.error.RedsinkException when a sink cannot be opened; sinks already
   *     opened are closed
   */
  public static Pipeline start(List<ConnectorFile> connectors, Properties kafka) {
    Pipeline pipeline = new Pipeline();
    try {
      for (ConnectorFile connector : connectors) {
        RedshiftSink sink = RedshiftSink.open(connector.pluginConfig());
        pipeline.sinks.add(sink);
        Properties properties = new Properties();
        properties.putAll(connector.kafka());
        properties.putAll(kafka);
        pipeline.runners.add(new KafkaRunner(connector, sink, properties));
      }
    } catch (RuntimeException e) {
      pipeline.close();
      throw e;
    }
    for (KafkaRunner runner : pipeline.runners) {
      Thread thread = new Thread(runner, "redsink-" + runner.stats().connector());
      pipeline.threads.add(thread);
      thread.start();
    }
    return pipeline;
  }

  public List<LoadStats> stats() {
    return runners.stream().map(KafkaRunner::stats).toList();
  }

  /** The first connector failure, if any connector stopped on its own. */
  public Optional<RuntimeException> failure() {
    return runners.stream().map(KafkaRunner::failure).filter(f -> f != null).findFirst();
  }

  /** Whether every connector loop has ended. */
  public boolean ended() {
    return threads.stream().noneMatch(Thread::isAlive);
  }

  /** Stops every connector after its in-flight load and waits for them. */
  public void stop() throws InterruptedException {
    runners.forEach(KafkaRunner::stop);
    for (Thread thread : threads) {
      thread.join(JOIN.toMillis());
    }
  }

  @Override
  public void close() {
    runners.forEach(KafkaRunner::stop);
    for (Thread thread : threads) {
      try {
        thread.join(JOIN.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    sinks.forEach(RedshiftSink::close);
  }
}
