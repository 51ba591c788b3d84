package dev.redsink.reliability;

import dev.redsink.core.config.ConfigKey;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.record.TopicPartition;
import dev.redsink.kafka.connect.RedshiftSinkConnector;
import jakarta.ws.rs.core.Response;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.connect.converters.ByteArrayConverter;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.apache.kafka.connect.util.clusters.WorkerHandle;

/**
 * An in-process KRaft broker and Kafka Connect workers (Kafka's EmbeddedConnectCluster) running
 * Redsink's connector against the emulator, seen as a user sees them: topics, the REST API and the
 * connector's consumer group.
 */
final class ConnectCluster implements AutoCloseable {

  private final EmbeddedConnectCluster connect;

  private ConnectCluster(EmbeddedConnectCluster connect) {
    this.connect = connect;
  }

  /** Starts a broker and {@code workers} Connect workers; extra worker properties on top. */
  static ConnectCluster start(int workers, Map<String, String> extraWorkerProps) {
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.discovery", "service_load");
    worker.put("offset.flush.interval.ms", "1000");
    // A task stuck in a load is abandoned after 2 s: its thread carries on (a stale task).
    worker.put("task.shutdown.graceful.timeout.ms", "2000");
    // Tasks of a worker that left are reassigned after 1 s instead of 5 minutes.
    worker.put("scheduled.rebalance.max.delay.ms", "1000");
    worker.put("connector.client.config.override.policy", "All");
    worker.putAll(extraWorkerProps);
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name("redsink-reliability")
            .numWorkers(workers)
            .numBrokers(1)
            .workerProps(worker)
            .build();
    connect.start();
    return new ConnectCluster(connect);
  }

  EmbeddedConnectCluster connect() {
    return connect;
  }

  /**
   * The connector's configuration for an engine configuration (the engine's keys with dots), the
   * bytes of every record passed through unchanged.
   */
  static Map<String, String> connectorConfig(Map<String, Object> engine, String topic, int tasks) {
    Map<String, String> props = new HashMap<>();
    props.put("connector.class", RedshiftSinkConnector.class.getName());
    props.put("topics", topic);
    props.put("tasks.max", Integer.toString(tasks));
    props.put("key.converter", ByteArrayConverter.class.getName());
    props.put("value.converter", ByteArrayConverter.class.getName());
    engine.forEach(
        (key, value) ->
            props.put(
                ConfigKeys.byName(key).map(ConfigKey::dottedName).orElse(key),
                String.valueOf(value)));
    return props;
  }

  /** Creates the stream's topic and produces every record to its partition, in offset order. */
  void produce(SourceStream stream) {
    createTopic(stream);
    produce(stream, 0, stream.perPartition());
  }

  void createTopic(SourceStream stream) {
    connect.kafka().createTopic(stream.topic(), stream.partitions());
  }

  /** Produces offsets [from, to) of every partition of the stream. */
  void produce(SourceStream stream, long from, long to) {
    StreamProducer.produce(stream, from, to, props -> connect.kafka().createProducer(props));
  }

  /** The offsets the connector's consumer group committed in Kafka, per partition of a topic. */
  Map<TopicPartition, Long> committedOffsets(String connector, String topic) {
    Map<TopicPartition, Long> out = new HashMap<>();
    try (Admin admin = connect.kafka().createAdminClient()) {
      Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> committed =
          admin
              .listConsumerGroupOffsets("connect-" + connector)
              .partitionsToOffsetAndMetadata()
              .get();
      committed.forEach(
          (tp, om) -> {
            if (tp.topic().equals(topic) && om != null) {
              out.put(new TopicPartition(tp.topic(), tp.partition()), om.offset());
            }
          });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot list the committed offsets of " + connector, e);
    }
    return out;
  }

  /** A REST resource's status code and body, e.g. {@code connectors/orders/status}. */
  RestReply get(String resource) {
    return reply(connect.requestGet(connect.endpointForResource(resource)));
  }

  /** PUTs a JSON body to a REST resource (e.g. a validation request). */
  RestReply put(String resource, String json) {
    return reply(connect.requestPut(connect.endpointForResource(resource), json));
  }

  /** A REST reply as a user sees it. */
  record RestReply(int status, String body) {}

  private static RestReply reply(Response response) {
    // EmbeddedConnect hands back the HTTP reply as a built Response whose entity is the body.
    Object body = response.getEntity();
    return new RestReply(response.getStatus(), body == null ? "" : body.toString());
  }

  /** The state of a task (RUNNING, FAILED, …) and its trace, from the REST API. */
  ConnectorStateInfo.TaskState task(String connector, int task) {
    return connect.connectorStatus(connector).tasks().stream()
        .filter(t -> t.id() == task)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("No task " + task + " of " + connector));
  }

  /** The worker the task runs on. */
  WorkerHandle hostOf(String connector, int task) {
    String workerId = task(connector, task).workerId();
    return connect.workers().stream()
        .filter(w -> workerId.equals(w.url().getHost() + ":" + w.url().getPort()))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("No worker " + workerId));
  }

  @Override
  public void close() {
    connect.stop();
  }
}
