package dev.redsink.core;

import dev.redsink.core.load.conformance.ConformanceRun;
import dev.redsink.core.load.conformance.Outcome;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What Redsink relies on Redshift for, run against the configured cluster, bucket and role in a
 * scratch schema ({@code redsink_conformance_<yyyyMMddHHmmss>}) that nothing else shares: COPY of
 * the engine's own Parquet files for every mapped type and codec, the statements of each write
 * mode, the failures the engine classifies, the catalog queries it sends.
 */
public final class Conformance {
  /** Whether the scratch schema outlives the run. */
  public enum Schema {
    DROP,
    KEEP
  }

  private final ConformanceRun run;

  private Conformance(ConformanceRun run) {
    this.run = run;
  }

  /**
   * The run for a raw configuration (reference key names), as {@link RedshiftSink} reads it; only
   * its connection, S3 and IAM role keys are used.
   */
  public static Conformance of(Map<String, ?> rawConfig, Instant now) {
    return new Conformance(new ConformanceRun(rawConfig, now));
  }

  /** The scratch schema's name. */
  public String schema() {
    return run.schema();
  }

  /**
   * Runs every item, handing each to {@code each} as it completes; a requested stop ends the run
   * after the item in progress. The schema is dropped at the end unless kept.
   *
   * @throws dev.redsink.core.error.InvalidConfigException when the connection keys are not usable
   * @throws dev.redsink.core.error.RedsinkException when the run cannot start (cannot connect or
   *     create the schema) or cannot drop its schema
   */
  public List<ConformanceItem> run(
      Consumer<ConformanceItem> each, BooleanSupplier stopRequested, Schema fate) {
    return run
        .run(
            o -> each.accept(item(o)),
            stopRequested,
            fate == Schema.KEEP ? ConformanceRun.Schema.KEEP : ConformanceRun.Schema.DROP)
        .stream()
        .map(Conformance::item)
        .toList();
  }

  private static ConformanceItem item(Outcome o) {
    return new ConformanceItem(
        o.name(),
        ConformanceItem.Status.valueOf(o.status().name()),
        o.statement(),
        o.expected(),
        o.answered());
  }
}
