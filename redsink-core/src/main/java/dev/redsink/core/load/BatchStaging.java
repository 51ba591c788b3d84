package dev.redsink.core.load;

import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.record.Record;
import dev.redsink.core.stage.Disposal;
import dev.redsink.core.stage.StagedFile;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.ColumnType;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.StagingColumns;
import dev.redsink.core.typed.FieldNames;
import dev.redsink.core.typed.KeyFold;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A load's records staged in S3: encoded as Parquet in the table's column order (changes folded by
 * key first for upsert and cdc) and uploaded, ready for the load transaction's COPY.
 */
final class BatchStaging {
  private BatchStaging() {}

  /**
   * Stages the plan's pending records: folded by key first when {@code fold} is given (upsert and
   * cdc, with the staging-only columns the merge reads), cut into files, encoded and uploaded, with
   * a manifest when there are several files (deleted again when the manifest cannot be uploaded).
   */
  static StagedBatch stage(LoadContext ctx, KeyFold fold, TablePlan plan) {
    long start = System.nanoTime();
    Instant createdAt = Instant.now();
    List<Record> pending = plan.pending();
    ParquetFileWriter writer = plan.table().writer();
    Optional<StagedChanges> changes = Optional.empty();
    if (fold != null) {
      KeyFold.Folded folded = fold.fold(pending);
      RowLayout layout = plan.table().layout();
      List<Column> columns = new ArrayList<>(layout.columns());
      columns.add(RowLayout.field(KeyFold.OP_COLUMN, ColumnType.VARCHAR_20));
      if (!folded.keptColumns().isEmpty()) {
        columns.add(RowLayout.field(KeyFold.KEEP_COLUMN, ColumnType.VARCHAR_MAX));
      }
      List<String> previousKey =
          keyText(columns, folded.previousKeyColumns(), StagingColumns::previousKey);
      List<String> previousNextKey =
          keyText(columns, folded.previousNextKeyColumns(), StagingColumns::previousNextKey);
      List<String> nextKey = keyText(columns, folded.nextKeyColumns(), StagingColumns::nextKey);
      List<String> awaitsOldKey =
          keyText(columns, folded.awaitsKeyColumns(), StagingColumns::awaitsOldKey);
      List<String> awaitsNewKey =
          keyText(columns, folded.awaitsKeyColumns(), StagingColumns::awaitsNewKey);
      List<String> movedToKey =
          keyText(columns, folded.movedToKeyColumns(), StagingColumns::movedToKey);
      RowLayout stagingLayout = layout.withColumns(columns);
      writer = new ParquetFileWriter(stagingLayout, plan.table().compression(), FieldNames.COLUMNS);
      pending = folded.staged();
      changes =
          Optional.of(
              new StagedChanges(
                  stagingLayout,
                  folded.changes(),
                  folded.keyColumns(),
                  folded.operations(),
                  folded.keptColumns(),
                  previousKey,
                  previousNextKey,
                  nextKey,
                  new StagedChanges.Awaits(awaitsOldKey, awaitsNewKey, movedToKey),
                  folded.truncate(),
                  folded.truncatedAt()));
    }
    FileStaging.Staged staged =
        ctx.staging().stage(FileCuts.cut(pending, ctx.split()), writer, createdAt, plan.parsed());
    List<StagedFile> files = staged.files();
    long uploadNanos = staged.upload().toNanos();
    Optional<StagedFile> manifest = Optional.empty();
    if (files.size() > 1) {
      long t0 = System.nanoTime();
      try {
        manifest = Optional.of(ctx.stager().uploadManifest(files));
      } catch (RuntimeException e) {
        ctx.dispose(files, Disposal.DELETE);
        throw e;
      }
      uploadNanos += System.nanoTime() - t0;
    }
    return new StagedBatch(
        files,
        manifest,
        pending.size(),
        staged.bytes(),
        Duration.ofNanos(System.nanoTime() - start),
        staged.encode(),
        Duration.ofNanos(uploadNanos),
        changes);
  }

  /**
   * Adds {@code count} staging-only text columns named by {@code name} to {@code columns}: one per
   * key column, holding a key as text.
   */
  private static List<String> keyText(List<Column> columns, int count, IntFunction<String> name) {
    List<String> names = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      names.add(name.apply(i));
      columns.add(RowLayout.field(name.apply(i), ColumnType.VARCHAR_MAX));
    }
    return names;
  }
}
