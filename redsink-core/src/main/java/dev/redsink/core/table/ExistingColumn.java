package dev.redsink.core.table;

/**
 * A column of an existing table as the catalog reports it, e.g. ("payload", "binary
 * varying(16777216)"); {@code required} when it is NOT NULL without a DEFAULT, so every insert must
 * give it a value.
 */
public record ExistingColumn(String name, String type, boolean required) {

  /** A column that may be left out of an insert (nullable, or with a default). */
  public ExistingColumn(String name, String type) {
    this(name, type, false);
  }
}
