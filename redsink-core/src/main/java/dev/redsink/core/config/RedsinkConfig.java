package dev.redsink.core.config;

import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableLayout;
import dev.redsink.core.table.WriteSettings;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parsed, validated, immutable configuration; the engine never sees a raw map. Each key's value
 * is {@link #get typed by its key}; the values derived from several keys are methods. Its toString
 * and {@link #describeEffective()} mask every secret.
 */
public final class RedsinkConfig {
  /** The keys {@link #rowLayout()} reads. */
  static final List<ConfigKey<?>> ROW_LAYOUT_KEYS =
      List.of(
          ConfigKeys.INCLUDE_METADATA,
          ConfigKeys.INCLUDE_KEY,
          ConfigKeys.INCLUDE_HEADERS,
          ConfigKeys.METADATA_COLUMN_PREFIX,
          ConfigKeys.PAYLOAD_FORMAT,
          ConfigKeys.TABLE_LAYOUT);

  private final KeyValues values;

  RedsinkConfig(KeyValues values) {
    this.values = values.copy();
  }

  /** One key and its effective value as it may be logged (secrets already masked). */
  public record EffectiveValue(String key, String shown) {}

  /**
   * The key's value, or its default when it was not given: null only for an optional key without a
   * default (see {@link #find}).
   */
  public <T> T get(ConfigKey<T> key) {
    return values.get(key);
  }

  /** The key's value, empty when an optional key without a default was not given. */
  public <T> Optional<T> find(ConfigKey<T> key) {
    return Optional.ofNullable(values.get(key));
  }

  /** The column layout these settings imply for new tables. */
  public RowLayout rowLayout() {
    return rowLayout(values);
  }

  static RowLayout rowLayout(KeyValues v) {
    EnumSet<ColumnGroup> groups = EnumSet.noneOf(ColumnGroup.class);
    if (v.get(ConfigKeys.INCLUDE_METADATA)) {
      groups.add(ColumnGroup.METADATA);
    }
    if (v.get(ConfigKeys.INCLUDE_KEY)) {
      groups.add(ColumnGroup.KEY);
    }
    if (v.get(ConfigKeys.INCLUDE_HEADERS)) {
      groups.add(ColumnGroup.HEADERS);
    }
    String prefix = v.get(ConfigKeys.METADATA_COLUMN_PREFIX);
    return v.get(ConfigKeys.TABLE_LAYOUT) == TableLayout.TYPED
        ? RowLayout.typed(groups, prefix)
        : RowLayout.of(groups, v.get(ConfigKeys.PAYLOAD_FORMAT), prefix);
  }

  /**
   * How each load is cut into Parquet files: batch_size rows per file when only batch_size is set
   * (the reference design's files), otherwise files of max_file_bytes of record data, {@link
   * FileSplit#DEFAULT_FILE_BYTES} unless set.
   */
  public FileSplit fileSplit() {
    Optional<Integer> rows = find(ConfigKeys.BATCH_SIZE);
    Optional<Long> bytes = find(ConfigKeys.MAX_FILE_BYTES);
    return new FileSplit(
        rows.orElse(FileSplit.REFERENCE_ROWS),
        rows.isPresent() && bytes.isEmpty()
            ? Optional.empty()
            : Optional.of(bytes.orElse(FileSplit.DEFAULT_FILE_BYTES)),
        find(ConfigKeys.SLICES),
        get(ConfigKeys.UPLOAD_CONCURRENCY));
  }

  /** The runtime's static S3 credentials, empty for the default credential chain. */
  public Optional<StaticCredentials> staticCredentials() {
    return find(ConfigKeys.AWS_ACCESS_KEY_ID)
        .map(
            id ->
                new StaticCredentials(
                    id, get(ConfigKeys.AWS_SECRET_ACCESS_KEY), find(ConfigKeys.AWS_SESSION_TOKEN)));
  }

  /** Distribution and sort keys of the tables Redsink creates. */
  public TableKeys tableKeys() {
    return TableKeysParser.keys(values);
  }

  /** How loads write into the target: append, upsert or cdc. */
  public WriteSettings write() {
    return WriteSettingsParser.settings(values);
  }

  /** One line per key, {@code key = value}, secrets masked: for the start-up log. */
  public String describeEffective() {
    StringBuilder text = new StringBuilder("Effective Redsink configuration:");
    for (EffectiveValue value : effective()) {
      text.append("\n  ").append(value.key()).append(" = ").append(value.shown());
    }
    return text.toString();
  }

  /** Every key's effective value, in catalogue order, secrets masked. */
  public List<EffectiveValue> effective() {
    return ConfigKeys.ALL.stream()
        .map(key -> new EffectiveValue(key.name(), key.display(values.get(key))))
        .toList();
  }

  /** The effective values by key, secrets masked. */
  public Map<String, String> effectiveValues() {
    Map<String, String> shown = new LinkedHashMap<>();
    effective().forEach(v -> shown.put(v.key(), v.shown()));
    return shown;
  }

  @Override
  public String toString() {
    return "RedsinkConfig" + effectiveValues();
  }
}
