package dev.redsink.core.sql;

import dev.redsink.core.table.TableName;

/**
 * Statements on target_schema: whether it exists, and creating it when it does not. Creating a
 * schema needs the CREATE privilege on the database (or superuser), so the catalog is asked first
 * and a schema that exists never needs it.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_CREATE_SCHEMA.html">CREATE
 *     SCHEMA</a>
 */
public final class TargetSchemaSql {
  /** SQLSTATE of "permission denied", e.g. without CREATE on the database. */
  public static final String INSUFFICIENT_PRIVILEGE = "42501";

  private TargetSchemaSql() {}

  /** One row with the number of schemas of this name (0 or 1). */
  public static SqlStatement exists(String schema) {
    return SqlStatement.of(
        "SELECT COUNT(*) FROM pg_catalog.pg_namespace WHERE nspname = ?", TableName.fold(schema));
  }

  /** {@code CREATE SCHEMA IF NOT EXISTS}: a concurrent writer creating it too is fine. */
  public static String create(String schema) {
    return "CREATE SCHEMA IF NOT EXISTS " + Identifiers.quote(schema);
  }
}
