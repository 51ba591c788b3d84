package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.error;
import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.rows;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.copy.IamRoles;
import dev.redsink.emulator.copy.ParquetFixtures;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * COPY with a column list, as Redshift documents it
 * (https://docs.aws.amazon.com/redshift/latest/dg/copy-parameters-column-mapping.html): the Parquet
 * file's columns map by position onto the listed columns whatever their names, the others get their
 * DEFAULT or NULL, and what Redshift refuses is refused.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class CopyColumnListIT {

  private RedshiftEmulator emulator;
  private Connection c;
  private String prefix;

  @BeforeEach
  void connect(RedshiftEmulator emulator) throws SQLException {
    this.emulator = emulator;
    emulator.iamRoles(IamRoles.defaults());
    emulator.s3Faults().reset();
    c = Redshift.connect(emulator);
    prefix = "copy-list-it/" + UUID.randomUUID() + "/";
    exec(c, "DROP TABLE IF EXISTS listed");
    // A file of three columns whose names match no column: Parquet maps by position only.
    ParquetFixtures.put(
        emulator.s3(),
        emulator.bucket(),
        prefix + "three.parquet",
        "SELECT 'x' || i AS first, i::BIGINT AS second, 'y' || i AS third FROM range(3) t(i)");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private String copy(String columns, String options) {
    return "COPY listed "
        + columns
        + " FROM 's3://"
        + emulator.bucket()
        + "/"
        + prefix
        + "three.parquet' IAM_ROLE '"
        + emulator.iamRole()
        + "' FORMAT AS PARQUET "
        + options;
  }

  @Test
  void listedColumnsTakeTheFilesColumnsByPositionAndTheOthersTheirDefaultOrNull()
      throws SQLException {
    exec(
        c,
        "CREATE TABLE listed (a VARCHAR(8), note VARCHAR(20), n BIGINT,"
            + " batch_no INTEGER NOT NULL DEFAULT 7, b VARCHAR(8))");
    long rowsWritten = emulator.statistics().rowsWritten();
    exec(c, copy("(b, n, a)", ""));
    assertThat(value(c, "SELECT pg_last_copy_count()")).isEqualTo("3");
    assertThat(rows(c, "SELECT a, note, n, batch_no, b FROM listed ORDER BY n"))
        .containsExactly("y0|null|0|7|x0", "y1|null|1|7|x1", "y2|null|2|7|x2");
    assertThat(emulator.statistics().rowsWritten() - rowsWritten)
        .as("rows the COPY wrote")
        .isEqualTo(3);
  }

  @Test
  void aColumnAddedLaterKeepsTheListedLoadWorking() throws SQLException {
    exec(c, "CREATE TABLE listed (a VARCHAR(8), n BIGINT, b VARCHAR(8))");
    exec(c, copy("(a, n, b)", ""));
    exec(c, "ALTER TABLE listed ADD COLUMN region VARCHAR(8) DEFAULT 'eu'");
    exec(c, copy("(a, n, b)", ""));
    assertThat(value(c, "SELECT count(*) FROM listed WHERE region = 'eu'")).isEqualTo("6");
    assertThat(error(c, copy("", "")).getMessage())
        .as("without a list the added column breaks the positional mapping")
        .contains("15007")
        .contains("Table columns: 4, Data columns: 3");
  }

  @Test
  void aRequiredColumnLeftOutOfTheListIsRefused() throws SQLException {
    exec(c, "CREATE TABLE listed (a VARCHAR(8), n BIGINT, b VARCHAR(8), tenant INTEGER NOT NULL)");
    SQLException e = error(c, copy("(a, n, b)", ""));
    assertThat(e.getSQLState()).isEqualTo("42601");
    assertThat(e.getMessage())
        .contains("NOT NULL column without DEFAULT must be included in column list");
    assertThat(value(c, "SELECT count(*) FROM listed")).isEqualTo("0");
  }

  @Test
  void aListOfAnotherLengthThanTheFileIsASpectrumScanError() throws SQLException {
    exec(c, "CREATE TABLE listed (a VARCHAR(8), n BIGINT, b VARCHAR(8))");
    SQLException e = error(c, copy("(a, n)", ""));
    assertThat(e.getSQLState()).isEqualTo("XX000");
    assertThat(e.getMessage())
        .contains("Spectrum Scan Error")
        .contains("15007")
        .contains("Unmatched number of columns between table and file")
        .contains("Table columns: 2, Data columns: 3");
    assertThat(value(c, "SELECT count(*) FROM listed")).isEqualTo("0");
  }

  @Test
  void unknownAndRepeatedColumnsAreRefused() throws SQLException {
    exec(c, "CREATE TABLE listed (a VARCHAR(8), n BIGINT, b VARCHAR(8))");
    SQLException unknown = error(c, copy("(a, n, missing)", ""));
    assertThat(unknown.getSQLState()).isEqualTo("42703");
    assertThat(unknown.getMessage()).contains("column \"missing\" of relation");
    SQLException twice = error(c, copy("(a, n, a)", ""));
    assertThat(twice.getSQLState()).isEqualTo("42701");
  }

  @Test
  void anIdentityColumnIsGeneratedWhenLeftOutAndLoadedOnlyWithExplicitIds() throws SQLException {
    exec(c, "CREATE TABLE listed (a VARCHAR(8), line BIGINT IDENTITY(1,1), b VARCHAR(8))");
    ParquetFixtures.put(
        emulator.s3(),
        emulator.bucket(),
        prefix + "two.parquet",
        "SELECT 'x' || i AS first, 'y' || i AS second FROM range(3) t(i)");
    String two = copy("(a, b)", "").replace("three.parquet", "two.parquet");
    exec(c, two);
    assertThat(value(c, "SELECT count(*) FROM listed WHERE line IS NOT NULL")).isEqualTo("3");

    SQLException listedWithoutIds = error(c, copy("(a, line, b)", ""));
    assertThat(listedWithoutIds.getSQLState()).isEqualTo("42601");
    assertThat(listedWithoutIds.getMessage()).contains("EXPLICIT_IDS");

    SQLException idsWithoutTheColumn =
        error(c, copy("(a, b)", "EXPLICIT_IDS").replace("three.parquet", "two.parquet"));
    assertThat(idsWithoutTheColumn.getSQLState()).isEqualTo("42601");
    assertThat(idsWithoutTheColumn.getMessage()).contains("EXPLICIT_IDS").contains("\"line\"");

    exec(c, "DELETE FROM listed", copy("(a, line, b)", "EXPLICIT_IDS"));
    assertThat(rows(c, "SELECT a, line, b FROM listed ORDER BY line"))
        .containsExactly("x0|0|y0", "x1|1|y1", "x2|2|y2");
  }

  @Test
  void aGeneratedByDefaultIdentityColumnTakesListedValuesWithoutExplicitIds() throws SQLException {
    exec(
        c,
        "CREATE TABLE listed (a VARCHAR(8), line BIGINT GENERATED BY DEFAULT AS IDENTITY(1,1),"
            + " b VARCHAR(8))");
    exec(c, copy("(a, line, b)", ""));
    assertThat(rows(c, "SELECT line FROM listed ORDER BY line")).containsExactly("0", "1", "2");
  }
}
