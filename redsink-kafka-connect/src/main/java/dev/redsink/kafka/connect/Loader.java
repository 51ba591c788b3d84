package dev.redsink.kafka.connect;

import dev.redsink.core.BatchLoader;
import java.util.Map;

/** What the task loads through: the Redsink engine in production, a fake in unit tests. */
interface Loader extends BatchLoader, AutoCloseable {

  @Override
  void close();

  /** Opens a loader from the core's configuration keys. */
  @FunctionalInterface
  interface Factory {
    /**
     * @throws dev.redsink.core.error.RedsinkException when the configuration is invalid or Redshift
     *     cannot be reached
     */
    Loader open(Map<String, String> coreConfig);
  }
}
