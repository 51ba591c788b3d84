package dev.redsink.cli.check;

/**
 * The catalog queries the preflight asks about the user's privileges; read-only, parameters bound.
 * They use PostgreSQL's privilege functions, which Redshift provides with the same signatures.
 */
final class PrivilegeQueries {
  static final String SELECT_ONE = "SELECT 1";
  static final String CURRENT_SCHEMA = "SELECT current_schema()";
  static final String CAN_CREATE_IN_SCHEMA =
      "SELECT has_schema_privilege(current_user, ?, 'CREATE')";
  static final String CAN_CREATE_TEMP =
      "SELECT has_database_privilege(current_user, current_database(), 'TEMP')";
  static final String TABLE_EXISTS =
      "SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
          + " ON n.oid = c.relnamespace WHERE c.relname = ? AND n.nspname = ? AND c.relkind = 'r'";
  static final String CAN_INSERT = "SELECT has_table_privilege(current_user, ?, 'INSERT')";

  private PrivilegeQueries() {}
}
