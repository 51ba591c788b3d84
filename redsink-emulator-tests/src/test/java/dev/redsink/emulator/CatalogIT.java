package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.rows;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Redshift's catalog views and functions. */
@ExtendWith(RedshiftEmulatorExtension.class)
class CatalogIT {

  private Connection c;

  @BeforeEach
  void connect(RedshiftEmulator emulator) throws SQLException {
    c = Redshift.connect(emulator);
    exec(
        c,
        "DROP SCHEMA IF EXISTS cat CASCADE",
        "DROP SCHEMA IF EXISTS hidden CASCADE",
        "CREATE SCHEMA cat",
        "CREATE SCHEMA hidden",
        "CREATE TABLE cat.orders (id VARCHAR(512) NOT NULL, n BIGINT, payload VARBYTE(16777216),"
            + " amount DECIMAL(10, 2))",
        "CREATE TABLE hidden.secret (a INT)");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  @Test
  void pgTableDefShowsOnlySchemasOnTheSearchPathWithRedshiftTypeNames() throws SQLException {
    exec(c, "SET search_path TO cat");
    assertThat(
            rows(
                c,
                "SELECT schemaname, tablename, \"column\", type, notnull FROM pg_table_def"
                    + " WHERE tablename IN ('orders', 'secret')"))
        .containsExactly(
            "cat|orders|id|character varying(512)|t",
            "cat|orders|n|bigint|f",
            "cat|orders|payload|binary varying(16777216)|f",
            "cat|orders|amount|numeric(10,2)|f");
    exec(c, "SET search_path TO hidden");
    assertThat(rows(c, "SELECT tablename FROM pg_table_def WHERE schemaname IN ('cat', 'hidden')"))
        .containsExactly("secret");
  }

  @Test
  void svvColumnsCoversEverySchema() throws SQLException {
    assertThat(
            rows(
                c,
                "SELECT column_name, ordinal_position, is_nullable, data_type,"
                    + " character_maximum_length, numeric_precision, numeric_scale"
                    + " FROM svv_columns WHERE table_schema = 'cat' AND table_name = 'orders'"
                    + " ORDER BY ordinal_position"))
        .containsExactly(
            "id|1|NO|character varying|512|null|null",
            "n|2|YES|bigint|null|64|0",
            "payload|3|YES|binary varying|16777216|null|null",
            "amount|4|YES|numeric|null|10|2");
  }

  @Test
  void informationSchemaColumnsShowsLengths() throws SQLException {
    assertThat(
            rows(
                c,
                "SELECT column_name, data_type, character_maximum_length"
                    + " FROM information_schema.columns"
                    + " WHERE table_schema = 'cat' AND table_name = 'orders' AND column_name = 'id'"))
        .containsExactly("id|character varying|512");
  }

  @Test
  void svvTableInfoListsOnlyNonEmptyTables() throws SQLException {
    assertThat(value(c, "SELECT count(*) FROM svv_table_info WHERE schema = 'cat'")).isEqualTo("0");
    exec(c, "INSERT INTO cat.orders (id, n) VALUES ('a', 1), ('b', 2)");
    assertThat(
            rows(
                c,
                "SELECT \"table\", tbl_rows, max_varchar, diststyle FROM svv_table_info"
                    + " WHERE schema = 'cat'"))
        .containsExactly("orders|2|512|AUTO(EVEN)");
  }

  @Test
  void svvTableInfoIsForSuperusersOnly(RedshiftEmulator emulator) throws SQLException {
    exec(c, "INSERT INTO cat.orders (id) VALUES ('a')");
    exec(c, "DROP USER IF EXISTS plain", "CREATE USER plain");
    assertThat(value(c, "SELECT count(*) FROM svv_table_info WHERE schema = 'cat'")).isEqualTo("1");
    exec(c, "SET SESSION AUTHORIZATION plain");
    assertThat(value(c, "SELECT count(*) FROM svv_table_info")).isEqualTo("0");
    exec(c, "RESET SESSION AUTHORIZATION");
  }

  @Test
  void loadErrorViewsAndCopyFunctionsExist() throws SQLException {
    assertThat(value(c, "SELECT count(*) >= 0 FROM stl_load_errors")).isIn("t", "true");
    assertThat(
            value(
                c,
                "SELECT count(*) >= 0 FROM sys_load_error_detail"
                    + " WHERE query_id IS NULL OR file_name IS NOT NULL"))
        .isIn("t", "true");
    try (Connection fresh = Redshift.connect(emulatorOf())) {
      assertThat(value(fresh, "SELECT pg_last_copy_count()")).isEqualTo("0");
      assertThat(value(fresh, "SELECT pg_last_copy_id()")).isEqualTo("-1");
    }
  }

  private RedshiftEmulator emulator;

  @BeforeEach
  void remember(RedshiftEmulator emulator) {
    this.emulator = emulator;
  }

  private RedshiftEmulator emulatorOf() {
    return emulator;
  }

  @Test
  void formatTypeShowsRedshiftTypeNames() throws SQLException {
    assertThat(
            rows(
                c,
                "SELECT pg_catalog.format_type(a.atttypid, a.atttypmod), format_type(a.atttypid,"
                    + " a.atttypmod) FROM pg_attribute a WHERE a.attrelid = 'cat.orders'::regclass"
                    + " AND a.attnum = 1"))
        .containsExactly("character varying(512)|character varying(512)");
  }

  @Test
  void versionLooksLikeRedshift() throws SQLException {
    assertThat(value(c, "SELECT version()"))
        .startsWith("PostgreSQL 8.0.2 on i686-pc-linux-gnu")
        .contains("Redshift 1.0");
  }

  @Test
  void svvTransactionsShowsWhoHoldsATableLock(RedshiftEmulator emulator) throws SQLException {
    String oid =
        value(
            c,
            "SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.relname = 'orders' AND n.nspname = 'cat'");
    String holders =
        "SELECT count(*) FROM svv_transactions WHERE lockable_object_type = 'relation'"
            + " AND relation = "
            + oid
            + " AND granted AND lock_mode <> 'AccessShareLock' AND pid <> pg_backend_pid()";
    assertThat(value(c, holders)).isEqualTo("0");
    try (Connection loader = Redshift.connect(emulator)) {
      loader.setAutoCommit(false);
      exec(loader, "LOCK cat.orders");
      String pid = value(loader, "SELECT pg_backend_pid()");
      assertThat(value(c, holders)).isEqualTo("1");
      assertThat(
              rows(
                  c,
                  "SELECT pid, lock_mode, txn_owner FROM svv_transactions WHERE relation = " + oid))
          .containsExactly(pid + "|AccessExclusiveLock|" + emulator.user());
      loader.commit();
    }
    assertThat(value(c, holders)).isEqualTo("0");
  }

  @Test
  void stvSessionsShowsASessionWhileItIsOpen(RedshiftEmulator emulator) throws Exception {
    String pid;
    try (Connection other = Redshift.connect(emulator)) {
      pid = value(other, "SELECT pg_backend_pid()");
      assertThat(
              value(
                  c,
                  "SELECT TRIM(user_name), TRIM(db_name) FROM stv_sessions WHERE process = " + pid))
          .isEqualTo(emulator.user() + "|dev");
    }
    String open = "SELECT count(*) FROM stv_sessions WHERE process = " + pid;
    for (int i = 0; i < 100 && !"0".equals(value(c, open)); i++) {
      Thread.sleep(50); // the server process ends just after the client closes
    }
    assertThat(value(c, open)).isEqualTo("0");
  }
}
