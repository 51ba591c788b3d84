package dev.redsink.core.config;

import java.util.Objects;

/**
 * A secret string whose toString is masked, so it cannot leak through logs or messages by accident.
 */
public final class Secret {
  /** What every secret prints as. */
  public static final String MASK = "****";

  private final String value;

  public Secret(String value) {
    this.value = Objects.requireNonNull(value, "value");
  }

  /** The secret itself, for handing to a client library; never log it. */
  public String reveal() {
    return value;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Secret that && value.equals(that.value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  @Override
  public String toString() {
    return MASK;
  }
}
