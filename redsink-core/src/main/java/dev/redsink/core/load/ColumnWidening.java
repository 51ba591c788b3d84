package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.sql.SchemaSql;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.FieldColumns;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypedTableColumns;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.TypedRow;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Widens columns whose type cannot hold a load's values: a VARCHAR to 65535 bytes with one ALTER, a
 * numeric column to a wider type by a rebuild (a new column, a copy, a swap, in one transaction),
 * planned from the catalog so a concurrent writer's widening is built on, never undone.
 */
final class ColumnWidening {
  private static final Logger LOG = LoggerFactory.getLogger(ColumnWidening.class);

  private ColumnWidening() {}

  /**
   * The wider types numeric columns need for this load, in one pass over its rows (two when one
   * needs a wider type): a column gets one when a value of its field does not fit it and a wider
   * type holds every value the column holds and every value of the field in the load, each widening
   * it further (a DECIMAL to the most places and integer digits its values have, within 38) —
   * except a value that no wider type holds exactly: that record is refused, never rounded, and the
   * rest still widen the column. A value of a type the wider column cannot take at all (the source
   * changing the field's type) leaves the column as it is.
   */
  static Widenings plan(TypedTableColumns columns, List<TypedRow> rows) {
    Map<Column, ColumnType> wider = new LinkedHashMap<>();
    FieldColumns byPosition = columns.byPosition();
    boolean allFit = true;
    for (TypedRow row : rows) {
      List<FieldValue> fields = row.fields();
      for (int j = 0; j < fields.size(); j++) {
        FieldValue f = fields.get(j);
        if (f.value() == null) {
          continue;
        }
        Column column = byPosition.column(j, f.name());
        if (column == null) {
          allFit = false;
          continue;
        }
        ColumnType widened = wider.get(column);
        ColumnType type = widened == null ? column.type() : widened;
        Fit fit = TypeMapping.fit(type, widened == null ? column.maxBytes() : type.maxBytes(), f);
        allFit &= fit == Fit.FITS;
        if (fit == Fit.INCOMPATIBLE || fit == Fit.INEXACT) {
          TypeMapping.widened(type, f.type(), f.value()).ifPresent(t -> wider.put(column, t));
        }
      }
    }
    if (wider.isEmpty()) {
      return new Widenings(wider, allFit);
    }
    Set<Column> refused = new HashSet<>();
    for (TypedRow row : rows) {
      List<FieldValue> fields = row.fields();
      for (int j = 0; j < fields.size(); j++) {
        FieldValue f = fields.get(j);
        Column column = f.value() == null ? null : byPosition.column(j, f.name());
        ColumnType type = column == null ? null : wider.get(column);
        if (type != null && TypeMapping.fit(type, type.maxBytes(), f) == Fit.INCOMPATIBLE) {
          refused.add(column);
        }
      }
    }
    refused.forEach(wider::remove);
    return new Widenings(wider, false);
  }

  /**
   * The wider types a load's numeric columns need, and whether every non-null field of the load
   * fits its column as it is (then the fit check finds nothing to refuse).
   */
  record Widenings(Map<Column, ColumnType> types, boolean allFit) {}

  /**
   * Gives a numeric column a wider type in one transaction (a new column, a copy, a swap; see
   * {@link SchemaSql#changeType}). Under the table's lock the catalog is read again: when another
   * writer changed the column's type first, nothing is done here, and the caller plans again from
   * the type the catalog shows.
   */
  static void changeType(
      Connection c,
      TableName name,
      RowLayout fixed,
      SchemaEvolution evolution,
      Column column,
      ColumnType wider)
      throws SQLException {
    String change =
        "column '"
            + column.name()
            + "' is "
            + column.type().display()
            + " and its field's values now need "
            + wider.display();
    if (evolution == SchemaEvolution.ADD_COLUMNS_KEEP_TYPES) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Cannot load into table "
              + name
              + ": "
              + change
              + ", and schema_evolution = add_columns_keep_types never changes a column's type;"
              + " change it by hand (add a "
              + wider.display()
              + " column, copy the values, drop the old column, rename the new one) or set"
              + " schema_evolution = add_columns");
    }
    TableAlteration.refuseWhenFrozen(evolution, name, change);
    long start = System.nanoTime();
    c.setAutoCommit(false);
    try (Statement st = c.createStatement()) {
      List<String> statements = SchemaSql.changeType(name, column.name(), wider);
      st.execute(statements.get(0));
      Optional<Column> now =
          TypedTableColumns.of(name, fixed, TargetTables.columns(c, name)).field(column.name());
      if (now.isEmpty() || !now.get().type().equals(column.type())) {
        c.commit();
        LOG.info(
            "Another writer changed column {} of {} from {} first; planning its type again",
            column.name(),
            name,
            column.type().display());
        return;
      }
      for (String sql : statements.subList(1, statements.size())) {
        st.execute(sql);
      }
      c.commit();
      LOG.info(
          "Changed column {} of {} from {} to {} in {} ms (a new column, a copy of every row, a"
              + " swap)",
          column.name(),
          name,
          column.type().display(),
          wider.display(),
          (System.nanoTime() - start) / 1_000_000);
    } catch (SQLException e) {
      c.rollback();
      throw new SQLException(
          "Cannot change column "
              + column.name()
              + " of "
              + name
              + " from "
              + column.type().display()
              + " to "
              + wider.display()
              + " (a view that depends on the column, or the column being the dist or sort key,"
              + " stops it; change it by hand): "
              + e.getMessage(),
          e.getSQLState(),
          e);
    } finally {
      c.setAutoCommit(true);
    }
  }

  /**
   * Widens a VARCHAR column to the most Redshift holds. When the ALTER fails because another writer
   * widened it first (Redshift then answers 0A000, "target column size should be different"), the
   * catalog shows the column wide already and the load goes on; any other failure is thrown.
   */
  static void widenVarchar(Connection c, TableName name, RowLayout fixed, Column column)
      throws SQLException {
    try {
      TableAlteration.run(
          c, SchemaSql.widenVarchar(name, column.name(), ColumnType.VARCHAR_MAX_BYTES), null);
      LOG.info("Widened column {} of {} to VARCHAR(65535)", column.name(), name);
    } catch (SQLException e) {
      Optional<Column> now =
          TypedTableColumns.of(name, fixed, TargetTables.columns(c, name)).field(column.name());
      if (now.isEmpty() || now.get().maxBytes() < ColumnType.VARCHAR_MAX_BYTES) {
        throw e;
      }
      LOG.debug(
          "Another writer widened column {} of {} first ({}): {}",
          column.name(),
          name,
          e.getSQLState(),
          e.getMessage());
    }
  }
}
