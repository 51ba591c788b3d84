package dev.redsink.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * One configuration key: seed name ({@code batch_size}), the derived dotted name for Kafka Connect
 * ({@code batch.size}), type, typed default (null when required or absent), documentation, check
 * and secrecy.
 */
public record ConfigKey(
    String name,
    KeyType type,
    Object defaultValue,
    String defaultText,
    String doc,
    Requirement requirement,
    Sensitivity sensitivity,
    Check check) {

  public ConfigKey {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(defaultText, "defaultText");
    Objects.requireNonNull(doc, "doc");
    Objects.requireNonNull(requirement, "requirement");
    Objects.requireNonNull(sensitivity, "sensitivity");
    Objects.requireNonNull(check, "check");
  }

  /** The Kafka Connect spelling: underscores become dots. */
  public String dottedName() {
    return name.replace('_', '.');
  }

  public boolean isRequired() {
    return requirement == Requirement.REQUIRED;
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
    if (value instanceof Enum<?> e) {
      return e.name().toLowerCase(java.util.Locale.ROOT);
    }
    return value.toString();
  }
}
