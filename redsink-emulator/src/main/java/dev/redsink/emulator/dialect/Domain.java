package dev.redsink.emulator.dialect;

/**
 * A PostgreSQL domain that gives a column Redshift's semantics, such as a VARCHAR whose length
 * limit counts bytes. Domains are created on demand and live in pg_catalog.
 */
public record Domain(String name, String baseType, String check) {

  private static final String PREFIX_VARCHAR = "rs_varchar_";
  private static final String PREFIX_CHAR = "rs_char_";
  private static final String PREFIX_VARBYTE = "rs_varbyte_";

  static Domain varchar(int bytes) {
    return new Domain(
        PREFIX_VARCHAR + bytes, "varchar(" + bytes + ")", "octet_length(VALUE) <= " + bytes);
  }

  static Domain character(int bytes) {
    return new Domain(
        PREFIX_CHAR + bytes, "char(" + bytes + ")", "octet_length(VALUE) <= " + bytes);
  }

  static Domain varbyte(int bytes) {
    return new Domain(PREFIX_VARBYTE + bytes, "bytea", "octet_length(VALUE) <= " + bytes);
  }

  /** The CREATE DOMAIN statement. */
  public String createSql() {
    return "CREATE DOMAIN pg_catalog." + name + " AS " + baseType + " CHECK (" + check + ")";
  }

  /**
   * Redshift's name for a domain's type, e.g. {@code character varying(512)} for rs_varchar_512;
   * null for names that are not emulator domains.
   */
  public static String redshiftTypeName(String domainName) {
    if (domainName.startsWith(PREFIX_VARCHAR)) {
      return "character varying(" + domainName.substring(PREFIX_VARCHAR.length()) + ")";
    }
    if (domainName.startsWith(PREFIX_CHAR)) {
      return "character(" + domainName.substring(PREFIX_CHAR.length()) + ")";
    }
    if (domainName.startsWith(PREFIX_VARBYTE)) {
      return "binary varying(" + domainName.substring(PREFIX_VARBYTE.length()) + ")";
    }
    return null;
  }
}
