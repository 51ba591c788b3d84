package dev.redsink.core.load;

import dev.redsink.core.config.FileSplit;
import dev.redsink.core.retry.RetryPolicy;
import dev.redsink.core.stage.Disposal;
import dev.redsink.core.stage.StagedFile;
import dev.redsink.core.stage.Stager;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What every table load of an engine shares: connections, ledger, S3 staging, retry policy. */
record LoadContext(
    ConnectionPool pool,
    Ledger ledger,
    LoadTransaction transaction,
    Stager stager,
    RetryPolicy retry,
    FileSplit split,
    FileStaging staging,
    boolean verbose,
    Disposal disposal) {

  private static final Logger LOG = LoggerFactory.getLogger(LoadContext.class);

  /** Deletes or archives staged objects; failures are warnings and never fail a load. */
  void dispose(List<StagedFile> objects, Disposal how) {
    for (String warning : stager.dispose(objects, how)) {
      LOG.warn(warning);
    }
  }
}
