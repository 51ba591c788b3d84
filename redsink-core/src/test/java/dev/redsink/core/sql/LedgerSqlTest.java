package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.TableName;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LedgerSqlTest {
  static final TableName LEDGER = LedgerSql.ledgerOf(TableName.of("analytics", "Orders"));

  @Test
  void eachTargetHasItsOwnLedgerNextToIt() {
    assertThat(LEDGER).isEqualTo(TableName.of("analytics", "_redsink_ledger_orders"));
    assertThat(LedgerSql.ledgerOf(TableName.of("orders_eu")))
        .isEqualTo(TableName.of("_redsink_ledger_orders_eu"));
    assertThat(LedgerSql.legacy(Optional.of("analytics")))
        .isEqualTo(TableName.of("analytics", "_redsink_offsets"));
  }

  @Test
  void aLongTargetNameKeepsWhatFitsAndAHashOfTheWhole() {
    String longest = "t".repeat(127 - LedgerSql.PREFIX.length());
    assertThat(LedgerSql.ledgerOf(TableName.of(longest)).name())
        .isEqualTo("_redsink_ledger_" + longest);

    String a = "x".repeat(120) + "a";
    String b = "x".repeat(120) + "b";
    String ledgerA = LedgerSql.ledgerOf(TableName.of(a)).name();
    String ledgerB = LedgerSql.ledgerOf(TableName.of(b)).name();
    assertThat(TableName.utf8Length(ledgerA)).isEqualTo(127);
    assertThat(ledgerA).startsWith("_redsink_ledger_xxxx").matches(".*_[0-9a-f]{8}");
    assertThat(ledgerA).isNotEqualTo(ledgerB);
    assertThat(LedgerSql.ledgerOf(TableName.of(a.toUpperCase())).name())
        .as("the folded name decides")
        .isEqualTo(ledgerA);
  }

  @Test
  void aLongMultibyteNameIsCutBetweenCharacters() {
    String name = "é".repeat(60); // 120 bytes
    String ledger = LedgerSql.ledgerOf(TableName.of(name)).name();
    assertThat(TableName.utf8Length(ledger)).isLessThanOrEqualTo(127);
    assertThat(ledger).startsWith("_redsink_ledger_éé").doesNotContain("\uFFFD");
    assertThat(ledger.substring(LedgerSql.PREFIX.length(), ledger.length() - 9)).matches("é+");
  }

  @Test
  void createIsVersioned() {
    assertThat(LedgerSql.create(LEDGER))
        .isEqualTo(
            """
            CREATE TABLE IF NOT EXISTS "analytics"."_redsink_ledger_orders" (
              "target_table" VARCHAR(512) NOT NULL,
              "topic" VARCHAR(256) NOT NULL,
              "partition" BIGINT NOT NULL,
              "next_offset" BIGINT NOT NULL,
              "updated_at" TIMESTAMP NOT NULL,
              "version" INTEGER NOT NULL
            )""");
    assertThat(LedgerSql.FORMAT_VERSION).isEqualTo(2);
  }

  @Test
  void readUpdateInsert() {
    SqlStatement read = LedgerSql.read(LEDGER, "orders");
    assertThat(read.text())
        .isEqualTo(
            "SELECT \"topic\", \"partition\", \"next_offset\", \"version\" FROM"
                + " \"analytics\".\"_redsink_ledger_orders\" WHERE \"target_table\" = ?");
    assertThat(read.parameters()).containsExactly("orders");

    SqlStatement update = LedgerSql.update(LEDGER, "orders", "orders.eu", 0, 42);
    assertThat(update.text())
        .isEqualTo(
            "UPDATE \"analytics\".\"_redsink_ledger_orders\" SET \"next_offset\" = ?,"
                + " \"updated_at\" = GETDATE(), \"version\" = ? WHERE \"target_table\" = ? AND"
                + " \"topic\" = ? AND \"partition\" = ?");
    assertThat(update.parameters()).containsExactly(42L, 2, "orders", "orders.eu", 0L);

    SqlStatement insert = LedgerSql.insertIfMissing(LEDGER, "orders", "orders.eu", 3, 7);
    assertThat(insert.text())
        .isEqualTo(
            "INSERT INTO \"analytics\".\"_redsink_ledger_orders\" (\"target_table\", \"topic\","
                + " \"partition\", \"next_offset\", \"updated_at\", \"version\") SELECT ?, ?, ?,"
                + " ?, GETDATE(), ? WHERE NOT EXISTS (SELECT 1 FROM"
                + " \"analytics\".\"_redsink_ledger_orders\" WHERE \"target_table\" = ? AND"
                + " \"topic\" = ? AND \"partition\" = ?)");
    assertThat(insert.parameters())
        .containsExactly("orders", "orders.eu", 3L, 7L, 2, "orders", "orders.eu", 3L);
  }

  @Test
  void ledgerTablesAreFoundByTheirPrefix() {
    SqlStatement s = LedgerSql.ledgerTables(Optional.of("Analytics"));
    assertThat(s.text()).contains("LEFT(c.relname, ?) = ?").contains("n.nspname = ?");
    assertThat(s.parameters()).containsExactly("analytics", 16, "_redsink_ledger_");
    assertThat(LedgerSql.ledgerTables(Optional.empty()).text()).contains("current_schema()");
  }

  @Test
  void lockHoldersComeFromSvvTransactions() {
    SqlStatement s = LedgerSql.lockHolders(4242);
    assertThat(s.text())
        .startsWith("SELECT \"pid\", \"txn_start\", \"lock_mode\" FROM svv_transactions")
        .contains("\"granted\"")
        .contains("<> 'AccessShareLock'")
        .contains("pg_backend_pid()");
    assertThat(s.parameters()).containsExactly(4242L);
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
