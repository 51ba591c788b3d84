package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.s3.LocalS3;
import dev.redsink.emulator.s3.LocalS3Options;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParquetLoadIT {
  private static final String URL_PREFIX = "https://s3.us-east-1.amazonaws.com/data/";
  private static final AtomicInteger KEYS = new AtomicInteger();
  private static LocalS3 s3;
  private static ParquetLoad load;

  @BeforeAll
  static void start() {
    s3 = LocalS3.start(LocalS3Options.defaults().withBuckets("data"));
    load = new ParquetLoad(s3.client(), "us-east-1");
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
  }

  private static String copy(String options) {
    return "COPY t FROM 's3://data/x' IAM_ROLE default FORMAT AS PARQUET " + options;
  }

  /** Loads a DuckDB query's rows into columns "name type, ..." and returns the CSV text. */
  private static String run(String select, String columns, String copyOptions) {
    String key = "f" + KEYS.incrementAndGet() + ".parquet";
    long size = ParquetFixtures.put(s3, "data", key, select);
    List<ColumnSpec> specs = new ArrayList<>();
    for (String c : columns.split(";")) {
      String[] parts = c.trim().split(" ", 2);
      specs.add(new ColumnSpec(parts[0], parts[1]));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long rows =
        load.load(
            List.of(new LoadFile("data", key, size)),
            specs,
            CopyCommand.parse(copy(copyOptions)),
            42,
            out);
    String csv = out.toString(StandardCharsets.UTF_8);
    assertThat(csv.lines().count()).isEqualTo(rows);
    return csv;
  }

  private static CopyException failure(String select, String columns, String copyOptions) {
    try {
      run(select, columns, copyOptions);
    } catch (CopyException e) {
      return e;
    }
    throw new AssertionError("expected the COPY to fail");
  }

  @Test
  void mapsColumnsByPositionAndWritesPostgresCsv() {
    String csv =
        run(
            "SELECT 1::BIGINT AS zzz, 'a,\"b\"' AS yyy, NULL::VARCHAR AS xxx, '' AS www, true AS v",
            "id bigint; name character varying(20); note character varying(5);"
                + " empty character varying(5); flag boolean",
            "");
    assertThat(csv).isEqualTo("1,\"a,\"\"b\"\"\",,\"\",true\n");
    assertThat(load.postgresCopyOptions()).isEqualTo("(FORMAT csv, ENCODING 'UTF8')");
  }

  @Test
  void convertsEveryScalarFamily() {
    String csv =
        run(
            "SELECT 1::TINYINT a, 2::SMALLINT b, 3::INTEGER c, 4::BIGINT d, 1.5::FLOAT e,"
                + " 2.25::DOUBLE f, 12345678901234567890.123456789012345678::DECIMAL(38,18) g,"
                + " DATE '2024-02-29' h, TIMESTAMP '2024-01-02 03:04:05.123456' i,"
                + " '2024-01-02 03:04:05.123'::TIMESTAMP_MS j,"
                + " TIMESTAMPTZ '2024-01-02 03:04:05.5+02:00' k, TIME '01:02:03.25' l,"
                + " '\\x00\\xFF'::BLOB m",
            "a smallint; b integer; c bigint; d bigint; e real; f double precision;"
                + " g numeric(38,18); h date; i timestamp without time zone;"
                + " j timestamp without time zone; k timestamp with time zone;"
                + " l time without time zone; m binary varying(16777216)",
            "");
    assertThat(csv)
        .isEqualTo(
            "1,2,3,4,1.5,2.25,12345678901234567890.123456789012345678,2024-02-29,"
                + "2024-01-02 03:04:05.123456,2024-01-02 03:04:05.123000,"
                + "2024-01-02 01:04:05.500000+00,01:02:03.25,\\x00ff\n");
  }

  @Test
  void nullsStayNullInEveryFamily() {
    String csv =
        run(
            "SELECT NULL::VARCHAR a, NULL::BIGINT b, NULL::BLOB c, NULL::DECIMAL(18,2) d,"
                + " NULL::TIMESTAMP e, NULL::STRUCT(x INTEGER) f",
            "a character varying(1); b bigint; c binary varying(10); d numeric(18,2);"
                + " e timestamp without time zone; f super",
            "SERIALIZETOJSON");
    assertThat(csv).isEqualTo(",,,,,\n");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        // value (SQL literal) | VARCHAR limit in bytes | bytes
        "'abcd' | 4 | 4",
        "'éé' | 4 | 4", // 2 bytes each
        "'€a' | 4 | 4", // 3 + 1
        "'😀' | 4 | 4", // 4 bytes
      })
  void multibyteUtf8AtExactlyTheByteLimitLoads(String literal, int limit, int bytes) {
    String csv = run("SELECT " + literal + " AS s", "s character varying(" + limit + ")", "");
    assertThat(csv.getBytes(StandardCharsets.UTF_8)).hasSize(bytes + 3); // quotes + newline
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {"'abcde' | 5", "'ééa' | 5", "'€éé' | 7", "'a😀' | 5"})
  void oneByteOverTheLimitFailsWithRedshiftsError(String literal, int bytes) {
    int limit = bytes - 1;
    CopyException e =
        failure("SELECT " + literal + " AS s", "s character varying(" + limit + ")", "");
    assertThat(e.sqlState()).isEqualTo("XX000");
    assertThat(e.getMessage()).isEqualTo("Spectrum Scan Error");
    LoadError error = e.loadError().orElseThrow();
    assertThat(error.code()).isEqualTo(15001);
    assertThat(error.columnName()).isEqualTo("s");
    assertThat(error.columnType()).isEqualTo("VARCHAR(" + limit + ")");
    assertThat(error.fileName()).startsWith(URL_PREFIX);
    assertThat(error.reason())
        .isEqualTo(
            "The length of the data column s is longer than the length defined in the table."
                + " Table: "
                + limit
                + ", Data: "
                + bytes
                + ", File name: "
                + error.fileName());
    assertThat(e.detail())
        .contains("  error:  Spectrum Scan Error\n")
        .contains("  code:      15001\n")
        .contains("  context:   The length of the data column s")
        .contains("  query:     42\n")
        .contains("  location:  ")
        .contains("  process:   ");
  }

  @Test
  void charIsCheckedInBytesAndRefusesMultibyte() {
    assertThat(run("SELECT 'ab' AS c", "c character(2)", "")).isEqualTo("\"ab\"\n");
    assertThat(failure("SELECT 'abc' AS c", "c character(2)", "").loadError().orElseThrow().code())
        .isEqualTo(15001);
    assertThat(failure("SELECT 'é' AS c", "c character(2)", "").loadError().orElseThrow().reason())
        .startsWith("Multibyte character not supported for CHAR");
  }

  @Test
  void varbyteLengthIsChecked() {
    assertThat(run("SELECT '\\x01\\x02'::BLOB b", "b binary varying(2)", ""))
        .isEqualTo("\\x0102\n");
    CopyException e = failure("SELECT '\\x01\\x02\\x03'::BLOB b", "b binary varying(2)", "");
    assertThat(e.loadError().orElseThrow().reason())
        .startsWith(
            "The length of the data column b is longer than the length defined in the"
                + " table. Table: 2, Data: 3");
    assertThat(e.loadError().orElseThrow().rawFieldValue()).isEqualTo("010203");
  }

  @Test
  void rawValueIsTruncatedTo1024() {
    CopyException e = failure("SELECT repeat('x', 5000) AS s", "s character varying(4096)", "");
    assertThat(e.loadError().orElseThrow().rawFieldValue()).hasSize(1024);
  }

  @Test
  void columnCountMismatchIsASpectrumScanError() {
    CopyException e = failure("SELECT 1 a, 2 b", "a integer; b integer; c integer", "");
    LoadError error = e.loadError().orElseThrow();
    assertThat(error.code()).isEqualTo(15007);
    assertThat(error.reason())
        .isEqualTo(
            "Unmatched number of columns between table and file. Table columns: 3, Data columns:"
                + " 2, File name: "
                + error.fileName());
    assertThat(e.detail()).contains("  code:      15007\n");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "'x' | bigint | BIGINT | required byte_array v (UTF8)",
        "1::BIGINT | integer | INTEGER | required int64 v (INT_64)",
        "1.5::DOUBLE | real | REAL | required double v",
        "1 | boolean | BOOLEAN | required int32 v (INT_32)",
        "'x' | binary varying(10) | VARBYTE(10) | required byte_array v (UTF8)",
        "1::BIGINT | character varying(10) | VARCHAR(10) | required int64 v (INT_64)",
        "DATE '2024-01-01' | timestamp without time zone | TIMESTAMP | required int32 v (DATE)",
      })
  void typeMismatchIsAnIncompatibleSchema(
      String value, String type, String redshiftType, String schema) {
    CopyException e = failure("SELECT " + value + " AS v", "v " + type, "");
    LoadError error = e.loadError().orElseThrow();
    assertThat(error.code()).isEqualTo(15007);
    assertThat(error.columnType()).isEqualTo(redshiftType);
    assertThat(error.reason())
        .isEqualTo(
            "File '"
                + error.fileName()
                + "' has an incompatible Parquet schema for column 'v'. Column type: "
                + redshiftType
                + ", Parquet schema:\n"
                + schema);
  }

  @Test
  void decimalMustMatchPrecisionAndScale() {
    assertThat(run("SELECT 1.25::DECIMAL(18,2) d", "d numeric(18,2)", "")).isEqualTo("1.25\n");
    CopyException e = failure("SELECT 1.25::DECIMAL(10,2) d", "d numeric(18,2)", "");
    assertThat(e.loadError().orElseThrow().reason())
        .contains(
            "has an incompatible Parquet schema for column 'd' column 'd' has an invalid"
                + " type length. Column type: NUMERIC(18,2)");
  }

  @Test
  void nanosecondTimestampsAreRefusedLoudly() {
    CopyException e =
        failure(
            "SELECT '2024-01-02 03:04:05.123456789'::TIMESTAMP_NS ts",
            "ts timestamp without time zone",
            "");
    assertThat(e.loadError().orElseThrow().reason())
        .contains("incompatible Parquet schema for column 'ts'. Column type: TIMESTAMP")
        .contains("NANOS=NanoSeconds()");
  }

  @Test
  void nestedIntoSuperNeedsSerializeToJson() {
    String select = "SELECT {'a': 1, 'b': [1, 2]} AS s, [{'k': 'v'}] AS l, MAP {'m': 1} AS m";
    String columns = "s super; l super; m super";
    assertThat(run(select, columns, "SERIALIZETOJSON"))
        .isEqualTo(
            "\"{\"\"a\"\":1,\"\"b\"\":[1,2]}\",\"[{\"\"k\"\":\"\"v\"\"}]\",\"{\"\"m\"\":1}\"\n");
    CopyException e = failure(select, columns, "");
    assertThat(e.loadError().orElseThrow().reason())
        .contains(
            "has an incompatible Parquet schema for column 's'. Column type: SUPER,"
                + " Parquet schema:\nrequired group s");
  }

  @Test
  void scalarsIntoSuperLoadAsSuperScalarsNotParsedJson() {
    assertThat(run("SELECT '{\"a\":1}' AS s, 5 AS n", "s super; n super", ""))
        .isEqualTo("\"\"\"{\\\"\"a\\\"\":1}\"\"\",\"5\"\n");
  }

  @Test
  void invalidUtf8FailsUnlessAcceptInvChars() {
    String select = "SELECT 'ab\\xC3\\x28\\xFFz'::BLOB AS s"; // C3 28 is a broken 2-byte sequence
    CopyException e = failure(select, "s character varying(10)", "");
    assertThat(e.loadError().orElseThrow().code()).isEqualTo(LoadError.INVALID_UTF8);
    assertThat(e.loadError().orElseThrow().reason())
        .startsWith("Invalid UTF-8 byte 0xc3 at position 2");
    assertThat(run(select, "s character varying(10)", "ACCEPTINVCHARS")).isEqualTo("\"ab?(?z\"\n");
    assertThat(run(select, "s character varying(10)", "ACCEPTINVCHARS AS '^'"))
        .isEqualTo("\"ab^(^z\"\n");
  }

  @Test
  void loadsSeveralFilesInOrderAndCountsRows() {
    long size1 = ParquetFixtures.put(s3, "data", "multi/1", "SELECT range AS id FROM range(3)");
    long size2 =
        ParquetFixtures.put(s3, "data", "multi/2", "SELECT range + 10 AS id FROM range(2)");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long rows =
        load.load(
            List.of(new LoadFile("data", "multi/1", size1), new LoadFile("data", "multi/2", size2)),
            List.of(new ColumnSpec("id", "bigint")),
            CopyCommand.parse(copy("")),
            1,
            out);
    assertThat(rows).isEqualTo(5);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("0\n1\n2\n10\n11\n");
  }

  @Test
  void s3FaultOnTheEmulatorsReadFailsTheCopy() {
    long size = ParquetFixtures.put(s3, "data", "fault/1", "SELECT 1 AS id");
    s3.faults().failNext(S3RequestKind.GET, 1, Fault.slowDown());
    assertThatThrownBy(
            () ->
                load.load(
                    List.of(new LoadFile("data", "fault/1", size)),
                    List.of(new ColumnSpec("id", "integer")),
                    CopyCommand.parse(copy("")),
                    1,
                    new ByteArrayOutputStream()))
        .isInstanceOfSatisfying(
            CopyException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("XX000");
              assertThat(e.getMessage())
                  .startsWith("Cannot read s3://data/fault/1 - S3ServiceException:Please reduce")
                  .contains("Status 503,Error SlowDown");
            });
    assertThat(s3.faults().fired(S3RequestKind.GET)).isEqualTo(1);
  }

  @Test
  void unsupportedTargetTypeIsRefused() {
    assertThatThrownBy(() -> run("SELECT 1 AS g", "g geometry", ""))
        .hasMessage("The emulator cannot load Parquet into a column of type geometry");
  }
}
