package dev.redsink.core.load.conformance;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Runs every conformance item in a scratch schema of its own, which it drops at the end, after a
 * failure or a requested stop (unless kept): COPY, write modes, classified failures, catalog.
 */
public final class ConformanceRun {
  /** Whether the scratch schema outlives the run, to inspect what the items left. */
  public enum Schema {
    DROP,
    KEEP
  }

  private final Map<String, ?> rawConfig;
  private final String schema;

  /** A run on the connector's connection, bucket and role, its schema named after {@code now}. */
  public ConformanceRun(Map<String, ?> rawConfig, Instant now) {
    this.rawConfig = rawConfig;
    this.schema = ScratchSchema.nameAt(now);
  }

  /** {@code redsink_conformance_<yyyyMMddHHmmss>}. */
  public String schema() {
    return schema;
  }

  /**
   * Runs the items, handing each outcome to {@code each} as it comes; stops after the item in
   * progress once {@code stopRequested}.
   *
   * @throws dev.redsink.core.error.InvalidConfigException when the connection keys are not usable
   * @throws RedsinkException when the run cannot start (cannot connect, cannot create the schema)
   *     or its schema cannot be dropped
   */
  public List<Outcome> run(Consumer<Outcome> each, BooleanSupplier stopRequested, Schema fate) {
    Items items = new Items(each, stopRequested);
    try (ScratchSchema scratch = ScratchSchema.create(rawConfig, schema)) {
      try {
        new CopyItems(scratch, items).run();
        items.stopIfRequested();
        new WriteModeItems(scratch, items).run();
        items.stopIfRequested();
        new ErrorItems(scratch, items).run();
        items.stopIfRequested();
        new CatalogItems(scratch, items).run();
      } catch (ConformanceStopped stopped) {
        // Ctrl-C: the items so far stand; the schema is dropped below.
      } catch (SQLException e) {
        throw new RedsinkException(
            ErrorCategory.FATAL,
            "Cannot run the conformance items in schema "
                + schema
                + ": "
                + ScratchSchema.firstLine(e),
            e);
      } finally {
        if (fate == Schema.DROP) {
          scratch.drop();
        }
      }
    }
    return items.all();
  }
}
