package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Clients other than the Amazon Redshift JDBC driver: pgjdbc and psql. */
@ExtendWith(RedshiftEmulatorExtension.class)
class ClientsIT {

  @Test
  void pgjdbcConnectsAndRunsTheDialect(RedshiftEmulator emulator) throws Exception {
    String url = "jdbc:postgresql://" + emulator.host() + ":" + emulator.port() + "/dev";
    try (Connection c = DriverManager.getConnection(url, emulator.user(), emulator.password())) {
      Redshift.exec(c, "DROP TABLE IF EXISTS pgj", "CREATE TABLE pgj (v VARCHAR(MAX))");
      try (ResultSet rs =
          c.createStatement()
              .executeQuery("SELECT type FROM pg_table_def WHERE tablename = 'pgj'")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo("character varying(65535)");
      }
    }
  }

  @Test
  void driversSeeRedshiftsServerVersionAndPgjdbcMetadataWorks(RedshiftEmulator emulator)
      throws Exception {
    String url = "jdbc:postgresql://" + emulator.host() + ":" + emulator.port() + "/dev";
    try (Connection c = DriverManager.getConnection(url, emulator.user(), emulator.password())) {
      DatabaseMetaData meta = c.getMetaData();
      // Redshift reports 8.0.2, so pgjdbc keeps to its pre-9.0 catalog queries: its 9.0+ keyword
      // query uses a text[] array, a type Redshift does not have.
      assertThat(meta.getDatabaseProductVersion()).isEqualTo("8.0.2");
      assertThat(meta.getDatabaseMajorVersion()).isEqualTo(8);
      assertThat(meta.getSQLKeywords()).contains("analyze");
      Redshift.exec(c, "DROP TABLE IF EXISTS pgmeta", "CREATE TABLE pgmeta (id BIGINT, v TEXT)");
      try (ResultSet rs = meta.getTables(null, "public", "pgmeta", new String[] {"TABLE"})) {
        assertThat(rs.next()).isTrue();
      }
      try (ResultSet rs = meta.getColumns(null, "public", "pgmeta", null)) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString("COLUMN_NAME")).isEqualTo("id");
      }
    }
    try (Connection c =
        DriverManager.getConnection(emulator.jdbcUrl(), emulator.user(), emulator.password())) {
      assertThat(c.getMetaData().getDatabaseMajorVersion()).isEqualTo(8);
    }
  }

  @Test
  void psqlSmokeTest(RedshiftEmulator emulator) throws Exception {
    assumeTrue(Psql.installed(), "psql is not installed; skipping the smoke test");
    ProcessBuilder pb =
        Psql.command(
                emulator,
                List.of(
                    "-At",
                    "-c",
                    "CREATE TABLE IF NOT EXISTS psql_t (\"Name\" VARCHAR(10)); SELECT version();"))
            .redirectErrorStream(true);
    Process p = pb.start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).contains("Redshift 1.0");
  }
}
