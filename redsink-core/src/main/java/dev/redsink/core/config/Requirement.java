package dev.redsink.core.config;

/** Whether a key must be given. */
public enum Requirement {
  REQUIRED,
  OPTIONAL
}
