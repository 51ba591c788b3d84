package dev.redsink.core.table;

import java.util.Locale;
import java.util.Set;

/**
 * Groups of Redshift column types that are interchangeable for Redsink's rows, so an existing table
 * created by hand (TEXT instead of VARCHAR, BYTEA instead of VARBYTE) is accepted; one family per
 * base type of a typed table.
 */
public enum TypeFamily {
  TEXT(Set.of("character varying", "varchar", "text", "nvarchar")),
  BINARY(Set.of("binary varying", "varbyte", "varbinary", "bytea")),
  SMALLINT(Set.of("smallint", "int2")),
  INTEGER(Set.of("integer", "int", "int4")),
  BIGINT(Set.of("bigint", "int8")),
  REAL(Set.of("real", "float4")),
  DOUBLE(Set.of("double precision", "float8", "float")),
  BOOLEAN(Set.of("boolean", "bool")),
  DECIMAL(Set.of("numeric", "decimal")),
  DATE(Set.of("date")),
  TIME(Set.of("time", "time without time zone")),
  TIMESTAMP(Set.of("timestamp", "timestamp without time zone")),
  TIMESTAMPTZ(Set.of("timestamptz", "timestamp with time zone")),
  SUPER(Set.of("super")),
  OTHER(Set.of());

  private final Set<String> names;

  TypeFamily(Set<String> names) {
    this.names = names;
  }

  /**
   * The family of a catalog type string such as {@code character varying(256)}, {@code
   * VARBYTE(64000)} or {@code bigint}.
   */
  public static TypeFamily of(String catalogType) {
    String base = baseName(catalogType);
    for (TypeFamily family : values()) {
      if (family.names.contains(base)) {
        return family;
      }
    }
    return OTHER;
  }

  /** The declared length of a type such as {@code character varying(256)}, or -1 when none. */
  public static int declaredLength(String catalogType) {
    int open = catalogType.indexOf('(');
    int close = catalogType.indexOf(')', open + 1);
    if (open < 0 || close < 0) {
      return -1;
    }
    String inside = catalogType.substring(open + 1, close).trim();
    if (inside.equalsIgnoreCase("max")) {
      return -2;
    }
    try {
      return Integer.parseInt(inside);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static String baseName(String catalogType) {
    String lower = catalogType.trim().toLowerCase(Locale.ROOT);
    int open = lower.indexOf('(');
    return (open < 0 ? lower : lower.substring(0, open)).trim();
  }
}
