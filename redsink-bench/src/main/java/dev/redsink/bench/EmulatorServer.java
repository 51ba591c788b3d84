package dev.redsink.bench;

import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.EmulatorStatistics;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.cost.CostProfile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.TreeMap;

/**
 * Runs an emulator in its own JVM for {@link EmulatorProcess}: prints its endpoint after {@value
 * #READY}, then serves until standard input closes (the parent exited or let go).
 */
public final class EmulatorServer {
  static final String READY = "REDSINK-EMULATOR-READY\t";
  static final String BACKEND = "REDSINK-EMULATOR-BACKEND\t";
  static final String POSTMASTER = "REDSINK-EMULATOR-POSTMASTER\t";
  static final String STATISTICS = "REDSINK-EMULATOR-STATISTICS\t";

  /**
   * A line on standard input asking for the statistics' totals, answered after {@link #STATISTICS}.
   */
  static final String ASK_STATISTICS = "statistics";

  private EmulatorServer() {}

  /**
   * Arguments: {@code [--cost-profile=PROFILE]} (see CostProfile.parse) {@code
   * [--pg-stat-statements=false]}: with true, its PostgreSQL loads pg_stat_statements (a restart
   * before the endpoint is printed), so a benchmark can read the time each statement took there.
   */
  public static void main(String[] argv) throws IOException {
    Logging.quiet();
    Args args = new Args(argv);
    CostProfile costs = CostProfile.parse(args.string("cost-profile", "off"));
    boolean statementStatistics = Boolean.parseBoolean(args.string("pg-stat-statements", "false"));
    try (RedshiftEmulator emulator =
        RedshiftEmulator.start(EmulatorOptions.defaults().costProfile(costs))) {
      if (statementStatistics) {
        loadPgStatStatements(emulator);
      }
      System.out.println(BACKEND + emulator.backendPort());
      System.out.println(POSTMASTER + postmasterPid(emulator));
      System.out.println(READY + Endpoint.of(emulator).toLine());
      System.out.flush();
      BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null) {
        // EOF is the signal to stop; a line asks for the statistics
        if (line.strip().equals(ASK_STATISTICS)) {
          System.out.println(STATISTICS + statisticsLine(emulator.statistics().total()));
          System.out.flush();
        }
      }
    }
  }

  /**
   * The totals as {@code name=value} fields separated by tabs: statements, commits, copies,
   * rows_written, then one field per statement kind.
   */
  static String statisticsLine(EmulatorStatistics.Counts c) {
    StringBuilder line =
        new StringBuilder()
            .append("statements=")
            .append(c.statements())
            .append("\tcommits=")
            .append(c.commits())
            .append("\tcopies=")
            .append(c.copies())
            .append("\trows_written=")
            .append(c.rowsWritten());
    new TreeMap<>(c.byKind()).forEach((k, v) -> line.append('\t').append(k).append('=').append(v));
    return line.toString();
  }

  /**
   * Has the embedded PostgreSQL load pg_stat_statements (it ships with the server's binaries) and
   * restarts it, so that {@code pg_stat_statements} in the emulator's database counts the calls and
   * time of every statement the front end forwards.
   */
  private static void loadPgStatStatements(RedshiftEmulator emulator) {
    try (Connection c = DriverManager.getConnection(emulator.backendJdbcUrl(), "postgres", "");
        Statement s = c.createStatement()) {
      s.execute("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
      s.execute("ALTER SYSTEM SET pg_stat_statements.max = 10000");
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot configure pg_stat_statements: " + e.getMessage(), e);
    }
    emulator.restartDatabase();
    try (Connection c = DriverManager.getConnection(emulator.backendJdbcUrl(), "postgres", "");
        Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot create pg_stat_statements: " + e.getMessage(), e);
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
