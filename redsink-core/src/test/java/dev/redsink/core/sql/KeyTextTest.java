package dev.redsink.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyTextTest {

  @Test
  void anIntegerKeyTakesTheStagedTextOnlyWhenItIsAnInteger() {
    assertThat(
            KeyText.equals(
                "t.\"id\"", RowLayout.field("id", ColumnType.BIGINT), "s.\"redsink_next_key_1\""))
        .isEqualTo("t.\"id\" = " + KeyText.asBigint("s.\"redsink_next_key_1\""));
    assertThat(KeyText.asBigint("k"))
        .isEqualTo(
            "CASE WHEN k ~ '^-?[0-9]+$' AND (LENGTH(k) < 19 OR (LENGTH(k) = 19 AND (LEFT(k, 1) ="
                + " '-' OR k <= '9223372036854775807')) OR (LENGTH(k) = 20 AND LEFT(k, 1) = '-' AND"
                + " RIGHT(k, 19) <= '9223372036854775808')) THEN CAST(k AS BIGINT) END");
  }

  @Test
  void aTextKeyIsComparedAsStored() {
    assertThat(KeyText.equals("t.\"code\"", RowLayout.field("code", ColumnType.varchar(32)), "s.k"))
        .isEqualTo("t.\"code\" = s.k");
  }

  @Test
  void aKeyOfAnotherTypeIsComparedAsText() {
    assertThat(KeyText.equals("t.\"day\"", RowLayout.field("day", ColumnType.DATE), "s.k"))
        .isEqualTo("CAST(t.\"day\" AS VARCHAR(65535)) = s.k");
  }

  @Test
  void aCompositeKeyMatchesEachColumnWithItsText() {
    assertThat(
            KeyText.matches(
                "t",
                List.of(
                    RowLayout.field("region", ColumnType.varchar(8)),
                    RowLayout.field("id", ColumnType.INTEGER)),
                "s",
                List.of("p1", "p2")))
        .isEqualTo("t.\"region\" = s.\"p1\" AND t.\"id\" = " + KeyText.asBigint("s.\"p2\""));
  }
}
