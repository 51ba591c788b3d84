package dev.redsink.demo;

import dev.redsink.cli.StopSignal;
import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.cost.CostProfile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An emulator started by a command. Closing it after SIGTERM or Ctrl-C tolerates the embedded
 * PostgreSQL having already been stopped by the signal or by its own shutdown hook.
 */
final class LocalRedshift implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LocalRedshift.class);

  private final RedshiftEmulator emulator;
  private final StopSignal stop;

  private LocalRedshift(RedshiftEmulator emulator, StopSignal stop) {
    this.emulator = emulator;
    this.stop = stop;
  }

  static LocalRedshift start(int port, int s3Port, StopSignal stop) {
    return start(port, s3Port, CostProfile.NONE, stop);
  }

  static LocalRedshift start(int port, int s3Port, CostProfile costs, StopSignal stop) {
    return new LocalRedshift(
        RedshiftEmulator.start(
            EmulatorOptions.defaults().port(port).s3Port(s3Port).costProfile(costs)),
        stop);
  }

  RedshiftEmulator emulator() {
    return emulator;
  }

  @Override
  public void close() {
    try {
      emulator.close();
    } catch (RuntimeException e) {
      if (!stop.isRequested()) {
        throw e;
      }
      LOG.debug("The emulator was already stopping when asked to close", e);
    }
  }
}
