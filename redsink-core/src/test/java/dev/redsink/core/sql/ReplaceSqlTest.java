package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.TableName;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ReplaceSqlTest {
  private static final Instant STARTED = Instant.parse("2026-12-01T10:00:00Z");

  @Test
  void aRunTableIsTheTargetsNameTheTimeAndTheId() {
    TableName run = ReplaceSql.runTable(TableName.of("orders"), STARTED, "0badcafe");
    assertThat(run.name()).isEqualTo("orders_rsrun_20261201100000_0badcafe");
    assertThat(ReplaceSql.isRunTableOf(TableName.of("orders"), run.name())).isTrue();
  }

  @Test
  void onlyNamesInTheRunFormatOfThatTargetAreItsRunTables() {
    TableName orders = TableName.of("orders");
    assertThat(ReplaceSql.isRunTableOf(orders, "orders_rsrun_backup")).isFalse();
    assertThat(ReplaceSql.isRunTableOf(orders, "orders_rsrun_20261201100000_0badcafe_old"))
        .isFalse();
    assertThat(ReplaceSql.isRunTableOf(orders, "orders_eu_rsrun_20261201100000_0badcafe"))
        .as("another target's run table")
        .isFalse();
  }

  @Test
  void longTargetNamesFitWithAHashSoTheirRunTablesAreFoundAndKeptApart() {
    TableName a = TableName.of("x".repeat(120) + "a");
    TableName b = TableName.of("x".repeat(120) + "b");
    TableName runA = ReplaceSql.runTable(a, STARTED, "00000001");
    assertThat(TableName.utf8Length(runA.name())).isLessThanOrEqualTo(127);
    assertThat(ReplaceSql.isRunTableOf(a, runA.name())).isTrue();
    assertThat(ReplaceSql.isRunTableOf(b, runA.name())).isFalse();
  }

  @Test
  void ledgerAndRunTableNamesAreReserved() {
    assertThat(ReplaceSql.isReserved("_redsink_ledger_orders")).isTrue();
    assertThat(ReplaceSql.isReserved("_redsink_moved_orders")).isTrue();
    assertThat(ReplaceSql.isReserved("_redsink_rebuild_0123456789abcdef")).isTrue();
    assertThat(ReplaceSql.isReserved("_redsink_replace_orders")).isTrue();
    assertThat(ReplaceSql.isReserved("orders_rsrun_20261201100000_0badcafe")).isTrue();
    assertThat(ReplaceSql.isReserved("orders")).isFalse();
    assertThat(ReplaceSql.isReserved("orders_rsrun_backup")).isFalse();
  }
}
