package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.error;
import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.rows;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Distribution styles and sort keys: CREATE TABLE records them, pg_table_def and svv_table_info
 * show them as Redshift does, and what Redshift's CREATE TABLE refuses is refused.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class TableKeysIT {

  private Connection c;

  @BeforeEach
  void connect(RedshiftEmulator emulator) throws SQLException {
    c = Redshift.connect(emulator);
    exec(c, "DROP SCHEMA IF EXISTS keys CASCADE", "CREATE SCHEMA keys", "SET search_path TO keys");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private String tableInfo(String table) throws SQLException {
    exec(c, "INSERT INTO " + table + " (id) VALUES (1)");
    return rows(
            c,
            "SELECT diststyle, sortkey1, sortkey_num FROM svv_table_info WHERE schema = 'keys'"
                + " AND \"table\" = '"
                + table
                + "'")
        .get(0);
  }

  private String tableDef(String table) throws SQLException {
    return String.join(
        " ",
        rows(
            c,
            "SELECT \"column\", distkey, sortkey FROM pg_table_def WHERE tablename = '"
                + table
                + "'"));
  }

  @Test
  void tableAttributesShowInPgTableDefAndSvvTableInfo() throws SQLException {
    exec(
        c,
        "CREATE TABLE k (id BIGINT, region VARCHAR(8), ts TIMESTAMP, body VARBYTE(100))"
            + " DISTSTYLE KEY DISTKEY (region) COMPOUND SORTKEY (ts, id)",
        "CREATE TABLE e (id BIGINT, b VARCHAR(3)) DISTSTYLE EVEN INTERLEAVED SORTKEY (id, b)",
        "CREATE TABLE a (id BIGINT) DISTSTYLE ALL SORTKEY AUTO",
        "CREATE TABLE plain (id BIGINT)");
    assertThat(tableDef("k")).isEqualTo("id|f|2 region|t|0 ts|f|1 body|f|0");
    assertThat(tableInfo("k")).isEqualTo("KEY(region)|ts|2");
    assertThat(tableDef("e")).isEqualTo("id|f|-1 b|f|2");
    assertThat(tableInfo("e")).isEqualTo("EVEN|id|2");
    assertThat(tableInfo("a")).isEqualTo("ALL|AUTO(SORTKEY)|0");
    assertThat(tableDef("plain")).isEqualTo("id|f|0");
    assertThat(tableInfo("plain")).isEqualTo("AUTO(EVEN)|AUTO(SORTKEY)|0");
  }

  @Test
  void columnAttributesAndDistkeyAloneMeanKeyDistribution() throws SQLException {
    exec(c, "CREATE TABLE col (id BIGINT DISTKEY, \"Ts\" DATE SORTKEY)");
    assertThat(tableDef("col")).isEqualTo("id|t|0 ts|f|1");
    assertThat(tableInfo("col")).isEqualTo("KEY(id)|ts|1");
    exec(c, "CREATE TABLE bare (id BIGINT, v INT) DISTKEY (v)");
    assertThat(tableInfo("bare")).isEqualTo("KEY(v)|AUTO(SORTKEY)|0");
  }

  @Test
  void extendedProtocolTempTablesLikeAndRollbackKeepTheKeysRight() throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("CREATE TABLE prepared (id BIGINT, r INT) DISTKEY (r) SORTKEY (id)")) {
      ps.execute();
    }
    assertThat(tableInfo("prepared")).isEqualTo("KEY(r)|id|1");
    exec(c, "CREATE TABLE copy (LIKE prepared)");
    assertThat(tableInfo("copy")).isEqualTo("KEY(r)|id|1");
    exec(c, "CREATE TEMP TABLE staged (id BIGINT, r INT) DISTSTYLE KEY DISTKEY (r)");
    assertThat(rows(c, "SELECT \"column\", distkey FROM pg_table_def WHERE tablename = 'staged'"))
        .containsExactly("id|f", "r|t");
    // IF NOT EXISTS on an existing table changes nothing, keys included.
    exec(c, "CREATE TABLE IF NOT EXISTS prepared (id BIGINT, r INT) DISTSTYLE EVEN");
    assertThat(tableDef("prepared")).isEqualTo("id|f|1 r|t|0");
    c.setAutoCommit(false);
    exec(c, "DROP TABLE prepared", "CREATE TABLE prepared (id BIGINT) DISTSTYLE ALL");
    c.rollback();
    c.setAutoCommit(true);
    assertThat(tableDef("prepared")).isEqualTo("id|f|1 r|t|0");
    exec(c, "DROP TABLE prepared", "CREATE TABLE prepared (id BIGINT, r INT)");
    assertThat(tableDef("prepared")).isEqualTo("id|f|0 r|f|0");
  }

  @Test
  void refusesWhatCreateTableRefuses() throws SQLException {
    assertRefused(
        "CREATE TABLE r (id BIGINT) DISTKEY (nope)",
        "42703",
        "column \"nope\" named in DISTKEY does not exist");
    assertRefused(
        "CREATE TABLE r (id BIGINT) SORTKEY (id, nope)",
        "42703",
        "column \"nope\" named in SORTKEY does not exist");
    assertRefused(
        "CREATE TABLE r (a BIGINT DISTKEY, b BIGINT DISTKEY)",
        "42601",
        "Only one column can be the distribution key");
    assertRefused(
        "CREATE TABLE r (a BIGINT DISTKEY, b BIGINT) DISTKEY (b)",
        "42601",
        "Only one column can be the distribution key");
    assertRefused(
        "CREATE TABLE r (a BIGINT) DISTSTYLE KEY", "42601", "DISTSTYLE KEY needs a DISTKEY");
    assertRefused(
        "CREATE TABLE r (a BIGINT) DISTSTYLE EVEN DISTKEY (a)",
        "42601",
        "DISTKEY needs DISTSTYLE KEY");
    assertRefused(
        "CREATE TABLE r (a BIGINT, b VARBYTE(10)) DISTKEY (b)",
        "0A000",
        "column \"b\" has a type that cannot be a DISTKEY column");
    assertRefused(
        "CREATE TABLE r (a BIGINT, s SUPER) SORTKEY (s)",
        "0A000",
        "column \"s\" has a type that cannot be a SORTKEY column");
    assertRefused("CREATE TABLE r (a BIGINT) SORTKEY (a, a)", "42601", "appears twice");
    assertRefused(
        "CREATE TABLE r (a BIGINT PRIMARY KEY, b INT, PRIMARY KEY (b))",
        "42P16",
        "multiple primary keys");
    assertRefused(
        "CREATE TABLE r (a BIGINT SORTKEY, b INT SORTKEY)",
        "42601",
        "SORTKEY after a column makes a single-column sort key");
    assertRefused(
        "CREATE TABLE r (LIKE pg_class) DISTSTYLE EVEN", "42601", "cannot be specified with LIKE");
    assertRefused("ALTER TABLE pg_class ADD COLUMN x INT DISTKEY", "0A000", "DISTKEY column");
    // CREATE TABLE: "a maximum of 400 COMPOUND SORTKEY columns or 8 INTERLEAVED SORTKEY columns"
    assertRefused(
        "CREATE TABLE r (" + columns(9) + ") INTERLEAVED SORTKEY (" + names(9) + ")",
        "22023",
        "an interleaved sort key holds at most 8");
    exec(c, "CREATE TABLE eight (" + columns(8) + ") INTERLEAVED SORTKEY (" + names(8) + ")");
    assertRefused(
        "CREATE TABLE r (" + columns(401) + ") SORTKEY (" + names(401) + ")",
        "22023",
        "a compound sort key holds at most 400");
    exec(c, "CREATE TABLE wide (" + columns(400) + ") SORTKEY (" + names(400) + ")");
    assertThat(rows(c, "SELECT count(*) FROM pg_table_def WHERE tablename = 'wide'"))
        .containsExactly("400");
    assertThat(rows(c, "SELECT count(*) FROM pg_class WHERE relname = 'r'")).containsExactly("0");
  }

  private void assertRefused(String sql, String sqlState, String message) {
    SQLException e = error(c, sql);
    assertThat(e.getSQLState()).as(sql).isEqualTo(sqlState);
    assertThat(e.getMessage()).as(sql).contains(message);
  }

  private static String columns(int n) {
    return IntStream.range(0, n).mapToObj(i -> "c" + i + " INT").collect(Collectors.joining(", "));
  }

  private static String names(int n) {
    return IntStream.range(0, n).mapToObj(i -> "c" + i).collect(Collectors.joining(", "));
  }
}
