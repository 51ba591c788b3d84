package dev.redsink.core.sql;

/**
 * The catalog queries `redsink check` asks about the user's privileges; read-only, parameters
 * bound. They use PostgreSQL's privilege functions, which Redshift provides with the same
 * signatures.
 */
public final class PreflightSql {
  public static final String SELECT_ONE = "SELECT 1";
  public static final String CURRENT_SCHEMA = "SELECT current_schema()";

  /** Parameter: schema name. */
  public static final String CAN_CREATE_IN_SCHEMA =
      "SELECT has_schema_privilege(current_user, ?, 'CREATE')";

  /** CREATE on the database: what creating a missing target_schema needs. */
  public static final String CAN_CREATE_IN_DATABASE =
      "SELECT has_database_privilege(current_user, current_database(), 'CREATE')";

  public static final String CAN_CREATE_TEMP =
      "SELECT has_database_privilege(current_user, current_database(), 'TEMP')";

  /** Parameters: table name, schema name. */
  public static final String TABLE_EXISTS =
      "SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
          + " ON n.oid = c.relnamespace WHERE c.relname = ? AND n.nspname = ? AND c.relkind = 'r'";

  /** Parameters: schema-qualified table name, privilege (INSERT, SELECT, DELETE, UPDATE). */
  public static final String HAS_TABLE_PRIVILEGE = "SELECT has_table_privilege(current_user, ?, ?)";

  /** Parameters: table name, schema name; 1 when the user owns the table or is a superuser. */
  public static final String OWNS_TABLE =
      "SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
          + " ON n.oid = c.relnamespace WHERE c.relname = ? AND n.nspname = ? AND c.relkind = 'r'"
          + " AND (pg_catalog.pg_get_userbyid(c.relowner) = current_user"
          + " OR (SELECT u.usesuper FROM pg_catalog.pg_user u WHERE u.usename = current_user))";

  public static final String CURRENT_USER = "SELECT current_user";

  /** The GRANT giving {@code user} a privilege on an object: a table, SCHEMA s or DATABASE d. */
  public static String grant(String privilege, String object, String user) {
    return "GRANT " + privilege + " ON " + object + " TO " + user;
  }

  /** What makes {@code user} the owner of a table, the only one who may ALTER it. */
  public static String ownerTo(String table, String user) {
    return "ALTER TABLE " + table + " OWNER TO " + user;
  }

  public static final String CURRENT_DATABASE = "SELECT current_database()";

  private PreflightSql() {}
}
