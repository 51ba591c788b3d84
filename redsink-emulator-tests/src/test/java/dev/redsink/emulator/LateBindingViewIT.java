package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.error;
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

/**
 * Redshift's late-binding views (CREATE VIEW … WITH NO SCHEMA BINDING), through the Amazon Redshift
 * JDBC driver: the table under one can be altered, dropped and created again, and the view answers
 * whenever its table exists, as in Redshift; a plain view still binds.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/r_CREATE_VIEW.html#r_CREATE_VIEW_late-binding-views">Late-binding
 *     views</a>
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class LateBindingViewIT {

  /** The view the engine keeps beside each table: its active rows. */
  private static final String CURRENT_VIEW =
      "CREATE VIEW \"lbv\".\"t_current\" AS SELECT \"id\", \"name\" FROM \"lbv\".\"t\""
          + " WHERE \"_record_is_active\" WITH NO SCHEMA BINDING";

  private static final String CURRENT_ROWS = "SELECT id, name FROM lbv.t_current ORDER BY id";

  private Connection c;

  @BeforeEach
  void connect(RedshiftEmulator emulator) throws SQLException {
    c = Redshift.connect(emulator);
    exec(
        c,
        "DROP SCHEMA IF EXISTS lbv CASCADE",
        "CREATE SCHEMA lbv",
        "CREATE TABLE lbv.t (id INT, name VARCHAR(8), _record_is_active BOOLEAN)",
        "INSERT INTO lbv.t VALUES (1, 'one', true), (2, 'two', false), (3, 'three', true)");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  @Test
  void answersQueriesAndIsListedAsAView() throws SQLException {
    exec(c, CURRENT_VIEW);

    assertThat(rows(c, CURRENT_ROWS)).containsExactly("1|one", "3|three");
    assertThat(value(c, "SELECT count(*) FROM lbv.t_current WHERE name LIKE 't%'")).isEqualTo("1");
    assertThat(rows(c, "SELECT viewname FROM pg_views WHERE schemaname = 'lbv'"))
        .containsExactly("t_current");
    assertThat(rows(c, "SELECT table_name, table_type FROM svv_tables WHERE table_schema = 'lbv'"))
        .containsExactlyInAnyOrder("t|BASE TABLE", "t_current|VIEW");
  }

  @Test
  void tableCanBeAlteredUnderIt() throws SQLException {
    exec(
        c,
        CURRENT_VIEW,
        "CREATE VIEW lbv.everything AS SELECT * FROM lbv.t WITH NO SCHEMA BINDING");

    exec(c, "ALTER TABLE lbv.t ADD COLUMN score INT", "UPDATE lbv.t SET score = id * 10");
    assertThat(rows(c, CURRENT_ROWS)).containsExactly("1|one", "3|three");
    // Bound again from its text, SELECT * reads the new column, as Redshift's binding does.
    assertThat(rows(c, "SELECT id, score FROM lbv.everything ORDER BY id"))
        .containsExactly("1|10", "2|20", "3|30");

    exec(c, "ALTER TABLE lbv.t ALTER COLUMN name TYPE VARCHAR(32)");
    exec(c, "INSERT INTO lbv.t VALUES (4, 'twenty-six characters long', true, 40)");
    assertThat(rows(c, CURRENT_ROWS))
        .containsExactly("1|one", "3|three", "4|twenty-six characters long");

    exec(c, "ALTER TABLE lbv.t RENAME COLUMN name TO label");
    assertThat(error(c, CURRENT_ROWS).getMessage()).contains("column \"name\" does not exist");
    exec(c, "ALTER TABLE lbv.t RENAME COLUMN label TO name");
    assertThat(rows(c, CURRENT_ROWS)).hasSize(3);

    exec(c, "ALTER TABLE lbv.t RENAME TO t_old");
    assertThat(error(c, CURRENT_ROWS).getMessage()).contains("relation \"lbv.t\" does not exist");
    exec(c, "ALTER TABLE lbv.t_old RENAME TO t");
    assertThat(rows(c, CURRENT_ROWS)).hasSize(3);
  }

  @Test
  void outlivesItsTableAndAnswersOnceATableOfThatNameExists() throws SQLException {
    exec(c, CURRENT_VIEW);

    exec(c, "DROP TABLE lbv.t");
    SQLException dropped = error(c, CURRENT_ROWS);
    assertThat(dropped.getSQLState()).isEqualTo("42P01");
    assertThat(dropped.getMessage()).contains("relation \"lbv.t\" does not exist");
    assertThat(rows(c, "SELECT viewname FROM pg_views WHERE schemaname = 'lbv'"))
        .containsExactly("t_current");

    exec(
        c,
        "CREATE TABLE lbv.t (id BIGINT, name VARCHAR(64), _record_is_active BOOLEAN)",
        "INSERT INTO lbv.t VALUES (7, 'seven', true), (8, 'eight', false)");
    assertThat(rows(c, CURRENT_ROWS)).containsExactly("7|seven");
  }

  @Test
  void canBeCreatedBeforeItsTable() throws SQLException {
    exec(c, "DROP TABLE lbv.t", CURRENT_VIEW);

    // Never bound, the view has no columns yet: a query that names some fails on those names.
    assertThat(error(c, "SELECT * FROM lbv.t_current").getMessage())
        .contains("relation \"lbv.t\" does not exist");
    exec(c, "CREATE TABLE lbv.t (id INT, name VARCHAR(8), _record_is_active BOOLEAN)");
    exec(c, "INSERT INTO lbv.t VALUES (5, 'five', true)");
    assertThat(rows(c, CURRENT_ROWS)).containsExactly("5|five");
  }

  @Test
  void plainViewStillBindsItsTable() throws SQLException {
    exec(c, "CREATE VIEW lbv.plain AS SELECT id, name FROM lbv.t");

    SQLException drop = error(c, "DROP TABLE lbv.t");
    assertThat(drop.getMessage())
        .contains("cannot drop table lbv.t because other objects depend on it");
    SQLException alter = error(c, "ALTER TABLE lbv.t ALTER COLUMN name TYPE VARCHAR(32)");
    assertThat(alter.getMessage()).contains("cannot alter type of a column used by a view or rule");
    assertThat(rows(c, "SELECT id FROM lbv.plain ORDER BY id")).containsExactly("1", "2", "3");
  }

  @Test
  void refusesRelationsWithoutASchema() throws SQLException {
    exec(c, "SET search_path TO lbv");

    SQLException unqualified =
        error(c, "CREATE VIEW lbv.v AS SELECT id FROM t WITH NO SCHEMA BINDING");
    assertThat(unqualified.getMessage())
        .contains(
            "All the relation names inside should be qualified when creating VIEW WITH NO SCHEMA"
                + " BINDING.");
    SQLException joined =
        error(
            c,
            "CREATE VIEW lbv.v AS SELECT a.id FROM lbv.t a JOIN t b ON a.id = b.id"
                + " WITH NO SCHEMA BINDING");
    assertThat(joined.getMessage()).contains("should be qualified");
    assertThat(value(c, "SELECT count(*) FROM pg_views WHERE viewname = 'v'")).isEqualTo("0");

    // A common table expression is no relation: its name needs no schema.
    exec(
        c,
        "CREATE VIEW lbv.v AS WITH active AS (SELECT id FROM lbv.t WHERE _record_is_active)"
            + " SELECT id FROM active WITH NO SCHEMA BINDING");
    assertThat(rows(c, "SELECT id FROM lbv.v ORDER BY id")).containsExactly("1", "3");
  }

  @Test
  void rollbackLeavesViewsAsTheyWere() throws SQLException {
    exec(c, CURRENT_VIEW);
    c.setAutoCommit(false);

    exec(c, "DROP TABLE lbv.t");
    assertThat(error(c, CURRENT_ROWS).getMessage()).contains("does not exist");
    c.rollback();
    assertThat(rows(c, CURRENT_ROWS)).containsExactly("1|one", "3|three");

    exec(c, "CREATE VIEW lbv.other AS SELECT id FROM lbv.t WITH NO SCHEMA BINDING");
    c.rollback();
    assertThat(value(c, "SELECT count(*) FROM pg_views WHERE viewname = 'other'")).isEqualTo("0");
  }

  @Test
  void isReplacedWithNewColumnsInOneTransaction() throws SQLException {
    exec(c, CURRENT_VIEW);
    c.setAutoCommit(false);

    // What the engine does when it adds a column: the view is created again beside the change.
    exec(
        c,
        "ALTER TABLE lbv.t ADD COLUMN \"score\" INT",
        "UPDATE lbv.t SET score = id",
        "DROP VIEW IF EXISTS \"lbv\".\"t_current\"",
        "CREATE VIEW \"lbv\".\"t_current\" AS SELECT \"id\", \"name\", \"score\""
            + " FROM \"lbv\".\"t\" WHERE \"_record_is_active\" WITH NO SCHEMA BINDING");
    c.commit();

    assertThat(rows(c, "SELECT id, name, score FROM lbv.t_current ORDER BY id"))
        .containsExactly("1|one|1", "3|three|3");
    exec(c, "DROP TABLE lbv.t");
    c.commit();
    assertThat(rows(c, "SELECT viewname FROM pg_views WHERE schemaname = 'lbv'"))
        .containsExactly("t_current");
  }

  @Test
  void writersAlteringTwoTablesDoNotFailEachOther(RedshiftEmulator emulator) throws SQLException {
    exec(
        c,
        CURRENT_VIEW,
        "CREATE TABLE lbv.u (id INT)",
        "CREATE VIEW lbv.u_all AS SELECT * FROM lbv.u WITH NO SCHEMA BINDING");
    try (Connection other = Redshift.connect(emulator)) {
      c.setAutoCommit(false);
      other.setAutoCommit(false);
      // Serializable, as Redshift is: the views' bookkeeping must not make the two conflict.
      exec(c, "ALTER TABLE lbv.t ADD COLUMN a INT");
      exec(other, "ALTER TABLE lbv.u ADD COLUMN b INT", "INSERT INTO lbv.u VALUES (1, 2)");
      other.commit();
      c.commit();
      assertThat(rows(c, "SELECT id, b FROM lbv.u_all")).containsExactly("1|2");
      assertThat(rows(c, CURRENT_ROWS)).containsExactly("1|one", "3|three");
    }
  }

  @Test
  void viewOverALateBindingViewFollowsIt() throws SQLException {
    exec(
        c,
        CURRENT_VIEW,
        "CREATE VIEW lbv.names AS SELECT name FROM lbv.t_current WITH NO SCHEMA BINDING",
        "DROP TABLE lbv.t");

    assertThat(error(c, "SELECT * FROM lbv.names").getMessage())
        .contains("relation \"lbv.t\" does not exist");
    exec(
        c,
        "CREATE TABLE lbv.t (id INT, name VARCHAR(8), _record_is_active BOOLEAN)",
        "INSERT INTO lbv.t VALUES (9, 'nine', true)");
    assertThat(rows(c, "SELECT name FROM lbv.names")).containsExactly("nine");
  }
}
