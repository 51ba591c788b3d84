package dev.redsink.core.config;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableLayout;
import dev.redsink.core.table.TableTemplate;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns raw values (from TOML or Kafka Connect, keyed by {@code batch_size} or {@code batch.size})
 * into a {@link RedsinkConfig}, reporting every problem at once.
 */
public final class ConfigParser {
  /** The problem reported when only one of the two static keys is set (the reference's wording). */
  public static final String BOTH_KEYS =
      "Choosing to use aws_access_key_id and aws_secret_access_key then both MUST be provided";

  private ConfigParser() {}

  /** The parsed configuration and the warnings a person should see once at start-up. */
  public record Parsed(RedsinkConfig config, List<String> warnings) {}

  /**
   * Parses and validates raw values.
   *
   * @throws InvalidConfigException listing every problem, each naming its key and the fix
   */
  public static Parsed parse(Map<String, ?> raw) {
    Problems problems = new Problems();
    Map<ConfigKey, Object> given = new HashMap<>();
    Map<ConfigKey, String> spelling = new HashMap<>();
    raw.forEach(
        (name, value) -> {
          Optional<ConfigKey> key = ConfigKeys.byName(name).or(() -> ConfigKeys.byDottedName(name));
          if (key.isEmpty()) {
            problems.problem(
                name,
                "unknown key; did you mean "
                    + KeyNames.nearestKey(name)
                    + "? (every key: docs/configuration.md)");
          } else if (value != null) {
            String earlier = spelling.putIfAbsent(key.get(), name);
            if (earlier != null) {
              problems.problem(
                  key.get().name(),
                  "given twice, as '" + earlier + "' and '" + name + "'; keep one");
            }
            given.put(key.get(), value);
          }
        });
    Map<ConfigKey, Object> typed = new HashMap<>();
    for (ConfigKey key : ConfigKeys.ALL) {
      Object value = given.get(key);
      if (isAbsent(key, value)) {
        if (key.isRequired()) {
          problems.problem(key.name(), "is required (" + firstSentence(key.doc()) + ")");
        }
        typed.put(key, key.defaultValue());
      } else {
        Object converted = typedValue(key, value, problems);
        typed.put(key, converted == null ? null : key.check().apply(key, converted, problems));
      }
    }
    checkCredentialPair(typed, problems);
    if (given.containsKey(ConfigKeys.BATCH_SIZE) && typed.get(ConfigKeys.MAX_FILE_BYTES) != null) {
      problems.warning(
          ConfigKeys.BATCH_SIZE.name(),
          "is ignored: max_file_bytes cuts the files by size; remove one of the two");
    }
    WriteSettingsParser.check(typed, problems);
    layout(typed).ifPresent(layout -> TableKeysParser.check(typed, layout, problems));
    if (!problems.problems().isEmpty()) {
      throw new InvalidConfigException(problems.problems());
    }
    return new Parsed(build(typed), problems.warnings());
  }

  /** The layout of the tables these values create, unless a key it depends on is invalid. */
  private static Optional<RowLayout> layout(Map<ConfigKey, Object> v) {
    Object[] parts = {
      v.get(ConfigKeys.INCLUDE_METADATA),
      v.get(ConfigKeys.INCLUDE_KEY),
      v.get(ConfigKeys.INCLUDE_HEADERS),
      v.get(ConfigKeys.METADATA_COLUMN_PREFIX),
      v.get(ConfigKeys.PAYLOAD_FORMAT),
      v.get(ConfigKeys.TABLE_LAYOUT)
    };
    if (java.util.Arrays.asList(parts).contains(null)) {
      return Optional.empty();
    }
    return Optional.of(
        RedsinkConfig.rowLayout(
            (Boolean) parts[0],
            (Boolean) parts[1],
            (Boolean) parts[2],
            (String) parts[3],
            (PayloadFormat) parts[4],
            (TableLayout) parts[5]));
  }

  private static boolean isAbsent(ConfigKey key, Object raw) {
    return raw == null
        || (raw instanceof String text && text.isEmpty() && key != ConfigKeys.S3_PREFIX);
  }

  private static Object typedValue(ConfigKey key, Object raw, Problems problems) {
    return switch (key.type()) {
      case STRING, TEMPLATE -> text(key, raw, problems);
      case INT -> integer(key, raw, problems);
      case BOOL -> bool(key, raw, problems);
      case DURATION -> duration(key, raw, problems);
      case SIZE -> size(key, raw, problems);
      case LIST -> list(key, raw, problems);
    };
  }

  private static Object text(ConfigKey key, Object raw, Problems problems) {
    if (raw instanceof String || raw instanceof Number) {
      return raw.toString();
    }
    problems.problem(key.name(), "expected a string, got " + kind(raw));
    return null;
  }

  /** A TOML array of strings, or a comma-separated string; entries trimmed. */
  private static Object list(ConfigKey key, Object raw, Problems problems) {
    if (raw instanceof String text) {
      return java.util.Arrays.stream(text.split(",", -1)).map(String::trim).toList();
    }
    if (raw instanceof List<?> items
        && items.stream().allMatch(i -> i instanceof String || i instanceof Number)) {
      return items.stream().map(i -> i.toString().trim()).toList();
    }
    problems.problem(
        key.name(),
        "expected a list of strings such as [\"a\", \"b\"] or a comma-separated string, got "
            + kind(raw));
    return null;
  }

  private static Object integer(ConfigKey key, Object raw, Problems problems) {
    try {
      long value =
          raw instanceof Number n && !(raw instanceof Double || raw instanceof Float)
              ? n.longValue()
              : Long.parseLong(raw.toString().trim());
      if (value == (int) value) {
        return (int) value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.problem(key.name(), "expected an integer, got " + shown(key, raw));
    return null;
  }

  private static Object bool(ConfigKey key, Object raw, Problems problems) {
    if (raw instanceof Boolean b) {
      return b;
    }
    String text = raw.toString().trim().toLowerCase(Locale.ROOT);
    if (text.equals("true") || text.equals("false")) {
      return Boolean.parseBoolean(text);
    }
    problems.problem(key.name(), "expected true or false, got " + shown(key, raw));
    return null;
  }

  private static Object duration(ConfigKey key, Object raw, Problems problems) {
    Optional<Duration> parsed =
        raw instanceof Duration d
            ? Optional.of(d)
            : raw instanceof Integer || raw instanceof Long
                ? Optional.of(Duration.ofMillis(((Number) raw).longValue()))
                : Durations.parse(raw.toString());
    if (parsed.isPresent() && !parsed.get().isNegative()) {
      return parsed.get();
    }
    Duration fallback = (Duration) key.defaultValue();
    problems.warning(
        key.name(),
        "cannot parse "
            + shown(key, raw)
            + " as a duration, falling back to "
            + Durations.format(fallback)
            + "; write it like 100ms, 1s or 2m");
    return fallback;
  }

  private static Object size(ConfigKey key, Object raw, Problems problems) {
    Optional<Long> parsed =
        raw instanceof Integer || raw instanceof Long
            ? Optional.of(((Number) raw).longValue())
            : ByteSizes.parse(raw.toString());
    if (parsed.isPresent() && parsed.get() >= 0) {
      return parsed.get();
    }
    problems.problem(
        key.name(), "cannot parse " + shown(key, raw) + " as a size; write it like 512KB or 64MB");
    return null;
  }

  private static void checkCredentialPair(Map<ConfigKey, Object> typed, Problems problems) {
    boolean id = typed.get(ConfigKeys.AWS_ACCESS_KEY_ID) != null;
    boolean secret = typed.get(ConfigKeys.AWS_SECRET_ACCESS_KEY) != null;
    if (id != secret) {
      problems.problem(
          id ? ConfigKeys.AWS_SECRET_ACCESS_KEY.name() : ConfigKeys.AWS_ACCESS_KEY_ID.name(),
          BOTH_KEYS + "; set the missing one, or remove both to use the default credential chain");
    }
  }

  private static RedsinkConfig build(Map<ConfigKey, Object> v) {
    List<RedsinkConfig.EffectiveValue> effective = new ArrayList<>();
    for (ConfigKey key : ConfigKeys.ALL) {
      effective.add(new RedsinkConfig.EffectiveValue(key.name(), key.display(v.get(key))));
    }
    Optional<StaticCredentials> credentials =
        v.get(ConfigKeys.AWS_ACCESS_KEY_ID) == null
            ? Optional.empty()
            : Optional.of(
                new StaticCredentials(
                    (Secret) v.get(ConfigKeys.AWS_ACCESS_KEY_ID),
                    (Secret) v.get(ConfigKeys.AWS_SECRET_ACCESS_KEY)));
    return new RedsinkConfig(
        (ConnectionString) v.get(ConfigKeys.CONNECTION_STRING),
        (TableTemplate) v.get(ConfigKeys.TARGET_TABLE),
        Optional.ofNullable((String) v.get(ConfigKeys.TARGET_SCHEMA)),
        (String) v.get(ConfigKeys.AWS_IAM_ROLE),
        (String) v.get(ConfigKeys.S3_BUCKET),
        (String) v.get(ConfigKeys.S3_PREFIX),
        (String) v.get(ConfigKeys.AWS_REGION),
        Optional.ofNullable((URI) v.get(ConfigKeys.S3_ENDPOINT)),
        credentials,
        (Integer) v.get(ConfigKeys.BATCH_SIZE),
        new FileSplit(
            (Integer) v.get(ConfigKeys.BATCH_SIZE),
            Optional.ofNullable((Long) v.get(ConfigKeys.MAX_FILE_BYTES)),
            Optional.ofNullable((Integer) v.get(ConfigKeys.SLICES)),
            (Integer) v.get(ConfigKeys.UPLOAD_CONCURRENCY)),
        (ParquetCompression) v.get(ConfigKeys.PARQUET_COMPRESSION),
        (Integer) v.get(ConfigKeys.MAX_CONNECTIONS),
        (Boolean) v.get(ConfigKeys.INCLUDE_METADATA),
        (Boolean) v.get(ConfigKeys.INCLUDE_KEY),
        (Boolean) v.get(ConfigKeys.INCLUDE_HEADERS),
        (String) v.get(ConfigKeys.METADATA_COLUMN_PREFIX),
        (PayloadFormat) v.get(ConfigKeys.PAYLOAD_FORMAT),
        (TableLayout) v.get(ConfigKeys.TABLE_LAYOUT),
        (SchemaEvolution) v.get(ConfigKeys.SCHEMA_EVOLUTION),
        TableKeysParser.keys(v),
        (Integer) v.get(ConfigKeys.MAX_RETRIES),
        (Duration) v.get(ConfigKeys.RETRY_DELAY),
        (Duration) v.get(ConfigKeys.RETRY_MAX_DELAY),
        (Duration) v.get(ConfigKeys.RETRY_TIMEOUT),
        (Duration) v.get(ConfigKeys.S3_TIMEOUT),
        (Boolean) v.get(ConfigKeys.ARCHIVE),
        (Boolean) v.get(ConfigKeys.VERBOSE_LOGGING),
        (Boolean) v.get(ConfigKeys.DEDUP_BY_ID),
        (Boolean) v.get(ConfigKeys.DIRECT_COPY),
        WriteSettingsParser.settings(v),
        effective);
  }

  private static String shown(ConfigKey key, Object raw) {
    return key.sensitivity() == Sensitivity.PLAIN ? "'" + raw + "'" : "a value (hidden)";
  }

  private static String kind(Object raw) {
    return raw instanceof Map
        ? "a table"
        : raw instanceof List ? "a list" : raw.getClass().getSimpleName();
  }

  private static String firstSentence(String doc) {
    int dot = doc.indexOf(". ");
    return dot < 0 ? doc : doc.substring(0, dot);
  }
}
