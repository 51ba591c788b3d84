package dev.redsink.core.config;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableLayout;
import dev.redsink.core.table.TableTemplate;
import dev.redsink.core.table.WriteSettings;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parsed, validated, immutable configuration; the engine never sees a raw map. Its toString and
 * {@link #describeEffective()} mask every secret.
 */
public record RedsinkConfig(
    ConnectionString connection,
    TableTemplate targetTable,
    Optional<String> targetSchema,
    String awsIamRole,
    String s3Bucket,
    String s3Prefix,
    String awsRegion,
    Optional<URI> s3Endpoint,
    Optional<StaticCredentials> staticCredentials,
    int batchSize,
    FileSplit fileSplit,
    ParquetCompression parquetCompression,
    int maxConnections,
    boolean includeMetadata,
    boolean includeKey,
    boolean includeHeaders,
    String metadataColumnPrefix,
    PayloadFormat payloadFormat,
    TableLayout tableLayout,
    SchemaEvolution schemaEvolution,
    TableKeys tableKeys,
    int maxRetries,
    Duration retryDelay,
    Duration retryMaxDelay,
    Duration retryTimeout,
    Duration s3Timeout,
    boolean archive,
    boolean verboseLogging,
    boolean dedupById,
    boolean directCopy,
    WriteSettings write,
    List<EffectiveValue> effective) {

  /** One key and its effective value as it may be logged (secrets already masked). */
  public record EffectiveValue(String key, String shown) {}

  public RedsinkConfig {
    effective = List.copyOf(effective);
  }

  /** The column layout these settings imply for new tables. */
  public RowLayout rowLayout() {
    return rowLayout(
        includeMetadata,
        includeKey,
        includeHeaders,
        metadataColumnPrefix,
        payloadFormat,
        tableLayout);
  }

  static RowLayout rowLayout(
      boolean includeMetadata,
      boolean includeKey,
      boolean includeHeaders,
      String prefix,
      PayloadFormat payloadFormat,
      TableLayout tableLayout) {
    EnumSet<ColumnGroup> groups = EnumSet.noneOf(ColumnGroup.class);
    if (includeMetadata) {
      groups.add(ColumnGroup.METADATA);
    }
    if (includeKey) {
      groups.add(ColumnGroup.KEY);
    }
    if (includeHeaders) {
      groups.add(ColumnGroup.HEADERS);
    }
    return tableLayout == TableLayout.TYPED
        ? RowLayout.typed(groups, prefix)
        : RowLayout.of(groups, payloadFormat, prefix);
  }

  /** One line per key, {@code key = value}, secrets masked: for the start-up log. */
  public String describeEffective() {
    StringBuilder text = new StringBuilder("Effective Redsink configuration:");
    for (EffectiveValue value : effective) {
      text.append("\n  ").append(value.key()).append(" = ").append(value.shown());
    }
    return text.toString();
  }

  /** The effective values by key, secrets masked. */
  public Map<String, String> effectiveValues() {
    java.util.LinkedHashMap<String, String> values = new java.util.LinkedHashMap<>();
    effective.forEach(v -> values.put(v.key(), v.shown()));
    return values;
  }

  @Override
  public String toString() {
    return "RedsinkConfig" + effectiveValues();
  }
}
