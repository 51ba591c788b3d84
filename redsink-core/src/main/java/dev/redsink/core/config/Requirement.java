package dev.redsink.core.config;

/** Whether a key must be given, and whether an empty string counts as given. */
public enum Requirement {
  /** Must be given; an empty string counts as not given. */
  REQUIRED,
  /** Must be given; an empty string is a value (an empty s3_prefix puts files at the top). */
  REQUIRED_MAY_BE_EMPTY,
  /** May be left out (or empty) for its default. */
  OPTIONAL
}
