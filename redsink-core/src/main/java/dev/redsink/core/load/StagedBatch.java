package dev.redsink.core.load;

import dev.redsink.core.sql.CopySource;
import dev.redsink.core.stage.StagedFile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Parquet files of one table load in S3, and the manifest when there are several; for
 * write_mode = upsert and cdc, what was staged (no files when every change was a no-op).
 */
record StagedBatch(
    List<StagedFile> files,
    Optional<StagedFile> manifest,
    long rows,
    long bytes,
    Duration stage,
    Duration encode,
    Duration upload,
    Optional<StagedChanges> changes) {

  /** What COPY reads: the single file, or the manifest. */
  String copyUrl() {
    return manifest.map(StagedFile::url).orElse(files.get(0).url());
  }

  CopySource copySource() {
    return manifest.isPresent() ? CopySource.MANIFEST : CopySource.OBJECT;
  }

  /** Every object to dispose of after the load, data files first. */
  List<StagedFile> objects() {
    List<StagedFile> all = new ArrayList<>(files);
    manifest.ifPresent(all::add);
    return all;
  }
}
