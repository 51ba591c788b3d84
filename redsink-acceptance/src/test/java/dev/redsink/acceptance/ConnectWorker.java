package dev.redsink.acceptance;

import java.io.IOException;
import javax.management.MBeanServerConnection;

/**
 * A Kafka Connect worker a {@link ConnectRuntime} drives: its REST API, and where its tasks
 * register their MBeans (the Redsink task's {@code LastCommittedOffsets} shows what it committed in
 * Redshift).
 */
interface ConnectWorker {
  ConnectRest rest();

  MBeanServerConnection mbeans() throws IOException;
}
