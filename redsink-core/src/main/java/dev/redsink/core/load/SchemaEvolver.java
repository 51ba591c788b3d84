package dev.redsink.core.load;

import dev.redsink.core.encode.RecordChecks;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.SchemaSql;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.sql.TypeMapping.Fit;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.FieldColumns;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TypeFamily;
import dev.redsink.core.table.TypedTableColumns;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.FieldValue;
import dev.redsink.core.typed.ParsedRows;
import dev.redsink.core.typed.TypedRow;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a typed table's columns up to a load's fields before the load transaction, add-only: the
 * table is created with the fields before created_at, a new field adds a column behind the existing
 * ones (one ADD COLUMN per statement), a longer string widens its VARCHAR to 65535 bytes (outside
 * any transaction block, as Redshift requires). A concurrent writer making the same change is fine:
 * the catalog is read again afterwards and decides.
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

  /** What one field needs across a load: its first known type and its longest value. */
  private static final class FieldNeed {
    final String name;
    FieldType type;
    int maxBytes;

    FieldNeed(String name) {
      this.name = name;
    }
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
   * Creates a typed table that does not exist yet, with a column per field of these records (the
   * rows a load stores, never offsets it only settles) before created_at; a table that exists, or
   * that another writer creates at the same moment, is left alone.
   */
  void createIfMissing(TargetTable table, List<Record> records, ParsedRows parsed) {
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
      for (FieldNeed need : needs(records, new ArrayList<>(), parsed).values()) {
        if (need.type != null) {
          fields.add(RowLayout.field(need.name, TypeMapping.column(need.type, need.maxBytes)));
        }
      }
      RowLayout layout = table.layout().withoutFields().withFields(fields);
      Optional<String> keyProblem = table.keys().problemWith(layout);
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
      TargetTables.createIfMissing(c, TableSql.createTable(name, layout, table.keys()));
      LOG.info("Created typed table {} with {} field columns", name, fields.size());
    } catch (SQLException e) {
      throw SqlStates.wrap("create typed table " + name, e);
    }
  }

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

  private static Map<String, FieldNeed> needs(
      List<Record> records, List<TypedRow> rows, ParsedRows parsed) {
    Map<String, FieldNeed> needs = new LinkedHashMap<>();
    // The name and need seen last at each position: a row like the one before finds its needs
    // without folding a name or looking in the map.
    String[] seen = new String[16];
    FieldNeed[] seenNeeds = new FieldNeed[seen.length];
    for (Record record : records) {
      TypedRow row = parsed.read(record);
      rows.add(row);
      for (int j = 0; j < row.size(); j++) {
        // The field's parts, not the field: this runs for every field of the load's rows.
        String name = row.name(j);
        FieldNeed need;
        if (j < seen.length && name.equals(seen[j])) {
          need = seenNeeds[j];
        } else {
          need = needs.computeIfAbsent(TableName.fold(name), k -> new FieldNeed(name));
          if (j < seen.length) {
            seen[j] = name;
            seenNeeds[j] = need;
          }
        }
        if (need.type == null) {
          need.type = row.type(j);
        }
        need.maxBytes = Math.max(need.maxBytes, TypeMapping.bytes(row, j));
      }
    }
    return needs;
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
    Map<String, FieldNeed> needs = needs(records, rows, parsed);
    fields.addAll(needs.keySet());
    TableName name = table.name();
    SchemaEvolution evolution = table.evolution();
    try (Connection c = pool.connection()) {
      c.setAutoCommit(true);
      TypedTableColumns columns = TypedTableColumns.of(name, fixed, TargetTables.columns(c, name));
      boolean changed = false;
      for (FieldNeed need : needs.values()) {
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
          refuseWhenFrozen(
              evolution,
              name,
              "field '"
                  + need.name
                  + "' has no column (it would be "
                  + added.type().display()
                  + ")");
          ddl(c, SchemaSql.addColumn(name, added), SchemaSql.DUPLICATE_COLUMN);
          LOG.info("Added column {} {} to {}", added.name(), added.type().display(), name);
          changed = true;
        } else if (column.type().family() == TypeFamily.TEXT
            && need.maxBytes > column.maxBytes()
            && need.maxBytes <= ColumnType.VARCHAR_MAX_BYTES) {
          refuseWhenFrozen(
              evolution,
              name,
              "field '"
                  + need.name
                  + "' has a value of "
                  + need.maxBytes
                  + " bytes, longer than its column's "
                  + column.type().display());
          widen(c, name, fixed, column);
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
      Widenings widenings = widenings(columns, rows);
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
          changeType(c, name, fixed, evolution, wider.getKey(), wider.getValue());
        }
        changed = true;
        columns = TypedTableColumns.of(name, fixed, TargetTables.columns(c, name));
        widenings = widenings(columns, rows);
      }
      if (changed || !widenings.allFit()) {
        requireFit(name, evolution, columns, records, rows);
      }
      return table.withLayout(columns.layout());
    } catch (SQLException e) {
      throw SqlStates.wrap("evolve the columns of " + name, e);
    }
  }

  /**
   * The wider types numeric columns need for this load, in one pass over its rows (two when one
   * needs a wider type): a column gets one when a value of its field does not fit it and a wider
   * type holds every value the column holds and every value of the field in the load, each widening
   * it further (a DECIMAL to the most places and integer digits its values have, within 38) —
   * except a value that no wider type holds exactly: that record is refused, never rounded, and the
   * rest still widen the column. A value of a type the wider column cannot take at all (the source
   * changing the field's type) leaves the column as it is.
   */
  private static Widenings widenings(TypedTableColumns columns, List<TypedRow> rows) {
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
  private record Widenings(Map<Column, ColumnType> types, boolean allFit) {}

  /**
   * Gives a numeric column a wider type in one transaction (a new column, a copy, a swap; see
   * {@link SchemaSql#changeType}). Under the table's lock the catalog is read again: when another
   * writer changed the column's type first, nothing is done here, and the caller plans again from
   * the type the catalog shows.
   */
  private static void changeType(
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
    refuseWhenFrozen(evolution, name, change);
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

  private static void requireFit(
      TableName name,
      SchemaEvolution evolution,
      TypedTableColumns columns,
      List<Record> records,
      List<TypedRow> rows) {
    FieldColumns byPosition = columns.byPosition();
    for (int i = 0; i < records.size(); i++) {
      Record record = records.get(i);
      List<FieldValue> fields = rows.get(i).fields();
      for (int j = 0; j < fields.size(); j++) {
        FieldValue field = fields.get(j);
        if (field.value() == null) {
          continue;
        }
        Column column = byPosition.column(j, field.name());
        if (column == null) {
          throw new TransientException(
              "Cannot load record "
                  + record.id()
                  + " into "
                  + name
                  + ": the column of field '"
                  + field.name()
                  + "' is not in the catalog yet");
        }
        Fit fit = TypeMapping.fit(column.type(), column.maxBytes(), field);
        if (fit == Fit.INEXACT) {
          // Its type fits the column (the source did not change it), this value does not: one
          // bad record, whatever the schema declares and however the table may evolve.
          throw RecordChecks.inexact(record, field, column);
        }
        if (fit == Fit.INCOMPATIBLE) {
          BadRecordException bad = RecordChecks.incompatible(record, field, column);
          if (evolution == SchemaEvolution.NONE) {
            throw new RedsinkException(
                ErrorCategory.INVALID_CONFIG, bad.getMessage() + " (schema_evolution = none)");
          }
          if (rows.get(i).declared()) {
            throw schemaChanged(name, record, field, column);
          }
          throw bad;
        }
        if (fit == Fit.TOO_LONG) {
          throw new BadRecordException(
              record.id(),
              "Cannot load record "
                  + record.id()
                  + ": field '"
                  + field.name()
                  + "' is "
                  + TypeMapping.bytes(field)
                  + " bytes, over the "
                  + column.maxBytes()
                  + " bytes column '"
                  + column.name()
                  + "' of "
                  + name
                  + " holds");
        }
        if (fit == Fit.WIDEN) {
          throw new TransientException(
              "Cannot load record "
                  + record.id()
                  + " into "
                  + name
                  + ": column '"
                  + column.name()
                  + "' is not wide enough yet");
        }
      }
    }
  }

  /**
   * A field whose schema now declares a type its column cannot take, widened or not: the source
   * changed the field's type. Every later record would be refused too, so the load stops instead of
   * sending them all to the errant-record path.
   */
  private static RedsinkException schemaChanged(
      TableName name, Record record, FieldValue field, Column column) {
    return new RedsinkException(
        ErrorCategory.INVALID_CONFIG,
        "Cannot load record "
            + record.id()
            + " into table "
            + name
            + ": its schema declares field '"
            + field.name()
            + "' as "
            + field.type()
            + ", and column '"
            + column.name()
            + "' is "
            + column.type().display()
            + ", which no wider Redshift type turns into one that holds both: the source changed"
            + " the field's type. Redsink stops rather than refuse every later record. Rename the"
            + " column (ALTER TABLE "
            + name
            + " RENAME COLUMN "
            + column.name()
            + " TO "
            + column.name()
            + "_old) so that the next load adds one of the new type, or load the topic into"
            + " another table");
  }

  private static void refuseWhenFrozen(SchemaEvolution evolution, TableName name, String reason) {
    if (evolution == SchemaEvolution.NONE) {
      throw new RedsinkException(
          ErrorCategory.INVALID_CONFIG,
          "Cannot load into table "
              + name
              + ": "
              + reason
              + ", and schema_evolution = none never alters the table; set schema_evolution = add_columns or alter it by hand");
    }
  }

  /**
   * Widens a VARCHAR column to the most Redshift holds. When the ALTER fails because another writer
   * widened it first (Redshift then answers 0A000, "target column size should be different"), the
   * catalog shows the column wide already and the load goes on; any other failure is thrown.
   */
  private static void widen(Connection c, TableName name, RowLayout fixed, Column column)
      throws SQLException {
    try {
      ddl(c, SchemaSql.widenVarchar(name, column.name(), ColumnType.VARCHAR_MAX_BYTES), null);
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

  /** Runs one DDL statement on its own, tolerating the SQLSTATE a concurrent writer causes. */
  private static void ddl(Connection c, String sql, String tolerated) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    } catch (SQLException e) {
      if (tolerated == null || !tolerated.equals(e.getSQLState())) {
        throw e;
      }
      LOG.debug("Another writer changed the table first ({}): {}", e.getSQLState(), e.getMessage());
    }
  }
}
