package dev.redsink.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.sql.DedupMode;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.typed.KeyFold.Operation;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CopyPathTest {
  private static final RowLayout PAYLOAD =
      RowLayout.of(EnumSet.of(ColumnGroup.METADATA), PayloadFormat.VARBYTE, "pico_");
  private static final RowLayout TYPED =
      RowLayout.typed(EnumSet.of(ColumnGroup.METADATA), "pico_")
          .withFields(List.of(RowLayout.field("amount", ColumnType.DOUBLE_PRECISION)));

  private static StagedBatch batch(Optional<StagedChanges> changes) {
    return new StagedBatch(
        List.of(), Optional.empty(), 1, 1, Duration.ZERO, Duration.ZERO, Duration.ZERO, changes);
  }

  private static final StagedBatch APPENDED = batch(Optional.empty());

  @Test
  void appendsCopyStraightIntoTheTarget() {
    assertThat(CopyPath.of(CopyPath.DIRECT, APPENDED, DedupMode.LEDGER_ONLY, PAYLOAD))
        .isEqualTo(CopyPath.DIRECT);
    assertThat(CopyPath.of(CopyPath.DIRECT, APPENDED, DedupMode.LEDGER_ONLY, TYPED))
        .isEqualTo(CopyPath.DIRECT);
  }

  @Test
  void whatNeedsAStatementBetweenFilesAndTargetIsStaged() {
    StagedBatch upsert =
        batch(
            Optional.of(
                new StagedChanges(
                    TYPED,
                    1,
                    List.of("amount"),
                    Set.of(Operation.REPLACE),
                    Set.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    StagedChanges.Awaits.NONE,
                    false)));
    assertThat(CopyPath.of(CopyPath.DIRECT, upsert, DedupMode.LEDGER_ONLY, TYPED))
        .as("upsert and cdc")
        .isEqualTo(CopyPath.STAGED);
    assertThat(CopyPath.of(CopyPath.DIRECT, APPENDED, DedupMode.SKIP_EXISTING_IDS, PAYLOAD))
        .as("dedup_by_id")
        .isEqualTo(CopyPath.STAGED);
    RowLayout superPayload =
        RowLayout.of(EnumSet.of(ColumnGroup.METADATA), PayloadFormat.SUPER, "pico_");
    assertThat(CopyPath.of(CopyPath.DIRECT, APPENDED, DedupMode.LEDGER_ONLY, superPayload))
        .as("SUPER columns, parsed by the insert")
        .isEqualTo(CopyPath.STAGED);
    assertThat(CopyPath.of(CopyPath.STAGED, APPENDED, DedupMode.LEDGER_ONLY, PAYLOAD))
        .as("replace runs")
        .isEqualTo(CopyPath.STAGED);
  }
}
