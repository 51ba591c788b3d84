package dev.redsink.core.config;

/**
 * Validates and converts one key's value of its documented type ({@code V}, e.g. the string of a
 * connection string) into the key's Java type ({@code T}), reporting problems and warnings.
 */
@FunctionalInterface
public interface Check<V, T> {
  /** Accepts every value as is. */
  static <V> Check<V, V> none() {
    return (key, value, problems) -> value;
  }

  /**
   * Returns the value to use (possibly normalised or converted), or null after adding a problem.
   *
   * @param value the value of the documented type, never null
   */
  T apply(ConfigKey<?> key, V value, Problems problems);
}
