package dev.redsink.core.encode;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.Record;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.JudgedRows;
import dev.redsink.core.typed.ParsedRows;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordChecksTest {
  private static final RowLayout LAYOUT = layout(ColumnType.BIGINT);

  /** A typed layout of field columns a (of type {@code a}) and b. */
  private static RowLayout layout(ColumnType a) {
    return RowLayout.typed(EnumSet.noneOf(ColumnGroup.class), "pico_")
        .withFields(
            List.of(RowLayout.field("a", a), RowLayout.field("b", ColumnType.VARCHAR_DEFAULT)));
  }

  private static Record record(long offset, String value) {
    return new Record("t", 0, offset, 0, null, List.of(), value.getBytes(UTF_8));
  }

  /**
   * A load trusts the check a runtime ran when it took a record (the row fits its columns as is)
   * only for columns equal to the ones it checked against; else it checks the row again.
   */
  @Test
  void aRowTheTakingCheckFoundToFitIsTrustedForTheSameColumnsOnly() {
    FieldNames names = FieldNames.of(LAYOUT, WriteSettings.APPEND);
    JudgedRows judged = new JudgedRows(1 << 20);
    RecordChecks checks = new RecordChecks(LAYOUT, SchemaEvolution.ADD_COLUMNS, names, judged);
    Record fits = record(0, "{\"a\":1,\"b\":\"x\"}");
    Record newField = record(1, "{\"a\":2,\"c\":3}");
    assertThat(checks.checkTaken(fits)).isTrue();
    assertThat(checks.checkTaken(newField)).as("c has no column yet").isFalse();

    ParsedRows rows = new ParsedRows(names, judged, 2);
    rows.read(fits);
    rows.read(newField);
    Object settledBy = rows.settledBy(fits);
    assertThat(RecordChecks.settledFor(settledBy, LAYOUT)).isTrue();
    RowLayout same = layout(ColumnType.BIGINT);
    assertThat(RecordChecks.settledFor(settledBy, same)).isTrue();
    RowLayout narrower = layout(ColumnType.INTEGER);
    assertThat(RecordChecks.settledFor(settledBy, narrower)).isFalse();
    assertThat(rows.settledBy(newField)).isNull();
    assertThat(RecordChecks.settledFor(null, LAYOUT)).isFalse();
  }
}
