package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SUPER as Redshift users query it — navigation, unnesting, unpivoting, dynamic typing, casts,
 * introspection and printing — through the Amazon Redshift JDBC driver and psql, each example with
 * the answer Redshift's documentation gives (varbyte-corpus.sql names the page of each).
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class VarbyteIT {

  private static final SqlCorpus CORPUS = SqlCorpus.read("varbyte-corpus.sql");

  static List<SqlCorpus.Case> cases() {
    return CORPUS.cases();
  }

  @BeforeAll
  static void setUp(RedshiftEmulator emulator) throws Exception {
    CorpusClients.setUp(emulator, CORPUS);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void throughTheRedshiftJdbcDriver(SqlCorpus.Case example, RedshiftEmulator emulator)
      throws Exception {
    CorpusClients.checkJdbc(emulator, example);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void throughPsql(SqlCorpus.Case example, RedshiftEmulator emulator) throws Exception {
    assumeTrue(CorpusClients.psqlInstalled(), "psql is not installed");
    CorpusClients.checkPsql(emulator, example);
  }

  /** The driver reads VARBYTE by Redshift's type OID: hexadecimal text decoded to bytes. */
  @Test
  void theDriverDecodesVarbyteToBytes(RedshiftEmulator emulator) throws Exception {
    try (Connection c = Redshift.connect(emulator);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT b FROM varbytes WHERE id = 2")) {
      rs.next();
      assertThat(rs.getBytes(1)).containsExactly(0, 0xff, 0x10);
      assertThat(rs.getString(1)).isEqualTo("00ff10");
      ResultSetMetaData meta = rs.getMetaData();
      assertThat(meta.getColumnTypeName(1)).isEqualTo("varbyte");
      assertThat(meta.getColumnType(1)).isEqualTo(Types.LONGVARBINARY);
    }
  }

  /** Drivers prepare a statement run often and bind it again without describing it. */
  @Test
  void aPreparedStatementRunAgainStillShowsRedshiftsValues(RedshiftEmulator emulator)
      throws Exception {
    try (Connection c = Redshift.connect(emulator);
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT b, JSON_PARSE('{\"a\": [1, 2]}') FROM varbytes WHERE id = ?")) {
      for (int run = 0; run < 8; run++) {
        ps.setInt(1, 2);
        try (ResultSet rs = ps.executeQuery()) {
          assertThat(rs.next()).isTrue();
          assertThat(rs.getString(1)).as("run %d", run).isEqualTo("00ff10");
          assertThat(rs.getBytes(1)).as("run %d", run).containsExactly(0, 0xff, 0x10);
          assertThat(rs.getString(2)).as("run %d", run).isEqualTo("{\"a\":[1,2]}");
        }
      }
    }
  }
}
