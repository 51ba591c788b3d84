package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.TableName;
import org.junit.jupiter.api.Test;

class ReplaceClaimSqlTest {

  @Test
  void aTablesClaimsAreNextToItAndLongNamesFitApart() {
    assertThat(ReplaceClaimSql.claimsOf(TableName.of("Orders")).name())
        .isEqualTo("_redsink_replace_orders");
    TableName a = ReplaceClaimSql.claimsOf(TableName.of("x".repeat(120) + "a"));
    TableName b = ReplaceClaimSql.claimsOf(TableName.of("x".repeat(120) + "b"));
    assertThat(TableName.utf8Length(a.name())).isLessThanOrEqualTo(127);
    assertThat(a).isNotEqualTo(b);
    assertThat(ReplaceSql.isReserved(a.name())).isTrue();
  }

  @Test
  void theSwapMarksOnlyARunningClaimCommitted() {
    SqlStatement mark = ReplaceClaimSql.markCommitted(TableName.of("_redsink_replace_t"), "t_run");
    assertThat(mark.text())
        .isEqualTo(
            "UPDATE \"_redsink_replace_t\" SET \"state\" = ? WHERE \"run_table\" = ? AND"
                + " \"state\" = ?");
    assertThat(mark.parameters()).containsExactly("committed", "t_run", "running");
  }
}
