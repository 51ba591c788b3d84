package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.DistStyle;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TableSqlTest {
  static final RowLayout DEFAULTS =
      RowLayout.of(
          EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY), PayloadFormat.VARBYTE, "pico_");
  static final RowLayout BARE =
      RowLayout.of(EnumSet.noneOf(ColumnGroup.class), PayloadFormat.TEXT, "pico_");

  @Test
  void createTableIsTheReferenceDdl() {
    assertThat(TableSql.createTable(TableName.of("orders_eu"), DEFAULTS, TableKeys.AUTO))
        .isEqualTo(
            """
            CREATE TABLE IF NOT EXISTS "orders_eu" (
              "id" VARCHAR(512),
              "pico_offset" VARCHAR(20),
              "pico_timestamp" VARCHAR(20),
              "pico_topic" VARCHAR,
              "pico_partition" BIGINT,
              "pico_key" VARCHAR(MAX),
              "payload" VARBYTE(16777216),
              "created_at" VARCHAR
            )""");
  }

  @Test
  void createTableQuotesVerbatimInASchema() {
    assertThat(
            TableSql.createTable(
                TableName.of("analytics", "orders_orders.eu\"x"), BARE, TableKeys.AUTO))
        .startsWith("CREATE TABLE IF NOT EXISTS \"analytics\".\"orders_orders.eu\"\"x\" (\n")
        .contains("\"payload\" VARCHAR(MAX)");
  }

  @Test
  void createTableCarriesTheKeysAndStagingSharesTheDistributionKey() {
    TableKeys keys =
        new TableKeys(DistStyle.KEY, Optional.of("id"), List.of("pico_timestamp", "id"));
    assertThat(TableSql.createTable(TableName.of("t"), DEFAULTS, keys))
        .endsWith(
            "\"created_at\" VARCHAR\n)\nDISTSTYLE KEY\nDISTKEY (\"id\")\nCOMPOUND SORTKEY"
                + " (\"pico_timestamp\", \"id\")");
    assertThat(
            TableSql.createTable(
                TableName.of("t"),
                BARE,
                new TableKeys(DistStyle.EVEN, Optional.empty(), List.of())))
        .endsWith("\n)\nDISTSTYLE EVEN");
    assertThat(TableSql.createStaging("s", BARE, keys))
        .endsWith(" VARCHAR) DISTSTYLE KEY DISTKEY (\"id\")");
    assertThat(
            TableSql.createStaging(
                "s", BARE, new TableKeys(DistStyle.KEY, Optional.of("region"), List.of())))
        .endsWith(" VARCHAR)");
  }

  static java.util.List<ColumnType> columnTypes() {
    return ColumnType.constants();
  }

  @ParameterizedTest
  @MethodSource("columnTypes")
  void ddlSpellingMatchesTheDisplayName(ColumnType type) {
    assertThat(SqlTypes.ddl(type)).isEqualTo(type.display());
  }

  @Test
  void columnLookupWorksWithAndWithoutSchema() {
    SqlStatement qualified = TableSql.columns(TableName.of("Analytics", "Orders.EU"));
    assertThat(qualified.text())
        .isEqualTo(
            "SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull"
                + " AND NOT a.atthasdef FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = ?"
                + " AND n.nspname = ? AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped"
                + " ORDER BY a.attnum");
    assertThat(qualified.parameters()).containsExactly("orders.eu", "analytics");
    SqlStatement bare = TableSql.columns(TableName.of("orders"));
    assertThat(bare.text()).contains("AND n.nspname = current_schema() AND");
    assertThat(bare.parameters()).containsExactly("orders");
  }

  @Test
  void stagingIsASessionTempTableWithAUniqueName() {
    String name = TableSql.newStagingName();
    assertThat(name).matches("redsink_staging_[0-9a-f]{16}");
    assertThat(TableSql.newStagingName()).isNotEqualTo(name);
    // The columns the load writes, not LIKE the target, which may hold others.
    assertThat(TableSql.createStaging("redsink_staging_00", BARE, TableKeys.AUTO))
        .isEqualTo(
            "CREATE TEMP TABLE \"redsink_staging_00\" (\"id\" VARCHAR(512), \"payload\""
                + " VARCHAR(MAX), \"created_at\" VARCHAR)");
    assertThat(TableSql.dropStaging("redsink_staging_00"))
        .isEqualTo("DROP TABLE IF EXISTS \"redsink_staging_00\"");
  }

  @Test
  void copyUsesTheIamRoleAndNeverRegionOrKeys() {
    assertThat(
            TableSql.copy("st", "s3://b/p/x.parquet", "arn:aws:iam::1:role/R", CopySource.OBJECT))
        .isEqualTo(
            "COPY \"st\" FROM 's3://b/p/x.parquet' IAM_ROLE 'arn:aws:iam::1:role/R' FORMAT AS"
                + " PARQUET");
    assertThat(TableSql.copy("st", "s3://b/m.manifest", "arn", CopySource.MANIFEST))
        .isEqualTo("COPY \"st\" FROM 's3://b/m.manifest' IAM_ROLE 'arn' FORMAT AS PARQUET MANIFEST")
        .doesNotContain("REGION")
        .doesNotContain("ACCESS_KEY");
    assertThat(TableSql.copy("st", "s3://b/it's", "arn", CopySource.OBJECT))
        .contains("FROM 's3://b/it''s'");
    assertThatThrownBy(() -> TableSql.copy("st", "s3://b/a\\b", "arn", CopySource.OBJECT))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void copyIntoTheTargetNamesTheFilesColumnsInFileOrder() {
    assertThat(
            TableSql.copyInto(
                TableName.of("analytics", "orders"),
                BARE.columns(),
                "s3://b/m.manifest",
                "arn:aws:iam::1:role/R",
                CopySource.MANIFEST))
        .isEqualTo(
            "COPY \"analytics\".\"orders\" (\"id\", \"payload\", \"created_at\") FROM"
                + " 's3://b/m.manifest' IAM_ROLE 'arn:aws:iam::1:role/R' FORMAT AS PARQUET"
                + " MANIFEST");
  }

  @Test
  void countAndLock() {
    assertThat(TableSql.lastCopyCount()).isEqualTo("SELECT pg_last_copy_count()");
    assertThat(TableSql.lock(TableName.of("s", "t"))).isEqualTo("LOCK \"s\".\"t\"");
  }

  @Test
  void insertFromStaging() {
    assertThat(TableSql.insertFromStaging(TableName.of("t"), "st", BARE, DedupMode.LEDGER_ONLY))
        .isEqualTo(
            "INSERT INTO \"t\" (\"id\", \"payload\", \"created_at\") SELECT \"id\", \"payload\","
                + " \"created_at\" FROM \"st\"");
    assertThat(
            TableSql.insertFromStaging(
                TableName.of("s", "t"), "st", BARE, DedupMode.SKIP_EXISTING_IDS))
        .isEqualTo(
            "INSERT INTO \"s\".\"t\" (\"id\", \"payload\", \"created_at\") SELECT s.\"id\","
                + " s.\"payload\", s.\"created_at\" FROM (SELECT \"id\", \"payload\","
                + " \"created_at\", ROW_NUMBER() OVER (PARTITION BY \"id\" ORDER BY \"id\") AS"
                + " redsink_rn FROM \"st\") s WHERE s.redsink_rn = 1 AND NOT EXISTS (SELECT 1"
                + " FROM \"s\".\"t\" existing WHERE existing.\"id\" = s.\"id\")");
  }

  @Test
  void identifiersRefuseWhatRedshiftWouldMangle() {
    assertThat(Identifiers.quote("a\"b")).isEqualTo("\"a\"\"b\"");
    assertThatThrownBy(() -> Identifiers.quote("x".repeat(128)))
        .hasMessageContaining("longer than 127 bytes");
    assertThatThrownBy(() -> Identifiers.quote("")).isInstanceOf(IllegalArgumentException.class);
    assertThat(Identifiers.quote("é".repeat(63))).hasSize(65);
  }
}
