package dev.redsink.core.config;

/** The type of a configuration key, as written in the documentation table. */
public enum KeyType {
  STRING("string"),
  TEMPLATE("template"),
  INT("int"),
  BOOL("bool"),
  DURATION("duration"),
  SIZE("size"),
  /** A TOML array of strings, or one comma-separated string (the only form in Kafka Connect). */
  LIST("list");

  private final String docName;

  KeyType(String docName) {
    this.docName = docName;
  }

  /** The name used in the configuration reference. */
  public String docName() {
    return docName;
  }
}
