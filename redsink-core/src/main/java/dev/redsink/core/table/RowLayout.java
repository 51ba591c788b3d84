package dev.redsink.core.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The columns of a Redsink table in their exact order, which is also the order of the Parquet
 * columns because COPY from Parquet maps columns by position.
 *
 * <p>With defaults: id VARCHAR(512), pico_offset VARCHAR(20), pico_timestamp VARCHAR(20),
 * pico_topic VARCHAR, pico_partition BIGINT, pico_key VARCHAR(MAX), payload VARBYTE(16777216),
 * created_at VARCHAR.
 */
public final class RowLayout {
  private final List<Column> columns;
  private final PayloadFormat payloadFormat;
  private final TableLayout tableLayout;

  private RowLayout(List<Column> columns, PayloadFormat payloadFormat, TableLayout tableLayout) {
    this.columns = List.copyOf(columns);
    this.payloadFormat = payloadFormat;
    this.tableLayout = tableLayout;
  }

  /**
   * The layout for the given optional groups, payload format and metadata column prefix (the
   * reference uses {@code pico_}).
   */
  public static RowLayout of(Set<ColumnGroup> groups, PayloadFormat payload, String prefix) {
    List<Column> columns = metadataColumns(groups, prefix);
    ColumnType payloadType =
        switch (payload) {
          case TEXT -> ColumnType.VARCHAR_MAX;
          case SUPER -> ColumnType.SUPER;
          case VARBYTE -> ColumnType.VARBYTE_MAX;
        };
    columns.add(
        new Column(
            "payload", payloadType, ColumnRole.PAYLOAD, "payload_format = " + payload.keyword()));
    columns.add(createdAt());
    return new RowLayout(columns, payload, TableLayout.PAYLOAD);
  }

  /**
   * The fixed columns of a typed table before any field is known: the metadata columns and
   * created_at; field columns come from {@link #withFields} and the catalog.
   */
  public static RowLayout typed(Set<ColumnGroup> groups, String prefix) {
    List<Column> columns = metadataColumns(groups, prefix);
    columns.add(createdAt());
    return new RowLayout(columns, PayloadFormat.TEXT, TableLayout.TYPED);
  }

  /**
   * A typed layout with exactly these columns in this order, e.g. as the catalog lists them after
   * columns were added behind created_at.
   */
  public RowLayout withColumns(List<Column> ordered) {
    return new RowLayout(ordered, payloadFormat, tableLayout);
  }

  /**
   * For creating a typed table: the fixed columns with these field columns before created_at, where
   * the payload column sits in the payload layout.
   */
  public RowLayout withFields(List<Column> fields) {
    List<Column> all = new ArrayList<>(columns);
    int createdAt = all.indexOf(column(ColumnRole.CREATED_AT).orElseThrow());
    all.addAll(createdAt, fields);
    return new RowLayout(all, payloadFormat, tableLayout);
  }

  /** This layout without its field columns: the fixed columns a typed table starts with. */
  public RowLayout withoutFields() {
    return withColumns(columns.stream().filter(c -> c.role() != ColumnRole.FIELD).toList());
  }

  /** A field column of a typed table, nullable like every Redsink column. */
  public static Column field(String name, ColumnType type) {
    return new Column(name, type, ColumnRole.FIELD, "table_layout = typed");
  }

  private static Column createdAt() {
    return new Column(
        "created_at", ColumnType.VARCHAR_DEFAULT, ColumnRole.CREATED_AT, "always present");
  }

  private static List<Column> metadataColumns(Set<ColumnGroup> groups, String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    List<Column> columns = new ArrayList<>();
    columns.add(new Column("id", ColumnType.VARCHAR_512, ColumnRole.ID, "always present"));
    if (groups.contains(ColumnGroup.METADATA)) {
      String why = "include_metadata = true";
      columns.add(new Column(prefix + "offset", ColumnType.VARCHAR_20, ColumnRole.OFFSET, why));
      columns.add(
          new Column(prefix + "timestamp", ColumnType.VARCHAR_20, ColumnRole.TIMESTAMP, why));
      columns.add(new Column(prefix + "topic", ColumnType.VARCHAR_DEFAULT, ColumnRole.TOPIC, why));
      columns.add(new Column(prefix + "partition", ColumnType.BIGINT, ColumnRole.PARTITION, why));
    }
    if (groups.contains(ColumnGroup.KEY)) {
      columns.add(
          new Column(prefix + "key", ColumnType.VARCHAR_MAX, ColumnRole.KEY, "include_key = true"));
    }
    if (groups.contains(ColumnGroup.HEADERS)) {
      columns.add(
          new Column(
              prefix + "headers", ColumnType.SUPER, ColumnRole.HEADERS, "include_headers = true"));
    }
    return columns;
  }

  /** The columns, in table and file order. */
  public List<Column> columns() {
    return columns;
  }

  public PayloadFormat payloadFormat() {
    return payloadFormat;
  }

  public TableLayout tableLayout() {
    return tableLayout;
  }

  /** True for table_layout = typed: one column per top-level field. */
  public boolean isTyped() {
    return tableLayout == TableLayout.TYPED;
  }

  /** The field columns of a typed layout, in table order. */
  public List<Column> fields() {
    return columns.stream().filter(c -> c.role() == ColumnRole.FIELD).toList();
  }

  /** The column with the given role, if this layout has one. */
  public Optional<Column> column(ColumnRole role) {
    return columns.stream().filter(c -> c.role() == role).findFirst();
  }

  /** True when some column is SUPER, which is staged as text and parsed by the insert. */
  public boolean hasSuperColumns() {
    return columns.stream().anyMatch(c -> c.type().equals(ColumnType.SUPER));
  }

  /**
   * The id column, present in every layout; first in the tables Redsink creates, anywhere in one a
   * DBA created.
   */
  public Column id() {
    return column(ColumnRole.ID).orElseThrow();
  }

  /** This layout with the byte capacities found on an existing table, by column name. */
  public RowLayout withMaxBytes(Map<String, Integer> bytesByColumn) {
    List<Column> adjusted = new ArrayList<>(columns.size());
    for (Column column : columns) {
      Integer bytes = bytesByColumn.get(column.name());
      adjusted.add(bytes == null ? column : column.withMaxBytes(bytes));
    }
    return new RowLayout(adjusted, payloadFormat, tableLayout);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RowLayout that
        && columns.equals(that.columns)
        && payloadFormat == that.payloadFormat
        && tableLayout == that.tableLayout;
  }

  @Override
  public int hashCode() {
    return columns.hashCode();
  }

  @Override
  public String toString() {
    return "RowLayout" + columns.stream().map(Column::name).toList();
  }
}
