package dev.redsink.core.load.conformance;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.ConformanceSql;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.sql.SqlStatement;
import dev.redsink.core.sql.SqlTypes;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.TableName;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * COPY of Redsink's own Parquet files: every column type the type mapping produces, each codec the
 * encoder writes, the manifest form, and the direct COPY into the target with its ledger row in one
 * transaction; values read back and compared by the cluster.
 */
final class CopyItems {
  /** 65,535 bytes of UTF-8 in 32,768 characters: the longest VARCHAR, multibyte. */
  private static final String LONGEST = "é".repeat(32_767) + "a";

  /** A field of the test record, the column the type mapping gives it, and its value read back. */
  private record Field(
      String column, ColumnType type, String schema, String payload, String expected) {}

  private static final List<Field> TYPES =
      List.of(
          field("c_smallint", ColumnType.SMALLINT, "\"type\":\"int16\"", "32767", "32767"),
          field(
              "c_integer", ColumnType.INTEGER, "\"type\":\"int32\"", "-2147483648", "-2147483648"),
          field(
              "c_bigint",
              ColumnType.BIGINT,
              "\"type\":\"int64\"",
              "9223372036854775807",
              "9223372036854775807"),
          field(
              "c_decimal",
              ColumnType.decimal(38, 37),
              "\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data.Decimal\","
                  + "\"parameters\":{\"scale\":\"37\",\"connect.decimal.precision\":\"38\"}",
              "\""
                  + Base64.getEncoder()
                      .encodeToString(new BigInteger("9".repeat(38)).negate().toByteArray())
                  + "\"",
              "-9." + "9".repeat(37)),
          field("c_real", ColumnType.REAL, "\"type\":\"float32\"", "1.5", "1.5"),
          field(
              "c_double",
              ColumnType.DOUBLE_PRECISION,
              "\"type\":\"float64\"",
              "3.141592653589793",
              "3.141592653589793"),
          field("c_boolean", ColumnType.BOOLEAN, "\"type\":\"boolean\"", "true", "true"),
          field(
              "c_date",
              ColumnType.DATE,
              "\"type\":\"int32\",\"name\":\"org.apache.kafka.connect.data.Date\"",
              "19000",
              LocalDate.ofEpochDay(19_000).toString()),
          field(
              "c_time",
              ColumnType.TIME,
              "\"type\":\"int32\",\"name\":\"org.apache.kafka.connect.data.Time\"",
              "45296789",
              "12:34:56.789"),
          field(
              "c_timestamp",
              ColumnType.TIMESTAMP,
              "\"type\":\"int64\",\"name\":\"org.apache.kafka.connect.data.Timestamp\"",
              "1700000000123",
              "2023-11-14 22:13:20.123"),
          field(
              "c_timestamptz",
              ColumnType.TIMESTAMPTZ,
              "\"type\":\"string\",\"name\":\"io.debezium.time.ZonedTimestamp\"",
              "\"2023-11-14T22:13:20.123456Z\"",
              "2023-11-14 22:13:20.123456+00"),
          field(
              "c_varchar",
              ColumnType.VARCHAR_MAX,
              "\"type\":\"string\"",
              "\"" + LONGEST + "\"",
              "65535 bytes, 32768 characters"),
          field(
              "c_varbyte",
              ColumnType.VARBYTE_MAX,
              "\"type\":\"bytes\"",
              "\"" + Base64.getEncoder().encodeToString(new byte[] {0, 1, (byte) 0xff}) + "\"",
              "0001ff"));

  private static final Field SUPER =
      field(
          "c_super",
          ColumnType.SUPER,
          "\"type\":\"struct\",\"fields\":[{\"field\":\"k\",\"type\":\"int32\"}]",
          "{\"k\":7}",
          "{\"k\":7}");

  private static Field field(
      String column, ColumnType type, String schema, String payload, String expected) {
    return new Field(column, type, schema, payload, expected);
  }

  private final ScratchSchema scratch;
  private final Items items;

  CopyItems(ScratchSchema scratch, Items items) {
    this.scratch = scratch;
    this.items = items;
  }

  void run() throws SQLException {
    types();
    superColumn();
    for (ParquetCompression codec : ParquetCompression.values()) {
      codec(codec);
    }
    manifest();
  }

  /** One record with every type but SUPER: an append without SUPER takes the direct COPY. */
  private void types() throws SQLException {
    String table = "copy_types";
    Optional<String> failure =
        EngineLoads.write(
            typed(table), List.of(List.of(ConnectRecords.record(0, null, envelope(TYPES)))));
    for (Field f : TYPES) {
      items.add(typeItem(table, f, failure));
    }
    TableName target = scratch.table(table);
    SqlStatement ledger = LedgerSql.read(LedgerSql.ledgerOf(target), target.folded());
    String statement =
        "the engine's direct COPY into "
            + target
            + " (TableSql.copyInto) and its ledger update in one transaction; then "
            + ledger.text();
    if (failure.isPresent()) {
      items.add(Outcome.failed(directName(), statement, "1 row and ledger row", failure.get()));
      return;
    }
    String rows = scratch.value(ConformanceSql.count(target));
    String ledgerRows =
        String.join(", ", scratch.rows(ledger.text(), ledger.parameters().toArray()));
    items.add(
        Outcome.compared(
            directName(),
            statement,
            "1 row; ledger " + ConnectRecords.TOPIC + "|0|1|" + LedgerSql.FORMAT_VERSION,
            rows + " row; ledger " + ledgerRows));
  }

  private static String directName() {
    return "COPY straight into the target with the ledger row in one transaction";
  }

  /** SUPER is staged as text and parsed by the insert with JSON_PARSE. */
  private void superColumn() throws SQLException {
    String table = "copy_super";
    Optional<String> failure =
        EngineLoads.write(
            typed(table),
            List.of(List.of(ConnectRecords.record(0, null, envelope(List.of(SUPER))))));
    items.add(typeItem(table, SUPER, failure));
  }

  private Outcome typeItem(String table, Field f, Optional<String> loadFailure)
      throws SQLException {
    TableName target = scratch.table(table);
    String name = "COPY Parquet into " + SqlTypes.ddl(f.type());
    String check = ConformanceSql.countEqual(target, f.column(), f.type());
    String statement =
        "the engine's load of one record into " + target + "." + f.column() + "; then " + check;
    String expected = SqlTypes.ddl(f.type()) + " = " + f.expected();
    if (loadFailure.isPresent()) {
      return Outcome.failed(name, statement, expected, loadFailure.get());
    }
    Optional<ColumnType> type = columnType(target, f.column());
    String shown = scratch.value(ConformanceSql.shown(target, f.column(), f.type()));
    String bound = f.type().equals(ColumnType.VARCHAR_MAX) ? LONGEST : f.expected();
    boolean equal = "1".equals(scratch.value(check, bound));
    String answered =
        type.map(SqlTypes::ddl).orElse("no such column")
            + (equal ? " = " : " ≠ expected, holds ")
            + shown;
    return Outcome.compared(name, statement, expected, answered);
  }

  private Optional<ColumnType> columnType(TableName table, String column) throws SQLException {
    SqlStatement columns = TableSql.columns(table);
    for (String row : scratch.rows(columns.text(), columns.parameters().toArray())) {
      String[] parts = row.split("\\|", -1);
      if (parts[0].equals(column)) {
        return ColumnType.ofCatalog(parts[1]);
      }
    }
    return Optional.empty();
  }

  private void codec(ParquetCompression codec) throws SQLException {
    String table = "copy_" + codec.keyword();
    Map<String, Object> config = typed(table);
    config.put("parquet_compression", codec.keyword());
    items.add(rowsLoaded("COPY Parquet compressed with " + codec.keyword(), table, config, 2));
  }

  /** batch_size = 1 cuts a load into a file per record: COPY … MANIFEST. */
  private void manifest() throws SQLException {
    String table = "copy_manifest";
    Map<String, Object> config = typed(table);
    config.put("batch_size", 1);
    items.add(rowsLoaded("COPY Parquet files listed in a manifest", table, config, 3));
  }

  private Outcome rowsLoaded(String name, String table, Map<String, Object> config, int count)
      throws SQLException {
    List<Record> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(
          ConnectRecords.record(
              i,
              null,
              ConnectRecords.envelope(
                  "{\"field\":\"n\",\"type\":\"int64\"},{\"field\":\"s\",\"type\":\"string\"}",
                  "{\"n\":" + i + ",\"s\":\"row " + i + "\"}")));
    }
    TableName target = scratch.table(table);
    String read = ConformanceSql.rows(target, List.of("n", "s"));
    String statement =
        "the engine's load of " + count + " records into " + target + "; then " + read;
    String expected =
        records.stream()
            .map(r -> r.offset() + "|row " + r.offset())
            .collect(Collectors.joining(", "));
    Optional<String> failure = EngineLoads.write(config, List.of(records));
    if (failure.isPresent()) {
      return Outcome.failed(name, statement, expected, failure.get());
    }
    return Outcome.compared(name, statement, expected, String.join(", ", scratch.rows(read)));
  }

  private Map<String, Object> typed(String table) {
    Map<String, Object> config = scratch.sinkConfig(table);
    config.put("table_layout", "typed");
    return config;
  }

  private static String envelope(List<Field> fields) {
    return ConnectRecords.envelope(
        fields.stream()
            .map(f -> "{\"field\":\"" + f.column() + "\"," + f.schema() + ",\"optional\":true}")
            .collect(Collectors.joining(",")),
        fields.stream()
            .map(f -> "\"" + f.column() + "\":" + f.payload())
            .collect(Collectors.joining(",", "{", "}")));
  }
}
