package dev.redsink.bench;

import dev.redsink.kafka.connect.RedshiftSinkConnector;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.connect.converters.ByteArrayConverter;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.storage.StringConverter;

/**
 * The connectors the Kafka Connect benchmarks compare, configured alike: Redsink's sink, the
 * Debezium JDBC sink (into PostgreSQL or through the Redshift front end) and the floor that drops
 * every record.
 */
final class BenchConnectors {
  private static final String DEBEZIUM = "io.debezium.connector.jdbc.JdbcSinkConnector";

  private BenchConnectors() {}

  /** Redsink's connector, default layout, one Parquet file per flush (64 MiB by default). */
  static Map<String, String> redsink(
      Endpoint endpoint, String table, int batchSize, String maxFileBytes) {
    Map<String, String> c = new HashMap<>();
    c.put("connector.class", RedshiftSinkConnector.class.getName());
    c.put("topics", ConnectEndToEnd.TOPIC);
    c.put("tasks.max", "1");
    c.put("key.converter", ByteArrayConverter.class.getName());
    c.put("value.converter", JsonConverter.class.getName());
    c.put("value.converter.schemas.enable", "true");
    c.put(
        "connection.string",
        endpoint.jdbcUrl() + "&user=" + endpoint.user() + "&password=" + endpoint.password());
    c.put("target.table", table);
    c.put("aws.iam.role", endpoint.iamRole());
    c.put("s3.bucket", endpoint.bucket());
    c.put("s3.prefix", "connect-bench/" + table);
    c.put("aws.region", endpoint.region());
    c.put("s3.endpoint", endpoint.s3Endpoint());
    c.put("aws.access.key.id", endpoint.accessKeyId());
    c.put("aws.secret.access.key", endpoint.secretAccessKey());
    c.put("batch.size", Integer.toString(batchSize));
    if (!maxFileBytes.isEmpty()) {
      c.remove("batch.size");
      c.put("max.file.bytes", maxFileBytes);
    }
    c.put("flush.interval.ms", "1000");
    return c;
  }

  /**
   * Where a connector's table lives: the emulator's Redshift front end (the Redshift dialect, the
   * cost profile) or its embedded PostgreSQL.
   */
  record Target(String url, String user, String password, boolean redshift) {
    /** The emulator's front end through pgjdbc, as a PostgreSQL-driver user reaches Redshift. */
    static Target frontEnd(Endpoint endpoint) {
      String pgjdbc =
          endpoint
              .jdbcUrl()
              .replace("jdbc:redshift://", "jdbc:postgresql://")
              .replace("ssl=false", "sslmode=disable");
      return new Target(pgjdbc, endpoint.user(), endpoint.password(), true);
    }

    Connection connect() throws SQLException {
      return DriverManager.getConnection(url, user, password);
    }
  }

  /**
   * Debezium's table on Redshift, made as a Redshift user must make it: Debezium's own CREATE TABLE
   * types a string as {@code text}, which Redshift creates as VARCHAR(256), too short for the 1 KiB
   * payloads.
   */
  static void createDebeziumTable(Target target, String table) throws SQLException {
    try (Connection c = target.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
      s.execute("CREATE TABLE " + table + " (id BIGINT NOT NULL, payload VARCHAR(65535) NOT NULL)");
    }
  }

  /**
   * The Debezium JDBC sink with its defaults (insert mode, no primary key, batches of 500). Into
   * the emulator's PostgreSQL it creates its table itself (schema evolution basic); into the
   * Redshift front end the table exists ({@link #createDebeziumTable}) and evolution is off.
   */
  static Map<String, String> debezium(Target target, String table, int batchSize) {
    Map<String, String> c = new HashMap<>();
    c.put("connector.class", DEBEZIUM);
    c.put("topics", ConnectEndToEnd.TOPIC);
    c.put("tasks.max", "1");
    c.put("key.converter", StringConverter.class.getName());
    c.put("value.converter", JsonConverter.class.getName());
    c.put("value.converter.schemas.enable", "true");
    c.put("connection.url", target.url());
    c.put("connection.username", target.user());
    c.put("connection.password", target.password());
    c.put("insert.mode", "insert");
    c.put("primary.key.mode", "none");
    c.put("schema.evolution", target.redshift() ? "none" : "basic");
    c.put("collection.name.format", table);
    c.put("batch.size", Integer.toString(batchSize));
    return c;
  }

  /**
   * With {@code raw}, the connector reads values with ByteArrayConverter: the bytes as produced,
   * neither parsed into a Struct nor written back to JSON.
   */
  static Map<String, String> rawValues(Map<String, String> config, boolean raw) {
    if (raw) {
      config.put("value.converter", ByteArrayConverter.class.getName());
      config.remove("value.converter.schemas.enable");
    }
    return config;
  }

  /** The floor: the same topic and converter into a sink that drops everything. */
  static Map<String, String> discard() {
    Map<String, String> c = new HashMap<>();
    c.put("connector.class", DiscardSinkConnector.class.getName());
    c.put("topics", ConnectEndToEnd.TOPIC);
    c.put("tasks.max", "1");
    c.put("key.converter", StringConverter.class.getName());
    c.put("value.converter", JsonConverter.class.getName());
    c.put("value.converter.schemas.enable", "true");
    return c;
  }
}
