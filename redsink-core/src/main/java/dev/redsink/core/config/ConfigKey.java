package dev.redsink.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * One configuration key of type {@code T}: seed name ({@code batch_size}), the derived dotted name
 * for Kafka Connect ({@code batch.size}), documented type, typed default (null when required or
 * absent), documentation, secrecy and the reading that turns a raw value into a checked {@code T}.
 * Keys are declared once, in {@link ConfigKeys}.
 */
public final class ConfigKey<T> {
  private final String name;
  private final KeyType type;
  private final T defaultValue;
  private final String defaultText;
  private final String doc;
  private final Requirement requirement;
  private final Sensitivity sensitivity;
  private final RawReader<T> reader;
  private final String dottedName;

  /**
   * @param dottedName the Kafka Connect name; null for the seed name with dots ({@code
   *     batch.size}), or another one ({@code flush.interval.ms})
   */
  ConfigKey(
      String name,
      KeyType type,
      T defaultValue,
      String defaultText,
      String doc,
      Requirement requirement,
      Sensitivity sensitivity,
      RawReader<T> reader,
      String dottedName) {
    this.name = Objects.requireNonNull(name, "name");
    this.dottedName = dottedName != null ? dottedName : name.replace('_', '.');
    this.type = Objects.requireNonNull(type, "type");
    this.defaultValue = defaultValue;
    this.defaultText = Objects.requireNonNull(defaultText, "defaultText");
    this.doc = Objects.requireNonNull(doc, "doc");
    this.requirement = Objects.requireNonNull(requirement, "requirement");
    this.sensitivity = Objects.requireNonNull(sensitivity, "sensitivity");
    this.reader = Objects.requireNonNull(reader, "reader");
  }

  public String name() {
    return name;
  }

  public KeyType type() {
    return type;
  }

  /** The value when the key is not given; null for a required key or one without a default. */
  public T defaultValue() {
    return defaultValue;
  }

  /** The default as written in the configuration reference. */
  public String defaultText() {
    return defaultText;
  }

  public String doc() {
    return doc;
  }

  public Requirement requirement() {
    return requirement;
  }

  public Sensitivity sensitivity() {
    return sensitivity;
  }

  /** The Kafka Connect spelling: underscores become dots, unless the key names it otherwise. */
  public String dottedName() {
    return dottedName;
  }

  public boolean isRequired() {
    return requirement != Requirement.OPTIONAL;
  }

  /** Whether a raw value counts as not given: null, or empty unless the key may be empty. */
  boolean isAbsent(Object raw) {
    return raw == null
        || (raw instanceof String text
            && text.isEmpty()
            && requirement != Requirement.REQUIRED_MAY_BE_EMPTY);
  }

  /**
   * The checked value of a given raw value (TOML or Kafka Connect), or null after adding a problem.
   */
  T read(Object raw, Problems problems) {
    return reader.read(this, raw, problems);
  }

  /** The value as it may appear in a log line, with secrets masked. */
  public String display(Object value) {
    if (value == null) {
      return "none";
    }
    if (sensitivity == Sensitivity.SECRET) {
      return Secret.MASK;
    }
    if (value instanceof Duration d) {
      return Durations.format(d);
    }
    if (type == KeyType.SIZE && value instanceof Long bytes) {
      return ByteSizes.format(bytes);
    }
    if (value instanceof Enum<?> e) {
      return e.name().toLowerCase(java.util.Locale.ROOT);
    }
    return value.toString();
  }

  @Override
  public String toString() {
    return name;
  }
}
