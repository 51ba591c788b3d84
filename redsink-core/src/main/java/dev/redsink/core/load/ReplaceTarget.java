package dev.redsink.core.load;

import dev.redsink.core.sql.SchemaSql;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypeFamily;
import dev.redsink.core.table.TypedTableColumns;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A typed target made ready for its replace run's swap: created when it did not exist, given every
 * column the run table gained and a type holding both its values and the run's, add-only, so the
 * swap's insert neither fails nor rounds.
 */
final class ReplaceTarget {
  private static final Logger LOG = LoggerFactory.getLogger(ReplaceTarget.class);

  private final TargetTable target;
  private final TableName run;

  ReplaceTarget(TargetTable target, TableName run) {
    this.target = target;
    this.run = run;
  }

  /** Creates the target when missing, then aligns its columns with the run table's. */
  void prepare(Connection c, List<ExistingColumn> runColumns) throws SQLException {
    createLikeRun(c);
    align(c, runColumns);
  }

  /**
   * Creates a typed target that did not exist when the run started like its run table, which the
   * run's first load created as a load creates the target: its columns, and its distribution and
   * sort keys (a history table's default sort key among them).
   */
  private void createLikeRun(Connection c) throws SQLException {
    c.setAutoCommit(true);
    if (TargetTables.columns(c, target.name()).isEmpty()) {
      TargetTables.createIfMissing(c, TableSql.createLike(target.name(), run));
      LOG.info("Created typed table {} for its replace", target);
    }
  }

  /**
   * Gives a typed target every column its run table gained (a field first seen during the run) and
   * the run's wider VARCHARs, before the promotion; add-only, like any load's evolution.
   */
  private void align(Connection c, List<ExistingColumn> runColumns) throws SQLException {
    RowLayout fixed = target.layout().withoutFields();
    TypedTableColumns have =
        TypedTableColumns.of(target.name(), fixed, TargetTables.columns(c, target.name()));
    TypedTableColumns want = TypedTableColumns.of(run, fixed, runColumns);
    c.setAutoCommit(true);
    try (Statement st = c.createStatement()) {
      for (Column column : want.layout().fields()) {
        Optional<Column> existing = have.field(column.name());
        if (existing.isEmpty()) {
          try {
            st.execute(SchemaSql.addColumn(target.name(), column));
            LOG.info("Added column {} to {} for its replace", column.name(), target);
          } catch (SQLException e) {
            if (!SchemaSql.DUPLICATE_COLUMN.equals(e.getSQLState())) {
              throw e;
            }
          }
        } else if (existing.get().type().family() == TypeFamily.TEXT
            && column.type().family() == TypeFamily.TEXT
            && column.maxBytes() > existing.get().maxBytes()) {
          st.execute(SchemaSql.widenVarchar(target.name(), column.name(), column.maxBytes()));
        } else {
          // The run widened a number column (a wider integer, DOUBLE PRECISION, a DECIMAL with
          // more digits or places): the table takes a type holding both, or the swap's insert
          // would round the run's values into the narrower column.
          Optional<ColumnType> wider = holdingBoth(existing.get().type(), column.type());
          if (wider.isPresent()) {
            changeType(c, column.name(), wider.get());
          }
        }
      }
    }
  }

  /**
   * The number type a target column of type {@code have} becomes to hold the run's values of type
   * {@code run} as well: empty when it already holds them (the run's column may be the narrower one
   * when another writer widened the target meanwhile).
   */
  static Optional<ColumnType> holdingBoth(ColumnType have, ColumnType run) {
    if (have.family() == TypeFamily.DECIMAL && run.family() == TypeFamily.DECIMAL) {
      int scale = Math.max(have.scale(), run.scale());
      int digits = Math.max(have.length() - have.scale(), run.length() - run.scale());
      if (digits + scale > ColumnType.DECIMAL_MAX_PRECISION) {
        return Optional.empty(); // no DECIMAL holds both: the swap's insert refuses the overflow
      }
      ColumnType both = ColumnType.decimal(digits + scale, scale);
      return both.equals(have) ? Optional.empty() : Optional.of(both);
    }
    return holds(run.family(), have.family()) && !holds(have.family(), run.family())
        ? Optional.of(run)
        : Optional.empty();
  }

  /** Whether every value of a number type {@code narrow} is exactly one of {@code wide}. */
  private static boolean holds(TypeFamily wide, TypeFamily narrow) {
    return wide == narrow
        || switch (wide) {
          case INTEGER -> narrow == TypeFamily.SMALLINT;
          case BIGINT -> narrow == TypeFamily.SMALLINT || narrow == TypeFamily.INTEGER;
          case DOUBLE ->
              narrow == TypeFamily.SMALLINT
                  || narrow == TypeFamily.INTEGER
                  || narrow == TypeFamily.REAL;
          default -> false;
        };
  }

  /** Gives a column of the target a wider type, as a load's schema step does. */
  private void changeType(Connection c, String column, ColumnType type) throws SQLException {
    c.setAutoCommit(false);
    try (Statement st = c.createStatement()) {
      for (String sql : SchemaSql.changeType(target.name(), column, type)) {
        st.execute(sql);
      }
      c.commit();
      LOG.info("Changed column {} of {} to {} for its replace", column, target, type.display());
    } catch (SQLException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }
}
