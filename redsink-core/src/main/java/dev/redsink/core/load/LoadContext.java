package dev.redsink.core.load;

import dev.redsink.core.config.FileSplit;
import dev.redsink.core.retry.RetryPolicy;
import dev.redsink.core.stage.Disposal;
import dev.redsink.core.stage.StagedFile;
import dev.redsink.core.stage.Stager;
import java.util.List;

/**
 * What every table load of an engine shares: connections, the cached tables, ledger, S3 staging,
 * retry policy.
 */
record LoadContext(
    ConnectionPool pool,
    TargetTables tables,
    Ledger ledger,
    LoadTransaction transaction,
    Stager stager,
    RetryPolicy retry,
    FileSplit split,
    FileStaging staging,
    boolean verbose,
    Disposal disposal) {

  /**
   * Deletes or archives staged objects; failures are warnings (logged once, by the stager) and
   * never fail a load.
   */
  void dispose(List<StagedFile> objects, Disposal how) {
    stager.dispose(objects, how);
  }
}
