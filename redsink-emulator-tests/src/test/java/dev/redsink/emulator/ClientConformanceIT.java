package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the clients people point at Redshift ask of the catalog, answered as Redshift answers:
 * DatabaseMetaData as SQL IDEs call it to build their trees and editors, through the Amazon
 * Redshift JDBC driver and through pgjdbc, and psql's backslash commands.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ClientConformanceIT {

  private static RedshiftEmulator emulator;

  @BeforeAll
  static void tables(RedshiftEmulator started) throws SQLException {
    emulator = started;
    try (Connection c = Redshift.connect(emulator)) {
      exec(
          c,
          "DROP VIEW IF EXISTS conf_v",
          "DROP TABLE IF EXISTS conf_t",
          "DROP TABLE IF EXISTS conf_k",
          "DROP TABLE IF EXISTS conf_like",
          "CREATE TABLE conf_t (id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(100), payload SUPER,"
              + " b VARBYTE(64), amount DECIMAL(12,2)) DISTKEY(id) SORTKEY(id)",
          "CREATE VIEW conf_v AS SELECT id, name FROM conf_t",
          "CREATE TABLE conf_k (a INT, b VARCHAR(10), c INT, CONSTRAINT conf_k_key"
              + " PRIMARY KEY (b, a))",
          "CREATE TABLE conf_like (LIKE conf_t)",
          // Declared, never enforced: Redshift loads duplicates and NULLs into key columns.
          "INSERT INTO conf_k VALUES (1, 'x', 1), (1, 'x', 2), (NULL, NULL, 3)",
          "ALTER TABLE conf_k RENAME COLUMN a TO a2");
    }
  }

  private static Connection connect(String driver) throws SQLException {
    String url =
        driver.equals("redshift")
            ? emulator.jdbcUrl()
            : "jdbc:postgresql://" + emulator.host() + ":" + emulator.port() + "/dev";
    return DriverManager.getConnection(url, emulator.user(), emulator.password());
  }

  /** The rows of a metadata result, each as the named columns joined by '|'. */
  private static List<String> rows(ResultSet rs, String... columns) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (String column : columns) {
          row.add(rs.getString(column));
        }
        out.add(String.join("|", row));
      }
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"redshift", "pgjdbc"})
  void catalogsAndSchemasShowTheDatabaseWithoutTheEmulatorsOwnSchema(String driver)
      throws SQLException {
    try (Connection c = connect(driver)) {
      DatabaseMetaData meta = c.getMetaData();
      assertThat(rows(meta.getCatalogs(), "TABLE_CAT")).contains("dev");
      List<String> schemas = rows(meta.getSchemas(), "TABLE_SCHEM");
      assertThat(schemas).contains("public", "pg_catalog").doesNotContain("redsink_emulator");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redshift", "pgjdbc"})
  void tablesAndViewsOfASchemaAndOfEverySchema(String driver) throws SQLException {
    try (Connection c = connect(driver)) {
      DatabaseMetaData meta = c.getMetaData();
      assertThat(
              rows(
                  meta.getTables(null, "public", "conf%", new String[] {"TABLE", "VIEW"}),
                  "TABLE_NAME",
                  "TABLE_TYPE"))
          .containsExactly("conf_k|TABLE", "conf_like|TABLE", "conf_t|TABLE", "conf_v|VIEW");
      assertThat(
              rows(
                  meta.getTables(null, null, "conf%", new String[] {"TABLE"}),
                  "TABLE_SCHEM",
                  "TABLE_NAME"))
          .containsExactly("public|conf_k", "public|conf_like", "public|conf_t");
    }
  }

  @ParameterizedTest
  @CsvSource({"redshift, -16, -4", "pgjdbc, 2001, 2001"})
  void columnsCarryRedshiftsTypeNamesAndLengths(String driver, int superType, int varbyteType)
      throws SQLException {
    try (Connection c = connect(driver)) {
      DatabaseMetaData meta = c.getMetaData();
      assertThat(
              rows(
                  meta.getColumns(null, "public", "conf_t", null),
                  "COLUMN_NAME",
                  "TYPE_NAME",
                  "COLUMN_SIZE",
                  "DATA_TYPE",
                  "NULLABLE"))
          .containsExactly(
              "id|int8|19|-5|0",
              "name|varchar|100|12|1",
              "payload|super|"
                  + (driver.equals("redshift") ? "null" : "2147483647")
                  + "|"
                  + superType
                  + "|1",
              "b|varbyte|"
                  + (driver.equals("redshift") ? "null" : "2147483647")
                  + "|"
                  + varbyteType
                  + "|1",
              "amount|numeric|12|2|1");
      assertThat(rows(meta.getColumns(null, "public", "conf_v", null), "COLUMN_NAME", "TYPE_NAME"))
          .containsExactly("id|int8", "name|varchar");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redshift", "pgjdbc"})
  void declaredPrimaryKeysAndPrivilegesAnswer(String driver) throws SQLException {
    try (Connection c = connect(driver)) {
      DatabaseMetaData meta = c.getMetaData();
      assertThat(
              rows(
                  meta.getPrimaryKeys(null, "public", "conf_t"),
                  "COLUMN_NAME",
                  "KEY_SEQ",
                  "PK_NAME"))
          .containsExactly("id|1|conf_t_pkey");
      // Columns in key order under the constraint's name, across a rename of a key column.
      assertThat(rows(meta.getPrimaryKeys(null, "public", "conf_k"), "COLUMN_NAME", "PK_NAME"))
          .containsExactlyInAnyOrder("b|conf_k_key", "a2|conf_k_key");
      assertThat(rows(c.createStatement().executeQuery("SELECT count(*) AS n FROM conf_k"), "n"))
          .containsExactly("3");
      // CREATE TABLE … LIKE does not take the parent's primary key.
      assertThat(rows(meta.getPrimaryKeys(null, "public", "conf_like"), "COLUMN_NAME")).isEmpty();
      assertThat(rows(meta.getImportedKeys(null, "public", "conf_t"), "FKCOLUMN_NAME")).isEmpty();
      assertThat(rows(meta.getExportedKeys(null, "public", "conf_t"), "FKCOLUMN_NAME")).isEmpty();
      assertThat(rows(meta.getTablePrivileges(null, "public", "conf_t"), "PRIVILEGE"))
          .contains("SELECT", "INSERT");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redshift", "pgjdbc"})
  void typesFunctionsAndProcedures(String driver) throws SQLException {
    try (Connection c = connect(driver)) {
      DatabaseMetaData meta = c.getMetaData();
      assertThat(rows(meta.getTypeInfo(), "TYPE_NAME")).contains("int8", "varchar", "bool");
      assertThat(rows(meta.getFunctions(null, null, "json_parse"), "FUNCTION_NAME"))
          .isNotEmpty()
          .allMatch("json_parse"::equals);
      if (driver.equals("pgjdbc")) {
        // The Redshift driver reads information_schema.routines, which still lists them.
        assertThat(rows(meta.getFunctions(null, "redsink_emulator", "%"), "FUNCTION_NAME"))
            .isEmpty();
      }
      assertThat(rows(meta.getProcedures(null, "public", "%"), "PROCEDURE_NAME")).isEmpty();
      assertThat(rows(meta.getVersionColumns(null, "public", "conf_t"), "COLUMN_NAME"))
          .containsExactly("ctid");
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '~',
      value = {
        "\\d conf_t ~ Table \"public.conf_t\" ~ character varying(100)",
        "\\d+ conf_t ~ Table \"public.conf_t\" ~ binary varying(64)",
        "\\d conf_v ~ View \"public.conf_v\" ~ bigint",
        "\\dt ~ conf_t ~ table",
        "\\dv ~ conf_v ~ view",
        "\\dn ~ public ~ List of schemas",
        "\\df json_parse ~ json_parse ~ super",
        "\\du ~ redsink ~ Superuser",
        "\\dp conf_t ~ conf_t ~ Access privileges",
        "\\l ~ dev ~ List of databases",
        "\\x \\d conf_t ~ Expanded display is on ~ payload",
      })
  void psqlBackslashCommands(String command, String expected, String alsoExpected)
      throws Exception {
    assumeTrue(Psql.installed(), "psql is not installed");
    String out = psql(command.trim());
    assertThat(out).contains(expected.trim(), alsoExpected.trim()).doesNotContain("ERROR");
    assertThat(out).doesNotContain("redsink_emulator").doesNotContain("rs_varchar");
  }

  @Test
  void psqlListsNoneOfTheEmulatorsOwnRelationsOrFunctions() throws Exception {
    assumeTrue(Psql.installed(), "psql is not installed");
    assertThat(psql("\\dt *.*")).doesNotContain("redsink_emulator").contains("conf_t");
    assertThat(psql("\\df *.*")).doesNotContain("redsink_emulator").contains("json_parse");
  }

  private static String psql(String command) throws Exception {
    List<String> args = new ArrayList<>();
    for (String part : command.split(" (?=\\\\)")) {
      args.add("-c");
      args.add(part);
    }
    ProcessBuilder pb = Psql.command(emulator, args).redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }
}
