package dev.redsink.emulator;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.assertj.core.api.ThrowableAssert;

/** Test access to an emulator through the Amazon Redshift JDBC driver. */
final class Redshift {

  private Redshift() {}

  static Connection connect(RedshiftEmulator emulator) throws SQLException {
    return connect(emulator, emulator.user(), emulator.password());
  }

  static Connection connect(RedshiftEmulator emulator, String user, String password)
      throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("password", password);
    return DriverManager.getConnection(emulator.jdbcUrl(), p);
  }

  /** Every row of a query, columns as strings joined by '|'. */
  static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          if (i > 1) {
            sb.append('|');
          }
          sb.append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  static String value(Connection c, String sql) throws SQLException {
    List<String> rows = rows(c, sql);
    return rows.isEmpty() ? null : rows.get(0);
  }

  static void exec(Connection c, String... sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  /** Runs the statement and returns the SQLException it must throw. */
  static SQLException error(Connection c, String sql) {
    ThrowableAssert.ThrowingCallable call = () -> exec(c, sql);
    try {
      call.call();
    } catch (SQLException e) {
      return e;
    } catch (Throwable t) {
      throw new AssertionError("Expected an SQLException from: " + sql, t);
    }
    throw new AssertionError("Expected an error from: " + sql);
  }
}
