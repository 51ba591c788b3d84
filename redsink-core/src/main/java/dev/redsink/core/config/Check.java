package dev.redsink.core.config;

/** Validates and normalises one key's typed value, reporting problems and warnings. */
@FunctionalInterface
public interface Check {
  /** Accepts every value as is. */
  Check NONE = (key, value, problems) -> value;

  /**
   * Returns the value to use (possibly normalised), after adding any problems or warnings.
   *
   * @param value the typed value, never null
   */
  Object apply(ConfigKey key, Object value, Problems problems);
}
