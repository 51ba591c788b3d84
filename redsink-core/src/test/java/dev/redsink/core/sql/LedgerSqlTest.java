package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.TableName;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LedgerSqlTest {
  static final TableName LEDGER = LedgerSql.ledger(Optional.of("analytics"));

  @Test
  void ledgerLivesNextToTheTargets() {
    assertThat(LEDGER).isEqualTo(TableName.of("analytics", "_redsink_offsets"));
    assertThat(LedgerSql.ledger(Optional.empty())).isEqualTo(TableName.of("_redsink_offsets"));
  }

  @Test
  void createIsVersioned() {
    assertThat(LedgerSql.create(LEDGER))
        .isEqualTo(
            """
            CREATE TABLE IF NOT EXISTS "analytics"."_redsink_offsets" (
              "target_table" VARCHAR(512) NOT NULL,
              "topic" VARCHAR(256) NOT NULL,
              "partition" BIGINT NOT NULL,
              "next_offset" BIGINT NOT NULL,
              "updated_at" TIMESTAMP NOT NULL,
              "version" INTEGER NOT NULL
            )""");
  }

  @Test
  void readUpdateInsert() {
    SqlStatement read = LedgerSql.read(LEDGER, "orders");
    assertThat(read.text())
        .isEqualTo(
            "SELECT \"topic\", \"partition\", \"next_offset\", \"version\" FROM"
                + " \"analytics\".\"_redsink_offsets\" WHERE \"target_table\" = ?");
    assertThat(read.parameters()).containsExactly("orders");

    SqlStatement update = LedgerSql.update(LEDGER, "orders", "orders.eu", 0, 42);
    assertThat(update.text())
        .isEqualTo(
            "UPDATE \"analytics\".\"_redsink_offsets\" SET \"next_offset\" = ?, \"updated_at\" ="
                + " GETDATE(), \"version\" = ? WHERE \"target_table\" = ? AND \"topic\" = ? AND"
                + " \"partition\" = ?");
    assertThat(update.parameters()).containsExactly(42L, 1, "orders", "orders.eu", 0L);

    SqlStatement insert = LedgerSql.insertIfMissing(LEDGER, "orders", "orders.eu", 3, 7);
    assertThat(insert.text())
        .isEqualTo(
            "INSERT INTO \"analytics\".\"_redsink_offsets\" (\"target_table\", \"topic\","
                + " \"partition\", \"next_offset\", \"updated_at\", \"version\") SELECT ?, ?, ?,"
                + " ?, GETDATE(), ? WHERE NOT EXISTS (SELECT 1 FROM"
                + " \"analytics\".\"_redsink_offsets\" WHERE \"target_table\" = ? AND \"topic\" ="
                + " ? AND \"partition\" = ?)");
    assertThat(insert.parameters())
        .containsExactly("orders", "orders.eu", 3L, 7L, 1, "orders", "orders.eu", 3L);
  }

  @Test
  void highestOffsetPresentReadsTheIdPrefix() {
    SqlStatement s = LedgerSql.highestOffsetPresent(TableName.of("t"), "id", "orders.eu", 0);
    assertThat(s.text())
        .isEqualTo(
            "SELECT MAX(CAST(SUBSTRING(\"id\" FROM ?) AS BIGINT)) FROM \"t\" WHERE LEFT(\"id\","
                + " ?) = ?");
    assertThat(s.parameters()).containsExactly(13, 12, "orders.eu:0:");
  }
}
