package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
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
 * the answer Redshift's documentation gives (super-corpus.sql names the page of each).
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class SuperIT {

  private static final SqlCorpus CORPUS = SqlCorpus.read("super-corpus.sql");

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

  /** Redshift names a navigation's column after its last attribute, in lower case. */
  @Test
  void navigationColumnsAreNamedAfterTheLastAttribute(RedshiftEmulator emulator) throws Exception {
    try (Connection c = Redshift.connect(emulator);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT payload.City, o.payload.items[0].SKU, payload.items[0], payload"
                    + " FROM super_orders AS o WHERE id = 1")) {
      ResultSetMetaData meta = rs.getMetaData();
      assertThat(List.of(meta.getColumnLabel(1), meta.getColumnLabel(2), meta.getColumnLabel(3)))
          .containsExactly("city", "sku", "items");
      // The driver knows SUPER by Redshift's type OID.
      assertThat(meta.getColumnTypeName(4)).isEqualTo("super");
      assertThat(meta.getColumnType(4)).isEqualTo(Types.LONGVARCHAR);
    }
  }
}
