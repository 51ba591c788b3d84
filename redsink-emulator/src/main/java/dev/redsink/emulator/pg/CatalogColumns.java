package dev.redsink.emulator.pg;

import dev.redsink.emulator.dialect.TableColumns;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Table columns read from PostgreSQL's catalog on the emulator's own connection. An unqualified
 * name is answered when every table of that name has the same columns (the session's search_path is
 * not known here); tables created in a transaction not yet committed are not seen.
 */
public final class CatalogColumns implements TableColumns {

  private static final Logger LOG = LoggerFactory.getLogger(CatalogColumns.class);

  private final AdminSession admin;

  public CatalogColumns(AdminSession admin) {
    this.admin = admin;
  }

  @Override
  public List<Column> of(String schema, String table) {
    try {
      List<List<Column>> tables = admin.columns(schema, table);
      boolean agree = !tables.isEmpty() && tables.stream().allMatch(tables.get(0)::equals);
      return agree ? tables.get(0) : List.of();
    } catch (SQLException e) {
      LOG.debug("Cannot read the columns of {}", table, e);
      return List.of();
    }
  }
}
