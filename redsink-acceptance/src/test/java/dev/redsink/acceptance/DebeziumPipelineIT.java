package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.acceptance.ChangeStreams.SourceColumn;
import dev.redsink.acceptance.ChangeStreams.ValueKind;
import dev.redsink.acceptance.SourceVersions.Version;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.ConnectorFile;
import dev.redsink.testkit.JvmProcess;
import dev.redsink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * A real change stream, nothing hand-written between the source and Redshift: an embedded
 * PostgreSQL with logical replication → Debezium's PostgreSQL connector (pgoutput, its defaults)
 * and Redsink's plugin, installed from its zip, in one Kafka Connect worker → the emulator. After
 * each step the source table and the Redshift table hold the same rows and values, in the column
 * types a Redshift user would choose (docs/table-layouts.md, "From Debezium"). A third sink loads
 * the same events in write_mode = history: its view of the active versions holds the same rows, and
 * each key's versions are the ones the source's own log of its changes makes, at their commit times
 * ({@link SourceVersions}). The last step runs docs/tutorial-debezium.md's own files in the same
 * worker.
 */
@EnabledIfSystemProperty(
    named = "acceptance.work",
    matches = ".+",
    disabledReason = "runs under failsafe (mvn verify), which passes the suite its settings")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(DebeziumPipelineIT.Steps.class)
class DebeziumPipelineIT {
  private static final String TOPIC = "dbz.public.customers";
  private static final String CDC_TABLE = "customers";
  private static final String FLAT_TABLE = "customers_flat";

  /**
   * The same change events in write_mode = history: a version per change, and beside it the view of
   * the active versions, which holds what the cdc table does.
   */
  private static final String HISTORY_TABLE = "customers_history";

  private static final String HISTORY_VIEW = HISTORY_TABLE + "_current";

  /** Every change of the source's customers table, as the source itself logs it. */
  private static final SourceVersions SOURCE_VERSIONS = new SourceVersions("customers", "id");

  /**
   * A change that goes to the dead letter queue makes no version: a NUMERIC with more places than
   * DECIMAL(38,18) keeps.
   */
  private static final String REFUSED = "scale(nv) > 18";

  /** The keys whose versions the report prints: an insert, its updates and key changes. */
  private static final List<String> SHOWN_KEYS = List.of("3", "5", "60", "61", "62", "63");

  private static final String RUN_TABLE = "customers_run";
  private static final String LOAD_TABLE = "customers_load";
  private static final String ACCOUNTS_TABLE = "accounts";
  private static final String ACCOUNTS_RUN_TABLE = "accounts_run";
  private static final String ACCOUNTS_SOURCE_SQL =
      "SELECT id, length(note), right(note, 3) FROM accounts ORDER BY id";

  /**
   * Tables whose primary keys are a text and a BIGINT of 19 digits, their topics of four partitions
   * loaded by two tasks of one connector, a table per topic.
   */
  private static final String HANDLES_TABLE = "handles";

  private static final String SNOWFLAKES_TABLE = "snowflakes";

  /**
   * A table whose topic has two partitions, loaded by one task with a flush interval of {@link
   * #TRICKLE_FLUSH}: its primary keys change at a steady trickle.
   */
  private static final String TRICKLE_TABLE = "trickle";

  private static final Duration TRICKLE_FLUSH = Duration.ofSeconds(3);

  /** The statement that creates a target's table of kept rows, naming the target. */
  private static final Pattern MOVED_TABLE_CREATED =
      Pattern.compile("(?i)CREATE TABLE \\S*_redsink_moved_(\\w+)");

  /** A keep UPDATE of a staging table that sets big, jb and by, each from the table's row. */
  private static final Pattern SEVERAL_KEPT =
      Pattern.compile(
          "(?s)^UPDATE \"redsink_staging\\w*\" SET .*\"jb\" = CASE WHEN.*\"by\" = CASE WHEN"
              + ".*\"big\" = CASE WHEN");

  /** A fault that changes nothing: it only records the statements it matches. */
  private static final SqlFault PROBE = new SqlFault.Delay(Duration.ZERO);

  private static final List<String> TABLES = List.of(CDC_TABLE, FLAT_TABLE);

  /** The tables of the sinks whose changes no column can hold go to a dead letter queue. */
  private static final List<String> SINK_TABLES = List.of(CDC_TABLE, FLAT_TABLE, HISTORY_TABLE);

  /** The tables and the view that hold the source's rows after each step. */
  private static final List<String> SAME_ROWS = List.of(CDC_TABLE, FLAT_TABLE, HISTORY_VIEW);

  private static final Duration CATCH_UP = Duration.ofSeconds(90);

  private static final List<SourceColumn> COLUMNS =
      new ArrayList<>(
          List.of(
              SourceColumn.of("id", "integer PRIMARY KEY", ValueKind.NUMBER, "integer"),
              SourceColumn.of("s", "smallint", ValueKind.NUMBER, "smallint"),
              SourceColumn.of("i", "integer", ValueKind.NUMBER, "integer"),
              SourceColumn.of("b", "bigint", ValueKind.NUMBER, "bigint"),
              SourceColumn.of("n", "numeric(10,2)", ValueKind.NUMBER, "numeric(10,2)"),
              SourceColumn.of("nv", "numeric", ValueKind.NUMBER, "numeric(38,18)"),
              SourceColumn.of("money", "money", ValueKind.NUMBER, "numeric(38,2)")
                  .withRead("money::numeric"),
              SourceColumn.of("r", "real", ValueKind.FLOATING, "real"),
              SourceColumn.of("d", "double precision", ValueKind.FLOATING, "double precision"),
              SourceColumn.of("flag", "boolean", ValueKind.TEXT, "boolean"),
              SourceColumn.of("t", "text", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("v", "varchar(20)", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("ch", "char(3)", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("day", "date", ValueKind.TEXT, "date"),
              SourceColumn.of("tm", "time", ValueKind.TEXT, "time without time zone"),
              SourceColumn.of("tmz", "timetz", ValueKind.TEXT, "character varying(256)")
                  .withRead("((tmz AT TIME ZONE 'UTC')::time)::text || 'Z'"),
              SourceColumn.of("ts", "timestamp", ValueKind.INSTANT, "timestamp without time zone"),
              SourceColumn.of("tstz", "timestamptz", ValueKind.INSTANT, "timestamp with time zone"),
              SourceColumn.of("iv", "interval", ValueKind.NUMBER, "bigint")
                  .withRead("(extract(epoch FROM iv) * 1000000)::bigint"),
              SourceColumn.of("u", "uuid", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("j", "json", ValueKind.JSON, "super"),
              SourceColumn.of("jb", "jsonb", ValueKind.JSON, "super"),
              SourceColumn.of("by", "bytea", ValueKind.BYTES, "binary varying(16777216)"),
              SourceColumn.of("bits", "bit(3)", ValueKind.BYTES, "binary varying(16777216)")
                  .withRead("decode(lpad(to_hex(bits::int), 2, '0'), 'hex')"),
              SourceColumn.of("m", "mood", ValueKind.TEXT, "character varying(256)"),
              SourceColumn.of("arr", "text[]", ValueKind.JSON, "super").withRead("to_json(arr)"),
              SourceColumn.of("ia", "int[]", ValueKind.JSON, "super").withRead("to_json(ia)"),
              SourceColumn.of("ip", "inet", ValueKind.TEXT, "character varying(256)")
                  .withRead("host(ip)"),
              SourceColumn.of("x", "xml", ValueKind.TEXT, "character varying(256)")
                  .withRead("x::text"),
              SourceColumn.of("big", "text", ValueKind.TEXT, "character varying(65535)")));

  /**
   * The steps build on each other: after one fails the rest are skipped rather than each waiting
   * out its catch-up time; each step's start and end are printed with the time they took.
   */
  static final class Steps implements TestWatcher, BeforeTestExecutionCallback {
    private static volatile boolean failed;
    private static volatile long started;

    @Override
    public void beforeTestExecution(ExtensionContext context) {
      Assumptions.assumeFalse(failed, "an earlier step of the pipeline failed");
      started = System.nanoTime();
      System.out.println("Debezium pipeline: " + context.getDisplayName());
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
      System.out.printf(
          "Debezium pipeline: %s passed in %d ms%n",
          context.getDisplayName(), (System.nanoTime() - started) / 1_000_000);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
      failed = true;
      System.out.println("Debezium pipeline: " + context.getDisplayName() + " failed: " + cause);
      for (String connector :
          List.of(
              "dbz",
              "redsink",
              "redsink-flat",
              "redsink-history",
              "redsink-accounts",
              "redsink-keys",
              "redsink-trickle",
              "customers-from-postgres",
              "customers-to-redshift")) {
        try {
          System.out.println(
              "Debezium pipeline: "
                  + connector
                  + " "
                  + connect.connectorStatus(connector).tasks().stream()
                      .map(t -> t.state() + (t.trace() == null ? "" : " " + t.trace()))
                      .toList());
        } catch (RuntimeException e) {
          System.out.println("Debezium pipeline: no status of " + connector + ": " + e);
        }
      }
    }
  }

  private static RedshiftEmulator emulator;
  private static Warehouse warehouse;
  private static SourceDatabase source;
  private static EmbeddedConnectCluster connect;

  /** The last change of customers before Debezium's snapshot, which reads the rows it left. */
  private static long beforeSnapshot;

  @BeforeAll
  static void start() throws Exception {
    emulator = Suite.startEmulator();
    warehouse = new Warehouse(emulator);
    source = SourceDatabase.start();
    source.execute(
        "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
        ChangeStreams.createTable("customers", COLUMNS),
        // Values this long are stored out of line (TOASTed): an update that leaves them
        // unchanged does not send them, and Debezium sends its placeholder instead.
        "ALTER TABLE customers ALTER COLUMN big SET STORAGE EXTERNAL",
        "ALTER TABLE customers ALTER COLUMN jb SET STORAGE EXTERNAL",
        "ALTER TABLE customers ALTER COLUMN by SET STORAGE EXTERNAL",
        // A table whose topic has four partitions, loaded by two tasks: a primary-key change's
        // delete and create land in different partitions and loads.
        "CREATE TABLE accounts (id integer PRIMARY KEY, note text)",
        "ALTER TABLE accounts ALTER COLUMN note SET STORAGE EXTERNAL",
        "INSERT INTO accounts SELECT g, repeat('n', 5000) || g FROM generate_series(1, 12) g",
        "CREATE TABLE handles (handle text PRIMARY KEY, note text)",
        "ALTER TABLE handles ALTER COLUMN note SET STORAGE EXTERNAL",
        "INSERT INTO handles SELECT 'h' || lpad(g::text, 2, '0'), repeat('n', 5000) || g"
            + " FROM generate_series(1, 12) g",
        "CREATE TABLE snowflakes (sid bigint PRIMARY KEY, note text)",
        "ALTER TABLE snowflakes ALTER COLUMN note SET STORAGE EXTERNAL",
        "INSERT INTO snowflakes SELECT 9000000000000000000 + g, repeat('n', 5000) || g"
            + " FROM generate_series(1, 12) g",
        "INSERT INTO snowflakes VALUES (9223372036854775807, repeat('n', 5000) || 'max')",
        "CREATE TABLE trickle (id integer PRIMARY KEY, note text)",
        "ALTER TABLE trickle ALTER COLUMN note SET STORAGE EXTERNAL",
        "INSERT INTO trickle SELECT g, repeat('t', 5000) || g FROM generate_series(1, 400) g");
    source.execute(SOURCE_VERSIONS.install());
    insert(1, 2);
    try (Connection c = source.connect()) {
      beforeSnapshot = SOURCE_VERSIONS.lastChange(c);
    }

    connect = ChangeStreams.worker("redsink-debezium");
    // The sinks start first, as they do when Redsink is deployed before the source: their topics
    // do not exist yet.
    connect.configureConnector("redsink", sink(CDC_TABLE));
    connect.configureConnector("redsink-flat", sink(FLAT_TABLE));
    connect.configureConnector("redsink-history", sink(HISTORY_TABLE));
    connect.configureConnector("redsink-accounts", sink(ACCOUNTS_TABLE));
    connect.configureConnector("redsink-keys", sink(HANDLES_TABLE));
    connect.configureConnector("redsink-trickle", sink(TRICKLE_TABLE));
    connect.configureConnector("dbz", debezium());
  }

  private static Map<String, String> debezium() {
    Map<String, String> c = new LinkedHashMap<>(source.debeziumConnection());
    c.put("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
    c.put("tasks.max", "1");
    c.put("plugin.name", "pgoutput");
    c.put("slot.name", "redsink_acceptance");
    c.put("publication.autocreate.mode", "filtered");
    c.put(
        "table.include.list",
        "public.customers,public.accounts,public.handles,public.snowflakes,public.trickle");
    c.put("topic.prefix", "dbz");
    // Truncates are sent (Debezium skips them by default), and heartbeats, which the cdc sink's
    // topic pattern also matches.
    c.put("skipped.operations", "none");
    c.put("heartbeat.interval.ms", "500");
    c.put("topic.creation.default.replication.factor", "1");
    c.put("topic.creation.default.partitions", "1");
    c.put("topic.creation.groups", "partitioned,two");
    c.put("topic.creation.two.include", "dbz\\.public\\.trickle");
    c.put("topic.creation.two.replication.factor", "1");
    c.put("topic.creation.two.partitions", "2");
    c.put(
        "topic.creation.partitioned.include",
        "dbz\\.public\\.accounts,dbz\\.public\\.handles,dbz\\.public\\.snowflakes");
    c.put("topic.creation.partitioned.replication.factor", "1");
    c.put("topic.creation.partitioned.partitions", "4");
    c.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    return c;
  }

  /**
   * The sink of one table: the change events as they are (write_mode = cdc), or flattened by
   * Debezium's ExtractNewRecordState, deletes as tombstones (write_mode = upsert), the other way
   * people deploy it.
   */
  private static Map<String, String> sink(String table) {
    Map<String, String> props = ChangeStreams.sink(warehouse, table, table.equals(FLAT_TABLE));
    if (table.equals(HANDLES_TABLE)) {
      props.put("target.table", "{topic_segment[-1]}");
    }
    props.put("tasks.max", table.equals(ACCOUNTS_TABLE) || table.equals(HANDLES_TABLE) ? "2" : "1");
    if (table.equals(HISTORY_TABLE)) {
      props.put("write.mode", "history");
    }
    if (SINK_TABLES.contains(table)) {
      // A change no column holds exactly goes to the dead letter queue, and the sink goes on.
      props.put("errors.tolerance", "all");
      props.put("errors.deadletterqueue.topic.name", deadLetterTopic(table));
      props.put("errors.deadletterqueue.topic.replication.factor", "1");
      props.put("errors.deadletterqueue.context.headers.enable", "true");
    }
    if (table.equals(FLAT_TABLE)) {
      props.put("topics", TOPIC);
    } else if (table.equals(ACCOUNTS_TABLE)) {
      props.put("topics", "dbz.public.accounts");
    } else if (table.equals(HANDLES_TABLE)) {
      props.put("topics", "dbz.public.handles,dbz.public.snowflakes");
    } else if (table.equals(TRICKLE_TABLE)) {
      props.put("topics", "dbz.public.trickle");
      props.put("flush.interval.ms", Long.toString(TRICKLE_FLUSH.toMillis()));
    } else {
      props.put("topics.regex", "dbz\\.public\\.customers|__debezium-heartbeat\\.dbz");
      // A consumer finds the new topics its pattern matches only when it refreshes its metadata,
      // every 5 minutes by default (docs/table-layouts.md, "From Debezium").
      props.put("consumer.override.metadata.max.age.ms", "1000");
    }
    return props;
  }

  /** Inserts rows {@code from} … {@code to} (inclusive) with a value in every column. */
  private static void insert(int from, int to) throws SQLException {
    for (int id = from; id <= to; id++) {
      source.execute(
          "INSERT INTO customers (id, s, i, b, n, nv, money, r, d, flag, t, v, ch, day, tm, tmz,"
              + " ts, tstz, iv, u, j, jb, by, bits, m, arr, ia, ip, x, big) VALUES ("
              + id
              + ", 1, "
              + (id * 1000)
              + ", 9000000000"
              + id
              + ", 12.34, 1234.567890123456789012, 12.5, 1.5, 2.25, true, 'text "
              + id
              + "', 'var', 'abc', '1815-12-10', '06:30:00.123456', '06:30:00+02',"
              + " '2024-01-15 08:30:00.123456',"
              + " '2024-01-15 08:30:00.123456+01', '1 day 02:03:04.5',"
              + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{\"a\": 1}', '{\"b\": [1, 2]}',"
              + " '\\xDEADBEEF', B'101', 'happy', '{x,\"y z\"}', '{1,2}', '10.0.0.1', '<a>1</a>',"
              + " repeat('z', 5000) || '"
              + id
              + "')");
    }
  }

  @Test
  @Order(10)
  void theSnapshotLoadsAsTheSourceTable() throws Exception {
    awaitSameRows();
    Map<String, String> expected = new TreeMap<>();
    COLUMNS.forEach(c -> expected.put(c.column(), c.redshift()));
    for (String table : SINK_TABLES) {
      assertThat(new TreeMap<>(redshiftTypes(table))).as(table).containsAllEntriesOf(expected);
    }
  }

  @Test
  @Order(20)
  void insertsUpdatesAndDeletes() throws Exception {
    insert(3, 6);
    source.execute(
        "UPDATE customers SET t = NULL, n = NULL, j = NULL, by = NULL WHERE id = 3",
        "UPDATE customers SET t = 'back', n = 99.99, j = '[1, 2]', by = '\\x00' WHERE id = 3",
        "UPDATE customers SET i = i + 1, tstz = now(), nv = 0.000000000000000001 WHERE id = 4",
        "UPDATE customers SET r = NULL, arr = NULL WHERE id = 5",
        "DELETE FROM customers WHERE id = 6");
    awaitSameRows();
    // A delete by record key (the flattened sink's tombstone) reads the key with its schema: the
    // key column keeps its type rather than widening to what schemaless JSON suggests.
    for (String table : SINK_TABLES) {
      assertThat(redshiftTypes(table)).as(table).containsEntry("id_value", "integer");
    }
  }

  @Test
  @Order(30)
  void aPrimaryKeyChangeMovesTheRow() throws Exception {
    source.execute("UPDATE customers SET id = 60 WHERE id = 5");
    // With the source's REPLICA IDENTITY DEFAULT, Debezium sends the new key's row with its
    // unchanged TOASTed value as the placeholder and the old key in its __debezium.oldkey header:
    // the row takes the value from the old key's row (docs/table-layouts.md, "From Debezium").
    awaitSameRows();
    for (String table : SAME_ROWS) {
      awaitRedshift(
          table, "SELECT count(*) FROM " + table + " WHERE id_value = 60 AND big IS NULL", "0");
    }
  }

  /**
   * Primary-key changes whose old and new keys land in different partitions of a four-partition
   * topic, loaded by two tasks: whichever of a change's delete and create loads first, the new row
   * keeps the unchanged TOASTed value its event did not carry (docs/table-layouts.md, "From
   * Debezium").
   */
  @Test
  @Order(40)
  void primaryKeyChangesAcrossPartitionsKeepTheirUnsentValues() throws Exception {
    awaitAccounts(ACCOUNTS_TABLE);
    awaitMovedKeys(HANDLES_TABLE, "handle");
    awaitMovedKeys(SNOWFLAKES_TABLE, "sid");
    // Counts the loads that keep an old row because its new key's change was not loaded yet: the
    // delete-first order this step is about, which the final rows alone cannot tell apart.
    emulator.sqlFaults().failNext(MOVED_TABLE_CREATED.pattern(), 1_000, PROBE);
    Set<String> kept = new TreeSet<>();
    try {
      source.execute(
          "UPDATE accounts SET id = id + 100 WHERE id <= 6",
          "UPDATE accounts SET id = id + 200 WHERE id > 6 AND id <= 12",
          // A text key, and BIGINT keys of 19 digits, negative ones too, and from one end of its
          // range to the other.
          "UPDATE handles SET handle = 'm' || substr(handle, 2) WHERE handle <= 'h06'",
          "UPDATE handles SET handle = 'x' || handle WHERE handle > 'h06' AND handle < 'm'",
          "UPDATE snowflakes SET sid = -sid WHERE sid <= 9000000000000000006",
          "UPDATE snowflakes SET sid = sid + 200000000000000000"
              + " WHERE sid > 9000000000000000006 AND sid < 9100000000000000000",
          "UPDATE snowflakes SET sid = -9223372036854775808 WHERE sid = 9223372036854775807");
      awaitAccounts(ACCOUNTS_TABLE);
      awaitMovedKeys(HANDLES_TABLE, "handle");
      awaitMovedKeys(SNOWFLAKES_TABLE, "sid");
      assertThat(warehouse.rows("SELECT min(sid), max(sid) FROM " + SNOWFLAKES_TABLE))
          .containsExactly("-9223372036854775808|9200000000000000012");
      for (var fired : emulator.sqlFaults().firedFaults()) {
        var created = MOVED_TABLE_CREATED.matcher(fired.statement());
        if (fired.fault() == PROBE && created.find()) {
          kept.add(created.group(1));
        }
      }
    } finally {
      emulator.sqlFaults().reset();
    }
    System.out.println("Debezium pipeline: old rows were kept for later creates in " + kept);
    // Which of a move's delete and create loads first is the two tasks' timing, and one table's
    // moves can all go create-first; over 25 moves in three tables, at least one delete loading
    // first is what this step must have exercised.
    assertThat(kept)
        .as("tables where a delete of a moved key loaded before its create")
        .isNotEmpty();
  }

  /**
   * Waits until a table of the keys connector holds the source's rows, each with its whole note
   * (never NULL), and no moved or awaited row waits beside it.
   */
  private static void awaitMovedKeys(String table, String key) throws Exception {
    awaitSame(
        table,
        "SELECT " + key + ", length(note), right(note, 3) FROM " + table + " ORDER BY 1",
        "SELECT " + key + ", LEN(note), RIGHT(note, 3) FROM " + table + " ORDER BY 1");
  }

  /**
   * Waits until the table holds the source's accounts, each with its whole note (never NULL), and
   * no moved row waits beside it.
   */
  private static void awaitAccounts(String table) throws Exception {
    awaitSame(
        table,
        ACCOUNTS_SOURCE_SQL,
        "SELECT id_value, LEN(note), RIGHT(note, 3) FROM " + table + " ORDER BY 1");
  }

  private static void awaitSame(String table, String sourceSql, String redshiftSql)
      throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    List<String> want = List.of();
    List<String> have = List.of();
    while (System.nanoTime() < deadline) {
      try (Connection c = source.connect()) {
        want = Warehouse.rows(c, sourceSql);
      }
      if (warehouse.tableExists(table)) {
        have = warehouse.rows(redshiftSql);
      }
      if (have.equals(want)) {
        break;
      }
      Thread.sleep(500);
    }
    assertThat(have)
        .as("the Redshift table " + table + " against the source table")
        .isEqualTo(want);
    assertThat(warehouse.rows("SELECT count(*) FROM " + table + " WHERE note IS NULL"))
        .containsExactly("0");
    awaitRedshift(
        table,
        "SELECT count(*) FROM pg_tables WHERE tablename IN ('_redsink_moved_"
            + table
            + "', '_redsink_awaited_"
            + table
            + "')",
        "0");
  }

  /**
   * Keys changed twice and three times, and two keys swapped through a temporary key, each in one
   * source transaction, in a topic of four partitions loaded by two tasks: every hop's delete and
   * create land in their keys' partitions and load in whatever order the tasks reach them; then the
   * same hop by hop, each hop loaded before the next. Every row keeps its unchanged TOASTed note,
   * never NULL and never another row's (docs/table-layouts.md, "From Debezium").
   */
  @Test
  @Order(45)
  void keysChangedTwiceAndSwappedKeepTheirUnsentValues() throws Exception {
    source.transaction(
        "UPDATE accounts SET id = 301 WHERE id = 101",
        "UPDATE accounts SET id = 302 WHERE id = 301",
        "UPDATE accounts SET id = 303 WHERE id = 102",
        "UPDATE accounts SET id = 304 WHERE id = 303",
        "UPDATE accounts SET id = 305 WHERE id = 304",
        "UPDATE accounts SET id = 999 WHERE id = 103",
        "UPDATE accounts SET id = 103 WHERE id = 104",
        "UPDATE accounts SET id = 104 WHERE id = 999");
    awaitAccounts(ACCOUNTS_TABLE);
    for (String hop :
        List.of(
            "UPDATE accounts SET id = 306 WHERE id = 105",
            "UPDATE accounts SET id = 307 WHERE id = 306",
            "UPDATE accounts SET id = 998 WHERE id = 106",
            "UPDATE accounts SET id = 106 WHERE id = 207",
            "UPDATE accounts SET id = 207 WHERE id = 998")) {
      source.execute(hop);
      awaitAccounts(ACCOUNTS_TABLE);
    }
    assertThat(
            warehouse.rows(
                "SELECT right(note, 3) FROM "
                    + ACCOUNTS_TABLE
                    + " WHERE id_value IN (103, 104, 106, 207) ORDER BY id_value"))
        .as("the swapped rows' notes: 103 has 104's, 104 has 103's, 106 has 207's and back")
        .containsExactly("nn4", "nn3", "nn7", "nn6");
  }

  /**
   * Primary keys changing at a steady trickle, faster than the flush interval, in a topic of two
   * partitions loaded by one task, each change's old and new key in different partitions: some
   * partition's last record is always a key change's delete, whose create the buffer waits for, but
   * no record waits longer than two flush intervals, so the table follows the source while the
   * changes go on.
   */
  @Test
  @Order(47)
  void aSteadyTrickleOfKeyChangesStillLoadsWithinTwoFlushIntervals() throws Exception {
    String topic = "dbz.public.trickle";
    awaitSame(
        TRICKLE_TABLE,
        "SELECT id, length(note), right(note, 3) FROM trickle ORDER BY 1",
        "SELECT id_value, LEN(note), RIGHT(note, 3) FROM " + TRICKLE_TABLE + " ORDER BY 1");
    KeyPartitions partitions = KeyPartitions.of(connect.kafka().consumeAll(60_000, topic), 2);
    List<String> changes = new ArrayList<>();
    int next = 10_000;
    int firstNew = 0;
    for (int id = 1; id <= 300; id++) {
      do {
        next++;
      } while (partitions.of(next) == partitions.of(id));
      firstNew = firstNew == 0 ? next : firstNew;
      changes.add("UPDATE trickle SET id = " + next + " WHERE id = " + id);
    }
    long started = System.nanoTime();
    AtomicInteger changed = new AtomicInteger();
    Thread trickle =
        new Thread(
            () -> {
              try {
                for (String change : changes) {
                  source.execute(change);
                  changed.incrementAndGet();
                  Thread.sleep(100);
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } catch (SQLException e) {
                throw new IllegalStateException(e);
              }
            },
            "trickle");
    trickle.start();
    try {
      // The first change's row, loaded within two flush intervals and the time a load takes.
      Duration bound = TRICKLE_FLUSH.multipliedBy(2).plusSeconds(8);
      String first = null;
      while (System.nanoTime() - started < bound.toNanos()) {
        first =
            warehouse.value(
                "SELECT count(*) FROM " + TRICKLE_TABLE + " WHERE id_value = " + firstNew);
        if ("1".equals(first)) {
          break;
        }
        Thread.sleep(200);
      }
      assertThat(first)
          .as(
              "the row of the first key change, %d ms after it, while %d changes went on",
              (System.nanoTime() - started) / 1_000_000, changed.get())
          .isEqualTo("1");
      assertThat(trickle.isAlive()).as("the key changes still going on").isTrue();
    } finally {
      trickle.interrupt();
      trickle.join(60_000);
    }
    awaitSame(
        TRICKLE_TABLE,
        "SELECT id, length(note), right(note, 3) FROM trickle ORDER BY 1",
        "SELECT id_value, LEN(note), RIGHT(note, 3) FROM " + TRICKLE_TABLE + " ORDER BY 1");
  }

  @Test
  @Order(50)
  void anUnchangedToastedValueKeepsTheRowsValue() throws Exception {
    // Row 1 gets a TOASTed jsonb and bytea beside its TOASTed text, loaded first: the updates
    // after it leave all three unsent, and the loads take a SUPER, a VARBYTE and a VARCHAR value
    // from the table in one statement.
    source.execute(
        "UPDATE customers SET jb = jsonb_build_object('long', repeat('q', 5000)),"
            + " by = decode(repeat('ab', 5000), 'hex') WHERE id = 1");
    awaitSameRows();
    emulator.sqlFaults().failNext(SEVERAL_KEPT.pattern(), 1_000, PROBE);
    try {
      source.execute(
          "UPDATE customers SET i = 11 WHERE id = 1",
          "UPDATE customers SET i = 12 WHERE id = 1",
          "UPDATE customers SET s = 7 WHERE id = 2");
      awaitSameRows();
      assertThat(emulator.sqlFaults().firedFaults())
          .as("an UPDATE of a staging table taking jb, by and big from the table")
          .anySatisfy(f -> assertThat(f.statement()).containsPattern(SEVERAL_KEPT));
    } finally {
      emulator.sqlFaults().reset();
    }
    for (String table : SINK_TABLES) {
      assertThat(warehouse.rows("SELECT count(*) FROM " + table + " WHERE big LIKE '%unavail%'"))
          .containsExactly("0");
    }
  }

  /**
   * In a topic of one partition: a key changed twice, three times, and two keys swapped through a
   * temporary key, all in one transaction (so in one load): every column of every row, the TOASTed
   * text, jsonb and bytea included, as the source has it.
   */
  @Test
  @Order(55)
  void keysChangedTwiceAndSwappedInOneLoad() throws Exception {
    source.transaction(
        "UPDATE customers SET id = 41 WHERE id = 4",
        "UPDATE customers SET id = 42 WHERE id = 41",
        "UPDATE customers SET id = 61 WHERE id = 60",
        "UPDATE customers SET id = 62 WHERE id = 61",
        "UPDATE customers SET id = 63 WHERE id = 62",
        "UPDATE customers SET id = 99 WHERE id = 1",
        "UPDATE customers SET id = 1 WHERE id = 2",
        "UPDATE customers SET id = 2 WHERE id = 99");
    awaitSameRows();
  }

  @Test
  @Order(60)
  void restartsOfEitherConnectorLoseAndDuplicateNothing() throws Exception {
    // Each restart comes right after changes, so they may be in flight: buffered in the sink,
    // or read from the source's log but not yet acknowledged (Debezium then sends them again).
    insert(7, 8);
    ChangeStreams.restart(connect, "redsink", ChangeStreams.redsinkTasks("redsink"));
    source.execute("UPDATE customers SET t = 'after restart' WHERE id = 7");
    awaitSameRows();
    insert(9, 9);
    ChangeStreams.restart(connect, "dbz", ChangeStreams.debeziumStreaming("dbz"));
    source.execute("DELETE FROM customers WHERE id = 8");
    awaitSameRows();
  }

  @Test
  @Order(70)
  void sourceDdlAddColumnDropColumnAndAWiderVarchar() throws Exception {
    source.execute(
        "ALTER TABLE customers ADD COLUMN extra text",
        "UPDATE customers SET extra = 'new column' WHERE id = 1");
    COLUMNS.add(SourceColumn.of("extra", "text", ValueKind.TEXT, "character varying(256)"));
    insert(10, 10);
    awaitSameRows();

    source.execute("ALTER TABLE customers DROP COLUMN x");
    COLUMNS.removeIf(c -> c.name().equals("x"));
    source.execute("INSERT INTO customers (id, t, extra) VALUES (11, 'after the drop', 'e')");
    awaitSameRows();

    source.execute(
        "ALTER TABLE customers ALTER COLUMN v TYPE varchar(400)",
        "UPDATE customers SET v = repeat('w', 300) WHERE id = 2");
    awaitSameRows();
    for (String table : SINK_TABLES) {
      assertThat(redshiftTypes(table)).containsEntry("v", "character varying(65535)");
    }
    retype("v", "character varying(65535)");
  }

  @Test
  @Order(80)
  void sourceTypesThatWidenWidenTheirColumns() throws Exception {
    source.execute(
        "ALTER TABLE customers ALTER COLUMN i TYPE bigint",
        "UPDATE customers SET i = 5000000000 WHERE id = 1",
        "ALTER TABLE customers ALTER COLUMN n TYPE numeric(14,2)",
        "UPDATE customers SET n = 123456789012.34 WHERE id = 2",
        "ALTER TABLE customers ALTER COLUMN r TYPE double precision",
        "UPDATE customers SET r = 1.2345678901234 WHERE id = 3");
    retype("i", "bigint");
    retype("n", "numeric(14,2)");
    retype("r", "double precision");
    awaitSameRows();
    for (String table : SINK_TABLES) {
      assertThat(redshiftTypes(table))
          .as(table)
          .containsEntry("i", "bigint")
          .containsEntry("n", "numeric(14,2)")
          .containsEntry("r", "double precision")
          .doesNotContainKey("redsink_widening");
    }
  }

  @Test
  @Order(90)
  void aTruncateEmptiesTheTableInTheLoadThatAppliesIt() throws Exception {
    source.execute(
        "TRUNCATE customers",
        "INSERT INTO customers (id, t, extra) VALUES (20, 'after the truncate', 'e')");
    // ExtractNewRecordState drops truncate events, so only the cdc table can follow one.
    awaitSameRows(List.of(CDC_TABLE, HISTORY_VIEW));
  }

  /**
   * The history table holds, for every key, a version per change of the source, in the order of the
   * source's changes: the row as the source had it after the change (an unchanged TOASTed value
   * included, which the change event did not carry), created at the change's commit time (a
   * snapshot row's at its snapshot event's time), and closed, no longer active, at the key's next
   * change, the delete of the key (a primary-key change deletes its old key) or the truncate. The
   * source's own log of its changes gives what each key's versions must be (SourceVersions); the
   * view of the active versions holds what the cdc table does.
   */
  @Test
  @Order(95)
  void theHistoryTableHoldsAVersionPerChangeAtTheSourcesCommitTimes() throws Exception {
    Map<String, List<Version>> want = expectedVersions(COLUMNS);
    // What the source went through, which the comparison covers.
    assertThat(SourceVersions.live(want)).as("the keys of the source's rows").containsExactly("20");
    assertThat(want.get("3"))
        .as("key 3: inserted, updated to NULL, back and once more, closed by the truncate")
        .hasSize(4)
        .allSatisfy(v -> assertThat(v.active()).isFalse());
    assertThat(want.get("5")).as("key 5: inserted, updated, its key changed to 60").hasSize(2);
    assertThat(want.get("41"))
        .as("key 41: created and deleted in one transaction, at one time")
        .singleElement()
        .satisfies(v -> assertThat(v.deleted()).isEqualTo(v.created()));
    assertThat(want.get("6")).as("key 6: inserted and deleted").hasSize(1);
    assertThat(want.values().stream().mapToInt(List::size).sum())
        .as("versions: 35 when Debezium sent each change once")
        .isGreaterThanOrEqualTo(35);

    Map<String, List<Version>> have = awaitVersions(want, COLUMNS, null);
    assertThat(redshiftRows(HISTORY_VIEW))
        .as("the active versions against the cdc table")
        .isEqualTo(redshiftRows(CDC_TABLE));
    Map<String, String> expected = new TreeMap<>();
    COLUMNS.forEach(c -> expected.put(c.column(), c.redshift()));
    expected.put("_record_is_active", "boolean");
    expected.put("_record_create_time", "timestamp without time zone");
    expected.put("_record_delete_time", "timestamp without time zone");
    assertThat(new TreeMap<>(redshiftTypes(HISTORY_TABLE))).containsAllEntriesOf(expected);
    List<Version> shown = new ArrayList<>();
    SHOWN_KEYS.forEach(k -> shown.addAll(have.get(k)));
    System.out.println(
        "Debezium pipeline: versions of keys "
            + SHOWN_KEYS
            + " in "
            + HISTORY_TABLE
            + SourceVersions.table(shown, List.of("id", "i", "t", "r", "arr", "big")));
  }

  /** Changes Debezium sent more than once, which the history table versions once per copy. */
  private static List<String> resent = List.of();

  /** The versions the source's changes make, of these columns. */
  private static Map<String, List<Version>> expectedVersions(List<SourceColumn> columns)
      throws Exception {
    SourceVersions.TopicEvents topic =
        SourceVersions.TopicEvents.of(connect.kafka().consumeAll(60_000, TOPIC), "id");
    resent = topic.resent();
    if (!resent.isEmpty()) {
      System.out.println(
          "Debezium pipeline: Debezium sent these changes more than once: " + resent);
    }
    try (Connection c = source.connect()) {
      return SOURCE_VERSIONS.expected(c, columns, beforeSnapshot, topic.snapshotTimes(), REFUSED);
    }
  }

  /**
   * Waits until the history table holds the versions (of the keys {@code keys}, or all); fails with
   * their differences.
   */
  private static Map<String, List<Version>> awaitVersions(
      Map<String, List<Version>> want, List<SourceColumn> columns, Set<String> keys)
      throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    Map<String, List<Version>> have = Map.of();
    while (System.nanoTime() < deadline) {
      try (Connection c = warehouse.connect()) {
        have = SOURCE_VERSIONS.actual(c, HISTORY_TABLE, columns);
      }
      if (keys != null) {
        have = SourceVersions.only(have, keys);
      }
      if (have.equals(want)) {
        break;
      }
      Thread.sleep(500);
    }
    assertThat(SourceVersions.differences(want, have))
        .as(
            "the versions in %s against the source's changes (Debezium sent %s more than once)",
            HISTORY_TABLE, resent)
        .isEmpty();
    return have;
  }

  /** The connector of a sink's table. */
  private static String connector(String table) {
    return switch (table) {
      case FLAT_TABLE -> "redsink-flat";
      case HISTORY_TABLE -> "redsink-history";
      default -> "redsink";
    };
  }

  /** Where a sink's table holds the current rows: the history table's view, or the table. */
  private static String current(String table) {
    return table.equals(HISTORY_TABLE) ? HISTORY_VIEW : table;
  }

  @Test
  @Order(100)
  void theSameChangeStreamThroughRedsinkRunAndRedsinkLoad() throws Exception {
    // The topic as it stands, from its first record, into tables of their own: through `redsink
    // run` (a Kafka consumer, keys from the record keys), and through `redsink load` on the
    // values as lines (no keys: primary_key names the field). The same `redsink run` reads the
    // accounts topic's partitions, whose primary-key changes cross them.
    Path dir = Files.createDirectories(Suite.work().resolve("debezium-runtimes"));
    Map<String, Object> run = runtimeConfig(RUN_TABLE);
    Path runFile =
        ConnectorFile.write(
            dir,
            "customers-run",
            ConnectorFile.text(
                "customers-run",
                "Debezium through redsink run",
                "dbz\\.public\\.customers",
                500,
                "200ms",
                run));
    Path accountsFile =
        ConnectorFile.write(
            dir,
            "accounts-run",
            ConnectorFile.text(
                "accounts-run",
                "Debezium accounts through redsink run",
                "dbz\\.public\\.accounts",
                500,
                "200ms",
                runtimeConfig(ACCOUNTS_RUN_TABLE)));
    try (JvmProcess process =
        Suite.redsink(
            dir,
            "debezium-run",
            false,
            List.of(
                "run",
                runFile.toString(),
                accountsFile.toString(),
                "--bootstrap-servers",
                connect.kafka().bootstrapServers(),
                "--http-port",
                Integer.toString(RunRuntime.freePort())))) {
      try {
        awaitSameRows(List.of(RUN_TABLE));
        awaitAccounts(ACCOUNTS_RUN_TABLE);
      } catch (AssertionError e) {
        throw new AssertionError(e.getMessage() + "\nredsink run:\n" + process.output(), e);
      }
      assertThat(process.isAlive()).as(process.output()).isTrue();
    }

    List<String> lines = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r : connect.kafka().consumeAll(60_000, TOPIC)) {
      if (r.value() != null) {
        lines.add(new String(r.value(), StandardCharsets.UTF_8));
      }
    }
    Path input = Files.write(dir.resolve("customers.ndjson"), lines, StandardCharsets.UTF_8);
    Map<String, Object> load = runtimeConfig(LOAD_TABLE);
    load.put("primary_key", List.of("id"));
    Path loadFile =
        ConnectorFile.write(
            dir,
            "customers-load",
            ConnectorFile.text(
                "customers-load", "Debezium through redsink load", ".*", 500, "200ms", load));
    try (JvmProcess process =
        Suite.redsink(
            dir,
            "debezium-load",
            false,
            List.of("load", loadFile.toString(), "--topic", TOPIC, input.toString()))) {
      assertThat(process.awaitExit(CATCH_UP)).as(process.output()).isZero();
      awaitSameRows(List.of(LOAD_TABLE));
    }
    Map<String, String> expected = new TreeMap<>();
    COLUMNS.forEach(c -> expected.put(c.column(), c.redshift()));
    for (String table : List.of(RUN_TABLE, LOAD_TABLE)) {
      assertThat(new TreeMap<>(redshiftTypes(table))).as(table).containsAllEntriesOf(expected);
    }
  }

  /** A typed cdc table loaded by one of the TOML runtimes. */
  private static Map<String, Object> runtimeConfig(String table) {
    Map<String, Object> c = warehouse.config(table, "debezium/" + table);
    c.put("table_layout", "typed");
    c.put("write_mode", "cdc");
    // A primary-key change's delete whose partition reads no further record waits up to one flush
    // interval for its create (another partition's): 5 s rather than the default minute.
    c.put("flush_interval", "5s");
    return c;
  }

  @Test
  @Order(110)
  void aTypeChangeNoColumnCanHoldStopsTheSinkLoudlyAndTheRenameLetsItGoOn() throws Exception {
    source.execute(
        "ALTER TABLE customers ALTER COLUMN s TYPE text",
        "UPDATE customers SET s = 'seven' WHERE id = 20");
    for (String table : SINK_TABLES) {
      String connector = connector(table);
      assertThat(awaitFailedTask(connector))
          .contains("declares field 's' as string")
          .contains("column 's' is SMALLINT")
          .contains("RENAME COLUMN s TO s_old");
      warehouse.execute("ALTER TABLE " + table + " RENAME COLUMN s TO s_old");
      connect.restartConnectorAndTasks(connector, true, true, false);
    }
    COLUMNS.replaceAll(
        c ->
            c.name().equals("s")
                ? SourceColumn.of("s", "text", ValueKind.TEXT, "character varying(256)")
                : c);
    awaitSameRows(List.of(CDC_TABLE, HISTORY_VIEW));
    assertThat(redshiftTypes(CDC_TABLE)).containsEntry("s_old", "smallint");
    assertThat(redshiftTypes(HISTORY_TABLE)).containsEntry("s_old", "smallint");
  }

  /**
   * A NUMERIC without scale holding more places than its DECIMAL(38,18) column keeps: each sink
   * sends the change to its dead letter queue, named with the column, the value and the fix, the
   * Redshift row keeps its value (nothing rounded lands), and the connectors keep running and load
   * the changes after it.
   */
  @Test
  @Order(120)
  void aNumericItsColumnWouldRoundGoesToTheDeadLetterQueueAndTheSinkGoesOn() throws Exception {
    source.execute("UPDATE customers SET nv = 7.25 WHERE id = 20");
    awaitSameRows(List.of(CDC_TABLE, HISTORY_VIEW));
    source.execute("UPDATE customers SET nv = 3.14159265358979323846 WHERE id = 20");
    for (String table : SINK_TABLES) {
      String refused = awaitDeadLetter(deadLetterTopic(table));
      assertThat(refused)
          .as(table)
          .contains("field 'nv' holds 3.14159265358979323846")
          .contains("DECIMAL(38,18) cannot hold exactly")
          .contains("decimal.handling.mode = string");
      assertThat(warehouse.value("SELECT nv FROM " + current(table) + " WHERE id_value = 20"))
          .as(table + ": the row keeps its value")
          .isEqualTo("7.250000000000000000");
      assertThat(connect.connectorStatus(connector(table)).tasks())
          .extracting(t -> t.state())
          .containsOnly("RUNNING");
    }
    source.execute(
        "UPDATE customers SET nv = 2.5 WHERE id = 20",
        "INSERT INTO customers (id, t, nv) VALUES (21, 'after the refused change', 1.25)");
    awaitSameRows(List.of(CDC_TABLE, HISTORY_VIEW));
    awaitRedshift(
        FLAT_TABLE,
        "SELECT nv FROM " + FLAT_TABLE + " WHERE id_value = 21",
        "1.250000000000000000");
    for (String table : SINK_TABLES) {
      assertThat(connect.kafka().consumeAll(30_000, deadLetterTopic(table)).count())
          .as(table + ": the dead letter queue holds the refused change alone")
          .isEqualTo(1);
    }
  }

  /**
   * After the type change and the refused change: the versions of the keys written since the
   * truncate, the refused change making none, every column compared (s in its new column); and
   * every version of every key still as the source's changes made it, s aside (the versions before
   * the type change hold it in s_old).
   */
  @Test
  @Order(125)
  void theHistoryKeepsItsVersionsThroughTheTypeChangeAndTheRefusedChange() throws Exception {
    Map<String, List<Version>> want = expectedVersions(COLUMNS);
    Set<String> live = SourceVersions.live(want);
    assertThat(live).as("the keys of the source's rows").containsExactly("20", "21");
    assertThat(want.get("20")).as("key 20: its insert and three of its four updates").hasSize(4);
    awaitVersions(SourceVersions.only(want, live), COLUMNS, live);
    List<SourceColumn> notS = COLUMNS.stream().filter(c -> !c.name().equals("s")).toList();
    awaitVersions(expectedVersions(notS), notS, null);
  }

  /**
   * docs/tutorial-debezium.md, run from its own files in this pipeline's worker: source.sql on the
   * source, the connectors of debezium-postgres.json and redshift-sink.json, then changes.sql;
   * after each, queries.sql prints what the page shows (after-snapshot.txt, after-changes.txt).
   * Only what a reader's machine has differently is replaced: the source's address and login, and
   * the emulator's variables the sink reads with ${env:…}. The tutorial's own schema, slot,
   * publication and topic prefix keep it apart from this pipeline's tables and connectors.
   */
  @Test
  @Order(130)
  void theDebeziumTutorialGivesWhatItsPageShows() throws Exception {
    source.execute(Tutorial.statements(Tutorial.file("source.sql")).toArray(String[]::new));

    Tutorial.Connector debezium = Tutorial.connector("debezium-postgres.json");
    Map<String, String> dbzConfig = new LinkedHashMap<>(debezium.config());
    assertThat(dbzConfig).containsKeys(source.debeziumConnection().keySet().toArray(String[]::new));
    dbzConfig.putAll(source.debeziumConnection());
    for (String key : List.of("topic.prefix", "slot.name")) {
      assertThat(dbzConfig.get(key)).as(key).isNotEqualTo(debezium().get(key));
    }
    assertThat(dbzConfig.get("publication.name")).isNotEqualTo("dbz_publication");

    Tutorial.Connector sink = Tutorial.connector("redshift-sink.json");
    Map<String, String> sinkConfig =
        Tutorial.resolveEnvironment(sink.config(), Tutorial.emulatorEnvironment(emulator));

    connect.configureConnector(debezium.name(), dbzConfig);
    connect.configureConnector(sink.name(), sinkConfig);
    awaitTutorialOutput("after-snapshot.txt");
    source.execute(Tutorial.statements(Tutorial.file("changes.sql")).toArray(String[]::new));
    awaitTutorialOutput("after-changes.txt");
    connect.deleteConnector(sink.name());
    connect.deleteConnector(debezium.name());
  }

  /** Waits until queries.sql gives what psql printed into the tutorial's output file. */
  private static void awaitTutorialOutput(String output) throws Exception {
    List<Tutorial.Result> want = Tutorial.psqlOutput(Tutorial.file(output));
    List<String> queries = Tutorial.statements(Tutorial.file("queries.sql"));
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    Object have = null;
    while (System.nanoTime() < deadline) {
      try (Connection c = warehouse.connect()) {
        have = Tutorial.run(c, queries);
      } catch (SQLException e) {
        have = e.toString(); // the table or its ledger is not created yet
      }
      if (want.equals(have)) {
        return;
      }
      Thread.sleep(500);
    }
    assertThat(have).as("queries.sql against docs/tutorial-debezium/" + output).isEqualTo(want);
  }

  private static String deadLetterTopic(String table) {
    return "dlq." + table;
  }

  /** The error message of the first record in a dead letter queue, once one arrives. */
  private static String awaitDeadLetter(String topic) throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    while (System.nanoTime() < deadline) {
      var records = connect.kafka().consumeAll(10_000, topic);
      if (records.count() > 0) {
        var message =
            records.iterator().next().headers().lastHeader("__connect.errors.exception.message");
        return message == null ? "" : new String(message.value(), StandardCharsets.UTF_8);
      }
      Thread.sleep(500);
    }
    throw new AssertionError("nothing in the dead letter queue " + topic);
  }

  /** The trace of the connector's task once it has failed. */
  private static String awaitFailedTask(String connector) throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    while (System.nanoTime() < deadline) {
      for (var task : connect.connectorStatus(connector).tasks()) {
        if (task.state().equals("FAILED")) {
          return task.trace();
        }
      }
      Thread.sleep(500);
    }
    throw new AssertionError("the task of " + connector + " did not fail");
  }

  private static void retype(String column, String redshift) {
    COLUMNS.replaceAll(
        c ->
            c.name().equals(column)
                ? new SourceColumn(c.name(), c.sourceType(), c.sourceRead(), c.kind(), redshift)
                : c);
  }

  // --- comparing the two tables ---

  private static void awaitRedshift(String table, String sql, String expected) throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    String have = null;
    while (System.nanoTime() < deadline) {
      have = warehouse.tableExists(table) ? warehouse.value(sql) : null;
      if (expected.equals(have)) {
        return;
      }
      Thread.sleep(500);
    }
    assertThat(have).as(sql).isEqualTo(expected);
  }

  /** Waits until each Redshift table holds the source's rows; fails with the differences. */
  private static void awaitSameRows() throws Exception {
    awaitSameRows(SAME_ROWS);
  }

  private static void awaitSameRows(List<String> tables) throws Exception {
    for (String table : tables) {
      long deadline = System.nanoTime() + CATCH_UP.toNanos();
      Map<String, Map<String, String>> want = sourceRows();
      Map<String, Map<String, String>> have = Map.of();
      while (System.nanoTime() < deadline) {
        have = redshiftRows(table);
        if (have.equals(want)) {
          break;
        }
        Thread.sleep(500);
        want = sourceRows();
      }
      assertThat(differences(want, have))
          .as("the Redshift table " + table + " against the source table")
          .isEmpty();
    }
  }

  /** Per row id, the columns whose values differ: {@code column: source → Redshift}. */
  private static Map<String, String> differences(
      Map<String, Map<String, String>> want, Map<String, Map<String, String>> have) {
    Map<String, String> out = new TreeMap<>();
    Set<String> ids = new TreeSet<>(want.keySet());
    ids.addAll(have.keySet());
    for (String id : ids) {
      Map<String, String> w = want.get(id);
      Map<String, String> h = have.get(id);
      if (w == null || h == null) {
        out.put(id, w == null ? "only in Redshift: " + h : "missing in Redshift");
        continue;
      }
      StringBuilder d = new StringBuilder();
      for (String column : w.keySet()) {
        if (!Objects.equals(w.get(column), h.get(column))) {
          d.append(column).append(": ").append(w.get(column)).append(" → ").append(h.get(column));
          d.append("; ");
        }
      }
      if (d.length() > 0) {
        out.put(id, d.toString());
      }
    }
    return out;
  }

  private static Map<String, Map<String, String>> sourceRows() throws Exception {
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 0; i < COLUMNS.size(); i++) {
      SourceColumn c = COLUMNS.get(i);
      sql.append(i > 0 ? ", " : "").append(c.sourceRead()).append(" AS ").append(c.name());
    }
    try (Connection c = source.connect()) {
      return rows(c, sql.append(" FROM customers").toString());
    }
  }

  private static Map<String, Map<String, String>> redshiftRows(String table) throws Exception {
    if (!warehouse.tableExists(table)) {
      return Map.of();
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
      return rows(c, sql.append(", \"id\" AS redsink_record FROM ").append(table).toString());
    } catch (SQLException e) {
      // A column the next load adds is not there yet.
      return Map.of("error", Map.of("message", String.valueOf(e.getMessage())));
    }
  }

  private static Map<String, Map<String, String>> rows(Connection c, String sql) throws Exception {
    Map<String, Map<String, String>> rows = new TreeMap<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        Map<String, String> row = new TreeMap<>();
        for (SourceColumn col : COLUMNS) {
          row.put(col.name(), read(rs, col));
        }
        if (row.get("id") == null) {
          // A row without an id is a defect to report (with the record it came from, when the
          // table has Redsink's id column), not a key the map can hold.
          row.put("redsink id", recordId(rs));
          rows.put("null#" + rows.size(), row);
        } else {
          rows.put(row.get("id"), row);
        }
      }
    }
    return rows;
  }

  /** Redsink's id of a Redshift row (topic:partition:offset of its record), when selected. */
  private static String recordId(ResultSet rs) throws SQLException {
    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
      if (rs.getMetaData().getColumnLabel(i).equals("redsink_record")) {
        return rs.getString(i);
      }
    }
    return "not selected";
  }

  private static String read(ResultSet rs, SourceColumn col) throws Exception {
    return col.kind().read(rs, col.name());
  }

  private static Map<String, String> redshiftTypes(String table) throws SQLException {
    return ChangeStreams.redshiftTypes(warehouse, table);
  }

  @AfterAll
  static void stop() throws Exception {
    if (connect != null) {
      connect.stop();
    }
    if (source != null) {
      source.close();
    }
    if (emulator != null) {
      emulator.close();
    }
  }
}
