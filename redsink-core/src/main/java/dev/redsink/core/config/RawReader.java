package dev.redsink.core.config;

/** Reads one key's value of type {@code V} from a raw value, reporting problems and warnings. */
@FunctionalInterface
interface RawReader<V> {
  /**
   * Returns the value, or null after adding a problem.
   *
   * @param raw the raw value as given (a string, number, boolean or list), never null
   */
  V read(ConfigKey<?> key, Object raw, Problems problems);
}
