package dev.redsink.core.config;

import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.table.RowLayout;
import java.util.HashMap;
import java.util.List;
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
    Map<ConfigKey<?>, Object> given = new HashMap<>();
    Map<ConfigKey<?>, String> spelling = new HashMap<>();
    raw.forEach(
        (name, value) -> {
          Optional<ConfigKey<?>> key =
              ConfigKeys.byName(name).or(() -> ConfigKeys.byDottedName(name));
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
    KeyValues typed = new KeyValues();
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      read(key, given.get(key), typed, problems);
    }
    checkCredentialPair(typed, problems);
    checkKmsKey(typed, problems);
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
    return new Parsed(new RedsinkConfig(typed), problems.warnings());
  }

  /**
   * The value of one key among raw values given under either spelling, its default when absent: for
   * a runtime that needs a key before it opens the engine.
   *
   * @throws InvalidConfigException naming the key and the fix when the value is invalid
   */
  public static <T> T value(Map<String, ?> raw, ConfigKey<T> key) {
    Object given = raw.containsKey(key.name()) ? raw.get(key.name()) : raw.get(key.dottedName());
    Problems problems = new Problems();
    KeyValues typed = new KeyValues();
    read(key, given, typed, problems);
    if (!problems.problems().isEmpty()) {
      throw new InvalidConfigException(problems.problems());
    }
    return typed.get(key);
  }

  /** Stores the key's checked value, or its default when absent. */
  private static <T> void read(ConfigKey<T> key, Object raw, KeyValues typed, Problems problems) {
    if (key.isAbsent(raw)) {
      if (key.isRequired()) {
        problems.problem(key.name(), "is required (" + firstSentence(key.doc()) + ")");
      }
      typed.put(key, key.defaultValue());
    } else {
      typed.put(key, key.read(raw, problems));
    }
  }

  /** The layout of the tables these values create, unless a key it depends on is invalid. */
  private static Optional<RowLayout> layout(KeyValues v) {
    return RedsinkConfig.ROW_LAYOUT_KEYS.stream().anyMatch(k -> v.get(k) == null)
        ? Optional.empty()
        : Optional.of(RedsinkConfig.rowLayout(v));
  }

  private static void checkCredentialPair(KeyValues typed, Problems problems) {
    boolean id = typed.get(ConfigKeys.AWS_ACCESS_KEY_ID) != null;
    boolean secret = typed.get(ConfigKeys.AWS_SECRET_ACCESS_KEY) != null;
    if (id != secret) {
      problems.problem(
          id ? ConfigKeys.AWS_SECRET_ACCESS_KEY.name() : ConfigKeys.AWS_ACCESS_KEY_ID.name(),
          BOTH_KEYS + "; set the missing one, or remove both to use the default credential chain");
    }
    if (!id && typed.get(ConfigKeys.AWS_SESSION_TOKEN) != null) {
      problems.problem(
          ConfigKeys.AWS_SESSION_TOKEN.name(),
          "is the token of temporary keys, but aws_access_key_id is not set; set"
              + " aws_access_key_id and aws_secret_access_key of the same session, or remove it"
              + " to use the default credential chain");
    }
  }

  private static void checkKmsKey(KeyValues typed, Problems problems) {
    if (typed.get(ConfigKeys.S3_SSE_KMS_KEY_ID) != null
        && typed.get(ConfigKeys.S3_SSE) != S3Encryption.KMS) {
      problems.problem(
          ConfigKeys.S3_SSE_KMS_KEY_ID.name(),
          "names a KMS key, but s3_sse is not aws:kms; set s3_sse = \"aws:kms\" to encrypt with"
              + " it, or remove it");
    }
  }

  private static String firstSentence(String doc) {
    int dot = doc.indexOf(". ");
    return dot < 0 ? doc : doc.substring(0, dot);
  }
}
