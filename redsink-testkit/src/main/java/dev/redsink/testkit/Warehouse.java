package dev.redsink.testkit;

import dev.redsink.emulator.RedshiftEmulator;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The emulated cluster and bucket as a user inspects them: sink configurations pointing at it, SQL
 * over the Redshift JDBC driver, and the objects in the bucket; modules extend it with their own
 * queries.
 */
public class Warehouse {

  private final RedshiftEmulator emulator;

  public Warehouse(RedshiftEmulator emulator) {
    this.emulator = emulator;
  }

  public final RedshiftEmulator emulator() {
    return emulator;
  }

  /** A table name no other test uses: {@code <stem>_<12 hex digits>}. */
  public static String uniqueTable(String stem) {
    return stem + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /** The Redshift JDBC URL with the user and password in it, as the engine's key takes it. */
  public final String jdbcUrl() {
    return emulator.jdbcUrl() + "&user=" + emulator.user() + "&password=" + emulator.password();
  }

  /** The {@code postgres://} connection string runtimes are given, with the right password. */
  public final String connectionString() {
    return connectionString(emulator, emulator.password());
  }

  /** The {@code postgres://} connection string of the emulator with this password. */
  public static String connectionString(RedshiftEmulator emulator, String password) {
    return "postgres://"
        + emulator.user()
        + ":"
        + password
        + "@127.0.0.1:"
        + emulator.port()
        + "/"
        + emulator.database()
        + "?sslmode=disable";
  }

  /**
   * A sink configuration (a map of key names) loading {@code table} through the emulator, staging
   * under {@code s3Prefix}, in a stable order; callers add their module's keys.
   */
  public final Map<String, Object> config(String table, String s3Prefix) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("connection_string", jdbcUrl());
    c.put("target_table", table);
    c.put("aws_iam_role", emulator.iamRole());
    c.put("s3_bucket", emulator.bucket());
    c.put("s3_prefix", s3Prefix);
    c.put("aws_region", emulator.region());
    c.put("s3_endpoint", emulator.s3().endpoint().toString());
    c.put("aws_access_key_id", emulator.s3().accessKeyId());
    c.put("aws_secret_access_key", emulator.s3().secretAccessKey());
    return c;
  }

  public final Connection connect() throws SQLException {
    return DriverManager.getConnection(emulator.jdbcUrl(), emulator.user(), emulator.password());
  }

  /** The rows of a query, each its columns' text joined with {@code |}. */
  public final List<String> rows(String sql) throws SQLException {
    try (Connection c = connect()) {
      return rows(c, sql);
    }
  }

  /** The rows of a query on any connection, each its columns' text joined with {@code |}. */
  public static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          sb.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  /** The first row of a query, or null when it has none. */
  public final String value(String sql) throws SQLException {
    List<String> rows = rows(sql);
    return rows.isEmpty() ? null : rows.get(0);
  }

  /** The number a one-row, one-column query returns. */
  public final long number(String sql) throws SQLException {
    return Long.parseLong(rows(sql).get(0));
  }

  /** Runs statements in one session, in order. */
  public final void execute(String... sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  /** Whether a table of this exact (folded) name exists in a schema of the search path. */
  public boolean tableExists(String table) throws SQLException {
    return number("SELECT count(*) FROM svv_columns WHERE table_name = " + literal(table)) > 0;
  }

  /** Rows in a table, named as SQL names it ({@code schema.table} or a bare name). */
  public long count(String table) throws SQLException {
    return number("SELECT count(*) FROM " + table);
  }

  /** Distinct ids in a table, named as SQL names it: equal to {@link #count} when none repeats. */
  public long distinctIds(String table) throws SQLException {
    return number("SELECT count(DISTINCT id) FROM " + table);
  }

  /** Keys of the objects in the bucket under a prefix. */
  public final List<String> objects(String prefix) {
    List<String> keys = new ArrayList<>();
    for (S3Object o :
        emulator
            .s3()
            .client()
            .listObjectsV2Paginator(b -> b.bucket(emulator.bucket()).prefix(prefix))
            .contents()) {
      keys.add(o.key());
    }
    return keys;
  }

  /** A quoted SQL identifier. */
  public static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  /** A SQL string literal. */
  public static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
