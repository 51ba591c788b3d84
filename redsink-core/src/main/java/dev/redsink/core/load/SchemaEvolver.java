package dev.redsink.core.load;

import dev.redsink.core.encode.RecordChecks;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.HistorySql;
import dev.redsink.core.sql.SchemaSql;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.FieldColumns;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypeFamily;
import dev.redsink.core.table.TypedTableColumns;
import dev.redsink.core.typed.ParsedRows;
import dev.redsink.core.typed.TypedRow;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings an existing typed table's columns up to a load's fields before the load transaction,
 * add-only: a new field adds a column behind the existing ones (one ADD COLUMN per statement), and
 * a column too narrow for a value is widened ({@link ColumnWidening}); then every value must fit
 * its column exactly ({@link FitCheck}). A table's first load creates it instead ({@link
 * TypedTableCreation}). A concurrent writer making the same change is fine: the catalog is read
 * again afterwards and decides.
 */
final class SchemaEvolver {
  private static final Logger LOG = LoggerFactory.getLogger(SchemaEvolver.class);

  /**
   * How often one load plans its numeric widenings again after other writers changed a column's
   * type first: each change widens a type, and SMALLINT to DOUBLE PRECISION is three steps.
   */
  private static final int MAX_WIDENING_ROUNDS = 4;

  private final ConnectionPool pool;

  SchemaEvolver(ConnectionPool pool) {
    this.pool = pool;
  }

  /**
   * The plan for its table as it is after evolving the columns for the plan's records (the plan's
   * table as is, without reading the catalog, when every field already has a column that takes it),
   * writing only the field columns those records have: a column of the table's own (a DBA's, or a
   * field no record of this load carries) is left out of the files and the insert, so it takes its
   * DEFAULT (or NULL) instead of an explicit NULL that a NOT NULL column would refuse.
   */
  Evolved evolve(TablePlan plan, ParsedRows parsed) {
    TargetTable table = plan.table();
    Set<String> fields = new HashSet<>();
    TargetTable evolved;
    if (fitsAsIs(table.layout(), plan.pending(), fields, parsed)) {
      evolved = table;
    } else {
      fields.clear();
      evolved = evolve(table, table.layout().withoutFields(), plan.pending(), fields, parsed);
      table.checks().adopt(evolved.layout());
    }
    return new Evolved(
        evolved,
        new TablePlan(
            evolved.writingFields(fields),
            plan.pending(),
            plan.first(),
            plan.next(),
            plan.skipped(),
            parsed));
  }

  /**
   * An evolved plan and its table with every column, which later loads start from: the plan's table
   * writes only this load's field columns, and a later load's fields may be others.
   */
  record Evolved(TargetTable table, TablePlan plan) {}

  /**
   * Whether each non-null field of the records has a column in the layout that takes it as is,
   * adding the folded name of every field the records carry to {@code fields} while it looks.
   */
  private static boolean fitsAsIs(
      RowLayout layout, List<Record> records, Set<String> fields, ParsedRows parsed) {
    if (layout.fields().isEmpty()) {
      return false;
    }
    FieldColumns columns = new FieldColumns(layout);
    // The name seen last at each position: a row like the one before adds no name to fields.
    String[] seen = new String[16];
    // What settled the last row a runtime's check found to fit: rows it settled fit these
    // columns as is when its columns are these (columns only widen), and need no fit here.
    Object settledBy = null;
    for (Record record : records) {
      TypedRow typed = parsed.read(record);
      Object by = parsed.settledBy(record);
      boolean settled = by != null && (by == settledBy || RecordChecks.settledFor(by, layout));
      if (settled) {
        settledBy = by;
      }
      for (int j = 0; j < typed.size(); j++) {
        String name = typed.name(j);
        if (j >= seen.length || !name.equals(seen[j])) {
          fields.add(TableName.fold(name));
          if (j < seen.length) {
            seen[j] = name;
          }
        }
        if (settled || typed.isNull(j)) {
          continue;
        }
        Column column = columns.column(j, name);
        if (column == null
            || TypeMapping.fit(column.type(), column.maxBytes(), typed, j) != Fit.FITS) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The table as it is after evolving it for these records, its layout read from the catalog.
   *
   * @throws BadRecordException for the first record whose field has a type its column cannot take
   *     (schema_evolution = add_columns) or is longer than any VARCHAR
   * @throws RedsinkException (invalid config) with schema_evolution = none when the table would
   *     have to change
   */
  private TargetTable evolve(
      TargetTable table,
      RowLayout fixed,
      List<Record> records,
      Set<String> fields,
      ParsedRows parsed) {
    List<TypedRow> rows = new ArrayList<>(records.size());
    Map<String, FieldNeeds.FieldNeed> needs = FieldNeeds.of(records, rows, parsed);
    fields.addAll(needs.keySet());
    TableName name = table.name();
    SchemaEvolution evolution = table.evolution();
    try (Connection c = pool.connection()) {
      c.setAutoCommit(true);
      TypedTableColumns columns = TypedTableColumns.of(name, fixed, TargetTables.columns(c, name));
      boolean changed = false;
      for (FieldNeeds.FieldNeed need : needs.values()) {
        if (need.type == null) {
          continue;
        }
        Column column = columns.field(need.name).orElse(null);
        if (column == null) {
          columns
              .catalogType(need.name)
              .ifPresent(
                  type -> {
                    throw new RedsinkException(
                        ErrorCategory.INVALID_CONFIG,
                        "Cannot load field '"
                            + need.name
                            + "' into table "
                            + name
                            + ": its column has type '"
                            + type
                            + "', which Redsink does not write");
                  });
          Column added = RowLayout.field(need.name, TypeMapping.column(need.type, need.maxBytes));
          TableAlteration.refuseWhenFrozen(
              evolution,
              name,
              "field '"
                  + need.name
                  + "' has no column (it would be "
                  + added.type().display()
                  + ")");
          TableAlteration.run(c, SchemaSql.addColumn(name, added), SchemaSql.DUPLICATE_COLUMN);
          LOG.info("Added column {} {} to {}", added.name(), added.type().display(), name);
          if (added.name().equals(HistoryColumns.IS_ACTIVE)) {
            activateEarlierRows(c, name);
          }
          changed = true;
        } else if (column.type().family() == TypeFamily.TEXT
            && need.maxBytes > column.maxBytes()
            && need.maxBytes <= ColumnType.VARCHAR_MAX_BYTES) {
          TableAlteration.refuseWhenFrozen(
              evolution,
              name,
              "field '"
                  + need.name
                  + "' has a value of "
                  + need.maxBytes
                  + " bytes, longer than its column's "
                  + column.type().display());
          ColumnWidening.widenVarchar(c, name, fixed, column);
          changed = true;
        }
      }
      if (changed) {
        columns = TypedTableColumns.of(name, fixed, TargetTables.columns(c, name));
        changed = false;
      }
      // Planned from the catalog, and again after each change: another writer may have widened a
      // column meanwhile to a type still narrower than this load needs (SMALLINT to INTEGER where
      // this one needs BIGINT), and then this load widens it further from there.
      ColumnWidening.Widenings widenings = ColumnWidening.plan(columns, rows);
      for (int round = 0; !widenings.types().isEmpty(); round++) {
        if (round == MAX_WIDENING_ROUNDS) {
          throw new TransientException(
              "Cannot load into "
                  + name
                  + ": other writers kept changing the type of column(s) "
                  + widenings.types().keySet().stream().map(Column::name).toList()
                  + " while this load widened them; it plans again from the catalog");
        }
        for (Map.Entry<Column, ColumnType> wider : widenings.types().entrySet()) {
          ColumnWidening.changeType(c, name, fixed, evolution, wider.getKey(), wider.getValue());
        }
        changed = true;
        columns = TypedTableColumns.of(name, fixed, TargetTables.columns(c, name));
        widenings = ColumnWidening.plan(columns, rows);
      }
      if (changed || !widenings.allFit()) {
        FitCheck.require(name, evolution, columns, records, rows);
      }
      return table.withLayout(columns.layout());
    } catch (SQLException e) {
      throw SqlStates.wrap("evolve the columns of " + name, e);
    }
  }

  /**
   * A table that held rows before it became a history table (a cdc table switched to write_mode =
   * history): its rows become the active versions of their keys, created before history began (no
   * {@code _record_create_time}), so the view of the current state shows them and their keys' next
   * changes close them. No row written in history mode has a NULL flag.
   */
  private static void activateEarlierRows(Connection c, TableName name) throws SQLException {
    int rows;
    try (Statement st = c.createStatement()) {
      rows = st.executeUpdate(HistorySql.activateEarlierRows(name));
    }
    if (rows > 0) {
      LOG.info(
          "{} row(s) {} held before it became a history table are now the active versions of their"
              + " keys, without a _record_create_time",
          rows,
          name);
    }
  }
}
