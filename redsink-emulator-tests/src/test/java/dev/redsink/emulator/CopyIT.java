package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.error;
import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.rows;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.copy.IamRoles;
import dev.redsink.emulator.copy.ParquetFixtures;
import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * COPY from S3 Parquet through the Amazon Redshift JDBC driver, with files written by DuckDB (an
 * independent Parquet writer), loaded into PostgreSQL inside the client's transaction.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class CopyIT {

  private RedshiftEmulator emulator;
  private Connection c;
  private String prefix;

  @BeforeEach
  void connect(RedshiftEmulator emulator) throws SQLException {
    this.emulator = emulator;
    emulator.iamRoles(IamRoles.defaults());
    emulator.s3Faults().reset();
    c = Redshift.connect(emulator);
    prefix = "copy-it/" + UUID.randomUUID() + "/";
    exec(
        c,
        "DROP TABLE IF EXISTS events",
        "CREATE TABLE events (id VARCHAR(8), n BIGINT, payload VARBYTE(16), at TIMESTAMP)");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private long put(String key, String select) {
    return ParquetFixtures.put(emulator.s3(), emulator.bucket(), prefix + key, select);
  }

  private String copy(String table, String key, String options) {
    return "COPY "
        + table
        + " FROM 's3://"
        + emulator.bucket()
        + "/"
        + prefix
        + key
        + "' IAM_ROLE '"
        + emulator.iamRole()
        + "' FORMAT AS PARQUET "
        + options;
  }

  private static final String ROWS_BINARY =
      "SELECT 'id-' || i AS id, i::BIGINT AS n, ('p' || i)::BLOB AS payload,"
          + " TIMESTAMP '2024-01-02 03:04:05.123456' AS at FROM range(3) t(i)";

  @Test
  void loadsEveryFileUnderAPrefixByPosition() throws SQLException {
    put("part-1.parquet", ROWS_BINARY);
    put("part-10.parquet", ROWS_BINARY);
    exec(c, copy("events", "part-1", ""));
    assertThat(value(c, "SELECT count(*) FROM events")).isEqualTo("6");
    assertThat(value(c, "SELECT pg_last_copy_count()")).isEqualTo("6");
    assertThat(rows(c, "SELECT DISTINCT id, n, at FROM events ORDER BY n"))
        .containsExactly(
            "id-0|0|2024-01-02 03:04:05.123456",
            "id-1|1|2024-01-02 03:04:05.123456",
            "id-2|2|2024-01-02 03:04:05.123456");
    assertThat(value(c, "SELECT convert_from(payload, 'UTF8') FROM events WHERE n = 2 LIMIT 1"))
        .isEqualTo("p2");
  }

  @Test
  void copyReportsItsRowCountToTheDriver() throws SQLException {
    put("one.parquet", ROWS_BINARY);
    try (var st = c.createStatement()) {
      assertThat(st.executeUpdate(copy("events", "one", ""))).isEqualTo(3);
    }
  }

  @Test
  void aPrefixMatchingNothingFails() {
    SQLException e = error(c, copy("events", "missing", ""));
    assertThat(e.getSQLState()).isEqualTo("XX000");
    assertThat(e.getMessage()).contains("The specified S3 prefix").contains("does not exist");
  }

  @Test
  void manifestEntriesLoadAndAFileListedTwiceLoadsTwice() throws SQLException {
    long size = put("m/a.parquet", ROWS_BINARY);
    String url = "s3://" + emulator.bucket() + "/" + prefix + "m/a.parquet";
    String entry =
        "{\"url\":\"" + url + "\",\"mandatory\":true,\"meta\":{\"content_length\":" + size + "}}";
    emulator
        .s3()
        .client()
        .putObject(
            b -> b.bucket(emulator.bucket()).key(prefix + "load.manifest"),
            software.amazon.awssdk.core.sync.RequestBody.fromString(
                "{\"entries\":[" + entry + "," + entry + "]}"));
    exec(c, copy("events", "load.manifest", "MANIFEST"));
    assertThat(value(c, "SELECT count(*) FROM events")).isEqualTo("6");
  }

  @Test
  void columnCountMismatchIsASpectrumScanErrorRecordedInLoadErrors() throws SQLException {
    put("narrow.parquet", "SELECT 'x' AS id, 1::BIGINT AS n");
    SQLException e = error(c, copy("events", "narrow", ""));
    assertThat(e.getSQLState()).isEqualTo("XX000");
    assertThat(e.getMessage())
        .contains("Spectrum Scan Error")
        .contains("15007")
        .contains(
            "Unmatched number of columns between table and file. Table columns: 4, Data"
                + " columns: 2");
    assertThat(value(c, "SELECT count(*) FROM stl_load_errors WHERE err_code = 15007"))
        .isNotEqualTo("0");
    assertThat(
            value(
                c,
                "SELECT count(*) FROM sys_load_error_detail WHERE file_name LIKE '%narrow.parquet'"))
        .isEqualTo("1");
    assertThat(value(c, "SELECT pg_last_copy_count()")).isEqualTo("0");
  }

  @Test
  void varcharLimitsCountBytesInCopy() {
    put(
        "long.parquet",
        "SELECT 'ééééé' AS id, 1::BIGINT AS n, NULL::BLOB AS payload, NULL::TIMESTAMP AS at");
    SQLException e = error(c, copy("events", "long", ""));
    assertThat(e.getMessage()).contains("15001").contains("Table: 8, Data: 10");
  }

  @Test
  void copyInARolledBackTransactionLeavesNothingAndSeesTempTables() throws SQLException {
    put("tx.parquet", ROWS_BINARY);
    c.setAutoCommit(false);
    exec(c, "CREATE TEMP TABLE stage (LIKE events)", copy("stage", "tx", ""));
    assertThat(value(c, "SELECT count(*) FROM stage")).isEqualTo("3");
    exec(c, "INSERT INTO events SELECT * FROM stage");
    c.rollback();
    c.setAutoCommit(true);
    assertThat(value(c, "SELECT count(*) FROM events")).isEqualTo("0");
  }

  @Test
  void refusedParametersAndCredentials() {
    put("r.parquet", ROWS_BINARY);
    assertThat(error(c, copy("events", "r", "REGION 'us-east-1'")).getMessage())
        .contains("REGION argument is not supported for PARQUET based COPY");
    assertThat(error(c, copy("events", "r", "MAXERROR 10")).getSQLState()).isEqualTo("XX000");
    String keys =
        "COPY events FROM 's3://"
            + emulator.bucket()
            + "/"
            + prefix
            + "r' ACCESS_KEY_ID 'AKIA' SECRET_ACCESS_KEY 'x' FORMAT AS PARQUET";
    assertThat(error(c, keys).getMessage())
        .contains("COPY from this file format only accepts IAM_ROLE credentials");
  }

  @Test
  void aRoleNotAttachedToTheClusterIsRefused() {
    put("role.parquet", ROWS_BINARY);
    String other = "arn:aws:iam::123456789012:role/NotAttached";
    SQLException e =
        error(
            c,
            "COPY events FROM 's3://"
                + emulator.bucket()
                + "/"
                + prefix
                + "role' IAM_ROLE '"
                + other
                + "' FORMAT AS PARQUET");
    assertThat(e.getMessage()).contains("is not authorized to assume IAM Role " + other);
  }

  @Test
  void nestedDataLoadsIntoSuperWithSerializeToJson() throws SQLException {
    exec(c, "DROP TABLE IF EXISTS nested", "CREATE TABLE nested (id INT, doc SUPER)");
    put("nested.parquet", "SELECT 1::INT AS id, {'a': 1, 'b': [1, 2]} AS doc");
    assertThat(error(c, copy("nested", "nested", "")).getMessage()).contains("15007");
    exec(c, copy("nested", "nested", "SERIALIZETOJSON"));
    assertThat(value(c, "SELECT JSON_SERIALIZE(doc) FROM nested"))
        .isEqualTo("{\"a\":1,\"b\":[1,2]}");
    assertThat(value(c, "SELECT doc.b[1] FROM nested")).isEqualTo("2");
  }

  @Test
  void anS3FailureDuringCopyFailsTheCopy() {
    put("s3fail.parquet", ROWS_BINARY);
    emulator.s3Faults().failNext(S3RequestKind.GET, 1, Fault.internalError());
    SQLException e = error(c, copy("events", "s3fail", ""));
    assertThat(e.getSQLState()).isEqualTo("XX000");
    assertThat(emulator.s3Faults().fired(S3RequestKind.GET)).isEqualTo(1);
  }
}
