package dev.redsink.core.load;

import dev.redsink.core.sql.SqlStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** Binds a {@link SqlStatement}'s parameters to a prepared statement. */
final class Jdbc {

  private Jdbc() {}

  static PreparedStatement prepare(Connection c, SqlStatement statement) throws SQLException {
    PreparedStatement ps = c.prepareStatement(statement.text());
    List<Object> parameters = statement.parameters();
    for (int i = 0; i < parameters.size(); i++) {
      ps.setObject(i + 1, parameters.get(i));
    }
    return ps;
  }
}
