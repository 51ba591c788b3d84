package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.ExistingColumn;
import dev.redsink.core.table.TableName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MovedRowsSqlTest {
  private static final TableName TO = new TableName(Optional.empty(), "_redsink_moved_t");
  private static final TableName FROM = new TableName(Optional.empty(), "_redsink_rebuild_00");

  @Test
  void aRebuildCastsWidenedColumnsAndLeavesOutOnesThatChangedOtherwise() {
    String sql =
        MovedRowsSql.copyRows(
            TO,
            FROM,
            List.of(
                new ExistingColumn("cid", "bigint"),
                new ExistingColumn("name", "character varying(65535)"),
                new ExistingColumn("amount", "numeric(14,2)"),
                new ExistingColumn("ratio", "double precision"),
                new ExistingColumn("note", "character varying(256)"),
                new ExistingColumn("code", "integer"),
                new ExistingColumn("redsink_next_key_1", "character varying(65535)")),
            Map.of(
                "cid", "integer",
                "name", "character varying(256)",
                "amount", "numeric(10,2)",
                "ratio", "real",
                "note", "character varying(256)",
                "code", "character varying(20)",
                "redsink_next_key_1", "character varying(65535)"));

    assertThat(sql)
        .isEqualTo(
            "INSERT INTO \"_redsink_moved_t\" (\"cid\", \"name\", \"amount\", \"ratio\", \"note\","
                + " \"redsink_next_key_1\") SELECT CAST(\"cid\" AS bigint), CAST(\"name\" AS"
                + " character varying(65535)), CAST(\"amount\" AS numeric(14,2)), CAST(\"ratio\" AS"
                + " double precision), \"note\", \"redsink_next_key_1\" FROM"
                + " \"_redsink_rebuild_00\"");
  }

  @Test
  void onlyAWideningOfTheSameFamilyWidens() {
    assertThat(MovedRowsSql.widens("smallint", "bigint")).isTrue();
    assertThat(MovedRowsSql.widens("bigint", "integer")).isFalse();
    assertThat(MovedRowsSql.widens("numeric(10,2)", "numeric(14,4)")).isTrue();
    assertThat(MovedRowsSql.widens("numeric(10,2)", "numeric(10,4)")).isFalse();
    assertThat(MovedRowsSql.widens("character varying(10)", "numeric(20,0)")).isFalse();
    assertThat(MovedRowsSql.widens("double precision", "real")).isFalse();
  }
}
