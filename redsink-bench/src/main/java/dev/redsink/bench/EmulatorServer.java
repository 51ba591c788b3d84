package dev.redsink.bench;

import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.cost.CostProfile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Runs an emulator in its own JVM for {@link EmulatorProcess}: prints its endpoint after {@value
 * #READY}, then serves until standard input closes (the parent exited or let go).
 */
public final class EmulatorServer {
  static final String READY = "REDSINK-EMULATOR-READY\t";
  static final String BACKEND = "REDSINK-EMULATOR-BACKEND\t";
  static final String POSTMASTER = "REDSINK-EMULATOR-POSTMASTER\t";

  private EmulatorServer() {}

  /** Arguments: {@code [--cost-profile=PROFILE]} (see CostProfile.parse). */
  public static void main(String[] args) throws IOException {
    Logging.quiet();
    CostProfile costs = CostProfile.parse(new Args(args).string("cost-profile", "off"));
    try (RedshiftEmulator emulator =
        RedshiftEmulator.start(EmulatorOptions.defaults().costProfile(costs))) {
      System.out.println(BACKEND + emulator.backendPort());
      System.out.println(POSTMASTER + postmasterPid(emulator));
      System.out.println(READY + Endpoint.of(emulator).toLine());
      System.out.flush();
      InputStream in = System.in;
      while (in.read() >= 0) {
        // nothing is expected on stdin; EOF is the signal to stop
      }
    }
  }

  /**
   * The PostgreSQL server process (postmaster), the parent of every backend, so its CPU time
   * (children included) is the database's: a backend's pid from SQL, its parent from /proc.
   */
  private static long postmasterPid(RedshiftEmulator emulator) {
    try (Connection c = DriverManager.getConnection(emulator.backendJdbcUrl(), "postgres", "");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      String status = Files.readString(Path.of("/proc", Integer.toString(rs.getInt(1)), "status"));
      return status
          .lines()
          .filter(l -> l.startsWith("PPid:"))
          .mapToLong(l -> Long.parseLong(l.substring(5).trim()))
          .findFirst()
          .orElse(-1);
    } catch (SQLException | IOException e) {
      return -1;
    }
  }
}
