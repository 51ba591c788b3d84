package dev.redsink.core.stage;

import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.retry.RetryPolicy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts Parquet files and manifests under unique time-ordered keys (so retrying an upload is safe),
 * and deletes or archives them after the load.
 */
public final class Stager implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Stager.class);

  private final ObjectStore store;
  private final String prefix;
  private final UuidV7 uuids;
  private final RetryPolicy retry;

  public Stager(ObjectStore store, String prefix, UuidV7 uuids, RetryPolicy retry) {
    this.store = store;
    this.prefix = prefix;
    this.uuids = uuids;
    this.retry = retry;
  }

  /** Uploads one Parquet file with its CRC32C, retrying transient failures. */
  public StagedFile upload(byte[] parquet) {
    return put(StagedFile.parquetKey(prefix, uuids.next()), parquet);
  }

  /** Uploads a COPY manifest listing the files. */
  public StagedFile uploadManifest(List<StagedFile> files) {
    byte[] json = Manifest.of(files).toJson().getBytes(StandardCharsets.UTF_8);
    return put(StagedFile.manifestKey(prefix, uuids.next()), json);
  }

  private StagedFile put(String key, byte[] bytes) {
    String crc = Crc32c.base64(bytes);
    StagedFile file = new StagedFile(store.bucket(), key, bytes.length);
    retry.runVoid("upload " + file.url(), () -> store.put(key, bytes, crc));
    return file;
  }

  /**
   * Deletes (or archives, then deletes) the files after COMMIT. Failures never fail the load: each
   * becomes a warning, logged and returned.
   */
  public List<String> dispose(List<StagedFile> files, Disposal disposal) {
    List<String> warnings = new ArrayList<>();
    for (StagedFile file : files) {
      try {
        if (disposal == Disposal.ARCHIVE && file.key().endsWith(".parquet")) {
          retry.runCleanup(
              "archive " + file.url(), () -> store.copy(file.key(), file.archiveKey()));
        }
        retry.runCleanup("delete " + file.url(), () -> store.delete(file.key()));
      } catch (RedsinkException e) {
        String warning =
            "Cannot clean up staged file "
                + file.url()
                + " (the load committed): "
                + e.getMessage();
        LOG.warn(warning);
        warnings.add(warning);
      }
    }
    return warnings;
  }

  /** Closes the object store's client. */
  @Override
  public void close() {
    store.close();
  }
}
