package dev.redsink.core.encode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.TypedRow;
import dev.redsink.core.typed.ValueReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A row whose values are held where they were read ({@link TypedRow#inPlace}) is encoded without
 * making its values: the file must be byte for byte the file of the same values made into objects,
 * for every column family a plain JSON scalar is written into.
 */
class InPlaceFieldsTest {
  private static final List<Column> COLUMNS =
      List.of(
          RowLayout.field("i_small", ColumnType.SMALLINT),
          RowLayout.field("i_int", ColumnType.INTEGER),
          RowLayout.field("i_date", ColumnType.DATE),
          RowLayout.field("i_big", ColumnType.BIGINT),
          RowLayout.field("i_time", ColumnType.TIME),
          RowLayout.field("i_real", ColumnType.REAL),
          RowLayout.field("i_double", ColumnType.DOUBLE_PRECISION),
          RowLayout.field("i_super", ColumnType.SUPER),
          RowLayout.field("f_small", ColumnType.SMALLINT),
          RowLayout.field("f_int", ColumnType.INTEGER),
          RowLayout.field("f_big", ColumnType.BIGINT),
          RowLayout.field("f_ts", ColumnType.TIMESTAMP),
          RowLayout.field("f_real", ColumnType.REAL),
          RowLayout.field("f_double", ColumnType.DOUBLE_PRECISION),
          RowLayout.field("flag", ColumnType.BOOLEAN),
          RowLayout.field("text", ColumnType.VARCHAR_DEFAULT),
          RowLayout.field("s_super", ColumnType.SUPER),
          RowLayout.field("missing", ColumnType.BIGINT));

  private static final String[] VALUES = {
    "{\"i_small\":12,\"i_int\":-70000,\"i_date\":19000,\"i_big\":-999999999999999999,"
        + "\"i_time\":3600000000,\"i_real\":16777217,\"i_double\":9007199254740993,"
        + "\"i_super\":5,\"f_small\":3.9,\"f_int\":-2.5e9,\"f_big\":1e300,\"f_ts\":1.5,"
        + "\"f_real\":0.1,\"f_double\":-0.0,\"flag\":true,\"text\":\"hello, world\","
        + "\"s_super\":\"x y\",\"missing\":null}",
    "{\"i_small\":-3,\"i_int\":0,\"i_date\":-1,\"i_big\":0,\"i_time\":1,\"i_real\":-1,"
        + "\"i_double\":123456789012345678,\"i_super\":-7,\"f_small\":-0.5,\"f_int\":7.25,"
        + "\"f_big\":-1.5,\"f_ts\":2.0,\"f_real\":3.4028235e39,\"f_double\":1.7976931348623157e308,"
        + "\"flag\":false,\"text\":\"\",\"s_super\":\"\"}",
    "{\"text\":\" ~!#$%&'()*+,-./:;<=>?@[]^_`{|}\",\"flag\":null,\"i_big\":42}"
  };

  @Test
  void aRowHeldInPlaceEncodesAsItsValuesMadeIntoObjects() throws Exception {
    RowLayout layout =
        RowLayout.typed(EnumSet.of(ColumnGroup.METADATA), "pico_").withFields(COLUMNS);
    FieldNames names = FieldNames.of(layout, WriteSettings.APPEND);
    List<Record> records = new ArrayList<>();
    List<TypedRow> inPlace = new ArrayList<>();
    List<TypedRow> made = new ArrayList<>();
    for (int i = 0; i < VALUES.length; i++) {
      Record record =
          ParquetFileWriterTest.record("t", 0, i, null, VALUES[i].getBytes(StandardCharsets.UTF_8));
      records.add(record);
      TypedRow row = ValueReader.read(record, names);
      assertThat(row.inPlace()).as("row %d is held in place", i).isTrue();
      inPlace.add(row);
      TypedRow copy = new TypedRow(new ArrayList<>(row.fields()));
      assertThat(copy.inPlace()).isFalse();
      assertThat(copy).isEqualTo(row);
      made.add(copy);
    }
    assertThat(encode(layout, records, inPlace)).isEqualTo(encode(layout, records, made));
  }

  @Test
  void aFieldHeldInPlaceFitsAndWeighsAsItsValueMadeIntoAnObject() {
    RowLayout layout =
        RowLayout.typed(EnumSet.of(ColumnGroup.METADATA), "pico_").withFields(COLUMNS);
    FieldNames names = FieldNames.of(layout, WriteSettings.APPEND);
    List<ColumnType> columns =
        List.of(
            ColumnType.SMALLINT,
            ColumnType.INTEGER,
            ColumnType.BIGINT,
            ColumnType.REAL,
            ColumnType.DOUBLE_PRECISION,
            ColumnType.BOOLEAN,
            ColumnType.DATE,
            ColumnType.TIME,
            ColumnType.TIMESTAMP,
            ColumnType.TIMESTAMPTZ,
            ColumnType.varchar(5),
            ColumnType.VARCHAR_DEFAULT,
            ColumnType.VARCHAR_MAX,
            ColumnType.SUPER,
            ColumnType.VARBYTE_MAX,
            ColumnType.decimal(10, 2));
    int compared = 0;
    for (int i = 0; i < VALUES.length; i++) {
      TypedRow row =
          ValueReader.read(
              ParquetFileWriterTest.record(
                  "t", 0, i, null, VALUES[i].getBytes(StandardCharsets.UTF_8)),
              names);
      assertThat(row.inPlace()).isTrue();
      for (int j = 0; j < row.size(); j++) {
        assertThat(TypeMapping.bytes(row, j))
            .as("bytes of %s", row.name(j))
            .isEqualTo(TypeMapping.bytes(row.type(j), row.value(j)));
        assertThat(row.isNull(j)).isEqualTo(row.value(j) == null);
        for (ColumnType column : columns) {
          for (int capacity : new int[] {0, 1, 5, 12, column.maxBytes()}) {
            assertThat(TypeMapping.fit(column, capacity, row, j))
                .as("%s into %s holding %d bytes", row.name(j), column.display(), capacity)
                .isEqualTo(TypeMapping.fit(column, capacity, row.type(j), row.value(j)));
            compared++;
          }
        }
      }
    }
    assertThat(compared).isGreaterThan(1000);
  }

  private static byte[] encode(RowLayout layout, List<Record> records, List<TypedRow> rows)
      throws Exception {
    return new ColumnarFile(
            layout.columns(),
            ParquetSchemas.of(layout),
            ParquetCompression.ZSTD,
            ParquetFileWriterTest.CREATED.toString())
        .encode(records, rows, 4096);
  }
}
