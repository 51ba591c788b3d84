package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;
import dev.redsink.core.typed.ParsedRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates a typed table on its first load, one column per field of the records it stores, before
 * the metadata columns; a table that exists, or that another writer creates at the same moment, is
 * left alone.
 */
final class TypedTableCreation {
  private static final Logger LOG = LoggerFactory.getLogger(TypedTableCreation.class);

  private final ConnectionPool pool;

  TypedTableCreation(ConnectionPool pool) {
    this.pool = pool;
  }

  /**
   * Creates a typed table that does not exist yet, with a column per field of these records (the
   * rows a load stores, never offsets it only settles) before created_at; a table that exists, or
   * that another writer creates at the same moment, is left alone.
   */
  void createIfMissing(TargetTable table, List<Record> records, ParsedRows parsed) {
    createIfMissing(table, records, parsed, List.of());
  }

  /**
   * As {@link #createIfMissing(TargetTable, List, ParsedRows)}, sorted by {@code defaultSortKey}
   * when sort_key is not set (a history table's key columns and version time).
   */
  void createIfMissing(
      TargetTable table, List<Record> records, ParsedRows parsed, List<String> defaultSortKey) {
    if (!table.layout().fields().isEmpty()) {
      return;
    }
    TableName name = table.name();
    try (Connection c = pool.connection()) {
      c.setAutoCommit(true);
      if (!TargetTables.columns(c, name).isEmpty()) {
        return;
      }
      List<Column> fields = new ArrayList<>();
      for (FieldNeeds.FieldNeed need : FieldNeeds.of(records, new ArrayList<>(), parsed).values()) {
        if (need.type != null) {
          fields.add(RowLayout.field(need.name, TypeMapping.column(need.type, need.maxBytes)));
        }
      }
      RowLayout layout = table.layout().withoutFields().withFields(fields);
      TableKeys keys = table.keys();
      if (keys.sortKey().isEmpty() && !defaultSortKey.isEmpty()) {
        keys = new TableKeys(keys.distStyle(), keys.distKey(), defaultSortKey);
      }
      Optional<String> keyProblem = keys.problemWith(layout);
      if (keyProblem.isPresent()) {
        // A typed table's field columns are known only now, from its first records.
        throw new RedsinkException(
            ErrorCategory.INVALID_CONFIG,
            "Cannot create typed table "
                + name
                + ": dist_key or sort_key "
                + keyProblem.get()
                + "; a typed table gets one column per field of the first records loaded, so"
                + " name a field they all carry, or create the table yourself");
      }
      TargetTables.createIfMissing(c, TableSql.createTable(name, layout, keys));
      LOG.info("Created typed table {} with {} field columns", name, fields.size());
    } catch (SQLException e) {
      throw SqlStates.wrap("create typed table " + name, e);
    }
  }
}
