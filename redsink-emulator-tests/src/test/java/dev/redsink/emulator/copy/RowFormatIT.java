package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redsink.emulator.pg.EmbeddedBackend;
import dev.redsink.emulator.s3.LocalS3;
import dev.redsink.emulator.s3.LocalS3Options;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.util.PSQLException;

/**
 * The binary COPY form stores exactly what the CSV form stores: the same Parquet rows go through
 * both into PostgreSQL and the tables are compared, value by value, at the edges of every family.
 */
class RowFormatIT {
  private static final AtomicInteger KEYS = new AtomicInteger();
  private static LocalS3 s3;
  private static EmbeddedBackend backend;

  @BeforeAll
  static void start() {
    s3 = LocalS3.start(LocalS3Options.defaults().withBuckets("data"));
    backend = EmbeddedBackend.start(Map.of());
  }

  @AfterAll
  static void stop() throws Exception {
    backend.close();
    s3.close();
  }

  @Test
  void binaryStoresWhatCsvStoresInEveryFamily() throws Exception {
    String columns =
        "a smallint; b integer; c bigint; d bigint; e real; f double precision;"
            + " g double precision; h numeric(38,18); i numeric(4,2); j numeric(38,0);"
            + " k numeric(38,37); l numeric(9,4); m date; n timestamp without time zone;"
            + " o timestamp without time zone; p timestamp with time zone;"
            + " q time without time zone; r boolean; s character varying(40); t character(3);"
            + " u binary varying(16); v super; w bigint";
    String[] rows = {
      "(-128)::TINYINT, (-32768)::SMALLINT, (-2147483648)::INTEGER, (-9223372036854775808)::BIGINT,"
          + " 1.5::FLOAT, 0.1::FLOAT, 0.1::DOUBLE,"
          + " 12345678901234567890.123456789012345678::DECIMAL(38,18), 0.05::DECIMAL(4,2),"
          + " (-99999999999999999999999999999999999999)::DECIMAL(38,0),"
          + " 0.0000010000000000000000000000000000001::DECIMAL(38,37), 10000.0001::DECIMAL(9,4),"
          + " DATE '2024-02-29', TIMESTAMP '2024-01-02 03:04:05.123456',"
          + " '2024-01-02 03:04:05.123'::TIMESTAMP_MS, TIMESTAMPTZ '2024-01-02 03:04:05.5+02:00',"
          + " TIME '01:02:03.25', true, 'a,\"b\"\n€😀', 'ab', '\\x00\\xFF'::BLOB,"
          + " {'x': [1, 2], 'y': 'é'}::VARCHAR, 4294967295::UINTEGER",
      "127::TINYINT, 32767::SMALLINT, 2147483647::INTEGER, 9223372036854775807::BIGINT,"
          + " 'nan'::FLOAT, 'inf'::FLOAT, '-inf'::DOUBLE, 0::DECIMAL(38,18), (-0.01)::DECIMAL(4,2),"
          + " 0::DECIMAL(38,0), (-0.1234567890123456789012345678901234567)::DECIMAL(38,37),"
          + " 9999.9999::DECIMAL(9,4), DATE '-0044-03-15', TIMESTAMP '1969-12-31 23:59:59.999999',"
          + " '1999-12-31 23:59:59'::TIMESTAMP_S, TIMESTAMPTZ '1900-01-01 00:00:00+00',"
          + " TIME '24:00:00', false, '', 'xyz', ''::BLOB, '5', 0::UTINYINT",
      "0::TINYINT, 0::SMALLINT, 0::INTEGER, 0::BIGINT, 1e-45::FLOAT, 3.4028235e38::FLOAT,"
          + " 5e-324::DOUBLE, (-1)::DECIMAL(38,18), 99.99::DECIMAL(4,2), 1::DECIMAL(38,0),"
          + " 0::DECIMAL(38,37), (-10000)::DECIMAL(9,4), DATE 'infinity',"
          + " TIMESTAMP '0001-01-01 00:00:00', TIMESTAMP '12000-03-15 01:02:03.5',"
          + " TIMESTAMPTZ '2000-01-01 00:00:00+00', TIME '00:00:00', NULL, NULL, NULL, NULL, NULL, NULL",
      "NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, DATE '-infinity',"
          + " TIMESTAMP '-infinity', NULL, NULL, TIME '23:59:59.999999', NULL, NULL, NULL, NULL,"
          + " NULL, NULL",
      "NULL, NULL, NULL, NULL, '-inf'::FLOAT, NULL, 'nan'::DOUBLE, NULL, NULL, NULL, NULL, NULL,"
          + " NULL, TIMESTAMP 'infinity', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
      "NULL, NULL, NULL, NULL, (-0.0)::FLOAT, NULL, (-0.0)::DOUBLE, NULL, NULL, NULL, NULL, NULL,"
          + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    };
    StringBuilder select = new StringBuilder();
    for (String row : rows) {
      String[] values = splitTopLevel(row);
      select.append(select.length() == 0 ? "SELECT " : " UNION ALL SELECT ");
      for (int i = 0; i < values.length; i++) {
        select.append(i == 0 ? "" : ", ").append(values[i]).append(" AS c").append(i);
      }
    }
    LoadFile file = fixture(select.toString());
    List<String> csv = loadAndRead(file, columns, RowFormat.CSV);
    List<String> binary = loadAndRead(file, columns, RowFormat.BINARY);
    assertThat(csv).hasSize(rows.length);
    assertThat(binary).isEqualTo(csv);
  }

  /**
   * Edges that need a file of their own: a UNION ALL of several source types would widen the column
   * to one type, so each source type here is its own file.
   */
  @Test
  void binaryStoresWhatCsvStoresForEachSourceTypeAtItsEdges() throws Exception {
    for (String value :
        List.of(
            "255::UTINYINT, 0::UTINYINT|smallint",
            "65535::USMALLINT, 0::USMALLINT|integer",
            "4294967295::UINTEGER, 0::UINTEGER|bigint",
            "'infinity'::TIMESTAMP_S, '-infinity'::TIMESTAMP_S,"
                + " '1999-12-31 23:59:59'::TIMESTAMP_S|timestamp without time zone",
            "'infinity'::TIMESTAMP_MS, '-infinity'::TIMESTAMP_MS,"
                + " '0001-01-01 00:00:00'::TIMESTAMP_MS|timestamp without time zone",
            "'2024-01-01 00:00:01'::TIMESTAMP_S, '1900-01-01 00:00:00'::TIMESTAMP_S|"
                + "timestamp with time zone",
            "'2024-01-01 00:00:01.5'::TIMESTAMP_MS, '1900-01-01 00:00:00.001'::TIMESTAMP_MS|"
                + "timestamp with time zone",
            "DATE '0000-12-31', DATE '0001-01-01', DATE '-4713-11-24', DATE '5874897-12-31'|date")) {
      String[] parts = value.split("\\|");
      StringBuilder select = new StringBuilder();
      for (String v : splitTopLevel(parts[0])) {
        select.append(select.length() == 0 ? "SELECT " : " UNION ALL SELECT ").append(v);
        select.append(" AS v");
      }
      LoadFile file = fixture(select.toString());
      List<String> csv = loadAndRead(file, "v " + parts[1], RowFormat.CSV);
      List<String> binary = loadAndRead(file, "v " + parts[1], RowFormat.BINARY);
      assertThat(csv).as("CSV of %s", parts[0]).hasSize(splitTopLevel(parts[0]).length);
      assertThat(binary).as("binary of %s", parts[0]).isEqualTo(csv);
    }
  }

  @Test
  void valuesPostgresRefusesAsTextAreRefusedInBinaryToo() {
    for (String value :
        List.of(
            // PostgreSQL reads DuckDB's "-44-03-15 …" as a time zone displacement, so the emulator
            // words it as what it is; the value named is the same.
            "TIMESTAMP '-0044-03-15 01:02:03'|timestamp without time zone|value",
            "TIMESTAMP '0000-12-31 23:59:59.999999'|timestamp without time zone",
            "TIMESTAMPTZ '0000-12-31 23:59:59.999999+00'|timestamp with time zone",
            "TIMESTAMPTZ 'infinity'|timestamp with time zone",
            "'-infinity'::TIMESTAMP_MS|timestamp with time zone",
            "DATE '5881580-07-10'|date",
            // Day -2147483648 since 2000-01-01, the number PostgreSQL keeps for -infinity.
            "DATE '1970-01-01' - 2147472691|date",
            "DATE '-4713-11-23'|date",
            "DATE '5874898-01-01'|date")) {
      String[] parts = value.split("\\|");
      LoadFile file = fixture("SELECT " + parts[0] + " AS v");
      Throwable csv = catchThrowable(() -> loadAndRead(file, "v " + parts[1], RowFormat.CSV));
      Throwable binary = catchThrowable(() -> loadAndRead(file, "v " + parts[1], RowFormat.BINARY));
      assertThat(csv).as("CSV of %s", parts[0]).isInstanceOf(PSQLException.class);
      assertThat(binary).as("binary of %s", parts[0]).isInstanceOf(CopyException.class);
      // The emulator refuses it before PostgreSQL sees it, in PostgreSQL's words for its text.
      if (parts.length > 2) {
        assertThat(quotedValue(refusal(binary)))
            .as("binary of %s", parts[0])
            .isEqualTo(quotedValue(refusal(csv)));
      } else {
        assertThat(refusal(binary)).as("binary of %s", parts[0]).isEqualTo(refusal(csv));
      }
    }
  }

  /** The value a refusal names: its text from the last {@code : "} on. */
  private static String quotedValue(String message) {
    return message.substring(message.lastIndexOf(": \""));
  }

  /** What the server or the emulator said, without the driver's prefix and COPY context. */
  private static String refusal(Throwable t) {
    if (t instanceof PSQLException e && e.getServerErrorMessage() != null) {
      return e.getServerErrorMessage().getMessage();
    }
    return t.getMessage();
  }

  @Test
  void choosesCsvWhenBinaryCouldStoreSomethingElse() {
    List<ColumnSpec> plain =
        List.of(
            new ColumnSpec("id", "character varying(512)"),
            new ColumnSpec("payload", "binary varying(16777216)"));
    assertThat(RowFormat.choose(plain, "UTF8")).isEqualTo(RowFormat.BINARY);
    assertThat(RowFormat.choose(plain, "SQL_ASCII")).isEqualTo(RowFormat.BINARY);
    assertThat(RowFormat.choose(plain, "LATIN1")).isEqualTo(RowFormat.CSV);
    assertThat(RowFormat.choose(List.of(new ColumnSpec("t", "time(6) with time zone")), "UTF8"))
        .isEqualTo(RowFormat.CSV);
    assertThat(RowFormat.choose(List.of(new ColumnSpec("t", "time without time zone")), "UTF8"))
        .isEqualTo(RowFormat.BINARY);
    assertThat(RowFormat.choose(List.of(new ColumnSpec("g", "geometry")), "UTF8"))
        .isEqualTo(RowFormat.CSV);
  }

  /** Loads the rows through ParquetLoad in {@code format} into a fresh table; returns its rows. */
  /** The rows {@code select} gives, written as a Parquet file into the bucket. */
  private static LoadFile fixture(String select) {
    String key = "rf" + KEYS.incrementAndGet() + ".parquet";
    return new LoadFile("data", key, ParquetFixtures.put(s3, "data", key, select));
  }

  private static List<String> loadAndRead(LoadFile file, String columns, RowFormat format)
      throws SQLException, java.io.IOException {
    List<ColumnSpec> specs = new ArrayList<>();
    StringBuilder ddl = new StringBuilder();
    for (String c : columns.split(";")) {
      String[] parts = c.trim().split(" ", 2);
      specs.add(new ColumnSpec(parts[0], parts[1]));
      String pgType =
          parts[1].startsWith("binary varying")
              ? "bytea"
              : parts[1].equals("super") ? "pg_catalog.super" : parts[1];
      ddl.append(ddl.length() == 0 ? "" : ", ").append(parts[0]).append(' ').append(pgType);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new ParquetLoad(s3.client(), "us-east-1", format)
        .load(
            List.of(file),
            specs,
            CopyCommand.parse(
                "COPY t FROM 's3://data/x' IAM_ROLE default FORMAT AS PARQUET SERIALIZETOJSON"),
            1,
            out);
    String table = "t_" + format.name().toLowerCase(java.util.Locale.ROOT) + KEYS.get();
    try (Connection c = backend.dataSource(EmbeddedBackend.SUPERUSER).getConnection();
        Statement st = c.createStatement()) {
      st.execute("SET TimeZone = 'UTC'");
      st.execute("CREATE TABLE " + table + " (" + ddl + ")");
      ((PGConnection) c)
          .getCopyAPI()
          .copyIn(
              "COPY " + table + " FROM STDIN WITH " + format.copyOptions(),
              new ByteArrayInputStream(out.toByteArray()));
      List<String> rows = new ArrayList<>();
      try (ResultSet rs = st.executeQuery("SELECT * FROM " + table)) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            row.append(i == 1 ? "" : " | ").append(rs.getString(i));
          }
          rows.add(row.toString());
        }
      }
      return rows;
    }
  }

  /** Splits a select list at commas outside quotes, parentheses, brackets and braces. */
  private static String[] splitTopLevel(String list) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < list.length(); i++) {
      char ch = list.charAt(i);
      if (ch == '\'') {
        quoted = !quoted;
      } else if (!quoted && (ch == '(' || ch == '[' || ch == '{')) {
        depth++;
      } else if (!quoted && (ch == ')' || ch == ']' || ch == '}')) {
        depth--;
      } else if (!quoted && depth == 0 && ch == ',') {
        parts.add(list.substring(start, i).trim());
        start = i + 1;
      }
    }
    parts.add(list.substring(start).trim());
    return parts.toArray(new String[0]);
  }
}
