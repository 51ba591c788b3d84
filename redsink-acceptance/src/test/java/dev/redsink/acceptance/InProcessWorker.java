package dev.redsink.acceptance;

import java.lang.management.ManagementFactory;
import java.net.URI;
import javax.management.MBeanServerConnection;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * The Kafka Connect worker of the Kafka the project builds against, in the suite's own JVM (Kafka's
 * {@code EmbeddedConnectCluster}, which also runs the suite's broker).
 */
final class InProcessWorker implements ConnectWorker {
  private final ConnectRest rest;

  InProcessWorker(EmbeddedConnectCluster cluster) {
    this.rest = new ConnectRest(URI.create(cluster.endpointForResource("")));
  }

  @Override
  public ConnectRest rest() {
    return rest;
  }

  @Override
  public MBeanServerConnection mbeans() {
    return ManagementFactory.getPlatformMBeanServer();
  }
}
