package dev.redsink.core.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaCheckTest {
  static final TableName TABLE = TableName.of("analytics", "orders");
  static final RowLayout VARBYTE =
      RowLayout.of(
          EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY), PayloadFormat.VARBYTE, "pico_");
  static final RowLayout TEXT =
      RowLayout.of(EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY), PayloadFormat.TEXT, "pico_");

  static List<ExistingColumn> catalog(String payloadType) {
    return new ArrayList<>(
        List.of(
            new ExistingColumn("id", "character varying(512)"),
            new ExistingColumn("pico_offset", "character varying(20)"),
            new ExistingColumn("pico_timestamp", "character varying(20)"),
            new ExistingColumn("pico_topic", "character varying(256)"),
            new ExistingColumn("pico_partition", "bigint"),
            new ExistingColumn("pico_key", "character varying(65535)"),
            new ExistingColumn("payload", payloadType),
            new ExistingColumn("created_at", "character varying(256)")));
  }

  @ParameterizedTest
  @CsvSource({"binary varying(16777216)", "varbyte(64000)", "VARBINARY", "bytea"})
  void binaryFamilySatisfiesVarbyte(String type) {
    assertThat(SchemaCheck.check(TABLE, VARBYTE, catalog(type)).columns()).hasSize(8);
  }

  @ParameterizedTest
  @CsvSource({"'character varying(65535)', 65535", "text, 65535", "'character varying(256)', 256"})
  void textFamilySatisfiesTextAndKeepsTheRealCapacity(String type, int capacity) {
    RowLayout checked = SchemaCheck.check(TABLE, TEXT, catalog(type));
    assertThat(checked.column(ColumnRole.PAYLOAD).orElseThrow().maxBytes()).isEqualTo(capacity);
  }

  @Test
  void mismatchNamesTableColumnTypesAndKey() {
    assertThatThrownBy(() -> SchemaCheck.check(TABLE, VARBYTE, catalog("character varying(65535)")))
        .isInstanceOfSatisfying(
            RedsinkException.class,
            e -> assertThat(e.category()).isEqualTo(ErrorCategory.INVALID_CONFIG))
        .hasMessageStartingWith(
            "Schema mismatch detected: Cannot load table 'analytics.orders': column 'payload' has"
                + " type 'character varying(65535)', expected VARBYTE(16777216) (binary family),"
                + " implied by payload_format = varbyte.");
  }

  @Test
  void aMissingColumnIsReported() {
    List<ExistingColumn> noKey = catalog("bytea");
    noKey.remove(5);
    assertThatThrownBy(() -> SchemaCheck.check(TABLE, VARBYTE, noKey))
        .hasMessageContaining("Schema mismatch detected")
        .hasMessageContaining(
            "column 'pico_key' VARCHAR(MAX) is missing, implied by include_key = true");
  }

  @Test
  void otherColumnsInAnyOrderAreFineWhenAnInsertCanLeaveThemOut() {
    List<ExistingColumn> found = catalog("bytea");
    Collections.reverse(found);
    found.add(2, new ExistingColumn("loaded_at", "timestamp without time zone", false));
    found.add(new ExistingColumn("note", "character varying(20)"));
    RowLayout checked = SchemaCheck.check(TABLE, VARBYTE, found);
    assertThat(checked.columns())
        .as("the layout Redsink writes, in its own order")
        .extracting(Column::name)
        .containsExactly(
            "id",
            "pico_offset",
            "pico_timestamp",
            "pico_topic",
            "pico_partition",
            "pico_key",
            "payload",
            "created_at");
  }

  @Test
  void aRequiredColumnRedsinkDoesNotWriteIsReported() {
    List<ExistingColumn> found = catalog("bytea");
    found.add(new ExistingColumn("tenant", "integer", true));
    assertThatThrownBy(() -> SchemaCheck.check(TABLE, VARBYTE, found))
        .hasMessageContaining("Schema mismatch detected")
        .hasMessageContaining(
            "column 'tenant' is NOT NULL without a DEFAULT, and Redsink does not write it");
  }

  @Test
  void anInvisibleTableIsTheReferenceMessage() {
    assertThatThrownBy(() -> SchemaCheck.check(TABLE, VARBYTE, List.of()))
        .hasMessageContaining("Table 'analytics.orders' was not found or has no visible columns");
  }

  @Test
  void columnNamesCompareFolded() {
    List<ExistingColumn> upper = catalog("bytea");
    upper.set(0, new ExistingColumn("ID", "varchar(512)"));
    assertThat(SchemaCheck.check(TABLE, VARBYTE, upper).columns()).hasSize(8);
  }

  @ParameterizedTest
  @CsvSource({
    "character varying(256), TEXT",
    "TEXT, TEXT",
    "binary varying(100), BINARY",
    "bigint, BIGINT",
    "integer, INTEGER",
    "timestamp without time zone, TIMESTAMP",
    "timestamp with time zone, TIMESTAMPTZ",
    "time with time zone, OTHER",
    "geometry, OTHER"
  })
  void typeFamilies(String type, TypeFamily family) {
    assertThat(TypeFamily.of(type)).isEqualTo(family);
  }
}
