package dev.redsink.bench;

import dev.redsink.emulator.RedshiftEmulator;
import java.io.IOException;
import java.io.InputStream;

/**
 * Runs an emulator in its own JVM for {@link EmulatorProcess}: prints its endpoint after {@value
 * #READY}, then serves until standard input closes (the parent exited or let go).
 */
public final class EmulatorServer {
  static final String READY = "REDSINK-EMULATOR-READY\t";
  static final String BACKEND = "REDSINK-EMULATOR-BACKEND\t";

  private EmulatorServer() {}

  public static void main(String[] args) throws IOException {
    Logging.quiet();
    try (RedshiftEmulator emulator = RedshiftEmulator.start()) {
      System.out.println(BACKEND + emulator.backendPort());
      System.out.println(READY + Endpoint.of(emulator).toLine());
      System.out.flush();
      InputStream in = System.in;
      while (in.read() >= 0) {
        // nothing is expected on stdin; EOF is the signal to stop
      }
    }
  }
}
