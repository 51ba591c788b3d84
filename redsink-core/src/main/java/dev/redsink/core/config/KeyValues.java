package dev.redsink.core.config;

import java.util.HashMap;
import java.util.Map;

/**
 * Each key's typed value (null when absent without default, or invalid): filled by the parser, read
 * by the checks across keys and by {@link RedsinkConfig}.
 */
final class KeyValues {
  private final Map<ConfigKey<?>, Object> values = new HashMap<>();

  <T> void put(ConfigKey<T> key, T value) {
    values.put(key, value);
  }

  /** The key's value; only {@link #put} stores it, so it is of the key's type. */
  @SuppressWarnings("unchecked")
  <T> T get(ConfigKey<T> key) {
    return (T) values.get(key);
  }

  KeyValues copy() {
    KeyValues copy = new KeyValues();
    copy.values.putAll(values);
    return copy;
  }
}
